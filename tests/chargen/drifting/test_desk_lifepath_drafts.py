"""Drifting declares its lifepath drafts to the desk through the systems registry: the
desk's row editor writes and edits them like any game's rows, only for the campaign's
GM, and publishing stays on the campaign's lifepaths page with its checks."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.drifting import lifepath_drafts as drafts
from chargen.drifting.campaign_rules import DRIFTING
from chargen.drifting.models import Lifepath, LifepathDraft


def desk_url(name: str, campaign: Campaign, **more: str) -> str:
    return reverse(f"desk:{name}", kwargs={"campaign_id": campaign.id, **more})


def management(total: int, initial: int) -> dict[str, str]:
    return {
        "lifepaths-TOTAL_FORMS": str(total),
        "lifepaths-INITIAL_FORMS": str(initial),
        "lifepaths-MIN_NUM_FORMS": "0",
        "lifepaths-MAX_NUM_FORMS": "1000",
    }


def new_row(index: int, name: str, grants: str, requires: str = "") -> dict[str, str]:
    return {
        f"lifepaths-{index}-name": name,
        f"lifepaths-{index}-region": "Storm",
        f"lifepaths-{index}-description": "",
        f"lifepaths-{index}-grants": grants,
        f"lifepaths-{index}-requires": requires,
    }


def test_the_gm_writes_a_draft_on_the_desk_and_publishes_it_on_the_lifepaths_page(
    gm_client: Client, campaign: Campaign, lifepaths: dict[str, Lifepath]
) -> None:
    overview = gm_client.get(desk_url("content", campaign))
    assert overview.status_code == 200
    assert "Lifepath drafts" in overview.content.decode()

    response = gm_client.post(
        desk_url("content_kind", campaign, kind_slug="lifepaths"),
        {**management(1, 0), **new_row(0, "Storm guide", "focus: Survival ×2", "Born on Storm")},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    draft = LifepathDraft.objects.get(campaign=campaign)
    assert draft.grants == [{"kind": "focus", "name": "Survival", "count": 2}]
    assert draft.requires == ["Born on Storm"]
    assert not Lifepath.objects.filter(campaign=campaign).exists()  # a draft, not offered

    gm_client.post(
        reverse(
            "drifting:lifepath_draft_publish",
            kwargs={"campaign_id": campaign.id, "draft_id": draft.id},
        )
    )
    published = Lifepath.objects.get(campaign=campaign)
    assert (published.name, published.version) == ("Storm guide", 1)
    assert (
        "Storm guide (homebrew v1, published)"
        in gm_client.get(desk_url("content", campaign)).content.decode()
    )


def test_a_malformed_grant_line_is_refused_at_its_field_on_the_desk(
    gm_client: Client, campaign: Campaign
) -> None:
    response = gm_client.post(
        desk_url("content_kind", campaign, kind_slug="lifepaths"),
        {**management(1, 0), **new_row(0, "Storm guide", "Survival")},
    )
    assert response.status_code in (200, 400)
    assert "“Survival” should read like “focus: Firearms”." in response.content.decode()
    assert not LifepathDraft.objects.exists()


def test_another_campaigns_draft_posted_on_the_desk_is_not_edited(
    gm_client: Client, gm: User, campaign: Campaign, outsider: User
) -> None:
    daves = Campaign.objects.create(gm=outsider, name="Dave's drift", game=DRIFTING)
    theirs = drafts.lifepath_draft_create(
        campaign=daves,
        by=outsider,
        fields=drafts.DraftFields(name="Secret", region="", description="", requires=(), grants=()),
    )
    data = {**management(1, 1), "lifepaths-0-id": str(theirs.pk)}
    data.update(new_row(0, "Hijacked", "focus: Theft"))
    gm_client.post(desk_url("content_kind", campaign, kind_slug="lifepaths"), data)
    theirs.refresh_from_db()
    assert theirs.name == "Secret"
    assert theirs.campaign == daves


@pytest.mark.parametrize("who", ["player_client", "outsider_client"])
def test_only_the_gm_reaches_the_desks_lifepath_drafts(
    campaign: Campaign, who: str, request: pytest.FixtureRequest
) -> None:
    client: Client = request.getfixturevalue(who)
    assert client.get(desk_url("content", campaign)).status_code == 404
    response = client.post(
        desk_url("content_kind", campaign, kind_slug="lifepaths"),
        {**management(1, 0), **new_row(0, "Storm guide", "focus: Survival")},
    )
    assert response.status_code == 404
    assert not LifepathDraft.objects.exists()
