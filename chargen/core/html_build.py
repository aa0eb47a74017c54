"""Django's `format_html` and `format_html_join`, as fast as `str.format`.

The wizard's hot template tags (the stepper, the open skill tables, the skill rolls)
build their markup in Python with format_html, some eighty calls a page. Django's
escapes each value through `conditional_escape` and `escape`, which are wrapped to
accept lazy translation strings (`keep_lazy`): the wrapper costs more than the escaping.
These do the same with the standard library's `html.escape`, which Django's `escape`
itself calls, for about a third of the CPU (issue 13).

Same contract: the format string is the caller's constant, never a user's text; every
value is escaped unless it is already safe (it has `__html__`, as SafeString does);
a lazy string is turned into text first. tests/chargen/core/test_html_build.py compares
both with Django's on values of every kind.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.utils.safestring import SafeString


def escaped(value: Any) -> str:
    """`value` as HTML text: its own markup when it is safe, else escaped (as Django's
    conditional_escape, lazy strings included)."""
    markup = getattr(value, "__html__", None)
    if markup is not None:
        return str(markup())
    return html.escape(str(value))


def format_html(format_string: str, *args: Any, **kwargs: Any) -> SafeString:
    """`format_string` (a constant) filled with each value escaped, as safe text."""
    # Safe as Django's format_html marks its result safe: the format string is the
    # caller's constant markup, and every value in it went through `escaped`.
    return SafeString(
        format_string.format(
            *[escaped(arg) for arg in args],
            **{name: escaped(value) for name, value in kwargs.items()},
        )
    )


def format_html_join(
    sep: str,
    format_string: str,
    args_generator: Iterable[Sequence[Any] | Mapping[str, Any]],
) -> SafeString:
    """`format_html(format_string, *args)` for each args (or `**args`, for a mapping, as
    Django's), joined by `sep` (escaped too)."""
    # Safe: each piece is format_html's (above), and `sep` is escaped.
    return SafeString(
        escaped(sep).join(
            format_html(format_string, **args)
            if isinstance(args, Mapping)
            else format_html(format_string, *args)
            for args in args_generator
        )
    )
