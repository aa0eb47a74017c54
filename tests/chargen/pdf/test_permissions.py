"""A PDF is reached through the same permission check as the page it prints: whoever
may open the sheet (or the party print) gets its PDF, and everyone else gets exactly
what the sheet gives them (404, or the log-in page). Nobody changes anything by GET,
and the PDF addresses take no POST."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from chargen.drifting.campaign_rules import DRIFTING
from chargen.drifting.models import Character as Drifter
from chargen.infinity_drive.models import Character
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from tests.chargen.security.conftest import database_fingerprint
from tests.e2e.test_print import finished_treva

VIEWERS = ("owner", "gm", "member", "outsider", "anonymous")


@pytest.fixture
def clients(
    player_client: Client,
    gm_client: Client,
    other_player_client: Client,
    outsider_client: Client,
) -> dict[str, Client]:
    return {
        "owner": player_client,
        "gm": gm_client,
        "member": other_player_client,
        "outsider": outsider_client,
        "anonymous": Client(),
    }


@pytest.fixture
def pairs(
    party: Campaign,
    player: User,
    gm: User,
    other_player: User,
    jim: Drifter,
    leanne: UniqueCharacter,
    mage: ManaCharacter,
) -> dict[str, tuple[str, str]]:
    """(the page, its PDF) for every kind of printable sheet, in a campaign where one applies."""
    approved = finished_treva(player, campaign=party)
    draft = Character.objects.create(owner=player, campaign=party, name="Draft")
    drifting = Campaign.objects.create(gm=gm, name="Lost on Storm", game=DRIFTING)
    Membership.objects.create(campaign=drifting, user=player)
    Membership.objects.create(campaign=drifting, user=other_player)
    jim.campaign = drifting
    jim.save()
    return {
        "approved": (
            reverse("characters:sheet", args=[approved.id]),
            reverse("characters:pdf", args=[approved.id]),
        ),
        "draft": (
            reverse("characters:sheet", args=[draft.id]),
            reverse("characters:pdf", args=[draft.id]),
        ),
        "party": (
            reverse("desk:party_print", args=[party.id]),
            reverse("desk:party_pdf", args=[party.id]),
        ),
        "drifting": (
            reverse("drifting:character", args=[jim.id]),
            reverse("drifting:pdf", args=[jim.id]),
        ),
        "unique": (
            reverse("rollers:unique", args=[leanne.id]),
            reverse("rollers:unique_pdf", args=[leanne.id]),
        ),
        "mana": (
            reverse("rollers:mana", args=[mage.id]),
            reverse("rollers:mana_pdf", args=[mage.id]),
        ),
    }


def test_each_pdf_answers_everyone_as_its_page_does(
    clients: dict[str, Client], pairs: dict[str, tuple[str, str]]
) -> None:
    before = database_fingerprint()
    answers = {}
    for kind, (page_url, pdf_url) in pairs.items():
        for who in VIEWERS:
            page = clients[who].get(page_url)
            pdf = clients[who].get(pdf_url)
            answers[kind, who] = (page.status_code, pdf.status_code)
            if page.status_code == 200:
                assert pdf["Content-Type"] == "application/pdf", (kind, who)
            elif page.status_code == 302:
                assert pdf.status_code == 302, (kind, who)
                assert pdf["Location"].startswith(reverse("login")), (kind, who)
            else:
                assert pdf.status_code == page.status_code, (kind, who)
    # The answers themselves, so a page and its PDF cannot both drift open together.
    assert {key: pdf for key, (_, pdf) in answers.items()} == {
        ("approved", "owner"): 200,
        ("approved", "gm"): 200,
        ("approved", "member"): 200,
        ("approved", "outsider"): 404,
        ("approved", "anonymous"): 302,
        ("draft", "owner"): answers["draft", "owner"][0],
        ("draft", "gm"): answers["draft", "gm"][0],
        ("draft", "member"): 404,
        ("draft", "outsider"): 404,
        ("draft", "anonymous"): 302,
        ("party", "owner"): 200,
        ("party", "gm"): 200,
        ("party", "member"): 200,
        ("party", "outsider"): 404,
        ("party", "anonymous"): 302,
        ("drifting", "owner"): 200,
        ("drifting", "gm"): 200,
        ("drifting", "member"): 404,
        ("drifting", "outsider"): 404,
        ("drifting", "anonymous"): 302,
        ("unique", "owner"): 200,
        ("unique", "gm"): 404,
        ("unique", "member"): 404,
        ("unique", "outsider"): 404,
        ("unique", "anonymous"): 302,
        ("mana", "owner"): 200,
        ("mana", "gm"): 404,
        ("mana", "member"): 404,
        ("mana", "outsider"): 404,
        ("mana", "anonymous"): 302,
    }
    assert database_fingerprint() == before


def test_a_pdf_takes_no_post(clients: dict[str, Client], pairs: dict[str, tuple[str, str]]) -> None:
    for kind, (_, pdf_url) in pairs.items():
        assert clients["owner"].post(pdf_url).status_code == 405, kind


def test_each_sheet_page_links_to_its_pdf(
    clients: dict[str, Client], pairs: dict[str, tuple[str, str]]
) -> None:
    for kind, (page_url, pdf_url) in pairs.items():
        if kind == "draft":
            continue  # a draft has no sheet yet, whatever its PDF address answers
        link = f'href="{pdf_url}"'.encode()
        if kind == "party":
            # The GM's party page and the party print, which members open too.
            party_page = pdf_url.replace("/party/pdf/", "/party/")
            assert link in clients["gm"].get(party_page).content
            assert link in clients["member"].get(page_url).content
            continue
        assert link in clients["owner"].get(page_url).content, kind
