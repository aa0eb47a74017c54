"""Checking a log's seals: which rows the server rolled and nobody touched since.

Works on exported rows (plain dicts, chargen.core.export), so the same check serves
an export from this server, a file from another server (with that server's public
key) and this server's own database (exported first). Row by row it says:

- "server": dice rolled and signed by a known key, hash and signature intact;
- "typed": faces typed from physical dice, recorded and signed by the server;
- "decision": no dice, sealed intact;
- "unsealed": written before signing began (see `manage.py seal_logs`);
- "unknown key": signed by a key this check was not given;
- "broken": the row changed after it was signed, a row before it is missing or out
  of order, or its signature does not verify. Every row after a break is suspect.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from chargen.core.chain import GENESIS, chain_hash, chain_message
from chargen.core.roll_keys import verifies
from chargen.core.row_labels import kind_words, row_label

GOOD = frozenset({"server", "typed", "decision"})


@dataclass(frozen=True)
class RowVerdict:
    sequence: int
    verdict: str
    words: str
    # What the row is, from its fields (row_labels.py): "Skill roll: Firearms 2d6 → 4 5".
    label: str = ""

    @property
    def title(self) -> str:
        """ "#3 · Skill roll: Firearms 2d6 → 4 5", or "#3" for a row without a label."""
        return f"#{self.sequence} · {self.label}" if self.label else f"#{self.sequence}"

    @property
    def good(self) -> bool:
        return self.verdict in GOOD


@dataclass(frozen=True)
class LogReport:
    subject: str
    name: str
    rows: tuple[RowVerdict, ...]

    @property
    def broken(self) -> tuple[RowVerdict, ...]:
        return tuple(row for row in self.rows if row.verdict == "broken")

    @property
    def intact(self) -> bool:
        return not self.broken

    @property
    def counts(self) -> dict[str, int]:
        counted: dict[str, int] = {}
        for row in self.rows:
            counted[row.verdict] = counted.get(row.verdict, 0) + 1
        return counted


def _what(fields: dict[str, Any]) -> str:
    if not fields.get("faces"):
        return "decision"
    return "typed" if fields.get("entered") else "server"


WORDS = {
    "server": "Rolled by the server; signature good, untouched since.",
    "typed": "Faces typed in from physical dice; recorded and signed by the server.",
    "decision": "A decision (no dice); signature good.",
}


def verify_rows(subject: str, rows: list[dict[str, Any]], keys: dict[str, str]) -> list[RowVerdict]:
    """Each row's verdict; `keys` are the public keys trusted (key id → key)."""
    verdicts: list[RowVerdict] = []
    expected = 1
    previous = GENESIS
    for row in rows:
        if not isinstance(row, dict):  # callers check the schema first; never a 500
            verdicts.append(RowVerdict(0, "broken", "A row that is not a row of a log."))
            continue
        sequence = row.get("sequence")
        fields = row.get("fields") or {}
        claimed = str(row.get("hash") or "")
        if not isinstance(sequence, int):
            verdicts.append(RowVerdict(0, "broken", "A row without a sequence number."))
            continue
        verdict = _row_verdict(subject, row, fields, claimed, sequence, expected, previous)
        verdicts.append(verdict)
        # The next row links to the hash this row claims, so a changed row is flagged
        # itself, and a row whose hash was recomputed breaks its signature.
        previous = claimed
        expected = sequence + 1
        if verdict.verdict in GOOD or verdict.verdict == "unknown key":
            verdicts[-1] = _signature_verdict(verdict, row, claimed, keys)
    return verdicts


def _row_verdict(
    subject: str,
    row: dict[str, Any],
    fields: dict[str, Any],
    claimed: str,
    sequence: int,
    expected: int,
    previous: str,
) -> RowVerdict:
    if sequence != expected:
        return RowVerdict(
            sequence,
            "broken",
            f"Row #{sequence} stands where row #{expected} should: rows are missing or "
            "out of order.",
        )
    if not claimed:
        return RowVerdict(sequence, "unsealed", "Written before signing began: not sealed.")
    message = chain_message(subject=subject, sequence=sequence, fields=fields, previous=previous)
    if chain_hash(message) != claimed:
        return RowVerdict(
            sequence,
            "broken",
            f"Row #{sequence} was changed after it was signed, or the row before it was.",
        )
    return RowVerdict(sequence, _what(fields), WORDS[_what(fields)])


def _signature_verdict(
    verdict: RowVerdict, row: dict[str, Any], claimed: str, keys: dict[str, str]
) -> RowVerdict:
    key_id = str(row.get("key_id") or "")
    public = keys.get(key_id)
    if public is None:
        return RowVerdict(
            verdict.sequence,
            "unknown key",
            f"Signed by key {key_id or '(none)'}, which this check does not hold: "
            "intact as a chain, but not proved to come from a server you trust.",
        )
    if not verifies(public, str(row.get("signature") or ""), claimed.encode("ascii")):
        return RowVerdict(
            verdict.sequence, "broken", f"Row #{verdict.sequence}'s signature does not verify."
        )
    return verdict


def verify_document(document: dict[str, Any], keys: dict[str, str]) -> list[LogReport]:
    """A report for each character of an export document."""
    reports = []
    items = document.get("characters")
    for item in items if isinstance(items, list) else []:
        # The callers check the schema first; what does not fit it is still never a 500.
        item = item if isinstance(item, dict) else {}
        described = item.get("character")
        described = described if isinstance(described, dict) else {}
        rows = item.get("log")
        rows = rows if isinstance(rows, list) else []
        words = kind_words(str(item.get("kind") or ""))
        verdicts = verify_rows(str(item.get("id", "")), rows, keys)  # one per row, in order
        reports.append(
            LogReport(
                subject=str(item.get("id", "")),
                name=str(described.get("name") or "(unnamed)"),
                rows=tuple(
                    replace(verdict, label=row_label(_fields(row), words))
                    for verdict, row in zip(verdicts, rows, strict=True)
                ),
            )
        )
    return reports


def _fields(row: Any) -> dict[str, Any]:
    fields = row.get("fields") if isinstance(row, dict) else None
    return fields if isinstance(fields, dict) else {}
