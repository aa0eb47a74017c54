"""Both roller sheets as pages: creating and editing them (plain and htmx), the list and home
page, escaping what users type, and queries that do not grow with the log."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from chargen.rollers import services
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from tests.chargen.rollers.views_helpers import HTMX, attribute_id, url


def test_editing_the_sheet_plain_and_htmx(player_client: Client, brian: UniqueCharacter) -> None:
    strength, precision = brian.attributes.all()
    data = {
        "name": "Brian the climber",
        "attributes-TOTAL_FORMS": 3,
        "attributes-INITIAL_FORMS": 2,
        "attributes-0-id": strength.pk,
        "attributes-0-name": "Strength",
        "attributes-0-score": 2,
        "attributes-1-id": precision.pk,
        "attributes-1-name": "Precision",
        "attributes-1-score": 1,
        "attributes-2-name": "Wits",
        "attributes-2-score": 3,
        "specials-TOTAL_FORMS": 1,
        "specials-INITIAL_FORMS": 0,
        "specials-0-name": "climber",
        "specials-0-starred": "on",
    }
    response = player_client.post(url("unique_edit", brian), data)
    assert response.status_code == 303
    assert response["Location"] == brian.get_absolute_url()
    assert list(brian.attributes.values_list("name", "score")) == [
        ("Strength", 2),
        ("Precision", 1),
        ("Wits", 3),
    ]
    assert brian.specials.get().starred

    # Saved with htmx, the window goes back to the sheet too, saying what was saved.
    wits = brian.attributes.get(name="Wits")
    climber = brian.specials.get()
    data |= {
        "attributes-INITIAL_FORMS": 3,
        "attributes-2-id": wits.pk,
        "attributes-2-score": 4,
        "specials-INITIAL_FORMS": 1,
        "specials-0-id": climber.pk,
    }
    response = player_client.post(url("unique_edit", brian), data, **HTMX)
    assert response["HX-Redirect"] == brian.get_absolute_url()
    sheet = player_client.get(brian.get_absolute_url()).content.decode()
    assert "Saved Brian the climber&#x27;s sheet." in sheet
    assert brian.attributes.get(name="Wits").score == 4

    data["attributes-2-name"] = "Strength"  # twice on one sheet
    response = player_client.post(url("unique_edit", brian), data, **HTMX)
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="editor">')
    assert "Please correct the duplicate data for name" in body or "already exists" in body
    assert brian.attributes.count() == 3


def test_user_text_is_escaped(player_client: Client, player: User) -> None:
    character = services.unique_character_create(owner=player, name="<script>alert(1)</script>")
    character.specials.create(name="<b>bold</b>")
    body = player_client.get(character.get_absolute_url()).content.decode()
    assert "<script>alert(1)</script>" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert "<b>bold</b>" not in body


def test_editing_the_mana_sheet_links_and_colours(
    player_client: Client, mage: ManaCharacter
) -> None:
    page = player_client.get(url("mana_edit", mage))
    forms = page.context["sheet_forms"]
    data = {"name": "The mage"}
    for prefix in ("colours", "attributes", "specialities"):
        formset = forms[prefix]
        data[f"{prefix}-TOTAL_FORMS"] = formset.initial_form_count()
        data[f"{prefix}-INITIAL_FORMS"] = formset.initial_form_count()
        for form in formset.forms[: formset.initial_form_count()]:
            for name, field in form.fields.items():
                value = form.initial.get(name, field.initial)
                if name == "DELETE" or value is None:
                    continue
                data[f"{form.prefix}-{name}"] = getattr(value, "pk", value)
    strength = next(
        form for form in forms["attributes"].forms if form.initial.get("name") == "Strength"
    )
    data[f"{strength.prefix}-colour"] = "black"
    response = player_client.post(url("mana_edit", mage), data)
    assert response.status_code == 303, response.context["sheet_forms"].all
    assert mage.attributes.get(name="Strength").colour == "black"
    body = player_client.get(
        url("mana_odds", mage),
        {
            "attribute": attribute_id(mage, "Strength"),
            "difficulty_mode": "named",
            "difficulty": "EASY",
        },
        **HTMX,
    ).content.decode()
    assert "keep all of them (up to 3: 3 black mana)" in body

    black = next(form for form in forms["colours"].forms if form.initial.get("name") == "black")
    data[f"{black.prefix}-DELETE"] = "on"
    response = player_client.post(url("mana_edit", mage), data, **HTMX)
    assert "black is no longer one of this sheet" in response.content.decode()
    assert mage.colours.filter(name="black").exists()


def test_creating_sheets_plain_and_htmx(player_client: Client, player: User) -> None:
    response = player_client.post(reverse("rollers:unique_create"), {"unique-name": "Leanne"})
    character = UniqueCharacter.objects.get(owner=player, name="Leanne")
    assert response["Location"] == url("unique_edit", character)
    response = player_client.post(reverse("rollers:mana_create"), {"mana-name": "Mage"}, **HTMX)
    mage = ManaCharacter.objects.get(owner=player, name="Mage")
    assert response["HX-Redirect"] == url("mana_edit", mage)
    response = player_client.post(reverse("rollers:mana_create"), {"mana-name": ""}, **HTMX)
    assert response.content.decode().lstrip().startswith('<form id="mana-new"')
    listing = player_client.get(reverse("rollers:list")).content.decode()
    assert "Leanne" in listing
    assert "Mage" in listing


def test_the_home_page_and_the_menu_lead_to_my_roller_sheets(
    player_client: Client, brian: UniqueCharacter, mage: ManaCharacter
) -> None:
    body = player_client.get(reverse("home")).content.decode()
    assert "Roller sheets" in body
    assert brian.get_absolute_url() in body
    assert mage.get_absolute_url() in body
    assert f'href="{reverse("rollers:list")}">Dice rollers</a>' in body


@pytest.mark.parametrize("kind", ["unique", "mana"])
def test_the_sheets_queries_do_not_grow_with_the_log(
    player_client: Client, leanne: UniqueCharacter, mage: ManaCharacter, kind: str
) -> None:
    character = leanne if kind == "unique" else mage

    def add_rolls(count: int) -> None:
        for _ in range(count):
            if kind == "unique":
                services.unique_roll(
                    character=leanne,
                    sequence=services.next_sequence(leanne),
                    plan=services.unique_plan(
                        attribute=leanne.attributes.get(name="Precision"),
                        tool_quality=0,
                        specials=[],
                    ),
                    entered_faces=[1, 2, 3],
                )
                services.unique_push(
                    character=leanne, sequence=services.next_sequence(leanne), entered_face=4
                )
            else:
                services.mana_roll(
                    character=mage,
                    sequence=services.next_sequence(mage),
                    pool=services.mana_pool(
                        services.mana_sheet(mage),
                        attribute=mage.attributes.get(name="Cunning"),
                        specialities=[],
                    ),
                    difficulty=services.named_difficulty("STANDARD"),
                )

    def queries() -> int:
        # Cold each time (the signing keys, the row and provenance caches), so both
        # counts pay the same misses whatever ran before in this process.
        for cache in caches.all():
            cache.clear()
        with CaptureQueriesContext(connection) as captured:
            assert player_client.get(character.get_absolute_url()).status_code == 200
        return len(captured.captured_queries)

    add_rolls(2)
    few = queries()
    add_rolls(30)
    assert queries() == few


@pytest.mark.parametrize(("score", "accepted"), [(20, True), (21, False), (-1, False)])
def test_a_score_outside_0_to_20_is_refused_at_its_field(
    player_client: Client, brian: UniqueCharacter, score: int, accepted: bool
) -> None:
    strength, precision = brian.attributes.all()
    data = {
        "name": "Brian",
        "attributes-TOTAL_FORMS": 2,
        "attributes-INITIAL_FORMS": 2,
        "attributes-0-id": strength.pk,
        "attributes-0-name": "Strength",
        "attributes-0-score": score,
        "attributes-1-id": precision.pk,
        "attributes-1-name": "Precision",
        "attributes-1-score": 1,
        "specials-TOTAL_FORMS": 0,
        "specials-INITIAL_FORMS": 0,
    }
    response = player_client.post(url("unique_edit", brian), data)
    strength.refresh_from_db()
    if accepted:
        assert response.status_code == 303
        assert strength.score == score
    else:
        assert response.status_code != 303
        assert strength.score != score


def _rows(page: str) -> dict[str, str]:
    """Each formset row's opening tag and fields, by its form's prefix."""
    pieces = re.split(r'(?=<div class="row [^"]*formset-row")', page)[1:]
    return {re.findall(r'data-prefix="([^"]+)"', piece)[0]: piece for piece in pieces}


def test_a_blank_new_row_asks_for_nothing_and_offers_no_delete(
    player_client: Client, mage: ManaCharacter
) -> None:
    page = player_client.get(url("mana_edit", mage))
    forms = page.context["sheet_forms"]
    rows = _rows(page.content.decode())
    for prefix in ("colours", "attributes", "specialities"):
        formset = forms[prefix]
        saved = formset.initial_form_count()
        assert saved  # the mage has rows of each kind already
        for form in formset.forms[:saved]:
            assert "data-blank-row" not in rows[form.prefix].split(">", 1)[0]
            assert f'name="{form.prefix}-DELETE"' in rows[form.prefix]
        blank = formset.forms[saved].prefix
        # chargen.css hides the required marks of a [data-blank-row].
        assert "data-blank-row" in rows[blank].split(">", 1)[0]
        assert f'name="{blank}-DELETE"' not in rows[blank]


def test_a_new_row_typed_in_and_refused_shows_what_it_requires(
    player_client: Client, mage: ManaCharacter
) -> None:
    page = player_client.get(url("mana_edit", mage))
    forms = page.context["sheet_forms"]
    data: dict[str, object] = {"name": "The mage"}
    for prefix in ("colours", "attributes", "specialities"):
        formset = forms[prefix]
        data[f"{prefix}-TOTAL_FORMS"] = formset.total_form_count()
        data[f"{prefix}-INITIAL_FORMS"] = formset.initial_form_count()
        for form in formset.forms[: formset.initial_form_count()]:
            for name, field in form.fields.items():
                value = form.initial.get(name, field.initial)
                if name == "DELETE" or value is None:
                    continue
                data[f"{form.prefix}-{name}"] = getattr(value, "pk", value)
    new = forms["attributes"].forms[forms["attributes"].initial_form_count()].prefix
    data[f"{new}-name"] = "Cunning"  # its score left out
    response = player_client.post(url("mana_edit", mage), data)
    assert response.status_code == 200
    row = _rows(response.content.decode())[new]
    assert "data-blank-row" not in row.split(">", 1)[0]
    assert "is-invalid" in row
