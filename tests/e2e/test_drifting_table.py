"""The Drifting token sheet at the table, on a phone: tokens as cards a player taps, the
running modifier, the odds and the Roll button on the screen without scrolling, the same
for a keyboard, and axe finding nothing with buttons pressed, light and dark."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth.models import User
from playwright.sync_api import Browser, BrowserContext, FloatRect, Page, ViewportSize, expect

from chargen.campaigns.models import Campaign, Membership
from chargen.drifting.campaign_rules import DRIFTING
from chargen.drifting.models import Character, LogEntry, LogKind
from rules import drifting as rules
from tests.chargen.drifting.conftest import make_played_character
from tests.e2e.test_phone_layout import MEASURE, log_in_as

PHONE: ViewportSize = {"width": 390, "height": 844}
FINGER = 44  # px: the smallest target a finger hits reliably (WCAG 2.5.5)
AXE = Axe()

TOKENS = [
    rules.TokenState("Military", rules.TokenKind.BACKGROUND, held=1, checks=3),
    rules.TokenState("Firearms", rules.TokenKind.FOCUS, held=2, checks=7),
    rules.TokenState("Dodge", rules.TokenKind.FOCUS, held=1),
    rules.TokenState("Piloting", rules.TokenKind.FOCUS, held=1, checks=1),
    rules.TokenState("United Systems", rules.TokenKind.REPUTATION, held=1),
    rules.TokenState("Exile", rules.TokenKind.REPUTATION, held=1),
    rules.TokenState("Negotiation", rules.TokenKind.FOCUS, shared_marks=4),
]


@pytest.fixture
def jim(transactional_db: None, gm: User, player: User) -> Character:
    storm = Campaign.objects.create(gm=gm, name="Lost on Storm", game=DRIFTING)
    Membership.objects.create(campaign=storm, user=player)
    return make_played_character(player, "Jim Marlowe", TOKENS, storm)


@pytest.fixture
def phone(browser: Browser) -> BrowserContext:
    created = browser.new_context(viewport=PHONE)
    created.set_default_timeout(10_000)
    return created


def _box(page: Page, selector: str) -> FloatRect:
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not drawn"
    return box


def _on_screen(box: FloatRect) -> bool:
    return (
        box["y"] >= 0
        and box["y"] + box["height"] <= PHONE["height"]
        and box["x"] >= 0
        and box["x"] + box["width"] <= PHONE["width"]
    )


@pytest.mark.any_database
def test_at_390_px_the_roll_is_in_reach_and_the_cards_are_finger_sized(
    live_server: object, phone: BrowserContext, jim: Character, player: User, tmp_path: Path
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in_as(phone, base, player)
    page = phone.new_page()
    page.goto(f"{base}{jim.get_absolute_url()}")
    page.wait_for_load_state()
    roll = page.locator("#roll-form").get_by_role("button", name="Roll", exact=True)
    expect(roll).to_be_visible()
    # Without scrolling: the Roll button, the running modifier and the odds.
    assert page.evaluate("window.scrollY") == 0
    for selector in ("#roll-bar .btn-roll", "#running-modifier", "#roll-bar .odds-chances"):
        assert _on_screen(_box(page, selector)), (
            f"{selector} is off the screen: {_box(page, selector)}"
        )
    expect(page.locator("#running-modifier")).to_have_text("+0")
    # Nothing wider than the screen, no word split, every button inside it.
    assert page.evaluate(MEASURE) == []

    # A card per token; each of its buttons is a finger's size, and no checkbox is shown
    # beside them (each choice is offered once).
    cards = page.locator("#token-cards .token-card")
    expect(cards).to_have_count(len(TOKENS))
    buttons = page.locator("#token-cards [data-presses]")
    expect(buttons).to_have_count(6 + 7)  # Use on six, Deplete on seven fresh tokens
    for index in range(buttons.count()):
        box = buttons.nth(index).bounding_box()
        assert box is not None
        assert box["height"] >= FINGER, f"button {index} is too low: {box}"
        assert box["width"] >= FINGER, f"button {index} is too narrow: {box}"
    expect(page.locator("#roll-form input[type=checkbox]:visible")).to_have_count(0)
    page.screenshot(path=tmp_path / "table-phone.png")

    # Tapping: the running modifier and the odds follow, the Roll button stays in reach.
    firearms = page.locator('.token-card[data-token="Firearms"]')
    use = firearms.get_by_role("button", name="Use Firearms +2")  # two tokens held: +2
    use.click()
    expect(use).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#running-modifier")).to_have_text("+2")
    use.click()  # pressed again: no longer used
    expect(use).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#running-modifier")).to_have_text("+0")
    use.click()
    expect(page.locator("#running-modifier")).to_have_text("+2")
    deplete = firearms.get_by_role("button", name="Deplete Firearms 1")
    deplete.click()
    expect(deplete).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#odds")).to_contain_text("3 dice, +2")
    assert _on_screen(_box(page, "#roll-bar .btn-roll"))
    page.screenshot(path=tmp_path / "table-phone-chosen.png")

    # The roll is the server's, saved before it is shown, below the cards.
    roll.click()
    expect(page.locator("#latest-roll")).to_be_visible()
    saved = LogEntry.objects.filter(character=jim, kind=LogKind.ROLL).get()
    total = str(saved.total)
    expect(page.locator(".roll-result .roll-total").first).to_have_text(total)
    expect(firearms.locator(".depleted")).to_have_text("1")
    page.reload()
    expect(page.locator(".roll-result .roll-total").first).to_have_text(total)
    page.screenshot(path=tmp_path / "table-phone-rolled.png", full_page=True)


@pytest.mark.any_database
def test_a_refused_token_choice_says_why_under_the_cards(
    live_server: object, phone: BrowserContext, jim: Character, player: User
) -> None:
    """The reason of a refused choice is drawn in the hidden checkboxes' last box: it must
    still show, under the cards the player pressed, not behind the roll bar at the
    screen's foot (three cards put it there on a phone), and nothing is rolled."""
    base = live_server.url  # type: ignore[attr-defined]
    ada = make_played_character(player, "Ada Quill", TOKENS[:3], None)
    log_in_as(phone, base, player)
    page = phone.new_page()
    page.emulate_media(reduced_motion="reduce")  # the reason is scrolled to at once
    page.goto(f"{base}{ada.get_absolute_url()}")
    # A token this sheet does not hold, as a form edited by hand (or a sheet changed
    # meanwhile) would send it.
    page.evaluate(
        """() => { const field = document.createElement("input");
        field.type = "hidden"; field.name = "applicable"; field.value = "Astrogation";
        document.querySelector("#roll-form").append(field); }"""
    )
    page.locator("#roll-form").get_by_role("button", name="Roll", exact=True).click()
    reason = page.locator("#roll-form .invalid-feedback")
    expect(reason).to_be_visible()
    expect(reason).to_have_text("Astrogation is not a token on this sheet.")
    cards, shown = _box(page, "#token-cards"), _box(page, "#roll-form .invalid-feedback")
    assert shown["y"] >= cards["y"] + cards["height"], "the reason is under the cards"
    # On the screen, and not under the roll bar that stays at the bottom of it.
    assert _on_screen(shown), shown
    assert shown["y"] + shown["height"] <= _box(page, "#roll-bar")["y"], "under the roll bar"
    expect(page.locator("#roll-form input[type=checkbox]:visible")).to_have_count(0)
    assert not LogEntry.objects.filter(character=ada, kind=LogKind.ROLL).exists()


def test_a_keyboard_presses_the_same_cards(
    live_server: object, phone: BrowserContext, jim: Character, player: User
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in_as(phone, base, player)
    page = phone.new_page()
    page.goto(f"{base}{jim.get_absolute_url()}")
    dodge = page.get_by_role("group", name="Dodge")
    use = dodge.get_by_role("button", name="Use Dodge +1")
    use.focus()
    page.keyboard.press("Space")
    expect(use).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#running-modifier")).to_have_text("+1")
    page.keyboard.press("Tab")
    deplete = dodge.get_by_role("button", name="Deplete Dodge")
    expect(deplete).to_be_focused()
    page.keyboard.press("Enter")
    expect(deplete).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#odds")).to_contain_text("3 dice, +1")
    page.locator("#roll-form").get_by_role("button", name="Roll", exact=True).press("Enter")
    expect(page.locator("#latest-roll")).to_be_focused()
    expect(page.locator('.token-card[data-token="Dodge"] .depleted')).to_have_text("1")


@pytest.mark.any_database
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_with_cards_pressed(
    live_server: object,
    browser: Browser,
    jim: Character,
    player: User,
    scheme: Literal["light", "dark"],
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    log_in_as(context, base, player)
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"{base}{jim.get_absolute_url()}")
    expect(page.locator("html")).to_have_attribute("data-bs-theme", scheme)
    page.get_by_role("button", name="Use Military +1").click()
    page.get_by_role("button", name="Deplete Exile").click()
    expect(page.locator("#running-modifier")).to_have_text("+2")
    violations = AXE.run(page).response["violations"]
    context.close()
    assert violations == [], [(found["id"], found["nodes"][0]["target"]) for found in violations]
