"""Every kind of page working under the Content-Security-Policy, in a real browser.

One journey (browser time is dear): Infinity Drive wizard steps swapped in by htmx, with
the page scripts that now live in static/js/chargen.js; a unique-dice pool and a
roll-and-keep roll with their htmx odds previews; a Drifting sheet roll; and the Django
admin's own scripts. The browser reports each policy violation as a
`securitypolicyviolation` event (and an error in the console): there must be none.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import ConsoleMessage, Page, expect
from pytest_django.live_server_helper import LiveServer

from chargen.infinity_drive.models import Character
from chargen.rulebook.services import rulebook_cache_clear
from rules import drifting as rules
from tests.chargen.drifting.conftest import make_played_character
from tests.conftest import PASSWORD

# Runs in every page before its own scripts (Playwright's init scripts are not subject
# to the page's policy) and hands each violation to the test through the binding.
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  window.reportViolation(
    `${event.violatedDirective} blocked ${event.blockedURI || "inline"} ` +
    `at ${event.sourceFile}:${event.lineNumber} (${event.sample})`
  );
});
"""


def _watch(page: Page) -> tuple[list[str], list[str]]:
    violations: list[str] = []
    errors: list[str] = []
    page.expose_binding("reportViolation", lambda _source, text: violations.append(text))
    page.add_init_script(REPORT_VIOLATIONS)

    def console(message: ConsoleMessage) -> None:
        # The admin's pages link no icon: the browser's /favicon.ico leads to ours, no 404.
        if message.type == "error":
            errors.append(f"{message.text} ({message.location['url']})")

    page.on("console", console)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return violations, errors


def _log_in(page: Page, base: str, username: str) -> None:
    page.context.clear_cookies()
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text(f"Signed in as {username}")).to_be_visible()


def _wizard_steps(page: Page, base: str) -> None:
    page.goto(f"{base}/characters/new/")
    page.get_by_label("Name").fill("Vera Lothlan")
    page.get_by_role("button", name="Start").click()
    page.get_by_role("button", name=re.compile("^Point buy")).click()  # htmx swap
    # The points-left counter (chargen.js) set itself up on the swapped-in form.
    points_left = page.locator("#points-left")
    for code, value in {"Mus": 7, "Grc": 7, "Res": 7, "Int": 8, "Sty": 7, "Chz": 7}.items():
        page.locator(f"#pb-{code}").fill(str(value))
    page.locator("#pb-Mtp").fill("9")
    expect(points_left).to_have_text("-2")
    page.locator("#pb-Mtp").fill("7")
    expect(points_left).to_have_text("0")
    page.get_by_role("button", name="Save characteristics").click()
    page.get_by_role("link", name="Continue").click()

    # The race check (chargen.js) reads the book's limits from the form.
    page.locator("#adjust-Int").fill("3")
    expect(page.locator("#race-check")).to_have_text(
        "Added 3, taken off 0. Check: added and taken off must match."
    )
    page.get_by_role("button", name="Choose race").click()
    expect(page.get_by_text("Race: Base humanoid")).to_be_visible()

    character = Character.objects.get(name="Vera Lothlan")
    page.goto(f"{base}/characters/{character.id}/career/")
    page.get_by_role("button", name="Military", exact=True).click()
    page.locator("#faces-specialisation").locator("xpath=ancestor::form").locator(
        "button[type=submit]"
    ).click()
    expect(page.get_by_role("button", name="Roll 2d6 for your first skill")).to_be_visible()
    # Its name and concept (the start), method, points, race, career, specialisation.
    assert character.log.count() == 6


def _rollers(page: Page) -> None:
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Dice rollers").click()
    page.locator("#unique-new").get_by_label("Character name").fill("Leanne")
    page.get_by_role("button", name="New unique-dice pool sheet").click()
    expect(page.get_by_role("heading", name="Edit Leanne")).to_be_visible()
    page.wait_for_load_state()  # htmx sets the form up once the page has loaded
    page.locator("#id_attributes-1-score").fill("3")
    page.get_by_role("button", name="Save the sheet").click()
    # Saving goes back to the sheet, which says so; htmx sends the odds preview's
    # changes only once the sheet has loaded.
    page.wait_for_url(re.compile(r"/rollers/unique/[^/]+/$"))
    page.wait_for_load_state()
    expect(page.get_by_role("status").first).to_contain_text("sheet.")
    roll_form = page.locator("#roll-form")
    roll_form.get_by_label("Universal attribute").select_option(label="Precision 3")
    expect(page.locator("#odds")).to_contain_text("3 dice")  # htmx's odds preview
    roll_form.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("#latest-roll .die")).to_have_count(3)

    page.get_by_role("navigation", name="Main").get_by_role("link", name="Dice rollers").click()
    page.locator("#mana-new").get_by_label("Character name").fill("The mage")
    page.get_by_role("button", name="New roll-and-keep sheet").click()
    expect(page.get_by_role("heading", name="Edit The mage")).to_be_visible()
    page.wait_for_load_state()
    page.locator("#id_attributes-4-score").fill("3")  # Cunning
    page.get_by_role("button", name="Save the sheet").click()
    # Saving goes back to the sheet, which says so; htmx sends the odds preview's
    # changes only once the sheet has loaded.
    page.wait_for_url(re.compile(r"/rollers/mana/[^/]+/$"))
    page.wait_for_load_state()
    expect(page.get_by_role("status").first).to_contain_text("sheet.")
    roll_form = page.locator("#roll-form")
    roll_form.get_by_role("combobox", name="Attribute").select_option(label="Cunning 3")
    expect(page.locator("#odds")).to_contain_text("Roll 3 (ten-sided dice: Cunning 3)")
    roll_form.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("#latest-roll .die")).to_have_count(3)


def _drifting_roll(page: Page, base: str, owner_name: str) -> None:
    owner = get_user_model().objects.get(username=owner_name)
    jim = make_played_character(
        owner, "Jim", [rules.TokenState("Firearms", rules.TokenKind.FOCUS, held=2)], None
    )
    page.goto(f"{base}{jim.get_absolute_url()}")
    use = page.get_by_role("button", name="Use Firearms +2")  # a token card's button
    use.click()
    expect(use).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#odds")).to_contain_text("2 dice, +2")  # htmx's odds preview
    page.get_by_role("button", name="Roll", exact=True).click()
    result = page.locator(".roll-result")
    expect(result.locator(".die")).to_have_count(2)
    expect(page.locator("#log")).to_contain_text("Firearms")


def _admin(page: Page, base: str) -> None:
    get_user_model().objects.create_superuser("root", "root@example.org", PASSWORD)
    page.context.clear_cookies()
    page.goto(f"{base}/admin/")
    page.get_by_label("Username").fill("root")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{base}/admin/rulebook/skill/")
    # The admin's actions.js ticks every row from the header box.
    page.locator("#action-toggle").check()
    expect(page.locator("input.action-select").first).to_be_checked()
    page.locator("#result_list tbody a").first.click()
    expect(page.get_by_role("heading", name="Change skill")).to_be_visible()


@pytest.mark.any_database  # what the browser allows the pages: the same on any database
def test_the_app_works_under_its_content_security_policy(
    page: Page, live_server: LiveServer, transactional_db: None
) -> None:
    violations, errors = _watch(page)
    call_command("load_rules_data", verbosity=0)
    rulebook_cache_clear()
    get_user_model().objects.create_user("bob", "bob@example.org", PASSWORD)
    base = live_server.url

    _log_in(page, base, "bob")
    policy = page.request.get(f"{base}/").headers["content-security-policy"]
    assert "'nonce-" in policy
    assert "unsafe" not in policy

    _wizard_steps(page, base)
    _rollers(page)
    _drifting_roll(page, base, "bob")
    _admin(page, base)

    assert violations == []
    assert errors == [], "\n".join(errors)
