"""A write's progress is the checked progress one step further (progress.py's
`progress_after`), never a whole replay: it must be exactly what replaying the whole
log gives, for every kind of step, and fall back to that replay when the new row is an
undo or changes the race."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.core.cache import caches

from chargen.core.replay_cache import CACHE_ALIAS
from chargen.infinity_drive import services
from chargen.infinity_drive.models import Character, CreationLogEntry
from chargen.infinity_drive.progress import Progress, progress_for
from chargen.infinity_drive.wizard import step_write
from rules.infinity_drive import creation
from tests.chargen.infinity_drive.replay_helpers import worker
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
    skill,
    survive,
)

# (the progress a write made, the whole replay of its rows at that moment, its rows)
Seen = list[tuple[Progress, Progress, list[CreationLogEntry]]]


@pytest.fixture(autouse=True)
def replay_cache(settings: Any) -> None:
    worker(settings, "progress-after")
    caches[CACHE_ALIAS].clear()


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> Seen:
    """Every progress a write made, beside a whole replay of the same rows made then."""
    made: Seen = []
    real = step_write.progress_after

    def spy(before: Progress, entries: Sequence[CreationLogEntry]) -> Progress:
        result = real(before, entries)
        made.append((result, _replayed(result, list(entries)), list(entries)))
        return result

    monkeypatch.setattr(step_write, "progress_after", spy)
    return made


def _replayed(progress: Progress, entries: list[CreationLogEntry]) -> Progress:
    # A rulebook given explicitly is never cached: this is a whole replay.
    return progress_for(progress.character, entries, rulebook=progress.rulebook)


def test_every_write_s_progress_is_the_whole_replay(draft: Character, seen: Seen) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    skill(draft, "1 1", "construction-academic")
    services.character_roll_skill(
        character=draft, expected_sequence=next_sequence(draft), typed_faces="4 5"
    )
    services.character_reroll_skill(
        character=draft,
        expected_sequence=next_sequence(draft),
        table="construction-academic",
        typed_faces="1 3",
    )
    services.character_choose_table(
        character=draft,
        expected_sequence=next_sequence(draft),
        table="construction-academic",
        specialty="",
    )
    skill(draft, "3 3", "construction-academic")
    skill(draft, "4 6", "construction-academic", specialty="Black Market")
    survive(draft, "2 3")
    assert len(seen) > 20
    for progress, whole, _ in seen:
        assert progress.state == whole.state
        assert progress.entries == whole.entries
        assert progress.last_sequence == whole.last_sequence
        assert progress.unplaced_roll == whole.unplaced_roll
        assert progress.race_in_force == whole.race_in_force


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    replays: list[int] = []
    real: Callable[..., creation.CreationState] = creation.replay

    def counted(*args: Any, **kwargs: Any) -> creation.CreationState:
        replays.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(creation, "replay", counted)
    return replays


def test_a_skill_roll_and_its_table_replay_nothing(
    draft: Character, monkeypatch: pytest.MonkeyPatch
) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    replays = _counting(monkeypatch)
    skill(draft, "1 1", "construction-academic")
    assert replays == [], "the check reads the cache, the write extends it by one step"


def test_an_undo_is_replayed_whole(
    draft: Character, seen: Seen, monkeypatch: pytest.MonkeyPatch
) -> None:
    roll_book_characteristics(draft)
    darrian(draft)
    services.character_choose_career(
        character=draft, expected_sequence=next_sequence(draft), career="Citizen"
    )
    replays = _counting(monkeypatch)
    services.character_undo(character=draft, expected_sequence=next_sequence(draft) - 1)
    assert replays, "an undo drops a row: the log is replayed"
    replays.clear()
    career = services.character_choose_career(
        character=draft, expected_sequence=next_sequence(draft), career="Citizen"
    )
    progress, whole, entries = seen[-1]
    assert entries[-1] is career.entry
    assert progress.state == whole.state
