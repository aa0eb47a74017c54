"""A campaign's GM takes a lifepath out of what the campaign offers, or offers it again:
one of the campaign's own (withdrawn) or one of the starter set (hidden in the campaign).

The set left must pass the checks publishing applies (rules.drifting.lifepath_checks):
a change that adds a problem, such as withdrawing a lifepath another one comes after, or
offering again one whose name a newer lifepath has taken, is refused with the checks'
reasons and saves nothing. Characters are untouched: one that took the lifepath keeps
it in its pinned rule data, and the campaign's set becomes a new version for characters
started afterwards (the signal on WithdrawnLifepath marks the current one stale).
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from chargen.campaigns.models import Campaign
from chargen.drifting.lifepath_drafts import LifepathsRefused, gm_only, open_lifepaths, set_problems
from chargen.drifting.models import Lifepath, WithdrawnLifepath
from chargen.drifting.offered import withdrawn_in
from rules import drifting as rules


def lifepath_offer_change(
    *, campaign: Campaign, by: AbstractBaseUser, lifepath: Lifepath, offered: bool
) -> bool:
    """Withdraw `lifepath` from the campaign (`offered` False) or offer it again (True).
    False when it already is as asked (a second POST of the same change); LifepathsRefused
    with the problems the change would add."""
    with transaction.atomic():
        # One change of the set at a time per campaign: the set checked is the set left.
        campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
        gm_only(campaign, by)
        if lifepath.restored_for_import or lifepath.campaign_id not in (None, campaign.pk):
            raise rules.DriftingError(f"{lifepath.name} is not a lifepath of {campaign.name}.")
        withdrawal = withdrawn_in(campaign).filter(lifepath=lifepath)
        if withdrawal.exists() != offered:
            return False  # withdrawn and asked to withdraw, or offered and asked to offer
        now = open_lifepaths(campaign)
        after = [*now, lifepath] if offered else [row for row in now if row.pk != lifepath.pk]
        # A problem the set has already (a house rule changed since) is not this change's.
        before = set(set_problems(campaign, [], now))
        added = [problem for problem in set_problems(campaign, [], after) if problem not in before]
        if added:
            raise LifepathsRefused(added)
        if offered:
            withdrawal.delete()
        else:
            WithdrawnLifepath.objects.create(campaign=campaign, lifepath=lifepath)
        return True
