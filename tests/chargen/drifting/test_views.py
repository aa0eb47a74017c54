"""The Drifting wizard and token sheet through the test client: steps, htmx, permissions."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_house_rules_change
from chargen.drifting import services
from chargen.drifting.models import Character, CreationStep, Lifepath, LogKind

HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}


def url(name: str, character: Character) -> str:
    return reverse(f"drifting:{name}", kwargs={"character_id": character.id})


@pytest.fixture
def draft(player: User) -> Character:
    return services.character_start(owner=player)


def test_starting_saves_a_character_at_once(player_client: Client, player: User) -> None:
    response = player_client.post(reverse("drifting:start"))
    character = Character.objects.get(owner=player)
    assert response.status_code == 302
    assert response["Location"] == character.get_absolute_url()
    page = player_client.get(character.get_absolute_url())
    assert "Concept and campaign" in page.content.decode()


def test_the_wizard_as_plain_posts_and_as_htmx_swaps(
    player_client: Client, draft: Character, campaign: Campaign, lifepaths: dict[str, Lifepath]
) -> None:
    response = player_client.post(
        url("concept", draft), {"name": "Jim", "concept": "Marine", "campaign": str(campaign.id)}
    )
    assert response.status_code == 302
    draft.refresh_from_db()
    assert draft.campaign == campaign
    assert draft.step == CreationStep.LIFEPATHS
    for position, slug in enumerate(["us-marine", "marine-veteran", "deserter", "drifter"]):
        response = player_client.post(
            url("lifepath_add", draft),
            {"position": position, "lifepath": str(lifepaths[slug].id)},
            **HTMX,
        )
        assert response.status_code == 200
        body = response.content.decode()
        assert body.lstrip().startswith('<div id="wizard">')
        assert lifepaths[slug].name in body
    assert "Firearms</span> ×2" in body
    response = player_client.post(url("review", draft))
    assert response.status_code == 302
    response = player_client.post(url("finish", draft))
    assert response.status_code == 302
    draft.refresh_from_db()
    assert draft.is_finished
    sheet = player_client.get(draft.get_absolute_url()).content.decode()
    assert "Roll with tokens" in sheet
    assert 'data-token="Firearms"' in sheet


def test_an_invalid_lifepath_gets_a_message_at_the_field_and_changes_nothing(
    player_client: Client, draft: Character, lifepaths: dict[str, Lifepath]
) -> None:
    player_client.post(url("concept", draft), {"name": "Ann", "concept": ""})
    response = player_client.post(
        url("lifepath_add", draft), {"position": 0, "lifepath": str(lifepaths["deserter"].id)}
    )
    assert response.status_code == 200
    assert "must follow one of" in response.content.decode()
    assert response.context["lifepath_form"].errors["lifepath"]
    assert not draft.lifepaths.exists()


def test_posting_after_finishing_changes_nothing_and_says_why(
    player_client: Client, jim: Character, lifepaths: dict[str, Lifepath]
) -> None:
    response = player_client.post(
        url("lifepath_add", jim), {"position": 0, "lifepath": str(lifepaths["grifter"].id)}
    )
    assert "finished" in response.content.decode()
    assert not jim.lifepaths.exists()


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
    jim.tokens.filter(name="Firearms").update(depleted=1)
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


def test_the_gm_refreshes_the_campaign_from_its_page(
    gm_client: Client, jim: Character, campaign: Campaign
) -> None:
    jim.tokens.filter(name="Dodge").update(depleted=1)
    page = gm_client.get(reverse("drifting:campaign", kwargs={"campaign_id": campaign.id}))
    assert "Jim" in page.content.decode()
    response = gm_client.post(
        reverse("drifting:campaign_refresh", kwargs={"campaign_id": campaign.id}),
        {"confirm": "yes"},
    )
    assert response.status_code == 302
    assert jim.tokens.get(name="Dodge").depleted == 0


def test_the_campaign_refresh_without_confirmation_changes_nothing(
    gm_client: Client, jim: Character, campaign: Campaign
) -> None:
    jim.tokens.filter(name="Dodge").update(depleted=1)
    refresh_url = reverse("drifting:campaign_refresh", kwargs={"campaign_id": campaign.id})
    response = gm_client.post(refresh_url)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Refresh the tokens of every character in “Lost on Storm”?" in page
    assert '<input type="hidden" name="confirm" value="yes">' in page
    assert jim.tokens.get(name="Dodge").depleted == 1
    assert not jim.log.filter(kind=LogKind.REFRESH).exists()
    # The campaign page's button asks the browser first and sends the confirmation.
    campaign_page = gm_client.get(reverse("drifting:campaign", kwargs={"campaign_id": campaign.id}))
    form = campaign_page.content.decode().split(f'action="{refresh_url}"', 1)[1].split(">", 1)[0]
    assert 'hx-confirm="Refresh the tokens of every character' in form
    assert """hx-vals='{"confirm": "yes"}'""" in form


def test_the_campaign_refresh_by_htmx_moves_the_page_on(
    gm_client: Client, jim: Character, campaign: Campaign
) -> None:
    jim.tokens.filter(name="Dodge").update(depleted=1)
    response = gm_client.post(
        reverse("drifting:campaign_refresh", kwargs={"campaign_id": campaign.id}),
        {"confirm": "yes"},
        **HTMX,
    )
    assert response["HX-Redirect"] == reverse(
        "drifting:campaign", kwargs={"campaign_id": campaign.id}
    )
    assert jim.tokens.get(name="Dodge").depleted == 0


def test_a_player_cannot_refresh_the_campaign(
    player_client: Client, jim: Character, campaign: Campaign
) -> None:
    jim.tokens.filter(name="Dodge").update(depleted=1)
    response = player_client.post(
        reverse("drifting:campaign_refresh", kwargs={"campaign_id": campaign.id})
    )
    assert response.status_code == 404
    response = player_client.post(url("refresh", jim), {"key": jim.next_sequence})
    assert "GM says when tokens refresh" in response.content.decode()
    assert jim.tokens.get(name="Dodge").depleted == 1


@pytest.mark.parametrize("name", ["roll", "lose", "gain", "refresh", "assist", "undo_loss"])
def test_others_cannot_change_a_sheet(
    other_player_client: Client,
    gm_client: Client,
    outsider_client: Client,
    jim: Character,
    name: str,
) -> None:
    for client in (other_player_client, gm_client, outsider_client):
        response = client.post(url(name, jim), {"key": jim.next_sequence})
        assert response.status_code == 404
    assert jim.log.count() == 1


def test_the_gm_reads_a_members_sheet_but_others_get_404(
    gm_client: Client, other_player_client: Client, outsider_client: Client, jim: Character
) -> None:
    page = gm_client.get(jim.get_absolute_url())
    assert page.status_code == 200
    body = page.content.decode()
    assert "read-only" in body
    assert "Roll with tokens" not in body
    assert other_player_client.get(jim.get_absolute_url()).status_code == 404
    assert outsider_client.get(jim.get_absolute_url()).status_code == 404


def test_wizard_steps_belong_to_the_owner_only(
    outsider_client: Client, gm_client: Client, draft: Character
) -> None:
    for client in (outsider_client, gm_client):
        response = client.post(url("concept", draft), {"name": "Stolen", "concept": ""})
        assert response.status_code == 404
    draft.refresh_from_db()
    assert draft.name == ""


def test_a_campaign_the_player_is_not_in_is_refused(
    outsider_client: Client, outsider: User, campaign: Campaign
) -> None:
    draft = services.character_start(owner=outsider)
    response = outsider_client.post(
        url("concept", draft), {"name": "Dave", "concept": "", "campaign": str(campaign.id)}
    )
    assert response.context["concept_form"].errors["campaign"]
    draft.refresh_from_db()
    assert draft.campaign is None


def test_get_changes_nothing(player_client: Client, jim: Character) -> None:
    assert player_client.get(url("roll", jim)).status_code == 405
    assert player_client.get(reverse("drifting:start")).status_code == 405


def test_anonymous_visitors_are_sent_to_log_in(client: Client, jim: Character) -> None:
    response = client.get(jim.get_absolute_url())
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def test_the_home_page_lists_my_drifting_characters(player_client: Client, jim: Character) -> None:
    body = player_client.get(reverse("home")).content.decode()
    assert "Drifting characters" in body
    assert jim.get_absolute_url() in body


def test_the_gm_sees_a_members_draft_without_its_forms(
    gm_client: Client, draft: Character, campaign: Campaign
) -> None:
    draft.campaign = campaign
    draft.save()
    body = gm_client.get(draft.get_absolute_url()).content.decode()
    assert "read-only" in body
    assert "Save and choose lifepaths" not in body


def test_a_required_lifepath_is_named_in_the_message(
    player_client: Client, draft: Character, lifepaths: dict[str, Lifepath]
) -> None:
    player_client.post(url("concept", draft), {"name": "Ann", "concept": ""})
    response = player_client.post(
        url("lifepath_add", draft), {"position": 0, "lifepath": str(lifepaths["marine-veteran"].id)}
    )
    assert "must follow one of: United Systems marine" in response.content.decode()


# --- Bounds and words the newcomer tripped over ----------------------------------------


def test_each_lifepaths_requirement_shows_in_the_list_before_picking(
    player_client: Client, draft: Character, lifepaths: dict[str, Lifepath]
) -> None:
    player_client.post(url("concept", draft), {"name": "Ann", "concept": ""})
    page = player_client.get(draft.get_absolute_url()).content.decode()
    assert "Deserter — Exile space (only after United Systems marine or Marine veteran):" in page
    assert (
        "Marine veteran — United Systems frontier garrisons (only after United Systems marine):"
        in page
    )
    # A lifepath open at any time says nothing of the kind.
    assert "Drifter — Anywhere in the Tigris system: " in page


def test_the_gm_sees_each_lifepaths_requirement_too(
    gm_client: Client, campaign: Campaign, lifepaths: dict[str, Lifepath]
) -> None:
    page = gm_client.get(reverse("drifting:campaign", kwargs={"campaign_id": campaign.id}))
    words = " ".join(re.sub(r"<[^>]+>", " ", page.content.decode()).split())
    assert "Deserter — Exile space (only after United Systems marine or Marine veteran)" in words


@pytest.mark.parametrize(
    ("grants", "message"),
    [
        (
            "background: X x999999",
            "X: a lifepath grants 1 to 3 tokens of a type (999999 asked for).",
        ),
        (
            "focus: Firearms ×0",
            "Firearms: a lifepath grants 1 to 3 tokens of a type (0 asked for).",
        ),
        (
            "focus: Firearms ×3\nfocus: Dodge ×3\nreputation: Exile",
            "A lifepath grants at most 6 tokens in all; these lines grant 7.",
        ),
    ],
)
def test_a_gms_lifepath_cannot_grant_a_sheet_of_checkboxes(
    gm_client: Client, campaign: Campaign, grants: str, message: str
) -> None:
    response = gm_client.post(
        reverse("drifting:campaign_lifepath_add", kwargs={"campaign_id": campaign.id}),
        {"name": "Hoarder", "region": "", "description": "", "grants": grants},
    )
    assert response.status_code == 200
    assert response.context["lifepath_form"].errors["grants"] == [message]
    assert not Lifepath.objects.filter(name="Hoarder").exists()


def test_a_gms_lifepath_may_grant_three_of_a_type_and_six_in_all(
    gm_client: Client, campaign: Campaign
) -> None:
    response = gm_client.post(
        reverse("drifting:campaign_lifepath_add", kwargs={"campaign_id": campaign.id}),
        {
            "name": "Veteran",
            "region": "",
            "description": "",
            "grants": "focus: Firearms x3\nfocus: Dodge ×3",
        },
    )
    assert response.status_code == 302
    lifepath = Lifepath.objects.get(name="Veteran")
    assert sorted(grant.count for grant in lifepath.grants.all()) == [3, 3]


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


def test_the_admin_cannot_store_a_grant_beyond_the_cap_either(
    lifepaths: dict[str, Lifepath],
) -> None:
    grant = lifepaths["drifter"].grants.first()
    assert grant is not None
    grant.count = 999_999
    with pytest.raises(ValidationError) as refused:
        grant.full_clean()
    assert refused.value.message_dict["count"] == ["A lifepath grants 1 to 3 tokens of a type."]
