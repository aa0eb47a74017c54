"""The bare project's one page: 50 items from a template, after one query."""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path

ITEMS = [
    {"number": n, "name": f"Item {n}", "score": (n * 7) % 13, "done": n % 3 == 0}
    for n in range(1, 51)
]


def items(request: HttpRequest) -> HttpResponse:
    # One query, so the page pays for its database connection as the product's pages do.
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return render(request, "bare_items.html", {"items": ITEMS})


urlpatterns = [path("", items)]
