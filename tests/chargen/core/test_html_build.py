"""chargen/core/html_build.py gives exactly what Django's format_html and
format_html_join give, for values of every kind, and escapes what they escape."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.utils import html as django_html
from django.utils.functional import lazy
from django.utils.safestring import SafeString, mark_safe

from chargen.core import html_build


class Marked:
    """Not a str, but safe: it says its own markup."""

    def __html__(self) -> str:
        return "<i>own</i>"


lazy_text = lazy(lambda: "<lazy & 'quoted'>", str)()
# The inputs, of every kind a caller may pass. The two marked safe here are fixed test
# values standing for markup a caller built itself: both functions must leave them as
# Django's do, and escape everything else.
VALUES: list[Any] = [
    "plain",
    "<script>alert('x')</script>",
    "a \"quoted\" & <tagged> 'value'",
    mark_safe("<b>safe</b>"),
    SafeString("<em>also safe</em>"),
    lazy_text,
    Marked(),
    7,
    -1.5,
    Decimal("2.50"),
    None,
    "",
    "ünïcødé ✓ ✗",
]


@pytest.mark.parametrize("value", VALUES, ids=[type(v).__name__ for v in VALUES])
def test_each_value_is_written_as_django_writes_it(value: Any) -> None:
    form = '<td class="{}">{}</td>'
    ours = html_build.format_html(form, value, value)
    theirs = django_html.format_html(form, value, value)
    assert ours == theirs
    assert isinstance(ours, SafeString)


def test_named_values_too() -> None:
    form = '<a href="{url}">{name}</a>'
    values = {"url": "/x?a=1&b=2", "name": "<Treva>"}
    assert html_build.format_html(form, **values) == django_html.format_html(form, **values)


def test_joined_rows_are_django_s() -> None:
    rows = [(value, index) for index, value in enumerate(VALUES)]
    for sep in ("", "\n", "<br>", mark_safe("<br>")):
        ours = html_build.format_html_join(sep, "<li>{} #{}</li>", rows)
        assert ours == django_html.format_html_join(sep, "<li>{} #{}</li>", rows)
        assert isinstance(ours, SafeString)


def test_rows_given_by_name_are_django_s_too() -> None:
    rows = [{"name": value, "n": index} for index, value in enumerate(VALUES)]
    ours = html_build.format_html_join("", "<li>{name} #{n}</li>", rows)
    assert ours == django_html.format_html_join("", "<li>{name} #{n}</li>", rows)


def test_nothing_a_user_types_becomes_markup() -> None:
    typed = '"><img src=x onerror=alert(1)>'
    assert "<img" not in html_build.format_html('<input value="{}">', typed)
    assert "&quot;&gt;&lt;img" in html_build.format_html('<input value="{}">', typed)
