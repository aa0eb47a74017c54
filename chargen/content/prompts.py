"""History-prompt templates: GM text with five named placeholders, nothing more.

Any user may start a campaign and write its prompts, so a template is never handed
to `str.format` or a template engine (which reach attributes, items and padding
specs: `{entry.__class__.__mro__}`, `{roll:>50000000}`). One regular expression
replaces exactly the documented placeholders in one pass (a filled-in value is never
scanned again), leaves every other brace as written, and the result is capped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

PROMPT_PLACEHOLDERS = ("entry", "table", "career", "specialisation", "roll")

# A template is a sentence or two; the cap keeps a GM's paste from filling every sheet.
PROMPT_TEMPLATE_MAX_LENGTH = 1000
# A filled-in prompt pre-fills a history note (at most 4,000 characters): it stays well under,
# however long the table entries a GM wrote are.
PROMPT_TEXT_MAX_LENGTH = 1000

# Anything between one pair of braces: a documented placeholder or a thing the GM
# must not write. Stray single braces are not fields and stay as they are.
_FIELD = re.compile(r"\{([^{}]*)\}")


def _allowed_list() -> str:
    named = [f"{{{name}}}" for name in PROMPT_PLACEHOLDERS]
    return ", ".join(named[:-1]) + " and " + named[-1]


def prompt_render(template: str, values: Mapping[str, str]) -> str:
    """`template` with each documented placeholder replaced by its value, capped."""

    def fill(field: re.Match[str]) -> str:
        name = field.group(1)
        if name in PROMPT_PLACEHOLDERS:
            return values.get(name, "")
        return field.group(0)

    text = _FIELD.sub(fill, template)
    if len(text) > PROMPT_TEXT_MAX_LENGTH:
        text = text[: PROMPT_TEXT_MAX_LENGTH - 1] + "…"
    return text


def prompt_template_problems(template: str) -> list[str]:
    """What is wrong with a template a GM or an admin is saving, in words (empty: fine)."""
    problems = []
    if len(template) > PROMPT_TEMPLATE_MAX_LENGTH:
        problems.append(
            f"A prompt may be at most {PROMPT_TEMPLATE_MAX_LENGTH} characters long "
            f"(this one has {len(template)})."
        )
    unknown = list(
        dict.fromkeys(
            field.group(0)
            for field in _FIELD.finditer(template)
            if field.group(1) not in PROMPT_PLACEHOLDERS
        )
    )
    if unknown:
        label = "Unknown placeholder" if len(unknown) == 1 else "Unknown placeholders"
        problems.append(
            f"{label} {', '.join(unknown)}: a prompt may use only {_allowed_list()}, "
            "each written exactly so."
        )
    return problems
