"""Steps 8 and 9: history notes with prompts, age and appearance; finish or submit."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from chargen.campaigns.models import Campaign
from chargen.content.models import HistoryPrompt
from chargen.core import roll_keys
from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CharacterStatus, RaceStatus
from tests.chargen.house_rules import set_house_rules
from tests.chargen.infinity_drive_finish.build import (
    choose_option,
    equip_standard,
    save_history,
    write_history,
)


def test_every_skill_roll_has_a_history_item_with_a_prompt(treva: Character) -> None:
    items = finish.finish_load(treva).history
    titles = [item.title for item in items]
    # The specialisation, 13 skill rolls and 4 survival rolls.
    assert titles[0] == "Career: Citizen, Construction"
    assert sum(title.startswith("Skill roll") for title in titles) == 13
    assert sum(title.startswith("Survival") for title in titles) == 4
    second = next(item for item in items if item.title.startswith("Skill roll 2"))
    # The roll with the reroll shows both dice: 9 (Psychic refused) then 4 (Clerical).
    assert [entry.total for entry in second.dice_entries] == [9, 4]
    assert "Clerical" in second.prompt
    assert "Construction" in second.prompt
    knowledge = next(item for item in items if "Knowledge" in item.title)
    assert "rank 0" in knowledge.prompt  # the skill_new prompt


def test_a_campaign_prompt_replaces_the_default(
    treva_under: Callable[..., Character], campaign: Campaign
) -> None:
    # Set before the character starts: a character keeps the content it started with.
    HistoryPrompt.objects.create(campaign=campaign, key="survival", template="Rim survival {roll}")
    items = finish.finish_load(treva_under()).history
    assert next(item.prompt for item in items if item.title == "Survival roll") == (
        "Rim survival 5"
    )


def test_history_saves_notes_age_and_appearance(treva: Character) -> None:
    equip_standard(treva)
    items = finish.finish_load(treva).history
    target = items[1].entry.sequence
    stranger = max(entry.sequence for entry in log_entries(treva)) + 50
    save_history(
        treva,
        notes={target: "  Moved engine parts all day.  ", stranger: "ignored"},
        age="34",
        appearance="Tall.",
    )
    after = finish.finish_load(treva)
    notes = {item.sequence: item.note for item in after.history}
    assert notes[target] == "Moved engine parts all day."
    assert stranger not in notes
    assert all(entry.payload.get("sequence") != stranger for entry in after.entries)
    assert (after.age, after.appearance) == ("34", "Tall.")


def test_history_waits_for_equipment(treva: Character) -> None:
    with pytest.raises(StepRefused, match="equipment"):
        write_history(treva)


def test_finish_outside_a_campaign(treva: Character) -> None:
    equip_standard(treva)
    write_history(treva)
    finished = finish.character_finish(character=treva)
    assert finished.status == CharacterStatus.FINISHED
    assert finished.snapshot["profile"] == "68A5873"
    assert finished.snapshot["entered_rolls"] > 0
    assert finished.snapshot["server_rolls"] == 0
    with pytest.raises(StepRefused, match="finished"):
        finish.character_finish(character=finished)


def test_finish_submits_when_the_campaign_asks_for_approval(campaign_treva: Character) -> None:
    set_house_rules(campaign_treva.campaign_id, approval_required=True)
    campaign_treva.refresh_from_db()
    assert campaign_treva.race is not None
    assert campaign_treva.race is not None
    campaign_treva.race.status = RaceStatus.APPROVED
    campaign_treva.race.save()
    equip_standard(campaign_treva)
    write_history(campaign_treva)
    assert finish.character_finish(character=campaign_treva).status == CharacterStatus.SUBMITTED


def test_a_returned_character_edits_history_and_submits_again(campaign_treva: Character) -> None:
    set_house_rules(campaign_treva.campaign_id, approval_required=True)
    assert campaign_treva.race is not None
    assert campaign_treva.race is not None
    campaign_treva.race.status = RaceStatus.APPROVED
    campaign_treva.race.save()
    campaign_treva.refresh_from_db()
    equip_standard(campaign_treva)
    write_history(campaign_treva)
    Character.objects.filter(pk=campaign_treva.pk).update(status=CharacterStatus.RETURNED)
    campaign_treva.refresh_from_db()
    save_history(campaign_treva, notes={}, age="35", appearance="Scarred.")
    assert finish.character_finish(character=campaign_treva).status == CharacterStatus.SUBMITTED


@pytest.mark.parametrize(
    ("race_status", "message"),
    [(RaceStatus.PROPOSED, "not yet approved"), (RaceStatus.REJECTED, "rejected")],
)
def test_an_unapproved_race_blocks_finishing(
    campaign_treva: Character, race_status: str, message: str
) -> None:
    assert campaign_treva.race is not None
    assert campaign_treva.race is not None
    campaign_treva.race.status = race_status
    campaign_treva.race.save()
    equip_standard(campaign_treva)
    blockers = " ".join(finish.finish_load(campaign_treva).finish_blockers)
    assert message in blockers
    with pytest.raises(StepRefused, match=message):
        finish.character_finish(character=campaign_treva)
    campaign_treva.refresh_from_db()
    assert campaign_treva.status == CharacterStatus.DRAFT


def test_finish_needs_age_and_appearance(treva: Character) -> None:
    equip_standard(treva)
    with pytest.raises(StepRefused, match="age and appearance"):
        finish.character_finish(character=treva)


def test_sheet_characteristics_carry_the_books_modifiers(treva: Character) -> None:
    lines = finish.characteristic_lines(finish.finish_load(treva))
    assert [(line.code, line.hex, line.modifier_text) for line in lines] == [
        ("Mus", "6", "0"),
        ("Grc", "8", "+1"),
        ("Res", "A", "+1"),
        ("Int", "5", "0"),
        ("Sty", "8", "+1"),
        ("Chz", "7", "0"),
        ("Mtp", "3", "-1"),
    ]


def test_roll_counts_keep_server_and_entered_apart(treva: Character) -> None:
    choose_option(treva, "variable")
    finish.equipment_roll_background(
        character=treva, expected_sequence=finish.finish_load(treva).next_sequence
    )
    counts = finish.roll_counts(log_entries(treva), roll_keys.known_public_keys())
    assert counts["server_rolls"] == 1
    assert counts["imported_rolls"] == 0
    assert counts["entered_rolls"] == sum(1 for e in log_entries(treva) if e.dice) - 1
