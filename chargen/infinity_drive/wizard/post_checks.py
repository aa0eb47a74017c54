"""How a wizard step POST is checked: its one-time key, then its form, then the rules.

views.py's `step_post` runs `take_step_post` and draws what it refuses. The key comes
first (chargen/core/log_key.py): a double-click or a replayed POST finds the row its
first click saved, though its choice may no longer be offered (a characteristic
already placed, a roll already read on a table), and hears what a repeat hears, never
the form's "choose one of ...". Only with the key still free is the form built, from
the very log that found it free, and validated (shape: numbers, lengths, choices); its
cleaned data then goes to the service, which asks rules/ whether the step is legal.

All three happen in one transaction holding the character's lock (`locked_read`): the
log is read once, for the key, the form and the service's write alike (the action is
handed the locked log, and passes it to its write).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import QueryDict

from chargen.core.log import ROLL_ALREADY_SAVED, STALE_MESSAGE, LogStale, parse_key
from chargen.core.log_key import key_in, locked_read
from chargen.core.log_reads import LockedLog
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.forms import ADJUST_PREFIX
from chargen.infinity_drive.log import Written
from chargen.infinity_drive.models import Character, CreationLogEntry
from chargen.infinity_drive.progress import Kind, Progress, progress_for
from chargen.infinity_drive.wizard.page_context import race_choice_on_page

ALREADY_TAKEN = STALE_MESSAGE
# A repeat answered with the page as saved (`_answer_repeat`): a roll's is the kernel's
# ROLL_ALREADY_SAVED, said beside the roll; a form without dice hears this above the step.
FORM_ALREADY_SAVED = (
    "Already saved: this was sent before (a second click, or another tab); nothing changed."
)


def already_saved_message(saved: CreationLogEntry) -> str:
    return ROLL_ALREADY_SAVED if saved.dice else FORM_ALREADY_SAVED


MISSING_KEY = "This form is missing its step number; reload the page."


def step_sequence(data: QueryDict) -> int:
    """The form's one-time key: the log sequence it expects to write."""
    key = parse_key(data.get("sequence", ""))
    if key is None:
        raise StepRefused(MISSING_KEY)
    return key


def _answer_repeat(saved: CreationLogEntry, newest: bool, same: bool = False) -> CreationLogEntry:
    """A form whose step is already in the log (a second tab, Back, a replay, a double-click).

    Only an immediate repeat of a roll is answered with the page as saved: the player
    sees the same roll again, which is all a double-click meant, and is told it was
    already saved (a stale second tab must not pass it off as a new roll); so is a form
    its view knows to be the very one saved (`same`). A decision may differ from the one
    saved (another table, death instead of a setback), so the player is told nothing
    changed. Returns the saved row, for the answer to say so beside it.
    """
    if (saved.dice and newest) or same:
        return saved
    raise StepRefused(ALREADY_TAKEN)


def refuse_if_already_taken(written: object) -> CreationLogEntry | None:
    """What a service's write found at the key, if it was not this request's own row:
    the row, when it is answered as already saved."""
    if not isinstance(written, Written) or written.created:
        return None
    newest = written.entries[-1] if written.entries else None
    return _answer_repeat(written.entry, newest is not None and newest.pk == written.entry.pk)


def cleaned_or_refused(form: forms.Form) -> dict[str, Any]:
    """The form's values, or its first refusal, named at its field ("" for the whole form)."""
    if form.is_valid():
        return form.cleaned_data
    field, messages = next(iter(form.errors.items()))
    raise StepRefused(str(messages[0]), field="" if field == NON_FIELD_ERRORS else field)


@dataclass(frozen=True)
class Posted:
    """What a step's form is built from once its key is found free: what was posted, the
    character's rules (`rules`) and, only for a form whose choices follow the log, the
    log replayed as it stands (`now()`: the rows that found the key free, under the lock)."""

    character: Character
    data: QueryDict
    key: int
    kinds: tuple[str, ...]
    entries: tuple[CreationLogEntry, ...]

    @cached_property
    def rules(self) -> Progress:
        """The character's rules without its log: codes in play, the book's careers and tables."""
        return progress_for(self.character, [])

    def now(self) -> Progress:
        return progress_for(self.character, list(self.entries))


# How a step's form is built, and what its action does with the form's cleaned data: it
# writes at the key (the int) with the log the key was found free in (the locked log).
FormFor = Callable[[Posted], forms.Form]
Action = Callable[[Character, int, dict[str, Any], LockedLog[CreationLogEntry]], object]
# Whether the row already at the key is this very form again (answered as done).
SameForm = Callable[[CreationLogEntry, QueryDict], bool]
# The fields whose refusal a step's form draws beside them, on the page as it is now
# (a field the page does not draw has its refusal on top instead, said once either way).
DrawnAt = Callable[[Progress], frozenset[str]]


def nothing_drawn(progress: Progress) -> frozenset[str]:
    return frozenset()


def _on_page(progress: Progress, fields: frozenset[str]) -> frozenset[str]:
    if not progress.character.is_editable:
        return frozenset()  # the step pages draw no form for a character locked
    if not progress.house_rules.physical_dice_allowed:
        return fields - {"faces"}  # nor the typed-dice box where the GM asks for the server's
    return fields


def drawn_while_expected(kinds: tuple[str, ...], *fields: str) -> DrawnAt:
    """`fields`, while the log expects a step of `kinds`: only then is its form drawn."""

    def drawn(progress: Progress) -> frozenset[str]:
        if not set(kinds) & progress.allowed_kinds:
            return frozenset()
        return _on_page(progress, frozenset(fields))

    return drawn


def characteristic_roll_fields(progress: Progress) -> frozenset[str]:
    """The characteristic roll's form: the typed dice, and for a non-humanoid (whose dice
    depend on it) the characteristic it rolls for."""
    if Kind.CHARACTERISTIC_ROLL not in progress.allowed_kinds:
        return frozenset()
    named = {"characteristic"} if progress.state.non_humanoid is not None else set()
    return _on_page(progress, frozenset({"faces", *named}))


def race_choice_fields(progress: Progress) -> frozenset[str]:
    return frozenset({"race"}) if race_choice_on_page(progress) else frozenset()


def take_step_post(
    character: Character,
    data: QueryDict,
    kinds: tuple[str, ...],
    form_for: FormFor,
    action: Action,
    same: SameForm | None = None,
) -> CreationLogEntry | None:
    """Key, then form, then the service (rules/); raises StepRefused or RulesError to refuse.

    `character` is the row as the caller's transaction read it under the kernel's lock
    (`character_for_owner(..., lock=True)`): the key, the form and the write all see the
    log as it is under that lock, read once.
    `kinds` are the log kinds the form writes (as its service hands them to `write_once`).
    Returns None when this request wrote its step, or the row it finds already saved
    when it is a repeat answered with the page as saved (`_answer_repeat`).
    """
    sequence = step_sequence(data)
    try:
        with locked_read(CreationLogEntry, character, locked_by_caller=True) as log:
            read = key_in(log.entries, sequence, kinds)
            if read.saved is not None:
                saved = read.saved
                return _answer_repeat(saved, read.newest, same is not None and same(saved, data))
            form = form_for(Posted(character, data, sequence, kinds, log.entries))
            cleaned = cleaned_or_refused(form)
            return refuse_if_already_taken(action(character, sequence, cleaned, log))
    except LogStale as stale:
        raise StepRefused(str(stale)) from None


def same_choice(kind: str, *fields: str) -> SameForm:
    """The very choice sent again (a stale tab, Back): a row of `kind` at its key whose
    payload holds, under each of `fields`, what the form posts there (trimmed). It is
    answered as already saved, not as a page that changed; another choice at that key
    still hears the stale message."""

    def same(saved: CreationLogEntry, data: QueryDict) -> bool:
        payload = saved.payload if isinstance(saved.payload, dict) else {}
        return saved.kind == kind and all(
            str(payload.get(field, "")) == str(data.get(field, "")).strip() for field in fields
        )

    return same


def placeable_codes(progress: Progress) -> tuple[str, ...]:
    """The characteristics the page offers for the roll waiting to be placed; with none
    waiting, any in play, so the order check (the service's) says why not now."""
    if Kind.CHARACTERISTIC_PLACE in progress.allowed_kinds:
        return progress.unfilled_codes
    return progress.codes_in_play


def same_proposal(saved: CreationLogEntry, data: QueryDict) -> bool:
    """A race proposal sent again (Back, a double-click): the race at its key bears the
    name it proposes, so it is answered with the race it saved, as `race_propose` does.
    Other words at that key (another tab chose meanwhile) hear the stale message."""
    copy = (saved.payload or {}).get("race") or {}
    if not copy:
        return False
    posted: dict[str, int] = {}
    for field in data:
        value = str(data.get(field, "")).strip()
        if field.startswith(ADJUST_PREFIX) and value not in {"", "0"}:
            try:
                posted[field.removeprefix(ADJUST_PREFIX)] = int(value)
            except ValueError:
                return False
    # The very proposal again: its name, its reason and every point moved. Other numbers
    # under the same name (a second tab) are not what was saved, and hear so.
    return (
        copy.get("name") == data.get("name", "").strip()
        and (copy.get("reason") or "").strip() == data.get("reason", "").strip()
        and (copy.get("adjustments") or {}) == posted
    )
