"""Drifting at the table: a note on each roll, the ticks kept for the next roll of the
scene, the loss form filled in from the latest roll, and taking back a loss entered by
mistake (an undo row appended through the kernel, chargen/core/log.py, which replay
folds like any other row: rules/drifting/replay.py).

Nothing here changes a row: the undo is a new row (kind `undo`, details {"cancels": n})
written at the form's one-time key, and the page reads which losses were undone from
the log itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from chargen.core.log_pages import LOG_PAGE_SIZE
from chargen.drifting.models import Character, LogEntry, LogKind
from chargen.drifting.pinned import PinnedLifepath
from chargen.drifting.selectors import chosen_lifepaths
from chargen.drifting.sheet_writes import IN_PLAY_MESSAGE, Built, sheet_action
from rules import drifting as rules

ROLL_NOTE_MAX_LENGTH = 120
# How many opponent totals' worth of loss the loss form spells out after a roll.
LOSS_BANDS_SHOWN = 3
# How many of each character's latest rolls, losses and undos the GM's page shows.
RECENT_PLAY_SHOWN = 5
PLAY_KINDS = (LogKind.ROLL, LogKind.LOSS, LogKind.UNDO)


def clean_note(note: str) -> str:
    """A roll's note as saved: trimmed, at most `ROLL_NOTE_MAX_LENGTH` characters."""
    note = str(note).strip()
    if len(note) > ROLL_NOTE_MAX_LENGTH:
        raise rules.DriftingError(
            f"A roll's note is at most {ROLL_NOTE_MAX_LENGTH} characters ({len(note)} given)."
        )
    return note


def undone_losses(log: Iterable[LogEntry]) -> frozenset[int]:
    """The sequences of the losses an undo row took back."""
    return frozenset(
        int(entry.details["cancels"])
        for entry in log
        if entry.kind == LogKind.UNDO and isinstance(entry.details, dict)
    )


def newest(character: Character) -> list[LogEntry]:
    """The log's newest rows, newest first: what the sheet's forms read (the latest roll,
    the loss to undo, the one-time key) whichever page of the log is listed."""
    return list(character.log.order_by("-sequence")[:LOG_PAGE_SIZE])


def undone_on_page(character: Character, rows: Sequence[LogEntry]) -> frozenset[int]:
    """The sequences among `rows` (a page of the log, not its newest) that an undo row
    took back. An undo comes after what it cancels, so for the newest page the page
    itself says (`undone_losses`); an older page asks for the undo rows naming its rows."""
    if not rows:
        return frozenset()
    sequences = [entry.sequence for entry in rows]
    cancels = character.log.filter(
        kind=LogKind.UNDO, sequence__gt=min(sequences), details__cancels__in=sequences
    ).values_list("details__cancels", flat=True)
    return frozenset(int(sequence) for sequence in cancels)


@dataclass(frozen=True)
class PartyRow:
    """A character on the GM's campaign page, with its latest rolls, losses and undos."""

    character: Character
    recent: tuple[LogEntry, ...]
    undone: frozenset[int]
    # The lifepaths it was built from, as its pinned data holds them (homebrew marked).
    lifepaths: tuple[PinnedLifepath, ...] = ()


def party_at_the_table(characters: QuerySet[Character]) -> list[PartyRow]:
    """Each character's latest play (notes and undone losses included) and the lifepaths
    it was built from, in two queries more.

    An undo comes after the loss it cancels, so a loss shown has its undo shown too.
    """
    # A lifepath taken back during creation is no play.
    played = LogEntry.objects.filter(kind__in=PLAY_KINDS).exclude(
        kind=LogKind.UNDO, details__has_key="lifepath"
    )
    latest = played.order_by("-sequence")
    prefetched = characters.prefetch_related(
        Prefetch("log", queryset=latest[:RECENT_PLAY_SHOWN], to_attr="recent_play"), "lifepaths"
    )
    rows = []
    for character in prefetched:
        recent = tuple(getattr(character, "recent_play", ()))
        rows.append(
            PartyRow(
                character=character,
                recent=recent,
                undone=undone_losses(recent),
                lifepaths=tuple(chosen_lifepaths(character)),
            )
        )
    return rows


@dataclass(frozen=True)
class LossBand:
    """Opponent totals from `low` to `high` cost `tokens` tokens."""

    low: int
    high: int
    tokens: int


@dataclass(frozen=True)
class LossPrefill:
    """What the loss form starts with after a roll: its total and its ticked tokens."""

    roll_sequence: int
    own_total: int
    related: tuple[str, ...]
    bands: tuple[LossBand, ...]


@dataclass(frozen=True)
class AtTheTable:
    """What the sheet shows around its forms, read from the log (newest first)."""

    latest_roll: LogEntry | None
    kept_ticks: tuple[str, ...]
    loss_prefill: LossPrefill | None
    undoable_loss: LogEntry | None
    undone: frozenset[int]


def loss_bands(own_total: int, step: int) -> tuple[LossBand, ...]:
    """The tokens each opponent total would cost against `own_total` (rules' count)."""
    bands: list[LossBand] = []
    margin = 1
    while len(bands) < LOSS_BANDS_SHOWN and own_total + margin <= rules.ROLL_TOTAL_MAX:
        tokens = rules.tokens_lost_for_margin(margin, step=step)
        high = min(own_total + (tokens * step - 1), rules.ROLL_TOTAL_MAX)
        bands.append(LossBand(low=own_total + margin, high=high, tokens=tokens))
        margin = high - own_total + 1
    return tuple(bands)


def at_the_table(
    log: Sequence[LogEntry], sheet: Mapping[str, rules.TokenState], step: int
) -> AtTheTable:
    """The latest roll, its ticks still usable, the loss it implies and the loss to undo."""
    undone = undone_losses(log)
    latest_roll = next((entry for entry in log if entry.kind == LogKind.ROLL), None)
    kept: tuple[str, ...] = ()
    prefill = None
    if latest_roll is not None:
        ticked = [str(name) for name in latest_roll.details.get("applicable", [])]
        kept = tuple(name for name in ticked if name in sheet and sheet[name].gives_modifier)
        since = [entry for entry in log if entry.sequence > latest_roll.sequence]
        lost_since = any(e.kind == LogKind.LOSS and e.sequence not in undone for e in since)
        total = latest_roll.total
        if not lost_since and total is not None and total < rules.ROLL_TOTAL_MAX:
            prefill = LossPrefill(
                roll_sequence=latest_roll.sequence,
                own_total=total,
                related=tuple(name for name in ticked if name in sheet and sheet[name].held),
                bands=loss_bands(total, step),
            )
    newest = log[0] if log else None
    return AtTheTable(
        latest_roll=latest_roll,
        kept_ticks=kept,
        loss_prefill=prefill,
        undoable_loss=newest if newest is not None and newest.kind == LogKind.LOSS else None,
        undone=undone,
    )


def _taken_back(loss: LogEntry) -> tuple[dict[str, int], dict[str, int]]:
    lost = loss.details.get("lost", []) if isinstance(loss.details, dict) else []
    fresh = Counter(str(token["token"]) for token in lost if not token.get("depleted"))
    depleted = Counter(str(token["token"]) for token in lost if token.get("depleted"))
    return dict(fresh), dict(depleted)


def _restored_line(name: str, count: int, depleted: int) -> str:
    again = f", {depleted} of them depleted as before" if depleted else ""
    return f"{name}: {count} back{again}."


def character_undo_loss(*, character: Character, key: int, loss_sequence: int) -> LogEntry:
    """Take back the latest row, a loss entered by mistake: its tokens come back exactly.

    Written at `key` (the log's next sequence when the page was drawn), so a second
    click or a replay gets the undo row the first one saved, never a second undo; refused
    when anything was logged after the loss. The loss stays in the log, marked undone.
    """
    if not character.is_finished:
        raise rules.DriftingError(IN_PLAY_MESSAGE)

    def build(
        _locked: Character, sheet: dict[str, rules.TokenState], entries: list[LogEntry]
    ) -> Built:
        latest = entries[-1] if entries else None
        if latest is None or latest.sequence != loss_sequence or latest.kind != LogKind.LOSS:
            raise rules.DriftingError(
                "Only the latest entry of the log can be undone, and only a loss: "
                "something was logged after that one."
            )
        fresh, depleted = _taken_back(latest)
        restored = rules.undo_loss(sheet, fresh=fresh, depleted=depleted)
        back = Counter(fresh) + Counter(depleted)
        names = ", ".join(f"{name} ×{count}" for name, count in back.items()) or "nothing"
        row = LogEntry(
            kind=LogKind.UNDO,
            summary=f"Undid the loss #{latest.sequence} (entered by mistake): {names} back.",
            details={
                "cancels": latest.sequence,
                "restored": {"fresh": fresh, "depleted": depleted},
                "explanation": [
                    f"Loss #{latest.sequence} was entered by mistake; it stays in the log, "
                    "marked undone.",
                    *(
                        _restored_line(name, count, depleted.get(name, 0))
                        for name, count in back.items()
                    ),
                ],
            },
        )
        return row, restored

    return sheet_action(character, key=key, kind=LogKind.UNDO, build=build)
