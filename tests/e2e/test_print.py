"""The printed sheet in a real Chromium, measured in the PDF it prints: Treva Donalson with
the book's history fits one A4 or Letter page, a long history fits two, and the party
prints one sheet per page."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_create
from chargen.core import roll_keys
from chargen.infinity_drive import services
from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.gm.services import character_approve, race_approve
from chargen.infinity_drive.models import Character, CharacterStatus
from chargen.rulebook.services import rulebook_cache_clear
from tests.chargen.infinity_drive_finish.build import (
    buy,
    equip_standard,
    save_history,
    treva_through_skills,
)
from tests.e2e.test_wizard import expect_skill_table

pytestmark = pytest.mark.any_database  # how the pages are drawn: the SQLite run's alone

PAPERS = ("A4", "Letter")
# The screenshots are as wide as A4 paper at the browser's 96 dots per inch.
A4_VIEWPORT: ViewportSize = {"width": 794, "height": 1123}

# Treva's history as the book writes it, one note per history item in the sheet's order:
# the specialisation, thirteen skill rolls and four survival rolls. The book gives no
# words for the third survival roll (it leaves the roll out), so the sheet lists it not and
# counts it among the rolls with no note (never printing the prompt, which is only a hint).
BOOK_HISTORY = (
    "Treva was always a bit of a loose cannon and was after a quick buck. He heard that there "
    "was always a quick credit or two to be made in backhanded deals in the starship industry "
    "and signed up as a Warehouse Admin as soon as he was able to.",
    "Treva found himself in a warehouse that was poorly managed and found that he was often "
    "called on to move engine parts for the Infinity Drives causing him to bulk up.",
    "Treva spends a good deal of time learning the systems in place for the stock and "
    "transfer, looking to find a weak point so he can skim some off the top in the future.",
    "Treva spends a lot of time with the boss of the warehouse, a human known as Geldon Task, "
    "to get them on side and win their trust.",
    "Treva monitors a lot of the traffic going through the warehouse and through his clerical "
    'abilities identifies some of the regular ways items are "lost" to the black market.',
    "Treva is in no danger over this first period of time.",
    "Treva approaches the people in the warehouse with the connections to the Black Market he "
    "identified and lets them know he is aware of their dealings. The group starts to do "
    "things on the side for Treva to maintain his silence.",
    "Treva manages to get one of the people that are dealing in illegal goods to hook him up "
    "with Con Velos, an underworld figure. He negotiates a lucrative deal to brazenly lose an "
    "entire Infinity Drive power core in the near future.",
    "Treva realises that he has a lot riding on the promises he has made and begins to "
    "schmooze the transport company as they are key to his plan. He makes a contact in that "
    "business with Sarah Stubbs and takes her out for dinner on several occasions.",
    "Con Velos begins to put pressure on Treva to increase his offerings and so Treva "
    "approaches the crime syndicate of the Locus, a group of computer bandits. He meets one "
    "known as Hekyl and gets her to make it look like Con had been skimming profits away from "
    "the local Synth Chip dealers. Within days Con's body is found in a dumpster at the space "
    "port.",
    "Treva is shaping up nicely: good contacts and a great history.",
    "Treva has been promoted after successfully linking the loss of an Infinity Drive Power "
    "Core to the recent murder of a Black Market member. The Planetary Security commander "
    "that was investigating it, Rick Stym, becomes a great friend with Treva and Treva "
    "manages to get some great information from him.",
    "Treva has received an invitation from a local elite club to become a member showing that "
    "he has begun to be one of the movers and shakers around the town.",
    "Treva begins to notice a lot of irregularities in his workers at the warehouse and "
    "uncovers an undercover sting operation in time to hide away the evidence of his criminal "
    "activities they were hoping to catch.",
    "Treva is being scrutinised heavily by the company as he has been pushing his advantage "
    "on the black market hard. He manages to get the main investigator's schedule and "
    '"accidentally" be playing space Golf at the same time as her Vera Lothlan. He offers her '
    "a substantial bribe successfully and the investigation goes away.",
    "",
    "Treva buys himself a sports model grav vehicle using the money that he has been making "
    "from his illicit dealings.",
    "Treva keeps his head down while the money rolls in.",
)
LONG_NOTE_LENGTH = 400
AGE = "34"
APPEARANCE = "Tall, sharp-eyed, expensive suit; a Darrian's long fingers and a gambler's smile."
PURCHASES = {"Sidearm": 1, "Comms unit": 1, "Hand computer": 1, "Travel clothing and pack": 2}

MM_PER_POINT = 25.4 / 72
PAPER_HEIGHT_MM = {"A4": 297.0, "Letter": 279.4}

# Chromium writes one `/Type /Page` dictionary per printed page (and one `/Type /Pages`
# for the tree that holds them, which the lookahead leaves out), the tree's `/Kids` in
# page order, and with `outline=True` one bookmark per heading: its text and the page
# and height (points from the bottom) where it starts.
PAGE_OBJECT = re.compile(rb"/Type\s*/Page(?![A-Za-z])")
PAGE_TREE = re.compile(rb"/Type\s*/Pages\s*/Count\s*\d+\s*/Kids\s*\[(?P<kids>[^\]]*)\]")
BOOKMARK = re.compile(
    rb"/Title\s*\((?P<title>(?:[^()\\]|\\.)*)\)\s*"
    rb"/Dest\s*\[(?P<page>\d+)\s+0\s+R\s*/XYZ\s+[-\d.]+\s+(?P<top>[-\d.]+)"
)


def printed_pages(pdf: bytes) -> int:
    return len(PAGE_OBJECT.findall(pdf))


def printed_heading(pdf: bytes, paper: str, text: str) -> tuple[int, float]:
    """Where the heading `text` starts: its page (from 1) and its distance in mm from the
    top of the paper. Needs a PDF printed with `outline=True, tagged=True`."""
    tree = PAGE_TREE.search(pdf)
    assert tree is not None, "no page tree in the PDF"
    page_objects = [int(number) for number in re.findall(rb"(\d+)\s+0\s+R", tree["kids"])]
    for bookmark in BOOKMARK.finditer(pdf):
        # Chromium may write a heading's text twice when the heading follows a page break.
        if bookmark["title"].decode("latin-1").startswith(text):
            from_top = PAPER_HEIGHT_MM[paper] - float(bookmark["top"]) * MM_PER_POINT
            return page_objects.index(int(bookmark["page"])) + 1, from_top
    raise AssertionError(f"no heading {text!r} in the PDF's outline")


def print_pdf(page: Page, paper: str, save_as: Path | None = None) -> bytes:
    pdf = page.pdf(format=paper, outline=True, tagged=True)
    if save_as is not None:
        save_as.with_name(f"{save_as.stem}-{paper}.pdf").write_bytes(pdf)
    return pdf


def long_history() -> tuple[str, ...]:
    """Every note of the book's history lengthened to about 400 characters."""
    retelling = (
        " Years later Treva still tells it differently to each listener, and every version "
        "owes somebody a favour he has not yet repaid."
    )
    lengthened = []
    for note in BOOK_HISTORY:
        text = note or "Nobody asks where Treva was that season."
        while len(text) < LONG_NOTE_LENGTH:
            text += retelling
        lengthened.append(textwrap.shorten(text, width=LONG_NOTE_LENGTH, placeholder="…"))
    return tuple(lengthened)


@pytest.fixture(autouse=True)
def rules_data(transactional_db: None) -> None:
    call_command("load_rules_data", verbosity=0)
    rulebook_cache_clear()


def finished_treva(
    owner: User,
    *,
    name: str = "Treva Donalson",
    history: tuple[str, ...] = BOOK_HISTORY,
    campaign: Campaign | None = None,
) -> Character:
    """Treva from the book's dice, equipped, with a note for each history item, finished.

    In a campaign the GM approves the race and then the character, so the sheet is in
    the party print.
    """
    # Started as a player starts one: her name and concept are the log's first row.
    character = services.character_start(owner=owner, campaign=campaign, name=name, concept="")
    treva_through_skills(character)
    character.refresh_from_db()
    if campaign is not None and character.race is not None:
        race_approve(race=character.race, by=campaign.gm)
    equip_standard(character)
    catalogue = {item.name: item for item in finish.finish_load(character).content.equipment}
    for item_name, quantity in PURCHASES.items():
        buy(character, catalogue[item_name].pk, quantity)
    items = finish.finish_load(character).history
    notes = {item.entry.sequence: note for item, note in zip(items, history, strict=True)}
    save_history(character, notes=notes, age=AGE, appearance=APPEARANCE)
    character = finish.character_finish(character=character)
    if campaign is not None:
        character_approve(character=character, by=campaign.gm)
        character.refresh_from_db()
        assert character.status == CharacterStatus.APPROVED
    return character


def log_in(context: BrowserContext, base_url: str, user: User) -> None:
    """Hand the browser a session Django's test client opened (no login form to drive)."""
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": base_url}])


def open_for_print(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator(".print-view .character-sheet").first).to_be_visible()
    page.emulate_media(media="print")


def pages_on_each_paper(page: Page, save_as: Path | None = None) -> dict[str, int]:
    return {paper: printed_pages(print_pdf(page, paper, save_as)) for paper in PAPERS}


def test_pdf_reader_counts_pages_and_finds_where_headings_start(page: Page) -> None:
    page.set_content(
        "<h2>Rick Stym</h2><p>one</p>"
        "<h2 style='break-before: page'>Treva Donalson</h2><p style='break-after: page'>two</p>"
        "<p>three</p>"
    )
    for paper in PAPERS:
        pdf = print_pdf(page, paper)
        assert printed_pages(pdf) == 3
        starts = [printed_heading(pdf, paper, name) for name in ("Rick Stym", "Treva Donalson")]
        assert [page_number for page_number, _ in starts] == [1, 2]
        assert all(0 < from_top < 15 for _, from_top in starts)


def test_treva_prints_every_element_of_the_sheet_on_one_page(
    page: Page,
    context: BrowserContext,
    live_server: LiveServer,
    player: User,
    tmp_path: Path,
    screenshot_dir: Path,
) -> None:
    treva = finished_treva(player)
    loaded = finish.finish_load(treva)
    log_in(context, live_server.url, player)
    open_for_print(page, f"{live_server.url}/characters/{treva.id}/print/")

    sheet = page.locator(".character-sheet")
    expect(sheet.locator(".sheet-name")).to_have_text("Treva Donalson")
    expect(sheet.locator(".sheet-meta")).to_contain_text("Darrian")
    expect(sheet.locator(".sheet-meta")).to_contain_text("Citizen, Construction")
    expect(sheet.locator(".sheet-profile")).to_have_text("68A5873")
    rows = sheet.locator(".sheet-characteristics tbody tr")
    lines = finish.characteristic_lines(loaded)
    expect(rows).to_have_count(len(lines))
    for row, line in zip(rows.all(), lines, strict=True):
        expect(row).to_contain_text(f"({line.code})")
        expect(row.locator("td").nth(0)).to_have_text(line.hex)
        expect(row.locator("td").nth(1)).to_have_text(line.modifier_text)
    expect_skill_table(sheet)
    expect(sheet.locator(".sheet-equipment-option")).to_contain_text("Standard")
    expect(sheet.locator(".sheet-credits")).to_have_text(f"{loaded.credits:,}")
    for item_name, quantity in PURCHASES.items():
        expect(sheet.locator(".sheet-equipment")).to_contain_text(f"{quantity} × {item_name}")
    # Only the rolls with a note are listed; the one the book leaves unwritten is counted.
    written = [
        (item, note) for item, note in zip(loaded.history, BOOK_HISTORY, strict=True) if note
    ]
    history = sheet.locator(".sheet-history-list > li")
    expect(history).to_have_count(len(written))
    expect(sheet.locator(".sheet-history-unwritten")).to_have_text(
        f"{len(BOOK_HISTORY) - len(written)} more roll has no history note yet."
    )
    for entry_line, (item, note) in zip(history.all(), written, strict=True):
        expect(entry_line).to_contain_text(item.title)
        dice = entry_line.locator(".sheet-dice")
        expect(dice).to_have_count(len(item.dice_entries))
        for label, entry in zip(dice.all(), item.dice_entries, strict=True):
            expect(label).to_have_text(f"{entry.dice}: {entry.total} entered")
        expect(entry_line).to_contain_text(note)
    expect(sheet.locator(".sheet-age")).to_have_text(AGE)
    expect(sheet.locator(".sheet-appearance")).to_have_text(APPEARANCE)
    counts = finish.roll_counts(loaded.entries, roll_keys.known_public_keys())
    expect(sheet.locator(".server-rolls")).to_have_text(str(counts["server_rolls"]))
    expect(sheet.locator(".entered-rolls")).to_have_text(str(counts["entered_rolls"]))
    assert counts["entered_rolls"] > 0

    # Paper gets the sheet alone, black on white: no navigation, links or buttons.
    expect(page.get_by_role("navigation")).to_be_hidden()
    expect(page.get_by_role("button")).to_have_count(0)
    expect(page.get_by_role("link", name="Back to the sheet")).to_be_hidden()
    assert page.evaluate("getComputedStyle(document.body).color") == "rgb(0, 0, 0)"

    assert pages_on_each_paper(page, tmp_path / "print.pdf") == {"A4": 1, "Letter": 1}
    page.set_viewport_size(A4_VIEWPORT)
    page.screenshot(path=str(screenshot_dir / "print.png"), full_page=True)


def test_long_history_prints_on_two_pages_at_most(
    page: Page, context: BrowserContext, live_server: LiveServer, player: User, tmp_path: Path
) -> None:
    history = long_history()
    assert all(LONG_NOTE_LENGTH - 40 <= len(note) <= LONG_NOTE_LENGTH for note in history)
    treva = finished_treva(player, history=history)
    log_in(context, live_server.url, player)
    open_for_print(page, f"{live_server.url}/characters/{treva.id}/print/")
    expect(page.locator(".sheet-history-list > li").last).to_contain_text(history[-1])

    counts = pages_on_each_paper(page, tmp_path / "print-long.pdf")
    assert all(1 <= pages <= 2 for pages in counts.values()), counts


@pytest.mark.parametrize(
    ("rick_history", "first_pages", "page_count"),
    [(BOOK_HISTORY, [1, 2, 3], 3), (long_history(), [1, 3, 4], 4)],
    ids=["three-short-sheets", "long-sheet-first"],
)
def test_party_prints_each_approved_sheet_on_its_own_page(
    page: Page,
    screenshot_dir: Path,
    context: BrowserContext,
    live_server: LiveServer,
    gm: User,
    player: User,
    other_player: User,
    tmp_path: Path,
    rick_history: tuple[str, ...],
    first_pages: list[int],
    page_count: int,
) -> None:
    """Three sheets on three pages; when Rick's long history takes two pages, Treva's
    sheet still starts at the top of a page of its own: four pages."""
    campaign = campaign_create(gm=gm, name="The Long Jump", approval_required=True)
    for member in (player, other_player):
        Membership.objects.create(campaign=campaign, user=member)
    finished_treva(player, campaign=campaign)
    finished_treva(player, name="Rick Stym", history=rick_history, campaign=campaign)
    finished_treva(other_player, name="Vera Lothlan", campaign=campaign)
    # A draft in the same campaign is not part of the party print.
    Character.objects.create(owner=other_player, campaign=campaign, name="Unfinished")
    log_in(context, live_server.url, gm)
    open_for_print(page, f"{live_server.url}/desk/{campaign.id}/party/print/")

    # In the desk's order: by player, then by name.
    names = ["Rick Stym", "Treva Donalson", "Vera Lothlan"]
    expect(page.locator(".print-view .sheet .sheet-name")).to_have_text(names)
    expect(page.get_by_role("heading", name=re.compile("every approved sheet"))).to_be_hidden()

    for paper in PAPERS:
        pdf = print_pdf(page, paper, tmp_path / "print-party.pdf")
        assert printed_pages(pdf) == page_count, paper
        starts = [printed_heading(pdf, paper, name) for name in names]
        assert [page_number for page_number, _ in starts] == first_pages, (paper, starts)
        # At the top of its page: within the first two centimetres of the paper.
        assert all(from_top < 20 for _, from_top in starts), (paper, starts)
    if rick_history is BOOK_HISTORY:
        page.set_viewport_size(A4_VIEWPORT)
        page.screenshot(path=str(screenshot_dir / "print-party.png"), full_page=True)
