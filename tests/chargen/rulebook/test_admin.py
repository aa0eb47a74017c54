"""Every rulebook model's admin list and change form render for a superuser."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse

RULEBOOK_MODELS = sorted(
    str(model._meta.model_name) for model in apps.get_app_config("rulebook").get_models()
)
# A campaign's homebrew careers are its GM's, written and published on the desk under the
# campaign's permissions; the site's admin does not edit them.
HOMEBREW = {"homebrewcareer", "homebrewcareerversion", "hiddenbookcareer"}
# The rule tables; the eleventh model records the book rows deleted (test_removed_rows.py).
RULE_TABLES = [name for name in RULEBOOK_MODELS if name not in {"removedbookrow", *HOMEBREW}]


def test_every_model_is_registered() -> None:
    from django.contrib import admin

    registered = {
        model._meta.model_name
        for model in admin.site._registry
        if model._meta.app_label == "rulebook"
    }
    assert registered == set(RULEBOOK_MODELS) - HOMEBREW
    assert len(registered) == 11


@pytest.mark.parametrize("model_name", RULE_TABLES)
def test_changelist_and_change_form_render(
    admin_client: Client, book_data: None, model_name: str
) -> None:
    model = apps.get_model("rulebook", model_name)
    first = model.objects.first()

    listing = admin_client.get(reverse(f"admin:rulebook_{model_name}_changelist"))
    change = admin_client.get(reverse(f"admin:rulebook_{model_name}_change", args=[first.pk]))

    assert listing.status_code == 200
    assert change.status_code == 200
    assert str(first) in listing.content.decode()


def test_a_career_table_shows_its_eleven_rows(admin_client: Client, book_data: None) -> None:
    table = apps.get_model("rulebook", "CareerTable").objects.get(slug="rogue-academic")

    page = admin_client.get(reverse("admin:rulebook_careertable_change", args=[table.pk]))

    assert page.context["inline_admin_formsets"][0].formset.total_form_count() == 11
    assert "Electrical" in page.content.decode()


def test_skills_can_be_searched_and_filtered(admin_client: Client, book_data: None) -> None:
    url = reverse("admin:rulebook_skill_changelist")

    searched = admin_client.get(url, {"q": "Zero-G"})
    ruled = admin_client.get(url, {"added_by_ruling__exact": "1"})

    assert [skill.name for skill in searched.context["cl"].result_list] == [
        "Zero-G Combat",
        "Zero-G Movement",
    ]
    assert [skill.name for skill in ruled.context["cl"].result_list] == [
        "Engineering",
        "Unarmed Combat",
    ]


def test_players_cannot_open_the_rule_admin(player_client: Client) -> None:
    response = player_client.get(reverse("admin:rulebook_skill_changelist"))
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_the_admin_refuses_an_unreadable_prerequisite(
    admin_client: Client, book_data: None
) -> None:
    skill = apps.get_model("rulebook", "Skill").objects.get(name="Broker")
    url = reverse("admin:rulebook_skill_change", args=[skill.pk])
    form = {
        "name": "Broker",
        "description": skill.description,
        "prerequisite_text": "Chz seven",
        "specialties": "[]",
        "sort_order": skill.sort_order,
    }

    refused = admin_client.post(url, form)
    accepted = admin_client.post(url, {**form, "prerequisite_text": "Chz: 8"})

    assert refused.status_code == 200
    assert "prerequisite_text" in refused.context["adminform"].form.errors
    assert accepted.status_code == 302
    skill.refresh_from_db()
    assert skill.prerequisite_text == "Chz: 8"
