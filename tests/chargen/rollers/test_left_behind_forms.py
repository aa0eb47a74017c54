"""Roll forms a page left behind: a second tab's form whose roll the sheet has moved past,
and a damaged one-time key. Each is told what happened, and nothing is rolled."""

from __future__ import annotations

from django.test import Client
from django.utils.html import escape

from chargen.rollers import services
from chargen.rollers.forms_common import SEQUENCE_DAMAGED
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from tests.chargen.rollers.services_helpers import plan_for, roll_typed
from tests.chargen.rollers.views_helpers import HTMX, attribute_id, url


def _brian_rolls(client: Client, brian: UniqueCharacter, sequence: object) -> str:
    data = {"sequence": sequence, "attribute": attribute_id(brian, "Strength"), "tool_quality": 0}
    return client.post(url("unique_roll", brian), data, **HTMX).content.decode()


def test_a_form_whose_roll_is_no_longer_the_latest_does_not_claim_it_is(
    player_client: Client, brian: UniqueCharacter
) -> None:
    _brian_rolls(player_client, brian, 1)
    _brian_rolls(player_client, brian, 2)  # another tab rolls on
    # The first tab's form again (Back, or a tab loaded before roll 2): roll 1 is saved,
    # but the latest roll the sheet shows is roll 2.
    page = _brian_rolls(player_client, brian, 1)
    assert "Already saved" not in page
    assert escape("this form's roll (#1) was already saved, and the sheet has changed") in page
    # Said beside the latest roll, where the eye is after rolling (not at the top).
    assert page.index('id="latest-heading"') < page.index("Nothing was rolled")
    # A repeat of the newest roll's form is a plain repeat.
    assert "Already saved" in _brian_rolls(player_client, brian, 2)
    assert brian.rolls.count() == 2


def test_a_left_behind_contest_form_on_the_mana_sheet(
    player_client: Client, mage: ManaCharacter
) -> None:
    data = {
        "sequence": 1,
        "attribute": attribute_id(mage, "Cunning"),
        "difficulty_mode": "named",
        "difficulty": "STANDARD",
    }
    player_client.post(url("mana_roll", mage), data, **HTMX)
    player_client.post(url("mana_roll", mage), {**data, "sequence": 2}, **HTMX)
    page = player_client.post(url("mana_roll", mage), data, **HTMX).content.decode()
    assert escape("this form's roll (#1) was already saved") in page
    assert page.index('id="latest-heading"') < page.index("Nothing was rolled")
    # Without JavaScript: the redirect's page says it on top, as every message.
    page = player_client.post(url("mana_roll", mage), data, follow=True).content.decode()
    assert escape("this form's roll (#1) was already saved") in page
    assert mage.rolls.count() == 2


def test_a_damaged_key_is_said_on_top_of_the_form(
    player_client: Client, brian: UniqueCharacter
) -> None:
    # (A key beyond any log, 99999999999999999999, is a stale page: the kernel says so.)
    for damaged in ("0", "abc", "1e3", "-2"):
        page = _brian_rolls(player_client, brian, damaged)
        assert escape(SEQUENCE_DAMAGED) in page, damaged
    assert brian.rolls.count() == 0


def test_the_kernel_says_whether_a_repeated_key_is_still_the_newest(
    brian: UniqueCharacter,
) -> None:
    """The race the views' early look cannot see (a write between it and the lock) is
    answered by the kernel's write itself: its `newest` says which notice is true."""
    plan = plan_for(brian, "Strength")
    roll_typed(brian, plan, [3, 4])
    again = services.unique_roll(character=brian, sequence=1, plan=plan, entered_faces=[5, 6])
    assert (again.created, again.newest) == (False, True)
    roll_typed(brian, plan, [1, 2])
    behind = services.unique_roll(character=brian, sequence=1, plan=plan, entered_faces=[5, 6])
    assert (behind.created, behind.newest) == (False, False)
