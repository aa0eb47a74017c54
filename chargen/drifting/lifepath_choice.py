"""Choosing the next lifepath in the Drifting wizard.

Every lifepath of the character's pinned set is drawn, in its order, but only those
the rules would take now are open radios; the others are disabled, each label ending
with why (the words `rules.check_lifepath_choice` refuses it with). A disabled
radio is announced as unavailable and its label, reason included, is its name, so a
screen reader and a narrow screen get the same as everyone. The server still checks
what is posted (services.character_add_lifepath): its refusal lands at this field.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django import forms

from chargen.core.form_fields import choice_field
from chargen.drifting.forms import KeyedForm
from chargen.drifting.pinned import KIND_LABELS, PinnedLifepath
from rules import drifting as rules

UNAVAILABLE_MARK = " — not available: "  # between a label and the reason it is disabled
UNAVAILABLE_HELP = "A lifepath you cannot take now is disabled, and says why."


class LifepathRadioSelect(forms.RadioSelect):
    """Radios of which those whose value is in `unavailable` are drawn disabled."""

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs)
        self.unavailable: frozenset[str] = frozenset()

    def create_option(
        self,
        name: str,
        value: Any,
        label: int | str,
        selected: bool,
        index: int,
        subindex: int | None = None,
        attrs: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if str(value) in self.unavailable:
            option["attrs"] = {**option["attrs"], "disabled": True}
        return option


def lifepath_refusal(
    chosen: Sequence[rules.Lifepath], candidate: PinnedLifepath, *, limit: int
) -> str:
    """Why the rules would refuse `candidate` after `chosen` ("" when they would take it)."""
    try:
        rules.check_lifepath_choice(chosen, candidate.as_rules(), limit=limit)
    except rules.DriftingError as refusal:
        return str(refusal)
    return ""


def _lifepath_label(lifepath: PinnedLifepath) -> str:
    """E.g. "Marine veteran — Storm (only after United Systems marine): Military (Background)";
    a campaign's own lifepath says "(homebrew v2)" after its name.

    The requirement is shown beside each choice, so a player sees it before picking.
    """
    grants = ", ".join(
        f"{grant.name} ({KIND_LABELS[grant.kind.value]})" for grant in lifepath.grants
    )
    where = f" — {lifepath.region}" if lifepath.region else ""
    requirement = lifepath.requirement
    only = f" (only {requirement})" if requirement else ""
    homebrew = f" (homebrew v{lifepath.homebrew_version})" if lifepath.homebrew else ""
    return f"{lifepath.name}{homebrew}{where}{only}: {grants}"


class LifepathChoiceForm(KeyedForm):
    """The next lifepath, from the character's own (pinned) lifepaths.

    Given the lifepaths `chosen` so far and the `limit`, those that cannot follow are
    disabled, with the reason in their label.
    """

    lifepath = forms.ChoiceField(choices=(), widget=LifepathRadioSelect, label="Next lifepath")

    def __init__(
        self,
        *args: Any,
        lifepaths: Iterable[PinnedLifepath] = (),
        chosen: Sequence[PinnedLifepath] = (),
        limit: int = rules.DEFAULT_LIFEPATH_COUNT,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        earlier = [lifepath.as_rules() for lifepath in chosen]
        choices: list[tuple[str, str]] = []
        unavailable: set[str] = set()
        for lifepath in lifepaths:
            label = _lifepath_label(lifepath)
            refusal = lifepath_refusal(earlier, lifepath, limit=limit)
            if refusal:
                label = f"{label}{UNAVAILABLE_MARK}{refusal}"
                unavailable.add(lifepath.pk)
            choices.append((lifepath.pk, label))
        field = choice_field(self, "lifepath")
        field.choices = choices
        if unavailable:
            field.help_text = UNAVAILABLE_HELP
        widget = field.widget
        assert isinstance(widget, LifepathRadioSelect)
        widget.unavailable = frozenset(unavailable)
