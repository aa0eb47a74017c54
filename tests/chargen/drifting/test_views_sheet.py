"""The Drifting token sheet through the test client: rolling with typed faces, the odds,
losing tokens, refused choices and totals, and sharing a mark."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_house_rules_change
from chargen.drifting.models import Character, LogKind
from tests.chargen.drifting.conftest import deplete_by_rolling, make_played_character
from tests.chargen.drifting.views_helpers import HTMX, url
from tests.chargen.form_markup import assert_fields_labelled_and_described


def test_rolling_from_the_sheet_with_typed_faces_is_jims_fifteen(
    player_client: Client, jim: Character
) -> None:
    data = {
        "key": jim.next_sequence,
        "applicable": ["Military", "Firearms", "Dodge"],
        "deplete": ["Military#1", "Firearms#1", "Dodge#1"],
        "faces": "1 4 2 5 4",
    }
    response = player_client.post(url("roll", jim), data, **HTMX)
    assert response.status_code == 200
    body = response.content.decode()
    assert '<strong class="roll-total">15</strong>' in body
    assert "entered" in body
    assert "halved to 0" in body
    again = player_client.post(url("roll", jim), {**data, "faces": "6 6 6 6 6"})
    assert again.status_code == 302
    assert jim.log.filter(kind=LogKind.ROLL).count() == 1
    assert jim.log.get(kind=LogKind.ROLL).total == 15
    # The tokens it depleted no longer validate, but the key is looked at first: the
    # player sees the saved roll, never "Select a valid choice" beside it.
    page = player_client.post(url("roll", jim), data, follow=True).content.decode()
    assert "Already saved: Rolled" in page
    assert "valid choice" not in page


def test_a_tick_the_sheet_no_longer_allows_is_explained_and_the_odds_keep_the_rest(
    player_client: Client, jim: Character
) -> None:
    first = {"key": jim.next_sequence, "applicable": ["Dodge"], "deplete": ["Dodge#1"]}
    assert player_client.post(url("roll", jim), first).status_code == 302
    # The same ticks again on a fresh form: Dodge has no fresh token left.
    again = {
        "key": jim.next_sequence,
        "applicable": ["Military", "Firearms"],
        "deplete": ["Dodge#1"],
    }
    page = player_client.post(url("roll", jim), again, **HTMX).content.decode()
    assert "Dodge is depleted until the next refresh." in page
    assert "valid choice" not in page
    # The odds box describes what is still ticked, not an empty roll.
    assert "Modifier +3 (Military +1, Firearms +2)." in page


def test_the_odds_show_before_rolling(player_client: Client, jim: Character) -> None:
    response = player_client.get(
        url("odds", jim),
        {"key": str(jim.next_sequence), "applicable": ["Firearms"], "deplete": ["Firearms#1"]},
        **HTMX,
    )
    body = response.content.decode()
    assert "3 dice, +2" in body
    assert "%" in body
    assert not jim.log.filter(kind=LogKind.ROLL).exists()


def test_a_wrong_number_of_faces_is_reported_at_the_faces_field(
    player_client: Client, jim: Character
) -> None:
    response = player_client.post(
        url("roll", jim),
        {"key": jim.next_sequence, "deplete": ["Dodge#1"], "faces": "3 4"},
    )
    assert response.context["roll_form"].errors["faces"]
    assert not jim.log.filter(kind=LogKind.ROLL).exists()


def test_lindas_loss_through_the_sheet(
    other_player_client: Client, linda: Character, campaign: Campaign
) -> None:
    campaign_house_rules_change(campaign=campaign, by=campaign.gm, loss_margin_step=3)
    response = other_player_client.post(
        url("lose", linda),
        {
            "key": linda.next_sequence,
            "own_total": 6,
            "opponent_total": 9,
            "lose_repair": 1,
            "lose_piloting": 1,
        },
    )
    assert response.status_code == 302
    lost = {token.name for token in linda.tokens.filter(lost__gt=0)}
    assert lost == {"Repair", "Piloting"}


def test_one_loss_submission_takes_two_tokens_of_a_type_related_first(
    player_client: Client, jim: Character
) -> None:
    # Lost by 10: three tokens. Dodge is related and goes first; Jim picks two Firearms.
    response = player_client.post(
        url("lose", jim),
        {
            "key": jim.next_sequence,
            "own_total": 4,
            "opponent_total": 14,
            "related": ["Dodge"],
            "lose_firearms": 2,
        },
        **HTMX,
    )
    assert response.status_code == 200
    assert {token.name: token.lost for token in jim.tokens.all()} == {
        "Military": 0,
        "Firearms": 2,
        "Dodge": 1,
    }
    entry = jim.log.get(kind=LogKind.LOSS)
    assert [(lost["token"], lost["why"]) for lost in entry.details["lost"]] == [
        ("Dodge", "related to the check"),
        ("Firearms", "player's choice"),
        ("Firearms", "player's choice"),
    ]
    assert "Firearms lost (player&#x27;s choice)" in response.content.decode()


@pytest.mark.parametrize(
    ("choice", "field", "message"),
    [
        ({"lose_firearms": 1}, None, "3 tokens must go, 1 of them from the related types (Dodge)"),
        (
            {"lose_firearms": 1, "lose_military": 1, "lose_dodge": 1},
            "lose_dodge",
            "Dodge is related to the check",
        ),
        ({"lose_firearms": 3}, "lose_firearms", "Ensure this value is less than or equal to 2"),
    ],
)
def test_a_wrong_loss_choice_is_told_at_its_field_and_changes_nothing(
    player_client: Client, jim: Character, choice: dict[str, int], field: str | None, message: str
) -> None:
    response = player_client.post(
        url("lose", jim),
        {
            "key": jim.next_sequence,
            "own_total": 4,
            "opponent_total": 14,
            "related": ["Dodge"],
            **choice,
        },
    )
    assert response.status_code == 200
    errors = response.context["loss_form"].errors
    assert message in " ".join(errors[field or "__all__"])
    assert message.replace("'", "&#x27;") in response.content.decode()
    assert not jim.tokens.filter(lost__gt=0).exists()
    assert not jim.log.filter(kind=LogKind.LOSS).exists()


def test_a_depleted_token_chosen_before_a_fresh_one_is_refused_at_its_field(
    player_client: Client, jim: Character
) -> None:
    deplete_by_rolling(jim, "Firearms")
    response = player_client.post(
        url("lose", jim),
        {"key": jim.next_sequence, "own_total": 4, "opponent_total": 9, "lose_firearms": 2},
    )
    errors = response.context["loss_form"].errors
    assert errors["lose_firearms"] == [
        "Firearms: only 1 token not depleted. "
        "Depleted tokens are lost last: choose from Military, Dodge first."
    ]
    assert not jim.tokens.filter(lost__gt=0).exists()


def test_sharing_with_nobody_says_so(
    player_client: Client, jim: Character, linda: Character
) -> None:
    page = player_client.get(jim.get_absolute_url()).content.decode()
    share = page.split('name="share_with"', 1)[1].split("</select>", 1)[0]
    assert '<option value="" selected>Nobody</option>' in share
    assert "---------" not in share


@pytest.mark.parametrize(
    ("own", "opponent"), [(6, 20_000_000_000_000_000_000), (6, 101), (-1, 9), (101, 150)]
)
def test_a_roll_total_no_dice_can_make_is_refused_at_its_field(
    other_player_client: Client, linda: Character, own: int, opponent: int
) -> None:
    response = other_player_client.post(
        url("lose", linda),
        {"key": linda.next_sequence, "own_total": own, "opponent_total": opponent},
    )
    assert response.status_code == 200
    errors = response.context["loss_form"].errors
    message = "A roll's total is between 0 and 100: enter the total the dice and modifier gave."
    assert message in errors.get("opponent_total", []) + errors.get("own_total", [])
    assert "more token" not in response.content.decode()
    assert not linda.tokens.filter(lost__gt=0).exists()


def test_the_sheets_fields_are_labelled_and_a_refused_loss_is_told_at_its_fields(
    player_client: Client, jim: Character, linda: Character, player: User
) -> None:
    sheet = player_client.get(url("character", jim)).content.decode()
    assert 'id="assist-heading"' in sheet  # roll, assist and loss: every form of the sheet
    assert assert_fields_labelled_and_described(sheet) >= 10
    refused = player_client.post(url("lose", jim), {"key": jim.next_sequence}, **HTMX)
    page = refused.content.decode()
    assert 'id="id_own_total_error"' in page
    assert 'id="id_opponent_total_error"' in page
    assert_fields_labelled_and_described(page)
    loner = make_played_character(player, "Loner", [], campaign=None)
    bring = player_client.get(url("character", loner)).content.decode()
    assert 'id="bring-heading"' in bring
    assert assert_fields_labelled_and_described(bring) >= 1
