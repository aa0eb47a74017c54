"""The wizard's services under each campaign's house rules."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.http import Http404
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.characters import services
from chargen.characters.access import character_for_owner, character_for_viewer
from chargen.characters.errors import StepRefused
from chargen.characters.log import log_entries
from chargen.characters.models import Character, CharacterStatus, Race, RaceStatus
from chargen.characters.progress import Progress, progress_for
from rules.errors import RulesError
from tests.chargen.characters.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
    skill,
    survive,
)
from tests.chargen.house_rules import set_house_rules


def progress(character: Character) -> Progress:
    character.refresh_from_db()
    return progress_for(character, log_entries(character))


def started_under(campaign: Campaign, owner: User, **rules: object) -> Character:
    """A draft started after the GM set `rules` (a character keeps the rules it starts with)."""
    set_house_rules(campaign.pk, **rules)
    campaign.refresh_from_db()
    return services.character_start(owner=owner, campaign=campaign, name="Rimmer", concept="")


def to_first_survival(character: Character) -> None:
    roll_book_characteristics(character)
    darrian(character)
    citizen_construction(character)
    for faces in ("1 1", "1 3", "3 3", "2 2"):
        skill(character, faces, "construction-academic")


def test_metaphysical_is_absent_when_psionics_are_off(
    campaign: Campaign, player: User, player_client: Client
) -> None:
    campaign_draft = started_under(campaign, player, metaphysical_in_play=False)
    services.character_choose_method(character=campaign_draft, expected_sequence=1, method="dice")
    assert "Mtp" not in progress(campaign_draft).codes_in_play
    services.character_roll_characteristic(
        character=campaign_draft, expected_sequence=2, typed_faces="3 3"
    )
    with pytest.raises(RulesError):
        services.character_place_characteristic(
            character=campaign_draft, expected_sequence=3, characteristic="Mtp"
        )
    page = player_client.get(reverse("characters:characteristics", args=[campaign_draft.id]))
    assert "Metaphysical" not in page.content.decode()
    assert "Intellect" in page.content.decode()


def test_a_dice_only_campaign_refuses_point_buy(campaign: Campaign, player: User) -> None:
    campaign_draft = started_under(campaign, player, characteristic_methods="dice")
    with pytest.raises(RulesError, match="only dice"):
        services.character_choose_method(
            character=campaign_draft, expected_sequence=1, method="point_buy"
        )
    assert not log_entries(campaign_draft)


def test_each_roll_is_placed_before_the_next(draft: Character) -> None:
    services.character_choose_method(character=draft, expected_sequence=1, method="dice")
    services.character_roll_characteristic(character=draft, expected_sequence=2)
    with pytest.raises(StepRefused, match="Not now"):
        services.character_roll_characteristic(character=draft, expected_sequence=3)
    services.character_place_characteristic(
        character=draft, expected_sequence=3, characteristic="Int"
    )
    services.character_roll_characteristic(character=draft, expected_sequence=4)
    with pytest.raises(RulesError, match="already has a value"):
        services.character_place_characteristic(
            character=draft, expected_sequence=5, characteristic="Int"
        )


def test_typed_dice_are_refused_where_the_gm_wants_server_dice(
    campaign: Campaign, player: User
) -> None:
    campaign_draft = started_under(campaign, player, physical_dice_allowed=False)
    services.character_choose_method(character=campaign_draft, expected_sequence=1, method="dice")
    with pytest.raises(StepRefused) as refused:
        services.character_roll_characteristic(
            character=campaign_draft, expected_sequence=2, typed_faces="6 6"
        )
    assert refused.value.field == "faces"
    assert len(log_entries(campaign_draft)) == 1


def test_a_proposed_race_waits_for_the_gm_but_building_goes_on(
    campaign_draft: Character, campaign: Campaign
) -> None:
    roll_book_characteristics(campaign_draft)
    darrian(campaign_draft)
    campaign_draft.refresh_from_db()
    race = campaign_draft.race
    assert race is not None
    assert race.status == RaceStatus.PROPOSED
    assert race.campaign == campaign
    assert race.adjustments == {"Int": 3, "Res": -2, "Mtp": -1}
    citizen_construction(campaign_draft)
    assert progress(campaign_draft).state.specialisation == "Construction"


def test_an_illegal_race_is_refused_and_not_saved(draft: Character) -> None:
    roll_book_characteristics(draft)
    with pytest.raises(RulesError, match="at most 6"):
        services.race_propose(
            character=draft,
            expected_sequence=next_sequence(draft),
            name="Titans",
            reason="Big.",
            adjustments={"Mus": 3, "Grc": 3, "Res": 3, "Int": -3, "Sty": -3, "Chz": -3},
        )
    with pytest.raises(RulesError, match="reason"):
        services.race_propose(
            character=draft,
            expected_sequence=next_sequence(draft),
            name="Quiet",
            reason=" ",
            adjustments={"Int": 1, "Chz": -1},
        )
    assert not Race.objects.exists()
    assert progress(draft).state.expecting == "race"


def test_a_rejected_race_sends_the_player_back_and_keeps_the_dice(
    campaign_draft: Character, player_client: Client
) -> None:
    roll_book_characteristics(campaign_draft)
    darrian(campaign_draft)
    citizen_construction(campaign_draft)
    campaign_draft.refresh_from_db()
    race = campaign_draft.race
    assert race is not None
    race.status = RaceStatus.REJECTED
    race.gm_note = "Too clever by half."
    race.save()
    rolls_before = [entry.faces for entry in log_entries(campaign_draft) if entry.dice]

    assert not progress(campaign_draft).race_done
    page = player_client.get(reverse("characters:race", args=[campaign_draft.id]))
    assert "Too clever by half." in page.content.decode()

    services.character_choose_race(
        character=campaign_draft, expected_sequence=next_sequence(campaign_draft), race_id=None
    )
    after = progress(campaign_draft)
    assert campaign_draft.race is None
    assert after.race_done
    assert after.state.profile == "58C2874"
    assert [entry.faces for entry in log_entries(campaign_draft) if entry.dice] == rolls_before
    assert log_entries(campaign_draft)[-1].kind == "race_change"


def test_a_race_cannot_be_changed_unless_rejected(draft: Character) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    with pytest.raises(StepRefused, match="Not now"):
        services.character_choose_race(
            character=draft, expected_sequence=next_sequence(draft), race_id=None
        )


def test_death_keeps_the_character_marked_dead(campaign: Campaign, player: User) -> None:
    campaign_draft = started_under(campaign, player, survival_failure="death")
    to_first_survival(campaign_draft)
    survive(campaign_draft, "1 1")  # 2 does not beat 3
    campaign_draft.refresh_from_db()
    assert campaign_draft.status == CharacterStatus.DEAD
    assert progress(campaign_draft).state.dead
    with pytest.raises(StepRefused, match="dead"):
        services.character_roll_skill(
            character=campaign_draft, expected_sequence=next_sequence(campaign_draft)
        )


def test_a_setback_costs_a_roll_and_a_characteristic(campaign: Campaign, player: User) -> None:
    campaign_draft = started_under(campaign, player, survival_failure="setback")
    to_first_survival(campaign_draft)
    before = progress(campaign_draft).state
    survive(campaign_draft, "1 2")
    assert progress(campaign_draft).state.expecting == "setback"
    services.character_choose_setback(
        character=campaign_draft,
        expected_sequence=next_sequence(campaign_draft),
        characteristic="Grc",
    )
    after = progress(campaign_draft).state
    assert after.characteristics["Grc"] == before.characteristics["Grc"] - 1
    assert after.rolls_left == before.rolls_left - 1


def test_under_the_book_the_player_chooses_death_or_setback(draft: Character) -> None:
    to_first_survival(draft)
    survive(draft, "1 1")
    assert progress(draft).state.expecting == "survival_outcome"
    services.character_choose_survival_outcome(
        character=draft, expected_sequence=next_sequence(draft), outcome="death"
    )
    draft.refresh_from_db()
    assert draft.status == CharacterStatus.DEAD


def test_the_first_group_uses_only_the_specialisation_tables(draft: Character) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    services.character_roll_skill(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="3 3"
    )
    with pytest.raises(RulesError, match="first group of four"):
        services.character_choose_table(
            character=draft,
            expected_sequence=next_sequence(draft),
            table="citizen-planetside-academic",
        )


def test_the_quota_refuses_an_action_table_while_academic_rolls_are_owed(
    draft: Character,
) -> None:
    to_first_survival(draft)
    survive(draft, "3 3")
    second_group = (
        ("4 4", "construction-academic"),
        ("2 3", "citizen-planetside-academic"),
        ("3 3", "construction-academic"),
        ("4 5", "citizen-planetside-academic"),
    )
    for faces, table in second_group:
        skill(draft, faces, table)
    survive(draft, "4 5")
    services.character_roll_skill(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="3 3"
    )
    # 8 rolls used, 5 left, 2 academic still owed: an action roll is still allowed...
    services.character_choose_table(
        character=draft, expected_sequence=next_sequence(draft), table="construction-action"
    )
    for _ in range(2):
        services.character_roll_skill(
            character=draft, expected_sequence=next_sequence(draft), typed_faces="3 3"
        )
        services.character_choose_table(
            character=draft, expected_sequence=next_sequence(draft), table="construction-action"
        )
    services.character_roll_skill(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="3 3"
    )
    # ...but with 2 left and 2 owed, the action tables are closed.
    with pytest.raises(RulesError, match="owe 2 academic"):
        services.character_choose_table(
            character=draft, expected_sequence=next_sequence(draft), table="construction-action"
        )


def test_viewer_access_follows_the_campaign(
    campaign_draft: Character, player: User, gm: User, other_player: User, outsider: User
) -> None:
    assert character_for_owner(player, campaign_draft.id) == campaign_draft
    assert character_for_viewer(gm, campaign_draft.id) == campaign_draft
    for stranger in (other_player, outsider):
        with pytest.raises(Http404):
            character_for_viewer(stranger, campaign_draft.id)
    with pytest.raises(Http404):
        character_for_owner(gm, campaign_draft.id)
    campaign_draft.status = CharacterStatus.FINISHED
    campaign_draft.save()
    assert character_for_viewer(other_player, campaign_draft.id) == campaign_draft
    with pytest.raises(Http404):
        character_for_viewer(outsider, campaign_draft.id)


def strong_citizen(character: Character) -> None:
    """Point buy with Muscle at C (12), an academic learner, Citizen Construction."""
    services.character_choose_method(character=character, expected_sequence=1, method="point_buy")
    services.character_assign_points(
        character=character,
        expected_sequence=2,
        values={"Mus": 12, "Grc": 6, "Res": 6, "Int": 8, "Sty": 8, "Chz": 6, "Mtp": 4},
    )
    services.character_choose_race(character=character, expected_sequence=3, race_id=None)
    citizen_construction(character)


def test_rising_beyond_the_maximum_asks_for_the_history_reason(
    draft: Character, player_client: Client
) -> None:
    strong_citizen(draft)
    services.character_roll_skill(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="1 1"
    )
    page = player_client.get(reverse("characters:skills", args=[draft.id])).content.decode()
    assert "+1 Mus" in page
    assert "the roll is lost unless you give a history reason" in page
    assert 'name="history_reason"' in page
    services.character_choose_table(
        character=draft,
        expected_sequence=next_sequence(draft),
        table="construction-academic",
        history_reason="Years hauling Infinity Drive parts by hand.",
    )
    state = progress(draft).state
    assert state.characteristics["Mus"] == 13
    assert log_entries(draft)[-1].history_note == "Years hauling Infinity Drive parts by hand."


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_skill_roll_posts_make_one_roll(player: User) -> None:
    import threading

    from django.db import connection

    character = Character.objects.create(owner=player, name="Twin")
    strong_citizen(character)
    sequence = next_sequence(character)
    start_together = threading.Barrier(2)
    shown: list[tuple[int, list[int]]] = []
    errors: list[BaseException] = []

    def post() -> None:
        try:
            start_together.wait(timeout=10)
            written = services.character_roll_skill(
                character=Character.objects.get(pk=character.pk), expected_sequence=sequence
            )
            shown.append((written.entry.pk, written.entry.faces))
        except BaseException as error:  # reported to the test thread below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=post) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors
    assert len(shown) == 2
    assert shown[0] == shown[1]
    rolls = [entry for entry in log_entries(character) if entry.kind == "skill_roll"]
    assert len(rolls) == 1


def test_without_a_history_reason_the_roll_beyond_the_maximum_is_lost(draft: Character) -> None:
    strong_citizen(draft)
    skill(draft, "1 1", "construction-academic")
    state = progress(draft).state
    assert state.characteristics["Mus"] == 12
    assert len(state.lost_rolls) == 1
    assert "lost" in state.lost_rolls[0].reason


def test_a_proposed_race_blocks_finishing_until_approved(campaign_draft: Character) -> None:
    roll_book_characteristics(campaign_draft)
    darrian(campaign_draft)
    blockers = progress(campaign_draft).finish_blockers
    assert any("not yet approved the race Darrian" in blocker for blocker in blockers)
    assert campaign_draft.race is not None
    assert campaign_draft.race is not None
    campaign_draft.race.status = RaceStatus.APPROVED
    campaign_draft.race.save()
    assert not any("Darrian" in blocker for blocker in progress(campaign_draft).finish_blockers)


def test_a_non_humanoid_race_rolls_its_own_dice_per_characteristic(
    campaign: Campaign, campaign_draft: Character, player_client: Client
) -> None:
    brutes = Race.objects.create(
        campaign=campaign,
        kind="non_humanoid",
        name="Kethra",
        reason="Tough, slow-witted burrowers.",
        non_humanoid_dice={"Mus": 3, "Grc": 2, "Res": 3, "Int": 1, "Sty": 2, "Chz": 1, "Mtp": 2},
        status=RaceStatus.APPROVED,
    )
    page = player_client.get(reverse("characters:characteristics", args=[campaign_draft.id]))
    assert "Non-humanoid: Kethra" in page.content.decode()
    response = player_client.post(
        reverse("characters:method", args=[campaign_draft.id]),
        {"sequence": 1, "method": f"race:{brutes.id}"},
    )
    assert response.status_code == 303
    campaign_draft.refresh_from_db()
    assert campaign_draft.race == brutes
    with pytest.raises(StepRefused):
        services.character_roll_characteristic(character=campaign_draft, expected_sequence=2)
    services.character_roll_characteristic(
        character=campaign_draft, expected_sequence=2, characteristic="Mus", typed_faces="6 6 6"
    )
    state = progress(campaign_draft).state
    assert state.characteristics["Mus"] == 18
    assert progress(campaign_draft).unplaced_roll is None
    with pytest.raises(StepRefused, match="You typed 2 faces; 1d6 has 1 die"):
        services.character_roll_characteristic(
            character=campaign_draft, expected_sequence=3, characteristic="Int", typed_faces="3 3"
        )
    assert len(log_entries(campaign_draft)) == 2
