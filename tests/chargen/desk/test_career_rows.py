"""Infinity Drive declares its homebrew careers to the desk: the row editor lists them
(published version or draft, unpublished changes), adds a blank one, renames, edits a
draft's parts in the book's notation with each rules check's reason at its field, and
deletes a draft never published; a published one stays, and its row says why. Only the
campaign's GM reaches any of it, and GM text is escaped."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from chargen.campaigns.models import Campaign
from chargen.desk.content import ContentConflict
from chargen.desk.content_rows import content_delete_row, content_row_view
from chargen.infinity_drive.gm.career_rows import CAREERS
from chargen.rulebook.homebrew import (
    blank_career,
    homebrew_career_create,
    homebrew_career_publish,
    homebrew_career_save,
)
from chargen.rulebook.models import HomebrewCareer, HomebrewCareerVersion
from rules.infinity_drive.homebrew_careers import (
    FOLLOW_HOUSE_RULE,
    career_from_json,
    career_to_json,
)

HTMX = {"HX-Request": "true"}
SCRIPT = "<script>alert(1)</script>"


@pytest.fixture
def copied(rules_data: None, gm: User, campaign: Campaign) -> HomebrewCareer:
    """A copy of the book's Citizen: a whole career, with no problems."""
    return homebrew_career_create(campaign=campaign, by=gm, copy_of="Citizen")


@pytest.fixture
def published(rules_data: None, gm: User, campaign: Campaign) -> HomebrewCareer:
    """A copy of the book's Military, published as version 1."""
    career = homebrew_career_create(campaign=campaign, by=gm, copy_of="Military")
    homebrew_career_publish(career=career, by=gm)
    return career


@pytest.fixture
def blank(rules_data: None, gm: User, campaign: Campaign) -> HomebrewCareer:
    return homebrew_career_create(campaign=campaign, by=gm)


def page_url(campaign: Campaign) -> str:
    return reverse("desk:content_kind", args=[campaign.id, "careers"])


def row_url(campaign: Campaign) -> str:
    return reverse("desk:content_row", args=[campaign.id, "careers"])


def add_data(name: str) -> dict[str, str]:
    return {
        "careers-TOTAL_FORMS": "1",
        "careers-INITIAL_FORMS": "0",
        "careers-MIN_NUM_FORMS": "0",
        "careers-MAX_NUM_FORMS": "1000",
        "careers-0-name": name,
    }


def form_data(form: str) -> dict[str, str]:
    """The row form's fields as it shows them (inputs and textareas)."""
    data = dict(re.findall(r'<input type="(?:text|number)" name="([\w-]+)" value="([^"]*)"', form))
    for name, text in re.findall(r'<textarea name="([\w-]+)"[^>]*>\n?(.*?)</textarea>', form, re.S):
        data[name] = text.replace("&#x27;", "'").replace("&amp;", "&")
    return data


def row_form(client: Client, campaign: Campaign, career: HomebrewCareer) -> dict[str, str]:
    """What the GM's browser posts back when Save is pressed on the row's form as opened."""
    form = client.get(row_url(campaign), {"row": str(career.pk)}, headers=HTMX)
    assert form.status_code == 200
    return {"row": str(career.pk), **form_data(form.content.decode())}


def field_html(content: str, name: str) -> str:
    """One field's block in a crispy form: its input, help and errors (up to the next)."""
    return content.split(f'id="div_id_edit-{name}"')[1].split('id="div_id_')[0]


def state() -> tuple[Any, ...]:
    return (
        sorted(HomebrewCareer.objects.values_list("pk", "name", "draft", "updated")),
        HomebrewCareerVersion.objects.count(),
    )


# --- The list -------------------------------------------------------------------------------


def test_the_careers_are_listed_with_their_state_and_a_link_to_their_page(
    gm_client: Client,
    gm: User,
    campaign: Campaign,
    copied: HomebrewCareer,
    published: HomebrewCareer,
) -> None:
    overview = gm_client.get(reverse("desk:content", args=[campaign.id])).content.decode()
    assert "Citizen (copy) (draft)" in overview
    assert "Military (copy) (version 1)" in overview

    draft = replace(career_from_json(published.draft), description="Changed since.")
    homebrew_career_save(career=published, by=gm, draft=draft)
    overview = gm_client.get(reverse("desk:content", args=[campaign.id])).content.decode()
    assert "Military (copy) (version 1, unpublished changes)" in overview

    page = gm_client.get(page_url(campaign)).content.decode()
    citizen = page.split(f'data-row="{copied.pk}"')[1].split("</tr>")[0]
    assert '<td role="cell" data-label="Published">draft</td>' in citizen
    assert '<td role="cell" data-label="Unpublished changes">yes</td>' in citizen
    career_page = reverse("desk:career", args=[campaign.id, copied.pk])
    assert f'href="{career_page}">Odds, trial and publishing' in citizen
    military = page.split(f'data-row="{published.pk}"')[1].split("</tr>")[0]
    assert '<td role="cell" data-label="Published">version 1</td>' in military
    assert '<td role="cell" data-label="Unpublished changes">yes</td>' in military
    homebrew_career_publish(career=published, by=gm)
    page = gm_client.get(page_url(campaign)).content.decode()
    military = page.split(f'data-row="{published.pk}"')[1].split("</tr>")[0]
    assert '<td role="cell" data-label="Published">version 2</td>' in military
    assert '<td role="cell" data-label="Unpublished changes">no</td>' in military


def test_what_only_the_published_version_holds_is_no_unpublished_change(
    gm_client: Client, campaign: Campaign, published: HomebrewCareer
) -> None:
    """A version may carry a mark of its own publication beside the career; the draft,
    which has none, has not changed for that."""
    version = published.versions.get()
    version.data = {"publication": {"id": str(published.pk), "version": 1}, **version.data}
    version.save()
    assert unpublished_changes(gm_client, campaign, published) == "no"
    published.draft = {**published.draft, "description": "Changed since."}
    published.save()
    assert unpublished_changes(gm_client, campaign, published) == "yes"


def test_a_version_published_before_a_field_existed_reads_it_as_its_default(
    gm_client: Client, campaign: Campaign, published: HomebrewCareer
) -> None:
    """A version published before careers said what a failed survival does holds no
    such field; the draft saved since holds the default. Nothing has changed."""
    version = published.versions.get()
    version.data = {key: value for key, value in version.data.items() if key != "survival_failure"}
    version.save()
    published.draft = {**published.draft, "survival_failure": FOLLOW_HOUSE_RULE}
    published.save()
    assert unpublished_changes(gm_client, campaign, published) == "no"


def unpublished_changes(client: Client, campaign: Campaign, career: HomebrewCareer) -> str:
    """What the content page's row of `career` says under "Unpublished changes"."""
    page = client.get(page_url(campaign)).content.decode()
    row = page.split(f'data-row="{career.pk}"')[1].split("</tr>")[0]
    cell = re.search(r'data-label="Unpublished changes">([^<]*)</td>', row)
    assert cell is not None, row
    return cell.group(1)


# --- Adding ---------------------------------------------------------------------------------


def test_a_career_is_added_blank_by_its_name(
    gm_client: Client, rules_data: None, campaign: Campaign
) -> None:
    added = gm_client.post(page_url(campaign), add_data("Belter"))
    assert added.status_code == 302
    career = HomebrewCareer.objects.get(campaign=campaign)
    assert career.name == "Belter"
    assert career.draft == career_to_json(blank_career("Belter"))
    assert not career.versions.exists()


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Citizen", "There is already a career called “Citizen”; choose another name."),
        ("citizen (COPY)", "There is already a career called “citizen (COPY)”"),
    ],
)
def test_a_taken_name_is_refused_at_the_add_forms_field(
    gm_client: Client, campaign: Campaign, copied: HomebrewCareer, name: str, reason: str
) -> None:
    before = state()
    refused = gm_client.post(page_url(campaign), add_data(name))
    content = refused.content.decode()
    assert refused.status_code == 200
    assert reason in content.split('id="div_id_careers-0-name"')[1].split("</form>")[0]
    assert state() == before


# --- Editing the draft's parts --------------------------------------------------------------


def test_a_table_row_is_changed_in_place(
    gm_client: Client, campaign: Campaign, copied: HomebrewCareer
) -> None:
    data = row_form(gm_client, campaign, copied)
    assert data["edit-name"] == "Citizen (copy)"
    assert data["edit-table_0"].splitlines()[0] == "2: +1 Mus"  # the book's notation
    lines = data["edit-table_0"].splitlines()
    data["edit-table_0"] = "\r\n".join([*lines[:5], "7: Gambling", *lines[6:]])  # a browser's
    saved = gm_client.post(row_url(campaign), data, headers=HTMX)
    assert saved.status_code == 200
    assert "data-editing" not in saved.content.decode()
    copied.refresh_from_db()
    rows = career_from_json(copied.draft).tables[0].rows
    assert [(row.roll, row.skill) for row in rows if row.roll == 7] == [(7, "Gambling")]


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("7: Basket weaving", "Roll 7: There is no skill called “Basket weaving”"),
        ("seven: Drive", "“seven: Drive”: write each row as “2: Drive”."),
        ("13: Drive", "2d6 never rolls 13."),
    ],
)
def test_a_bad_table_is_refused_at_its_field_and_nothing_saved(
    gm_client: Client, campaign: Campaign, copied: HomebrewCareer, line: str, reason: str
) -> None:
    data = row_form(gm_client, campaign, copied)
    lines = data["edit-table_1"].splitlines()
    data["edit-table_1"] = "\n".join([*lines[:5], line, *lines[6:]])
    data["edit-name"] = "Spacer"  # refused with the rest: nothing of the save is kept
    before = state()
    refused = gm_client.post(row_url(campaign), data, headers=HTMX)
    content = refused.content.decode()
    assert "data-editing" in content
    assert reason in field_html(content, "table_1")
    assert reason not in field_html(content, "table_0")
    assert state() == before

    plain = gm_client.post(row_url(campaign), data)
    assert plain.status_code == 400
    assert reason in field_html(plain.content.decode(), "table_1")
    assert state() == before


def test_survival_and_prerequisites_are_checked_at_their_fields(
    gm_client: Client, campaign: Campaign, copied: HomebrewCareer
) -> None:
    data = row_form(gm_client, campaign, copied)
    data["edit-survival_action"] = "12"
    data["edit-skills"] = "Hacking | Int: eight"
    before = state()
    refused = gm_client.post(row_url(campaign), data, headers=HTMX).content.decode()
    assert "12 cannot be beaten" in field_html(refused, "survival_action")
    assert "Hacking: " in field_html(refused, "skills")
    assert state() == before


def test_an_unfinished_draft_is_renamed_and_its_lacks_stay_for_its_page(
    gm_client: Client, campaign: Campaign, blank: HomebrewCareer
) -> None:
    """A blank career lacks specialisations and tables: a rename does not touch them, so
    it is saved; adding specialisations is saved before their tables are written."""
    data = row_form(gm_client, campaign, blank)
    data["edit-name"] = "Belter"
    assert gm_client.post(row_url(campaign), data, headers=HTMX).status_code == 200
    blank.refresh_from_db()
    assert blank.name == "Belter"
    assert career_from_json(blank.draft).name == "Belter"

    data = row_form(gm_client, campaign, blank)
    data["edit-specialisations"] = "1: Miner\n2: Miner\n3: Miner\n4: Pilot\n5: Pilot\n6: Pilot"
    saved = gm_client.post(row_url(campaign), data, headers=HTMX).content.decode()
    assert "data-editing" not in saved
    blank.refresh_from_db()
    assert career_from_json(blank.draft).specialisation_names == ("Miner", "Pilot")
    form = gm_client.get(row_url(campaign), {"row": str(blank.pk)}, headers=HTMX).content.decode()
    assert "Miner: action table" in form  # their tables are written next

    data = row_form(gm_client, campaign, blank)
    data["edit-specialisations"] = (
        "1: Miner\n2: Miner\n3: Miner\n4: Pilot\n5: Pilot\n6: Pilot\n6: X"
    )
    refused = gm_client.post(row_url(campaign), data, headers=HTMX).content.decode()
    assert "A roll of 6 names two specialisations." in field_html(refused, "specialisations")


def test_renaming_to_another_careers_name_is_refused_at_the_name(
    gm_client: Client, campaign: Campaign, copied: HomebrewCareer, blank: HomebrewCareer
) -> None:
    data = row_form(gm_client, campaign, blank)
    data["edit-name"] = "Citizen (copy)"
    before = state()
    refused = gm_client.post(row_url(campaign), data, headers=HTMX).content.decode()
    assert "There is already a career called “Citizen (copy)”" in field_html(refused, "name")
    assert state() == before


# --- Deleting -------------------------------------------------------------------------------


def test_a_draft_never_published_is_deleted(
    gm_client: Client, campaign: Campaign, copied: HomebrewCareer, blank: HomebrewCareer
) -> None:
    form = gm_client.get(row_url(campaign), {"row": str(blank.pk)}, headers=HTMX)
    assert 'name="delete"' in form.content.decode()
    deleted = gm_client.post(row_url(campaign), {"row": str(blank.pk), "delete": "1"})
    assert deleted.status_code == 302
    assert list(HomebrewCareer.objects.values_list("pk", flat=True)) == [copied.pk]


def test_a_published_career_is_not_deleted_and_its_row_says_why(
    gm_client: Client, campaign: Campaign, published: HomebrewCareer
) -> None:
    why = "Published as version 1, so the campaign&#x27;s new characters can take it"
    form = gm_client.get(row_url(campaign), {"row": str(published.pk)}, headers=HTMX)
    assert why in form.content.decode()
    assert 'name="delete"' not in form.content.decode()

    before = state()
    posted = {"row": str(published.pk), "delete": "1"}
    refused = gm_client.post(row_url(campaign), posted, headers=HTMX).content.decode()
    assert refused.lstrip().startswith(f'<tr data-row="{published.pk}" data-editing')
    assert f'<div class="alert alert-danger" role="alert">Not deleted. {why}' in refused
    plain = gm_client.post(row_url(campaign), posted)
    assert plain.status_code == 400
    assert f"“Military (copy)” was not deleted. {why}" in plain.content.decode()
    assert state() == before


def test_a_career_published_since_its_row_was_read_is_not_deleted(
    gm: User, campaign: Campaign, copied: HomebrewCareer
) -> None:
    """The kind is asked again with the row locked: a publish on the career's page between
    the GM opening the row and pressing Delete keeps it."""
    read = content_row_view(campaign=campaign, kind=CAREERS, key=str(copied.pk))
    assert read is not None
    assert read.delete_refusal == ""
    homebrew_career_publish(career=copied, by=gm)
    with pytest.raises(ContentConflict, match="Published as version 1"):
        content_delete_row(campaign=campaign, by=gm, kind=CAREERS, row=read.row)
    assert HomebrewCareer.objects.filter(pk=copied.pk).exists()


# --- Who reaches it -------------------------------------------------------------------------

GM, MEMBER, OUTSIDER, VISITOR = "gm", "player", "outsider", "visitor"


def requests(campaign: Campaign, career: HomebrewCareer) -> list[tuple[str, str, dict[str, str]]]:
    """Every desk request on this kind: (method, URL, data)."""
    row = {"row": str(career.pk)}
    renamed = {f"edit-survival_{learner}": "5" for learner in ("action", "academic", "balanced")}
    renamed["edit-name"] = "Hijacked"
    return [
        ("get", reverse("desk:content", args=[campaign.id]), {}),
        ("get", page_url(campaign), {}),
        ("post", page_url(campaign), add_data("Belter")),
        ("get", row_url(campaign), row),
        ("post", row_url(campaign), {**row, **renamed}),
        ("post", row_url(campaign), {**row, "delete": "1"}),
    ]


@pytest.mark.parametrize("who", [GM, MEMBER, OUTSIDER, VISITOR])
def test_only_the_gm_reaches_the_careers_on_the_desk(
    request: pytest.FixtureRequest, who: str, campaign: Campaign, blank: HomebrewCareer
) -> None:
    client = Client() if who == VISITOR else request.getfixturevalue(f"{who}_client")
    for method, url, data in requests(campaign, blank):
        before = state()
        response = getattr(client, method)(url, data)
        if who == GM:
            assert response.status_code in {200, 302}, (method, url)
            continue
        if who == VISITOR:
            assert response.status_code == 302
            assert response["Location"].startswith(reverse("login"))
        else:
            assert response.status_code == 404, (method, url)
        assert state() == before
    if who == GM:  # the same requests did reach the careers
        assert list(HomebrewCareer.objects.values_list("name", flat=True)) == ["Belter"]


def test_another_campaigns_career_is_not_reached(
    gm_client: Client, outsider: User, campaign: Campaign, rules_data: None
) -> None:
    from chargen.campaigns.services import campaign_create

    theirs = homebrew_career_create(
        campaign=campaign_create(gm=outsider, name="Dave's game"), by=outsider
    )
    before = state()
    for data in ({"row": str(theirs.pk), "edit-name": "Hijacked"}, {"row": str(theirs.pk)}):
        assert gm_client.post(row_url(campaign), data).status_code == 404
    assert (
        gm_client.post(row_url(campaign), {"row": str(theirs.pk), "delete": "1"}).status_code == 404
    )
    assert state() == before


# --- GM text is escaped ---------------------------------------------------------------------


def test_the_gms_text_is_escaped_in_the_list_the_row_and_its_form(
    gm_client: Client, gm: User, campaign: Campaign, copied: HomebrewCareer
) -> None:
    draft = career_from_json(copied.draft)
    hostile = replace(
        draft,
        name=SCRIPT,
        specialisations=tuple((roll, SCRIPT) for roll, _ in draft.specialisations),
    )
    homebrew_career_save(career=copied, by=gm, draft=hostile)
    pages = [
        gm_client.get(reverse("desk:content", args=[campaign.id])),
        gm_client.get(page_url(campaign)),
        gm_client.get(row_url(campaign), {"row": str(copied.pk)}, headers=HTMX),
        gm_client.get(row_url(campaign), {"row": str(copied.pk), "cancel": "1"}, headers=HTMX),
    ]
    data = row_form(gm_client, campaign, copied)
    data["edit-table_0"] = data["edit-table_0"].replace("7: Swim", f"7: {SCRIPT}")
    refused = gm_client.post(row_url(campaign), data, headers=HTMX)
    assert f"There is no skill called “{escape(SCRIPT)}”" in refused.content.decode()
    pages.append(refused)
    for response in pages:
        content = response.content.decode()
        assert response.status_code == 200
        assert "<script>alert(1)" not in content
        assert escape(SCRIPT) in content
