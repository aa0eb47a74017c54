"""The Drifting creation wizard through the test client: starting, the steps as plain posts
and htmx swaps, finishing, and the lifepath messages and requirements a player sees."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.drifting.models import Character, CreationStep, Lifepath, LogKind
from rules.drifting import TokenKind, TokenState
from tests.chargen.drifting.conftest import make_played_character
from tests.chargen.drifting.views_helpers import HTMX, url


def test_starting_saves_a_character_at_once(player_client: Client, player: User) -> None:
    response = player_client.post(reverse("drifting:start"))
    character = Character.objects.get(owner=player)
    assert response.status_code == 302
    assert response["Location"] == character.get_absolute_url()
    page = player_client.get(character.get_absolute_url())
    assert "Concept and campaign" in page.content.decode()


def test_the_start_page_asks_the_name_before_anything_is_saved(
    player_client: Client, player: User
) -> None:
    listing = player_client.get(reverse("drifting:list")).content.decode()
    # A link to the start page (no form, no "?" left in the address); the address the
    # start page's form posts to is that page too.
    assert f'href="{reverse("drifting:start")}"' in listing
    assert f'action="{reverse("drifting:start")}"' not in listing
    assert player_client.get(reverse("drifting:new")).status_code == 200
    page = player_client.get(reverse("drifting:start")).content.decode()
    assert 'name="name"' in page
    assert 'name="concept"' in page
    assert "Leave it empty to start as “Unnamed drifter”" in page
    assert not Character.objects.exists()

    response = player_client.post(
        reverse("drifting:start"), {"name": "Jim <b>Rook</b>", "concept": "Marine", "campaign": ""}
    )
    character = Character.objects.get(owner=player)
    assert response["Location"] == character.get_absolute_url()
    assert (character.name, character.concept) == ("Jim <b>Rook</b>", "Marine")
    assert character.step == CreationStep.LIFEPATHS  # named: straight on to the lifepaths
    assert character.log.filter(kind=LogKind.CONCEPT).count() == 1
    wizard = player_client.get(character.get_absolute_url()).content.decode()
    assert "Jim &lt;b&gt;Rook&lt;/b&gt;" in wizard
    assert "Jim <b>Rook</b>" not in wizard


def test_a_character_started_without_a_name_is_told_its_default(
    player_client: Client, player: User
) -> None:
    response = player_client.post(reverse("drifting:start"), {"concept": "Drifter"}, follow=True)
    character = Character.objects.get(owner=player)
    assert (character.name, str(character), character.concept) == ("", "Unnamed drifter", "Drifter")
    assert character.step == CreationStep.CONCEPT  # the wizard asks the name again
    assert "Started as “Unnamed drifter”: give them a name here." in response.content.decode()


def test_a_name_too_long_is_refused_at_its_field_and_saves_nothing(player_client: Client) -> None:
    response = player_client.post(reverse("drifting:start"), {"name": "x" * 81})
    assert response.status_code == 400
    assert "Ensure this value has at most 80 characters" in response.content.decode()
    assert not Character.objects.exists()


def test_the_wizard_as_plain_posts_and_as_htmx_swaps(
    player_client: Client, draft: Character, campaign: Campaign, lifepaths: dict[str, Lifepath]
) -> None:
    response = player_client.post(
        url("concept", draft),
        {
            "name": "Jim",
            "concept": "Marine",
            "campaign": str(campaign.id),
            "key": draft.next_sequence,
        },
    )
    assert response.status_code == 303
    draft.refresh_from_db()
    assert draft.campaign == campaign
    assert draft.step == CreationStep.LIFEPATHS
    for slug in ["us-marine", "marine-veteran", "deserter", "drifter"]:
        response = player_client.post(
            url("lifepath_add", draft),
            {"key": draft.next_sequence, "lifepath": str(lifepaths[slug].id)},
            **HTMX,
        )
        assert response.status_code == 200
        body = response.content.decode()
        assert body.lstrip().startswith('<div id="wizard">')
        assert lifepaths[slug].name in body
    assert "Firearms</span> ×2" in body
    response = player_client.post(url("review", draft), {"key": draft.next_sequence})
    assert response.status_code == 303
    response = player_client.post(url("finish", draft), {"key": draft.next_sequence})
    assert response.status_code == 303
    draft.refresh_from_db()
    assert draft.is_finished
    sheet = player_client.get(draft.get_absolute_url()).content.decode()
    assert "Roll with tokens" in sheet
    assert 'data-token="Firearms"' in sheet


def test_an_invalid_lifepath_gets_a_message_at_the_field_and_changes_nothing(
    player_client: Client, draft: Character, lifepaths: dict[str, Lifepath]
) -> None:
    player_client.post(
        url("concept", draft), {"name": "Ann", "concept": "", "key": draft.next_sequence}
    )
    response = player_client.post(
        url("lifepath_add", draft),
        {"key": draft.next_sequence, "lifepath": str(lifepaths["deserter"].id)},
    )
    assert response.status_code == 400  # refused input, as everywhere (chargen/core/htmx.py)
    assert "must follow one of" in response.content.decode()
    assert response.context["lifepath_form"].errors["lifepath"]
    assert not draft.lifepaths.exists()
    swapped = player_client.post(
        url("lifepath_add", draft),
        {"key": draft.next_sequence, "lifepath": str(lifepaths["deserter"].id)},
        **HTMX,
    )
    assert swapped.status_code == 200  # htmx swaps the form in with its reason
    assert "must follow one of" in swapped.content.decode()


def test_posting_after_finishing_changes_nothing_and_says_why(
    player_client: Client, jim: Character, lifepaths: dict[str, Lifepath]
) -> None:
    response = player_client.post(
        url("lifepath_add", jim),
        {"key": jim.next_sequence, "lifepath": str(lifepaths["grifter"].id)},
    )
    assert "finished" in response.content.decode()
    assert not jim.lifepaths.exists()


def test_a_required_lifepath_is_named_in_the_message(
    player_client: Client, draft: Character, lifepaths: dict[str, Lifepath]
) -> None:
    player_client.post(
        url("concept", draft), {"name": "Ann", "concept": "", "key": draft.next_sequence}
    )
    response = player_client.post(
        url("lifepath_add", draft),
        {"key": draft.next_sequence, "lifepath": str(lifepaths["marine-veteran"].id)},
    )
    assert "must follow one of: United Systems marine" in response.content.decode()


def test_each_lifepaths_requirement_shows_in_the_list_before_picking(
    player_client: Client, draft: Character, lifepaths: dict[str, Lifepath]
) -> None:
    player_client.post(
        url("concept", draft), {"name": "Ann", "concept": "", "key": draft.next_sequence}
    )
    page = player_client.get(draft.get_absolute_url()).content.decode()
    assert "Deserter — Exile space (only after United Systems marine or Marine veteran):" in page
    assert (
        "Marine veteran — United Systems frontier garrisons (only after United Systems marine):"
        in page
    )
    # A lifepath open at any time says nothing of the kind.
    assert "Drifter — Anywhere in the Tigris system: " in page


def test_start_double_clicked_makes_one_character(player_client: Client, player: User) -> None:
    """The start page's form carries a one-time key: the same form sent twice (a
    double-click, Back and send) answers with the character the first made."""
    page = player_client.get(reverse("drifting:start")).content.decode()
    key = re.search(r'name="start_key" value="([0-9a-f-]+)"', page)
    assert key, "the start page carries its one-time key"
    form = {"name": "Jim", "concept": "Marine", "campaign": "", "start_key": key.group(1)}
    first = player_client.post(reverse("drifting:start"), form)
    second = player_client.post(reverse("drifting:start"), form)
    character = Character.objects.get(owner=player)
    assert first["Location"] == second["Location"] == character.get_absolute_url()
    assert character.log.filter(kind=LogKind.CONCEPT).count() == 1
    # A fresh start page is another key, and another character.
    again = player_client.get(reverse("drifting:start")).content.decode()
    other = re.search(r'name="start_key" value="([0-9a-f-]+)"', again)
    assert other
    assert other.group(1) != key.group(1)
    player_client.post(reverse("drifting:start"), {**form, "start_key": other.group(1)})
    assert Character.objects.filter(owner=player).count() == 2


def test_a_damaged_start_key_is_refused_and_saves_nothing(player_client: Client) -> None:
    response = player_client.post(reverse("drifting:start"), {"name": "Jim", "start_key": "x"})
    assert response.status_code == 400
    assert "one-time key is damaged" in response.content.decode()
    assert not Character.objects.exists()


def test_no_concept_leaves_no_empty_separator(player_client: Client, player: User) -> None:
    """A character named without a concept: its pages say nothing where the concept
    would be (a user's try saw "Drifting · · no campaign" and "Jim:")."""
    player_client.post(reverse("drifting:start"), {"name": "Jim", "concept": ""})
    character = Character.objects.get(owner=player)
    page = player_client.get(character.get_absolute_url()).content.decode()
    assert "<p></p>" not in page
    character.step = CreationStep.REVIEW
    character.save()
    review = player_client.get(character.get_absolute_url()).content.decode()
    assert "<strong>Jim</strong></p>" in review
    played = make_played_character(
        player, "Ada", [TokenState("Nomad", TokenKind.BACKGROUND, held=1)], None
    )
    sheet = player_client.get(played.get_absolute_url()).content.decode()
    assert "Drifting · no campaign" in sheet
    assert "Drifting ·  ·" not in sheet


def _radio(page: str, lifepath: Lifepath) -> str:
    """The lifepath's radio input as the page draws it."""
    found = re.search(rf'<input type="radio"[^>]*value="{lifepath.id}"[^>]*>', page)
    assert found, f"{lifepath.name} is drawn as a radio"
    return found.group(0)


def test_a_lifepath_not_available_is_drawn_disabled_with_its_reason(
    player_client: Client, draft: Character, lifepaths: dict[str, Lifepath]
) -> None:
    """The player sees which lifepaths can be taken now and why the others cannot, before
    picking: those are disabled radios (announced as such), their reason in the label."""
    player_client.post(
        url("concept", draft), {"name": "Ann", "concept": "", "key": draft.next_sequence}
    )
    page = player_client.get(draft.get_absolute_url()).content.decode()
    assert " disabled" in _radio(page, lifepaths["marine-veteran"])
    assert " disabled" in _radio(page, lifepaths["deserter"])
    assert " disabled" not in _radio(page, lifepaths["us-marine"])
    assert " disabled" not in _radio(page, lifepaths["drifter"])
    assert "not available: Marine veteran must follow one of: United Systems marine." in page
    assert "A lifepath you cannot take now is disabled, and says why." in page

    player_client.post(
        url("lifepath_add", draft),
        {"key": draft.next_sequence, "lifepath": str(lifepaths["us-marine"].id)},
    )
    page = player_client.get(draft.get_absolute_url()).content.decode()
    assert " disabled" not in _radio(page, lifepaths["marine-veteran"])
    assert " disabled" in _radio(page, lifepaths["us-marine"])
    assert "not available: United Systems marine is already in this life." in page
