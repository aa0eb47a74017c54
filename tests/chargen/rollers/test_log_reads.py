"""The kernel's reads: a tampered key is stale, not an error, and a lock that holds."""

from __future__ import annotations

import threading

import pytest
from django.db import OperationalError, connection, transaction
from django.db.transaction import TransactionManagementError

from chargen.core.log import LogStale, lock_subjects
from chargen.core.log_key import key_in, locked_read
from chargen.rollers.models import UniqueCharacter, UniqueRollEntry
from tests.chargen.rollers.services_helpers import plan_for, roll_typed


def _roll(character: UniqueCharacter, faces: list[int]) -> None:
    roll_typed(character, plan_for(character, "Precision"), faces)


@pytest.mark.django_db
def test_a_key_beyond_any_column_is_stale_not_an_error(leanne: UniqueCharacter) -> None:
    _roll(leanne, [2, 4, 5])
    huge = 2**70  # a tampered form: no row is there, and no column is asked for it
    with locked_read(UniqueRollEntry, leanne) as log, pytest.raises(LogStale):
        key_in(log.entries, huge, ("roll",))


def _second_writer_refused_after_a_short_wait(sheet: UniqueCharacter) -> None:
    """Another writer of the same subject gives up after 0.3 s instead of getting in.

    PostgreSQL: the subject's row lock (FOR NO KEY UPDATE) makes it wait. SQLite: the
    write lock its IMMEDIATE transaction takes at BEGIN (settings.py) makes it wait.
    """
    if connection.vendor == "postgresql":
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '300ms'")
            with pytest.raises(OperationalError, match="lock timeout"):
                lock_subjects(sheet)
        return
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA busy_timeout = 300")
    try:
        with pytest.raises(OperationalError, match="locked"), transaction.atomic():
            lock_subjects(sheet)
    finally:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA busy_timeout = 20000")


@pytest.mark.django_db(transaction=True)
def test_a_second_writer_waits_for_the_subjects_lock(leanne: UniqueCharacter) -> None:
    sheet = leanne
    if connection.features.has_select_for_update:  # as the ORM: a row lock needs a transaction
        with pytest.raises(TransactionManagementError):
            lock_subjects(sheet)
    held, done = threading.Event(), threading.Event()

    def first_writer() -> None:
        try:
            with transaction.atomic():
                lock_subjects(sheet)
                held.set()
                done.wait(5)
        finally:
            connection.close()

    thread = threading.Thread(target=first_writer)
    thread.start()
    try:
        assert held.wait(5)
        _second_writer_refused_after_a_short_wait(sheet)
    finally:
        done.set()
        thread.join()
    with transaction.atomic():  # free again once the first writer's transaction ends
        assert lock_subjects(sheet) == [sheet]
