"""Print a new Ed25519 private key, as CHARGEN_SIGNING_KEY holds it."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from chargen.core.roll_keys import new_private_key_text


class Command(BaseCommand):
    help = "Print a new private key for CHARGEN_SIGNING_KEY (keep it secret)."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(new_private_key_text())
