"""The legacy fixture's Drifting side: a campaign with a lifepath of its own, a character
mid-creation, and two finished characters who play together on their token sheets."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from chargen.campaigns import services as campaigns
from chargen.campaigns.models import Campaign
from chargen.drifting import services
from chargen.drifting.campaign_rules import DRIFTING
from chargen.drifting.models import Character, Lifepath
from rules import drifting as rules
from tests.chargen.migration.build_common import Cast


def tigris_campaign(cast: Cast) -> Campaign:
    """Alice's Drifting campaign: three lifepaths each, the worked example's loss margin."""
    campaign = campaigns.campaign_create(
        gm=cast.gm,
        name="Tigris Nights",
        description="Jobs nobody else will take, in the Tigris system.",
        game=DRIFTING,
        lifepath_count=3,
        loss_margin_step=3,
    )
    for player in (cast.bob, cast.carol):
        campaigns.campaign_join(token=campaign.invite_token, user=player)
    services.campaign_lifepath_add(
        campaign=campaign,
        by=cast.gm,
        name="Salvage diver",
        description="You cut your way into dead ships for a living.",
        region="The Tigris wreck fields",
        grants=[
            rules.TokenGrant(kind=rules.TokenKind.FOCUS, name="Salvage", count=2),
            rules.TokenGrant(kind=rules.TokenKind.REPUTATION, name="Wreckers", count=1),
        ],
    )
    return campaign


def _lifepath(slug: str, campaign: Campaign | None = None) -> Lifepath:
    return services.lifepaths_available(campaign).get(slug=slug)


def _start(owner: User, name: str, concept: str, campaign: Campaign | None) -> Character:
    character = services.character_start(owner=owner)
    return services.character_set_concept(
        character=character,
        key=character.next_sequence,
        name=name,
        concept=concept,
        campaign=campaign,
    )


def _lifepaths(character: Character, slugs: list[str], campaign: Campaign | None) -> None:
    for slug in slugs:
        services.character_add_lifepath(
            character=character,
            lifepath=_lifepath(slug, campaign),
            key=character.next_sequence,
        )


def sable_mid_creation(cast: Cast) -> Character:
    """Two lifepaths of four, after one was taken back (the log keeps the undo)."""
    sable = _start(cast.bob, "Sable", "A pilot who left in a hurry.", None)
    _lifepaths(sable, ["station-brat", "freighter-pilot"], None)
    services.character_undo_lifepath(character=sable, key=sable.next_sequence)
    _lifepaths(sable, ["grifter"], None)
    return sable


def _finished(
    owner: User, name: str, concept: str, campaign: Campaign, slugs: list[str]
) -> Character:
    character = _start(owner, name, concept, campaign)
    _lifepaths(character, slugs, campaign)
    services.character_review(character=character, key=character.next_sequence)
    return services.character_finish(character=character, key=character.next_sequence)


def _roll(character: Character, **choices: Any) -> None:
    character.refresh_from_db()
    services.character_roll(
        character=character,
        key=character.next_sequence,
        choices=services.RollChoices(**choices),
    )


def _lose(character: Character, *, own: int, opponent: int, related: list[str]) -> None:
    """Lose by `opponent - own`, choosing the tokens the related types do not cover."""
    character.refresh_from_db()
    step = services.loss_margin_step(character.campaign)
    order = rules.loss_order(
        services.token_sheet(character),
        owed=rules.tokens_lost_for_margin(opponent - own, step=step),
        related=related,
    )
    choices: dict[str, int] = {}
    for wanted, open_types in (
        (order.to_choose_fresh, order.fresh_open),
        (order.to_choose_depleted, order.depleted_open),
    ):
        for name, count in open_types.items():
            taken = min(wanted, count)
            if taken:
                choices[name] = choices.get(name, 0) + taken
                wanted -= taken
    services.character_lose_tokens(
        character=character,
        key=character.next_sequence,
        own_total=own,
        opponent_total=opponent,
        related=related,
        choices=choices,
    )


def played_pair(cast: Cast, campaign: Campaign) -> tuple[Character, Character]:
    """Jim and Linda, finished, then a session: rolls typed and rolled by the server, a
    depleted token, a shared check mark, an assist, a loss and the GM's refresh."""
    jim = _finished(
        cast.bob,
        "Jim Harlan",
        "An ex-marine who kept the rifle.",
        campaign,
        ["us-marine", "marine-veteran", "deserter"],
    )
    linda = _finished(
        cast.carol,
        "Linda Okafor",
        "She can sell anything to anyone, twice.",
        campaign,
        ["exile-born", "grifter", "salvage-diver"],
    )
    _roll(
        jim,
        applicable=("Military", "Firearms"),
        deplete={"Dodge": 1},
        share_token="Dodge",
        share_with=linda,
        entered_faces=(2, 5, 6),
    )
    linda.refresh_from_db()
    services.character_assist(
        helper=linda, recipient=jim, token="Haggling", key=linda.next_sequence
    )
    _roll(jim, applicable=("Firearms",))  # the server's dice, with Linda's die and +1
    _lose(jim, own=7, opponent=12, related=["Firearms"])
    _roll(linda, applicable=("Salvage", "Exile"), entered_faces=(1, 1))
    _roll(jim, applicable=("Weapons",), entered_faces=(6, 6))
    services.campaign_refresh(campaign=campaign, by=cast.gm)
    _roll(linda, deplete={"Salvage": 1}, applicable=("Wreckers",))  # the server's dice
    _lose(jim, own=9, opponent=10, related=["Dodge"])  # a token lost since the refresh
    return jim, linda


def all_characters(cast: Cast) -> tuple[Campaign, list[Character]]:
    campaign = tigris_campaign(cast)
    made = [sable_mid_creation(cast), *played_pair(cast, campaign)]
    for character in made:
        character.refresh_from_db()
    return campaign, made
