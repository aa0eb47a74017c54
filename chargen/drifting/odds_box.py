"""The odds box beside the roll form: exact chances for what is ticked, before rolling."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from chargen.drifting import services
from chargen.drifting.forms import RollForm
from chargen.drifting.models import Character, PendingAssist
from rules import drifting as rules
from rules import odds
from rules.errors import RulesError

ODDS_TARGETS = (6, 9, 12, 15, 18)


def odds_rows(plan: rules.TokenRollPlan) -> dict[str, Any]:
    distribution = odds.token_roll_distribution(plan.extra_dice, plan.modifier)
    average = sum((total * chance for total, chance in distribution.items()), Fraction(0))
    return {
        "plan": plan,
        "average": f"{float(average):.1f}",
        "targets": [
            {
                "target": target,
                "chance": odds.as_percent(
                    odds.token_roll_chance(plan.extra_dice, plan.modifier, target)
                ),
            }
            for target in ODDS_TARGETS
        ],
    }


def ticked_choices(form: RollForm) -> services.RollChoices:
    """What the form ticks that the sheet still allows (a refused form keeps the rest)."""
    if not form.is_bound:
        # A fresh form: the ticks kept from the latest roll, if any.
        return services.RollChoices(applicable=tuple(form.initial.get("applicable", ())))
    data = getattr(form, "cleaned_data", {})
    return services.RollChoices(
        applicable=tuple(data.get("applicable", ())),
        deplete=form.depletion_counts() if "deplete" in data else {},
    )


def odds_for(
    character: Character,
    form: RollForm,
    *,
    sheet: Mapping[str, rules.TokenState] | None = None,
    waiting: Sequence[PendingAssist] | None = None,
) -> dict[str, Any] | None:
    """The odds of the roll the form describes: after a refused roll, of what is still
    ticked, not of an empty roll; None when the rules refuse even that. `sheet` and
    `waiting`: the token sheet and waiting assists, when the page has read them."""
    if sheet is None or waiting is None:
        sheet, waiting = services.token_sheet(character), services.waiting_assists(character)
    try:
        return odds_rows(
            services.roll_plan(character, ticked_choices(form), sheet=sheet, waiting=waiting)
        )
    except RulesError:
        try:
            return odds_rows(
                services.roll_plan(character, services.RollChoices(), sheet=sheet, waiting=waiting)
            )
        except RulesError:
            return None
