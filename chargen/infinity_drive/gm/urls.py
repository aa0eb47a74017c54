"""Infinity Drive's desk pages, mounted inside the desk's URL namespace (`desk:…`)."""

from __future__ import annotations

from django.urls import path

from chargen.infinity_drive import views_pdf
from chargen.infinity_drive.gm import career_views, views

urlpatterns = [
    path("<uuid:campaign_id>/careers/", career_views.careers, name="careers"),
    path("<uuid:campaign_id>/careers/new/", career_views.career_new, name="career_new"),
    path("<uuid:campaign_id>/careers/hide/", career_views.career_hide, name="career_hide"),
    path("<uuid:campaign_id>/careers/pack/", career_views.careers_pack, name="careers_pack"),
    path(
        "<uuid:campaign_id>/careers/pack/import/",
        career_views.careers_pack_import,
        name="careers_pack_import",
    ),
    path(
        "<uuid:campaign_id>/careers/published/",
        career_views.careers_published,
        name="careers_published",
    ),
    path("<uuid:campaign_id>/careers/<uuid:career_id>/", career_views.career, name="career"),
    path(
        "<uuid:campaign_id>/careers/<uuid:career_id>/publish/",
        career_views.career_publish,
        name="career_publish",
    ),
    path(
        "<uuid:campaign_id>/careers/<uuid:career_id>/delete/",
        career_views.career_delete,
        name="career_delete",
    ),
    path("<uuid:campaign_id>/races/", views.race_queue, name="race_queue"),
    path("<uuid:campaign_id>/races/new/", views.race_create_non_humanoid, name="race_new"),
    path(
        "<uuid:campaign_id>/races/<uuid:race_id>/approve/",
        views.race_approve,
        name="race_approve",
    ),
    path("<uuid:campaign_id>/races/<uuid:race_id>/reject/", views.race_reject, name="race_reject"),
    path("<uuid:campaign_id>/party/", views.party, name="party"),
    path("<uuid:campaign_id>/party/print/", views.party_print, name="party_print"),
    path("<uuid:campaign_id>/party/pdf/", views_pdf.party_pdf, name="party_pdf"),
    path(
        "<uuid:campaign_id>/party/<uuid:character_id>/",
        views.party_character,
        name="party_character",
    ),
]
