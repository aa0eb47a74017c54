"""The PDF sheets of all four game systems, read back with pdftotext: the name, the
profile and every skill are in the text, and the pages are as many as promised."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.core.line_breaks import break_long_runs
from chargen.core.models import PaperSetting
from chargen.drifting.models import Character as Drifter
from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.models import Character
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from tests.chargen.infinity_drive_finish.build import BOOK_SKILL_ROWS
from tests.chargen.pdf.pdftext import PAGE_SIZES_PT, page_size, pdf_pages, pdf_text, word_boxes
from tests.e2e.test_print import BOOK_HISTORY, finished_treva, long_history


def get_pdf(client: Client, url: str, language: str = "en-GB") -> bytes:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    # Kept by the browser and revalidated (ETag) where a PDF names one, else never kept.
    cache = response["Cache-Control"]
    assert cache == "no-store" or ("private" in cache and "no-cache" in cache and response["ETag"])
    assert response["Content-Disposition"].startswith("attachment; filename=")
    assert response.content.startswith(b"%PDF-")
    return response.content


def words(text: str) -> str:
    """Whitespace as single spaces: a phrase wrapped onto two lines still reads as one."""
    return re.sub(r"\s+", " ", text)


def test_the_infinity_drive_sheet_fits_one_page_on_a4_and_letter(
    player_client: Client, treva: Character
) -> None:
    loaded = finish.finish_load(treva)
    for language, paper in (("en-GB", "A4"), ("en-US", "Letter")):
        pdf = get_pdf(player_client, reverse("characters:pdf", args=[treva.id]), language)
        assert page_size(pdf) == PAGE_SIZES_PT[paper]
        assert len(pdf_pages(pdf)) == 1, paper
        text = pdf_text(pdf)
        assert "Treva Donalson" in text
        assert "68A5873" in text  # the profile
        # Skill | Rank tables: never the book's "Bribery – 1", which reads as a minus.
        assert "Rank" in text
        assert "Bribery – 1" not in text
        for name, _ in BOOK_SKILL_ROWS:
            assert name.split()[0] in text, name  # a narrow column wraps the rest
        # Every written history item, numbered past 9 without losing a digit.
        for number, item in enumerate(loaded.history_written, start=1):
            assert f"{number}. {item.title}" in text, (number, item.title)
        assert len(loaded.history_written) >= 10


def test_history_numbers_of_10_and_more_are_not_clipped(
    player_client: Client, treva: Character
) -> None:
    """The history's two columns: each number sits inside its own column, none pushed
    past the column's left edge into the gap (or off the paper)."""
    mm = 72 / 25.4
    for language, paper in (("en-GB", "A4"), ("en-US", "Letter")):
        pdf = get_pdf(player_client, reverse("characters:pdf", args=[treva.id]), language)
        width = PAGE_SIZES_PT[paper][0]
        left = 12 * mm  # the page margin (sheet-print.css)
        second_column = left + (width - 2 * left + 6 * mm) / 2  # past the 6 mm gap
        numbers = {
            int(text[:-1]): start
            for text, start, _ in word_boxes(pdf)
            if re.fullmatch(r"\d{1,2}\.", text)
        }
        assert set(numbers) >= set(range(1, 18)), numbers  # 17 of Treva's 18 are written
        for number, start in numbers.items():
            edge = left if start < second_column - 20 else second_column
            assert start >= edge - 0.5, (paper, number, start, edge)
        assert any(start >= second_column - 0.5 for start in numbers.values())


def test_the_sheet_is_a_play_aid(player_client: Client, treva: Character) -> None:
    text = pdf_text(get_pdf(player_client, reverse("characters:pdf", args=[treva.id])))
    # The Darrian's adjustments, beside the race.
    assert "Darrian (-2 Res, +3 Int, -1 Mtp)" in text
    # The skill check and characteristic test reference (rules text 003).
    assert "target 9" in text
    for dice in ("Easy 3d6", "Normal 2d6", "Difficult 2d4", "Near Impossible 1d6", "1d4"):
        assert dice in text, dice
    for dice in ("Easy 1d6", "Difficult 3d6", "Near Impossible 4d6", "6d6"):
        assert dice in text, dice
    for grade in (
        "Extreme Failure -7 or less",
        "Bad Failure -6 to -4",
        "Failure -3 to -1",
        "Good Success +3 to +5",
        "Ultimate Success +6 or more",
    ):
        assert grade in text, grade
    for box in ("CREDITS", "WOUNDS", "NOTES"):
        assert box in text, box


def test_a_long_history_flows_onto_a_second_page(player: User, player_client: Client) -> None:
    history = long_history()
    treva = finished_treva(player, history=history)
    for language in ("en-GB", "en-US"):
        pages = pdf_pages(
            get_pdf(player_client, reverse("characters:pdf", args=[treva.id]), language)
        )
        assert len(pages) == 2, language
        assert "Treva Donalson" in pages[0]
        assert words(history[-1][:60]) in pages[1]


def test_the_party_pdf_puts_each_approved_character_on_its_own_pages(
    gm_client: Client,
    party: Campaign,
    player: User,
    other_player: User,
) -> None:
    finished_treva(player, name="Rick Stym", history=long_history(), campaign=party)
    finished_treva(player, campaign=party)
    finished_treva(other_player, name="Vera Lothlan", campaign=party)
    Character.objects.create(owner=other_player, campaign=party, name="Unfinished Draft")
    for language in ("en-GB", "en-US"):
        pages = pdf_pages(get_pdf(gm_client, reverse("desk:party_pdf", args=[party.id]), language))
        # Rick's long history takes two pages; each of the others starts a page of its own.
        assert len(pages) == 4, language
        assert pages[0].startswith("Rick Stym")
        # The second page is the rest of Rick's history: no sheet starts on it.
        assert "PROFILE" in pages[0]
        assert "PROFILE" not in pages[1]
        assert pages[2].startswith("Treva Donalson")
        assert pages[3].startswith("Vera Lothlan")
        assert not any("Unfinished Draft" in page for page in pages)


def test_a_drifting_sheet(player_client: Client, jim: Drifter) -> None:
    pdf = get_pdf(player_client, reverse("drifting:pdf", args=[jim.id]))
    pages = pdf_pages(pdf)
    assert len(pages) == 1
    assert "Jim" in pages[0]
    assert jim.concept in pages[0]  # the profile: the character's concept
    for token in ("Military", "Firearms", "Dodge"):
        assert token in pages[0], token


def test_a_drifting_character_still_in_the_wizard_has_no_pdf(
    player_client: Client, jim: Drifter
) -> None:
    jim.step = "concept"
    jim.save()
    response = player_client.get(reverse("drifting:pdf", args=[jim.id]))
    assert response.status_code == 404


def test_a_unique_pool_sheet(player_client: Client, leanne: UniqueCharacter) -> None:
    pages = pdf_pages(get_pdf(player_client, reverse("rollers:unique_pdf", args=[leanne.id])))
    assert len(pages) == 1
    assert "Leanne" in pages[0]
    assert "Unique-dice pool" in pages[0]
    for attribute in leanne.attributes.all():
        assert f"{attribute.name} {attribute.score}" in pages[0], attribute.name
    assert "delivery driver" in pages[0]


def test_a_roll_and_keep_sheet(player_client: Client, mage: ManaCharacter) -> None:
    pages = pdf_pages(get_pdf(player_client, reverse("rollers:mana_pdf", args=[mage.id])))
    assert len(pages) == 1
    assert "The mage" in pages[0]
    assert "Roll and keep" in pages[0]
    for attribute in mage.attributes.all():
        assert f"{attribute.name} {attribute.score}" in pages[0], attribute.name
    for speciality in ("Deceit (Cunning)", "Artifice (Intelligence)"):
        assert speciality in pages[0]
    assert "black 3" in pages[0]


@pytest.mark.parametrize(
    ("language", "paper"),
    [
        ("en-US,en;q=0.9", "Letter"),
        ("es-MX", "Letter"),
        ("en-CA", "Letter"),
        ("en-GB,en;q=0.8", "A4"),
        ("de-DE", "A4"),
        ("", "A4"),
    ],
)
def test_the_paper_follows_the_browsers_language(
    player_client: Client, leanne: UniqueCharacter, language: str, paper: str
) -> None:
    pdf = get_pdf(player_client, reverse("rollers:unique_pdf", args=[leanne.id]), language)
    assert page_size(pdf) == PAGE_SIZES_PT[paper]


def test_the_paper_setting_is_kept_and_wins_over_the_language(
    player: User, player_client: Client, leanne: UniqueCharacter
) -> None:
    sheet_url = reverse("rollers:unique", args=[leanne.id])
    page = player_client.get(reverse("paper"), {"next": sheet_url}, HTTP_ACCEPT_LANGUAGE="en-US")
    assert page.status_code == 200
    checked = re.findall(rb"<input[^>]*checked[^>]*>", page.content)
    assert len(checked) == 1
    assert b'value="Letter"' in checked[0]
    response = player_client.post(reverse("paper"), {"paper": "A4", "next": sheet_url})
    assert response.status_code == 302
    assert response["Location"] == sheet_url
    assert PaperSetting.objects.get(user=player).paper == "A4"
    pdf = get_pdf(player_client, reverse("rollers:unique_pdf", args=[leanne.id]), "en-US")
    assert page_size(pdf) == PAGE_SIZES_PT["A4"]


def test_a_bad_paper_is_refused_at_the_field(player: User, player_client: Client) -> None:
    response = player_client.post(reverse("paper"), {"paper": "A3"})
    assert response.status_code == 400
    assert b"Select a valid choice" in response.content
    assert not PaperSetting.objects.filter(user=player).exists()
    # An address elsewhere is not followed after saving.
    response = player_client.post(
        reverse("paper"), {"paper": "A4", "next": "https://evil.example/"}
    )
    assert response["Location"] == reverse("paper")


def test_the_file_name_comes_safely_from_the_name(player: User, player_client: Client) -> None:
    from chargen.rollers import services

    character = services.unique_character_create(owner=player, name='Zoë "../../x"; a\r\nb')
    response = player_client.get(reverse("rollers:unique_pdf", args=[character.id]))
    assert response["Content-Disposition"] == 'attachment; filename="Zoe-x-a-b.pdf"'


def test_a_history_note_of_one_long_word_prints_whole(player_client: Client, player: User) -> None:
    # A 4,000-character "word" once took WeasyPrint many seconds to break into lines; the
    # sheet now offers a break every few characters (chargen.core.line_breaks).
    note = "Long" + "x" * 3996
    character = finished_treva(player, history=(note, *BOOK_HISTORY[1:]))
    pdf = get_pdf(player_client, reverse("characters:pdf", args=[character.pk]))
    text = pdf_text(pdf)
    # Every character of the note is there, in order, wrapped over lines and columns.
    assert note in re.sub(r"[\s\u200b]", "", text)
    # The print view (the same sheet markup) carries the break opportunities.
    page = player_client.get(reverse("characters:print", args=[character.pk])).content.decode()
    assert break_long_runs(note) in page
    assert note not in page
