"""Copy a character as a template: a new draft with its concept and choices, no dice.

As D&D Beyond players copy a build to start a variant, a player copies one of their
characters: the copy is a fresh draft named "<name> (copy)", with the same concept,
in the same campaign while the player is still in it (else outside any campaign),
under the rule data and house rules a character started now gets. It carries the
original's leading decisions that involve no dice (the method, point-buy values, the
race, the career: whatever came before the first roll), each written through the
wizard's own services, so every row is checked by the rules as if the player had
chosen it now. The first one that no longer fits the current rules ends the copy
there. No row with dice is ever copied, in a campaign or outside one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.db import transaction

from chargen.campaigns.models import Campaign
from chargen.core.log import FIRST_SEQUENCE, effective
from chargen.infinity_drive import services
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.log import Written, log_entries
from chargen.infinity_drive.models import Character, CreationLogEntry
from chargen.infinity_drive.wizard.log_walk import UNDO_LABELS, Kind
from rules.errors import RulesError

COPY_SUFFIX = " (copy)"

# The decisions a copy may carry: none of them rolls a die or reads one. A placed
# characteristic reads the roll before it, so it is never among them.
COPYABLE_KINDS: frozenset[str] = frozenset(
    {Kind.METHOD, Kind.POINT_BUY, Kind.NON_HUMANOID, Kind.RACE, Kind.CAREER}
)

COPIED_LABELS: dict[str, str] = {
    **UNDO_LABELS,
    Kind.METHOD: "the characteristics method",
    Kind.NON_HUMANOID: "the non-humanoid race",
}


@dataclass(frozen=True)
class Copied:
    """The new draft, the decisions it carries, and why the copy stopped early (if it did)."""

    character: Character
    carried: tuple[str, ...]  # log kinds, in order
    stopped_at: str = ""  # the kind the current rules refused
    reason: str = ""

    @property
    def carried_labels(self) -> list[str]:
        return [COPIED_LABELS.get(kind, kind) for kind in self.carried]


def copy_name(name: str) -> str:
    """The name "<name> (copy)", the original's cut so that it fits the column."""
    limit = Character._meta.get_field("name").max_length or 0
    return name[: limit - len(COPY_SUFFIX)].rstrip() + COPY_SUFFIX


def copy_campaign(original: Character) -> Campaign | None:
    """The original's campaign while its owner is still in it; else none."""
    campaign = original.campaign
    if campaign is not None and campaign.is_member(original.owner):
        return campaign
    return None


def leading_decisions(entries: Sequence[CreationLogEntry]) -> list[CreationLogEntry]:
    """The decisions in force before the first roll (undone ones and undo rows left out)."""
    leading: list[CreationLogEntry] = []
    for entry in effective(entries):
        if entry.kind == Kind.CONCEPT:
            continue  # the copy has its own name row, written by its start
        if entry.dice or entry.faces or entry.kind not in COPYABLE_KINDS:
            break
        leading.append(entry)
    return leading


# Each copied row is written through the service a player's form calls.
Replay = Callable[[Character, int, CreationLogEntry, Character], Written]

_REPLAYS: dict[str, Replay] = {
    Kind.METHOD: lambda copy, sequence, entry, original: services.character_choose_method(
        character=copy, expected_sequence=sequence, method=entry.payload["method"]
    ),
    Kind.POINT_BUY: lambda copy, sequence, entry, original: services.character_assign_points(
        character=copy, expected_sequence=sequence, values=entry.payload["values"]
    ),
    Kind.NON_HUMANOID: lambda copy, sequence, entry, original: (
        services.character_choose_non_humanoid(
            character=copy, expected_sequence=sequence, race_id=str(entry.payload["race_id"])
        )
    ),
    # The race in force: a replacement chosen after the GM rejected the first stands
    # where the first choice stood (the character's race row follows the newest one).
    Kind.RACE: lambda copy, sequence, entry, original: services.character_choose_race(
        character=copy,
        expected_sequence=sequence,
        race_id=str(original.race_id) if original.race_id else None,
    ),
    Kind.CAREER: lambda copy, sequence, entry, original: services.character_choose_career(
        character=copy, expected_sequence=sequence, career=entry.payload["career"]
    ),
}


def character_copy(*, original: Character) -> Copied:
    """Start a draft from `original` (which the caller has checked its owner may read).

    Refused (StepRefused) only when a new draft would be: the player's draft cap.
    """
    with transaction.atomic():
        copy = services.character_start(
            owner=original.owner,
            campaign=copy_campaign(original),
            name=copy_name(original.name),
            concept=original.concept,
        )
        carried: list[str] = []
        for sequence, entry in enumerate(
            # After the copy's own first row, its name and concept.
            leading_decisions(log_entries(original)),
            start=FIRST_SEQUENCE + 1,
        ):
            try:
                _REPLAYS[entry.kind](copy, sequence, entry, original)
            except (StepRefused, RulesError) as refused:
                reason = refused.message if isinstance(refused, StepRefused) else str(refused)
                return Copied(copy, tuple(carried), stopped_at=entry.kind, reason=reason)
            carried.append(entry.kind)
        return Copied(copy, tuple(carried))
