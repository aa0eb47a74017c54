"""A player keeps at most settings.MAX_INFINITY_DRIVE_DRAFTS drafts: "new character" cannot fill the
database when POSTed in a loop."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.infinity_drive import services
from chargen.infinity_drive.errors import StepRefused
from chargen.infinity_drive.models import Character, CharacterStatus

CAP = settings.MAX_INFINITY_DRIVE_DRAFTS


def _drafts(owner: User, count: int, status: str = CharacterStatus.DRAFT) -> None:
    Character.objects.bulk_create(
        Character(owner=owner, name=f"Draft {number}", status=status) for number in range(count)
    )


def test_the_cap_is_fifty() -> None:
    assert CAP == 50


def test_a_player_at_the_cap_is_refused_at_the_form(player: User, player_client: Client) -> None:
    _drafts(player, CAP)
    response = player_client.post(reverse("characters:new"), {"name": "One more", "concept": ""})
    assert response.status_code == 400
    page = response.content.decode()
    assert f"You already have {CAP} drafts" in page
    assert "Finish one of them before starting another." in page
    assert 'name="name"' in page  # the form is shown again, with the message
    assert Character.objects.filter(owner=player).count() == CAP
    assert not Character.objects.filter(name="One more").exists()


def test_one_below_the_cap_a_player_may_start(player: User, player_client: Client) -> None:
    _drafts(player, CAP - 1)
    response = player_client.post(reverse("characters:new"), {"name": "The last", "concept": ""})
    assert response.status_code == 303
    assert Character.objects.filter(owner=player, status=CharacterStatus.DRAFT).count() == CAP
    with pytest.raises(StepRefused, match="drafts"):
        services.character_start(owner=player, campaign=None, name="Too many", concept="")


@pytest.mark.parametrize(
    "status", [CharacterStatus.FINISHED, CharacterStatus.APPROVED, CharacterStatus.DEAD]
)
def test_only_drafts_count(player: User, status: str) -> None:
    _drafts(player, CAP - 1)
    _drafts(player, 5, status=status)
    started = services.character_start(owner=player, campaign=None, name="Fine", concept="")
    assert started.status == CharacterStatus.DRAFT


def test_another_players_drafts_do_not_count(player: User, other_player: User) -> None:
    _drafts(other_player, CAP)
    started = services.character_start(owner=player, campaign=None, name="Mine", concept="")
    assert started.owner == player
