"""The characteristics step's placed rolls, measured in a real browser: each name stands
on its dice's line, the dice of every row start at one edge (the names are a column of
their own) and no row's dice touch the next row's, on a phone and on a laptop."""

from __future__ import annotations

from itertools import pairwise

from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import BrowserContext, expect

from chargen.infinity_drive.models import Character
from chargen.rulebook.services import rulebook_cache_clear
from tests.chargen.infinity_drive.steps import roll_book_characteristics
from tests.conftest import PASSWORD
from tests.e2e.conftest import BOTH_WIDTHS

# Each row's name, first die and dice box, top to bottom.
MEASURE = """() => [...document.querySelectorAll('.placed-rolls dd')].map((row) => {
  const name = row.previousElementSibling.getBoundingClientRect();
  const die = row.querySelector('.die').getBoundingClientRect();
  const box = row.getBoundingClientRect();
  return {
    left: die.left, top: box.top, bottom: box.bottom,
    nameRight: name.right, nameMiddle: (name.top + name.bottom) / 2,
  };
})"""


@BOTH_WIDTHS
def test_placed_rolls_line_up_and_never_touch(context: BrowserContext, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    call_command("load_rules_data", verbosity=0)
    rulebook_cache_clear()
    owner = get_user_model().objects.create_user("vela", "vela@example.org", PASSWORD)
    character = Character.objects.create(owner=owner, name="Vela Okonkwo")
    roll_book_characteristics(character)

    page = context.new_page()
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("vela")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{base}/characters/{character.pk}/characteristics/")
    expect(page.locator(".placed-rolls dt")).to_have_count(7)

    rows = page.evaluate(MEASURE)
    assert len(rows) == 7
    for row in rows:
        assert row["top"] <= row["nameMiddle"] <= row["bottom"], "a name off its dice's line"
        assert row["nameRight"] <= row["left"], "a name over its dice"
    lefts = {round(row["left"]) for row in rows}
    assert len(lefts) == 1, f"the rows' dice start at {sorted(lefts)}"
    gaps = [after["top"] - before["bottom"] for before, after in pairwise(rows)]
    assert min(gaps) >= 4, f"rows {gaps} px apart"
