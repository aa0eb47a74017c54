"""A game system's house rules as one validated value: a frozen dataclass and its JSON.

A campaign stores `{system_key: {rule: value, …}}` (Campaign.house_rules); each
system declares a `HouseRulesCodec` that turns its part into the frozen dataclass
its rules take, refuses bad values with one message per rule, and names the Django
form a GM edits them with. Rules missing from the JSON take the book's defaults (a
rule added later reads as the book for campaigns and characters saved before it);
keys the dataclass no longer has are ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from dataclasses import replace as dataclass_replace
from enum import Enum
from typing import Any, Generic, TypeVar

from django import forms

from rules.errors import RulesError

RulesT = TypeVar("RulesT")

# Field name for a message that belongs to no single rule (two rules that only clash
# together); the form shows it above the fields.
WHOLE_RULES = ""


class HouseRulesInvalid(RulesError):
    """Stored or submitted house rules the system refuses: one message per rule.

    A RulesError, so code that shows a rules message at a field shows these too.
    """

    def __init__(self, errors: Mapping[str, str]) -> None:
        self.errors = dict(errors)
        super().__init__("; ".join(self.errors.values()))


class HouseRulesCodec(Generic[RulesT]):
    """One system's house rules: the dataclass, its JSON, its checks and its form.

    Works for any frozen dataclass whose fields are bool, int, str or an Enum of
    strings, validated by the dataclass itself (raising RulesError, as rules/ does).
    `form_class` is a HouseRulesForm subclass with one field per rule, in the order
    the campaign page lists them; its labels are the words the page uses.
    """

    def __init__(
        self,
        *,
        system_key: str,
        defaults: RulesT,
        form_class: type[HouseRulesForm],
        page_values: Callable[[RulesT], Mapping[str, str]] | None = None,
    ) -> None:
        self.system_key = system_key
        self.defaults = defaults
        self.form_class = form_class
        self.names: tuple[str, ...] = tuple(f.name for f in dataclass_fields(defaults))  # type: ignore[arg-type]
        # A few rules read better on the campaign page with a word of context.
        self._page_values = page_values

    # --- JSON ------------------------------------------------------------------------

    def to_json(self, rules: RulesT) -> dict[str, Any]:
        values = {name: getattr(rules, name) for name in self.names}
        return {
            name: value.value if isinstance(value, Enum) else value
            for name, value in values.items()
        }

    def from_json(self, stored: Mapping[str, Any] | None) -> RulesT:
        """The dataclass from stored or submitted values; raises HouseRulesInvalid."""
        given, errors = self._typed(stored or {})
        if errors:
            raise HouseRulesInvalid(errors)
        try:
            return dataclass_replace(self.defaults, **given)  # type: ignore[type-var]
        except RulesError as whole:
            raise HouseRulesInvalid(self._blame(given, whole)) from whole

    def validate(self, stored: Mapping[str, Any] | None) -> None:
        self.from_json(stored)

    def _typed(self, stored: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
        given: dict[str, Any] = {}
        errors: dict[str, str] = {}
        for name in self.names:
            if name not in stored:
                continue
            default = getattr(self.defaults, name)
            value = stored[name]
            label = self.label(name)
            if isinstance(default, Enum):
                try:
                    given[name] = type(default)(value)
                except ValueError:
                    errors[name] = f"{label}: “{value}” is not one of the choices."
            elif isinstance(default, bool):
                if isinstance(value, bool):
                    given[name] = value
                else:
                    errors[name] = f"{label}: answer yes or no."
            elif isinstance(default, int):
                if isinstance(value, int) and not isinstance(value, bool):
                    given[name] = value
                else:
                    errors[name] = f"{label}: give a whole number."
            elif isinstance(value, str):
                given[name] = value
            else:
                errors[name] = f"{label}: give it as text."
        return given, errors

    def _blame(self, given: Mapping[str, Any], whole: RulesError) -> dict[str, str]:
        """The rules that fail on their own against the book's defaults, each with its
        message; a clash of several only together goes to WHOLE_RULES.

        The dataclass says what is wrong but not which field; trying each changed
        value alone finds the field each message belongs beside.
        """
        errors: dict[str, str] = {}
        for name, value in given.items():
            if value == getattr(self.defaults, name):
                continue
            try:
                dataclass_replace(self.defaults, **{name: value})  # type: ignore[type-var]
            except RulesError as alone:
                errors[name] = str(alone)
        return errors or {WHOLE_RULES: str(whole)}

    # --- Words -------------------------------------------------------------------------

    def label(self, name: str) -> str:
        field = self.form_class.base_fields.get(name)
        return str(field.label) if field is not None and field.label else name

    def lines(self, rules: RulesT) -> list[RuleLine]:
        """Every rule with its value in the form's words, in the form's order."""
        values = self.to_json(rules)
        defaults = self.to_json(self.defaults)
        lines = []
        for name, field in self.form_class.base_fields.items():
            if name not in values:
                continue
            lines.append(
                RuleLine(
                    name=name,
                    label=self.label(name),
                    value=_shown(field, values[name]),
                    is_book_default=values[name] == defaults[name],
                )
            )
        return lines

    def page_lines(self, rules: RulesT) -> list[RuleLine]:
        """`lines`, with the values the system words better for the campaign page."""
        lines = self.lines(rules)
        if self._page_values is None:
            return lines
        better = self._page_values(rules)
        return [
            RuleLine(line.name, line.label, better.get(line.name, line.value), line.is_book_default)
            for line in lines
        ]

    # --- Form --------------------------------------------------------------------------

    def form(self, data: Mapping[str, Any] | None = None, *, rules: RulesT | None = None) -> Any:
        """The system's form, filled with `rules` (the book's defaults if none)."""
        initial = self.to_json(self.defaults if rules is None else rules)
        return self.form_class(data, initial=initial, codec=self)


def _shown(field: forms.Field, value: Any) -> str:
    choices = getattr(field, "choices", None)
    if choices:
        for choice, label in choices:
            if choice == value or str(choice) == str(value):
                return str(label)
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


@dataclass(frozen=True)
class RuleLine:
    """One house rule as the campaign page and a character's sheet word it."""

    name: str
    label: str
    value: str
    is_book_default: bool


class HouseRulesForm(forms.Form):
    """Base of every system's house-rules form: the codec checks the whole value.

    After `is_valid()`, `rules` holds the system's dataclass. A message the codec
    gives for one rule is shown at that rule's field.
    """

    codec: HouseRulesCodec[Any]

    def __init__(self, *args: Any, codec: HouseRulesCodec[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.codec = codec
        self.rules: Any = None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        try:
            self.rules = self.codec.from_json(
                {name: cleaned[name] for name in self.fields if name in cleaned}
            )
        except HouseRulesInvalid as invalid:
            for name, message in invalid.errors.items():
                self.add_error(name if name in self.fields else None, message)
        return cleaned
