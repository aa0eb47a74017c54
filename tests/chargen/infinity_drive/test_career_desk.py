"""The GM's careers on the desk: a draft written in the book's notation, its problems at
each field, a preview of its odds, publishing; members read published careers only;
every other user gets a 404 from every page, and nothing changes."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_create
from chargen.rulebook.homebrew import homebrew_career_create
from chargen.rulebook.models import HiddenBookCareer, HomebrewCareer, HomebrewCareerVersion


@pytest.fixture
def copied(gm: User, campaign: Campaign) -> HomebrewCareer:
    return homebrew_career_create(campaign=campaign, by=gm, copy_of="Citizen")


def url(name: str, campaign: Campaign, career: HomebrewCareer | None = None) -> str:
    args: list[Any] = [campaign.id] if career is None else [campaign.id, career.pk]
    return reverse(f"desk:{name}", args=args)


def form_data(page: str) -> dict[str, str]:
    """The career form's fields as the page shows them (inputs and textareas)."""
    data = dict(re.findall(r'<input type="(?:text|number)" name="([\w-]+)" value="([^"]*)"', page))
    for name, text in re.findall(r'<textarea name="([\w-]+)"[^>]*>\n?(.*?)</textarea>', page, re.S):
        data[name] = text.replace("&#x27;", "'").replace("&amp;", "&")
    return data


def state() -> tuple[Any, ...]:
    return (
        list(HomebrewCareer.objects.values_list("name", "draft")),
        HomebrewCareerVersion.objects.count(),
        HiddenBookCareer.objects.count(),
    )


def test_the_gm_copies_a_book_career_mends_it_and_publishes(
    gm_client: Client, campaign: Campaign
) -> None:
    made = gm_client.post(url("career_new", campaign), {"copy_of": "Citizen"})
    career = HomebrewCareer.objects.get(campaign=campaign)
    assert made["Location"] == url("career", campaign, career)
    page = gm_client.get(made["Location"]).content.decode()
    data = form_data(page)
    assert data["name"] == "Citizen (copy)"
    assert data["table_0"].splitlines()[0] == "2: +1 Mus"  # the book's notation

    # A hole in a table is saved as a draft, shown at its field, and stops publishing.
    data["name"] = "Spacer"
    data["table_0"] = "\n".join(
        line for line in data["table_0"].splitlines() if not line.startswith("7:")
    )
    saved = gm_client.post(url("career", campaign, career), data)
    assert saved.status_code == 302
    page = gm_client.get(url("career", campaign, career)).content.decode()
    table_field = page.split('id="div_id_table_0"')[1].split("</div>\n</div>")[0]
    assert "No row for a roll of 7: every 2d6 result needs one." in table_field
    assert re.search(r'<button type="submit" class="btn btn-success" disabled>Publish', page)
    refused = gm_client.post(url("career_publish", campaign, career))
    assert refused.status_code == 400
    assert "No row for a roll of 7" in refused.content.decode()
    assert not HomebrewCareerVersion.objects.exists()

    # Mended: the preview gives the odds, and publishing makes version 1.
    data["table_0"] += "\n7: Gambling"
    gm_client.post(url("career", campaign, career), data)
    page = gm_client.get(url("career", campaign, career), {"profile": "7777777"}).content.decode()
    assert "survival: roll above" in page
    assert re.search(r"<td>Spacer Planetside Action Table", page)
    trial = page.split("data-trial>")[1].split("</pre>")[0]
    assert "Spacer" in trial  # the autopilot finished a character in the draft career
    again = gm_client.get(url("career", campaign, career), {"profile": "7777777"}).content.decode()
    assert again.split("data-trial>")[1].split("</pre>")[0] == trial  # a reload: the same
    published = gm_client.post(url("career_publish", campaign, career))
    assert published.status_code == 302
    assert HomebrewCareerVersion.objects.get().number == 1


def test_a_malformed_line_is_refused_at_its_field_and_nothing_saved(
    gm_client: Client, campaign: Campaign, copied: HomebrewCareer
) -> None:
    data = form_data(gm_client.get(url("career", campaign, copied)).content.decode())
    data["table_1"] = "two: Drive"
    before = state()
    refused = gm_client.post(url("career", campaign, copied), data)
    assert refused.status_code == 400
    assert "“two: Drive”: write each row as “2: Drive”." in refused.content.decode()
    assert state() == before


def test_members_read_published_careers_never_drafts(
    gm: User, player_client: Client, outsider_client: Client, campaign: Campaign
) -> None:
    draft = homebrew_career_create(campaign=campaign, by=gm, copy_of="Military")
    page = player_client.get(url("careers_published", campaign)).content.decode()
    assert draft.name not in page
    assert outsider_client.get(url("careers_published", campaign)).status_code == 404


def test_hiding_a_book_career(gm_client: Client, campaign: Campaign) -> None:
    gm_client.post(url("career_hide", campaign), {"name": "Military", "hidden": "1"})
    assert list(HiddenBookCareer.objects.values_list("name", flat=True)) == ["Military"]
    page = gm_client.get(url("careers", campaign)).content.decode()
    assert 'Military <span class="badge text-bg-warning">hidden</span>' in page
    gm_client.post(url("career_hide", campaign), {"name": "Military", "hidden": "0"})
    assert not HiddenBookCareer.objects.exists()


@pytest.mark.parametrize("who", ["player_client", "other_player_client", "outsider_client"])
def test_only_the_gm_reaches_any_career_page(
    request: pytest.FixtureRequest, who: str, campaign: Campaign, copied: HomebrewCareer
) -> None:
    client: Client = request.getfixturevalue(who)
    before = state()
    for name in ("careers", "career"):
        target = copied if name == "career" else None
        assert client.get(url(name, campaign, target)).status_code == 404
    posts = [
        (url("career_new", campaign), {"copy_of": "Citizen"}),
        (url("career_hide", campaign), {"name": "Military", "hidden": "1"}),
        (url("career", campaign, copied), {"name": "Mine"}),
        (url("career_publish", campaign, copied), {}),
        (url("career_delete", campaign, copied), {}),
    ]
    for address, data in posts:
        assert client.post(address, data).status_code == 404
    assert state() == before


def test_another_campaigns_gm_reaches_no_draft_of_this_one(
    other_player: User, other_player_client: Client, campaign: Campaign, copied: HomebrewCareer
) -> None:
    theirs = campaign_create(gm=other_player, name="Elsewhere")
    assert other_player_client.get(url("career", theirs, copied)).status_code == 404
    assert other_player_client.post(url("career_publish", theirs, copied)).status_code == 404


def test_a_get_changes_nothing_and_posts_only_are_posts(
    gm_client: Client, campaign: Campaign, copied: HomebrewCareer
) -> None:
    before = state()
    for address in (
        url("career_new", campaign),
        url("career_hide", campaign),
        url("career_publish", campaign, copied),
        url("career_delete", campaign, copied),
    ):
        assert gm_client.get(address).status_code == 405
    assert state() == before


def test_the_odds_list_the_tables_in_the_forms_order(
    gm_client: Client, campaign: Campaign, copied: HomebrewCareer
) -> None:
    page = gm_client.get(url("career", campaign, copied), {"profile": "7777777"}).content.decode()
    fields = re.findall(r'<label\s+for="id_table_\d+" class="[^"]*">\s*([^<*]+?)\s*<', page)
    odds = page.split("data-odds>", 1)[1].split("</table>", 1)[0]
    tables = re.findall(r"<tr><td>([^<]+)", odds)
    assert len(fields) == len(tables) > 2
    for field, table in zip(fields, tables, strict=True):
        named = re.fullmatch(r"(.+): (action|academic) table", field)
        assert named, field
        whose, side = named.groups()
        assert f"{whose} {side} Table".lower() in table.lower(), (fields, tables)


def test_publish_comes_before_the_long_form_and_its_odds(
    gm_client: Client, campaign: Campaign, copied: HomebrewCareer
) -> None:
    """On a phone the page is one column: Publish sits with the draft's summary, not
    below every table's field and the odds."""
    page = gm_client.get(url("career", campaign, copied), {"profile": "7777777"}).content.decode()
    publish = page.index(f'action="{url("career_publish", campaign, copied)}"')
    assert publish < page.index('id="id_name"') < page.index("data-odds>")
    assert page.count(url("career_publish", campaign, copied)) == 1
