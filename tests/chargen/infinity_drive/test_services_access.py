"""Who may view a character follows its campaign: the owner, the GM, and other members once it
is finished."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.http import Http404

from chargen.infinity_drive.access import character_for_owner, character_for_viewer
from chargen.infinity_drive.models import Character, CharacterStatus


def test_viewer_access_follows_the_campaign(
    campaign_draft: Character, player: User, gm: User, other_player: User, outsider: User
) -> None:
    assert character_for_owner(player, campaign_draft.id) == campaign_draft
    assert character_for_viewer(gm, campaign_draft.id) == campaign_draft
    for stranger in (other_player, outsider):
        with pytest.raises(Http404):
            character_for_viewer(stranger, campaign_draft.id)
    with pytest.raises(Http404):
        character_for_owner(gm, campaign_draft.id)
    campaign_draft.status = CharacterStatus.FINISHED
    campaign_draft.save()
    assert character_for_viewer(other_player, campaign_draft.id) == campaign_draft
    with pytest.raises(Http404):
        character_for_viewer(outsider, campaign_draft.id)
