"""The Drifting cast: Alice's Drifting campaign, Bob's Jim and Carol's Linda, and a draft Bob has
just started."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command

from chargen.campaigns.models import Campaign, Membership
from chargen.drifting import services
from chargen.drifting.campaign_rules import DRIFTING
from chargen.drifting.models import Character, CreationStep, Lifepath, LogEntry, LogKind
from chargen.drifting.sheet_writes import log_sheet, save_snapshot
from rules import drifting as rules

LIFEPATH_FIXTURE = settings.BASE_DIR / "fixtures" / "drifting_lifepaths.json"


@pytest.fixture
def lifepaths(db: None) -> dict[str, Lifepath]:
    call_command("loaddata", str(LIFEPATH_FIXTURE), verbosity=0)
    return {lifepath.slug: lifepath for lifepath in Lifepath.objects.all()}


@pytest.fixture
def campaign(gm: User, player: User, other_player: User) -> Campaign:
    campaign = Campaign.objects.create(gm=gm, name="Lost on Storm", game=DRIFTING)
    Membership.objects.create(campaign=campaign, user=player)
    Membership.objects.create(campaign=campaign, user=other_player)
    return campaign


@pytest.fixture
def storm_guide(gm: User, campaign: Campaign, lifepaths: dict[str, Lifepath]) -> Lifepath:
    """Alice's own lifepath in her campaign, published: version 1, comes first."""
    return services.campaign_lifepath_add(
        campaign=campaign,
        by=gm,
        name="Storm guide",
        description="",
        region="Storm",
        grants=[rules.TokenGrant(rules.TokenKind.FOCUS, "Survival")],
    )


def make_played_character(
    owner: User, name: str, tokens: list[rules.TokenState], campaign: Campaign | None
) -> Character:
    """A finished character with exactly these tokens (as the book's examples set them):
    its log's finished row records them, and the snapshot is a replay of that log."""
    character = services.character_start(owner=owner)
    character.name = name
    character.campaign = campaign
    character.step = CreationStep.FINISHED
    character.save()
    LogEntry.objects.create(
        character=character,
        sequence=character.next_sequence,
        kind=LogKind.FINISHED,
        summary="Finished with the example's tokens.",
        details={"tokens": rules.sheet_payload(rules.sheet_from(tokens))},
    )
    save_snapshot(character, log_sheet(character))
    return character


def deplete_by_rolling(character: Character, token: str) -> None:
    """Deplete one `token` the way a player does: a roll that spends it for a die."""
    character.refresh_from_db()
    services.character_roll(
        character=character,
        key=character.next_sequence,
        choices=services.RollChoices(applicable=(token,), deplete={token: 1}),
    )


def lose_one(character: Character, token: str) -> None:
    """Lose one `token` the way a player does: a loss by one point, related to it."""
    character.refresh_from_db()
    services.character_lose_tokens(
        character=character,
        key=character.next_sequence,
        own_total=9,
        opponent_total=10,
        related=[token],
        choices={},
    )


@pytest.fixture
def jim(player: User, campaign: Campaign) -> Character:
    return make_played_character(
        player,
        "Jim",
        [
            rules.TokenState("Military", rules.TokenKind.BACKGROUND, held=1, checks=7),
            rules.TokenState("Firearms", rules.TokenKind.FOCUS, held=2, checks=7),
            rules.TokenState("Dodge", rules.TokenKind.FOCUS, held=1),
        ],
        campaign,
    )


@pytest.fixture
def linda(other_player: User, campaign: Campaign) -> Character:
    return make_played_character(
        other_player,
        "Linda",
        [
            rules.TokenState("Space", rules.TokenKind.BACKGROUND, held=1),
            rules.TokenState("Repair", rules.TokenKind.FOCUS, held=1),
            rules.TokenState("Piloting", rules.TokenKind.FOCUS, held=1),
            rules.TokenState("Firearms", rules.TokenKind.FOCUS, shared_marks=9),
        ],
        campaign,
    )


@pytest.fixture
def draft(player: User) -> Character:
    return services.character_start(owner=player)
