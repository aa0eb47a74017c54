"""`manage.py check_snapshots`: every stored snapshot against a replay of its log, for
each kind of character the registry says keeps one (Infinity Drive's list snapshot,
Drifting's token sheet)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from chargen.core.systems import registry


class Command(BaseCommand):
    help = "Replay every character's log and report stored snapshots that differ."

    def handle(self, *args: Any, **options: Any) -> None:
        found = 0
        for system in registry.all():
            for kind in system.character_kinds:
                if kind.snapshot_mismatches is None:
                    continue
                for mismatch in kind.snapshot_mismatches():
                    found += 1
                    self.stdout.write(f"{system.label}: {mismatch}")
        if found:
            raise CommandError(f"{found} snapshot value(s) differ from a replay of the log.")
        self.stdout.write("Every snapshot matches a replay of its log.")
