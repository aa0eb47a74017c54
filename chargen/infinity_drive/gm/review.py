"""What the approval card shows the GM about one Infinity Drive character before deciding.

Its profile, skills and race as the log replays now; a summary of its roll log (how
many rolls, whose dice, which histories are unwritten); where its dice came from (rolled
by this server, typed from physical dice, or imported from a file with a signature this
server cannot vouch for: chargen.core.export.provenance); and, for a character sent back
once and submitted again, what changed since the GM returned it.

"Since it was returned" is read from the desk's Decision: the log as it stood then is
every row written before the decision's time (the log is append-only, so those rows
are exactly the ones the GM saw), replayed as the wizard replays it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from chargen.campaigns.models import Campaign
from chargen.core import roll_keys
from chargen.core.export import provenance
from chargen.desk.models import Decision, DecisionAction
from chargen.desk.services import decisions_on
from chargen.infinity_drive.gm.roll_log import LogRow, log_rows, unwritten_history
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CreationLogEntry
from chargen.infinity_drive.part_two import shown_in_roll_log
from chargen.infinity_drive.pinned import character_content
from chargen.infinity_drive.progress import Progress, progress_for
from chargen.infinity_drive.selectors_finish import Finish
from rules.errors import RulesError


@dataclass(frozen=True)
class Provenance:
    """How many of the character's dice rows came from where."""

    server: int = 0
    typed: int = 0
    imported: int = 0

    @property
    def total(self) -> int:
        return self.server + self.typed + self.imported


def dice_provenance(entries: Sequence[CreationLogEntry]) -> Provenance:
    known = roll_keys.known_public_keys()
    counted = {"server": 0, "typed": 0, "imported": 0}
    for entry in entries:
        where = provenance(entry, known)
        if where in counted:
            counted[where] += 1
    return Provenance(**counted)


@dataclass(frozen=True)
class Sheet:
    """The character's profile, race and skills as a log replays (blank where it fails)."""

    profile: str = ""
    race: str = ""
    skills: dict[str, int] = field(default_factory=dict)
    skills_text: str = ""
    career: str = ""
    homebrew: bool = False  # the career is the campaign's own
    homebrew_version: int | None = None  # the version of it the character read


def sheet_of(progress: Progress | None) -> Sheet:
    if progress is None:
        return Sheet()
    state = progress.state
    return Sheet(
        profile=state.profile,
        race=progress.race_name or "Humanoid",
        skills={held.label: held.rank for held in state.skills.ranks},
        skills_text=state.skill_summary if state.career else "",
        career=", ".join(part for part in (state.career, state.specialisation) if part),
        homebrew=progress.homebrew_career,
        homebrew_version=progress.homebrew_version,
    )


@dataclass(frozen=True)
class Change:
    """One difference between then and now ("" on a side: it was not there)."""

    what: str
    before: str
    now: str


def sheet_changes(before: Sheet, now: Sheet) -> list[Change]:
    changes = []
    if before.profile != now.profile:
        changes.append(Change("Profile", before.profile, now.profile))
    if before.race != now.race:
        changes.append(Change("Race", before.race, now.race))
    for skill in [*before.skills, *(name for name in now.skills if name not in before.skills)]:
        then, later = before.skills.get(skill), now.skills.get(skill)
        if then != later:
            changes.append(
                Change(
                    skill,
                    "" if then is None else f"rank {then}",
                    "" if later is None else f"rank {later}",
                )
            )
    return changes


@dataclass(frozen=True)
class SinceReturn:
    """What changed between the GM's return and this submission."""

    returned: Decision
    changes: list[Change]
    added: list[LogRow]


@dataclass(frozen=True)
class ApprovalReview:
    sheet: Sheet
    roll_count: int
    entered_count: int
    provenance: Provenance
    unwritten: list[LogRow]
    since_return: SinceReturn | None = None
    replay_error: str = ""


def _replay(
    character: Character, entries: Sequence[CreationLogEntry]
) -> tuple[Progress | None, str]:
    try:
        return progress_for(character, entries), ""
    except RulesError as broken:
        return None, str(broken)


def last_return(character: Character) -> Decision | None:
    return (
        decisions_on(character)
        .filter(action=DecisionAction.RETURN)
        .select_related("decided_by")
        .first()
    )


def since_return(
    character: Character, entries: Sequence[CreationLogEntry], now: Sheet
) -> SinceReturn | None:
    """For a character returned before: its sheet then against now, and the rows since."""
    returned = last_return(character)
    if returned is None:
        return None
    then = [entry for entry in entries if entry.created <= returned.decided_at]
    added = frozenset(entry.sequence for entry in entries if entry.created > returned.decided_at)
    return SinceReturn(
        returned=returned,
        changes=sheet_changes(sheet_of(_replay(character, then)[0]), now),
        added=log_rows(character, entries, shown=added),
    )


def _finish(
    character: Character, entries: Sequence[CreationLogEntry], progress: Progress | None
) -> Finish | None:
    if progress is None:
        return None
    return Finish(
        progress=progress,
        entries=progress.entries,
        content=character_content(character),
        log=tuple(entries),
    )


def roll_log(character: Character) -> list[LogRow]:
    """The GM's roll log page: every row it lists, named, with unwritten history marked."""
    entries = log_entries(character)
    progress, _ = _replay(character, entries)
    unwritten = unwritten_history(_finish(character, entries, progress))
    shown = frozenset(entry.sequence for entry in entries if shown_in_roll_log(entry))
    return log_rows(character, entries, unwritten=unwritten, shown=shown)


def approval_review(campaign: Campaign, character: Character) -> ApprovalReview:
    """Everything the card says about `character` (one of `campaign`'s)."""
    entries = log_entries(character)
    progress, replay_error = _replay(character, entries)
    unwritten = unwritten_history(_finish(character, entries, progress))
    rolls = [entry for entry in entries if entry.dice]
    sheet = sheet_of(progress)
    return ApprovalReview(
        sheet=sheet,
        roll_count=len(rolls),
        entered_count=sum(1 for entry in rolls if entry.entered),
        provenance=dice_provenance(entries),
        unwritten=(
            log_rows(character, entries, unwritten=unwritten, shown=unwritten) if unwritten else []
        ),
        since_return=since_return(character, entries, sheet),
        replay_error=replay_error,
    )
