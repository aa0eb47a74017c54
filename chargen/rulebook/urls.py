from __future__ import annotations

from django.urls import URLPattern, path

from chargen.rulebook import views

app_name = "rulebook"

urlpatterns: list[URLPattern] = [
    path("", views.reference, name="reference"),
]
