"""The GM's content editor in a real browser: Edit turns a row into
its form where it is, Save swaps it back with the default beside it, Up moves a row; a
background table's row likewise, and a homebrew career's (refused at its field, then
saved); all under the strict Content-Security-Policy, with no page load in between."""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import Page, expect

from chargen.campaigns.services import campaign_create
from chargen.content.models import BackgroundRow, BackgroundTable, EquipmentItem
from chargen.content.services import content_copy_defaults
from chargen.rulebook.homebrew import homebrew_career_create
from chargen.rulebook.models import HomebrewCareer
from chargen.rulebook.services import rulebook_cache_clear
from rules.infinity_drive.homebrew_careers import career_from_json
from tests.conftest import PASSWORD


def _log_in(page: Page, base: str) -> list[str]:
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).not_to_have_url(re.compile(r"/accounts/login/"))
    return errors


def test_a_row_is_edited_in_place_and_moved_up(page: Page, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    gm = get_user_model().objects.create_user("alice", "alice@example.org", PASSWORD)
    campaign = campaign_create(gm=gm, name="The Rim")
    EquipmentItem.objects.create(name="Vacc suit", price=5000, category="survival")
    EquipmentItem.objects.create(name="Med kit", price=300, category="medical")
    content_copy_defaults(campaign=campaign, by=gm)
    errors = _log_in(page, base)
    page.goto(f"{base}/desk/{campaign.id}/content/equipment/")
    url = page.url
    expect(page.locator("#content-rows tr")).to_have_count(2)
    first = page.locator("#content-rows tr").first.get_attribute("data-row")

    vacc = page.locator('tr[data-row="Vacc suit"]')
    vacc.get_by_role("link", name="Edit Vacc suit").click()
    form = page.locator('tr[data-row="Vacc suit"][data-editing]')
    expect(form).to_be_visible()
    form.get_by_label("Price").fill("4000")
    form.get_by_role("button", name="Save").click()
    row = page.locator('tr[data-row="Vacc suit"]:not([data-editing])')
    expect(row).to_contain_text("4000")
    expect(row.locator("[data-default]")).to_have_text("Price: 5000")
    assert page.url == url
    assert EquipmentItem.objects.get(campaign=campaign, name="Vacc suit").price == 4000

    second = "Med kit" if first == "Vacc suit" else "Vacc suit"
    page.locator(f'tr[data-row="{second}"]').get_by_role("button", name=f"Up {second}").click()
    expect(page.locator("#content-rows tr").first).to_have_attribute("data-row", second)
    assert page.url == url
    assert not errors, errors


def test_a_table_row_is_edited_in_place(page: Page, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    gm = get_user_model().objects.create_user("alice", "alice@example.org", PASSWORD)
    campaign = campaign_create(gm=gm, name="The Rim")
    table = BackgroundTable.objects.create(key="cash", name="Starting cash", dice="2d6")
    BackgroundRow.objects.create(table=table, low=2, high=7, result="Poor", credits=500)
    BackgroundRow.objects.create(table=table, low=8, high=12, result="Rich", credits=5000)
    content_copy_defaults(campaign=campaign, by=gm)
    errors = _log_in(page, base)
    page.goto(f"{base}/desk/{campaign.id}/content/tables/")
    page.get_by_role("link", name="Rows of cash").click()
    url = page.url

    page.locator('tr[data-row="8"]').get_by_role("link", name="Edit 8–12").click()
    form = page.locator('tr[data-row="8"][data-editing]')
    form.get_by_label("Low").fill("7")
    form.get_by_role("button", name="Save").click()
    expect(form.locator(".invalid-feedback")).to_contain_text("overlaps the row 2–7")
    expect(form.get_by_label("Low")).to_be_focused()  # the swap settled: typing is safe
    form.get_by_label("Low").fill("8")
    form.get_by_label("Credits").fill("4000")
    form.get_by_role("button", name="Save").click()
    row = page.locator('tr[data-row="8"]:not([data-editing])')
    expect(row).to_contain_text("4000")
    expect(row.locator("[data-default]")).to_have_text("Credits: 5000")
    assert page.url == url
    own = BackgroundRow.objects.get(table__campaign=campaign, low=8)
    assert (own.high, own.credits) == (12, 4000)
    assert not errors, errors


def test_a_careers_row_is_refused_at_its_field_then_saved(page: Page, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    call_command("load_rules_data", verbosity=0)
    rulebook_cache_clear()
    gm = get_user_model().objects.create_user("alice", "alice@example.org", PASSWORD)
    campaign = campaign_create(gm=gm, name="The Rim")
    career = homebrew_career_create(campaign=campaign, by=gm, copy_of="Citizen")
    errors = _log_in(page, base)
    page.goto(f"{base}/desk/{campaign.id}/content/careers/")
    url = page.url

    page.get_by_role("link", name="Edit Citizen (copy)").click()
    form = page.locator(f'tr[data-row="{career.pk}"][data-editing]')
    table = form.get_by_label("Planetside: action table")
    table.fill(table.input_value().replace("7: Swim", "7: Basket weaving"))
    form.get_by_role("button", name="Save").click()
    expect(form.locator(".invalid-feedback")).to_contain_text(
        "Roll 7: There is no skill called “Basket weaving”"
    )
    assert HomebrewCareer.objects.get().draft == career.draft  # nothing saved
    # The refused row's field takes the focus once the swap settles (chargen.js): only
    # then is typing elsewhere safe from landing in it.
    expect(table).to_be_focused()
    form.get_by_label("Name").fill("Spacer")
    table.fill(table.input_value().replace("7: Basket weaving", "7: Gambling"))
    form.get_by_role("button", name="Save").click()
    row = page.locator(f'tr[data-row="{career.pk}"]:not([data-editing])')
    expect(row).to_contain_text("Spacer")
    assert page.url == url
    saved = career_from_json(HomebrewCareer.objects.get().draft)
    assert saved.name == "Spacer"
    assert [row.skill for row in saved.tables[0].rows if row.roll == 7] == ["Gambling"]

    row.get_by_role("link", name="Odds, trial and publishing of Spacer").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Spacer")
    assert not errors, errors
