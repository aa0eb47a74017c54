"""`manage.py check_snapshots` finds a list snapshot that no longer matches its log."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from chargen.infinity_drive import services
from chargen.infinity_drive.models import Character
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    roll_book_characteristics,
    skill,
)


@pytest.fixture
def draft(player: User) -> Character:
    """Started as a player starts one: its name and concept are the log's first row."""
    return services.character_start(
        owner=player, campaign=None, name="Treva Donalson", concept="Mechanic"
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


def test_a_name_or_concept_column_unlike_the_log_is_reported(draft: Character) -> None:
    treva = _treva_started(draft)
    Character.objects.filter(pk=treva.pk).update(concept="Pilot")  # behind the app's back
    out = StringIO()
    with pytest.raises(CommandError, match="1 snapshot value"):
        call_command("check_snapshots", stdout=out)
    assert "name and concept is ('Treva Donalson', 'Pilot') in the snapshot" in out.getvalue()
    assert "but ('Treva Donalson', 'Mechanic') on replay" in out.getvalue()


def test_a_renamed_draft_still_matches_its_log(draft: Character) -> None:
    treva = _treva_started(draft)
    services.character_update_concept(
        character=treva,
        expected_sequence=treva.log.count() + 1,
        name="Treva Donalson",
        concept="Fixer",
    )
    out = StringIO()
    call_command("check_snapshots", stdout=out)
    assert "Every snapshot matches" in out.getvalue()


def test_a_character_only_started_has_its_snapshot_already(draft: Character) -> None:
    """Its first row (the name and concept) writes the list snapshot, as every step does:
    a site backed up right after a player started a character restores and checks clean."""
    out = StringIO()
    call_command("check_snapshots", stdout=out)
    assert "Every snapshot matches" in out.getvalue()
