"""The desk in the GM's words: log kinds as labels, decisions saying who decided, and a
refused decision explaining itself whichever way it was sent."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.desk.labels import decider_label
from chargen.infinity_drive.gm.labels import LOG_KIND_LABELS, log_kind_label
from chargen.infinity_drive.models import Character, CharacterStatus, Race, RaceStatus
from chargen.infinity_drive.progress import Kind

HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}


def _url(name: str, campaign: Campaign, **kwargs: object) -> str:
    return reverse(f"desk:{name}", kwargs={"campaign_id": campaign.id, **kwargs})


def _text(html: str) -> str:
    """The words a reader sees: tags dropped, spaces collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_every_log_kind_has_a_label() -> None:
    kinds = {value for name, value in vars(Kind).items() if name.isupper()}
    assert kinds == set(LOG_KIND_LABELS)
    assert log_kind_label(Kind.METHOD) == "Characteristic method"
    assert log_kind_label(Kind.POINT_BUY) == "Point buy"
    assert log_kind_label(Kind.SKILL_ROLL) == "Skill roll"
    assert log_kind_label(Kind.TABLE_CHOICE) == "Table choice"
    # A kind added later without a label still reads as words, never as an identifier.
    assert log_kind_label("ship_share") == "Ship share"


def test_the_roll_log_shows_labels_not_internal_kinds(
    gm_client: Client, submitted: Character, campaign: Campaign
) -> None:
    page = gm_client.get(_url("party_character", campaign, character_id=submitted.id))
    cells = re.findall(r'<td [^>]*data-kind="([^"]+)">([^<]*)</td>', page.content.decode())
    assert cells == [  # newest first (chargen/core/log_pages.py)
        ("characteristic_roll", "Characteristic roll"),
        ("characteristic_roll", "Characteristic roll"),
        ("characteristic_roll", "Characteristic roll"),
        ("method", "Characteristic method: dice"),  # a choice is named with its kind
    ]


def test_decider_label_names_the_gm_as_gm(gm: User, player: User, campaign: Campaign) -> None:
    assert decider_label(gm, campaign) == "alice (GM)"
    assert decider_label(player, campaign) == "bob"
    assert decider_label(None, campaign) == "a deleted account"


def test_a_decided_character_card_says_the_gm_decided_and_who_plays_it(
    gm_client: Client, player_client: Client, submitted: Character, campaign: Campaign
) -> None:
    response = gm_client.post(
        _url("character_return", campaign, character_id=submitted.id),
        {"note": "Describe his eyes."},
        **HTMX,
    )
    card = _text(response.content.decode())
    assert "played by bob" in card
    assert "Returned for changes by alice (GM)" in card
    assert "Describe his eyes." in card
    # The status badge is never followed by the player's name as if they had decided.
    assert "Returned by the GM by bob" not in card
    mine = _text(player_client.get(_url("my_campaign", campaign)).content.decode())
    assert "Returned for changes by alice (GM)" in mine


def test_the_character_approval_names_the_gm_everywhere_the_gm_reads_it(
    gm_client: Client, submitted: Character, campaign: Campaign
) -> None:
    gm_client.post(_url("character_approve", campaign, character_id=submitted.id), {})
    submitted.refresh_from_db()
    assert submitted.status == CharacterStatus.APPROVED
    log_page = _text(
        gm_client.get(_url("party_character", campaign, character_id=submitted.id)).content.decode()
    )
    assert "Approved by alice (GM)" in log_page
    desk = _text(gm_client.get(_url("campaign", campaign)).content.decode())
    assert "Character “Treva Donalson”: Approved by alice (GM)" in desk


def test_a_decided_race_says_the_gm_decided(
    gm_client: Client, darrian: Race, campaign: Campaign
) -> None:
    response = gm_client.post(
        _url("race_approve", campaign, race_id=darrian.id), {"note": ""}, **HTMX
    )
    assert "Approved by alice (GM)" in _text(response.content.decode())
    queue = _text(gm_client.get(_url("race_queue", campaign)).content.decode())
    assert "Darrian Alien humanoid — Approved by alice (GM)" in queue


def test_returning_without_a_note_is_refused_with_the_message_in_the_card(
    gm_client: Client, submitted: Character, campaign: Campaign
) -> None:
    response = gm_client.post(
        _url("character_return", campaign, character_id=submitted.id), {"note": ""}, **HTMX
    )
    assert response.status_code == 200  # refused: chargen.core.htmx.refused_status
    body = response.content.decode()
    assert body.lstrip().startswith("<article")
    assert 'role="alert"' in body
    assert "Write a note" in body
    submitted.refresh_from_db()
    assert submitted.status == CharacterStatus.SUBMITTED


def test_rejecting_without_a_note_is_refused_with_the_message_in_the_card(
    gm_client: Client, darrian: Race, campaign: Campaign
) -> None:
    response = gm_client.post(
        _url("race_reject", campaign, race_id=darrian.id), {"note": "  "}, **HTMX
    )
    assert response.status_code == 200  # refused: chargen.core.htmx.refused_status
    assert 'role="alert"' in response.content.decode()
    assert "Write a note" in response.content.decode()
    darrian.refresh_from_db()
    assert darrian.status == RaceStatus.PROPOSED
