"""Drifting's house rules as a campaign keeps them: the dataclass, its codec, the GM's form.

Unlike Infinity Drive's, these are read as the game is played (a character keeps no
copy): a change applies to every Drifting character of the campaign at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import HTML, Layout, Submit
from django import forms

from chargen.core.house_rules import HouseRulesCodec, HouseRulesForm
from chargen.core.live_sharing import LIVE_SHARING_HELP, live_sharing_field
from rules import drifting as rules
from rules.errors import RulesError
from rules.inputs import one_of
from rules.live_table import DEFAULT_LIVE_SHARING, LiveSharing

DRIFTING = "drifting"


@dataclass(frozen=True)
class DriftingHouseRules:
    # Not in the book: dice rolled at the table may be typed in (the log keeps them apart).
    physical_dice_allowed: bool = True
    lifepath_count: int = rules.DEFAULT_LIFEPATH_COUNT
    loss_margin_step: int = rules.BOOK_LOSS_MARGIN_STEP
    # Not in the book: what players see of each other at the live table.
    live_sharing: LiveSharing = DEFAULT_LIVE_SHARING

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "live_sharing", one_of(self.live_sharing, LiveSharing, "a way to share rolls")
        )
        if not rules.LIFEPATH_COUNT_MIN <= self.lifepath_count <= rules.LIFEPATH_COUNT_MAX:
            raise RulesError(rules.LIFEPATH_COUNT_RANGE_MESSAGE)
        if self.loss_margin_step not in rules.LOSS_MARGIN_STEPS:
            steps = " or ".join(str(step) for step in rules.LOSS_MARGIN_STEPS)
            raise RulesError(f"An extra token is lost per {steps} points below, nothing else.")


BOOK_DEFAULTS = DriftingHouseRules()

BOOK_TEXT: dict[str, str] = {
    "physical_dice_allowed": (
        "Not in the book: lets players type in dice they rolled at the table. The roll log "
        "always keeps typed-in dice apart from the app's own rolls."
    ),
    "lifepath_count": (
        "Drifting: “Tokens are gained in character creation through Lifepaths.” The text "
        "does not say how many; 4 is our default."
    ),
    "loss_margin_step": (
        "Drifting: “an additional token is lost for every five points the character's roll "
        "came up below the opponent's” — yet the worked example loses two tokens on a "
        "margin of three."
    ),
    "live_sharing": LIVE_SHARING_HELP,
}

DRIFTING_RULES_ARE_LIVE = (
    "Drifting reads these as it plays: a change applies to every Drifting character "
    "in the campaign at once."
)

LOSS_MARGIN_STEP_CHOICES = (
    (rules.BOOK_LOSS_MARGIN_STEP, "One more token per five points (the rule's text)"),
    (rules.EXAMPLE_LOSS_MARGIN_STEP, "One more per three points (the worked example)"),
)


class DriftingRulesForm(HouseRulesForm):
    physical_dice_allowed = forms.BooleanField(
        label="Players may enter dice they rolled at the table",
        required=False,
        help_text=BOOK_TEXT["physical_dice_allowed"],
    )
    lifepath_count = forms.IntegerField(
        label="Lifepaths per character", help_text=BOOK_TEXT["lifepath_count"]
    )
    loss_margin_step = forms.TypedChoiceField(
        label="Extra token lost",
        choices=LOSS_MARGIN_STEP_CHOICES,
        coerce=int,
        widget=forms.RadioSelect,
        help_text=BOOK_TEXT["loss_margin_step"],
    )
    live_sharing = live_sharing_field()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.layout = Layout(
            HTML(f'<p class="alert alert-info" id="rules-are-live">{DRIFTING_RULES_ARE_LIVE}</p>'),
            "physical_dice_allowed",
            "lifepath_count",
            "loss_margin_step",
            "live_sharing",
        )
        self.helper.add_input(Submit("submit", "Save house rules"))


DRIFTING_RULES: HouseRulesCodec[DriftingHouseRules] = HouseRulesCodec(
    system_key=DRIFTING, defaults=BOOK_DEFAULTS, form_class=DriftingRulesForm
)


def drifting_rules_for(campaign: Any | None) -> DriftingHouseRules:
    """The campaign's Drifting rules as they stand now, or the book's outside any campaign."""
    if campaign is None:
        return BOOK_DEFAULTS
    return DRIFTING_RULES.from_json(campaign.house_rules.get(DRIFTING))
