"""`manage.py check_snapshots`: every Infinity Drive list snapshot against a replay."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from chargen.characters.snapshots import all_snapshot_mismatches


class Command(BaseCommand):
    help = "Replay every character's log and report list snapshots that differ."

    def handle(self, *args: Any, **options: Any) -> None:
        found = 0
        for mismatch in all_snapshot_mismatches():
            found += 1
            self.stdout.write(str(mismatch))
        if found:
            raise CommandError(f"{found} snapshot value(s) differ from a replay of the log.")
        self.stdout.write("Every snapshot matches a replay of its log.")
