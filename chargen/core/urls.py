from __future__ import annotations

from django.urls import path

from chargen.core import views, views_paper

urlpatterns = [
    path("", views.home, name="home"),
    path("settings/paper/", views_paper.paper, name="paper"),
]
