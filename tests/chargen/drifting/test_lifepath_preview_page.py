"""The lifepaths page shows its GM, before publishing, the set a new character would choose
from once every draft is published: each lifepath with what comes before it and what it
grants, how early a life reaches it, and the checks' findings. Members and outsiders never
see it, and the GM's own words are drawn as text."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.drifting import lifepath_drafts as drafts
from chargen.drifting.models import Lifepath
from rules import drifting as rules
from tests.chargen.drifting.lifepath_drafts_helpers import new_draft, next_version


def page_url(campaign: Campaign) -> str:
    return reverse("drifting:lifepaths", kwargs={"campaign_id": campaign.id})


def preview_item(response: Any, name: str) -> str:
    """The words of the preview's item for the lifepath `name`."""
    text = response.content.decode()
    section = text[text.index('id="set-preview"') :]
    item = section[section.index(f'data-preview-lifepath="{name}"') :]
    item = item[item.index(">") + 1 : item.index("</li>")]
    return " ".join(re.sub(r"<[^>]+>", " ", item).split())


def test_the_gm_sees_each_lifepaths_place_and_what_a_draft_cuts_off(
    gm: User, gm_client: Client, campaign: Campaign, storm_guide: Lifepath
) -> None:
    ranger = new_draft(
        gm,
        campaign,
        "Canopy ranger",
        region="Storm",
        requires=("Storm guide",),
        grants=(rules.GrantLine("reputation", "Canopy-wise"),),
    )
    drafts.lifepath_publish(draft=ranger, by=gm)

    page = gm_client.get(page_url(campaign))
    assert page.status_code == 200
    assert preview_item(page, "Canopy ranger").startswith(
        "Canopy ranger published Storm 1 × Canopy-wise (Reputation) · only after Storm guide"
    )
    assert "Can be lifepath 2 of a life at the earliest." in preview_item(page, "Canopy ranger")
    assert "may come first" in preview_item(page, "Storm guide")
    assert "data-cut-off" not in page.content.decode()

    # Renaming the guide in a draft leaves no life reaching the ranger: said before publishing.
    next_version(gm, campaign, storm_guide, name="Storm walker")
    page = gm_client.get(page_url(campaign))
    walker = preview_item(page, "Storm walker")
    assert "draft: next version of Storm guide" in walker
    ranger_now = preview_item(page, "Canopy ranger")
    assert "No life reaches it. A life reaches it now." in ranger_now
    assert "“Storm guide” is no lifepath here" in ranger_now
    text = " ".join(re.sub(r"<[^>]+>", " ", page.content.decode()).split())
    assert "Publishing the drafts would leave no life reaching Canopy ranger" in text
    # Nothing was published by looking.
    assert Lifepath.objects.get(pk=storm_guide.pk).name == "Storm guide"


def test_members_and_outsiders_never_see_the_preview(
    gm: User,
    player_client: Client,
    outsider_client: Client,
    campaign: Campaign,
    storm_guide: Lifepath,
) -> None:
    next_version(gm, campaign, storm_guide, name="Storm walker")
    members = player_client.get(page_url(campaign))
    assert members.status_code == 200
    assert "set-preview" not in members.content.decode()
    assert "Storm walker" not in members.content.decode()
    assert outsider_client.get(page_url(campaign)).status_code == 404


def test_the_gms_words_are_drawn_as_text_in_the_preview(
    gm: User, gm_client: Client, campaign: Campaign, storm_guide: Lifepath
) -> None:
    new_draft(
        gm,
        campaign,
        "<b>Bold</b> guide",
        region="<i>Storm</i>",
        requires=("<script>alert(1)</script>",),
        grants=(rules.GrantLine("focus", "<em>Luck</em>"),),
    )
    content = gm_client.get(page_url(campaign)).content.decode()
    preview = content[content.index('id="set-preview"') :]
    for raw in ("<b>Bold</b>", "<i>Storm</i>", "<script>alert(1)</script>", "<em>Luck</em>"):
        assert raw not in preview
    assert "&lt;b&gt;Bold&lt;/b&gt; guide" in preview
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in preview
    assert "1 × &lt;em&gt;Luck&lt;/em&gt; (Focus)" in preview
