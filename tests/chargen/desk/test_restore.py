"""A restore from `dumpdata` replays saves, not events: nobody is told anything twice."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core import mail
from django.core.management import call_command

from chargen.core import roll_keys
from chargen.core.export import exported_log
from chargen.core.verify import verify_rows
from chargen.desk.models import Notification
from chargen.infinity_drive.models import Character, CreationLogEntry, Race

# The commands README's "Backup and restore" section gives for a logical (JSON) copy.
DUMP_OPTIONS = {
    "natural_foreign": True,
    "natural_primary": True,
    "exclude": ["contenttypes", "auth.permission", "sessions"],
}


# Committed for real, as a restore is: e-mails are sent at commit, and PostgreSQL
# cannot TRUNCATE (flush) inside the test's transaction.
@pytest.mark.django_db(transaction=True)
def test_dumpdata_flush_loaddata_leaves_the_notifications_as_they_were(
    darrian: Race,
    submitted: Character,
    tmp_path: Path,
) -> None:
    before = sorted(Notification.objects.values_list("kind", "message"))
    seals_before = list(submitted.log.order_by("sequence").values_list("entry_hash", "signature"))
    assert all(hash_ and signature for hash_, signature in seals_before)
    assert len(before) == 2  # the proposed race and the submitted character
    backup = tmp_path / "backup.json"
    call_command("dumpdata", output=str(backup), verbosity=0, **DUMP_OPTIONS)
    call_command("flush", interactive=False, verbosity=0)
    assert not Notification.objects.exists()
    mail.outbox.clear()

    call_command("loaddata", str(backup), verbosity=0)

    assert sorted(Notification.objects.values_list("kind", "message")) == before
    assert Race.objects.get().name == "Darrian"
    assert Character.objects.get(name="Treva Donalson").status == "submitted"
    assert mail.outbox == []
    # The seals come back as they were, and the chain still verifies.
    restored = Character.objects.get(name="Treva Donalson")
    assert list(restored.log.order_by("sequence").values_list("entry_hash", "signature")) == (
        seals_before
    )
    keys = roll_keys.known_public_keys()
    rows = exported_log(CreationLogEntry, restored, keys)
    assert all(verdict.good for verdict in verify_rows(str(restored.pk), rows, keys))
