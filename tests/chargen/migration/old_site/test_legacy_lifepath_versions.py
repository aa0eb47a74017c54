"""A campaign's own Drifting lifepath written before lifepaths had versions is version 1 of
a homebrew lifepath after drifting/0015, and the characters built from it keep the
lifepath set they were pinned to."""

from __future__ import annotations

from django.db.models import Q

from chargen.campaigns.models import Campaign
from chargen.drifting.models import Character, Lifepath, WithdrawnLifepath
from chargen.drifting.pinned import current_lifepath_version, lifepaths_for_version


def test_old_campaign_lifepaths_become_version_one_and_characters_keep_theirs(
    legacy_database: None,
) -> None:
    own = list(Lifepath.objects.filter(campaign__isnull=False, restored_for_import=False))
    assert own, "the legacy fixture has a campaign's own lifepath"
    assert {(lifepath.version, lifepath.published_from) for lifepath in own} == {(1, None)}
    assert set(Lifepath.objects.filter(campaign=None).values_list("version", flat=True)) == {1}

    campaign = own[0].campaign
    offered = lifepaths_for_version(current_lifepath_version(campaign))
    assert {lifepath.name for lifepath in offered if lifepath.homebrew} == {
        lifepath.name for lifepath in own if lifepath.campaign == campaign
    }
    for character in Character.objects.filter(campaign=campaign).exclude(rule_version=None):
        # Pinned before the mark: the version it read is unchanged, so no homebrew mark.
        pinned = lifepaths_for_version(character.rule_version_id or "")
        assert pinned
        assert not any(lifepath.homebrew for lifepath in pinned)


def test_old_campaigns_offer_every_lifepath_they_held_after_withdrawals_came(
    legacy_database: None,
) -> None:
    """drifting/0016 withdraws nothing: each old campaign's current set still holds the
    starter set and every lifepath of its own."""
    assert not WithdrawnLifepath.objects.exists()
    for campaign in Campaign.objects.filter(drifting_lifepaths__isnull=False).distinct():
        offered = {
            lifepath.pk for lifepath in lifepaths_for_version(current_lifepath_version(campaign))
        }
        held = Lifepath.objects.filter(restored_for_import=False).filter(
            Q(campaign=None) | Q(campaign=campaign)
        )
        assert offered == {str(pk) for pk in held.values_list("pk", flat=True)}
