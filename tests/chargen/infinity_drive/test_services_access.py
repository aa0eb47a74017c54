"""Who may view a character follows its campaign: the owner, the GM, and other members once it
is finished."""

from __future__ import annotations

from typing import Any

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


def test_the_owners_read_is_one_query_and_its_owner_is_the_user_asking(
    campaign_draft: Character, player: User, django_assert_num_queries: Any
) -> None:
    """The owner is the user asking, already read for the request: the character's read
    joins its campaign and race, not the user again, and its owner costs no query."""
    with django_assert_num_queries(1) as captured:
        character = character_for_owner(player, campaign_draft.id)
        assert character.owner.get_username() == player.get_username()
        assert character.campaign is not None
        assert character.race is None
    assert '"auth_user"' not in captured.captured_queries[0]["sql"]
