"""Characters made by the old code get their name and concept as one log row each."""

from __future__ import annotations

from django.core.management import call_command

from chargen.core import roll_keys
from chargen.core.export import exported_log
from chargen.core.verify import verify_rows
from chargen.infinity_drive.concept_log import CONCEPT, named
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CreationLogEntry
from chargen.infinity_drive.snapshots import snapshot_mismatches


def test_each_old_character_has_one_concept_row_last_and_it_seals(
    legacy_database: None,
) -> None:
    characters = list(Character.objects.all())
    assert characters, "the legacy database holds Infinity Drive characters"
    for character in characters:
        entries = log_entries(character)
        concept_rows = [entry for entry in entries if entry.kind == CONCEPT]
        assert len(concept_rows) == 1, character.name
        [row] = concept_rows
        assert row is entries[-1]  # appended: nothing already in the log moved
        assert row.payload["migrated"] is True
        assert named(entries) == (character.name, character.concept)
        assert not [m for m in snapshot_mismatches(character) if m.key == "name and concept"]
    call_command("seal_logs", verbosity=0)
    keys = roll_keys.known_public_keys()
    for character in characters:
        rows = exported_log(CreationLogEntry, character, keys)
        assert all(verdict.good for verdict in verify_rows(str(character.pk), rows, keys))
