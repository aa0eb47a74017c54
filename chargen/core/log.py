"""The log kernel: one shape, one write, one answer to a stale or repeated form.

Every game system keeps its characters' history as a log: rows numbered from 1 in
the order they happened, never changed and never removed. Each system's log model
inherits `LogEntryBase`, and every write goes through `write_once`:

- the form carries the sequence it expects to write (the log's length + 1 when the
  page was drawn): that number is the one-time key;
- inside one transaction the subject's row is locked first, then the key is checked
  *before* any form is validated or any die rolled, so a double-click, a replayed
  POST, Back or a second tab finds the row the first request saved and answers with
  it; a form drawn before some other change gets `STALE_MESSAGE`, and nothing is done;
- the unique (subject, sequence) constraint stands behind the lock, for databases
  that do not lock rows (SQLite serialises writers instead).

Undo is a row too (`UNDO_KIND`, payload {"cancels": n}); `effective` drops the
cancelled rows and the undo rows for replay, while the GM's log shows both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from django.db import IntegrityError, models, transaction
from django.db.transaction import TransactionManagementError
from django.utils import timezone

from chargen.core.chain import hash_after, seal, seal_in_order
from chargen.core.live_events import announce_after_commit
from chargen.core.log_cache import keep_log_after_commit
from chargen.core.log_reads import SUBJECT_FIELD, LockedLog, whole_log
from chargen.core.log_version import FIRST_SEQUENCE as FIRST_SEQUENCE
from chargen.core.log_version import LogSubject, record_version, version_of
from rules.errors import RulesError

UNDO_KIND = "undo"

# The one answer to a form that is out of date or already acted on, in every system.
STALE_MESSAGE = (
    "That was already done, or the page changed since it was drawn (another tab or a "
    "second click?). Nothing was changed: the page now shows where things stand."
)
# A roll's form sent again while its roll is still the newest: answered with that roll,
# and said beside it (the wizard and the roller sheets alike), so a stale tab never
# passes another's roll off as its own.
ROLL_ALREADY_SAVED = (
    "Already saved: this is the roll made the first time (a second click, another tab or "
    "a reload); no new dice were rolled."
)


class LogStale(RulesError):
    """The form's key is not the log's next sequence, nor a row this form wrote."""


class AppendOnlyError(Exception):
    """Something tried to change or remove a log row: the log is append-only."""


class AppendOnlyQuerySet(models.QuerySet[Any]):
    """Log rows are inserted, never updated or deleted in bulk.

    Deleting a whole character still removes its log (Django's cascade deletes by
    primary key without this queryset); nothing else may.
    """

    def bulk_create(self, objs: Iterable[Any], *args: Any, **kwargs: Any) -> list[Any]:
        rows = list(objs)
        by_subject = _by_subject(rows)
        # Sealed here, in order, since a bulk insert skips each row's save().
        for subject_rows in by_subject.values():
            seal_in_order(subject_rows)
        # The rows and their subjects' versions are written together, or neither.
        with transaction.atomic(savepoint=False):
            created = super().bulk_create(rows, *args, **kwargs)
            for subject_pk, subject_rows in by_subject.items():
                newest = max(subject_rows, key=lambda row: row.sequence)
                record_version(subject_model(self.model), subject_pk, newest)
        return created

    def update(self, **kwargs: Any) -> int:
        raise AppendOnlyError("A log row is never changed once written.")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("A log row is never removed; append an undo instead.")


def subject_model(log_model: type[models.Model]) -> type[models.Model]:
    """The model of a log's subjects (a character, a roller sheet)."""
    related = log_model._meta.get_field(SUBJECT_FIELD).related_model
    assert isinstance(related, type)  # a log's subject is a model, never "self"
    return related


def _by_subject(rows: list[Any]) -> dict[Any, list[Any]]:
    grouped: dict[Any, list[Any]] = {}
    for row in rows:
        grouped.setdefault(getattr(row, f"{SUBJECT_FIELD}_id"), []).append(row)
    return grouped


class LogEntryBase(models.Model):
    """What every log row has: its place in the log, its dice and when it was written.

    Subclasses add the subject (`character`, a foreign key) with a unique
    (character, sequence) constraint, the `kind` and their own payload fields.
    """

    sequence = models.PositiveIntegerField()
    faces = models.JSONField(default=list, blank=True)
    entered = models.BooleanField(default=False, help_text="Faces typed in from physical dice.")
    # When the row was written; a default, not auto_now_add, so that an import can
    # keep the time the exporting server wrote (a restore is then bit for bit).
    created = models.DateTimeField(default=timezone.now)
    # The hash chain and the server's signature (chargen.core.chain); blank on rows
    # written before signing began until `manage.py seal_logs` seals them.
    entry_hash = models.CharField(max_length=64, blank=True, editable=False)
    signature = models.CharField(max_length=88, blank=True, editable=False)
    key_id = models.CharField(max_length=16, blank=True, editable=False)

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args: Any, hold_version: bool = False, **kwargs: Any) -> None:
        """Insert the row (sealed) and write its subject's version with it.

        `hold_version` is `write_once`'s alone (inside its transaction, when its `after` may
        save the subject): the version is left on the subject in hand for that save to
        write (`LogSubject.hold_version`), and `write_once` writes it itself otherwise.
        """
        if not self._state.adding:
            raise AppendOnlyError("A log row is never changed once written.")
        kwargs["force_insert"] = True
        if not self.entry_hash:
            # Imported rows arrive sealed (by this server or another) and keep their seal.
            seal(self)
        subject_pk = getattr(self, f"{SUBJECT_FIELD}_id")
        subject_field = self._meta.get_field(SUBJECT_FIELD)
        in_hand = (
            subject_field.get_cached_value(self)
            if isinstance(subject_field, models.ForeignKey) and subject_field.is_cached(self)
            else None
        )
        subject = in_hand if isinstance(in_hand, LogSubject) else None
        # Held only inside a transaction already open: it must be written before it ends.
        hold = hold_version and subject is not None and transaction.get_connection().in_atomic_block
        # The row and its subject's version are written together, or neither: inside the
        # writer's transaction no savepoint of its own, else a transaction of its own.
        with transaction.atomic(savepoint=False):
            super().save(*args, **kwargs)
            # Its campaign's live table hears of it once the writer's transaction commits.
            announce_after_commit(self)
            if hold and subject is not None:
                subject.hold_version(version_of(self.sequence, self.entry_hash))
            else:
                version = record_version(subject_model(type(self)), subject_pk, self)
                # The writer's subject in hand shows the new version too.
                if subject is not None:
                    subject.log_version = version

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("A log row is never removed; append an undo instead.")


Entry = TypeVar("Entry", bound=LogEntryBase)


def next_sequence(entries: Sequence[LogEntryBase]) -> int:
    """One past the last row (`FIRST_SEQUENCE` for an empty log)."""
    return entries[-1].sequence + 1 if entries else FIRST_SEQUENCE


def cancelled_sequences(entries: Iterable[Any]) -> frozenset[int]:
    """The sequences an undo row cancelled."""
    return frozenset(
        int(entry.payload["cancels"])
        for entry in entries
        if entry.kind == UNDO_KIND and isinstance(entry.payload, dict)
    )


def effective(entries: Sequence[Entry]) -> tuple[Entry, ...]:
    """The rows replay uses: the log without undo rows and the rows they cancelled."""
    cancelled = cancelled_sequences(entries)
    return tuple(
        entry
        for entry in entries
        if getattr(entry, "kind", "") != UNDO_KIND and entry.sequence not in cancelled
    )


@dataclass(frozen=True)
class Written(Generic[Entry]):
    """The row at the form's sequence, whether this request wrote it, and the whole log."""

    entry: Entry
    created: bool
    entries: tuple[Entry, ...]

    @property
    def newest(self) -> bool:
        """Whether no row was written after it (else the form is a page left behind)."""
        return all(entry.sequence <= self.entry.sequence for entry in self.entries)


def parse_key(key: object) -> int | None:
    """The form's sequence as a number, or None when it is not one."""
    try:
        number = int(str(key))
    except ValueError:
        return None
    return number if number >= FIRST_SEQUENCE else None


def lock_subjects(*subjects: models.Model) -> list[Any]:
    """Lock these subjects' rows for this transaction, in the kernel's one order (by
    model, then primary key), and return them as the lock read them.

    One order for every writer: two writes that each lock more than one subject (a
    mark shared by Jim with Linda while Linda shares with Jim, or the GM's refresh)
    meet on the same subject first, and the second waits there instead of each
    holding what the other needs.

    FOR NO KEY UPDATE on PostgreSQL, not FOR UPDATE: it still makes a second write of
    the same subject wait, but not a row inserted elsewhere that points at the subject
    (its foreign-key check takes FOR KEY SHARE, which FOR UPDATE would block): two
    players assisting each other at once would each hold their own subject and wait
    for the other's. Other databases ignore `no_key`.
    """
    pks: dict[type[models.Model], set[Any]] = {}
    for subject in subjects:
        pks.setdefault(type(subject), set()).add(subject.pk)
    locked: list[Any] = []
    for model in sorted(pks, key=lambda model: model._meta.label):
        rows = model._default_manager.select_for_update(no_key=True).filter(pk__in=pks[model])
        # ORDER BY under FOR ... UPDATE: PostgreSQL locks the rows in this order.
        locked += rows.order_by("pk")
    return locked


def write_once(
    *,
    model: type[Entry],
    subject: models.Model,
    expected_sequence: int,
    kinds: Sequence[str],
    build: Callable[[list[Entry]], Entry],
    after: Callable[[list[Entry]], None] | None = None,
    check: Callable[[], None] | None = None,
    locked: Callable[[Any], None] | None = None,
    also_lock: Sequence[models.Model] = (),
    locked_log: LockedLog[Entry] | None = None,
) -> Written[Entry]:
    """Write the row `build` makes at `expected_sequence`, or return the one already there.

    `kinds` are the row kinds the calling form writes: a repeat of the same form finds
    its own row and gets it back unchanged, with `created` False. `check` runs after the
    lock (to refuse, say, a finished character), `build` sees the log so far, asks
    rules/ (raising RulesError to refuse), rolls any dice and returns the unsaved row;
    `after` runs in the same transaction once it is saved (a snapshot, a sheet).
    `locked` receives the subject's row as the lock read it, before `check`, for a
    `build` that must judge by the subject as it is now rather than as the page saw it.
    `also_lock` are the other subjects `after` appends to (`append_next`): they are
    locked with this one, in the kernel's one order, before anything is read.
    `locked_log` is the subject's lock and log as the caller's transaction already read
    them (log_key.py's `locked_read`), for a caller that looked at the log first.

    Until `after` returns, the subject's row may still show its previous log version (the
    new one is held on the subject in hand, `LogSubject.hold_version`, and written with
    the snapshot's save): an `after` that writes its own subject's log does so through the
    subject in hand (the rows it is given point at it), which writes the held version
    first.
    """
    subject_field = SUBJECT_FIELD

    def read() -> list[Entry]:
        return cast("list[Entry]", whole_log(model, subject))

    # A write given the caller's locked log takes the lock and the log from there, and the
    # caller's transaction is its own: no other writer of the subject can come between
    # that read and this insert, and a refusal or failure here rises out of the caller's
    # transaction, which then rolls back whole (log_key.py's `locked_read` refuses to
    # commit one whose failure was caught). So neither needs a savepoint: four statements
    # fewer a click.
    if locked_log is not None:
        _refuse_unless_serves(locked_log, model, subject, also_lock)
    if isinstance(subject, LogSubject):
        subject.write_held_version()  # a write from inside another's `after`: lock the row as it is
    with transaction.atomic(savepoint=locked_log is None):
        # The lock comes first: a second request for the same key waits here and then
        # reads the row the first one saved.
        if locked_log is not None:
            rows, entries = list(locked_log.subject_rows), list(locked_log.entries)
        else:
            rows = lock_subjects(subject, *also_lock)
        current_row = next(
            (row for row in rows if type(row) is type(subject) and row.pk == subject.pk), None
        )
        if locked_log is None:
            entries = cast("list[Entry]", whole_log(model, subject, locked=current_row))
        if locked is not None and current_row is not None:
            locked(current_row)
        if check is not None:
            check()
        upcoming = next_sequence(entries)
        if expected_sequence != upcoming:
            return _already_written(entries, expected_sequence, kinds)
        entry = build(entries)
        entry.sequence = expected_sequence
        setattr(entry, subject_field, subject)
        # The log read under the lock ends with the row before this one: its hash is in
        # hand, so sealing reads nothing more (`save` seals only a row still unsealed).
        if not entry.entry_hash:
            seal(entry, previous=hash_after(entries))
        # With an `after` (which may save the subject's snapshot) the version is held on the
        # subject in hand and written with that save: one UPDATE a click instead of two.
        hold = after is not None and isinstance(subject, LogSubject)
        try:
            try:
                with nullcontext() if locked_log is not None else transaction.atomic():
                    entry.save(hold_version=hold)
            except IntegrityError:
                if locked_log is not None:
                    raise  # under the caller's lock no other write can have come first: a bug
                # Another request wrote this sequence between our read and our insert. Only
                # this insert is read as that race: an IntegrityError from `after` is a bug
                # and must reach the caller, not pass for "already written".
                return _already_written(read(), expected_sequence, kinds)
            written = [*entries, entry]
            if current_row is not None:
                # The next write of this subject reads this log from the cache (log_cache.py).
                keep_log_after_commit(model, current_row, written)
            if after is not None:
                after(written)
            if isinstance(subject, LogSubject):
                # `after` did not save the subject in hand: the version goes out now.
                over = current_row.log_version if isinstance(current_row, LogSubject) else None
                subject.write_held_version(over=over)
        except BaseException:
            # Rolled back (or about to be): no version of this write may reach the row later.
            if isinstance(subject, LogSubject):
                subject.forget_held_version()
            raise
    return Written(entry=entry, created=True, entries=tuple(written))


def _refuse_unless_serves(
    locked_log: LockedLog[Any],
    model: type[models.Model],
    subject: models.Model,
    also_lock: Sequence[models.Model],
) -> None:
    """A locked log serves a write of its own subject's log alone, inside the transaction
    that locked it (the lock ends with that transaction)."""
    if locked_log.model is not model or locked_log.subject.pk != subject.pk or also_lock:
        raise ValueError("A locked log serves a write of its own subject's log alone.")
    if not transaction.get_connection().in_atomic_block:
        raise TransactionManagementError(
            "A locked log serves only inside the transaction that locked it."
        )


APPEND_ATTEMPTS = 3


def append_next(
    *,
    model: type[Entry],
    subject: models.Model,
    build: Callable[[list[Entry]], Entry | None],
    after: Callable[[list[Entry]], None] | None = None,
) -> Entry | None:
    """Append the row `build` makes (or nothing, for None) at the log's next sequence.

    For a row no form of this subject asked for: someone else's action reaches it (a
    mark shared by another character, the GM's refresh), so there is no key. The
    caller locks the subject beforehand, together with whatever else it writes
    (`write_once`'s `also_lock`, `lock_subjects`): locking it here, after the
    writer's own subject, could deadlock with the mirror action (two players sharing
    with each other at the same moment), and even unlocked the two rows would each
    wait on the other's claim to a (subject, sequence). The unique (subject, sequence)
    still stands behind the lock: if the sequence is claimed meanwhile, this savepoint
    rolls back and the log is read again, so `build` always sees the log it extends.
    """
    for attempt in range(1, APPEND_ATTEMPTS + 1):
        try:
            with transaction.atomic():
                rows = model._default_manager.filter(**{SUBJECT_FIELD: subject})
                entries = cast("list[Entry]", list(rows.order_by("sequence")))
                entry = build(entries)
                if entry is None:
                    return None
                entry.sequence = next_sequence(entries)
                setattr(entry, SUBJECT_FIELD, subject)
                if not entry.entry_hash:
                    seal(entry, previous=hash_after(entries))
                entry.save()
                if after is not None:
                    after([*entries, entry])
                return entry
        except IntegrityError:
            if attempt == APPEND_ATTEMPTS:
                raise
    return None  # not reached: the last attempt returns or raises


def already_written(
    model: type[Entry], subject: models.Model, key: object, kinds: Sequence[str]
) -> Entry | None:
    """The row a form with this key already wrote, if any: views answer with it before
    they validate the form, so a double-click never meets a validation error.

    A write of this subject still under way (the first click) is waited for: the lock
    is taken and released at once, and only then is the key looked up, so the second
    click finds the first click's row instead of a sheet that no longer fits its form.
    """
    sequence = parse_key(key)
    if sequence is None:
        return None
    with transaction.atomic():
        lock_subjects(subject)
    lookup: dict[str, Any] = {SUBJECT_FIELD: subject, "sequence": sequence, "kind__in": kinds}
    return cast("Entry | None", model._default_manager.filter(**lookup).first())


def _already_written(
    entries: Sequence[Entry], expected_sequence: int, kinds: Sequence[str]
) -> Written[Entry]:
    existing = next((entry for entry in entries if entry.sequence == expected_sequence), None)
    if existing is not None and getattr(existing, "kind", None) in kinds:
        return Written(entry=existing, created=False, entries=tuple(entries))
    raise LogStale(STALE_MESSAGE)
