"""House rules as (label, value) lines for the campaign page, in the form's words."""

from __future__ import annotations

from chargen.campaigns.models import Campaign
from chargen.core.house_rules import RuleLine


def campaign_rules_summary(campaign: Campaign) -> list[RuleLine]:
    """The house rules of the campaign's own game only, for its page.

    A Drifting campaign has no point buy or credits, and an Infinity Drive one no
    lifepaths or token loss: each system's codec lists only its own rules.
    """
    codec = campaign.system.house_rules
    if codec is None:
        return []
    return codec.page_lines(campaign.rules)
