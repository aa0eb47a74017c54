"""`manage.py check_snapshots` finds a list snapshot that no longer matches its log."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from chargen.characters.models import Character
from tests.chargen.characters.steps import (
    citizen_construction,
    darrian,
    roll_book_characteristics,
    skill,
)


def _treva_started(draft: Character) -> Character:
    roll_book_characteristics(draft)
    darrian(draft)
    citizen_construction(draft)
    skill(draft, "1 1", "construction-academic")
    draft.refresh_from_db()
    return draft


def test_snapshots_written_with_the_log_match_its_replay(draft: Character) -> None:
    _treva_started(draft)
    out = StringIO()
    call_command("check_snapshots", stdout=out)
    assert "Every snapshot matches" in out.getvalue()


def test_a_changed_snapshot_is_reported_and_the_command_fails(draft: Character) -> None:
    treva = _treva_started(draft)
    Character.objects.filter(pk=treva.pk).update(snapshot={**treva.snapshot, "profile": "777777"})
    out = StringIO()
    with pytest.raises(CommandError, match="1 snapshot value"):
        call_command("check_snapshots", stdout=out)
    assert "profile is '777777' in the snapshot" in out.getvalue()
