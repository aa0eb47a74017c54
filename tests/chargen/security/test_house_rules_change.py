"""A GM's new house rules apply to characters started afterwards; characters already
started keep the rules they began with.

Before, every character was replayed under its campaign's current rules: a change of
characteristic dice from 2d6 to 2d6+2 silently added 2 to every rolled characteristic
of every character, approved ones included, and a change their logs could not satisfy
(60 points where 50 were spent) made every page that replays them fail.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.forms import house_rules_form
from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_create
from chargen.infinity_drive import services
from chargen.infinity_drive.gm import services as desk
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CharacterStatus
from chargen.infinity_drive.progress import progress_for
from tests.chargen.infinity_drive.steps import next_sequence, roll_book_characteristics
from tests.chargen.infinity_drive_finish.build import (
    choose_option,
    save_history,
    treva_through_skills,
)

BOOK_POINTS = {"Mus": 8, "Grc": 8, "Res": 8, "Int": 7, "Sty": 7, "Chz": 6, "Mtp": 6}
RULES_NOTE = "Built under the campaign's earlier house rules"


@pytest.fixture
def campaign(gm: User, player: User) -> Campaign:
    created = campaign_create(gm=gm, name="The Long Jump")
    Membership.objects.create(campaign=created, user=player)
    return created


@pytest.fixture
def bought(rulebook: None, player: User, campaign: Campaign) -> Character:
    """Bob spent the campaign's 50 points."""
    character = services.character_start(owner=player, campaign=campaign, name="Bought", concept="")
    # Sequence 1 is its name and concept, written by the start.
    services.character_choose_method(character=character, expected_sequence=2, method="point_buy")
    services.character_assign_points(character=character, expected_sequence=3, values=BOOK_POINTS)
    return character


@pytest.fixture
def treva(rules_data: None, player: User, campaign: Campaign) -> Character:
    """Bob's Treva: 2d6 characteristics as in the book, then her skills and survival rolls;
    approved, so she is in the party's printout too."""
    character = services.character_start(owner=player, campaign=campaign, name="Treva", concept="")
    treva_through_skills(character)
    Character.objects.filter(pk=character.pk).update(status=CharacterStatus.APPROVED)
    character.refresh_from_db()
    return character


def _rules_post(campaign: Campaign, **changes: object) -> dict[str, object]:
    campaign.refresh_from_db()
    data = dict(house_rules_form(campaign).initial)
    data.update(changes)
    return {name: "on" if value is True else value for name, value in data.items() if value}


def _change_rules(gm_client: Client, campaign: Campaign, **changes: object) -> None:
    response = gm_client.post(
        reverse("campaigns:rules", args=[campaign.id]), _rules_post(campaign, **changes)
    )
    assert response.status_code == 302, response.content.decode()


def _replayed(character: Character) -> tuple[str, str]:
    character.refresh_from_db()
    state = progress_for(character, log_entries(character)).state
    return state.profile, state.skill_notation


def _sheet(client: Client, character: Character) -> str:
    response = client.get(reverse("characters:sheet", args=[character.id]))
    assert response.status_code == 200
    return response.content.decode()


def _sheet_profile(page: str) -> str:
    found = re.search(r'class="hex-profile[^"]*" title="Character profile">([^<]*)<', page)
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize(
    "change",
    [
        {"characteristic_dice": "2d6+2"},
        {"point_buy_total": 60},
        {"characteristic_methods": "dice"},
        {"metaphysical_in_play": False},
        {"career_survival": False},
    ],
    ids=["heroic dice", "more points", "dice only", "no psionics", "no survival rolls"],
)
def test_a_change_leaves_characters_already_started_as_they_were(
    gm_client: Client,
    player_client: Client,
    campaign: Campaign,
    bought: Character,
    treva: Character,
    change: dict[str, object],
) -> None:
    before = {character.pk: _replayed(character) for character in (bought, treva)}
    sheet_before = _sheet_profile(_sheet(player_client, treva))
    assert sheet_before == before[treva.pk][0]

    _change_rules(gm_client, campaign, **change)

    campaign.refresh_from_db()
    assert all(getattr(campaign.rules, name) == value for name, value in change.items())
    for character in (bought, treva):
        assert _replayed(character) == before[character.pk]
        assert player_client.get(reverse("characters:skills", args=[character.id])).status_code in {
            200,
            302,
        }
        page = _sheet(player_client, character)
        assert _sheet_profile(page) == before[character.pk][0]
        assert RULES_NOTE in page
    assert _sheet_profile(_sheet(gm_client, treva)) == sheet_before
    for desk_page in ("desk:party", "desk:party_print"):
        assert gm_client.get(reverse(desk_page, args=[campaign.id])).status_code == 200


def test_heroic_dice_do_not_raise_a_character_rolled_under_standard_dice(
    gm_client: Client, player_client: Client, campaign: Campaign, treva: Character
) -> None:
    """The brief's case: 2d6 → 2d6+2 added 2 to every rolled characteristic."""
    profile, skills = _replayed(treva)
    _change_rules(gm_client, campaign, characteristic_dice="2d6+2", point_buy_total=60)
    assert _replayed(treva) == (profile, skills)
    printout = gm_client.get(reverse("desk:party_print", args=[campaign.id])).content.decode()
    assert _sheet_profile(printout) == profile
    assert RULES_NOTE in printout
    note = re.search(r"data-rules-note>(.*?)</p>", printout, re.DOTALL)
    assert note is not None
    words = " ".join(re.sub(r"<[^>]+>", "", note.group(1)).split())
    assert words == (
        "Built under the campaign's earlier house rules: Point-buy total 50, now 60 · "
        "Characteristic dice 2d6 (standard), now 2d6+2 (heroic)."
    )


def test_a_character_started_after_the_change_gets_the_new_rules(
    rulebook: None,
    gm_client: Client,
    player_client: Client,
    campaign: Campaign,
    bought: Character,
) -> None:
    _change_rules(gm_client, campaign, characteristic_dice="2d6+2")
    response = player_client.post(
        reverse("characters:new"), {"name": "Heroine", "campaign": campaign.id, "concept": ""}
    )
    assert response.status_code == 303
    heroine = Character.objects.get(name="Heroine")
    assert heroine.house_rules["characteristic_dice"] == "2d6+2"
    roll_book_characteristics(heroine)
    heroine.refresh_from_db()
    state = progress_for(heroine, log_entries(heroine)).state
    # Treva's 3+4 for Charisma is 7 under 2d6 and 9 under 2d6+2.
    assert state.characteristics["Chz"] == 9
    assert RULES_NOTE not in _sheet(player_client, heroine)
    # Bob's earlier character still has the standard dice.
    assert bought.house_rules["characteristic_dice"] == "2d6"


def test_a_character_outside_any_campaign_has_no_rules_note(
    rulebook: None, player: User, player_client: Client
) -> None:
    loner = services.character_start(owner=player, campaign=None, name="Loner", concept="")
    roll_book_characteristics(loner)
    assert RULES_NOTE not in _sheet(player_client, loner)


def test_whether_finishing_needs_approval_is_read_when_the_player_finishes(
    gm: User,
    gm_client: Client,
    player_client: Client,
    campaign: Campaign,
    treva: Character,
) -> None:
    """Approval is the GM's way of working, not a creation rule: turning it on catches
    characters already started, and does not count as a change of their rules."""
    Character.objects.filter(pk=treva.pk).update(status=CharacterStatus.DRAFT)
    treva.refresh_from_db()
    assert treva.race is not None
    desk.race_approve(race=treva.race, by=gm)
    choose_option(treva, "standard")
    save_history(treva, notes={}, age="34", appearance="Tall.")
    _change_rules(gm_client, campaign, approval_required=True)
    assert RULES_NOTE not in _sheet(player_client, treva)
    response = player_client.post(reverse("characters:finish", args=[treva.id]))
    assert response.status_code == 303
    treva.refresh_from_db()
    assert treva.status == CharacterStatus.SUBMITTED


def test_the_rules_page_says_characters_keep_their_rules(
    gm_client: Client, campaign: Campaign
) -> None:
    page = gm_client.get(reverse("campaigns:rules", args=[campaign.id])).content.decode()
    assert "Characters already started keep the rules they began with" in page
    assert "Changes apply to characters started from now on" in page


def test_a_roll_after_the_change_uses_the_characters_own_dice(
    gm_client: Client, campaign: Campaign, player: User, rulebook: None
) -> None:
    """A draft part-way through its characteristics goes on rolling its own 2d6."""
    draft = services.character_start(owner=player, campaign=campaign, name="Half", concept="")
    services.character_choose_method(character=draft, expected_sequence=2, method="dice")
    _change_rules(gm_client, campaign, characteristic_dice="2d6+2")
    draft = Character.objects.get(pk=draft.pk)  # as the next request loads it
    written = services.character_roll_characteristic(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="3 4"
    )
    assert written.entry.dice == "2d6"
