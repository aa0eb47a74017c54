"""The creation log's write path: one entry per sequence, repeats return what was saved."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import connection

from chargen.core.log import UNDO_KIND, AppendOnlyError, effective
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.log import NewEntry, log_entries, log_undo, log_write
from chargen.infinity_drive.models import Character, CharacterStatus, CreationLogEntry
from rules.dice import roll


def _roll_builder(counter: list[int]) -> Callable[[list[CreationLogEntry]], NewEntry]:
    def build(entries: list[CreationLogEntry]) -> NewEntry:
        counter.append(1)
        return NewEntry(kind="test_roll", roll=roll("2d6"))

    return build


def _decision(entries: list[CreationLogEntry]) -> NewEntry:
    return NewEntry(kind="test_choice", payload={"choice": "a"})


@pytest.fixture
def character(player: User) -> Character:
    return Character.objects.create(owner=player, name="Treva")


def test_a_roll_is_saved_with_its_faces(character: Character) -> None:
    written = log_write(
        character=character, expected_sequence=1, kinds=("test_roll",), build=_roll_builder([])
    )
    assert written.created
    saved = CreationLogEntry.objects.get(character=character, sequence=1)
    assert saved.dice == "2d6"
    assert len(saved.faces) == 2
    assert all(1 <= face <= 6 for face in saved.faces)
    assert saved.total == sum(saved.faces)
    assert not saved.entered


def test_a_repeated_post_returns_the_saved_roll_without_rolling_again(
    character: Character,
) -> None:
    calls: list[int] = []
    first = log_write(
        character=character, expected_sequence=1, kinds=("test_roll",), build=_roll_builder(calls)
    )
    again = log_write(
        character=character, expected_sequence=1, kinds=("test_roll",), build=_roll_builder(calls)
    )
    assert not again.created
    assert again.entry.pk == first.entry.pk
    assert again.entry.faces == first.entry.faces
    assert len(calls) == 1
    assert CreationLogEntry.objects.filter(character=character).count() == 1


def test_a_different_step_at_a_taken_sequence_changes_nothing(character: Character) -> None:
    log_write(
        character=character, expected_sequence=1, kinds=("test_roll",), build=_roll_builder([])
    )
    with pytest.raises(StepRefused, match="already done"):
        log_write(character=character, expected_sequence=1, kinds=("test_choice",), build=_decision)
    assert [entry.kind for entry in log_entries(character)] == ["test_roll"]


def test_a_sequence_from_the_future_is_refused(character: Character) -> None:
    with pytest.raises(StepRefused, match="already done"):
        log_write(character=character, expected_sequence=3, kinds=("test_choice",), build=_decision)
    assert not log_entries(character)


def test_a_finished_character_takes_no_steps(character: Character) -> None:
    character.status = CharacterStatus.FINISHED
    character.save()
    with pytest.raises(StepRefused, match="finished"):
        log_write(character=character, expected_sequence=1, kinds=("test_choice",), build=_decision)
    assert not log_entries(character)


def test_undo_appends_an_entry_that_cancels_only_the_newest_decision(character: Character) -> None:
    log_write(
        character=character, expected_sequence=1, kinds=("test_roll",), build=_roll_builder([])
    )
    log_write(character=character, expected_sequence=2, kinds=("test_choice",), build=_decision)
    removed = log_undo(
        character=character, expected_sequence=2, undoable_kinds=frozenset({"test_choice"})
    )
    assert removed.kind == "test_choice"
    # Nothing is removed: the undo is an entry of its own, and replay leaves out both.
    log = log_entries(character)
    assert [(entry.sequence, entry.kind) for entry in log] == [
        (1, "test_roll"),
        (2, "test_choice"),
        (3, UNDO_KIND),
    ]
    assert log[2].payload == {"cancels": 2}
    assert [entry.sequence for entry in effective(log)] == [1]


def test_a_second_undo_of_the_same_decision_changes_nothing(character: Character) -> None:
    log_write(character=character, expected_sequence=1, kinds=("test_choice",), build=_decision)
    undoable = frozenset({"test_choice"})
    log_undo(character=character, expected_sequence=1, undoable_kinds=undoable)
    with pytest.raises(StepRefused, match="already undone"):
        log_undo(character=character, expected_sequence=1, undoable_kinds=undoable)
    assert len(log_entries(character)) == 2


def test_log_rows_are_never_changed_or_removed(character: Character) -> None:
    written = log_write(
        character=character, expected_sequence=1, kinds=("test_choice",), build=_decision
    )
    entry = written.entry
    entry.kind = "something else"
    with pytest.raises(AppendOnlyError):
        entry.save()
    with pytest.raises(AppendOnlyError):
        entry.delete()
    with pytest.raises(AppendOnlyError):
        CreationLogEntry.objects.filter(character=character).update(kind="x")
    with pytest.raises(AppendOnlyError):
        character.log.all().delete()
    assert [row.kind for row in log_entries(character)] == ["test_choice"]


def test_undo_never_takes_back_a_roll(character: Character) -> None:
    log_write(
        character=character, expected_sequence=1, kinds=("test_roll",), build=_roll_builder([])
    )
    with pytest.raises(StepRefused, match="never taken back"):
        # Even if someone lists the kind as undoable, an entry with dice stays.
        log_undo(character=character, expected_sequence=1, undoable_kinds=frozenset({"test_roll"}))
    assert len(log_entries(character)) == 1


def test_undo_of_a_stale_sequence_is_refused(character: Character) -> None:
    log_write(character=character, expected_sequence=1, kinds=("test_choice",), build=_decision)
    with pytest.raises(StepRefused, match="latest step"):
        log_undo(
            character=character, expected_sequence=5, undoable_kinds=frozenset({"test_choice"})
        )
    assert len(log_entries(character)) == 1


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_posts_of_the_same_roll_produce_one_roll(player: User) -> None:
    character = Character.objects.create(owner=player, name="Twin")
    start_together = threading.Barrier(2)
    # The character row is locked before the log is read (PostgreSQL), and SQLite's
    # IMMEDIATE transactions queue at BEGIN: either way the second request reads the
    # log after the first commits and finds the saved roll.
    results: list[tuple[int, list[int], bool]] = []
    errors: list[BaseException] = []

    def build(entries: list[CreationLogEntry]) -> NewEntry:
        return NewEntry(kind="test_roll", roll=roll("2d6"))

    def post() -> None:
        try:
            start_together.wait(timeout=10)
            written = log_write(
                character=Character.objects.get(pk=character.pk),
                expected_sequence=1,
                kinds=("test_roll",),
                build=build,
            )
            results.append((written.entry.pk, written.entry.faces, written.created))
        except BaseException as error:  # reported to the test thread below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=post) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors
    assert len(results) == 2
    assert results[0][0] == results[1][0]
    assert results[0][1] == results[1][1]
    assert sorted(created for _, _, created in results) == [False, True]
    assert CreationLogEntry.objects.filter(character=character).count() == 1
