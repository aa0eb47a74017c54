"""Campaign forms: a new campaign, and the GM's house rules explained in the book's words."""

from __future__ import annotations

from typing import Any, ClassVar

from crispy_forms.helper import FormHelper
from crispy_forms.layout import HTML, Fieldset, Layout, Submit
from django import forms

from chargen.campaigns.models import (
    DEFAULTS,
    HOUSE_RULE_FIELDS,
    Campaign,
    house_rules_from_values,
)
from rules.errors import RulesError

# Each option quotes the Infinity Drive text (003) or the Drifting text (000) so
# a GM sees what the book says before changing it. Options the book does not
# have say so.
BOOK_TEXT: dict[str, str] = {
    "characteristic_methods": (
        "“There are two methods of generating characteristics and you must pick one and "
        "stick with it. Unless the GM says otherwise, both methods are available.”"
    ),
    "point_buy_total": (
        "“In this system you are given 50 points to distribute amongst your "
        "characteristics.” … “A heroic campaign could offer up 60 points.”"
    ),
    "characteristic_dice": (
        "“A heroic campaign could offer up 60 points and allow the rollers to have a small "
        "advantage by rolling 2d6+2 for every characteristic.”"
    ),
    "metaphysical_in_play": (
        "“If you do not want a far future with psychic/psionic abilities, ignore the "
        "seventh characteristic.”"
    ),
    "alien_humanoids_allowed": (
        "Alien Humanoids (Optional Rule): “You may wish to play an Alien that is a "
        "humanoid. … you may add up to six points to your characteristics.”"
    ),
    "career_survival": (
        "Career Survival (Optional Rule): “After each grouping of four skills rolled you "
        "must ensure that your character has survived the period of learning.”"
    ),
    "survival_failure": (
        "“If your character fails a survival roll then they die and you need to start the "
        "creation process again. Alternatively, you can have the character suffer a setback "
        "which reduces the number of rolls remaining by one and an attribute is reduced by "
        "one (or two if there are no skill rolls remaining).”"
    ),
    "physical_dice_allowed": (
        "Not in the book: lets players type in dice they rolled at the table. The roll log "
        "always keeps typed-in dice apart from the app's own rolls."
    ),
    "equipment_options": (
        "“There are two different options for building your characters starting equipment "
        "and … once you choose one option there is no going back with your character.”"
    ),
    "starting_credits": (
        "“In the standard option the player has a wealth of 20,000 credits that can be used "
        "to buy any equipment that they would like.”"
    ),
    "approval_required": (
        "Not in the book: finished characters wait in your approval queue before they "
        "count as ready to play. Unlike the rules above, this applies to every character "
        "finished from now on, including those already started."
    ),
    "non_humanoid_dice_total": (
        "Non-humanoid Aliens (GM Ruling): “If a race has no body then the 14 dice need to "
        "be implemented across only 4 characteristics.”"
    ),
    "plus_three_grade": (
        "The Grades of Success table overlaps at +3: “Success — Equal to or 1 to 3 more "
        "than the TN” and “Good Success — 3-5 more than the TN”."
    ),
    "non_humanoid_maximum": (
        "Rules for generating skills: over “the normal maximum for a humanoid (Max C) or an "
        "Alien of that race … the roll is lost unless you factor into the history a reason "
        "for the increase”; yet “Non-humanoid races can break any of the limit rules in any "
        "of the other systems apart from they cannot have a characteristic of 0”. Our "
        "default: the most the race's dice can roll (1d6 → 6, 3d6 → 18)."
    ),
    "drifting_lifepath_count": (
        "Drifting: “Tokens are gained in character creation through Lifepaths.” The text "
        "does not say how many; 4 is our default."
    ),
    "drifting_loss_margin_step": (
        "Drifting: “an additional token is lost for every five points the character's roll "
        "came up below the opponent's” — yet the worked example loses two tokens on a "
        "margin of three."
    ),
}

DRIFTING_FIELDS: tuple[str, ...] = ("drifting_lifepath_count", "drifting_loss_margin_step")

# Said plainly above the form: a change never rewrites a character already started.
RULES_APPLY_TO_NEW_CHARACTERS = (
    "Changes apply to characters started from now on. Characters already started keep the "
    "rules they began with, so their rolls and choices stay as they were made."
)
DRIFTING_RULES_ARE_LIVE = (
    "Drifting reads these two as it plays: a change applies to every Drifting character "
    "in the campaign at once."
)


class CampaignCreateForm(forms.ModelForm):
    class Meta:
        model = Campaign
        fields: ClassVar[list[str]] = ["name", "description", "game"]
        help_texts: ClassVar[dict[str, str]] = {
            "description": "Optional: a line or two your players see on the campaign page.",
            "game": "The system your players build characters for. You can change house "
            "rules after creating the campaign.",
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["description"].widget.attrs["rows"] = 3
        self.helper = FormHelper()
        self.helper.add_input(Submit("submit", "Create campaign"))


class HouseRulesForm(forms.ModelForm):
    """Every house rule, with the book's text beside it; defaults follow the book."""

    class Meta:
        model = Campaign
        fields: ClassVar[list[str]] = [
            "characteristic_methods",
            "point_buy_total",
            "characteristic_dice",
            "metaphysical_in_play",
            "alien_humanoids_allowed",
            "career_survival",
            "survival_failure",
            "physical_dice_allowed",
            "equipment_options",
            "starting_credits",
            "approval_required",
            "non_humanoid_dice_total",
            "non_humanoid_maximum",
            "plus_three_grade",
            "drifting_lifepath_count",
            "drifting_loss_margin_step",
        ]
        labels: ClassVar[dict[str, str]] = {
            "characteristic_methods": "Characteristic methods allowed",
            "point_buy_total": "Point-buy total",
            "characteristic_dice": "Characteristic dice",
            "metaphysical_in_play": "Metaphysical (psychic) characteristic in play",
            "alien_humanoids_allowed": "Alien humanoids allowed",
            "career_survival": "Career survival rolls (optional rule)",
            "survival_failure": "A failed survival roll means",
            "physical_dice_allowed": "Players may enter dice they rolled at the table",
            "equipment_options": "Starting equipment options",
            "starting_credits": "Starting credits (standard option)",
            "approval_required": "Finished characters need the GM's approval",
            "non_humanoid_dice_total": "Dice for a non-humanoid alien's characteristics",
            "plus_three_grade": "A margin of exactly +3 is a",
            "non_humanoid_maximum": "A non-humanoid alien's maximum in a characteristic",
            "drifting_lifepath_count": "Lifepaths per character",
            "drifting_loss_margin_step": "Extra token lost",
        }
        help_texts: ClassVar[dict[str, str]] = BOOK_TEXT
        widgets: ClassVar[dict[str, forms.Widget]] = {
            "characteristic_methods": forms.RadioSelect,
            "characteristic_dice": forms.RadioSelect,
            "survival_failure": forms.RadioSelect,
            "equipment_options": forms.RadioSelect,
            "plus_three_grade": forms.RadioSelect,
            "non_humanoid_maximum": forms.RadioSelect,
            "drifting_loss_margin_step": forms.RadioSelect,
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.layout = Layout(
            HTML(
                '<p class="alert alert-info" id="rules-apply-to-new">'
                f"{RULES_APPLY_TO_NEW_CHARACTERS}</p>"
            ),
            Fieldset(
                "Characteristics",
                "characteristic_methods",
                "point_buy_total",
                "characteristic_dice",
                "metaphysical_in_play",
                "alien_humanoids_allowed",
            ),
            Fieldset(
                "Careers and dice",
                "career_survival",
                "survival_failure",
                "physical_dice_allowed",
            ),
            Fieldset("Equipment", "equipment_options", "starting_credits"),
            Fieldset(
                "Approval and rulings",
                "approval_required",
                "non_humanoid_dice_total",
                "non_humanoid_maximum",
                "plus_three_grade",
            ),
            Fieldset(
                "Drifting",
                HTML(f'<p class="form-text">{DRIFTING_RULES_ARE_LIVE}</p>'),
                *DRIFTING_FIELDS,
            ),
        )
        self.helper.add_input(Submit("submit", "Save house rules"))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if any(name in self.errors for name in HOUSE_RULE_FIELDS):
            return cleaned
        try:
            house_rules_from_values(cleaned)
        except RulesError as error:
            self.add_error(self._field_to_blame(cleaned), str(error))
        return cleaned

    @staticmethod
    def _field_to_blame(cleaned: dict[str, Any]) -> str | None:
        """The one rule that fails on its own against the book's defaults, if any.

        HouseRules says what is wrong but not which field; trying each changed
        value alone finds the field the message belongs beside.
        """
        for name in HOUSE_RULE_FIELDS:
            if name not in cleaned or cleaned[name] == getattr(DEFAULTS, name):
                continue
            try:
                house_rules_from_values({name: cleaned[name]})
            except RulesError:
                return name
        return None
