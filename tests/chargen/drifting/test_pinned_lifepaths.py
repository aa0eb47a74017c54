"""A Drifting character keeps the lifepaths it started with: an admin's edit or delete of a
lifepath changes no draft's wizard and no finished sheet; new drafts get the new data."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from chargen.drifting import services
from chargen.drifting.campaign_rules import DRIFTING
from chargen.drifting.models import Character, Lifepath
from rules import drifting as rules
from rules.errors import RulesError
from tests.chargen.admin_forms import admin_change, admin_delete, page_text

LIFE = ("us-marine", "marine-veteran", "deserter", "drifter")


def built(
    owner: User, lifepaths: dict[str, Lifepath], *, finished: bool, chosen: int = 4
) -> Character:
    character = services.character_start(owner=owner)
    services.character_set_concept(
        character=character,
        key=character.next_sequence,
        name="Jim" if finished else "Jo",
        concept="",
        campaign=None,
    )
    for slug in LIFE[:chosen]:
        services.character_add_lifepath(
            character=character, lifepath=lifepaths[slug], key=character.next_sequence
        )
    if chosen == len(LIFE):
        services.character_review(character=character, key=character.next_sequence)
    if finished:
        services.character_finish(character=character, key=character.next_sequence)
    character.refresh_from_db()
    return character


# A draft on edited lifepaths is offered the move to the current ones: that notice is
# the one thing an edit adds to its page.
MOVE_NOTICE = re.compile(r"<div [^>]*data-rule-data-older>.*?</div>", re.DOTALL)


def pages(client: Client, *characters: Character) -> dict[str, str]:
    shown = {
        str(character.pk): page_text(client, reverse("drifting:character", args=[character.pk]))
        for character in characters
    }
    shown["list"] = page_text(client, reverse("drifting:list"))
    stripped = {key: MOVE_NOTICE.sub("", text) for key, text in shown.items()}
    stripped["notices"] = " ".join(MOVE_NOTICE.findall("".join(shown.values())))
    return stripped


def test_an_admin_edit_of_a_lifepath_changes_no_draft_and_no_sheet(
    admin_client: Client,
    player_client: Client,
    player: User,
    lifepaths: dict[str, Lifepath],
) -> None:
    jim = built(player, lifepaths, finished=True)
    jo = built(player, lifepaths, finished=False)
    before = pages(player_client, jim, jo)

    # The marine's first grant (Military) now gives 3 tokens, and the lifepath a new name.
    admin_change(
        admin_client, lifepaths["us-marine"], name="Marine of the Fleet", **{"grants-0-count": "3"}
    )

    after = pages(player_client, jim, jo)
    assert "data-rule-data-older" in after.pop("notices")  # offered to the draft Jo only
    assert after == {key: text for key, text in before.items() if key != "notices"}
    services.character_finish(character=jo, key=jo.next_sequence)
    assert services.token_sheet(jo)["Military"].held == 1  # as pinned, not 3
    late = services.character_start(owner=player)
    marine = next(path for path in services.character_lifepaths(late) if path.slug == "us-marine")
    assert marine.name == "Marine of the Fleet"
    assert marine.grants[0].count == 3


def test_an_admin_delete_of_a_lifepath_changes_no_draft(
    admin_client: Client,
    player_client: Client,
    player: User,
    lifepaths: dict[str, Lifepath],
) -> None:
    jo = built(player, lifepaths, finished=False, chosen=2)  # still choosing
    before = pages(player_client, jo)
    assert "Freighter pilot" in before[str(jo.pk)]

    admin_delete(admin_client, lifepaths["freighter-pilot"])

    after = pages(player_client, jo)
    assert "data-rule-data-older" in after.pop("notices")
    assert after == {key: text for key, text in before.items() if key != "notices"}
    late = services.character_start(owner=player)
    slugs = {path.slug for path in services.character_lifepaths(late)}
    assert "freighter-pilot" not in slugs
    assert "grifter" in slugs


def test_a_draft_cannot_take_a_lifepath_withdrawn_since_it_started(
    player: User, lifepaths: dict[str, Lifepath]
) -> None:
    character = services.character_start(owner=player)
    services.character_set_concept(
        character=character, key=character.next_sequence, name="Ann", concept="", campaign=None
    )
    grifter = str(lifepaths["grifter"].pk)
    lifepaths["grifter"].delete()

    with pytest.raises(RulesError, match="Grifter was withdrawn"):
        services.character_add_lifepath(
            character=character, lifepath=grifter, key=character.next_sequence
        )


def test_joining_a_campaign_pins_its_lifepaths_and_refuses_what_it_lacks(
    player: User, campaign: Campaign, lifepaths: dict[str, Lifepath]
) -> None:
    own = services.campaign_lifepath_add(
        campaign=campaign,
        by=campaign.gm,
        name="Storm rigger",
        region="Storm",
        description="",
        grants=[rules.TokenGrant(rules.TokenKind.FOCUS, "Rigging")],
    )
    character = services.character_start(owner=player)
    assert own.slug not in {path.slug for path in services.character_lifepaths(character)}

    services.character_set_concept(
        character=character, key=character.next_sequence, name="Bo", concept="", campaign=campaign
    )
    services.character_add_lifepath(character=character, lifepath=own, key=character.next_sequence)

    elsewhere = Campaign.objects.create(gm=campaign.gm, name="Elsewhere", game=DRIFTING)
    Membership.objects.create(campaign=elsewhere, user=player)
    with pytest.raises(RulesError, match="Storm rigger is not a lifepath of Elsewhere"):
        services.character_set_concept(
            character=character,
            key=character.next_sequence,
            name="Bo",
            concept="",
            campaign=elsewhere,
        )
