"""Infinity Drive's house rules as a campaign keeps them: the codec and the GM's form.

The campaign stores them as JSON under INFINITY_DRIVE (Campaign.house_rules); the
codec turns that into rules.infinity_drive.house_rules.HouseRules, whose own checks
give the messages a GM reads at each field. A character copies them when it starts
(Character.house_rules) and keeps them; chargen/infinity_drive/house_rules.py reads those.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import HTML, Fieldset, Layout, Submit
from django import forms

from chargen.core.house_rules import HouseRulesCodec, HouseRulesForm
from chargen.core.live_sharing import LIVE_SHARING_HELP, live_sharing_field
from rules.infinity_drive import house_rules as rules_house
from rules.infinity_drive.characteristics import point_buy_total
from rules.infinity_drive.house_rules import HouseRules

INFINITY_DRIVE = "infinity_drive"
DEFAULTS = rules_house.BOOK_DEFAULTS

# Each option quotes the Infinity Drive text (003) so a GM sees what the book says
# before changing it. Options the book does not have say so.
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
    "live_sharing": LIVE_SHARING_HELP,
}

# Said plainly above the form: a change never rewrites a character already started.
RULES_APPLY_TO_NEW_CHARACTERS = (
    "Changes apply to characters started from now on. Characters already started keep the "
    "rules they began with, so their rolls and choices stay as they were made."
)

CHARACTERISTIC_METHODS = (
    (rules_house.CharacteristicMethods.BOTH.value, "Both: each player picks one"),
    (rules_house.CharacteristicMethods.POINT_BUY.value, "Point buy only"),
    (rules_house.CharacteristicMethods.DICE.value, "Dice rolling only"),
)
CHARACTERISTIC_DICE = (
    (rules_house.STANDARD_DICE, "2d6 (standard)"),
    (rules_house.HEROIC_DICE, "2d6+2 (heroic)"),
)
SURVIVAL_FAILURE = (
    (rules_house.SurvivalFailure.DEATH.value, "Death: start again"),
    (rules_house.SurvivalFailure.SETBACK.value, "Setback: lose a roll and an attribute"),
    (rules_house.SurvivalFailure.PLAYER_CHOICE.value, "The player chooses"),
)
EQUIPMENT_OPTIONS = (
    (rules_house.EquipmentOptions.BOTH.value, "Both: each player picks one"),
    (rules_house.EquipmentOptions.STANDARD.value, "Standard option only"),
    (rules_house.EquipmentOptions.VARIABLE.value, "Variable backgrounds only"),
)
PLUS_THREE_GRADE = (
    (rules_house.PlusThreeGrade.GOOD_SUCCESS.value, "Good Success"),
    (rules_house.PlusThreeGrade.SUCCESS.value, "Success"),
)
NON_HUMANOID_MAXIMUM = (
    (
        rules_house.NonHumanoidMaximum.DICE.value,
        "The most its dice can roll (beyond it only with a history reason)",
    ),
    (rules_house.NonHumanoidMaximum.NONE.value, "No maximum: every increase applies"),
)


def _choice(label: str, choices: tuple[tuple[str, str], ...], name: str) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=label, choices=choices, widget=forms.RadioSelect, help_text=BOOK_TEXT[name]
    )


def _yes_no(label: str, name: str) -> forms.BooleanField:
    return forms.BooleanField(label=label, required=False, help_text=BOOK_TEXT[name])


def _number(label: str, name: str) -> forms.IntegerField:
    # No bounds here: HouseRules checks them and says so in one plain sentence.
    return forms.IntegerField(label=label, help_text=BOOK_TEXT[name])


class InfinityDriveRulesForm(HouseRulesForm):
    """Every Infinity Drive house rule, with the book's text beside it."""

    characteristic_methods = _choice(
        "Characteristic methods allowed", CHARACTERISTIC_METHODS, "characteristic_methods"
    )
    point_buy_total = _number("Point-buy total", "point_buy_total")
    characteristic_dice = _choice("Characteristic dice", CHARACTERISTIC_DICE, "characteristic_dice")
    metaphysical_in_play = _yes_no(
        "Metaphysical (psychic) characteristic in play", "metaphysical_in_play"
    )
    alien_humanoids_allowed = _yes_no("Alien humanoids allowed", "alien_humanoids_allowed")
    career_survival = _yes_no("Career survival rolls (optional rule)", "career_survival")
    survival_failure = _choice("A failed survival roll means", SURVIVAL_FAILURE, "survival_failure")
    physical_dice_allowed = _yes_no(
        "Players may enter dice they rolled at the table", "physical_dice_allowed"
    )
    equipment_options = _choice(
        "Starting equipment options", EQUIPMENT_OPTIONS, "equipment_options"
    )
    starting_credits = _number("Starting credits (standard option)", "starting_credits")
    approval_required = _yes_no("Finished characters need the GM's approval", "approval_required")
    non_humanoid_dice_total = _number(
        "Dice for a non-humanoid alien's characteristics", "non_humanoid_dice_total"
    )
    non_humanoid_maximum = _choice(
        "A non-humanoid alien's maximum in a characteristic",
        NON_HUMANOID_MAXIMUM,
        "non_humanoid_maximum",
    )
    plus_three_grade = _choice("A margin of exactly +3 is a", PLUS_THREE_GRADE, "plus_three_grade")
    live_sharing = live_sharing_field()

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
                "Careers and dice", "career_survival", "survival_failure", "physical_dice_allowed"
            ),
            Fieldset("Equipment", "equipment_options", "starting_credits"),
            Fieldset(
                "Approval and rulings",
                "approval_required",
                "non_humanoid_dice_total",
                "non_humanoid_maximum",
                "plus_three_grade",
            ),
            Fieldset("The live table", "live_sharing"),
        )
        self.helper.add_input(Submit("submit", "Save house rules"))


def _page_values(rules: HouseRules) -> Mapping[str, str]:
    """E.g. "60 points (53 without Metaphysical)": what a player is asked to spend.

    Ruling (docs/rulings.md): without Metaphysical the wizard asks for 7 fewer points,
    so the page says so rather than showing a total no player spends.
    """
    total = rules.point_buy_total
    if rules.metaphysical_in_play:
        return {"point_buy_total": f"{total} points"}
    return {"point_buy_total": f"{total} points ({point_buy_total(rules)} without Metaphysical)"}


INFINITY_DRIVE_RULES: HouseRulesCodec[HouseRules] = HouseRulesCodec(
    system_key=INFINITY_DRIVE,
    defaults=DEFAULTS,
    form_class=InfinityDriveRulesForm,
    page_values=_page_values,
)


def house_rules_for(campaign: Any | None) -> HouseRules:
    """A campaign's Infinity Drive house rules, or the book's outside any campaign.

    Raises HouseRulesInvalid if what the campaign stores is not valid (its model's
    clean() and the service that saves it refuse that, so only a hand edit can).
    """
    if campaign is None:
        return DEFAULTS
    return INFINITY_DRIVE_RULES.from_json(campaign.house_rules.get(INFINITY_DRIVE))


def house_rules_to_json(house_rules: HouseRules) -> dict[str, Any]:
    """HouseRules as plain JSON values (enums as their strings), for a character to keep."""
    return INFINITY_DRIVE_RULES.to_json(house_rules)


def house_rules_from_json(stored: Mapping[str, Any]) -> HouseRules:
    """HouseRules from `house_rules_to_json`'s output (HouseRulesInvalid if it is not).

    A rule added to HouseRules after the character started is missing from `stored`
    and takes the book's default (the book's reading is what that character was
    built under); a key HouseRules no longer has is ignored.
    """
    return INFINITY_DRIVE_RULES.from_json(stored)
