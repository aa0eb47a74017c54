"""Helpers shared by the campaign page tests: addresses, the confirmation an irreversible action
posts, the rules form's post and the rule labels a page shows."""

from __future__ import annotations

import re

from django.urls import reverse

from chargen.campaigns.models import Campaign

# What the confirmation page's form (or htmx's hx-vals) adds to an irreversible action.
CONFIRMED = {"confirm": "yes"}


def _url(name: str, campaign: Campaign) -> str:
    return reverse(f"campaigns:{name}", kwargs={"campaign_id": campaign.id})


def _join_url(token: object) -> str:
    return reverse("campaigns:join", kwargs={"token": str(token)})


def _rules_post(campaign: Campaign, **changes: object) -> dict[str, object]:
    """The campaign's own rules as its form posts them, with `changes`."""
    stored = {**campaign.house_rules.get(campaign.game, {}), **changes}
    # A ticked box posts "on"; an unticked one is absent.
    return {
        name: "on" if value is True else value
        for name, value in stored.items()
        if value is not False
    }


def _rule_labels(page: str) -> list[str]:
    rules = page.split('id="rules-heading"', 1)[1]
    return [label.strip() for label in re.findall(r"<dt>(.*?)</dt>", rules, re.DOTALL)]
