"""The book's examples through the Drifting services, and the trust rules."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_house_rules_change
from chargen.drifting import services
from chargen.drifting.models import (
    Character,
    CreationStep,
    Lifepath,
    LogEntry,
    LogKind,
    PendingAssist,
)
from rules import drifting as rules
from rules.errors import RulesError

JIM_FACES = (1, 4, 2, 5, 4)
FIREFIGHT = services.RollChoices(
    applicable=("Military", "Firearms", "Dodge"),
    deplete={"Military": 1, "Firearms": 1, "Dodge": 1},
    entered_faces=JIM_FACES,
)


def tokens(character: Character) -> dict[str, rules.TokenState]:
    return services.token_sheet(character)


def test_jims_firefight_is_fifteen_and_marks_three_checks_each(jim: Character) -> None:
    entry = services.character_roll(character=jim, key=jim.next_sequence, choices=FIREFIGHT)
    assert entry.total == 15
    assert entry.faces == list(JIM_FACES)
    assert entry.entered
    assert entry.details["kept_positions"] == [1, 3]
    assert entry.details["counted"] == [0, 4, 1, 5, 2]
    sheet = tokens(jim)
    assert {name: state.checks for name, state in sheet.items()} == {
        "Military": 10,
        "Firearms": 10,
        "Dodge": 3,
    }
    assert {name: state.depleted for name, state in sheet.items()} == {
        "Military": 1,
        "Firearms": 1,
        "Dodge": 1,
    }
    assert entry.details["gains_due"] == ["Military"]
    services.character_gain_token(character=jim, token="Military", key=jim.next_sequence)
    assert tokens(jim)["Military"].held == 2
    with pytest.raises(RulesError, match="20 check marks"):
        services.character_gain_token(character=jim, token="Firearms", key=jim.next_sequence)


def test_jim_saving_military_marks_only_three_firearms_checks(jim: Character) -> None:
    choices = services.RollChoices(
        applicable=("Firearms", "Dodge"),
        deplete={"Firearms": 2, "Dodge": 1},
        entered_faces=JIM_FACES,
    )
    entry = services.character_roll(character=jim, key=jim.next_sequence, choices=choices)
    assert entry.total == 15
    sheet = tokens(jim)
    assert sheet["Firearms"].checks == 10
    assert sheet["Firearms"].depleted == 2
    assert sheet["Military"].checks == 7


def test_lindas_tenth_shared_firearms_mark_becomes_a_token_at_the_gms_refresh(
    jim: Character, linda: Character, campaign: Campaign, gm: User
) -> None:
    choices = services.RollChoices(
        applicable=FIREFIGHT.applicable,
        deplete=FIREFIGHT.deplete,
        share_token="Firearms",
        share_with=linda,
        entered_faces=JIM_FACES,
    )
    services.character_roll(character=jim, key=jim.next_sequence, choices=choices)
    assert tokens(jim)["Firearms"].checks == 9  # the extra mark went to Linda
    assert tokens(linda)["Firearms"].shared_marks == 10
    assert tokens(linda)["Firearms"].held == 0
    assert linda.log.filter(kind=LogKind.SHARED_MARK).exists()
    assert services.campaign_refresh(campaign=campaign, by=gm) == 2
    assert tokens(linda)["Firearms"].held == 1
    assert tokens(jim)["Dodge"].depleted == 0


@pytest.mark.parametrize(
    ("step", "choices", "lost"),
    [(3, {"Repair": 1, "Piloting": 1}, ["Repair", "Piloting"]), (5, {"Repair": 1}, ["Repair"])],
)
def test_lindas_token_loss_follows_the_campaigns_margin_step(
    linda: Character, campaign: Campaign, step: int, choices: dict[str, int], lost: list[str]
) -> None:
    campaign_house_rules_change(campaign=campaign, by=campaign.gm, loss_margin_step=step)
    linda.refresh_from_db()
    services.character_lose_tokens(
        character=linda,
        key=linda.next_sequence,
        own_total=6,
        opponent_total=9,
        related=["Dodge"],
        choices=choices,
    )
    sheet = tokens(linda)
    assert [name for name, state in sheet.items() if state.lost] == lost


def test_the_default_step_is_the_rules_text(linda: Character) -> None:
    assert linda.campaign is not None
    assert linda.campaign.rules.loss_margin_step == rules.BOOK_LOSS_MARGIN_STEP


def test_a_replayed_roll_returns_the_saved_roll(jim: Character) -> None:
    key = jim.next_sequence
    server_roll = services.RollChoices(applicable=("Firearms",), deplete={"Firearms": 1})
    first = services.character_roll(character=jim, key=key, choices=server_roll)
    again = services.character_roll(character=jim, key=key, choices=server_roll)
    assert again.pk == first.pk
    assert LogEntry.objects.filter(character=jim, kind=LogKind.ROLL).count() == 1
    assert tokens(jim)["Firearms"].depleted == 1
    assert not first.entered
    assert len(first.faces) == 3


def test_a_stale_key_changes_nothing(jim: Character) -> None:
    with pytest.raises(services.StaleForm):
        services.character_roll(character=jim, key=jim.next_sequence + 5, choices=FIREFIGHT)
    assert not jim.log.filter(kind=LogKind.ROLL).exists()


def test_typed_faces_are_refused_when_the_campaign_rolls_on_the_server(
    jim: Character, campaign: Campaign
) -> None:
    campaign_house_rules_change(campaign=campaign, by=campaign.gm, physical_dice_allowed=False)
    jim.refresh_from_db()
    with pytest.raises(RulesError, match="server only"):
        services.character_roll(character=jim, key=jim.next_sequence, choices=FIREFIGHT)


def test_an_assist_gives_lindas_die_and_plus_one_to_jims_next_roll(
    jim: Character, linda: Character
) -> None:
    services.character_assist(helper=linda, recipient=jim, token="Space", key=linda.next_sequence)
    assert tokens(linda)["Space"].depleted == 1
    assert tokens(linda)["Space"].checks == 2
    choices = services.RollChoices(
        applicable=("Firearms",), deplete={"Firearms": 2}, entered_faces=(1, 4, 2, 5, 4)
    )
    entry = services.character_roll(character=jim, key=jim.next_sequence, choices=choices)
    assert entry.details["modifier"] == 3
    assert entry.details["assists"] == ["Linda's Space"]
    assert not services.waiting_assists(jim)


def test_creation_from_lifepaths_into_tokens(player: User, lifepaths: dict[str, Lifepath]) -> None:
    character = services.character_start(owner=player)
    assert character.log.filter(kind=LogKind.STARTED).exists()
    services.character_set_concept(
        character=character,
        key=character.next_sequence,
        name="Jim",
        concept="Marine gone rogue",
        campaign=None,
    )
    for slug in ["us-marine", "marine-veteran", "deserter", "drifter"]:
        services.character_add_lifepath(
            character=character, lifepath=lifepaths[slug], key=character.next_sequence
        )
    # A double-click on the last one adds nothing.
    services.character_add_lifepath(
        character=character, lifepath=lifepaths["drifter"], key=character.next_sequence - 1
    )
    assert character.lifepaths.count() == 4
    services.character_review(character=character, key=character.next_sequence)
    services.character_finish(character=character, key=character.next_sequence)
    character.refresh_from_db()
    assert character.step == CreationStep.FINISHED
    sheet = tokens(character)
    assert sheet["Firearms"].held == 2
    assert sheet["Dodge"].held == 2
    assert sheet["Exile"].kind == rules.TokenKind.REPUTATION
    with pytest.raises(RulesError, match="finished"):
        services.character_add_lifepath(
            character=character, lifepath=lifepaths["grifter"], key=character.next_sequence
        )


def test_a_lifepath_out_of_order_is_refused(player: User, lifepaths: dict[str, Lifepath]) -> None:
    character = services.character_start(owner=player)
    services.character_set_concept(
        character=character, key=character.next_sequence, name="Ann", concept="", campaign=None
    )
    with pytest.raises(RulesError, match="must follow"):
        services.character_add_lifepath(
            character=character, lifepath=lifepaths["deserter"], key=character.next_sequence
        )
    assert not character.lifepaths.exists()


def test_the_campaigns_lifepath_count_is_the_limit(
    player: User, campaign: Campaign, lifepaths: dict[str, Lifepath]
) -> None:
    campaign_house_rules_change(campaign=campaign, by=campaign.gm, lifepath_count=2)
    character = services.character_start(owner=player)
    services.character_set_concept(
        character=character, key=character.next_sequence, name="Bo", concept="", campaign=campaign
    )
    services.character_add_lifepath(
        character=character, lifepath=lifepaths["grifter"], key=character.next_sequence
    )
    services.character_add_lifepath(
        character=character, lifepath=lifepaths["drifter"], key=character.next_sequence
    )
    with pytest.raises(RulesError, match="already has its 2 lifepaths"):
        services.character_add_lifepath(
            character=character, lifepath=lifepaths["exile-born"], key=character.next_sequence
        )
    services.character_review(character=character, key=character.next_sequence)


def test_a_gms_campaign_lifepath_is_offered_only_in_that_campaign(
    campaign: Campaign, storm_guide: Lifepath
) -> None:
    assert services.lifepaths_available(campaign).filter(pk=storm_guide.pk).exists()
    assert not services.lifepaths_available(None).filter(pk=storm_guide.pk).exists()


def test_only_the_gm_refreshes_a_campaign(campaign: Campaign, player: User) -> None:
    with pytest.raises(RulesError):
        services.campaign_refresh(campaign=campaign, by=player)


def test_a_player_refreshes_outside_a_campaign(player: User) -> None:
    from tests.chargen.drifting.conftest import make_played_character

    solo = make_played_character(
        player, "Solo", [rules.TokenState("Space", held=1, depleted=1)], None
    )
    services.character_refresh(character=solo, key=solo.next_sequence)
    assert tokens(solo)["Space"].depleted == 0


def test_a_fourth_assist_waiting_for_the_same_roll_is_refused(
    jim: Character, other_player: User, campaign: Campaign
) -> None:
    from tests.chargen.drifting.conftest import make_played_character

    ann = make_played_character(other_player, "Ann", [rules.TokenState("Space", held=4)], campaign)
    for _ in range(3):
        services.character_assist(helper=ann, recipient=jim, token="Space", key=ann.next_sequence)
    with pytest.raises(RulesError, match="already has 3 assists waiting"):
        services.character_assist(helper=ann, recipient=jim, token="Space", key=ann.next_sequence)
    assert tokens(ann)["Space"].depleted == 3
    assert len(services.waiting_assists(jim)) == 3


def test_a_roll_takes_the_three_oldest_assists_and_the_rest_wait(
    jim: Character, linda: Character
) -> None:
    # Two helpers at the same instant can both pass the three-waiting check.
    for token in ("Space", "Repair", "Piloting", "Space"):
        PendingAssist.objects.create(recipient=jim, helper=linda, token=token)
    entry = services.character_roll(
        character=jim, key=jim.next_sequence, choices=services.RollChoices()
    )
    assert len(entry.faces) == 5
    assert entry.details["modifier"] == 3
    assert entry.details["assists"] == ["Linda's Space", "Linda's Repair", "Linda's Piloting"]
    assert [assist.token for assist in services.waiting_assists(jim)] == ["Space"]
