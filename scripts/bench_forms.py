"""The HTML forms of a page, read as a browser reads them (standard library only).

The load test's players post a page's own forms, so they only name a form's action and
the few values a player types or picks: hidden fields such as `sequence` and the CSRF
token come from the page, as in a browser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

# Buttons send nothing unless clicked, and a file input has nothing for the players to send.
SKIPPED_INPUTS = frozenset({"submit", "button", "reset", "image", "file"})
# The token htmx sends with every request: base.html puts it in `hx-headers` on <body>.
HX_HEADERS_TOKEN = re.compile(r"hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'")


@dataclass
class Form:
    method: str
    action: str  # as written in the page; empty means the page's own address
    htmx: bool
    # Every control as (name, value, kind): kind is "radio", "checkbox", "option" (each
    # with "-checked"/"-selected" when so), or "value" for what is always sent.
    controls: list[tuple[str, str, str]] = field(default_factory=list)
    submitter_actions: list[str] = field(default_factory=list)  # buttons' formaction

    def actions(self) -> list[str]:
        return [self.action, *self.submitter_actions]

    def options(self, name: str) -> list[str]:
        """The values a player could send for `name` (radio, checkbox, select or fixed)."""
        return [value for control, value, _ in self.controls if control == name]

    def has(self, name: str, value: str) -> bool:
        return value in self.options(name)

    def defaults(self) -> list[tuple[str, str]]:
        """What the browser sends untouched: checked boxes, selected (or first) options."""
        pairs = []
        selects_with_choice = {n for n, _, kind in self.controls if kind == "option-selected"}
        first_option_taken: set[str] = set()
        for name, value, kind in self.controls:
            if kind in {"value", "radio-checked", "checkbox-checked", "option-selected"}:
                pairs.append((name, value))
            elif kind == "option" and name not in selects_with_choice | first_option_taken:
                pairs.append((name, value))
                first_option_taken.add(name)
        return pairs

    def data(self, values: dict[str, str | list[str]]) -> list[tuple[str, str]]:
        """The defaults with each named value replaced (a list sends the name repeatedly)."""
        pairs = [(name, value) for name, value in self.defaults() if name not in values]
        for name, value in values.items():
            pairs += [(name, item) for item in ([value] if isinstance(value, str) else value)]
        return pairs


class FormParser(HTMLParser):
    """Collects every <form> with its controls; `forms` holds them once fed."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.form: Form | None = None
        self.select: tuple[str, bool] | None = None  # (name, disabled)
        self.option: list[str] | None = None  # [value, or "\0" for "the text", text so far]
        self.option_selected = False
        self.textarea: list[str] | None = None  # [name, text so far]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        present = {key for key, _ in attrs}
        if tag == "form":
            self.form = Form(
                a.get("method", "get").lower(), a.get("action", ""), "hx-post" in present
            )
            self.forms.append(self.form)
            return
        form = self.form
        if form is None:
            return
        disabled = "disabled" in present
        if tag == "input" and a.get("name") and not disabled:
            kind = a.get("type", "text").lower()
            if kind in SKIPPED_INPUTS:
                return
            if kind in {"radio", "checkbox"}:
                checked = f"{kind}-checked" if "checked" in present else kind
                form.controls.append((a["name"], a.get("value", "on"), checked))
            else:
                form.controls.append((a["name"], a.get("value", ""), "value"))
        elif tag == "button" and a.get("formaction"):
            form.submitter_actions.append(a["formaction"])
        elif tag == "select" and a.get("name"):
            self.select = (a["name"], disabled)
        elif tag == "option" and self.select is not None:
            self.option = [a["value"] if "value" in present else "\0", ""]
            self.option_selected = "selected" in present
        elif tag == "textarea" and a.get("name") and not disabled:
            self.textarea = [a["name"], ""]

    def handle_data(self, data: str) -> None:
        if self.option is not None:
            self.option[1] += data
        if self.textarea is not None:
            self.textarea[1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "option" or (tag == "select" and self.option is not None):
            self.end_option()
        if tag == "select":
            self.select = None
        elif tag == "textarea" and self.textarea is not None and self.form is not None:
            name, text = self.textarea
            self.form.controls.append((name, text.removeprefix("\n"), "value"))
            self.textarea = None
        elif tag == "form":
            self.form = None

    def end_option(self) -> None:
        if self.option is not None and self.select is not None and self.form is not None:
            name, disabled = self.select
            value = self.option[1].strip() if self.option[0] == "\0" else self.option[0]
            if not disabled:
                kind = "option-selected" if self.option_selected else "option"
                self.form.controls.append((name, value, kind))
        self.option = None


def parse_forms(html: str) -> list[Form]:
    parser = FormParser()
    parser.feed(html)
    parser.close()
    return parser.forms


def htmx_csrf_token(html: str) -> str:
    """The CSRF token htmx sends as X-CSRFToken on this page ("" when it has none)."""
    match = HX_HEADERS_TOKEN.search(html)
    return match.group(1) if match else ""


def refusal_text(html: str) -> str:
    """The first error message a page shows (alert or field feedback), for reports."""
    match = re.search(
        r'class="[^"]*(?:alert-danger|invalid-feedback|errorlist)[^"]*"[^>]*>(.*?)</(?:div|p|ul)>',
        html,
        re.DOTALL,
    )
    text = re.sub(r"<[^>]+>", "", match.group(1) if match else html[:200])
    return re.sub(r"\s+", " ", text).strip()[:200]
