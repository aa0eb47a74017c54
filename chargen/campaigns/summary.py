"""House rules as (label, value) lines for the campaign page, in the form's words."""

from __future__ import annotations

from dataclasses import dataclass

from chargen.campaigns.forms import HouseRulesForm
from chargen.campaigns.models import RULES_READ_BY_GAME, Campaign
from rules.infinity_drive.characteristics import point_buy_total


@dataclass(frozen=True)
class RuleLine:
    label: str
    value: str
    is_book_default: bool


def _rule_line(campaign: Campaign, name: str) -> RuleLine:
    field = Campaign._meta.get_field(name)
    value = getattr(campaign, name)
    if field.choices:
        shown = getattr(campaign, f"get_{name}_display")()
    elif isinstance(value, bool):
        shown = "Yes" if value else "No"
    elif isinstance(value, int):
        shown = f"{value:,}"
    else:
        shown = str(value)
    return RuleLine(
        label=str(HouseRulesForm.Meta.labels.get(name, field.verbose_name)),
        value=shown,
        is_book_default=value == field.get_default(),
    )


def house_rules_summary(campaign: Campaign) -> list[RuleLine]:
    """Every house rule with its current value and whether it is the book's default.

    One line per HouseRulesForm field, in the form's order, whatever the game: the
    characters app compares two of these line by line.
    """
    return [_rule_line(campaign, name) for name in HouseRulesForm.Meta.fields]


def _point_buy_value(campaign: Campaign) -> str:
    """E.g. "60 points (53 without Metaphysical)": what a player is asked to spend.

    Ruling (docs/rulings.md): without Metaphysical the wizard asks for 7 fewer points,
    so the page says so rather than showing a total no player spends.
    """
    total = campaign.point_buy_total
    if campaign.metaphysical_in_play:
        return f"{total} points"
    return f"{total} points ({point_buy_total(campaign.house_rules)} without Metaphysical)"


def campaign_rules_summary(campaign: Campaign) -> list[RuleLine]:
    """The house rules of the campaign's own game only, for its page.

    A Drifting campaign has no point buy or credits, and an Infinity Drive one no
    lifepaths or token loss, so each shows only what its game reads.
    """
    read = set(RULES_READ_BY_GAME.get(campaign.game, ()))
    lines = []
    for name in HouseRulesForm.Meta.fields:
        if name not in read:
            continue
        line = _rule_line(campaign, name)
        if name == "point_buy_total":
            line = RuleLine(line.label, _point_buy_value(campaign), line.is_book_default)
        lines.append(line)
    return lines
