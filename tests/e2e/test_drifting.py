"""Drifting in a real browser: lifepaths into tokens, rolls with tokens, assists, losses,
refreshes."""

from __future__ import annotations

import re

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from chargen.campaigns.models import Campaign, Membership
from chargen.drifting.campaign_rules import DRIFTING
from chargen.drifting.models import Character, LogKind
from rules import drifting as rules
from tests.chargen.drifting.conftest import make_played_character
from tests.conftest import PASSWORD

LIFEPATHS = ("United Systems marine", "Marine veteran", "Deserter", "Drifter")


def test_create_from_lifepaths_roll_with_tokens_and_refresh(
    page: Page, live_server: LiveServer, transactional_db: None
) -> None:
    call_command(
        "loaddata", str(settings.BASE_DIR / "fixtures" / "drifting_lifepaths.json"), verbosity=0
    )
    get_user_model().objects.create_user("bob", "bob@example.org", PASSWORD)
    base = live_server.url

    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("bob")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Signed in as bob")).to_be_visible()

    page.goto(f"{base}/drifting/")
    page.get_by_role("link", name="Start a new Drifting character").click()
    page.get_by_label("Name").fill("Jim")
    page.get_by_label("Concept").fill("Marine who walked away")
    # Named on the start page, the character is saved with its name: lifepaths come next.
    page.get_by_role("button", name="Start the character").click()

    wizard = page.locator("#wizard")
    for count, name in enumerate(LIFEPATHS, start=1):
        # Labels start with the lifepath's name; later ones also name those they follow.
        page.get_by_role("radio", name=re.compile(f"^{re.escape(name)} —")).check()
        page.get_by_role("button", name="Add this lifepath").click()
        expect(page.locator("#chosen-lifepaths li")).to_have_count(count)
    expect(wizard).to_contain_text("Firearms ×2")

    # Reload: everything chosen so far was saved.
    page.reload()
    expect(page.locator("#chosen-lifepaths li")).to_have_count(4)
    page.get_by_role("button", name="Review").click()
    page.get_by_role("button", name="Finish and open the token sheet").click()
    expect(page.get_by_role("heading", name="Roll with tokens")).to_be_visible()
    # htmx's redirect loads a new page, and htmx sets up the odds preview only once it has
    # loaded: a box ticked before that sends no change and the odds stay as they were.
    page.wait_for_load_state()

    firearms = page.locator('#token-cards [data-token="Firearms"]')
    firearms.get_by_role("button", name="Use Firearms +2").click()
    firearms.get_by_role("button", name="Deplete Firearms 1").click()
    expect(page.locator("#odds")).to_contain_text("3 dice, +2")
    page.get_by_role("button", name="Roll", exact=True).click()

    result = page.locator(".roll-result")
    expect(result).to_be_visible()
    expect(result.locator(".die")).to_have_count(3)
    expect(result.locator(".die.halved")).to_have_count(1)
    expect(firearms.locator(".depleted")).to_have_text("1")
    expect(firearms.locator(".checks")).to_have_text("3 / 20")

    character = Character.objects.get(name="Jim")
    saved = character.log.get(kind=LogKind.ROLL)
    expect(result.locator(".roll-total")).to_have_text(str(saved.total))

    page.get_by_role("button", name="Tokens refresh").click()
    expect(firearms.locator(".depleted")).to_have_text("0")
    expect(page.locator("#log")).to_contain_text("Tokens refresh")


def log_in(page: Page, base: str, username: str) -> None:
    page.context.clear_cookies()
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text(f"Signed in as {username}")).to_be_visible()


def test_an_assisted_roll_a_shared_mark_a_two_token_loss_and_the_gms_refresh(
    page: Page, live_server: LiveServer, transactional_db: None
) -> None:
    users = get_user_model().objects
    alice, bob, carol = (
        users.create_user(name, f"{name}@example.org", PASSWORD)
        for name in ("alice", "bob", "carol")
    )
    campaign = Campaign.objects.create(gm=alice, name="Lost on Storm", game=DRIFTING)
    for member in (bob, carol):
        Membership.objects.create(campaign=campaign, user=member)
    jim = make_played_character(
        bob,
        "Jim",
        [
            rules.TokenState("Military", rules.TokenKind.BACKGROUND, held=1, checks=7),
            rules.TokenState("Firearms", rules.TokenKind.FOCUS, held=2, checks=7),
            rules.TokenState("Dodge", rules.TokenKind.FOCUS, held=1),
        ],
        campaign,
    )
    linda = make_played_character(
        carol,
        "Linda",
        [
            rules.TokenState("Space", rules.TokenKind.BACKGROUND, held=1),
            rules.TokenState("Firearms", rules.TokenKind.FOCUS, shared_marks=9),
        ],
        campaign,
    )
    base = live_server.url

    # Linda depletes Space: its die and its +1 go to Jim's next roll.
    log_in(page, base, "carol")
    page.goto(f"{base}{linda.get_absolute_url()}")
    page.get_by_text("Assist another character").click()  # it opens
    page.locator("#id_recipient").select_option(label="Jim")
    page.get_by_label("by depleting").select_option("Space")
    page.get_by_role("button", name="Assist", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("Depleted Space")

    # Jim ticks three types and depletes two; the assist's +1 counts first.
    log_in(page, base, "bob")
    page.goto(f"{base}{jim.get_absolute_url()}")
    expect(page.locator("#sheet")).to_contain_text("Linda depleted Space: your next roll")
    page.get_by_role("button", name="Use Military +1").click()
    page.get_by_role("button", name="Use Firearms +2").click()
    page.get_by_role("button", name="Use Dodge +1").click()
    page.get_by_role("button", name="Deplete Military").click()
    page.get_by_role("button", name="Deplete Firearms 1").click()
    odds = page.locator("#odds")
    # The odds answer the last tick before the fold below is opened: nothing moves
    # under the pointer while it is clicked.
    expect(odds).to_contain_text("5 dice, +3")
    more = page.locator("#roll-form .roll-more")
    more.locator("> summary").click()  # it opens
    expect(more).to_have_attribute("open", "")
    page.get_by_label("Share a check mark").select_option("Firearms")
    page.get_by_label("Share it with").select_option(label="Linda")
    expect(odds).to_contain_text("Dodge adds nothing: the +3 maximum is already reached")
    expect(odds).to_contain_text("Check marks: Military +3, Firearms +3.")
    page.get_by_role("button", name="Roll", exact=True).click()

    result = page.locator(".roll-result")
    expect(result.locator(".die")).to_have_count(5)
    expect(result.locator(".die.halved")).to_have_count(3)
    saved = jim.log.get(kind=LogKind.ROLL)
    expect(result.locator(".roll-total")).to_have_text(str(saved.total))
    expect(result).to_contain_text("Modifier +3 (Linda's Space +1, Military +1, Firearms +1).")
    expect(page.get_by_role("button", name="Gain a Military token")).to_be_visible()
    assert linda.tokens.get(name="Firearms").shared_marks == 10

    # Lost by ten: three tokens. Dodge is related; the other two are Jim's to choose.
    page.get_by_text("Lose tokens after a harmful loss").click()  # it opens
    page.get_by_label("My total").fill("4")
    page.get_by_label("Opponent's total").fill("14")
    related = page.get_by_role("group", name="Token types related")
    # The form comes filled in from the latest roll (its ticked tokens): this loss
    # concerns Dodge alone.
    for prefilled in ("Military", "Firearms"):
        related.get_by_label(prefilled).uncheck()
    related.get_by_label("Dodge").check()
    page.get_by_role("button", name="Lose tokens").click()
    expect(page.locator("#sheet")).to_contain_text(
        "3 tokens must go, 1 of them from the related types (Dodge): "
        "choose 2 more tokens to lose (0 chosen)."
    )
    page.get_by_label("Firearms tokens I choose to lose").fill("2")
    page.get_by_role("button", name="Lose tokens").click()
    expect(page.locator('#token-cards [data-token="Firearms"] .lost')).to_have_text("2")
    expect(page.locator('#token-cards [data-token="Dodge"] .lost')).to_have_text("1")
    expect(page.locator("#log")).to_contain_text(
        "Firearms lost (player's choice, already depleted)."
    )

    # Alice refreshes the whole campaign: Jim's tokens come back, Linda gains Firearms.
    log_in(page, base, "alice")
    page.goto(f"{base}/drifting/campaign/{campaign.id}/")
    # A refresh cannot be taken back: the browser asks first (hx-confirm), and she agrees.
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Tokens refresh for the whole campaign").click()
    expect(page.get_by_text("Tokens refresh: 2 characters changed.")).to_be_visible()
    page.goto(f"{base}{jim.get_absolute_url()}")
    expect(page.locator('#token-cards [data-token="Firearms"] .lost')).to_have_text("0")
    expect(page.locator('#token-cards [data-token="Military"] .depleted')).to_have_text("0")
    expect(page.locator("#log")).to_contain_text("Tokens refresh")
    page.goto(f"{base}{linda.get_absolute_url()}")
    expect(page.locator('#token-cards [data-token="Firearms"] .held')).to_have_text("1")
