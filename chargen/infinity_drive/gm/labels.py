"""Words for the GM: an Infinity Drive creation log row's kind.

The log stores short internal kinds (`point_buy`, `skill_roll`); the GM reads
"Point buy", "Skill roll".
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from chargen.infinity_drive.wizard.entry_kinds import STEP_TABLE

LOG_KIND_LABELS: Mapping[str, str] = MappingProxyType(
    {kind: row.label for kind, row in STEP_TABLE.items()}
)


def log_kind_label(kind: str) -> str:
    """The GM's words for a log row's kind; a kind added later still reads as words."""
    return LOG_KIND_LABELS.get(kind) or kind.replace("_", " ").capitalize()
