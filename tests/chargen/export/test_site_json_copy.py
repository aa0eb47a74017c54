"""A site copied through dumpdata/loaddata (README's JSON copy) exports the same files:
every log row's time of writing comes back to the microsecond."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from chargen.rollers.models import UniqueRollEntry
from tests.chargen.export.conftest import export_url
from tests.chargen.export.test_round_trip import KINDS

# README's "Between databases": exactly these options.
DUMP_OPTIONS = {
    "natural_foreign": True,
    "natural_primary": True,
    "exclude": ["contenttypes", "auth.permission", "sessions"],
}


def exported_bytes(client: Client, kind: str, subject: Any) -> bytes:
    """The file, but for the moment of exporting."""
    document = json.loads(client.get(export_url(kind, subject)).content)
    del document["exported"]
    return json.dumps(document, indent=1, ensure_ascii=False).encode()


# Committed for real, as a restore is: PostgreSQL cannot TRUNCATE (flush) inside the
# test's transaction.
@pytest.mark.django_db(transaction=True)
def test_a_json_copy_of_the_site_exports_every_character_byte_for_byte(
    everyone: dict[str, Any], player_client: Client, tmp_path: Path
) -> None:
    leanne = everyone["unique_pool.unique"]
    times = list(UniqueRollEntry.objects.filter(character=leanne).values_list("created", flat=True))
    assert any(time.microsecond % 1000 for time in times), "a time finer than milliseconds"
    before = {kind: exported_bytes(player_client, kind, everyone[kind]) for kind in KINDS}
    backup = tmp_path / "backup.json"
    call_command("dumpdata", output=str(backup), verbosity=0, **DUMP_OPTIONS)
    call_command("flush", interactive=False, verbosity=0)
    call_command("loaddata", str(backup), verbosity=0)
    # Users come back by natural key, under whatever id the database gives them now.
    owner = everyone["unique_pool.unique"].owner
    player_client.force_login(User.objects.get(username=owner.username))
    after = {kind: exported_bytes(player_client, kind, everyone[kind]) for kind in KINDS}
    for kind in KINDS:
        assert after[kind] == before[kind], kind
