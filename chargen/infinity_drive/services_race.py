"""The race step: humanoid races, non-humanoid dice, and a player's race proposal.

Each runs in one transaction: load the log, ask rules/ (through progress.py), write
the step through log.py (which makes repeats harmless), refresh the snapshot.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.db.models import Q

from chargen.core.limits import creation_cap, creation_cap_reached
from chargen.core.log_reads import LockedLog
from chargen.infinity_drive.access import refuse_unless_still_in_campaign
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.house_rules import character_house_rules
from chargen.infinity_drive.log import NewEntry, Written, log_write
from chargen.infinity_drive.models import (
    Character,
    CreationLogEntry,
    Race,
    RaceKind,
    RaceStatus,
)
from chargen.infinity_drive.pinned import non_humanoid_step, race_copy, race_value
from chargen.infinity_drive.progress import Progress, progress_for
from chargen.infinity_drive.wizard.log_walk import (
    Kind,
    steps_for,
)
from chargen.infinity_drive.wizard.step_write import refresh
from rules.errors import RulesError
from rules.infinity_drive import aliens, creation


def non_humanoid_races_for(character: Character) -> list[Race]:
    """The campaign's approved non-humanoid races (made by the GM with the player)."""
    if character.campaign_id is None:
        return []
    return list(
        Race.objects.filter(
            campaign_id=character.campaign_id,
            kind=RaceKind.NON_HUMANOID,
            status=RaceStatus.APPROVED,
        )
    )


def character_choose_non_humanoid(
    *,
    character: Character,
    expected_sequence: int,
    race_id: str,
    locked_log: LockedLog[CreationLogEntry] | None = None,
) -> Written:
    """A GM's non-humanoid race instead of a method: locked, like the method."""
    race = next(
        (known for known in non_humanoid_races_for(character) if str(known.id) == race_id), None
    )
    if race is None:
        raise StepRefused("Choose one of the listed non-humanoid races.", field="method")

    def build(entries: list[CreationLogEntry]) -> NewEntry:
        progress = progress_for(character, entries)
        if Kind.NON_HUMANOID not in progress.allowed_kinds:
            raise StepRefused(f"Not now: {progress.next_step_message}")
        creation.apply_step(
            progress.state,
            non_humanoid_step(race),
            rulebook=progress.rulebook,
            house_rules=progress.house_rules,
        )
        return NewEntry(Kind.NON_HUMANOID, {"race_id": str(race.id), "race": race_copy(race)})

    def after(character: Character, entries: list[CreationLogEntry]) -> None:
        character.race = race
        character.save(update_fields=["race", "updated"])
        refresh(character, entries)

    return log_write(
        character=character,
        expected_sequence=expected_sequence,
        kinds=(Kind.NON_HUMANOID,),
        build=build,
        after=after,
        locked_log=locked_log,
    )


def races_for(character: Character) -> list[Race]:
    """Races the player may choose: the campaign's approved ones, and their own proposals."""
    if character.campaign_id is None:
        return list(Race.objects.filter(campaign=None, proposed_by=character.owner_id))
    return list(
        Race.objects.filter(campaign_id=character.campaign_id, kind=RaceKind.HUMANOID).filter(
            Q(status=RaceStatus.APPROVED)
            | Q(proposed_by=character.owner_id, status=RaceStatus.PROPOSED)
        )
    )


def _race_kind(progress: Progress) -> str:
    """A first race choice, or a replacement after the GM rejected the first."""
    race = progress.character.race
    if Kind.RACE in progress.allowed_kinds:
        return Kind.RACE
    if race is not None and race.status == RaceStatus.REJECTED:
        return Kind.RACE_CHANGE
    raise StepRefused(f"Not now: {progress.next_step_message}")


def _choose_race(
    *,
    character: Character,
    expected_sequence: int,
    race: Race | None,
    locked_log: LockedLog[CreationLogEntry] | None = None,
) -> Written:
    def build(entries: list[CreationLogEntry]) -> NewEntry:
        progress = progress_for(character, entries)
        kind = _race_kind(progress)
        # The race's values go into the log, so a later edit of the row changes nothing here.
        payload = {"race_id": str(race.id) if race else None, "race": race_copy(race)}
        if kind == Kind.RACE:
            step = creation.RaceApplied(race_value(race) if race else None)
            creation.apply_step(
                progress.state, step, rulebook=progress.rulebook, house_rules=progress.house_rules
            )
        else:
            # Replay the whole log over the new race: every recorded choice must stay legal.
            change = CreationLogEntry(character=character, kind=kind, payload=payload)
            steps, _ = steps_for([*entries, change], race)
            try:
                creation.replay(steps, rulebook=progress.rulebook, house_rules=progress.house_rules)
            except RulesError as error:
                raise StepRefused(
                    f"With that race an earlier choice would no longer be allowed ({error}). "
                    "Choose another race.",
                    field="race",
                ) from error
        return NewEntry(kind, payload)

    def after(character: Character, entries: list[CreationLogEntry]) -> None:
        character.race = race
        character.save(update_fields=["race", "updated"])
        refresh(character, entries)

    return log_write(
        character=character,
        expected_sequence=expected_sequence,
        kinds=(Kind.RACE, Kind.RACE_CHANGE),
        build=build,
        after=after,
        locked_log=locked_log,
    )


class _AlreadySaved(Exception):
    """A repeated proposal: undo the new race row, keep what was saved before."""


def character_choose_race(
    *,
    character: Character,
    expected_sequence: int,
    race_id: str | None,
    locked_log: LockedLog[CreationLogEntry] | None = None,
) -> Written:
    """The base humanoid (race_id None) or a race the player may choose."""
    race: Race | None = None
    if race_id:
        race = next((known for known in races_for(character) if str(known.id) == race_id), None)
        if race is None:
            raise StepRefused("Choose one of the races listed.", field="race")
    return _choose_race(
        character=character, expected_sequence=expected_sequence, race=race, locked_log=locked_log
    )


def race_propose(
    *,
    character: Character,
    expected_sequence: int,
    name: str,
    reason: str,
    adjustments: Mapping[str, int],
    locked_log: LockedLog[CreationLogEntry] | None = None,
) -> Race | None:
    """A new alien humanoid race, checked against the book's four rules.

    In a campaign it goes to the GM's queue (the player carries on building, but
    cannot finish until it is approved). Outside any campaign there is no GM to
    ask, so the race is the player's own and approved at once.
    """
    refuse_unless_still_in_campaign(character, what="you cannot propose a race to its GM")
    house_rules = character_house_rules(character)
    if not house_rules.alien_humanoids_allowed:
        raise StepRefused("This campaign does not allow alien humanoid races.")
    proposed = aliens.Race.of(name.strip(), reason.strip(), adjustments)
    aliens.validate_race(proposed, house_rules)
    in_campaign = character.campaign_id is not None
    try:
        with transaction.atomic():
            cap = creation_cap("MAX_RACE_PROPOSALS")
            proposed_before = Race.objects.filter(proposed_by_id=character.owner_id)
            at_cap = creation_cap_reached(
                owner=character.owner, cap=cap, count=proposed_before.count
            )
            race = Race.objects.create(
                campaign_id=character.campaign_id,
                kind=RaceKind.HUMANOID,
                name=proposed.name,
                reason=proposed.reason,
                adjustments=dict(proposed.adjustments),
                status=RaceStatus.PROPOSED if in_campaign else RaceStatus.APPROVED,
                proposed_by=character.owner,
            )
            written = _choose_race(
                character=character,
                expected_sequence=expected_sequence,
                race=race,
                locked_log=locked_log,
            )
            if not written.created:
                raise _AlreadySaved
            # Refused only now, so a repeated form still answers with the race it saved;
            # raising here takes back this race and its log entry.
            if at_cap:
                raise StepRefused(
                    f"You have already proposed {cap} races, the most one player may. "
                    "Choose one of the races listed instead.",
                    field="name",
                )
    except _AlreadySaved:
        character.refresh_from_db(fields=["race"])
        return character.race
    return race
