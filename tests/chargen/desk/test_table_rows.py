"""The rows inside one of the campaign's background tables, a row at a time: a row is
edited where it is, listed by roll (no sort order), shown beside the
default table's row it replaces; a range must fit the dice and overlap no other row.
Only the campaign's GM; a GET changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.content.desk_kinds import table_rows_kind
from chargen.content.models import BackgroundRow, BackgroundTable
from chargen.content.services import content_copy_defaults
from chargen.desk.content import ContentConflict
from chargen.desk.content_rows import content_save_row

HTMX = {"HX-Request": "true"}


@pytest.fixture
def cash(db: None, gm: User, campaign: Campaign) -> Campaign:
    """The default cash table (2–7 Poor, 8–12 Rich) copied in; the campaign's Poor pays 300."""
    table = BackgroundTable.objects.create(key="cash", name="Starting cash", dice="2d6")
    BackgroundRow.objects.create(table=table, low=2, high=7, result="Poor", credits=500)
    BackgroundRow.objects.create(table=table, low=8, high=12, result="Rich", credits=5000)
    content_copy_defaults(campaign=campaign, by=gm)
    BackgroundRow.objects.filter(table__campaign=campaign, low=2).update(credits=300)
    return campaign


def page_url(campaign: Campaign, table: str = "cash") -> str:
    return reverse("desk:content_child", args=[campaign.id, "tables", table])


def row_url(campaign: Campaign, table: str = "cash") -> str:
    return reverse("desk:content_child_row", args=[campaign.id, "tables", table])


def edit_data(**changes: str) -> dict[str, str]:
    data = {
        "row": "8",
        "edit-low": "8",
        "edit-high": "12",
        "edit-result": "Wealthy",
        "edit-credits": "6000",
        "edit-assets": "",
        "edit-debts": "",
    }
    data.update(changes)
    return data


def add_data(**changes: str) -> dict[str, str]:
    data = {
        "rows-TOTAL_FORMS": "1",
        "rows-INITIAL_FORMS": "0",
        "rows-MIN_NUM_FORMS": "0",
        "rows-MAX_NUM_FORMS": "1000",
        "rows-0-low": "12",
        "rows-0-high": "12",
        "rows-0-result": "A windfall",
        "rows-0-credits": "20000",
    }
    data.update(changes)
    return data


def state() -> list[tuple[Any, ...]]:
    return list(
        BackgroundRow.objects.order_by("pk").values_list(
            "table_id", "low", "high", "result", "credits"
        )
    )


def own_rows(campaign: Campaign) -> list[tuple[int, int, str]]:
    rows = BackgroundRow.objects.filter(table__campaign=campaign).order_by("low")
    return list(rows.values_list("low", "high", "result"))


def defaults() -> list[tuple[int, int, str, int]]:
    rows = BackgroundRow.objects.filter(table__campaign=None).order_by("low")
    return list(rows.values_list("low", "high", "result", "credits"))


def test_rows_are_listed_by_roll_beside_the_default(gm_client: Client, cash: Campaign) -> None:
    page = gm_client.get(page_url(cash)).content.decode()
    assert page.index('data-row="2"') < page.index('data-row="8"')
    poor = page.split('data-row="2"')[1].split("</tr>")[0]
    assert '<td role="cell" data-label="Credits">300</td>' in poor
    assert "<li data-default>Credits: 500</li>" in poor
    assert "Same as the default" in page.split('data-row="8"')[1].split("</tr>")[0]
    assert "Sort order" not in page
    assert "Up<" not in page  # rows go by roll: nothing to move
    tables = gm_client.get(reverse("desk:content_kind", args=[cash.id, "tables"])).content.decode()
    assert page_url(cash) in tables


def test_edit_swaps_the_row_for_its_form_and_back(gm_client: Client, cash: Campaign) -> None:
    before = state()
    form = gm_client.get(row_url(cash), {"row": "2"}, headers=HTMX).content.decode()
    assert form.lstrip().startswith('<tr data-row="2" data-editing role="row">')
    assert 'name="edit-credits" value="300"' in form
    assert "The default: Credits 500." in form
    assert "<html" not in form
    cancel = gm_client.get(row_url(cash), {"row": "2", "cancel": "1"}, headers=HTMX)
    assert "data-editing" not in cancel.content.decode()
    assert state() == before  # a GET never changes anything

    saved = gm_client.post(row_url(cash), edit_data(), headers=HTMX)
    row = saved.content.decode()
    assert saved.status_code == 200
    assert row.lstrip().startswith('<tr data-row="8" role="row">')
    assert '<td role="cell" data-label="Result">Wealthy</td>' in row
    assert "<li data-default>Result: Rich</li>" in row
    assert own_rows(cash) == [(2, 7, "Poor"), (8, 12, "Wealthy")]
    assert defaults() == [(2, 7, "Poor", 500), (8, 12, "Rich", 5000)]


def test_a_new_range_renames_the_row(gm_client: Client, cash: Campaign) -> None:
    gm_client.post(row_url(cash), edit_data(**{"edit-low": "9"}), headers=HTMX)
    assert own_rows(cash) == [(2, 7, "Poor"), (9, 12, "Wealthy")]
    assert gm_client.get(row_url(cash), {"row": "9"}, headers=HTMX).status_code == 200
    assert gm_client.get(row_url(cash), {"row": "8"}, headers=HTMX).status_code == 404


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"edit-low": "6"}, "low", "6–12 overlaps the row 2–7"),
        ({"edit-high": "13"}, "high", "A 2d6 roll is 2 to 12; 13 is never rolled."),
        ({"edit-low": "1"}, "low", "A 2d6 roll is 2 to 12; 1 is never rolled."),
        ({"edit-low": "12", "edit-high": "10"}, "high", "The range ends before it starts"),
        ({"edit-result": "  "}, "result", "This field is required."),
    ],
)
def test_a_refused_edit_shows_the_error_at_its_field_and_saves_nothing(
    gm_client: Client, cash: Campaign, changes: dict[str, str], field: str, message: str
) -> None:
    before = state()
    response = gm_client.post(row_url(cash), edit_data(**changes), headers=HTMX)
    content = response.content.decode()
    assert "data-editing" in content
    error = content.split(f'id="error_1_id_edit-{field}"')[1].split("</")[0]
    assert message in error
    assert state() == before


def test_without_javascript_edit_is_a_page_and_save_redirects(
    gm_client: Client, cash: Campaign
) -> None:
    before = state()
    opened = gm_client.get(row_url(cash), {"row": "8"})
    assert opened.status_code == 302
    assert opened["Location"] == page_url(cash) + "?edit=8"
    assert 'name="edit-credits" value="5000"' in gm_client.get(opened["Location"]).content.decode()
    assert state() == before
    refused = gm_client.post(row_url(cash), edit_data(**{"edit-low": "3"}))
    assert refused.status_code == 400
    assert "overlaps the row 2–7" in refused.content.decode()
    assert state() == before
    saved = gm_client.post(row_url(cash), edit_data())
    assert saved.status_code == 302
    assert saved["Location"] == page_url(cash)
    assert own_rows(cash)[-1] == (8, 12, "Wealthy")


def test_add_a_row_where_the_rolls_are_free(gm_client: Client, cash: Campaign) -> None:
    before = state()
    taken = gm_client.post(page_url(cash), add_data())
    assert taken.status_code == 200
    assert "12 overlaps the row 8–12" in taken.content.decode()
    assert state() == before
    gm_client.post(row_url(cash), edit_data(**{"edit-high": "11"}))
    added = gm_client.post(page_url(cash), add_data())
    assert added.status_code == 302
    assert own_rows(cash) == [(2, 7, "Poor"), (8, 11, "Wealthy"), (12, 12, "A windfall")]
    assert len(defaults()) == 2


def test_delete_a_row(gm_client: Client, cash: Campaign) -> None:
    response = gm_client.post(row_url(cash), {"row": "8", "delete": "1"}, headers=HTMX)
    assert response["HX-Retarget"] == "#content-rows"
    assert 'data-row="8"' not in response.content.decode()
    assert own_rows(cash) == [(2, 7, "Poor")]
    assert len(defaults()) == 2
    assert gm_client.post(row_url(cash), {"row": "2", "delete": "1"}).status_code == 302
    assert own_rows(cash) == []


@pytest.mark.parametrize("who", ["player_client", "other_player_client", "outsider_client"])
def test_only_the_gm_edits_a_tables_rows(
    request: pytest.FixtureRequest, who: str, cash: Campaign
) -> None:
    client = request.getfixturevalue(who)
    before = state()
    assert client.get(page_url(cash)).status_code == 404
    assert client.get(row_url(cash), {"row": "8"}, headers=HTMX).status_code == 404
    assert client.post(row_url(cash), edit_data(), headers=HTMX).status_code == 404
    assert client.post(row_url(cash), {"row": "8", "delete": "1"}).status_code == 404
    assert client.post(page_url(cash), add_data(**{"rows-0-low": "1"})).status_code == 404
    assert state() == before


def test_anonymous_visitors_are_sent_to_log_in(client: Client, cash: Campaign) -> None:
    before = state()
    for response in (
        client.get(page_url(cash)),
        client.get(row_url(cash), {"row": "8"}),
        client.post(row_url(cash), edit_data()),
        client.post(page_url(cash), add_data()),
    ):
        assert response.status_code == 302
        assert reverse("login") in response["Location"]
    assert state() == before


def test_a_default_table_or_another_campaigns_is_out_of_reach(
    gm_client: Client, cash: Campaign, gm: User
) -> None:
    BackgroundTable.objects.create(key="debts", name="Debts")  # a default only
    before = state()
    assert gm_client.get(page_url(cash, "debts")).status_code == 404
    assert gm_client.post(row_url(cash, "debts"), edit_data()).status_code == 404
    assert gm_client.post(row_url(cash), edit_data(row="5")).status_code == 404
    assert gm_client.put(row_url(cash), edit_data()).status_code == 405
    assert state() == before


def test_a_post_without_the_csrf_token_is_refused(gm: User, cash: Campaign) -> None:
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(gm)
    before = state()
    assert strict.post(row_url(cash), edit_data(), headers=HTMX).status_code == 403
    assert strict.post(row_url(cash), {"row": "8", "delete": "1"}).status_code == 403
    assert strict.post(page_url(cash), add_data()).status_code == 403
    assert state() == before


def test_gm_text_is_escaped(gm_client: Client, cash: Campaign) -> None:
    evil = "<script>alert(1)</script>"
    gm_client.post(row_url(cash), edit_data(**{"edit-result": evil}), headers=HTMX)
    assert own_rows(cash)[-1] == (8, 12, evil)
    for content in (
        gm_client.get(page_url(cash)).content.decode(),
        gm_client.get(row_url(cash), {"row": "8"}, headers=HTMX).content.decode(),
    ):
        assert evil not in content
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in content


def test_a_range_taken_since_the_form_was_checked_is_refused(gm: User, cash: Campaign) -> None:
    kind = table_rows_kind(cash, "cash")
    form = kind.form(
        {"new-low": "12", "new-high": "12", "new-result": "A windfall", "new-credits": "0"},
        instance=BackgroundRow(table=kind.table),
        prefix="new",
    )
    BackgroundRow.objects.filter(table=kind.table, low=8).update(high=11)
    assert form.is_valid(), form.errors
    BackgroundRow.objects.filter(table=kind.table, low=8).update(high=12)  # meanwhile
    with pytest.raises(ContentConflict, match="12 overlaps the row 8–12"):
        content_save_row(campaign=cash, by=gm, kind=kind, form=form)
    assert own_rows(cash) == [(2, 7, "Poor"), (8, 12, "Rich")]
