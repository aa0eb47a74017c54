"""Lists say where a character stands by its status, and the player reads the GM's note
where the change is made: the review step, every wizard step while returned, the list
and the sheet."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.infinity_drive import services_finish
from chargen.infinity_drive.gm import services as desk
from chargen.infinity_drive.models import Character, CharacterStatus
from tests.chargen.house_rules import set_house_rules
from tests.chargen.infinity_drive_finish.build import equip_standard, write_history

NOTE = "Treva's age <b>34</b> is too young for Diplomacy 4: make her older."
HTMX = {"HX-Request": "true"}


def url(name: str, character: Character) -> str:
    return reverse(f"characters:{name}", args=[character.id])


@pytest.fixture
def submitted(campaign: Campaign, campaign_treva: Character, gm: User) -> Character:
    """Treva, built and sent to a GM who approves characters."""
    set_house_rules(campaign.pk, approval_required=True)
    campaign_treva.refresh_from_db()
    assert campaign_treva.race is not None
    desk.race_approve(race=campaign_treva.race, by=gm)
    equip_standard(campaign_treva)
    write_history(campaign_treva)
    services_finish.character_finish(character=campaign_treva)
    campaign_treva.refresh_from_db()
    assert campaign_treva.status == CharacterStatus.SUBMITTED
    return campaign_treva


def progress_labels(content: str) -> list[str]:
    return re.findall(r'<span class="progress-label">(.*?)</span>', content)


def pages(player_client: Client, gm_client: Client, campaign: Campaign) -> dict[str, str]:
    return {
        "home": player_client.get(reverse("home")).content.decode(),
        "list": player_client.get(reverse("characters:list")).content.decode(),
        "party": gm_client.get(reverse("desk:party", args=[campaign.id])).content.decode(),
    }


def test_labels_follow_the_status_on_home_list_and_party(
    player_client: Client,
    gm_client: Client,
    campaign: Campaign,
    submitted: Character,
    gm: User,
) -> None:
    waiting = "Waiting for the GM&#x27;s approval"
    steps = (
        (lambda: None, waiting),
        (
            lambda: desk.character_return(character=submitted, by=gm, note=NOTE),
            "Returned by the GM: see the note",
        ),
        (lambda: services_finish.character_finish(character=submitted), waiting),
        (lambda: desk.character_approve(character=submitted, by=gm), "Approved"),
    )
    for change, label in steps:
        change()
        submitted.refresh_from_db()
        shown = pages(player_client, gm_client, campaign)
        assert progress_labels(shown["home"]) == [label]
        assert progress_labels(shown["list"]) == [label]
        assert f'data-label="Progress">{label}</td>' in shown["party"]
        for page in shown.values():
            assert "Skills done" not in page


@pytest.mark.parametrize(
    ("status", "label"),
    [(CharacterStatus.FINISHED, "Finished"), (CharacterStatus.DEAD, "Dead")],
)
def test_finished_and_dead_characters_say_so(
    player_client: Client, treva: Character, status: str, label: str
) -> None:
    Character.objects.filter(pk=treva.pk).update(status=status)
    content = player_client.get(reverse("characters:list")).content.decode()
    assert progress_labels(content) == [label]


def test_a_drafts_label_follows_the_equipment_and_history_steps(
    player_client: Client, treva: Character
) -> None:
    def label() -> list[str]:
        return progress_labels(player_client.get(reverse("home")).content.decode())

    assert label() == ["Skills done: equipment next"]
    equip_standard(treva)
    assert label() == ["Equipment done: history and details next"]
    write_history(treva)
    assert label() == ["Ready to review and finish"]


def test_the_review_step_shows_the_returned_characters_note(
    player_client: Client, submitted: Character, gm: User
) -> None:
    desk.character_return(character=submitted, by=gm, note=NOTE)
    for headers in ({}, HTMX):
        content = player_client.get(url("review", submitted), headers=headers).content.decode()
        assert 'id="gm-decision"' in content
        assert "Returned by the GM" in content
        assert "alice" in content
        assert "make her older" in content
        assert "<b>34</b>" not in content  # the GM's note is escaped
        assert "&lt;b&gt;34&lt;/b&gt;" in content


def test_every_wizard_step_shows_the_note_while_returned(
    player_client: Client, submitted: Character, gm: User
) -> None:
    desk.character_return(character=submitted, by=gm, note=NOTE)
    for page in ("characteristics", "skills", "equipment", "history", "review"):
        content = player_client.get(url(page, submitted)).content.decode()
        assert "make her older" in content, page


def test_the_list_shows_the_note_beside_the_returned_character(
    player_client: Client, submitted: Character, gm: User
) -> None:
    desk.character_return(character=submitted, by=gm, note=NOTE)
    content = player_client.get(reverse("characters:list")).content.decode()
    assert "data-gm-note" in content
    assert "make her older" in content
    assert url("review", submitted) in content


def test_an_approval_note_shows_on_the_review_step_and_the_owners_sheet(
    player_client: Client, gm_client: Client, submitted: Character, gm: User
) -> None:
    desk.character_approve(character=submitted, by=gm, note="Welcome aboard.")
    review = player_client.get(url("review", submitted)).content.decode()
    assert "Approved by the GM" in review
    assert "Welcome aboard." in review
    sheet = player_client.get(url("sheet", submitted)).content.decode()
    assert "Welcome aboard." in sheet
    # The GM reads decisions at the desk; the sheet they see has no player's notice.
    assert 'id="gm-decision"' not in gm_client.get(url("sheet", submitted)).content.decode()


def test_a_draft_that_was_never_submitted_shows_no_decision(
    player_client: Client, campaign_treva: Character
) -> None:
    content = player_client.get(url("review", campaign_treva)).content.decode()
    assert 'id="gm-decision"' not in content


def test_a_character_submitted_from_the_wizard_is_an_entry_on_the_table(
    submitted: Character, gm_client: Client, campaign: Campaign
) -> None:
    html = gm_client.get(reverse("table:page", args=[campaign.id])).content.decode()
    feed = html.partition('id="table-feed"')[2]
    assert feed.count('<div class="text-break">Submitted to the GM</div>') == 1
