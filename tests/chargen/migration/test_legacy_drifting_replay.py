"""Drifting sheets made by the old code replay from their logs after the migrations.

`drifting/0008_sheet_replay_payload` gives the old `finished` and `shared_mark` rows
the payload replay needs (read from their summaries); every stored token sheet must
then equal a replay of its log, and the next action must carry on from it.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command

from chargen.drifting import services
from chargen.drifting.models import Character, LogKind
from chargen.drifting.snapshots import lifepath_snapshot_mismatches, token_snapshot_mismatches
from tests.chargen.migration.test_legacy_data_survives import legacy_database

__all__ = ["legacy_database"]

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_every_old_token_sheet_is_a_replay_of_its_log(legacy_database: None) -> None:
    finished = Character.objects.filter(log__kind=LogKind.FINISHED).distinct()
    assert finished.count() == 2
    for character in finished:
        row = character.log.get(kind=LogKind.FINISHED)
        assert [token["name"] for token in row.details["tokens"]] == [
            name for name in services.token_sheet(character) if name in row.summary
        ]
    shared = Character.objects.get(log__kind=LogKind.SHARED_MARK)
    assert shared.log.get(kind=LogKind.SHARED_MARK).details == {
        "token": "Dodge",
        "token_kind": "focus",
    }
    assert list(token_snapshot_mismatches()) == []
    # The lifepaths chosen replay too: Sable's old `lifepath_undone` row took one back.
    assert list(lifepath_snapshot_mismatches()) == []
    # Play carries on from the replayed sheet, and the old rows seal and verify.
    jim = Character.objects.get(name="Jim Harlan")
    services.character_roll(
        character=jim,
        key=jim.next_sequence,
        choices=services.RollChoices(applicable=("Military",), deplete={"Firearms": 1}),
    )
    assert list(token_snapshot_mismatches()) == []
    call_command("seal_logs", verbosity=0)
