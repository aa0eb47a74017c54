"""The dice rollers in a real browser: Leanne's tornado to a crisis, then a mage's roll."""

from __future__ import annotations

import re
from pathlib import Path

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from chargen.rollers.models import ManaRollEntry, UniqueRollEntry
from tests.conftest import PASSWORD


def _screenshot(page: Page, folder: Path, name: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(folder / f"{name}-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def test_unique_pool_to_a_crisis_then_roll_and_keep(
    page: Page, live_server: LiveServer, transactional_db: None, screenshot_dir: Path
) -> None:
    get_user_model().objects.create_user("bob", "bob@example.org", PASSWORD)
    base = live_server.url
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("bob")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Signed in as bob")).to_be_visible()

    # Build Leanne: Precision 3 and the special attribute 'delivery driver'.
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Dice rollers").click()
    page.locator("#unique-new").get_by_label("Character name").fill("Leanne")
    page.get_by_role("button", name="New unique-dice pool sheet").click()
    expect(page.get_by_role("heading", name="Edit Leanne")).to_be_visible()
    # htmx's redirect loads a new page, and htmx sets its forms up only once it has loaded:
    # saved before that, the form posts without htmx (a plain redirect to the sheet).
    page.wait_for_load_state()
    # The blank new rows ask for nothing yet: no required marks, nothing to delete.
    blank = page.locator(".formset-row[data-blank-row]")
    assert blank.locator(".asteriskField").count() > 0  # drawn, and hidden by chargen.css
    for mark in blank.locator(".asteriskField").all():
        expect(mark).to_be_hidden()
    expect(blank.get_by_label("Delete")).to_have_count(0)
    page.locator("#id_attributes-1-score").fill("3")
    page.locator("#id_specials-0-name").fill("delivery driver")
    page.get_by_role("button", name="Save the sheet").click()
    # Saving goes back to the sheet, which says so; htmx sends the odds preview's
    # changes only once the sheet has loaded.
    page.wait_for_url(re.compile(r"/rollers/unique/[^/]+/$"))
    page.wait_for_load_state()
    expect(page.get_by_role("status").first).to_contain_text("sheet.")

    # The pool and its odds, before rolling.
    roll_form = page.locator("#roll-form")
    roll_form.get_by_label("Universal attribute").select_option(label="Precision 3")
    roll_form.get_by_label("Tool quality").fill("1")
    roll_form.get_by_label("delivery driver").check()
    roll_form.get_by_label("Number the GM names").fill("12")
    odds = page.locator("#odds")
    expect(odds).to_contain_text("= 5 → 5 dice.")
    expect(odds.locator("#needed-chance")).to_contain_text("%")
    expect(odds.locator("#distribution li")).to_have_count(20)

    # Leanne's own dice, typed in: 2 4 4 4 5 → 11, two 4s discarded.
    roll_form.get_by_label("I rolled physical dice").check()
    roll_form.get_by_label("Dice I rolled").fill("2 4 4 4 5")
    roll_form.get_by_role("button", name="Roll", exact=True).click()
    latest = page.locator("#latest-roll")
    expect(latest.locator(".roll-total")).to_have_text("11")
    expect(latest.locator(".die.dropped")).to_have_count(2)
    expect(latest).to_contain_text("not reached")
    expect(page.locator("#push-chance")).to_have_text("50.0%")

    push_form = page.locator("#push-form")
    push_form.get_by_label("I rolled physical dice").check()
    push_form.get_by_label("The die I pushed").fill("1")
    page.get_by_role("button", name="Push your luck").click()
    expect(page.locator("#current-total")).to_have_text("12")

    push_form.get_by_label("I rolled physical dice").check()
    push_form.get_by_label("The die I pushed").fill("5")
    page.get_by_role("button", name="Push your luck").click()
    crisis = page.locator("#crisis-form")
    expect(crisis).to_be_visible()
    expect(page.locator("#push-form")).to_have_count(0)
    crisis.get_by_label("Physical").check()
    crisis.get_by_label("What is the crisis?").fill(
        "A badly broken leg; a limp for the rest of her life."
    )
    page.get_by_role("button", name="Record the crisis").click()
    expect(page.locator('[data-kind="physical"]')).to_have_attribute(
        "aria-label", "1 of 3 physical crisis boxes crossed"
    )
    expect(page.locator("#crises")).to_contain_text("A badly broken leg")

    # A reload shows the same rolls; nothing is rolled again.
    page.reload()
    expect(page.locator("#log li")).to_have_count(3)
    expect(page.locator("#latest-roll .roll-total")).to_have_text("11")
    assert UniqueRollEntry.objects.count() == 3
    _screenshot(page, screenshot_dir, "rollers")

    # A roll-and-keep mage: 3 black and 2 blue mana, Cunning 3.
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Dice rollers").click()
    page.locator("#mana-new").get_by_label("Character name").fill("The mage")
    page.get_by_role("button", name="New roll-and-keep sheet").click()
    expect(page.get_by_role("heading", name="Edit The mage")).to_be_visible()
    page.wait_for_load_state()  # htmx is set up on load (see Leanne's editor above)
    page.locator("#id_colours-1-amount").fill("2")  # blue
    page.locator("#id_colours-2-amount").fill("3")  # black
    page.locator("#id_attributes-4-score").fill("3")  # Cunning
    page.get_by_role("button", name="Save the sheet").click()
    # Saving goes back to the sheet, which says so; htmx sends the odds preview's
    # changes only once the sheet has loaded.
    page.wait_for_url(re.compile(r"/rollers/mana/[^/]+/$"))
    page.wait_for_load_state()
    expect(page.get_by_role("status").first).to_contain_text("sheet.")

    roll_form = page.locator("#roll-form")
    roll_form.get_by_role("combobox", name="Attribute").select_option(label="Cunning 3")
    roll_form.get_by_role("combobox", name="Difficulty").select_option(label="Challenging (7)")
    odds = page.locator("#odds")
    expect(odds).to_contain_text("Roll 3 (ten-sided dice: Cunning 3), keep all of them")
    expect(odds).to_contain_text("Against Challenging (7)")
    expect(odds.locator("#botch-chance")).to_contain_text("%")
    roll_form.get_by_role("button", name="Roll", exact=True).click()

    latest = page.locator("#latest-roll")
    expect(latest).to_be_visible()
    saved = ManaRollEntry.objects.get()
    expect(latest.locator(".successes")).to_have_text(str(saved.successes))
    expect(latest.locator(".degree")).to_have_text(saved.details["degree"])
    expect(latest.locator(".die")).to_have_count(3)
    page.reload()
    expect(page.locator("#log li")).to_have_count(1)
    _screenshot(page, screenshot_dir, "rollers-mana")
