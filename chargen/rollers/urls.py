from __future__ import annotations

from django.urls import path

from chargen.core.views_delete import character_delete_view
from chargen.rollers import views, views_copy, views_mana, views_pdf, views_table, views_unique
from chargen.rollers.system import ROLL_AND_KEEP_KEY, UNIQUE_POOL_KEY

app_name = "rollers"

urlpatterns = [
    path("", views.roller_list, name="list"),
    path("unique/new/", views.unique_create, name="unique_create"),
    path("unique/<uuid:character_id>/", views_unique.unique_sheet, name="unique"),
    path("unique/<uuid:character_id>/pdf/", views_pdf.unique_pdf, name="unique_pdf"),
    path("unique/<uuid:character_id>/edit/", views.unique_edit, name="unique_edit"),
    path("unique/<uuid:character_id>/copy/", views_copy.unique_copy_view, name="unique_copy"),
    path("unique/<uuid:character_id>/odds/", views_unique.unique_odds, name="unique_odds"),
    path("unique/<uuid:character_id>/roll/", views_unique.unique_roll, name="unique_roll"),
    path("unique/<uuid:character_id>/push/", views_unique.unique_push, name="unique_push"),
    path("unique/<uuid:character_id>/table/", views_table.unique_table, name="unique_table"),
    path("unique/<uuid:character_id>/crisis/", views_unique.unique_crisis, name="unique_crisis"),
    path(
        "unique/<uuid:character_id>/delete/",
        character_delete_view,
        {"system_key": UNIQUE_POOL_KEY, "kind": "unique"},
        name="unique_delete",
    ),
    path("mana/new/", views.mana_create, name="mana_create"),
    path("mana/<uuid:character_id>/", views_mana.mana_sheet, name="mana"),
    path("mana/<uuid:character_id>/pdf/", views_pdf.mana_pdf, name="mana_pdf"),
    path("mana/<uuid:character_id>/edit/", views.mana_edit, name="mana_edit"),
    path("mana/<uuid:character_id>/copy/", views_copy.mana_copy_view, name="mana_copy"),
    path("mana/<uuid:character_id>/odds/", views_mana.mana_odds, name="mana_odds"),
    path("mana/<uuid:character_id>/roll/", views_mana.mana_roll, name="mana_roll"),
    path("mana/<uuid:character_id>/table/", views_table.mana_table, name="mana_table"),
    path("mana/<uuid:character_id>/contest/odds/", views_mana.contest_odds, name="contest_odds"),
    path("mana/<uuid:character_id>/contest/", views_mana.mana_contest, name="mana_contest"),
    path(
        "mana/<uuid:character_id>/delete/",
        character_delete_view,
        {"system_key": ROLL_AND_KEEP_KEY, "kind": "mana"},
        name="mana_delete",
    ),
]
