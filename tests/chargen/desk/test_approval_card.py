"""The approval card tells the GM what they approve: profile, race, skills, the roll log in
words (with unwritten history marked), where the dice came from, and what changed since a
return; an htmx decision updates the waiting and the decided lists."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.infinity_drive import services
from chargen.infinity_drive.gm.services import character_return
from chargen.infinity_drive.models import Character, CharacterStatus, CreationLogEntry
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    next_sequence,
    roll_book_characteristics,
    skill,
)

HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}
ACADEMIC = "construction-academic"

pytestmark = pytest.mark.usefixtures("rules_data")


def _url(name: str, campaign: Campaign, **kwargs: object) -> str:
    return reverse(f"desk:{name}", kwargs={"campaign_id": campaign.id, **kwargs})


def _text(html: str) -> str:
    """The words a reader sees: tags dropped, spaces collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _between(html: str, start: str, end: str) -> str:
    return html[html.index(start) : html.index(end, html.index(start))]


def _card(page: str, character: Character) -> str:
    return _between(page, f'<article class="card mb-3" id="character-{character.id}"', "</article>")


def _submit(character: Character) -> None:
    character.refresh_from_db()
    character.status = CharacterStatus.SUBMITTED
    character.save()


@pytest.fixture
def builder(campaign: Campaign, player: User) -> Character:
    """Bob's Citizen in Construction, every die typed in: Diplomacy and Local so far."""
    character = Character.objects.create(owner=player, campaign=campaign, name="Treva Donalson")
    roll_book_characteristics(character)  # 5 8 C 2 8 7 4 in profile order
    services.character_choose_race(
        character=character, expected_sequence=next_sequence(character), race_id=None
    )
    citizen_construction(character)
    skill(character, "3 3", ACADEMIC)  # 6: Diplomacy
    skill(character, "5 6", ACADEMIC)  # 11: Local
    _submit(character)
    return character


def test_the_card_shows_profile_race_skills_and_the_roll_log_summary(
    gm_client: Client, builder: Character, campaign: Campaign
) -> None:
    card = _card(gm_client.get(_url("character_queue", campaign)).content.decode(), builder)
    assert re.search(r"data-profile>58C2874<", card)
    assert re.search(r"data-race>Humanoid<", card)
    skills = _between(card, "data-skills>", "</dd>")
    assert "Diplomacy" in skills
    assert "Local" in skills
    words = _text(card)
    assert "10 rolls, of which 10 typed in by the player" in words
    assert "0 rolled by this server, 10 typed from physical dice, 0 imported unverified" in words
    assert "data-imported" not in card
    # Three rolls ask for a history the player has not written: career and two skills.
    assert "History not written yet for 3 rolls" in words
    assert "Table choice: Construction Academic, Diplomacy" in words
    assert "Table choice: Construction Academic, Local" in words
    assert "data-since-return" not in card  # never returned


def test_dice_imported_unverified_are_counted_and_flagged(
    gm_client: Client, submitted: Character, campaign: Campaign
) -> None:
    # A row as an import from another server leaves it: sealed, by a key unknown here.
    CreationLogEntry(
        character=submitted,
        sequence=5,
        kind="characteristic_roll",
        dice="2d6",
        faces=[4, 4],
        entry_hash="ab" * 32,
        signature="c2lnbmVkIGVsc2V3aGVyZQ",
        key_id="feedfacefeedface",
    ).save()
    card = _card(gm_client.get(_url("character_queue", campaign)).content.decode(), submitted)
    words = _text(card)
    assert "2 rolled by this server, 1 typed from physical dice, 1 imported unverified" in words
    assert 'data-imported="1"' in card
    assert '<strong class="badge text-bg-danger">1 imported unverified</strong>' in card
    assert "signed by a key this server does not know" in words


def test_a_resubmission_shows_what_changed_since_the_return(
    gm: User, gm_client: Client, builder: Character, campaign: Campaign
) -> None:
    character_return(character=builder, by=gm, note="One more roll, <b>please</b>.")
    builder.refresh_from_db()
    skill(builder, "1 3", ACADEMIC)  # 4: Clerical
    _submit(builder)

    card = _card(gm_client.get(_url("character_queue", campaign)).content.decode(), builder)
    since = _between(card, "data-since-return", "</section>")
    words = _text(since)
    assert "Changed since you returned it" in words
    assert "One more roll, &lt;b&gt;please&lt;/b&gt;." in since  # the note, escaped
    assert 'data-change="Clerical"' in since
    assert "Clerical: none → rank" in words
    assert 'data-change="Profile"' not in since  # no die changed the profile
    added = re.findall(r'data-added="(\d+)">([^<]*)<', since)
    assert [text for _, text in added] == [
        f"#{int(added[0][0])} Skill roll",
        f"#{int(added[0][0]) + 1} Table choice: Construction Academic, Clerical",
    ]


def test_an_htmx_decision_updates_both_lists(
    gm_client: Client, builder: Character, submitted: Character, campaign: Campaign
) -> None:
    page = gm_client.get(_url("character_queue", campaign)).content.decode()
    assert 'data-waiting="2"' in page
    assert "No character decided yet." in page

    response = gm_client.post(
        _url("character_approve", campaign, character_id=builder.id), {"note": "Aye."}, **HTMX
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert "<html" not in body
    # The card leaves the waiting list, the count follows, the decided list gains it.
    assert f'id="character-{builder.id}" role="status" data-moved="decided"' in body
    status = _between(body, '<p id="queue-waiting-status"', "</p>")
    assert 'hx-swap-oob="true"' in status
    assert 'data-waiting="1"' in status
    decided = _between(body, '<section id="queue-decided"', "</section>")
    assert 'hx-swap-oob="true"' in decided
    assert f'data-decided="{builder.id}"' in decided
    assert "Approved" in decided
    assert "Aye." in decided
    assert f'data-decided="{submitted.id}"' not in decided

    # Refused (a return needs a note): the card says why; the lists say nothing moved.
    refused = gm_client.post(
        _url("character_return", campaign, character_id=submitted.id), {"note": ""}, **HTMX
    )
    assert refused.status_code == 200  # refused: chargen.core.htmx.refused_status
    body = refused.content.decode()
    assert "Write a note" in _card(body, submitted)
    assert 'data-waiting="1"' in body
    assert f'data-decided="{submitted.id}"' not in body


def test_without_javascript_a_decision_redirects_to_both_lists(
    gm_client: Client, builder: Character, submitted: Character, campaign: Campaign
) -> None:
    queue = _url("character_queue", campaign)
    response = gm_client.post(
        _url("character_return", campaign, character_id=submitted.id), {"note": "Eyes?"}
    )
    assert response["Location"] == queue
    page = gm_client.get(queue).content.decode()
    waiting = _between(page, '<section id="queue-waiting"', "</section>")
    assert f'id="character-{builder.id}"' in waiting
    assert f'id="character-{submitted.id}"' not in waiting
    decided = _between(page, '<section id="queue-decided"', "</section>")
    assert f'data-decided="{submitted.id}"' in decided
    assert "Returned for changes" in decided


def test_the_roll_log_names_choices_and_marks_unwritten_history(
    gm_client: Client, builder: Character, campaign: Campaign
) -> None:
    log_url = _url("party_character", campaign, character_id=builder.id)
    page = gm_client.get(log_url).content.decode()
    steps = [
        " ".join(step.split()) for step in re.findall(r"<td [^>]*data-kind=[^>]+>([^<]*)<", page)
    ]
    assert "Career: Citizen" in steps
    assert "Characteristic placed: Chz" in steps
    assert "Table choice: Construction Academic, Diplomacy" in steps
    assert "Table choice: Construction Academic, Local" in steps
    assert page.count('data-history-unwritten="true"') == 3
    assert "History not written yet" in page

    # The player writes one piece of history later: that roll is no longer marked.
    diplomacy = (
        CreationLogEntry.objects.filter(character=builder, kind="table_choice")
        .order_by("sequence")
        .first()
    )
    assert diplomacy is not None
    CreationLogEntry.objects.create(
        character=builder,
        sequence=next_sequence(builder),
        kind="note",
        payload={"sequence": diplomacy.sequence, "text": "Mediated a strike."},
    )
    page = gm_client.get(log_url).content.decode()
    assert page.count('data-history-unwritten="true"') == 2
