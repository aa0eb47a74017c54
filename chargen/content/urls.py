from __future__ import annotations

from django.urls import path

from chargen.content import views

app_name = "content"

urlpatterns = [
    path("", views.default_content, name="defaults"),
    path("campaign/<uuid:campaign_id>/", views.campaign_content, name="campaign"),
    path("campaign/<uuid:campaign_id>/copy/", views.copy_defaults, name="copy_defaults"),
]
