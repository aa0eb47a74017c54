"""Treva Donalson from the book, built through the wizard's services with the book's dice."""

from __future__ import annotations

from chargen.infinity_drive import services
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, RaceStatus
from chargen.infinity_drive.progress import progress_for
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
    skill,
    survive,
)

ACADEMIC = "construction-academic"
ACTION = "construction-action"
PLANETSIDE_ACADEMIC = "citizen-planetside-academic"
PLANETSIDE_ACTION = "citizen-planetside-action"


def test_treva_donalson_replays_from_the_book(draft: Character) -> None:
    roll_book_characteristics(draft)
    progress = progress_for(draft, log_entries(draft))
    assert progress.state.profile == "58C2874"
    assert progress.state.characteristics.total == 46

    darrian(draft)
    draft.refresh_from_db()
    # Outside a campaign there is no GM to ask: the player's own race stands.
    assert draft.race is not None
    assert draft.race.status == RaceStatus.APPROVED
    assert progress_for(draft, log_entries(draft)).state.profile == "58A5873"

    citizen_construction(draft)
    state = progress_for(draft, log_entries(draft)).state
    assert state.specialisation == "Construction"
    assert state.learner is not None
    assert (state.learner.academic_total, state.learner.action_total) == (13, 12)
    assert state.rolls_total == 13
    assert state.learner.quota == 10

    skill(draft, "1 1", ACADEMIC)  # 2: +1 Mus
    services.character_roll_skill(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="4 5"
    )  # 9: Psychic, prerequisite not met
    services.character_reroll_skill(
        character=draft, expected_sequence=next_sequence(draft), table=ACADEMIC, typed_faces="1 3"
    )
    services.character_choose_table(
        character=draft, expected_sequence=next_sequence(draft), table=ACADEMIC
    )  # 4: Clerical
    skill(draft, "3 3", ACADEMIC)  # 6: Diplomacy 1
    skill(draft, "4 6", ACADEMIC, specialty="Black Market")  # 10: Knowledge
    survive(draft, "2 3")
    skill(draft, "4 4", ACADEMIC)  # 8: Intimidation
    skill(draft, "2 3", PLANETSIDE_ACADEMIC)  # 5: Broker
    skill(draft, "3 3", ACADEMIC)  # 6: Diplomacy 2
    skill(draft, "4 5", PLANETSIDE_ACADEMIC)  # 9: Diplomacy 3
    survive(draft, "4 5")
    skill(draft, "3 3", ACADEMIC)  # 6: Diplomacy 4
    skill(draft, "5 6", ACADEMIC)  # 11: Local
    skill(draft, "2 2", ACTION)  # 4: Recon 1
    skill(draft, "3 4", ACADEMIC)  # 7: Bribery 1
    survive(draft, "4 4")  # the survival roll the book leaves out
    skill(draft, "3 3", PLANETSIDE_ACTION)  # 6: Drive 1
    survive(draft, "3 4")

    draft.refresh_from_db()
    progress = progress_for(draft, log_entries(draft))
    assert progress.skills_done
    assert progress.state.profile == "68A5873"
    assert progress.state.skill_notation == (
        "Athletics, Acrobatics, Bribery – 1, Broker, Clerical, Diplomacy – 4, Drive – 1, Evade, "
        "Intimidation, Knowledge (Black Market), Local, Recon – 1, Stealth, Swim, "
        "Zero-G Movement"
    )
    every_roll = [entry for entry in log_entries(draft) if entry.dice]
    assert every_roll
    assert all(entry.entered for entry in every_roll)
    assert draft.snapshot["profile"] == "68A5873"
    assert draft.snapshot["entered_rolls"] == len(every_roll)
    assert draft.snapshot["server_rolls"] == 0
