"""One click from the sheet downloads its PDF; the paper size chosen once is kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from chargen.rulebook.services import rulebook_cache_clear
from tests.chargen.pdf.pdftext import PAGE_SIZES_PT, page_size, pdf_pages
from tests.e2e.test_print import finished_treva, log_in


@pytest.fixture(autouse=True)
def rules_data(transactional_db: None) -> None:
    call_command("load_rules_data", verbosity=0)
    rulebook_cache_clear()


def download_pdf(page: Page, tmp_path: Path, name: str) -> bytes:
    with page.expect_download() as download_info:
        page.get_by_role("link", name="PDF", exact=True).click()
    download = download_info.value
    assert download.suggested_filename == "Treva-Donalson.pdf"
    saved = tmp_path / name
    download.save_as(saved)
    return saved.read_bytes()


def test_the_sheets_pdf_button_and_the_paper_setting(
    page: Page, context: BrowserContext, live_server: LiveServer, player: User, tmp_path: Path
) -> None:
    treva = finished_treva(player)
    log_in(context, live_server.url, player)
    page.goto(f"{live_server.url}/characters/{treva.id}/sheet/")

    pdf = download_pdf(page, tmp_path, "first.pdf")
    pages = pdf_pages(pdf)
    assert len(pages) == 1
    assert "Treva Donalson" in pages[0]
    assert "68A5873" in pages[0]

    # The paper: Letter, chosen once, for every PDF after.
    page.get_by_role("link", name="Paper size").click()
    page.get_by_label("Letter").check()
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".messages")).to_contain_text("PDF sheets now print on Letter")
    expect(page).to_have_url(f"{live_server.url}/characters/{treva.id}/sheet/")
    assert page_size(download_pdf(page, tmp_path, "letter.pdf")) == PAGE_SIZES_PT["Letter"]
