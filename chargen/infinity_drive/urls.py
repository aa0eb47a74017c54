"""The Infinity Drive creation wizard's URLs (steps 1–6; part 2's come from urls_finish)."""

from __future__ import annotations

from django.urls import include, path

from chargen.core.views_delete import character_delete_view
from chargen.infinity_drive import (
    views,
    views_bring,
    views_copy,
    views_list,
    views_roll,
    views_rule_data,
)
from chargen.infinity_drive.campaign_rules import INFINITY_DRIVE
from chargen.infinity_drive.wizard.entry_kinds import Kind

app_name = "characters"

urlpatterns = [
    path("", views_list.character_list, name="list"),
    path("new/", views_list.character_new, name="new"),
    path("<uuid:character_id>/", views_list.character_resume, name="resume"),
    path("<uuid:character_id>/concept/", views.concept, name="concept"),
    path("<uuid:character_id>/characteristics/", views.characteristics, name="characteristics"),
    path("<uuid:character_id>/characteristics/method/", views.choose_method, name="method"),
    path("<uuid:character_id>/characteristics/points/", views.assign_points, name="points"),
    path(
        "<uuid:character_id>/characteristics/roll/",
        views.roll_characteristic,
        name="roll_characteristic",
    ),
    path(
        "<uuid:character_id>/characteristics/place/",
        views.place_characteristic,
        name="place_characteristic",
    ),
    path("<uuid:character_id>/race/", views.race, name="race"),
    path("<uuid:character_id>/race/choose/", views.choose_race, name="choose_race"),
    path("<uuid:character_id>/race/propose/", views.propose_race, name="propose_race"),
    path("<uuid:character_id>/learner/", views.learner, name="learner"),
    path("<uuid:character_id>/career/", views.career, name="career"),
    path("<uuid:character_id>/career/choose/", views.choose_career, name="choose_career"),
    # Every roll of dice alone goes to one view; these addresses name the book's three.
    path("<uuid:character_id>/roll/<slug:kind>/", views_roll.roll, name="roll"),
    path(
        "<uuid:character_id>/career/specialisation/",
        views_roll.roll,
        {"kind": Kind.SPECIALISATION_ROLL},
        name="roll_specialisation",
    ),
    path("<uuid:character_id>/skills/", views.skills, name="skills"),
    path(
        "<uuid:character_id>/skills/roll/",
        views_roll.roll,
        {"kind": Kind.SKILL_ROLL},
        name="roll_skill",
    ),
    path("<uuid:character_id>/skills/reroll/", views.reroll_skill, name="reroll_skill"),
    path("<uuid:character_id>/skills/choose/", views.choose_table, name="choose_table"),
    path(
        "<uuid:character_id>/skills/survival/",
        views_roll.roll,
        {"kind": Kind.SURVIVAL_ROLL},
        name="roll_survival",
    ),
    path(
        "<uuid:character_id>/skills/outcome/",
        views.choose_survival_outcome,
        name="survival_outcome",
    ),
    path("<uuid:character_id>/skills/setback/", views.choose_setback, name="setback"),
    path("<uuid:character_id>/undo/", views.undo, name="undo"),
    path(
        "<uuid:character_id>/delete/",
        character_delete_view,
        {"system_key": INFINITY_DRIVE, "kind": "character"},
        name="delete",
    ),
    path("<uuid:character_id>/copy/", views_copy.character_copy_view, name="copy"),
    path("<uuid:character_id>/campaign/", views_bring.character_bring_view, name="bring"),
    path("<uuid:character_id>/rule-data/", views_rule_data.rule_data, name="rule_data"),
    path(
        "<uuid:character_id>/rule-data/move/",
        views_rule_data.rule_data_upgrade,
        name="rule_data_upgrade",
    ),
    path("", include("chargen.infinity_drive.urls_finish")),
]
