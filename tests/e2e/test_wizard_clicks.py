"""How many clicks a dice-method Infinity Drive character takes, through the real UI.

A player logs in, presses "Create a character", picks Infinity Drive and builds a whole
character with the server's dice: every click and every typed field is counted, step
by step, and the whole must stay within CLICK_BUDGET. The player decides as a player
would (the first slot for each characteristic roll, the base race, Citizen, the first
legal table, the first specialty the book lists, the standard equipment and one item),
so every decision the book gives is still taken by a click here: only clicks that
decided nothing may go.

The server's dice stay the server's (`SecureDice`, the real write path); only the
operating system's source behind them is replaced by a seeded stream, so the journey,
and so its count, is the same on every run.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

import rules.dice
from chargen.infinity_drive.models import Character, CharacterStatus
from chargen.rulebook.services import rulebook_cache_clear
from tests.conftest import PASSWORD

CLICK_BUDGET = 60
# A seed whose character is an ordinary one: 13 skill rolls, as the book's Treva makes.
DICE_SEED = 7

SKILL_ACTIONS = (
    "#wizard form.roll-form, "
    "#wizard form[action$='/skills/choose/'], #wizard form[action$='/skills/reroll/'], "
    "#wizard form[action$='/skills/outcome/'], #wizard form[action$='/skills/setback/']"
)


class Player:
    """Clicks and types as a player does, and counts each, by the step it was on."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.step = "start"
        self.clicks: Counter[str] = Counter()
        self.typed: Counter[str] = Counter()

    def click(self, target: Locator) -> None:
        _still(self.page)
        target.click()
        self.clicks[self.step] += 1

    def check(self, target: Locator) -> None:
        target.check()
        self.clicks[self.step] += 1

    def type_into(self, target: Locator, text: str) -> None:
        target.fill(text)
        self.typed[self.step] += 1

    def report(self) -> str:
        return ", ".join(f"{step} {count}" for step, count in self.clicks.items()) + (
            f"; typed fields: {sum(self.typed.values())}"
        )


STILL = """() => new Promise((resolve) => {
    let last = null, same = 0;
    const look = () => {
        const now = window.scrollY;
        same = now === last ? same + 1 : 0;
        last = now;
        if (same >= 3) { resolve(true); } else { requestAnimationFrame(look); }
    };
    requestAnimationFrame(look);
})"""


def _still(page: Page) -> None:
    """Wait for the page to stop scrolling (a swap moves focus, and the view with it),
    as a player's eye waits before the hand clicks."""
    page.evaluate(STILL)


def _pictures(page: Page, folder: Path, name: str) -> None:
    """The step as it is now at both widths, light and dark (looked at when changed)."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for width, height in ((1280, 900), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=str(folder / f"clicks-{name}-{width}-{scheme}.png"))
    page.emulate_media(color_scheme="light")
    page.set_viewport_size({"width": 1280, "height": 900})


def _sequence(page: Page) -> int:
    # The undo form carries the sequence of the row it takes back, not the next one.
    value = page.locator(
        '#wizard form:not([action$="/undo/"]) input[name="sequence"]'
    ).first.get_attribute("value")
    return int(value or 0)


def _next_form(page: Page, sequence: int) -> None:
    """Wait for the wizard to be drawn again after the row at `sequence` was written."""
    expect(
        page.locator(
            f'#wizard form:not([action$="/undo/"]) input[name="sequence"][value="{sequence + 1}"]'
        )
        .or_(page.get_by_text("All skill rolls are done"))
        .first
    ).to_be_attached()


def _characteristics(player: Player, folder: Path) -> None:
    page = player.page
    player.step = "characteristics"
    wizard = page.locator("#wizard")
    roll = wizard.locator("form[action$='/characteristics/roll/']")
    place = wizard.locator("form[action$='/characteristics/place/']")
    profile = wizard.get_by_role("link", name="Continue", exact=True)
    while not profile.count():
        expect(roll.or_(place).or_(profile).first).to_be_attached()
        if roll.count():
            player.click(roll.locator("button[type=submit]"))
            expect(place.or_(profile).first).to_be_attached()
            if not (folder / "clicks-place-1280-light.png").exists():
                _pictures(page, folder, "place")
        elif place.count():
            radios = place.locator('input[type="radio"]')
            if radios.count():
                player.check(radios.first)
                player.click(place.get_by_role("button", name="Place"))
            else:
                # Each free slot is a button of its own: one click places the roll.
                player.click(place.locator("button[type=submit]").first)
            expect(roll.or_(profile).first).to_be_attached()


def _take_first_legal_table(player: Player, form: Locator) -> None:
    specialty = form.locator('[name="specialty"]')
    if specialty.count():
        if specialty.evaluate("element => element.tagName") == "SELECT":
            options = specialty.locator("option:not([value=''])")
            specialty.select_option(options.first.get_attribute("value") or "")
            player.clicks[player.step] += 2  # open the list, pick one
        elif form.locator('input[type="radio"][name="specialty"]').count():
            player.check(form.locator('input[type="radio"][name="specialty"]').first)
        else:
            player.type_into(specialty, "Rifles")
    player.click(form.locator("button[type=submit]"))


def _skills(player: Player, folder: Path) -> None:
    page = player.page
    player.step = "skills"
    wizard = page.locator("#wizard")
    while True:
        ready = page.locator(SKILL_ACTIONS).or_(page.get_by_text("All skill rolls are done"))
        expect(ready.first).to_be_attached()
        if wizard.get_by_text("All skill rolls are done").count():
            break
        sequence = _sequence(page)
        choose = wizard.locator(
            "form[action$='/skills/choose/']:not(:has(textarea[name='history_reason']))"
        )
        if wizard.locator("form.roll-form").count():
            player.click(wizard.locator("form.roll-form button[type=submit]").first)
        elif wizard.locator("form[action$='/skills/outcome/']").count():
            player.click(wizard.get_by_role("button", name="Suffer a setback", exact=False))
        elif wizard.locator("form[action$='/skills/setback/']").count():
            form = wizard.locator("form[action$='/skills/setback/']")
            player.click(form.locator("button[type=submit]").first)
        elif choose.count():
            if (
                choose.first.locator('[name="specialty"]').count()
                and not (folder / "clicks-specialty-1280-light.png").exists()
            ):
                _pictures(page, folder, "specialty")
            _take_first_legal_table(player, choose.first)
        elif wizard.locator("form[action$='/skills/reroll/']").count():
            player.click(wizard.locator("form[action$='/skills/reroll/'] button").first)
        else:
            player.click(wizard.locator("form[action$='/skills/choose/'] button").first)
        _next_form(page, sequence)
    player.click(page.get_by_role("link", name="Continue to equipment"))


def _equipment_history_finish(player: Player) -> None:
    page = player.page
    player.step = "equipment"
    standard = page.get_by_label("Standard", exact=False)
    if not standard.is_checked():
        player.check(standard)
    player.click(page.get_by_role("button", name="Choose and lock this option"))
    medkit = page.get_by_label("How many Medkit")
    player.type_into(medkit, "1")
    player.click(medkit.locator("xpath=ancestor::form").locator("button"))
    expect(page.locator(".credits-left")).to_have_text("19,500")
    player.click(page.get_by_role("link", name="Continue to history"))

    player.step = "history and finish"
    player.type_into(page.get_by_label("Age"), "31")
    player.type_into(page.get_by_label("Appearance"), "Grey overalls, a welder's squint.")
    player.click(page.get_by_role("button", name="Save and review"))
    player.click(page.get_by_role("button", name="Finish character"))
    expect(page).to_have_url(re.compile(r"/sheet/$"))


@pytest.mark.any_database  # the clicks the pages ask for; test_wizard.py builds on both
def test_a_dice_method_character_takes_at_most_sixty_clicks(
    page: Page, live_server: LiveServer, monkeypatch: pytest.MonkeyPatch, screenshot_dir: Path
) -> None:
    monkeypatch.setattr(rules.dice, "secrets", SimpleNamespace(randbelow=_seeded_randbelow()))
    # The dice tumble in unless asked not to; still buttons are clicked once, not chased.
    page.emulate_media(reduced_motion="reduce")
    call_command("load_rules_data", verbosity=0)
    rulebook_cache_clear()
    get_user_model().objects.create_user("bob", "bob@example.org", PASSWORD)
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("bob")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Signed in as bob")).to_be_attached()

    player = Player(page)
    # A new player's dashboard names each game with a link to its start.
    player.click(page.locator(".game-list").get_by_role("link", name="Infinity Drive"))
    player.type_into(page.get_by_label("Name"), "Odo Varrick")
    player.click(page.get_by_role("button", name="Start"))

    player.step = "method"
    method_sequence = _sequence(page)
    # Each method is a button of its own: one click is the choice.
    player.click(page.get_by_role("button", name=re.compile("^Dice")))
    _next_form(page, method_sequence)
    _pictures(page, screenshot_dir, "method-chosen")
    _characteristics(player, screenshot_dir)
    player.click(page.locator("#wizard").get_by_role("link", name="Continue"))

    player.step = "race"
    player.click(page.get_by_role("button", name="Choose race"))
    # The race step shows the learner type the profile gives, and goes on to the career.
    expect(page.locator("#wizard")).to_contain_text("Learner type")
    _pictures(page, screenshot_dir, "race-chosen")
    player.click(page.locator("#wizard").get_by_role("link", name="Continue to career"))

    player.step = "career"
    # Each career is a button of its own. The click waits for the career page to be
    # drawn; asking whether the button is there yet would race the navigation.
    player.click(page.get_by_role("button", name="Citizen", exact=True))
    player.click(page.get_by_role("button", name="Roll 1d6"))
    expect(page.get_by_role("button", name="Roll 2d6 for your first skill")).to_be_visible()
    _pictures(page, screenshot_dir, "first-skill-roll")
    # The first skill roll is offered beside the specialisation just rolled.
    player.step = "skills"
    player.click(page.get_by_role("button", name="Roll 2d6 for your first skill"))
    expect(page).to_have_url(re.compile(r"/skills/$"))  # answered by the skills step

    _skills(player, screenshot_dir)
    _equipment_history_finish(player)

    character = Character.objects.get(name="Odo Varrick")
    assert character.status == CharacterStatus.FINISHED
    assert not character.log.filter(entered=True).exists()  # every die the server's
    total = sum(player.clicks.values())
    print(f"\n{total} clicks: {player.report()}")
    assert total <= CLICK_BUDGET, f"{total} clicks: {player.report()}"


def _seeded_randbelow() -> object:
    stream = random.Random(DICE_SEED)
    return stream.randrange
