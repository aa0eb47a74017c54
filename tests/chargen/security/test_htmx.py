"""htmx answers that keep the browser honest: the address bar only ever shows a page
that can be reloaded, and a refusal the server explains is swapped in, not dropped."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Page, expect

from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_create
from chargen.infinity_drive.models import Character, Race, RaceStatus
from tests.chargen.infinity_drive.steps import next_sequence, roll_book_characteristics
from tests.conftest import PASSWORD

HTMX = {"HX-Request": "true"}


@pytest.fixture
def campaign(gm: User, player: User) -> Campaign:
    created = campaign_create(gm=gm, name="The Long Jump", approval_required=True)
    Membership.objects.create(campaign=created, user=player)
    return created


@pytest.fixture
def at_the_race_step(rulebook: None, player: User, campaign: Campaign) -> Character:
    character = Character.objects.create(owner=player, campaign=campaign, name="Treva")
    roll_book_characteristics(character)
    return character


ON_TOP = 'id="step-error"'


def _refused_posts(character: Character) -> list[tuple[str, dict[str, str], str]]:
    """POSTs the wizard refuses (out of order, bad data, after finishing, stale step), and
    where each reason is drawn: on top, or beside the field it concerns."""
    return [
        (reverse("characters:choose_career", args=[character.id]), {"sequence": "99"}, ON_TOP),
        (
            reverse("characters:propose_race", args=[character.id]),
            # At the form's own key (the log's next; a key already used is stale, and
            # checked before the form), with no name given: said beside the name.
            {"sequence": str(next_sequence(character))},
            'id="race-name-error"',
        ),
        (
            reverse("characters:undo", args=[character.id]),
            {"sequence": "1", "step": "race"},
            ON_TOP,
        ),
        (reverse("characters:equipment_option", args=[character.id]), {"option": "x"}, ON_TOP),
        (reverse("characters:finish", args=[character.id]), {}, ON_TOP),
    ]


def test_a_refused_htmx_post_does_not_push_its_action_address(
    player_client: Client, at_the_race_step: Character
) -> None:
    """Before, the answer pushed e.g. /race/propose/ into the address bar; a reload
    then asked for it with GET and the player got 405 instead of the step."""
    for url, data, reason in _refused_posts(at_the_race_step):
        response = player_client.post(url, data, headers=HTMX)
        assert response.status_code == 200, url
        assert reason in response.content.decode(), url
        assert "HX-Push-Url" not in response, url


def test_a_successful_htmx_post_shows_the_step_page_address(
    player_client: Client, at_the_race_step: Character
) -> None:
    """Answered in one response, at the step page's address, never the action's."""
    response = player_client.post(
        reverse("characters:choose_race", args=[at_the_race_step.id]),
        {"sequence": "16", "race": ""},
        headers=HTMX,
    )
    race_page = reverse("characters:race", args=[at_the_race_step.id])
    assert response.status_code == 200
    assert response["HX-Push-Url"] == race_page


# --- In a browser ---------------------------------------------------------------------


def _log_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).not_to_have_url(re.compile(r"/accounts/login/"))


@pytest.mark.e2e
def test_after_a_refused_proposal_the_page_still_reloads(
    live_server: object, page: Page, at_the_race_step: Character
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    _log_in(page, base, "bob")
    race_page = f"{base}{reverse('characters:race', args=[at_the_race_step.id])}"
    page.goto(race_page)
    page.get_by_label("Race name").fill("Darrian")
    page.locator("#race-reason").fill("Predators on the home-world.")
    page.locator("#adjust-Int").fill("3")  # nothing taken off: the book's rules refuse it
    page.get_by_role("button", name="Propose race").click()
    # The reason beside the points, and what was typed still there to correct.
    expect(page.locator("#race-adjustments-error")).to_be_visible()
    expect(page.get_by_label("Race name")).to_have_value("Darrian")
    expect(page.locator("#adjust-Int")).to_have_value("3")
    expect(page).to_have_url(race_page)
    page.reload()
    expect(page.get_by_role("button", name="Propose race")).to_be_visible()


@pytest.mark.e2e
def test_the_gm_sees_why_a_decision_was_refused(
    live_server: object, page: Page, campaign: Campaign, player: User
) -> None:
    """Rejecting without a note is refused with the card's message; htmx used to drop it."""
    race = Race.objects.create(
        campaign=campaign,
        name="Darrian",
        reason="Predators on the home-world.",
        adjustments={"Int": 3, "Res": -2, "Mtp": -1},
        proposed_by=player,
    )
    base = live_server.url  # type: ignore[attr-defined]
    _log_in(page, base, "alice")
    page.goto(f"{base}{reverse('desk:race_queue', args=[campaign.id])}")
    page.get_by_role("button", name="Reject").click()
    expect(page.get_by_role("alert")).to_contain_text("Write a note")
    race.refresh_from_db()
    assert race.status == RaceStatus.PROPOSED
