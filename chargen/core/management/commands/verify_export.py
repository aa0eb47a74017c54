"""Check an export file's seals from the command line, as the verify page does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from chargen.core import roll_keys
from chargen.core.row_labels import printable
from chargen.core.verify import verify_document


class Command(BaseCommand):
    help = "Verify an export's hash chain and signatures, row by row."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--public-key",
            action="append",
            default=[],
            help="Another server's public key (URL-safe base64); may be given again.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            document = json.loads(Path(options["file"]).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise CommandError(f"Cannot read {options['file']}: {error}") from None
        keys = roll_keys.known_public_keys()
        for public in options["public_key"]:
            keys[roll_keys.key_id_of(roll_keys.b64decode(public))] = public
        broken = 0
        for report in verify_document(document, keys):
            state = "intact" if report.intact else "BROKEN"
            # Names, ids and labels come from the file: printed without control characters.
            name, subject = printable(report.name), printable(report.subject)
            self.stdout.write(f"{name} ({subject}): chain {state}")
            for row in report.rows:
                self.stdout.write(f"  {row.title} — {row.verdict}: {printable(row.words, 300)}")
            broken += len(report.broken)
        if broken:
            raise CommandError(f"{broken} row(s) failed verification.")
