from __future__ import annotations

from django.urls import path

from chargen.campaigns import views, views_export

app_name = "campaigns"

urlpatterns = [
    path("", views.campaign_list, name="list"),
    path("new/", views.campaign_create, name="create"),
    path("join/<str:token>/", views.campaign_join, name="join"),
    path("<uuid:campaign_id>/", views.campaign_detail, name="detail"),
    path("<uuid:campaign_id>/rules/", views.campaign_rules, name="rules"),
    path("<uuid:campaign_id>/export/", views_export.campaign_export, name="export"),
    path("<uuid:campaign_id>/invite/renew/", views.campaign_renew_invite, name="renew_invite"),
    path("<uuid:campaign_id>/members/remove/", views.campaign_remove_member, name="remove_member"),
]
