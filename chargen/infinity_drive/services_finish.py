"""The wizard's second half: equipment (step 7), history and details (8), review and
finish (9), and the character sheet built from the replayed log.

Step 9 lives here; the others have a module each, and this one names them all so a
caller (the views, the desk's party pages, tests) has one place to import from:

- selectors_finish.py: the whole log replayed for the pages (`Finish`, `finish_load`)
- services_equipment.py: the option, the background rolls, buying and selling back
- services_history.py: the notes for each roll, age and appearance
- sheet.py: the sheet's characteristic lines, roll counts and background results
- part_two.py / part_two_write.py: steps 7–8 as log entries, and how they are written
"""

from __future__ import annotations

from django.db import transaction

from chargen.desk.models import PassageAction
from chargen.desk.passages import passage_record
from chargen.infinity_drive.access import refuse_unless_still_in_campaign
from chargen.infinity_drive.campaign_rules import house_rules_for
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.models import Character, CharacterStatus
from chargen.infinity_drive.part_two import BACKGROUND_ROLL
from chargen.infinity_drive.part_two_write import locked_character, refuse_unless_editable
from chargen.infinity_drive.selectors_finish import Finish, HistoryItem, finish_load, history_items
from chargen.infinity_drive.services_equipment import (
    MAX_QUANTITY,
    equipment_choose_option,
    equipment_roll_background,
    equipment_set_quantity,
)
from chargen.infinity_drive.services_history import MAX_NOTE_LENGTH, history_save
from chargen.infinity_drive.sheet import (
    CharacteristicLine,
    background_results,
    characteristic_lines,
    roll_counts,
    sheet_context,
)

__all__ = [
    "BACKGROUND_ROLL",
    "MAX_NOTE_LENGTH",
    "MAX_QUANTITY",
    "CharacteristicLine",
    "Finish",
    "HistoryItem",
    "background_results",
    "character_finish",
    "characteristic_lines",
    "equipment_choose_option",
    "equipment_roll_background",
    "equipment_set_quantity",
    "finish_load",
    "history_items",
    "history_save",
    "roll_counts",
    "sheet_context",
]


@transaction.atomic
def character_finish(*, character: Character) -> Character:
    """Finish the character, or submit it to the GM when the campaign asks for approval."""
    character = locked_character(character)
    refuse_unless_editable(character)
    finish = finish_load(character)
    blockers = finish.finish_blockers
    if blockers:
        raise StepRefused(" ".join(blockers))
    campaign = character.campaign
    needs_approval = bool(campaign and house_rules_for(campaign).approval_required)
    if needs_approval:
        refuse_unless_still_in_campaign(
            character, what=f"{character.name} cannot be submitted to its GM"
        )
    character.status = CharacterStatus.SUBMITTED if needs_approval else CharacterStatus.FINISHED
    character.snapshot = finish.progress.snapshot()
    character.save(update_fields=["status", "snapshot", "updated"])
    if needs_approval:
        passage_record(subject=character, action=PassageAction.SUBMITTED)
    return character
