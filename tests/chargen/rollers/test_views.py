"""The roller sheets through the test client: the books' examples, htmx and plain posts,
replays, permissions and what a GET may not do."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from chargen.rollers import services
from chargen.rollers.models import (
    ManaCharacter,
    ManaRollKind,
    UniqueCharacter,
    UniqueRollKind,
)

HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}


def url(name: str, character: UniqueCharacter | ManaCharacter) -> str:
    return reverse(f"rollers:{name}", kwargs={"character_id": character.id})


def attribute_id(character: UniqueCharacter | ManaCharacter, name: str) -> str:
    return str(character.attributes.get(name=name).pk)


def contest_data(fields: dict[str, Any]) -> dict[str, Any]:
    """The contest form's fields carry its prefix (it shares the page with the roll form)."""
    return {f"contest-{name}": value for name, value in fields.items()}


def next_sequence(character: UniqueCharacter | ManaCharacter) -> int:
    return services.next_sequence(character)


# --- Unique-dice pool ----------------------------------------------------------------------------


def test_brians_climb_typed_in_as_a_plain_post(
    player_client: Client, brian: UniqueCharacter
) -> None:
    response = player_client.post(
        url("unique_roll", brian),
        {
            "sequence": 1,
            "attribute": attribute_id(brian, "Strength"),
            "tool_quality": 0,
            "physical": "on",
            "faces": "3 4",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == brian.get_absolute_url()
    entry = brian.rolls.get()
    assert (entry.total, entry.faces, entry.entered) == (7, [3, 4], True)
    page = player_client.get(brian.get_absolute_url()).content.decode()
    assert '<strong class="roll-total">7</strong>' in page
    assert "entered" in page


def test_leannes_tornado_through_htmx_swaps(player_client: Client, leanne: UniqueCharacter) -> None:
    special = str(leanne.specials.get().pk)
    odds = player_client.get(
        url("unique_odds", leanne),
        {
            "attribute": attribute_id(leanne, "Precision"),
            "tool_quality": "1",
            "specials": [special],
            "needed": "12",
        },
        **HTMX,
    ).content.decode()
    assert odds.lstrip().startswith('<div id="odds"')
    assert "= 5 → 5 dice." in odds
    assert 'id="needed-chance"' in odds
    assert not leanne.rolls.exists()  # the odds come before, and without, any roll

    response = player_client.post(
        url("unique_roll", leanne),
        {
            "sequence": 1,
            "attribute": attribute_id(leanne, "Precision"),
            "tool_quality": 1,
            "specials": [special],
            "needed": 12,
            "physical": "on",
            "faces": "2 4 4 4 5",
        },
        **HTMX,
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<div id="sheet">')
    assert '<strong class="roll-total">11</strong>' in body
    assert body.count('class="die dropped"') == 2  # two 4s discarded, greyed
    assert "not reached" in body
    assert 'id="push-chance">50.0%' in body

    body = player_client.post(
        url("unique_push", leanne),
        {"push-sequence": 2, "push-physical": "on", "push-faces": "1"},
        **HTMX,
    ).content.decode()
    assert '<strong id="current-total">12</strong>' in body

    body = player_client.post(
        url("unique_push", leanne),
        {"push-sequence": 3, "push-physical": "on", "push-faces": "5"},
        **HTMX,
    ).content.decode()
    assert "Crisis</strong>" in body
    assert 'id="crisis-form"' in body
    assert 'id="push-form"' not in body
    assert 'id="roll-form"' not in body  # describe the crisis first

    body = player_client.post(
        url("unique_crisis", leanne),
        {
            "push_sequence": 3,
            "kind": "physical",
            "description": "A badly broken leg: a limp for the rest of her life.",
        },
        **HTMX,
    ).content.decode()
    assert 'aria-label="1 of 3 physical crisis boxes crossed"' in body
    assert "A badly broken leg" in body
    assert 'id="roll-form"' in body
    assert [entry.kind for entry in leanne.rolls.all()] == ["roll", "push", "push"]


def test_a_replayed_roll_shows_the_saved_one(player_client: Client, brian: UniqueCharacter) -> None:
    data = {"sequence": 1, "attribute": attribute_id(brian, "Strength"), "tool_quality": 0}
    first = player_client.post(url("unique_roll", brian), data)
    saved = brian.rolls.get()
    again = player_client.post(url("unique_roll", brian), data, follow=True)
    htmx_again = player_client.post(url("unique_roll", brian), data, **HTMX)
    assert first.status_code == 302
    assert "Already saved" in again.content.decode()
    assert "Already saved" in htmx_again.content.decode()
    assert brian.rolls.count() == 1
    assert brian.rolls.get().faces == saved.faces


def test_a_replayed_push_is_not_pushed_again(
    player_client: Client, leanne: UniqueCharacter
) -> None:
    services.unique_roll(
        character=leanne,
        sequence=1,
        plan=services.unique_plan(
            attribute=leanne.attributes.get(name="Precision"), tool_quality=0, specials=[]
        ),
        entered_faces=[2, 4, 5],
    )
    for _ in range(3):
        player_client.post(url("unique_push", leanne), {"push-sequence": 2})
    assert leanne.rolls.filter(kind=UniqueRollKind.PUSH).count() == 1


def test_a_form_from_before_another_roll_is_refused(
    player_client: Client, brian: UniqueCharacter
) -> None:
    data = {"sequence": 1, "attribute": attribute_id(brian, "Strength"), "tool_quality": 0}
    player_client.post(url("unique_roll", brian), data)
    response = player_client.post(url("unique_push", brian), {"push-sequence": 1}, **HTMX)
    assert "Nothing was changed" in response.content.decode()
    assert brian.rolls.count() == 1


def test_wrong_typed_faces_are_reported_at_the_faces_field(
    player_client: Client, brian: UniqueCharacter
) -> None:
    response = player_client.post(
        url("unique_roll", brian),
        {
            "sequence": 1,
            "attribute": attribute_id(brian, "Strength"),
            "tool_quality": 0,
            "physical": "on",
            "faces": "3 4 7",
        },
    )
    assert response.status_code == 200
    assert "You typed 3 faces; 2d6 has 2 dice" in str(response.context["roll_form"].errors["faces"])
    assert not brian.rolls.exists()


def test_typed_faces_without_the_tick_are_not_silently_ignored(
    player_client: Client, brian: UniqueCharacter
) -> None:
    response = player_client.post(
        url("unique_roll", brian),
        {
            "sequence": 1,
            "attribute": attribute_id(brian, "Strength"),
            "tool_quality": 0,
            "faces": "3 4",
        },
    )
    assert response.context["roll_form"].errors["physical"]
    assert not brian.rolls.exists()


def test_the_odds_without_javascript_fill_the_whole_page(
    player_client: Client, brian: UniqueCharacter
) -> None:
    response = player_client.get(
        url("unique_odds", brian),
        {"attribute": attribute_id(brian, "Strength"), "tool_quality": "2", "needed": "9"},
    )
    body = response.content.decode()
    assert "<html" in body
    assert "= 4 → 4 dice." in body
    assert "reaches 9" in body
    assert response.context["roll_form"].initial["tool_quality"] == 2


def test_an_attribute_from_another_sheet_is_refused(
    player_client: Client, brian: UniqueCharacter, leanne: UniqueCharacter
) -> None:
    response = player_client.post(
        url("unique_roll", brian),
        {"sequence": 1, "attribute": attribute_id(leanne, "Precision"), "tool_quality": 0},
    )
    assert response.context["roll_form"].errors["attribute"]
    assert not brian.rolls.exists()


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
    assert response.status_code == 302
    assert list(brian.attributes.values_list("name", "score")) == [
        ("Strength", 2),
        ("Precision", 1),
        ("Wits", 3),
    ]
    assert brian.specials.get().starred

    data["attributes-2-name"] = "Strength"  # twice on one sheet
    response = player_client.post(url("unique_edit", brian), data, **HTMX)
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="editor">')
    assert "Please correct the duplicate data for name" in body or "already exists" in body
    assert brian.attributes.count() == 3


def test_a_dead_character_is_plainly_dead_and_rolls_no_more(
    player_client: Client, brian: UniqueCharacter
) -> None:
    plan = services.unique_plan(
        attribute=brian.attributes.get(name="Strength"), tool_quality=0, specials=[]
    )
    for _ in range(3):
        services.unique_roll(
            character=brian,
            sequence=services.next_sequence(brian),
            plan=plan,
            entered_faces=[6, 6],
        )
        push = services.unique_push(
            character=brian, sequence=services.next_sequence(brian), entered_face=6
        ).entry
        services.unique_crisis_record(
            character=brian, push_sequence=push.sequence, kind="physical", description="Broken."
        )
    body = player_client.get(brian.get_absolute_url()).content.decode()
    assert "<strong>Dead.</strong>" in body
    assert 'id="roll-form"' not in body
    response = player_client.post(
        url("unique_roll", brian),
        {
            "sequence": next_sequence(brian),
            "attribute": attribute_id(brian, "Strength"),
            "tool_quality": 0,
        },
    )
    assert "Brian is dead (the third physical crisis): no more rolls." in response.content.decode()
    assert brian.rolls.count() == 6


def test_user_text_is_escaped(player_client: Client, player: User) -> None:
    character = services.unique_character_create(owner=player, name="<script>alert(1)</script>")
    character.specials.create(name="<b>bold</b>")
    body = player_client.get(character.get_absolute_url()).content.decode()
    assert "<script>alert(1)</script>" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert "<b>bold</b>" not in body


# --- Roll and keep -------------------------------------------------------------------------------


def test_a_lie_rolled_against_a_named_difficulty(
    player_client: Client, mage: ManaCharacter
) -> None:
    deceit = str(mage.specialities.get(name="Deceit").pk)
    odds = player_client.get(
        url("mana_odds", mage),
        {
            "attribute": attribute_id(mage, "Cunning"),
            "specialities": [deceit],
            "difficulty_mode": "named",
            "difficulty": "CHALLENGING",
        },
        **HTMX,
    ).content.decode()
    assert "Roll 4 (ten-sided dice: Cunning 3 + 1 for speciality), keep all of them" in odds
    assert "3 black mana" in odds
    assert 'id="botch-chance"' in odds
    assert "Marginal" in odds

    response = player_client.post(
        url("mana_roll", mage),
        {
            "sequence": 1,
            "attribute": attribute_id(mage, "Cunning"),
            "specialities": [deceit],
            "difficulty_mode": "named",
            "difficulty": "CHALLENGING",
            "physical": "on",
            "faces": "9 6 2 7",
        },
        **HTMX,
    )
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="sheet">')
    assert '<strong class="successes">2</strong>' in body
    assert '<strong class="degree">Moderate</strong>' in body
    assert body.count("die kept border-primary success") == 2


def test_the_three_other_mana_examples_in_the_odds(
    player_client: Client, mage: ManaCharacter
) -> None:
    for attribute, speciality, expected in (
        ("Intelligence", None, "Roll 3 (ten-sided dice: Intelligence 3), keep 2 (2 blue mana)"),
        ("Endurance", "Elemental Damage", "keep 2 (5 total mana ÷ 3 colours without mana"),
        ("Strength", None, "Roll 2 (ten-sided dice: Strength 2), keep 1 (5 total mana"),
    ):
        query: dict[str, Any] = {
            "attribute": attribute_id(mage, attribute),
            "difficulty_mode": "named",
            "difficulty": "STANDARD",
        }
        if speciality:
            query["specialities"] = [str(mage.specialities.get(name=speciality).pk)]
        body = player_client.get(url("mana_odds", mage), query, **HTMX).content.decode()
        assert expected in body


def test_a_botch_is_flagged(player_client: Client, mage: ManaCharacter) -> None:
    player_client.post(
        url("mana_roll", mage),
        {
            "sequence": 1,
            "attribute": attribute_id(mage, "Intelligence"),
            "difficulty_mode": "named",
            "difficulty": "DIFFICULT",
            "physical": "on",
            "faces": "7 1 3",
        },
    )
    body = player_client.get(mage.get_absolute_url()).content.decode()
    assert "botch" in body
    assert '<strong class="degree">Botch</strong>' in body


def test_sneaking_past_a_passive_character(player_client: Client, mage: ManaCharacter) -> None:
    mage.attributes.filter(name="Finesse").update(score=5)
    query: dict[str, Any] = {
        "attribute": attribute_id(mage, "Finesse"),
        "difficulty_mode": "indirect",
        "difficulty": "STANDARD",
        "passive_attribute": 4,
        "passive_specialities": 1,
    }
    body = player_client.get(url("mana_odds", mage), query, **HTMX).content.decode()
    assert "Roll 5 " in body
    assert "difficulty 5 (indirectly opposed: passive attribute 4 + 1 speciality)" in body
    response = player_client.post(
        url("mana_roll", mage),
        {**query, "sequence": 1, "physical": "on", "faces": "5 4 9 1 1"},
    )
    assert response.status_code == 302
    entry = mage.rolls.get()
    assert entry.details["difficulty"] == 5
    # Finesse is linked to green, which the mage lacks: keep 5 total mana ÷ 3 lacking = 1.
    assert entry.details["kept"] == [{"face": 9, "success": True}]
    assert entry.successes == 1


def test_the_race_against_another_of_my_characters(
    player_client: Client, first_racer: ManaCharacter, second_racer: ManaCharacter
) -> None:
    running = str(second_racer.specialities.get().pk)
    data: dict[str, Any] = {
        "attribute": attribute_id(first_racer, "Endurance"),
        "difficulty": "CHALLENGING",
        "opponent_mode": "sheet",
        "opponent_attribute": attribute_id(second_racer, "Endurance"),
        "opponent_specialities": [running],
    }
    odds = player_client.get(
        url("contest_odds", first_racer), contest_data(data), **HTMX
    ).content.decode()
    assert "Second racer: Roll 6" in odds
    assert 'id="contest-win"' in odds

    response = player_client.post(
        url("mana_contest", first_racer),
        contest_data(
            {
                **data,
                "sequence": 1,
                "physical": "on",
                "faces": "8 7 2",
                "opponent_faces": "9 7 10 3 2 1",
            }
        ),
        **HTMX,
    )
    body = response.content.decode()
    assert (
        '<p class="mb-1 fs-5" id="winner">Second racer wins with 1 success remaining.</p>' in body
    )
    entry = first_racer.rolls.get()
    assert entry.kind == ManaRollKind.CONTEST
    assert not second_racer.rolls.exists()


def test_an_npc_pool_typed_in(player_client: Client, mage: ManaCharacter) -> None:
    response = player_client.post(
        url("mana_contest", mage),
        contest_data(
            {
                "sequence": 1,
                "attribute": attribute_id(mage, "Cunning"),
                "difficulty": "STANDARD",
                "opponent_mode": "npc",
                "npc_name": "Merchant",
                "npc_dice": 3,
                "npc_keep": 2,
            }
        ),
    )
    assert response.status_code == 302
    entry = mage.rolls.get()
    assert entry.details["opponent"]["name"] == "Merchant"
    assert len(entry.details["opponent"]["faces"]) == 3


def test_another_owners_sheet_cannot_be_the_opponent(
    player_client: Client, mage: ManaCharacter, other_player: User
) -> None:
    stranger = services.mana_character_create(owner=other_player, name="Stranger")
    response = player_client.post(
        url("mana_contest", mage),
        contest_data(
            {
                "sequence": 1,
                "attribute": attribute_id(mage, "Cunning"),
                "difficulty": "STANDARD",
                "opponent_mode": "sheet",
                "opponent_attribute": attribute_id(stranger, "Cunning"),
            }
        ),
    )
    assert response.context["contest_form"].errors["opponent_attribute"]
    assert not mage.rolls.exists()


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
    assert response.status_code == 302, response.context["sheet_forms"].all
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


# --- Both sheets: who may do what ----------------------------------------------------------------


UNIQUE_POSTS = ("unique_roll", "unique_push", "unique_crisis", "unique_edit")
MANA_POSTS = ("mana_roll", "mana_contest", "mana_edit")


def test_others_get_404_everywhere(
    other_player_client: Client,
    gm_client: Client,
    brian: UniqueCharacter,
    mage: ManaCharacter,
) -> None:
    pages = [
        *(url(name, brian) for name in ("unique", "unique_odds", "unique_edit")),
        *(url(name, mage) for name in ("mana", "mana_odds", "contest_odds", "mana_edit")),
    ]
    posts = [
        *(url(name, brian) for name in UNIQUE_POSTS),
        *(url(name, mage) for name in MANA_POSTS),
    ]
    for client in (other_player_client, gm_client):
        for address in pages:
            assert client.get(address).status_code == 404, address
        for address in posts:
            assert client.post(address, {"sequence": 1, "name": "Stolen"}).status_code == 404
    assert not brian.rolls.exists()
    assert not mage.rolls.exists()
    brian.refresh_from_db()
    assert brian.name == "Brian"


def test_logged_out_visitors_are_sent_to_log_in(
    client: Client, brian: UniqueCharacter, mage: ManaCharacter
) -> None:
    for address in (
        reverse("rollers:list"),
        brian.get_absolute_url(),
        mage.get_absolute_url(),
        url("unique_roll", brian),
    ):
        response = client.get(address) if "roll" not in address else client.post(address)
        assert response.status_code == 302
        assert reverse("login") in response["Location"]


def test_get_changes_nothing(
    player_client: Client, brian: UniqueCharacter, mage: ManaCharacter
) -> None:
    for address in (
        *(url(name, brian) for name in ("unique_roll", "unique_push", "unique_crisis")),
        *(url(name, mage) for name in ("mana_roll", "mana_contest")),
        reverse("rollers:unique_create"),
        reverse("rollers:mana_create"),
    ):
        assert player_client.get(address).status_code == 405


def test_a_roll_needs_the_csrf_token(player: User, brian: UniqueCharacter) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    response = client.post(
        url("unique_roll", brian),
        {"sequence": 1, "attribute": attribute_id(brian, "Strength"), "tool_quality": 0},
    )
    assert response.status_code == 403
    assert not brian.rolls.exists()


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
    assert f'href="{reverse("rollers:list")}">Rollers</a>' in body


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
        with CaptureQueriesContext(connection) as captured:
            assert player_client.get(character.get_absolute_url()).status_code == 200
        return len(captured.captured_queries)

    add_rolls(2)
    few = queries()
    add_rolls(30)
    assert queries() == few


def test_the_next_roll_form_keeps_the_last_rolls_choices(
    player_client: Client, leanne: UniqueCharacter
) -> None:
    special = leanne.specials.get().pk
    player_client.post(
        url("unique_roll", leanne),
        {
            "sequence": 1,
            "attribute": attribute_id(leanne, "Precision"),
            "tool_quality": 1,
            "specials": [special],
            "physical": "on",
            "faces": "2 4 4 4 5",
        },
    )
    response = player_client.get(leanne.get_absolute_url())
    initial = response.context["roll_form"].initial
    assert initial["sequence"] == 2
    assert initial["tool_quality"] == 1
    assert initial["specials"] == [special]
    assert "faces" not in initial  # typed dice belong to one roll only
    assert "= 5 → 5 dice." in response.content.decode()


def test_mana_odds_without_javascript_fill_the_whole_page(
    player_client: Client, mage: ManaCharacter
) -> None:
    response = player_client.get(
        url("mana_odds", mage),
        {
            "attribute": attribute_id(mage, "Intelligence"),
            "difficulty_mode": "named",
            "difficulty": "EASY",
        },
    )
    body = response.content.decode()
    assert "<html" in body
    assert "keep 2 (2 blue mana)" in body
    assert "Against Easy (3)" in body
    contest = player_client.get(
        url("contest_odds", mage),
        contest_data(
            {
                "attribute": attribute_id(mage, "Cunning"),
                "difficulty": "STANDARD",
                "opponent_mode": "npc",
                "npc_dice": 3,
                "npc_keep": 3,
            }
        ),
    ).content.decode()
    assert "<html" in contest
    assert 'id="contest-win"' in contest


def _leanne_in_a_crisis(leanne: UniqueCharacter) -> int:
    services.unique_roll(
        character=leanne,
        sequence=1,
        plan=services.unique_plan(
            attribute=leanne.attributes.get(name="Precision"), tool_quality=0, specials=[]
        ),
        entered_faces=[2, 4, 5],
    )
    return services.unique_push(character=leanne, sequence=2, entered_face=4).entry.sequence


def test_recording_a_crisis_as_a_plain_post_and_again(
    player_client: Client, leanne: UniqueCharacter
) -> None:
    push_sequence = _leanne_in_a_crisis(leanne)
    data = {"push_sequence": push_sequence, "kind": "mental", "description": "Fear of wind."}
    response = player_client.post(url("unique_crisis", leanne), data, follow=True)
    body = response.content.decode()
    assert "Crossed off a mental" in body
    assert 'aria-label="1 of 3 mental crisis boxes crossed"' in body
    again = player_client.post(url("unique_crisis", leanne), data, follow=True)
    assert "already recorded" in again.content.decode()
    assert leanne.crises.count() == 1


def test_a_push_is_one_die(player_client: Client, leanne: UniqueCharacter) -> None:
    services.unique_roll(
        character=leanne,
        sequence=1,
        plan=services.unique_plan(
            attribute=leanne.attributes.get(name="Precision"), tool_quality=0, specials=[]
        ),
        entered_faces=[2, 4, 5],
    )
    response = player_client.post(
        url("unique_push", leanne),
        {"push-sequence": 2, "push-physical": "on", "push-faces": "1 3"},
    )
    assert "You typed 2 faces; 1d6 has 1 die" in str(response.context["push_form"].errors["faces"])
    assert leanne.rolls.count() == 1


def test_after_refused_typed_dice_the_odds_are_those_of_the_choices_posted(
    player_client: Client, leanne: UniqueCharacter
) -> None:
    # The redrawn form keeps Precision 3 + car + delivery driver; the odds beside it
    # must be for that pool of 5 dice, not for the sheet's first attribute.
    response = player_client.post(
        url("unique_roll", leanne),
        {
            "sequence": 1,
            "attribute": attribute_id(leanne, "Precision"),
            "tool_quality": 1,
            "specials": [str(leanne.specials.get().pk)],
            "needed": 12,
            "physical": "on",
            "faces": "7 7",
        },
    )
    assert "faces" in response.context["roll_form"].errors
    odds = response.context["odds"]
    assert (odds.plan.dice, odds.needed) == (5, 12)
    assert not leanne.rolls.exists()


def test_after_a_refused_mana_roll_the_odds_are_those_of_the_choices_posted(
    player_client: Client, mage: ManaCharacter
) -> None:
    response = player_client.post(
        url("mana_roll", mage),
        {
            "sequence": 1,
            "attribute": attribute_id(mage, "Cunning"),
            "specialities": [str(mage.specialities.get(name="Deceit").pk)],
            "difficulty_mode": "named",
            "difficulty": "CHALLENGING",
            "physical": "on",
            "faces": "9 6",
        },
    )
    assert "faces" in response.context["roll_form"].errors
    odds = response.context["odds"]
    assert (odds.pool.rolled, odds.pool.kept) == (4, 4)
    assert not mage.rolls.exists()
