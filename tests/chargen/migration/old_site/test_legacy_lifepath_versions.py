"""A campaign's own Drifting lifepath written before lifepaths had versions is version 1 of
a homebrew lifepath after drifting/0015, and the characters built from it keep the
lifepath set they were pinned to."""

from __future__ import annotations

from chargen.drifting.models import Character, Lifepath
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
