"""A subject's log version: its newest log row's (sequence, entry hash), kept on its row.

A log is append-only and a hash chain (chain.py): the newest row's hash covers its content
and every row before it, so "<sequence>-<first 16 hex of its hash>" names the subject's
logged state exactly. The kernel writes it on the subject's row in the same transaction
as the log row (`LogEntryBase.save`, `AppendOnlyQuerySet.bulk_create`), so whatever is
keyed by it (a page's ETag, a cached fragment) changes with every roll, undo or note,
and nothing is ever invalidated by hand. A log row not sealed yet (written before signing
began, until `manage.py seal_logs`) gives its sequence alone, which still names the
state within this database; `seal_logs` writes the sealed version.
"""

from __future__ import annotations

from typing import Any

from django.db import models

FIRST_SEQUENCE = 1  # a log's first row (the kernel, log.py, numbers from here)
HASH_SHOWN = 16  # hex digits of the entry hash: 64 bits, plenty to tell two states apart
NO_LOG = ""  # the version of a subject whose log is still empty


def version_of(sequence: int, entry_hash: str) -> str:
    """The version a log whose newest row is (sequence, entry_hash) has."""
    return f"{sequence}-{entry_hash[:HASH_SHOWN]}"


class LogSubject(models.Model):
    """A model whose rows are the subjects of a log: a character or a roller sheet.

    `log_version` is the kernel's alone: an ordinary save of the subject (a form, the
    admin, a service's `save()` without `update_fields`) leaves the column as it is, so
    an instance read before a roll in another request never writes the old version back.
    The one exception is a version the kernel left on this very instance to be written
    with it (`hold_version`): a write whose `after` saves the subject's snapshot then
    writes the row, the version and the snapshot in two statements, not three.
    """

    log_version = models.CharField(max_length=40, blank=True, default=NO_LOG, editable=False)

    # The version the kernel set on this instance and has not written yet, and the one
    # the instance showed before (`hold_version`).
    held_version: str | None = None
    version_before_hold: str = NO_LOG

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        ordinary = not (args or kwargs.get("force_insert")) and kwargs.get("update_fields") is None
        if ordinary and not self._state.adding:
            # What Django's save writes itself: every loaded column (not the deferred).
            deferred = self.get_deferred_fields()
            kwargs["update_fields"] = [
                field.name
                for field in self._meta.concrete_fields
                if not field.primary_key
                and field.name != "log_version"
                and field.attname not in deferred
            ]
        fields = kwargs.get("update_fields")
        # The held version goes out with this save only if the instance still shows it
        # (a `refresh_from_db` in between shows the database's, which must not be written)
        # and the save writes some column (Django skips `update_fields=[]` altogether).
        writes_held = self.held_version is not None and self.held_version == self.log_version
        if writes_held and fields:
            if "log_version" not in fields:
                kwargs["update_fields"] = [*fields, "log_version"]
        else:
            writes_held = False
        super().save(*args, **kwargs)
        if writes_held:
            self.held_version = None

    def hold_version(self, version: str) -> None:
        """Put `version` on this instance, to be written by its next save with
        `update_fields` or by `write_held_version`, whichever comes first. Only the
        kernel's `write_once` holds a version, inside the transaction that saved the log
        row, and it writes or forgets it before that transaction ends."""
        if self.held_version is None:
            self.version_before_hold = self.log_version
        self.log_version = version
        self.held_version = version

    def write_held_version(self, *, over: str | None = None) -> None:
        """Write the version `hold_version` left unwritten, if any. The kernel calls this
        before its transaction ends, so a row is never committed without its version,
        and before another row of this log is saved through this instance.

        `over`: the version the write's lock read. Only that one is replaced: a row saved
        meanwhile through another instance of the subject has written a newer one."""
        if self.held_version is not None:
            rows = type(self)._default_manager.filter(pk=self.pk)
            if over is not None:
                rows = rows.filter(log_version=over)
            rows.update(log_version=self.held_version)
            self.held_version = None

    def forget_held_version(self) -> None:
        """The write rolled back: nothing is left to write, and the instance shows the
        version it had before (the database's, as the rollback left it)."""
        if self.held_version is not None:
            self.log_version = self.version_before_hold
            self.held_version = None


def is_next_row(subject: models.Model, key: object) -> bool:
    """Whether `key` is the sequence after the newest row, as the version on `subject`
    (as it was read) names it: so, when `subject` was read, no row was at `key` yet.

    A view's first look for the row a form's key already wrote can stop here. A first
    click that commits a row at `key` after `subject` was read is still found: by the
    write, which then answers with that row (`wrote_row` tells the two apart), or by a
    second look, under the lock, before any refusal is shown."""
    version = getattr(subject, "log_version", None)
    if not isinstance(version, str):
        return False
    newest = version.partition("-")[0]
    if version == NO_LOG:
        expected = FIRST_SEQUENCE
    elif newest.isdigit():
        expected = int(newest) + 1
    else:
        return False  # not a version the kernel writes: look the key up
    try:
        return int(str(key)) == expected
    except ValueError:
        return False


def wrote_row(subject: models.Model, entry: Any) -> bool:
    """Whether the write that returned `entry` saved it through this very `subject`:
    the kernel's save puts the new version on the subject in hand (`LogEntryBase.save`),
    so a row another request saved first (a double-click's first click, found by the
    write under its lock and returned) leaves the version as it was read."""
    return getattr(subject, "log_version", None) == version_of(entry.sequence, entry.entry_hash)


def record_version(subject_model: type[models.Model], subject_pk: Any, entry: Any) -> str:
    """Write the version `entry` (just saved, the newest row) gives its subject; the
    version. Call inside the transaction that saved the row."""
    version = version_of(entry.sequence, entry.entry_hash)
    subject_model._default_manager.filter(pk=subject_pk).update(log_version=version)
    return version


def fill_log_versions(apps: Any, subject_label: str, log_label: str) -> int:
    """A data migration's step: give every subject of `subject_label` the version its
    newest `log_label` row gives it (the models as the migration state has them); the
    number of subjects filled. Subjects with an empty log keep `NO_LOG`."""
    subject_model = apps.get_model(subject_label)
    log_model = apps.get_model(log_label)
    newest = log_model._default_manager.filter(character=models.OuterRef("pk")).order_by(
        "-sequence"
    )
    subjects = subject_model._default_manager.annotate(
        newest_sequence=models.Subquery(newest.values("sequence")[:1]),
        newest_hash=models.Subquery(newest.values("entry_hash")[:1]),
    ).filter(newest_sequence__isnull=False)
    filled = []
    for subject in subjects.iterator(chunk_size=500):
        subject.log_version = version_of(subject.newest_sequence, subject.newest_hash)
        filled.append(subject)
    subject_model._default_manager.bulk_update(filled, ["log_version"], batch_size=500)
    return len(filled)
