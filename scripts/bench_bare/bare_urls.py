"""The bare project's pages: 50 items from a template, logged in (the yardstick) or not."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path

ITEMS = [
    {"number": n, "name": f"Item {n}", "score": (n * 7) % 13, "done": n % 3 == 0}
    for n in range(1, 51)
]


@login_required
def items(request: HttpRequest) -> HttpResponse:
    # Logged in, as every product page measured is: the session and the user are read.
    return render(request, "bare_items.html", {"items": ITEMS})


def anonymous_items(request: HttpRequest) -> HttpResponse:
    # One query, so the page pays for its database connection as the product's pages do.
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return render(request, "bare_items.html", {"items": ITEMS})


urlpatterns = [
    path("admin/", admin.site.urls),  # as startproject's urls.py
    path("", items),
    path("anonymous/", anonymous_items),
]
