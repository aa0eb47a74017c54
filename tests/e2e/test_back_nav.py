"""Back means back, in a real browser: every step the player visits is
one history entry, whatever was rolled or placed on it, and Back shows the step before as
saved, never rolling again."""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import Page, expect

from chargen.infinity_drive.models import Character, CreationLogEntry
from chargen.rollers.models import UniqueCharacter
from chargen.rulebook.services import rulebook_cache_clear
from tests.conftest import PASSWORD
from tests.e2e.conftest import BOTH_WIDTHS

BOOK_CHARACTERISTICS = (
    ("3 4", "Chz"),
    ("4 4", "Sty"),
    ("4 4", "Grc"),
    ("2 2", "Mtp"),
    ("1 1", "Int"),
    ("2 3", "Mus"),
    ("6 6", "Res"),
)


def _log_in(page: Page, base: str) -> None:
    call_command("load_rules_data", verbosity=0)
    rulebook_cache_clear()
    get_user_model().objects.create_user("bob", "bob@example.org", PASSWORD)
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("bob")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    # Attached, not visible: on a phone it sits in the folded menu.
    expect(page.get_by_text("Signed in as bob")).to_be_attached()


def _step_heading(page: Page, title: str) -> None:
    expect(page.locator("#wizard h2")).to_have_text(re.compile(rf"^\d\. {re.escape(title)}$"))


def _start(page: Page, name: str) -> None:
    """Start a character named `name` from the new-character page the browser is on."""
    page.get_by_label("Name").fill(name)
    page.get_by_role("button", name="Start").click()
    _step_heading(page, "Characteristics")


def _saved(page: Page, sequence: int) -> None:
    expect(
        page.locator(f'#wizard input[name="sequence"][value="{sequence + 1}"]').first
    ).to_be_attached()


def _sequence(page: Page) -> int:
    value = page.locator('#wizard input[name="sequence"]').first.get_attribute("value")
    return int(value or "0")


def _dice_characteristics(page: Page) -> None:
    """Dice method, then each characteristic rolled and placed: 15 actions on one step."""
    sequence = _sequence(page)
    page.get_by_role("button", name=re.compile("^Dice")).click()
    _saved(page, sequence)
    for faces, code in BOOK_CHARACTERISTICS:
        sequence = _sequence(page)
        page.locator("#faces-characteristic").fill(faces)
        page.locator("#faces-characteristic").locator("xpath=ancestor::form").locator(
            "button[type=submit]"
        ).click()
        _saved(page, sequence)
        if code == "Res":
            break  # the last roll goes into the one characteristic left, with it
        page.locator(f"#place-{code}").click()
        _saved(page, sequence + 1)
    expect(page.locator("#wizard")).to_contain_text("58C2874")


@BOTH_WIDTHS
def test_back_shows_each_step_before_once_and_never_rolls_again(
    page: Page, live_server: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    _log_in(page, base)
    page.goto(f"{base}/characters/new/")
    _start(page, "Treva Donalson")
    character = Character.objects.get(name="Treva Donalson")

    # Steps visited from here on: concept, characteristics, race, learner, career.
    visited = ["Concept"]
    page.get_by_role("link", name="1. Concept").click()
    _step_heading(page, "Concept")
    page.get_by_label("Concept").fill("Construction worker")
    page.get_by_role("button", name="Save and continue").click()  # htmx: a new step
    visited.append("Characteristics")
    _step_heading(page, "Characteristics")
    expect(page).to_have_url(re.compile(r"/characteristics/$"))
    _dice_characteristics(page)
    expect(page).to_have_url(re.compile(r"/characteristics/$"))

    page.get_by_role("link", name="Continue").click()
    visited.append("Race")
    _step_heading(page, "Race")
    page.get_by_role("button", name="Choose race").click()  # htmx, within the step
    page.get_by_role("link", name="4. Learner type").click()
    visited.append("Learner type")
    _step_heading(page, "Learner type")
    page.get_by_role("link", name="Continue").click()
    visited.append("Career")
    _step_heading(page, "Career")
    page.get_by_role("button", name="Citizen", exact=True).click()
    page.get_by_role("button", name="Roll 1d6").click()  # the server's dice
    expect(page.locator("#wizard")).to_contain_text("specialisation")
    expect(page.get_by_role("button", name="Roll 1d6")).to_have_count(0)
    expect(page).to_have_url(re.compile(r"/career/$"))

    def log() -> list[tuple[int, str, object]]:
        rows = CreationLogEntry.objects.filter(character=character).order_by("sequence")
        return [(row.sequence, row.kind, row.dice) for row in rows]

    saved = log()
    rolls = [row for row in saved if row[1] == "specialisation_roll"]
    assert len(rolls) == 1

    presses = 0
    for title in reversed(visited[:-1]):
        page.go_back()
        presses += 1
        _step_heading(page, title)
        assert log() == saved, f"Back to {title} changed the log"
    assert presses == len(visited) - 1
    expect(page.locator("#wizard h2")).to_have_text("1. Concept")

    # Forward again to the career: the one roll, unchanged, and no roll button.
    page.evaluate(f"history.go({presses})")
    _step_heading(page, "Career")
    expect(page.get_by_role("button", name="Roll 1d6")).to_have_count(0)
    assert log() == saved


def test_back_to_the_start_form_and_start_again_opens_the_character_made(
    page: Page, live_server: object
) -> None:
    """The start page is drawn afresh on Back (it is never stored) with a new one-time
    key, while the browser puts back what was typed: the key the form was sent with comes
    back too, so Start again finds the character the first press made."""
    base = live_server.url  # type: ignore[attr-defined]
    _log_in(page, base)
    page.goto(f"{base}/characters/new/")
    _start(page, "Vela Okonkwo")
    first = Character.objects.get(name="Vela Okonkwo")

    page.go_back()
    expect(page).to_have_url(re.compile(r"/characters/new/$"))
    _start(page, "Vela Okonkwo")

    assert list(Character.objects.filter(owner=first.owner)) == [first]
    expect(page).to_have_url(re.compile(rf"/characters/{first.pk}/characteristics/$"))

    # A visit to the start page that is not Back is a new form: a second character.
    page.goto(f"{base}/characters/new/")
    _start(page, "Vela Okonkwo")
    assert Character.objects.filter(owner=first.owner).count() == 2


def test_back_to_the_rollers_list_and_create_again_opens_the_sheet_made(
    page: Page, live_server: object
) -> None:
    """The same across Back on a page with two start forms, whose keys are prefixed."""
    base = live_server.url  # type: ignore[attr-defined]
    _log_in(page, base)
    page.goto(f"{base}/rollers/")
    page.locator("#unique-new").get_by_label("Character name").fill("Leanne")
    page.get_by_role("button", name="New unique-dice pool sheet").click()
    expect(page.get_by_role("heading", name="Edit Leanne")).to_be_visible()
    first = UniqueCharacter.objects.get(name="Leanne")

    page.go_back()
    expect(page).to_have_url(re.compile(r"/rollers/$"))
    page.locator("#unique-new").get_by_label("Character name").fill("Leanne")
    page.get_by_role("button", name="New unique-dice pool sheet").click()
    expect(page.get_by_role("heading", name="Edit Leanne")).to_be_visible()

    assert list(UniqueCharacter.objects.filter(owner=first.owner)) == [first]
