"""Copy as template: a new draft with the concept and the decisions before the first
roll, never a die; under the current rules; only by its owner, only by a POST."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from chargen.infinity_drive import services
from chargen.infinity_drive.campaign_rules import house_rules_for, house_rules_to_json
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CharacterStatus, CreationLogEntry
from chargen.infinity_drive.progress import progress_for
from chargen.infinity_drive.services_copy import character_copy, copy_name
from chargen.infinity_drive.wizard.log_walk import Kind
from chargen.rulebook.models import Career
from chargen.rulebook.services import current_rulebook_version
from tests.chargen.house_rules import set_house_rules
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
    skill,
)

CONCEPT = "A surveyor who reads old star charts."
POINTS = {"Mus": 12, "Grc": 6, "Res": 6, "Int": 8, "Sty": 8, "Chz": 6, "Mtp": 4}
BEFORE_THE_FIRST_ROLL = [Kind.METHOD, Kind.POINT_BUY, Kind.RACE, Kind.CAREER]


def copy_url(character: Character) -> str:
    return reverse("characters:copy", args=[character.id])


def kinds(character: Character) -> list[str]:
    """The kinds of the log's decisions, its name-and-concept rows left out."""
    return [entry.kind for entry in log_entries(character) if entry.kind != Kind.CONCEPT]


def assert_named_first(copy: Character) -> None:
    """A copy's log opens with its own name and concept, as every start's does."""
    first = log_entries(copy)[0]
    assert (first.sequence, first.kind) == (1, Kind.CONCEPT)
    assert first.payload == {"name": copy.name, "concept": copy.concept}


def assert_no_dice(character: Character) -> None:
    rows = log_entries(character)
    assert all(not row.faces and not row.dice and not row.entered for row in rows), rows
    assert character.snapshot.get("server_rolls", 0) == 0
    assert character.snapshot.get("entered_rolls", 0) == 0


def point_buy_darrian(character: Character) -> None:
    """Point buy, the Darrian race, Citizen Construction (its specialisation is a roll),
    then one skill roll: four decisions, then dice."""
    services.character_choose_method(
        character=character, expected_sequence=next_sequence(character), method="point_buy"
    )
    services.character_assign_points(
        character=character, expected_sequence=next_sequence(character), values=POINTS
    )
    darrian(character)
    citizen_construction(character)
    skill(character, "3 3", "construction-academic")
    character.refresh_from_db()


def the_copy(owner: User, original: Character) -> Character:
    return Character.objects.exclude(pk=original.pk).get(owner=owner)


@pytest.fixture
def surveyor(draft: Character) -> Character:
    draft.concept = CONCEPT
    draft.save()
    point_buy_darrian(draft)
    return draft


def test_the_copy_is_a_draft_with_the_concept_race_and_choices_but_no_dice(
    player: User, player_client: Client, surveyor: Character
) -> None:
    assert any(row.faces for row in log_entries(surveyor))
    response = player_client.post(copy_url(surveyor))

    copy = the_copy(player, surveyor)
    assert response.status_code == 303
    assert response["Location"] == reverse("characters:resume", args=[copy.id])
    assert copy.status == CharacterStatus.DRAFT
    assert copy.name == "Treva Donalson (copy)"
    assert copy.concept == CONCEPT
    assert copy.campaign is None
    assert copy.race_id == surveyor.race_id
    assert kinds(copy) == BEFORE_THE_FIRST_ROLL
    assert_no_dice(copy)
    progress = progress_for(copy, log_entries(copy))
    assert progress.race_name == "Darrian"
    assert progress.state.career == "Citizen"
    assert progress.allowed_kinds == {Kind.SPECIALISATION_ROLL}  # its own first roll is next
    assert copy.snapshot["profile"] == surveyor.snapshot["profile"]
    # The original is untouched.
    assert kinds(surveyor)[:4] == BEFORE_THE_FIRST_ROLL
    assert CreationLogEntry.objects.filter(character=surveyor).count() == 7


def test_the_new_draft_opens_at_its_next_step_with_what_was_copied(
    player_client: Client, surveyor: Character
) -> None:
    page = player_client.post(copy_url(surveyor), follow=True)
    assert page.status_code == 200
    text = page.content.decode()
    assert "“Treva Donalson (copy)” is a new draft with" in text
    assert "no dice were copied" in text
    assert page.redirect_chain[-1][0].endswith("/career/")


def test_a_rolled_character_carries_only_its_method(player: User, draft: Character) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)

    copied = character_copy(original=draft)

    assert copied.carried == (Kind.METHOD,)
    assert kinds(copied.character) == [Kind.METHOD]
    assert_no_dice(copied.character)
    assert copied.character.race is None  # the race came after the dice


def test_a_copy_inside_a_campaign_never_carries_dice(
    player: User, player_client: Client, campaign_draft: Character, campaign: Campaign
) -> None:
    roll_book_characteristics(campaign_draft)
    darrian(campaign_draft)
    citizen_construction(campaign_draft)
    skill(campaign_draft, "3 3", "construction-academic")

    response = player_client.post(copy_url(campaign_draft))

    assert response.status_code == 303
    copy = the_copy(player, campaign_draft)
    assert copy.campaign == campaign
    assert copy.status == CharacterStatus.DRAFT
    assert kinds(copy) == [Kind.METHOD]
    assert_no_dice(copy)


def test_a_campaign_copy_carries_the_players_race_still_waiting_for_the_gm(
    player: User, campaign_draft: Character, campaign: Campaign
) -> None:
    point_buy_darrian(campaign_draft)

    copy = character_copy(original=campaign_draft).character

    assert copy.campaign == campaign
    assert kinds(copy) == BEFORE_THE_FIRST_ROLL
    assert copy.race_id == campaign_draft.race_id
    assert_no_dice(copy)


def test_a_player_no_longer_in_the_campaign_gets_a_copy_outside_campaigns(
    player: User, campaign_draft: Character, campaign: Campaign
) -> None:
    set_house_rules(campaign, starting_credits=30_000)
    campaign.refresh_from_db()
    point_buy_darrian(campaign_draft)
    Membership.objects.filter(campaign=campaign, user=player).delete()

    copied = character_copy(original=campaign_draft)

    copy = copied.character
    assert copy.campaign is None
    assert copy.house_rules == house_rules_to_json(house_rules_for(None))
    # The campaign's race is not one a character outside it may choose: the copy stops there.
    assert copied.carried == (Kind.METHOD, Kind.POINT_BUY)
    assert copied.stopped_at == Kind.RACE
    assert copy.race is None
    assert_no_dice(copy)


def test_the_copy_gets_the_campaigns_rules_of_now_and_stops_where_they_refuse(
    player: User, campaign_draft: Character, campaign: Campaign
) -> None:
    point_buy_darrian(campaign_draft)
    set_house_rules(campaign, characteristic_methods="dice")
    campaign.refresh_from_db()

    copied = character_copy(original=campaign_draft)

    copy = copied.character
    assert copy.house_rules == house_rules_to_json(house_rules_for(campaign))
    assert copy.house_rules != campaign_draft.house_rules
    assert copied.carried == ()
    assert copied.stopped_at == Kind.METHOD
    assert kinds(copy) == []  # a fresh draft: name and concept only
    assert_named_first(copy)
    assert copy.name == "Rimmer (copy)"


def test_the_copy_is_pinned_to_the_current_rule_data_not_the_originals(
    player: User, surveyor: Character
) -> None:
    pinned = surveyor.rule_version_id
    career = Career.objects.get(name="Citizen")
    career.name = "Civilian"
    career.save()
    current = current_rulebook_version()
    assert current != pinned

    copied = character_copy(original=surveyor)

    assert copied.character.rule_version_id == current
    # The career is gone from the current data: the copy keeps what replays before it.
    assert copied.carried == (Kind.METHOD, Kind.POINT_BUY, Kind.RACE)
    assert copied.stopped_at == Kind.CAREER
    surveyor.refresh_from_db()
    assert surveyor.rule_version_id == pinned


def test_undone_decisions_are_not_copied(player: User, draft: Character) -> None:
    services.character_choose_method(character=draft, expected_sequence=1, method="point_buy")
    services.character_assign_points(character=draft, expected_sequence=2, values=POINTS)
    services.character_choose_race(character=draft, expected_sequence=3, race_id=None)
    services.character_choose_career(character=draft, expected_sequence=4, career="Citizen")
    services.character_undo(character=draft, expected_sequence=4)

    copied = character_copy(original=draft)

    assert kinds(copied.character) == [Kind.METHOD, Kind.POINT_BUY, Kind.RACE]


def test_a_long_name_still_fits() -> None:
    name = "N" * 120
    assert copy_name(name) == "N" * 113 + " (copy)"
    assert len(copy_name(name)) == 120
    assert copy_name("Treva") == "Treva (copy)"


def test_other_people_get_404_and_nothing_is_made(
    other_player_client: Client,
    gm_client: Client,
    outsider_client: Client,
    campaign_draft: Character,
) -> None:
    for client in (other_player_client, gm_client, outsider_client):
        assert client.post(copy_url(campaign_draft)).status_code == 404
    assert Character.objects.count() == 1


def test_anonymous_visitors_are_sent_to_log_in(client: Client, draft: Character) -> None:
    response = client.post(copy_url(draft))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]
    assert Character.objects.count() == 1


def test_a_get_changes_nothing(player_client: Client, surveyor: Character) -> None:
    assert player_client.get(copy_url(surveyor)).status_code == 405
    assert Character.objects.count() == 1


def test_the_copy_needs_the_csrf_token(player: User, draft: Character) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    assert client.post(copy_url(draft)).status_code == 403
    assert Character.objects.count() == 1


def test_a_player_at_the_draft_cap_is_refused_with_the_reason(
    player_client: Client, surveyor: Character, settings: object
) -> None:
    settings.MAX_INFINITY_DRIVE_DRAFTS = 1  # type: ignore[attr-defined]
    response = player_client.post(copy_url(surveyor), follow=True)
    assert response.redirect_chain[0][0] == reverse("characters:sheet", args=[surveyor.id])
    assert "You already have 1 drafts" in response.content.decode()
    assert Character.objects.count() == 1


def test_the_button_shows_to_the_owner_only(
    player_client: Client, gm_client: Client, campaign_draft: Character
) -> None:
    sheet = reverse("characters:sheet", args=[campaign_draft.id])
    assert copy_url(campaign_draft) in player_client.get(sheet).content.decode()
    listed = player_client.get(reverse("characters:list")).content.decode()
    assert copy_url(campaign_draft) in listed
    campaign_draft.status = CharacterStatus.FINISHED
    campaign_draft.save()
    assert gm_client.get(sheet).status_code == 200
    assert copy_url(campaign_draft) not in gm_client.get(sheet).content.decode()
