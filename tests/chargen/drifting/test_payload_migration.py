"""`drifting/0008_sheet_replay_payload` on rows the old code wrote and the chain sealed.

A finished row and a shared mark written (and sealed) before they recorded their
change: the migration reads their payload from their summaries, clears the seals it
breaks (that row's and every later one's), and `seal_logs` seals them again so every
chain verifies.
"""

from __future__ import annotations

import importlib

from django.apps import apps
from django.core.management import call_command

from chargen.core import roll_keys
from chargen.core.export import exported_log
from chargen.core.verify import verify_rows
from chargen.drifting import services
from chargen.drifting.models import Character, LogEntry, LogKind
from chargen.drifting.snapshots import token_snapshot_mismatches

MIGRATION = importlib.import_module("chargen.drifting.migrations.0008_sheet_replay_payload")


def _as_the_old_code_wrote_it(character: Character, kind: str, **details: object) -> LogEntry:
    """The row without the keys the old code never wrote (its seal still on it)."""
    row = character.log.filter(kind=kind).order_by("sequence").first()
    assert row is not None
    assert row.entry_hash
    LogEntry._base_manager.filter(pk=row.pk).update(details=details)
    return row


def test_old_sealed_rows_get_their_payload_and_are_sealed_again(
    jim: Character, linda: Character
) -> None:
    services.character_roll(
        character=jim,
        key=jim.next_sequence,
        choices=services.RollChoices(
            applicable=("Firearms",),
            deplete={"Firearms": 1},
            share_token="Firearms",
            share_with=linda,
        ),
    )
    finished = _as_the_old_code_wrote_it(jim, LogKind.FINISHED)
    LogEntry._base_manager.filter(pk=finished.pk).update(
        summary="Finished with tokens: Military ×1, Firearms ×2, Dodge ×1."
    )
    shared = _as_the_old_code_wrote_it(linda, LogKind.SHARED_MARK)
    assert len(list(token_snapshot_mismatches())) == 2  # neither log replays

    MIGRATION.forwards(apps, None)

    assert LogEntry.objects.get(pk=shared.pk).details == {
        "token": "Firearms",
        "token_kind": "focus",
    }
    tokens = LogEntry.objects.get(pk=finished.pk).details["tokens"]
    assert [(token["name"], token["held"]) for token in tokens] == [
        ("Military", 1),
        ("Firearms", 2),
        ("Dodge", 1),
    ]
    # Jim's row 1 (started) keeps its seal; the changed row and all after it are unsealed.
    seals = dict(jim.log.values_list("sequence", "entry_hash"))
    assert seals[1]
    assert not any(seals[n] for n in seals if n >= finished.sequence)
    # Linda's sheet replays again. Jim was made with check marks already on his
    # finished sheet (the book's example), which no old summary lists: the check
    # names exactly those.
    mismatches = list(token_snapshot_mismatches())
    assert {(m.character.pk, m.token) for m in mismatches} == {
        (jim.pk, "Military"),
        (jim.pk, "Firearms"),
    }

    call_command("seal_logs", verbosity=0)
    keys = roll_keys.known_public_keys()
    for character in (jim, linda):
        verdicts = verify_rows(str(character.pk), exported_log(LogEntry, character, keys), keys)
        assert all(verdict.good for verdict in verdicts)


def test_a_log_sealed_by_another_servers_key_is_left_as_it_is(
    jim: Character, linda: Character
) -> None:
    """An imported log keeps its seals: cleared, its rolls would read as rolled here."""
    finished = _as_the_old_code_wrote_it(jim, LogKind.FINISHED)
    LogEntry._base_manager.filter(character=jim, sequence__gte=finished.sequence).update(
        key_id="0123456789abcdef"  # a key this server never recorded
    )
    before = list(jim.log.order_by("sequence").values_list("details", "entry_hash", "key_id"))

    MIGRATION.forwards(apps, None)

    after = list(jim.log.order_by("sequence").values_list("details", "entry_hash", "key_id"))
    assert after == before
