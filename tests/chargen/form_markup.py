"""What every form on a page keeps, whoever draws its fields: each visible field named by
a `<label for>`, each help text and error under a field read out with it
(`aria-describedby`), each error marked on its field (`aria-invalid`), and a CSRF token
in each form that posts. The sheets' tests run it on their pages, untouched and refused."""

from __future__ import annotations

from html.parser import HTMLParser

_CONTROLS = {"input", "select", "textarea"}
_NOT_FIELDS = {"hidden", "submit", "button", "reset", "image"}


class _PageReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.fields: list[dict[str, str | None]] = []
        self.described: set[str] = set()  # every id some element's aria-describedby names
        self.invalid_marked: set[str] = set()
        self.label_targets: set[str] = set()
        self.feedback_ids: list[str] = []  # help texts and errors drawn under a field
        self.forms_without_token: list[str] = []
        self._posting_form: str | None = None  # the open POST form's action
        self._token_seen = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        element_id = found.get("id") or ""
        if tag == "form" and (found.get("method") or "").lower() == "post":
            self._posting_form, self._token_seen = found.get("action") or "", False
        if tag == "input" and found.get("name") == "csrfmiddlewaretoken":
            self._token_seen = True
        if tag in _CONTROLS and found.get("type") not in _NOT_FIELDS:
            self.fields.append(found)
        if tag == "label" and found.get("for"):
            self.label_targets.add(found["for"] or "")
        if found.get("aria-describedby"):
            self.described.update((found["aria-describedby"] or "").split())
        if found.get("aria-invalid") == "true":
            self.invalid_marked.add(element_id)
        if tag == "div" and element_id.endswith(("_error", "_helptext")):
            self.feedback_ids.append(element_id)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self._posting_form is not None:
            if not self._token_seen:
                self.forms_without_token.append(self._posting_form)
            self._posting_form = None


def assert_fields_labelled_and_described(page: str) -> int:
    """Checks the page's forms; returns how many visible fields it looked at."""
    reader = _PageReader()
    reader.feed(page)
    for field in reader.fields:
        field_id = field.get("id")
        assert field_id, f"a field without an id cannot be labelled: {field}"
        assert field_id in reader.label_targets, f"no <label for> names {field_id}"
    for feedback_id in reader.feedback_ids:
        assert feedback_id in reader.described, f"no field is described by {feedback_id}"
        if feedback_id.endswith("_error"):
            field_id = feedback_id.removesuffix("_error")
            # A group of choices has no field of that id: its fieldset carries the error.
            if any(field.get("id") == field_id for field in reader.fields):
                assert field_id in reader.invalid_marked, f"{field_id} is not marked invalid"
    assert not reader.forms_without_token, (
        f"POST forms without a CSRF token: {reader.forms_without_token}"
    )
    return len(reader.fields)
