"""A character deleted and imported again from its file keeps its id and its rows'
hashes, so its log version, but its rows are new: a log kept in the cache before the
deletion (chargen/core/log_cache.py) is never read for it."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from django.core.cache import caches
from django.test import Client

from chargen.core.log_cache import CACHE_ALIAS
from chargen.core.log_key import locked_read
from chargen.drifting.models import Character, LogEntry
from tests.chargen.drifting.refresh_writes import refresh_write
from tests.chargen.export.conftest import exported
from tests.chargen.export.test_round_trip import delete, upload

CaptureOnCommit = Callable[..., AbstractContextManager[list[Callable[[], None]]]]
KIND = "drifting.character"


def test_a_character_imported_again_reads_its_new_rows(
    everyone: dict[str, Any],
    player_client: Client,
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:
    caches[CACHE_ALIAS].clear()
    jim = everyone[KIND]
    with django_capture_on_commit_callbacks(execute=True):
        written = refresh_write(jim, jim.next_sequence)  # its log, kept
    document = exported(player_client, KIND, jim)
    delete(KIND, jim)
    assert upload(player_client, document).status_code == 302
    again = Character.objects.get(pk=jim.pk)
    assert again.log_version == jim.log_version  # the same content, so the same version
    rows = list(LogEntry.objects.filter(character=again).order_by("sequence"))
    assert rows[-1].pk != written.entry.pk  # new rows
    with locked_read(LogEntry, again) as log:
        assert [row.pk for row in log.entries] == [row.pk for row in rows]
