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
from chargen.drifting.snapshots import (
    lifepath_snapshot_mismatches,
    snapshot_mismatches,
    token_snapshot_mismatches,
)

pytestmark = [pytest.mark.slow]


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
    # Where each stands in its creation is its log's word too.
    assert [str(m) for m in snapshot_mismatches()] == []
    # Play carries on from the replayed sheet, and the old rows seal and verify.
    jim = Character.objects.get(name="Jim Harlan")
    services.character_roll(
        character=jim,
        key=jim.next_sequence,
        choices=services.RollChoices(applicable=("Military",), deplete={"Firearms": 1}),
    )
    assert list(token_snapshot_mismatches()) == []
    call_command("seal_logs", verbosity=0)


def test_an_old_draft_with_a_lifepath_taken_back_carries_on_through_the_kernel(
    legacy_database: None,
) -> None:
    """Sable took a lifepath back with the old `lifepath_undone` row (a summary only):
    replay reads it as cancelling the newest lifepath then chosen, and her next undo is
    the kernel's row, appended after it; no old row is rewritten."""
    sable = Character.objects.get(name="Sable")
    sealed = dict(sable.log.values_list("sequence", "entry_hash"))
    assert [path.slug for path in services.chosen_lifepaths(sable)] == [
        "station-brat",
        "grifter",
    ]
    grifter = sable.log.filter(kind=LogKind.LIFEPATH).order_by("sequence").last()
    assert grifter is not None
    undo = services.character_undo_lifepath(character=sable, key=sable.next_sequence)
    assert undo.details["cancels"] == grifter.sequence
    assert [path.slug for path in services.chosen_lifepaths(sable)] == ["station-brat"]
    freighter = services.lifepaths_available(None).get(slug="freighter-pilot")
    services.character_add_lifepath(character=sable, lifepath=freighter, key=sable.next_sequence)
    assert [path.slug for path in services.chosen_lifepaths(sable)] == [
        "station-brat",
        "freighter-pilot",
    ]
    assert list(lifepath_snapshot_mismatches()) == []
    kept = dict(sable.log.filter(sequence__in=sealed).values_list("sequence", "entry_hash"))
    assert kept == sealed
    assert list(sable.log.values_list("kind", flat=True)).count(LogKind.LIFEPATH_UNDONE) == 1
