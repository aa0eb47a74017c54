"""Writing a Drifting character's log through the kernel, and its token snapshot.

The token sheet is a pure function of the log (`rules.drifting.replay_sheet` folds
what each row recorded). A sheet action goes through the kernel's `write_once`: the
character is locked, the form's one-time key checked before anything else, the sheet
replayed from the log, the new row built from it, and the `CharacterToken` snapshot
rewritten from a replay of the log with the new row, all in one transaction. A row
no form of this character asked for (a mark shared by another, the GM's refresh)
goes through the kernel's `append_next`. So no write ever reads the snapshot: it is
for the pages and lists, and `manage.py check_snapshots` checks it against a replay.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from chargen.core.log import STALE_MESSAGE as KERNEL_STALE_MESSAGE
from chargen.core.log import (
    LogStale,
    already_written,
    append_next,
    lock_subjects,
    write_once,
)
from chargen.drifting.models import Character, CharacterToken, LogEntry
from rules import drifting as rules

# The kernel's one answer to a stale or repeated form, under the names Drifting's
# callers already use (creation raises it too).
StaleForm = LogStale
STALE_MESSAGE = KERNEL_STALE_MESSAGE
IN_PLAY_MESSAGE = "Finish creating the character before playing with tokens."


# --- Replay and snapshot ----------------------------------------------------------------------


def replayed_sheet(entries: Iterable[LogEntry]) -> dict[str, rules.TokenState]:
    """The token sheet these log rows (in order) add up to."""
    return rules.replay_sheet((entry.kind, entry.details) for entry in entries)


def log_sheet(character: Character) -> dict[str, rules.TokenState]:
    """The character's token sheet, replayed from its whole log."""
    return replayed_sheet(character.log.order_by("sequence"))


def save_snapshot(character: Character, sheet: Mapping[str, rules.TokenState]) -> None:
    """Make the `CharacterToken` rows say exactly `sheet`, in its order."""
    existing = {token.name: token for token in character.tokens.all()}
    for order, (name, state) in enumerate(sheet.items()):
        row = existing.pop(name, None) or CharacterToken(character=character, name=name)
        values = {
            "kind": state.kind.value,
            "held": state.held,
            "depleted": state.depleted,
            "lost": state.lost,
            "checks": state.checks,
            "shared_marks": state.shared_marks,
            "order": order,
        }
        if row.pk is None or any(getattr(row, key) != value for key, value in values.items()):
            for key, value in values.items():
                setattr(row, key, value)
            row.save()
    if existing:
        # Only a snapshot changed behind the log's back has rows the log never made.
        CharacterToken.objects.filter(pk__in=[row.pk for row in existing.values()]).delete()


class ReplayMismatch(RuntimeError):
    """A row does not record what its action did: replaying the log gives another sheet.

    A bug, never a player's mistake: the transaction is rolled back and nothing is kept.
    """


def snapshot_checked(
    character: Character,
    entries: Sequence[LogEntry],
    made: Mapping[str, rules.TokenState],
    *,
    before: Mapping[str, rules.TokenState] | None = None,
) -> None:
    """Write the snapshot from a replay of `entries`, once it is the sheet the action
    `made` with the rules: so every row is proved to replay as it happened.

    `before` is the replay of every row but the last, when the caller has it (the sheet
    the action was built from): the last row is replayed onto it, the same fold as a
    replay of the whole log, without replaying a long log a second time."""
    if before is None:
        replayed = replayed_sheet(entries)
    else:
        replayed = rules.replay_onto(before, ((row.kind, row.details) for row in entries[-1:]))
    if replayed != dict(made) or list(replayed) != list(made):
        raise ReplayMismatch(
            f"{character.pk}: the log replays to {replayed!r}, but the action made {made!r}."
        )
    save_snapshot(character, replayed)


# --- Writing ------------------------------------------------------------------------------------


def replayed_entry(character: Character, *, key: object, kind: str) -> LogEntry | None:
    """The row a form with this one-time key already wrote, if any (see the kernel)."""
    return already_written(LogEntry, character, key, (kind,))


# What an action builds: from the character as locked, the sheet replayed from its
# log and the log itself, the unsaved row and the sheet the rules made (raising
# RulesError to refuse).
Sheet = dict[str, rules.TokenState]
Built = tuple[LogEntry, Sheet]
BuildRow = Callable[[Character, Sheet, list[LogEntry]], Built]


def sheet_action(
    character: Character,
    *,
    key: int,
    kind: str,
    build: BuildRow,
    after: Callable[[Character, LogEntry], None] | None = None,
    also_lock: tuple[Character, ...] = (),
) -> LogEntry:
    """Write the row `build` makes at the form's `key`, through the kernel's `write_once`.

    A repeat of the same form gets the row the first one saved, anything else out of
    date `StaleForm`; `after` runs in the same transaction once the row and the
    snapshot are saved (assists used, a mark shared with another character);
    `also_lock` names the characters `after` appends a row to (see the kernel).
    """
    locked: list[Character] = []
    before: list[Sheet] = []  # the sheet replayed from the log before the new row
    made: list[Sheet] = []

    def check() -> None:
        if not locked[0].is_finished:
            raise rules.DriftingError(IN_PLAY_MESSAGE)

    def build_row(entries: list[LogEntry]) -> LogEntry:
        before.append(replayed_sheet(entries))
        row, sheet = build(locked[0], before[0], entries)
        made.append(sheet)
        return row

    def after_write(entries: list[LogEntry]) -> None:
        snapshot_checked(locked[0], entries, made[0], before=before[0])
        if after is not None:
            after(locked[0], entries[-1])

    written = write_once(
        model=LogEntry,
        subject=character,
        expected_sequence=key,
        kinds=(kind,),
        build=build_row,
        after=after_write,
        check=check,
        locked=locked.append,
        also_lock=also_lock,
    )
    return written.entry


def sheet_append(character: Character, build: Callable[[Sheet], Built | None]) -> LogEntry | None:
    """Append the row `build` makes from the replayed sheet (None: nothing to do) for
    someone else's action, through the kernel's `append_next`; the snapshot follows.
    The caller has locked `character` already, in the kernel's order (`also_lock`)."""
    before: list[Sheet] = []
    made: list[Sheet] = []

    def build_row(entries: list[LogEntry]) -> LogEntry | None:
        before[:] = [replayed_sheet(entries)]  # a retry builds again from the log read again
        built = build(before[0])
        if built is None:
            return None
        made[:] = [built[1]]
        return built[0]

    return append_next(
        model=LogEntry,
        subject=character,
        build=build_row,
        after=lambda entries: snapshot_checked(character, entries, made[0], before=before[0]),
    )


def sheet_append_each(
    characters: Iterable[Character], build: Callable[[Sheet], Built | None]
) -> int:
    """`sheet_append` for each character (the GM's refresh); returns how many changed.

    All are locked first, in the kernel's one order (`lock_subjects`): two refreshes at
    once, or a refresh and a player's shared mark (which locks both characters), meet
    on the same character first instead of each holding a log slot the other needs.
    """
    locked = lock_subjects(*characters)
    return sum(sheet_append(character, build) is not None for character in locked)


def editable_creation(character: Character) -> None:
    if character.is_finished:
        raise rules.DriftingError("This character is finished; creation can no longer change.")
