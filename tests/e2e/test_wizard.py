"""The Infinity Drive wizard in a real browser: Treva Donalson from the book with typed
dice, and a character built with server dice that survives a reload mid-roll."""

from __future__ import annotations

import re
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import Locator, Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from chargen.infinity_drive.models import Character, CharacterStatus
from chargen.rulebook.services import rulebook_cache_clear
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    roll_book_characteristics,
    skill,
    survive,
)
from tests.chargen.infinity_drive_finish.build import BOOK_SKILL_ROWS
from tests.conftest import PASSWORD

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}

BOOK_CHARACTERISTICS = (
    ("3 4", "Chz"),
    ("4 4", "Sty"),
    ("4 4", "Grc"),
    ("2 2", "Mtp"),
    ("1 1", "Int"),
    ("2 3", "Mus"),
    ("6 6", "Res"),
)
ACADEMIC = "construction-academic"
ACTION = "construction-action"
PLANETSIDE_ACADEMIC = "citizen-planetside-academic"
PLANETSIDE_ACTION = "citizen-planetside-action"
# The skills step's one-line summary says "rank" (the book's "Drive – 1" reads as a minus).
SKILL_SUMMARY = ", ".join(
    f"{name[:-1]}, rank {rank})" if name.endswith(")") else f"{name} (rank {rank})"
    for name, rank in BOOK_SKILL_ROWS
)


def expect_skill_table(sheet: Locator) -> None:
    rows = sheet.locator(".sheet-skill-table tbody tr")
    expect(rows).to_have_count(len(BOOK_SKILL_ROWS))
    for row, (name, rank) in zip(rows.all(), BOOK_SKILL_ROWS, strict=True):
        expect(row.locator("th")).to_have_text(name)
        expect(row.locator("td")).to_have_text(rank)


def _setup(page: Page, live_server: LiveServer) -> str:
    call_command("load_rules_data", verbosity=0)
    rulebook_cache_clear()
    get_user_model().objects.create_user("bob", "bob@example.org", PASSWORD)
    base = live_server.url
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("bob")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    # Attached, not visible: on a phone it sits in the folded menu.
    expect(page.get_by_text("Signed in as bob")).to_be_attached()
    return base


def _sequence(page: Page) -> int:
    return int(page.locator('#wizard input[name="sequence"]').first.get_attribute("value") or 0)


def _saved(page: Page, sequence: int) -> None:
    """Wait until the wizard shows forms for the step after `sequence`."""
    expect(
        page.locator(f'#wizard input[name="sequence"][value="{sequence + 1}"]').first
    ).to_be_attached()


def _roll(page: Page, name: str, faces: str | None = None) -> None:
    """Type the faces (or leave it to the server) and press the roll button."""
    field = page.locator(f"#faces-{name}")
    if faces is not None:
        field.fill(faces)
    field.locator("xpath=ancestor::form").locator("button[type=submit]").click()


def _choose(page: Page, table: str, specialty: str = "") -> None:
    form: Locator = page.locator(
        f'form[action$="/skills/choose/"]:has(input[name="table"][value="{table}"])'
    )
    if specialty:
        form.locator(f"#spec-{table}").fill(specialty)
    form.locator("button[type=submit]").click()


def _skill(page: Page, faces: str, table: str, specialty: str = "") -> None:
    sequence = _sequence(page)
    _roll(page, "skill", faces)
    _saved(page, sequence)
    _choose(page, table, specialty)
    _saved(page, sequence + 1)


def _survive(page: Page, faces: str, *, last: bool = False) -> None:
    sequence = _sequence(page)
    _roll(page, "survival", faces)
    if not last:
        _saved(page, sequence)


def _screenshot(page: Page, folder: Path, name: str) -> None:
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(folder / f"{name}-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


ACTIONS = (
    "#faces-survival, #faces-skill, #wizard form[action$='/skills/choose/'], "
    "#wizard form[action$='/skills/reroll/'], #wizard form[action$='/skills/outcome/'], "
    "#wizard form[action$='/skills/setback/']"
)


def _after(page: Page, sequence: int) -> None:
    """Wait until the step at `sequence` is saved and the wizard is redrawn."""
    expect(
        page.locator(f'#wizard input[name="sequence"][value="{sequence + 1}"]')
        .or_(page.get_by_text("All skill rolls are done"))
        .first
    ).to_be_attached()


def _skills_with_server_dice(page: Page) -> None:
    """Roll every remaining skill and survival roll with the server's dice, taking the
    first legal table (or the one reroll offered), and a setback if survival fails."""
    wizard = page.locator("#wizard")
    while True:
        ready = page.locator(ACTIONS).or_(page.get_by_text("All skill rolls are done"))
        expect(ready.first).to_be_attached()
        if wizard.get_by_text("All skill rolls are done").count():
            return
        sequence = _sequence(page)
        if page.locator("#faces-survival").count():
            _roll(page, "survival")
        elif page.locator("#faces-skill").count():
            _roll(page, "skill")
        elif wizard.locator("form[action$='/skills/outcome/']").count():
            wizard.get_by_role("button", name="Suffer a setback", exact=False).click()
        elif wizard.locator("form[action$='/skills/setback/']").count():
            form = wizard.locator("form[action$='/skills/setback/']")
            form.locator('input[name="characteristic"]').first.check()
            form.locator("button[type=submit]").click()
        elif wizard.locator("form[action$='/skills/choose/']").count():
            form = wizard.locator("form[action$='/skills/choose/']").first
            if form.locator('select[name="specialty"]').count():
                # A closed list (Navigation, Psychic) is a select of the book's specialties.
                offered = form.locator("select[name='specialty'] option:not([value=''])")
                form.locator('select[name="specialty"]').select_option(
                    offered.first.get_attribute("value") or ""
                )
            elif form.locator('input[name="specialty"]').count():
                # Any specialty will do here (Knowledge, Pilot, Weapon): typed.
                form.locator('input[name="specialty"]').fill("Rifles")
            if form.locator('textarea[name="history_reason"]').count():
                form.locator('textarea[name="history_reason"]').fill("Hard training.")
            form.locator("button[type=submit]").click()
        else:
            wizard.locator("form[action$='/skills/reroll/']").first.locator("button").click()
        _after(page, sequence)


def test_treva_donalson_from_the_book_with_typed_dice(
    page: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    base = _setup(page, live_server)
    page.goto(f"{base}/characters/new/")
    page.get_by_label("Name").fill("Treva Donalson")
    page.get_by_role("button", name="Start").click()

    sequence = _sequence(page)
    page.get_by_role("button", name=re.compile("^Dice")).click()
    _saved(page, sequence)
    for faces, code in BOOK_CHARACTERISTICS:
        sequence = _sequence(page)
        _roll(page, "characteristic", faces)
        _saved(page, sequence)
        if code == "Res":
            break  # the last roll goes into the one characteristic left, with it
        page.locator(f"#place-{code}").click()
        _saved(page, sequence + 1)
    expect(page.locator("#wizard")).to_contain_text("58C2874")
    page.get_by_role("link", name="Continue").click()

    page.locator("#race-name").fill("Darrian")
    page.locator("#race-reason").fill(
        "A home-world rife with metaphysical predators and devoid of micro-organic life."
    )
    page.locator("#adjust-Int").fill("3")
    page.locator("#adjust-Res").fill("-2")
    page.locator("#adjust-Mtp").fill("-1")
    page.get_by_role("button", name="Propose race").click()
    # The race is saved (its undo is offered) before the test leaves the page.
    expect(page.get_by_role("button", name="Undo: race Darrian")).to_be_visible()
    expect(page.locator(".hex-profile").first).to_have_text("58A5873")
    page.goto(f"{base}{page.url.split(base)[1].split('/race')[0]}/career/")

    page.get_by_role("button", name="Citizen", exact=True).click()
    _roll(page, "specialisation", "5")
    expect(page.locator("#wizard")).to_contain_text("Construction")
    page.get_by_role("link", name="Or go to the skills step first").click()
    expect(page.locator("#faces-skill")).to_be_attached()  # the skills page, not the career's

    _skill(page, "1 1", ACADEMIC)  # 1. 2: +1 Mus
    sequence = _sequence(page)
    _roll(page, "skill", "4 5")  # 2. 9: Psychic, prerequisite not met…
    _saved(page, sequence)
    reroll = page.locator(f'form[action$="/skills/reroll/"]:has(input[value="{ACADEMIC}"])')
    reroll.locator(f"#reroll-faces-{ACADEMIC}").fill("1 3")  # …so roll once more: 4
    reroll.locator("button").click()
    _saved(page, sequence + 1)
    _choose(page, ACADEMIC)  # Clerical
    _saved(page, sequence + 2)
    _skill(page, "3 3", ACADEMIC)  # 3. 6: Diplomacy 1
    _skill(page, "4 6", ACADEMIC, specialty="Black Market")  # 4. 10: Knowledge
    _survive(page, "2 3")  # 5 against 3
    _skill(page, "4 4", ACADEMIC)  # 6. 8: Intimidation
    _skill(page, "2 3", PLANETSIDE_ACADEMIC)  # 7. 5: Broker
    _skill(page, "3 3", ACADEMIC)  # 8. 6: Diplomacy 2
    _skill(page, "4 5", PLANETSIDE_ACADEMIC)  # 9. 9: Diplomacy 3
    _survive(page, "4 5")  # 9
    _skill(page, "3 3", ACADEMIC)  # 10. 6: Diplomacy 4
    _skill(page, "5 6", ACADEMIC)  # 11. 11: Local
    _skill(page, "2 2", ACTION)  # 12. 4: Recon 1
    _skill(page, "3 4", ACADEMIC)  # 13. 7: Bribery 1
    _survive(page, "4 4")  # the passing roll the book leaves out
    _skill(page, "3 3", PLANETSIDE_ACTION)  # 14. 6: Drive 1
    _screenshot(page, screenshot_dir, "wizard-skills")
    _survive(page, "3 4", last=True)  # 7
    # The skills were already listed before this roll: wait for the saved survival.
    expect(page.get_by_text("All skill rolls are done")).to_be_visible()
    expect(page.locator("#skill-list")).to_have_text(SKILL_SUMMARY)

    character = Character.objects.get(name="Treva Donalson")
    page.goto(f"{base}/characters/{character.id}/equipment/")
    page.get_by_label("Standard: 20,000 cr").check()
    page.get_by_role("button", name="Choose and lock this option").click()
    expect(page.locator(".credits-left")).to_have_text("20,000")
    page.get_by_label("How many Sidearm").fill("1")
    page.get_by_label("How many Sidearm").locator("xpath=ancestor::form").locator("button").click()
    expect(page.locator(".credits-left")).to_have_text("19,000")
    _screenshot(page, screenshot_dir, "wizard-equipment")
    page.get_by_role("link", name="Continue to history").click()

    page.get_by_label("Age").fill("34")
    page.get_by_label("Appearance").fill("A sharp suit and a sharper smile.")
    page.get_by_label("Skill roll 1: +1 Mus").fill(
        "Moving Infinity Drive engine parts in a badly run warehouse bulked him up."
    )
    page.get_by_role("button", name="Save and review").click()
    # The review step comes in by an htmx swap (no new <head>): its sheet is styled all
    # the same, laid out in its grid rather than as plain full-width tables.
    expect(page.locator(".sheet-top")).to_have_css("display", "grid")
    page.get_by_role("button", name="Finish character").click()
    expect(page).to_have_url(re.compile(r"/sheet/$"))

    sheet = page.locator(".character-sheet")
    expect(sheet.locator(".sheet-profile")).to_have_text("68A5873")
    expect_skill_table(sheet)
    expect(sheet).to_contain_text("Citizen, Construction")
    expect(sheet).to_contain_text("Moving Infinity Drive engine parts")
    expect(sheet.locator(".server-rolls")).to_have_text("0")
    entered = character.log.filter(entered=True).count()
    expect(sheet.locator(".entered-rolls")).to_have_text(str(entered))
    character.refresh_from_db()
    assert character.status == CharacterStatus.FINISHED
    _screenshot(page, screenshot_dir, "sheet")


def test_server_dice_survive_a_reload_then_finish_and_print(
    page: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    base = _setup(page, live_server)
    page.goto(f"{base}/characters/new/")
    page.get_by_label("Name").fill("Vera Lothlan")
    page.get_by_role("button", name="Start").click()

    page.get_by_role("button", name=re.compile("^Point buy")).click()
    for code, value in {
        "Mus": 7,
        "Grc": 7,
        "Res": 7,
        "Int": 8,
        "Sty": 7,
        "Chz": 7,
        "Mtp": 7,
    }.items():
        page.locator(f"#pb-{code}").fill(str(value))
    page.get_by_role("button", name="Save characteristics").click()
    page.get_by_role("link", name="Continue").click()
    page.get_by_role("button", name="Choose race").click()
    expect(page.get_by_text("Race: Base humanoid")).to_be_visible()
    character = Character.objects.get(name="Vera Lothlan")
    page.goto(f"{base}/characters/{character.id}/career/")
    page.get_by_role("button", name="Military", exact=True).click()
    _roll(page, "specialisation")
    page.get_by_role("link", name="Or go to the skills step first").click()
    expect(page.locator("#faces-skill")).to_be_attached()  # the skills page, not the career's

    # Reload between the roll and the choice: the same roll is on the page.
    sequence = _sequence(page)
    _roll(page, "skill")
    _saved(page, sequence)
    shown = page.locator("#wizard h3 .roll").text_content() or ""
    page.reload()
    expect(page.locator("#wizard h3 .roll")).to_have_text(shown)
    saved = character.log.get(sequence=sequence)
    assert not saved.entered
    assert str(saved.total) in shown

    # Take the rest with the server's dice: first legal table, or a reroll, each time.
    _skills_with_server_dice(page)
    page.goto(f"{base}/characters/{character.id}/equipment/")
    page.get_by_label("Standard: 20,000 cr").check()
    page.get_by_role("button", name="Choose and lock this option").click()
    page.get_by_label("How many Medkit").fill("2")
    page.get_by_label("How many Medkit").locator("xpath=ancestor::form").locator("button").click()
    expect(page.locator(".credits-left")).to_have_text("19,000")
    page.get_by_role("link", name="Continue to history").click()
    page.get_by_label("Age").fill("29")
    page.get_by_label("Appearance").fill("Close-cropped hair, company uniform.")
    page.get_by_role("button", name="Save and review").click()
    page.get_by_role("button", name="Finish character").click()
    expect(page).to_have_url(re.compile(r"/sheet/$"))
    expect(page.locator(".character-sheet")).to_be_visible()
    expect(page.locator(".entered-rolls")).to_have_text("0")

    page.get_by_role("link", name="Print view").click()
    expect(page.locator(".print-view .character-sheet")).to_be_visible()
    page.emulate_media(media="print")
    page.screenshot(path=str(screenshot_dir / "wizard-print.png"), full_page=True)
    page.emulate_media(media="screen")
    character.refresh_from_db()
    assert character.status == CharacterStatus.FINISHED


def test_death_on_a_phone_asks_first_then_says_how_the_character_died(
    page: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    """htmx asks with a confirm dialog (declining changes nothing); the dead character's
    page names the roll and offers to start a new character."""
    base = _setup(page, live_server)
    character = Character.objects.create(owner=get_user_model().objects.get(), name="Doomed")
    roll_book_characteristics(character)
    darrian(character)
    citizen_construction(character)
    for faces in ("1 1", "1 3", "3 3", "2 2"):
        skill(character, faces, ACADEMIC)
    survive(character, "1 2")

    page.set_viewport_size(PHONE)
    page.goto(f"{base}/characters/{character.id}/skills/")
    death_form = page.locator("#death-form")
    # With htmx the dialog asks, so the no-JavaScript box is gone.
    expect(death_form.get_by_label("Yes, my character dies")).to_have_count(0)
    dies = death_form.get_by_role("button", name="The character dies")
    setback = page.get_by_role("button", name="Suffer a setback", exact=False)
    expect(setback).to_be_visible()
    # Measured in one go, in page coordinates: the page may still be scrolling an
    # error or a heading into view, which moves what the viewport measures.
    gap = page.evaluate(
        """() => {
            const top = (el) => el.getBoundingClientRect().top + window.scrollY;
            const setback = [...document.querySelectorAll("button")]
                .find((b) => b.textContent.includes("Suffer a setback"));
            const dies = document.querySelector("#death-form button[type=submit]");
            return top(dies) - (top(setback) + setback.getBoundingClientRect().height);
        }"""
    )
    assert gap >= 40  # not a slip away

    page.once("dialog", lambda dialog: dialog.dismiss())
    dies.click()
    expect(dies).to_be_visible()
    character.refresh_from_db()
    assert character.status == CharacterStatus.DRAFT

    page.once("dialog", lambda dialog: dialog.accept())
    dies.click()
    expect(page.locator("#character-died")).to_contain_text("did not beat 3")
    expect(page.get_by_role("link", name="Start a new character")).to_be_visible()
    expect(page.locator("#quota")).to_have_count(0)
    page.screenshot(path=str(screenshot_dir / "wizard-dead-phone.png"), full_page=True)
    character.refresh_from_db()
    assert character.status == CharacterStatus.DEAD
