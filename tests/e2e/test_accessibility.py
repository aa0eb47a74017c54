"""Accessibility: axe-core finds nothing on any page, in the light colour mode and, for
the rules that read colours, in the dark (`PASSES`); focus follows htmx swaps, dice
results are announced, and the keyboard alone builds a character; the last two journeys
run at 390 px and at 1280 px.

axe-core comes bundled in axe-playwright-python; it runs against every page of the
phone world (tests/e2e/phone_world.py: every wizard step, the sheet, print, the rulebook,
desk and content editors, Drifting creation and sheet, both rollers, and the invite,
sign-up and log-in pages as a visitor) at 1280 px and at 390 px, and all its findings are
reported together.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize, expect

from chargen.rulebook.services import rulebook_cache_clear
from tests.e2e.conftest import BOTH_WIDTHS
from tests.e2e.phone_world import World, build_world
from tests.e2e.test_phone_layout import log_in_as

pytestmark = pytest.mark.any_database  # how the pages are drawn: the SQLite run's alone

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}

AXE = Axe()


@pytest.fixture
def world(transactional_db: None, gm: User, player: User) -> World:
    return build_world(gm, player)


def _violations(page: Page, where: str, options: dict[str, Any] | None = None) -> list[str]:
    """axe's findings on the page, one line each: where, rule, impact and the elements."""
    # Colours are measured at rest: with reduced motion Bootstrap runs no transitions,
    # so a button still fading after a swap is not measured half-way (a flaky contrast).
    page.emulate_media(reduced_motion="reduce")
    results: dict[str, Any] = AXE.run(page, options=options or EVERY_RULE).response
    found = []
    for violation in results["violations"]:
        targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
        found.append(
            f"{where}: {violation['id']} ({violation['impact']}) on {len(targets)}: "
            + ", ".join(targets[:6])
        )
    return found


def _audit(
    page: Page, base: str, pages: dict[str, str], label: str, options: dict[str, Any]
) -> list[str]:
    found = []
    for name, url in pages.items():
        response = page.goto(f"{base}{url}")
        assert response is not None, f"{name}: no answer from {url}"
        assert response.ok, f"{name}: {url} answered {response.status}"
        page.wait_for_load_state()
        found += _violations(page, f"{name} at {label}", options)
    return found


# Every rule at both widths, in the light mode: a width shows and hides elements (the
# menu button, the folded navigation), so each is audited where it is drawn. The dark
# mode changes colours alone (Bootstrap's data-bs-theme: the same elements, laid out the
# same but for the navbar's 1 px edge), so its passes run the rules that read colours;
# the other rules would find there what they found in the light mode.
EVERY_RULE: dict[str, Any] = {"resultTypes": ["violations"]}
COLOUR_RULES: dict[str, Any] = {
    "resultTypes": ["violations"],
    "runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]},
}

# Both colour modes at both widths in one test: the pages audited read the world without
# changing it, so one world serves all four passes (it was built once for each mode).
PASSES = [
    (f"{width} px, {scheme}", viewport, scheme, EVERY_RULE if scheme == "light" else COLOUR_RULES)
    for scheme in ("light", "dark")
    for width, viewport in ((1280, DESKTOP), (390, PHONE))
]


def test_axe_finds_nothing_on_any_page_at_either_width_in_either_mode(
    live_server: object, browser: Browser, world: World, gm: User, player: User
) -> None:
    """In both colour modes: the system's setting (prefers-color-scheme) picks the mode;
    every rule in the light mode, the rules that read colours in the dark (`PASSES`)."""
    base = live_server.url  # type: ignore[attr-defined]
    found: list[str] = []
    for label, viewport, scheme, options in PASSES:
        context: BrowserContext = browser.new_context(
            viewport=viewport, color_scheme="dark" if scheme == "dark" else "light"
        )
        context.set_default_timeout(10_000)
        page = context.new_page()
        page.goto(f"{base}/")
        expect(page.locator("html")).to_have_attribute("data-bs-theme", scheme)
        log_in_as(context, base, player)
        found += _audit(page, base, world.player_pages, label, options)
        log_in_as(context, base, gm)
        found += _audit(page, base, world.gm_pages, label, options)
        context.clear_cookies()  # the invite, signing up and logging in: as a visitor
        found += _audit(page, base, world.visitor_pages, label, options)
        context.close()
    assert not found, f"axe found {len(found)} problems:\n" + "\n".join(found)


def _focused(page: Page) -> str:
    """The focused element, described: its tag, id and text (or the field's label)."""
    return str(
        page.evaluate(
            """() => { const e = document.activeElement; if (!e) { return 'nothing'; }
            const label = e.labels && e.labels.length ? e.labels[0].textContent : e.textContent;
            return e.tagName.toLowerCase() + '#' + (e.id || '') + ' ' + label.trim(); }"""
        )
    )


def _announced(page: Page, words: str) -> None:
    expect(page.locator("#announcer")).to_contain_text(words)


@BOTH_WIDTHS
def test_focus_follows_each_swap_and_dice_results_are_announced(
    live_server: object, context: BrowserContext, world: World, player: User
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    log_in_as(context, base, player)
    page = context.new_page()
    found: list[str] = []
    # htmx copying an element's `style` across a swap breaks the CSP (no inline style):
    # after a refused form, the next swap used to log a violation per field.
    console_errors: list[str] = []
    page.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)

    # A Drifting roll: focus on the "Latest roll" heading, the dice said aloud.
    page.goto(f"{base}{world.player_pages['Drifting sheet']}")
    page.wait_for_load_state()
    page.get_by_role("button", name="Use Dodge +1").click()
    expect(page.locator("#running-modifier")).to_have_text("+3")
    page.get_by_role("button", name="Roll", exact=True).click()
    _announced(page, "Latest roll")
    _announced(page, "die showing")
    assert _focused(page).startswith("h2#latest-roll Latest roll"), _focused(page)
    found += _violations(page, "Drifting sheet after a roll")

    # The unique-pool roller: the same, with its own "Latest roll".
    page.goto(f"{base}{world.player_pages['unique-pool roller']}")
    page.wait_for_load_state()
    page.locator("#roll-form").get_by_role("button", name="Roll", exact=True).click()
    _announced(page, "Roll Total")
    assert _focused(page).startswith("h2#latest-heading Latest roll"), _focused(page)
    found += _violations(page, "unique-pool roller after a roll")

    # A tool quality out of range: focus on the field in error.
    page.locator("#roll-form").get_by_label("Tool quality").fill("99")
    # The preview names the field first; clicking only once it has answered keeps its
    # late answer from landing after (and over) the refused roll.
    expect(page.locator("#odds")).to_contain_text("Tool quality")
    page.locator("#roll-form").get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("#roll-form .is-invalid").first).to_be_visible()
    expect(page.locator("#roll-form .is-invalid").first).to_be_focused()
    found += _violations(page, "unique-pool roller after an error")
    page.locator("#roll-form").get_by_label("Tool quality").fill("1")
    expect(page.locator("#odds")).not_to_contain_text("Tool quality")
    # A field left with an empty `style` (as a browser's own script can leave one, through
    # the CSSOM, which the CSP allows) must not make the next swap write inline style.
    page.evaluate(
        "for (const f of document.querySelectorAll('#roll-form [id]'))"
        " { f.style.color = 'red'; f.style.color = ''; }"
    )
    page.locator("#roll-form").get_by_role("button", name="Roll", exact=True).click()
    expect(page.get_by_role("region", name="Latest roll")).to_contain_text("#2")
    assert [e for e in console_errors if "Content Security Policy" in e] == []

    # A wizard step: the method chosen, focus on the roll it offers next; a roll announced
    # and focus on the step's heading (placing it is a choice: no button is focused).
    page.goto(f"{base}{world.player_pages['characteristics step']}")
    page.wait_for_load_state()
    page.get_by_role("button", name=re.compile("^Dice: roll")).click()
    expect(page.locator("#wizard form.roll-form button")).to_be_focused()
    roll_form = page.locator("#wizard form.roll-form")
    roll_form.get_by_label(re.compile("type your own dice")).fill("9 9")
    roll_form.get_by_role("button").click()
    expect(page.locator("#wizard form.roll-form input[name=faces]")).to_be_focused()
    page.locator("#wizard form.roll-form input[name=faces]").fill("")
    page.locator("#wizard form.roll-form button").click()
    _announced(page, "Your roll: die showing")
    expect(page.locator("#wizard [data-swap-heading]")).to_be_focused()
    found += _violations(page, "characteristics step after a roll")

    assert not found, f"axe found {len(found)} problems:\n" + "\n".join(found)


class Keyboard:
    """Only the keyboard: Tab (and Shift+Tab) to an element, then Space, Enter or typing.

    The test reads the page to decide where to go, but acts on it by keys alone, and
    counts them: each Tab, Space, Enter and arrow is one press, each typed character one
    more.
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.keys = 0
        self.typed = 0
        self.swaps: list[str] = []

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keys += 1

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.typed += len(text)

    def tab_to(self, target: Locator, *, most: int = 150) -> None:
        for _ in range(most):
            if target.evaluate("(element) => element === document.activeElement"):
                return
            self.press("Tab")
        raise AssertionError(f"{most} Tabs never reached {target}")

    def send(self, target: Locator, key: str = "Enter") -> None:
        """Press `key` on `target` (a button, a link, a field) and wait for the answer:
        a new page, or an htmx swap after which focus sits on a heading or a field."""
        before = self.page.evaluate(
            "() => [location.href, (document.getElementById('wizard') || document.body).outerHTML]"
        )
        self.tab_to(target)
        self.press(key)
        self.page.wait_for_function(
            """([url, html]) => document.readyState === 'complete'
              && !document.querySelector('.htmx-request')
              && (location.href !== url
                || ((document.getElementById('wizard') || {}).outerHTML !== html
                  && document.activeElement !== document.body))""",
            arg=before,
        )
        if self.page.url == before[0]:
            self.swaps.append(
                self.page.evaluate(
                    "() => (document.activeElement.matches('[data-next-action]')"
                    " ? 'next-roll ' : '')"
                    " + document.activeElement.tagName.toLowerCase() + ' '"
                    " + document.activeElement.textContent.trim().slice(0, 40)"
                )
            )


def _first_shown(page: Page, selector: str) -> Locator | None:
    found = page.locator(f"#wizard {selector}").filter(visible=True)
    return found.first if found.count() else None


@BOTH_WIDTHS
def test_the_keyboard_alone_builds_a_character(
    live_server: object, context: BrowserContext, transactional_db: None, player: User
) -> None:
    call_command("load_rules_data", verbosity=0)
    rulebook_cache_clear()
    base = live_server.url  # type: ignore[attr-defined]
    log_in_as(context, base, player)
    page = context.new_page()
    keys = Keyboard(page)
    page.goto(f"{base}/characters/new/")

    keys.tab_to(page.get_by_label("Name"))
    keys.type("Kit Keyboard")
    keys.press("Enter")
    page.wait_for_url(re.compile(r"/characteristics/$"))

    for _ in range(200):
        if page.url.endswith("/sheet/"):
            break
        wizard = page.locator("#wizard")
        if (choice := _first_shown(page, "#method-point_buy")) is not None:
            keys.send(choice)  # the method's own button
        elif page.locator("#point-buy").count():
            budget = int(page.locator("#point-buy").get_attribute("data-budget") or 0)
            fields = page.locator("#point-buy [data-point]")
            values = [budget // 7 + (1 if index < budget % 7 else 0) for index in range(7)]
            for index, value in enumerate(values):
                keys.tab_to(fields.nth(index))
                keys.type(str(value))
            keys.send(fields.nth(6))
        elif (race := _first_shown(page, "form[action$='/race/choose/'] button")) is not None:
            keys.send(race)
        elif (career := _first_shown(page, "#career-1")) is not None:
            keys.send(career)  # the career's own button
        elif (survival := _first_shown(page, "#faces-survival")) is not None:
            keys.tab_to(survival)
            keys.type("6 6")
            keys.send(survival)
        elif (roll := _first_shown(page, "form.roll-form button")) is not None:
            keys.send(roll)  # the server's dice
        elif (form := _first_shown(page, "form[action$='/skills/choose/']")) is not None:
            specialty = form.locator("input[name='specialty']")
            if specialty.count():
                offered = form.locator("datalist option")
                keys.tab_to(specialty)
                keys.type(
                    offered.first.get_attribute("value") or "" if offered.count() else "Rifles"
                )
            closed = form.locator("select[name='specialty']")
            if closed.count():
                # A closed list (Navigation, Psychic) is a required select: the browser
                # sends nothing until one is chosen. ArrowDown picks the first specialty.
                keys.tab_to(closed)
                keys.press("ArrowDown")
            if form.locator("textarea[name='history_reason']").count():
                keys.tab_to(form.locator("textarea[name='history_reason']"))
                keys.type("Hard training.")
            keys.send(form.locator("button[type=submit]"))
        elif (reroll := _first_shown(page, "form[action$='/skills/reroll/'] button")) is not None:
            keys.send(reroll)
        elif (option := _first_shown(page, "input[name='option']")) is not None:
            keys.tab_to(option)
            keys.press("Space")
            keys.send(wizard.get_by_role("button", name="Choose and lock this option"))
        elif page.locator("#wizard form[action$='/history/']").count():
            history = page.locator("#wizard form[action$='/history/']")
            for field in history.locator("textarea, input[type=text], input[type=number]").all():
                if field.is_visible() and not field.input_value():
                    keys.tab_to(field)
                    keys.type("34" if field.get_attribute("type") == "number" else "Learned it.")
            keys.send(history.get_by_role("button", name="Save and review"))
        elif (finish := _first_shown(page, "form[action$='/finish/'] button")) is not None:
            keys.send(finish)
        elif (onward := _first_shown(page, "a.btn-success")) is not None:
            keys.send(onward)
        else:
            raise AssertionError(f"the keyboard journey is stuck at {page.url}")
    expect(page).to_have_url(re.compile(r"/sheet/$"))
    expect(page.locator(".character-sheet .sheet-name")).to_have_text("Kit Keyboard")

    total = keys.keys + keys.typed
    print(
        f"\nKeyboard alone: {keys.keys} presses of Tab, Space and Enter, {keys.typed} characters"
        f" typed ({total} in all), over {len(keys.swaps)} htmx swaps."
    )
    # A heading, a field, or the next roll where nothing is to be decided (chargen.js).
    lost = [
        where
        for where in keys.swaps
        if not re.match(r"h[1-6]|input|textarea|select|next-roll button", where)
    ]
    assert not lost, f"after these swaps focus was not on a heading, a field or a roll: {lost}"
    # About 1.3 times what it takes: the server's dice vary it (measured 344 to 414 presses
    # over both widths), so 1.3 times the most seen; a change adding many presses fails.
    assert keys.keys < 540, f"{keys.keys} presses: too many to build a character"
