"""History as you roll in a real browser: a note typed beside the roll just
made saves itself (debounced, "Saved" in its live region, the counter at the field),
survives a reload, and leaves the page's next roll valid."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from chargen.infinity_drive.models import Character
from chargen.infinity_drive.selectors_finish import finish_load
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    roll_book_characteristics,
    skill,
)
from tests.e2e.conftest import BOTH_WIDTHS
from tests.e2e.test_wizard import ACADEMIC, _setup

NOTE = "Learnt on the docks <b>"


@BOTH_WIDTHS
def test_a_note_typed_beside_a_roll_survives_a_reload(page: Page, live_server: LiveServer) -> None:
    base = _setup(page, live_server)
    character = Character.objects.create(
        owner=get_user_model().objects.get(username="bob"), name="Dock Hand"
    )
    roll_book_characteristics(character)
    darrian(character)
    citizen_construction(character)
    skill(character, "1 1", ACADEMIC)
    roll = finish_load(character).history[-1]
    page.goto(f"{base}/characters/{character.id}/skills/")

    field = page.locator(f'[data-note-field="{roll.sequence}"]')
    status = page.locator(f"#note-status-{roll.sequence}")
    expect(field).to_have_attribute("placeholder", roll.prompt)
    field.press_sequentially(NOTE)
    expect(page.locator(f"#note-count-{roll.sequence}")).to_have_text(f"{len(NOTE)} / 4000")
    expect(status).to_have_text("Saved")
    expect(field).to_have_attribute("data-note-state", "saved")

    # The save moved the log on by one; the page's roll form moved with it.
    page.get_by_role("button", name="Roll 2d6 for a skill").click()
    expect(page.get_by_text("Entry for", exact=False)).to_be_visible()
    expect(page.locator("#step-error")).to_have_count(0)

    page.reload()
    expect(page.locator(f'[data-note-field="{roll.sequence}"]')).to_have_value(NOTE)
    expect(page.locator(f"#note-count-{roll.sequence}")).to_have_text(f"{len(NOTE)} / 4000")
