"""A GM writes a career in a real browser: copies a book career, renames it, sees a hole
in a table reported at that table, mends it, reads the odds and publishes; the page
never scrolls sideways, at 390 and 1280 px, light and dark."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from chargen.campaigns.services import campaign_create
from chargen.rulebook.management.commands.load_rules_data import fixture_load_missing
from chargen.rulebook.models import HomebrewCareerVersion
from chargen.rulebook.services import rulebook_cache_clear
from tests.conftest import PASSWORD


def _log_in(page: Page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).not_to_have_url(re.compile(r"/accounts/login/"))


@pytest.mark.django_db(transaction=True)
def test_a_gm_writes_and_publishes_a_career(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    fixture_load_missing(path=Path(settings.BASE_DIR) / "fixtures" / "infinity_drive.json")
    rulebook_cache_clear()
    base = live_server.url  # type: ignore[attr-defined]
    gm = get_user_model().objects.create_user("alice", "alice@example.org", PASSWORD)
    campaign = campaign_create(gm=gm, name="The Rim")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    _log_in(page, base)
    page.goto(f"{base}/desk/{campaign.id}/careers/")
    page.get_by_role("button", name="Copy Citizen").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Citizen (copy)")

    page.locator("#id_name").fill("Spacer")
    planetside = page.locator("#id_table_0")
    rows = planetside.input_value().splitlines()
    planetside.fill("\n".join(row for row in rows if not row.startswith("7:")))
    page.get_by_role("button", name="Save the draft").click()
    expect(page.locator("#div_id_table_0")).to_contain_text("No row for a roll of 7")
    expect(page.get_by_role("button", name="Publish")).to_be_disabled()

    page.locator("#id_table_0").fill("\n".join(rows))
    page.get_by_role("button", name="Save the draft").click()
    expect(page.locator("[data-survival]")).to_contain_text("survival: roll above")
    expect(page.locator("[data-odds]")).to_contain_text("Spacer Planetside Action Table")
    for width in (390, 1280):
        for scheme in ("light", "dark"):
            page.set_viewport_size({"width": width, "height": 900})
            page.emulate_media(color_scheme=scheme)
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            # Publish is on the first screen, phone or desktop, not below the whole form.
            page.evaluate("window.scrollTo(0, 0)")
            expect(page.get_by_role("button", name="Publish")).to_be_in_viewport()
            page.screenshot(
                path=str(screenshot_dir / f"career-{width}-{scheme}.png"), full_page=True
            )
    page.set_viewport_size({"width": 1280, "height": 900})
    page.get_by_role("button", name="Publish").click()
    expect(page.get_by_role("alert").or_(page.locator(".alert-success"))).to_contain_text(
        "Published Spacer as version 1"
    )
    assert HomebrewCareerVersion.objects.get().number == 1
    context.close()
