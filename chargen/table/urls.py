from __future__ import annotations

from django.urls import path

from chargen.table import views

app_name = "table"

urlpatterns = [
    path("<uuid:campaign_id>/", views.table_page, name="page"),
    path("<uuid:campaign_id>/strip/", views.table_strip, name="strip"),
    path("<uuid:campaign_id>/pin/", views.table_pin_set, name="pin"),
]
