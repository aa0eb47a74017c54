"""Check an export file's seals from the command line, as the verify page does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from chargen.core import roll_keys
from chargen.core.imports import ImportRefused, read_document
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
        keys = roll_keys.known_public_keys()
        for public in options["public_key"]:
            if not roll_keys.is_public_key(public):
                # Name only its start: the whole argument may be anything at all.
                raise CommandError(
                    f"--public-key {printable(public, 20)!r} is not an Ed25519 public key: "
                    "copy the “public_key” value from the other server's "
                    "/.well-known/chargen-signing-keys.json."
                )
            keys[roll_keys.key_id_of(roll_keys.b64decode(public))] = public
        try:
            raw = Path(options["file"]).read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {options['file']}: {error}") from None
        try:
            # The import's gate: size, JSON, depth, this format and version, the schema.
            document = read_document(raw)
        except ImportRefused as refused:
            raise CommandError(f"{options['file']}: {refused}") from None
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
