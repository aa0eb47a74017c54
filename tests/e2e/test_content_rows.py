"""The GM's content editor in a real browser (issue 12, item 9): Edit turns a row into
its form where it is, Save swaps it back with the default beside it, Up moves a row; all
under the strict Content-Security-Policy, with no page load in between."""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from chargen.campaigns.services import campaign_create
from chargen.content.models import EquipmentItem
from chargen.content.services import content_copy_defaults
from tests.conftest import PASSWORD


def test_a_row_is_edited_in_place_and_moved_up(page: Page, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    gm = get_user_model().objects.create_user("alice", "alice@example.org", PASSWORD)
    campaign = campaign_create(gm=gm, name="The Rim")
    EquipmentItem.objects.create(name="Vacc suit", price=5000, category="survival")
    EquipmentItem.objects.create(name="Med kit", price=300, category="medical")
    content_copy_defaults(campaign=campaign, by=gm)
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )

    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).not_to_have_url(re.compile(r"/accounts/login/"))
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
