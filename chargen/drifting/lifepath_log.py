"""The lifepaths a Drifting character chose: a replay of its log, and their snapshot.

`rules.drifting.replay_lifepaths` folds the log's `lifepath` rows and the undo rows
that cancel them. `ChosenLifepath` is the snapshot the pages, lists and exports read
(and its PROTECT keeps a chosen lifepath's row from deletion): every creation write
rewrites it from a replay of the log in the same transaction, writes themselves read
the replay, and `manage.py check_snapshots` compares the two.
"""

from __future__ import annotations

from collections.abc import Iterable

from chargen.drifting.models import Character, ChosenLifepath, LogEntry
from rules import drifting as rules


def replayed_choices(entries: Iterable[LogEntry]) -> list[rules.LifepathChoice]:
    """The lifepaths these log rows (in order) leave chosen, with the rows that chose them."""
    return rules.replay_lifepaths((entry.sequence, entry.kind, entry.details) for entry in entries)


def replayed_lifepath_ids(entries: Iterable[LogEntry]) -> list[str]:
    """The ids of the lifepaths these log rows (in order) leave chosen, in order."""
    return [choice.lifepath for choice in replayed_choices(entries)]


def newest_lifepath(entries: Iterable[LogEntry]) -> rules.LifepathChoice | None:
    """The lifepath an undo would take back (None when none is chosen)."""
    choices = replayed_choices(entries)
    return choices[-1] if choices else None


def snapshot_lifepath_ids(character: Character) -> list[str]:
    rows = character.lifepaths.order_by("position").values_list("lifepath_id", flat=True)
    return [str(key) for key in rows]


def save_lifepath_snapshot(character: Character, entries: Iterable[LogEntry]) -> None:
    """Make the `ChosenLifepath` rows say what a replay of `entries` chose, in order."""
    wanted = replayed_lifepath_ids(entries)
    existing = {row.position: row for row in character.lifepaths.all()}
    for position, lifepath in enumerate(wanted):
        row = existing.pop(position, None)
        if row is None:
            ChosenLifepath.objects.create(
                character=character, position=position, lifepath_id=lifepath
            )
        elif str(row.lifepath_id) != lifepath:
            row.lifepath_id = lifepath
            row.save(update_fields=["lifepath"])
    if existing:
        # The snapshot is no log: rows past the replay's end (a lifepath taken back) go.
        ChosenLifepath.objects.filter(pk__in=[row.pk for row in existing.values()]).delete()
