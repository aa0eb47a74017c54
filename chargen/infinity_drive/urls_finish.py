"""URLs for the wizard's steps 7–9 and the character sheet (included by urls.py)."""

from __future__ import annotations

from django.urls import path

from chargen.infinity_drive import views_finish as views
from chargen.infinity_drive import views_notes, views_pdf

urlpatterns = [
    path("<uuid:character_id>/equipment/", views.equipment, name="equipment"),
    path("<uuid:character_id>/equipment/option/", views.equipment_option, name="equipment_option"),
    path(
        "<uuid:character_id>/equipment/background/",
        views.equipment_background,
        name="equipment_background",
    ),
    path("<uuid:character_id>/equipment/buy/", views.equipment_buy, name="equipment_buy"),
    path("<uuid:character_id>/history/", views.history, name="history"),
    path(
        "<uuid:character_id>/history/note/<int:roll>/",
        views_notes.history_note,
        name="history_note",
    ),
    path("<uuid:character_id>/review/", views.review, name="review"),
    path("<uuid:character_id>/finish/", views.finish, name="finish"),
    path("<uuid:character_id>/sheet/", views.sheet, name="sheet"),
    path("<uuid:character_id>/print/", views.sheet_print, name="print"),
    path("<uuid:character_id>/pdf/", views_pdf.sheet_pdf, name="pdf"),
]
