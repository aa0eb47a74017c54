"""The GM's desk in real browsers: a player proposes a race, the GM approves it from
another browser, and the player finishes the character with it."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from chargen.campaigns.models import Membership
from chargen.campaigns.services import campaign_create
from chargen.infinity_drive.models import Character, CharacterStatus, RaceStatus
from chargen.rulebook.management.commands.load_rules_data import fixture_load_missing
from chargen.rulebook.services import rulebook_cache_clear
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    roll_book_characteristics,
    skill,
    survive,
)
from tests.conftest import PASSWORD

ACADEMIC = "construction-academic"
ACTION = "construction-action"
PLANETSIDE_ACADEMIC = "citizen-planetside-academic"
PLANETSIDE_ACTION = "citizen-planetside-action"


def _log_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    # On a phone the navbar (with "Signed in as") is folded away; the page moving on says it.
    expect(page).not_to_have_url(re.compile(r"/accounts/login/"))
    expect(page.get_by_role("heading", name="Waiting for you")).to_be_visible()


def _skills_as_in_the_book(character: Character) -> None:
    """Career and skills through the wizard's services with dice typed in (no race here:
    the race step is what the browsers test). Thirteen rolls, as the book's Darrian."""
    citizen_construction(character)
    for faces, table in (
        ("1 1", ACADEMIC),
        ("1 3", ACADEMIC),
        ("3 3", ACADEMIC),
    ):
        skill(character, faces, table)
    skill(character, "4 6", ACADEMIC, specialty="Black Market")
    survive(character, "2 3")
    for faces, table in (
        ("4 4", ACADEMIC),
        ("2 3", PLANETSIDE_ACADEMIC),
        ("3 3", ACADEMIC),
        ("4 5", PLANETSIDE_ACADEMIC),
    ):
        skill(character, faces, table)
    survive(character, "4 5")
    for faces, table in (("3 3", ACADEMIC), ("5 6", ACADEMIC), ("2 2", ACTION), ("3 4", ACADEMIC)):
        skill(character, faces, table)
    survive(character, "4 4")
    skill(character, "3 3", PLANETSIDE_ACTION)
    survive(character, "3 4")


def test_player_proposes_a_race_gm_approves_it_player_finishes_with_it(
    browser: Browser, page: Page, live_server: LiveServer, transactional_db: None
) -> None:
    fixture_load_missing(path=Path(settings.BASE_DIR) / "fixtures" / "infinity_drive.json")
    rulebook_cache_clear()
    users = get_user_model().objects
    gm = users.create_user("alice", "alice@example.org", PASSWORD)
    player = users.create_user("bob", "bob@example.org", PASSWORD)
    campaign = campaign_create(gm=gm, name="The Long Jump", approval_required=True)
    Membership.objects.create(campaign=campaign, user=player)
    character = Character.objects.create(owner=player, campaign=campaign, name="Treva Donalson")
    roll_book_characteristics(character)
    base = live_server.url

    # The player proposes the book's Darrian on the race step.
    _log_in(page, base, "bob")
    page.goto(f"{base}/characters/{character.id}/race/")
    proposal = page.locator("#race-proposal")
    proposal.get_by_label("Race name").fill("Darrian")
    proposal.get_by_label("Why the race has these improvements and reductions").fill(
        "A home-world rife with metaphysical predators; cunning won out."
    )
    proposal.locator("#adjust-Int").fill("3")
    proposal.locator("#adjust-Res").fill("-2")
    proposal.locator("#adjust-Mtp").fill("-1")
    proposal.get_by_role("button", name="Propose race").click()
    expect(page.get_by_role("status").filter(has_text="waiting for the GM")).to_be_visible()

    # The GM, in a browser of their own, sees it waiting and approves it.
    gm_context = browser.new_context(viewport={"width": 390, "height": 844})
    gm_page = gm_context.new_page()
    _log_in(gm_page, base, "alice")
    waiting = gm_page.locator("#home-waiting")
    expect(waiting).to_contain_text("1 race and 0 characters waiting for your decision")
    waiting.get_by_role("link", name=re.compile("The Long Jump")).click()
    gm_page.get_by_role("link", name="1 race to approve").click()
    card = gm_page.locator("article", has_text="Darrian")
    expect(card).to_contain_text("775A776")
    # Reached by a link: htmx sets the buttons up only once the page has loaded, and an
    # Approve pressed before that posts without htmx (a redirect, not the card redrawn).
    gm_page.wait_for_load_state()
    expect(card).to_contain_text("Within the book")
    expect(card).to_contain_text("metaphysical predators")
    card.get_by_label("Note to the player").fill("Welcome aboard, Darrians.")
    card.get_by_role("button", name="Approve").click()
    expect(gm_page.locator("article", has_text="Darrian")).to_contain_text("Approved by alice")
    character.refresh_from_db()
    assert character.race is not None
    assert character.race.status == RaceStatus.APPROVED

    # The player sees the decision and the note, then finishes with the race.
    page.goto(f"{base}/desk/{campaign.id}/mine/")
    race_line = page.locator(f"[data-race='{character.race.id}']")
    expect(race_line).to_contain_text("Approved")
    expect(race_line).to_contain_text("Welcome aboard, Darrians.")
    expect(page.locator("#news")).to_contain_text("Your race “Darrian” was approved")

    _skills_as_in_the_book(character)
    page.goto(f"{base}/characters/{character.id}/equipment/")
    page.get_by_role("radio", name=re.compile("^Standard")).check()
    page.get_by_role("button", name="Choose and lock this option").click()
    expect(page.get_by_text("locked")).to_be_visible()
    page.goto(f"{base}/characters/{character.id}/history/")
    page.get_by_label("Age").fill("34")
    page.get_by_label("Appearance").fill("Tall, grey-skinned, with a Darrian's wide eyes.")
    page.get_by_role("button", name="Save and review").click()
    submit = page.get_by_role("button", name="Submit to the GM")
    expect(submit).to_be_enabled()
    submit.click()
    expect(page.get_by_text("Submitted to the GM").first).to_be_visible()
    character.refresh_from_db()
    assert character.status == CharacterStatus.SUBMITTED

    # The GM approves the character too; it is then on the party's print view.
    gm_page.goto(f"{base}/desk/")
    gm_page.get_by_role("link", name="1 character waiting").click()
    gm_card = gm_page.locator("article", has_text="Treva Donalson")
    expect(gm_card).to_contain_text("Darrian")
    gm_page.wait_for_load_state()  # htmx is set up on load (see the race queue above)
    gm_card.get_by_role("button", name="Approve").click()
    decided = gm_page.locator("[data-decided]", has_text="Treva Donalson")
    expect(decided).to_contain_text("Approved")
    gm_page.goto(f"{base}/desk/{campaign.id}/party/print/")
    sheet = gm_page.locator(".sheet")
    expect(sheet).to_have_count(1)
    expect(sheet).to_contain_text("Darrian")
    expect(sheet).to_contain_text("68A5873")
    gm_context.close()
