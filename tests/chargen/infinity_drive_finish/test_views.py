"""Views for steps 7–9, the sheet and the print view: who may, out of order, htmx and plain."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from chargen.content.models import EquipmentItem
from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.log import log_entries
from chargen.infinity_drive.models import Character, CharacterStatus, RaceStatus
from tests.chargen.infinity_drive.steps import next_sequence
from tests.chargen.infinity_drive_finish.build import (
    BOOK_SKILL_ROWS,
    BOOK_SKILLS,
    choose_option,
    equip_standard,
    write_history,
)

HTMX: dict[str, Any] = {"HTTP_HX_REQUEST": "true"}


def url(name: str, character: Character) -> str:
    return reverse(f"characters:{name}", args=[character.id])


def medkit() -> EquipmentItem:
    return EquipmentItem.objects.get(campaign__isnull=True, name="Medkit")


def at_next(character: Character, **data: Any) -> dict[str, Any]:
    """A form's data as a page drawn now posts it: with the log's next sequence number."""
    return {"sequence": finish.finish_load(character).next_sequence, **data}


def test_equipment_page_offers_both_options(player_client: Client, treva: Character) -> None:
    response = player_client.get(url("equipment", treva))
    assert response.status_code == 200
    assert b"Standard: 20,000 cr" in response.content
    assert b"Variable background" in response.content


def test_htmx_gets_only_the_wizard_partial(player_client: Client, treva: Character) -> None:
    full = player_client.get(url("equipment", treva))
    partial = player_client.get(url("equipment", treva), **HTMX)
    assert b"<html" in full.content
    assert b"<html" not in partial.content
    assert b'id="wizard"' in partial.content


def test_choosing_an_option_then_switching_is_refused(
    player_client: Client, treva: Character
) -> None:
    response = player_client.post(url("equipment_option", treva), at_next(treva, option="standard"))
    assert response.status_code == 303
    refused = player_client.post(url("equipment_option", treva), at_next(treva, option="variable"))
    assert refused.status_code == 400
    assert b"no going back" in refused.content
    assert finish.finish_load(treva).option == "standard"


def test_buy_and_overspend_through_the_view(player_client: Client, treva: Character) -> None:
    equip_standard(treva)
    bought = player_client.post(
        url("equipment_buy", treva), at_next(treva, item=medkit().pk, quantity=2), **HTMX
    )
    # htmx hears the step again in one answer (no 303 to follow), at the step's address.
    assert bought.status_code == 200
    assert bought["HX-Push-Url"] == url("equipment", treva)
    grav_belt = EquipmentItem.objects.get(campaign__isnull=True, name="Grav belt")
    refused = player_client.post(
        url("equipment_buy", treva), at_next(treva, item=grav_belt.pk, quantity=3), **HTMX
    )
    assert refused.status_code == 200  # htmx swaps only 2xx answers
    assert b"costs 27,000 credits" in refused.content
    assert finish.finish_load(treva).credits == 20_000 - 2 * medkit().price
    page = player_client.get(url("equipment", treva)).content.decode()
    assert f'id="qty-{medkit().pk}" name="quantity" value="2"' in page
    assert f'id="qty-{grav_belt.pk}" name="quantity" value="0"' in page


def test_extra_fields_in_the_post_are_ignored(player_client: Client, treva: Character) -> None:
    equip_standard(treva)
    response = player_client.post(
        url("equipment_buy", treva),
        at_next(treva, item=medkit().pk, quantity=1, credits=999_999, unit_price=0, status="x"),
    )
    assert response.status_code == 303
    treva.refresh_from_db()
    loaded = finish.finish_load(treva)
    assert loaded.credits == 20_000 - medkit().price
    assert treva.status == CharacterStatus.DRAFT
    assert [held.unit_price for held in loaded.purchases] == [medkit().price]


def test_out_of_order_posts_change_nothing_and_say_why(player_client: Client, player: User) -> None:
    early = Character.objects.create(owner=player, name="Early")
    option = player_client.post(url("equipment_option", early), at_next(early, option="standard"))
    assert option.status_code == 400
    assert b"skill rolls" in option.content
    history = player_client.post(
        url("history", early), at_next(early, age="20", appearance="Short")
    )
    assert history.status_code == 400
    done = player_client.post(url("finish", early))
    assert done.status_code == 400
    early.refresh_from_db()
    assert early.status == CharacterStatus.DRAFT
    assert not log_entries(early)


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("equipment_option", {"option": "standard", "sequence": 99}),
        ("equipment_buy", {"item": 1, "quantity": 1, "sequence": 99}),
        ("equipment_background", {"sequence": 99}),
        ("history", {"age": "1", "appearance": "x", "sequence": 99}),
        ("finish", {}),
    ],
)
def test_other_peoples_characters_are_404(
    other_player_client: Client, outsider_client: Client, treva: Character, name: str, data: dict
) -> None:
    assert other_player_client.post(url(name, treva), data).status_code == 404
    before = next_sequence(treva)
    data = {**data, "sequence": before} if "sequence" in data else data
    assert other_player_client.post(url(name, treva), data).status_code == 404
    assert outsider_client.post(url(name, treva), data).status_code == 404
    treva.refresh_from_db()
    assert treva.status == CharacterStatus.DRAFT
    assert next_sequence(treva) == before


def test_pages_and_sheet_are_404_to_strangers(outsider_client: Client, treva: Character) -> None:
    for name in ("equipment", "history", "review", "sheet", "print"):
        assert outsider_client.get(url(name, treva)).status_code == 404


def test_anonymous_is_sent_to_log_in(client: Client, treva: Character) -> None:
    response = client.post(url("finish", treva))
    assert response.status_code == 302
    assert "/login" in response["Location"]


def test_get_never_changes_anything(player_client: Client, treva: Character) -> None:
    assert player_client.get(url("finish", treva)).status_code == 405
    assert player_client.get(url("equipment_option", treva)).status_code == 405


def test_history_page_prefills_prompts_and_saves(player_client: Client, treva: Character) -> None:
    equip_standard(treva)
    page = player_client.get(url("history", treva))
    assert page.status_code == 200
    assert b"Skill roll 1: +1 Mus" in page.content
    assert b"Construction" in page.content
    item = finish.finish_load(treva).history[2]
    response = player_client.post(
        url("history", treva),
        at_next(
            treva, age="34", appearance="Sharp suit", **{f"note_{item.sequence}": "My note <b>"}
        ),
    )
    assert response.status_code == 303
    assert response["Location"] == url("review", treva)
    saved = next(i for i in finish.finish_load(treva).history if i.sequence == item.sequence)
    assert saved.note == "My note <b>"
    sheet = player_client.get(url("sheet", treva))
    assert b"My note &lt;b&gt;" in sheet.content  # user text is escaped


def test_history_without_age_is_refused(player_client: Client, treva: Character) -> None:
    equip_standard(treva)
    response = player_client.post(url("history", treva), at_next(treva, age="", appearance=""))
    assert response.status_code == 400
    assert finish.finish_load(treva).age == ""


def test_review_then_finish_then_sheet(player_client: Client, treva: Character) -> None:
    equip_standard(treva)
    write_history(treva)
    review = player_client.get(url("review", treva))
    assert b"Finish character" in review.content
    response = player_client.post(url("finish", treva))
    assert response.status_code == 303
    treva.refresh_from_db()
    assert treva.status == CharacterStatus.FINISHED
    sheet = player_client.get(url("sheet", treva)).content.decode()
    assert "68A5873" in sheet
    # Skill | Rank tables, the rank in its own cell (never the book's "Drive – 1").
    assert BOOK_SKILLS not in sheet
    for name, rank in BOOK_SKILL_ROWS:
        row = f'<th scope="row" class="fw-normal">{name}</th><td class="text-end">{rank}</td>'
        assert row in sheet
    assert "Citizen, Construction" in sheet
    assert "Darrian" in sheet
    entered = sum(1 for entry in log_entries(treva) if entry.entered)
    assert f'<strong class="entered-rolls">{entered}</strong>' in sheet
    assert '<strong class="server-rolls">0</strong>' in sheet
    again = player_client.post(url("finish", treva))
    assert again.status_code == 400
    assert b"can no longer be changed" in again.content


def test_htmx_finish_navigates_to_the_sheet(player_client: Client, treva: Character) -> None:
    equip_standard(treva)
    write_history(treva)
    response = player_client.post(url("finish", treva), **HTMX)
    assert response["HX-Redirect"] == url("sheet", treva)
    treva.refresh_from_db()
    assert treva.status == CharacterStatus.FINISHED


def test_review_says_plainly_the_race_is_waiting(
    player_client: Client, campaign_treva: Character
) -> None:
    assert campaign_treva.race is not None
    assert campaign_treva.race is not None
    campaign_treva.race.status = RaceStatus.PROPOSED
    campaign_treva.race.save()
    page = player_client.get(url("review", campaign_treva))
    assert b"has not yet approved the race" in page.content
    assert b"disabled" in page.content


def test_finished_sheet_is_visible_to_the_campaign_and_its_gm(
    gm_client: Client, other_player_client: Client, campaign_treva: Character
) -> None:
    assert gm_client.get(url("sheet", campaign_treva)).status_code == 200
    assert other_player_client.get(url("sheet", campaign_treva)).status_code == 404
    Character.objects.filter(pk=campaign_treva.pk).update(status=CharacterStatus.FINISHED)
    assert other_player_client.get(url("print", campaign_treva)).status_code == 200


def test_print_view_loads_the_sheet_print_stylesheet(
    player_client: Client, treva: Character
) -> None:
    response = player_client.get(url("print", treva))
    assert b"css/sheet-print.css" in response.content
    assert b"68A5873" in response.content


def _queries(client: Client, path: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(path).status_code == 200
    return len(captured)


def test_query_budget_does_not_grow_with_the_rolls(
    player_client: Client, treva: Character, player: User
) -> None:
    """Treva has ~45 log rows; a character with a third as many costs the same queries."""
    equip_standard(treva)
    write_history(treva)
    short = Character.objects.create(owner=player, name="Short log")
    for name in ("sheet", "history", "review", "equipment", "print"):
        long_count = _queries(player_client, url(name, treva))
        short_count = _queries(player_client, url(name, short))
        assert long_count <= short_count + 2, name
        assert long_count <= 20, name


def test_background_rolls_through_the_view_repeat_safely(
    player_client: Client, treva: Character
) -> None:
    choose_option(treva, "variable")
    sequence = finish.finish_load(treva).next_sequence
    path = url("equipment_background", treva)
    first = player_client.post(path, {"sequence": sequence, "faces": "3 4"})
    assert first.status_code == 303
    replayed = player_client.post(path, {"sequence": sequence, "faces": "6 6"}, **HTMX)
    assert replayed.status_code == 200  # the saved roll, in one answer
    assert "[House]" in replayed.content.decode()
    rolls = [e for e in log_entries(treva) if e.kind == finish.BACKGROUND_ROLL]
    assert [(e.faces, e.entered) for e in rolls] == [([3, 4], True)]
    page = player_client.get(url("equipment", treva)).content.decode()
    assert "[House]" in page
    assert "entered" in page
    assert "Starting cash (house table)" in page  # the next table to roll


def test_a_stale_background_form_changes_nothing(player_client: Client, treva: Character) -> None:
    choose_option(treva, "variable")
    sequence = finish.finish_load(treva).next_sequence
    response = player_client.post(url("equipment_background", treva), {"sequence": sequence + 5})
    assert response.status_code == 400
    assert b"already done" in response.content
    assert not [e for e in log_entries(treva) if e.kind == finish.BACKGROUND_ROLL]


def test_after_finishing_history_and_equipment_posts_change_nothing(
    player_client: Client, treva: Character
) -> None:
    equip_standard(treva)
    write_history(treva)
    finish.character_finish(character=treva)
    history = player_client.post(
        url("history", treva), at_next(treva, age="99", appearance="Changed")
    )
    assert history.status_code == 400
    assert b"can no longer be changed" in history.content
    buy = player_client.post(
        url("equipment_buy", treva), at_next(treva, item=medkit().pk, quantity=1)
    )
    assert buy.status_code == 400
    loaded = finish.finish_load(treva)
    assert (loaded.age, loaded.credits) == ("34", 20_000)
    assert loaded.purchases == ()


def test_an_option_the_campaign_does_not_offer_is_refused(
    player_client: Client, treva_under: Callable[..., Character]
) -> None:
    campaign_treva = treva_under(equipment_options="standard")
    page = player_client.get(url("equipment", campaign_treva))
    assert b"Variable background" not in page.content
    response = player_client.post(
        url("equipment_option", campaign_treva), at_next(campaign_treva, option="variable")
    )
    assert response.status_code == 400
    assert b"does not offer that option" in response.content
    assert finish.finish_load(campaign_treva).option == ""


@pytest.mark.parametrize("page", ["resume", "skills", "career", "characteristics", "sheet"])
def test_part_one_pages_open_after_a_background_roll(
    player_client: Client, treva: Character, page: str
) -> None:
    # Equipment rolls share the creation log with part 1's steps; every page must
    # replay such a log, not only the equipment pages.
    choose_option(treva, "variable")
    sequence = finish.finish_load(treva).next_sequence
    player_client.post(url("equipment_background", treva), {"sequence": sequence, "faces": "3 4"})
    response = player_client.get(url(page, treva), follow=True)
    assert response.status_code == 200
