"""Break opportunities in long unbroken runs of a player's text, for the printed sheets.

WeasyPrint looks for a line break inside a word one character at a time under
`overflow-wrap: anywhere`, and the history's two balanced columns lay the text out again
and again: a 4,000-character "word" in a history note made the PDF take seconds (24 s on
a slow machine). A zero-width space every RUN characters gives it ordinary break
opportunities; text with spaces at least that often is returned unchanged, and the
zero-width spaces show as nothing.
"""

from __future__ import annotations

import re

ZERO_WIDTH_SPACE = "\u200b"
# Short enough that a piece always fits the narrowest printed column (a history column
# holds about 50 characters at 8.5 pt), long enough that no real word is cut.
RUN = 24
_LONG_RUN = re.compile(rf"\S{{{RUN + 1},}}")


def _broken(run: re.Match[str]) -> str:
    text = run.group()
    return ZERO_WIDTH_SPACE.join(text[start : start + RUN] for start in range(0, len(text), RUN))


def break_long_runs(text: str) -> str:
    """`text` with a zero-width space after every RUN characters of a run without spaces."""
    return _LONG_RUN.sub(_broken, text)
