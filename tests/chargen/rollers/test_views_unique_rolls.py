"""The unique-dice pool's rolls through the test client: the books' examples, typed faces,
replays, refused choices and the odds beside the roll form."""

from __future__ import annotations

from django.test import Client

from chargen.rollers.models import UniqueCharacter
from tests.chargen.form_markup import assert_fields_labelled_and_described
from tests.chargen.rollers.views_helpers import HTMX, attribute_id, url


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
    page = response.content.decode()
    assert 'id="id_faces_error"' in page
    assert assert_fields_labelled_and_described(page) >= 4
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


def test_the_preview_names_the_field_out_of_range(
    player_client: Client, brian: UniqueCharacter
) -> None:
    chosen = {"attribute": attribute_id(brian, "Strength"), "tool_quality": "99"}
    body = player_client.get(url("unique_odds", brian), chosen, **HTMX).content.decode()
    assert "Tool quality (0: no tools): Ensure this value is less than or equal to" in body
    assert "Choose an attribute" not in body
    nothing_chosen = player_client.get(url("unique_odds", brian), {}, **HTMX).content.decode()
    assert "Choose an attribute on this sheet to see the odds." in nothing_chosen


def test_an_attribute_from_another_sheet_is_refused(
    player_client: Client, brian: UniqueCharacter, leanne: UniqueCharacter
) -> None:
    response = player_client.post(
        url("unique_roll", brian),
        {"sequence": 1, "attribute": attribute_id(leanne, "Precision"), "tool_quality": 0},
    )
    assert response.context["roll_form"].errors["attribute"]
    assert not brian.rolls.exists()


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
