"""The unique-dice pool's pushes, crises and death through the test client: Leanne's tornado,
replayed and stale pushes, recording a crisis and a dead character's sheet."""

from __future__ import annotations

import re

from django.test import Client

from chargen.rollers import services
from chargen.rollers.models import UniqueCharacter, UniqueRollKind
from tests.chargen.form_markup import assert_fields_labelled_and_described
from tests.chargen.rollers.views_helpers import HTMX, attribute_id, next_sequence, url


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


def test_the_crisis_form_offers_physical_and_mental_only(
    player_client: Client, leanne: UniqueCharacter
) -> None:
    """No blank "---------" choice above them (a user's try found it offered and ticked);
    a form sent with no kind chosen is told so at the field, and nothing is recorded."""
    push_sequence = _leanne_in_a_crisis(leanne)
    body = player_client.get(url("unique", leanne)).content.decode()
    form = body[body.index('id="crisis-form"') :]
    form = form[: form.index("</form>")]
    assert re.findall(r'name="kind" value="([^"]*)"', form) == ["physical", "mental"]
    assert "---------" not in form
    assert "Kind of crisis" in form
    assert " checked" not in form
    assert assert_fields_labelled_and_described(body) >= 3
    data = {"push_sequence": push_sequence, "description": "Fear of wind."}
    response = player_client.post(url("unique_crisis", leanne), data, **HTMX)
    assert "This field is required." in response.content.decode()
    assert 'id="id_kind_error"' in response.content.decode()
    assert_fields_labelled_and_described(response.content.decode())
    assert leanne.crises.count() == 0
