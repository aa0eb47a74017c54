"""Who reaches a campaign's lifepaths pages: only its GM writes, copies, edits, publishes,
discards and moves packs; its members read the published lifepaths; nobody else reads
anything, and nobody reads another campaign's draft. Every refusal changes no row."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.drifting import lifepath_drafts as drafts
from chargen.drifting import services
from chargen.drifting.campaign_rules import DRIFTING
from chargen.drifting.models import Lifepath, LifepathDraft
from rules import drifting as rules


@pytest.fixture
def world(
    gm: User, outsider: User, campaign: Campaign, lifepaths: dict[str, Lifepath]
) -> dict[str, object]:
    """Alice's campaign with a published lifepath and a draft; Dave's own campaign with a
    draft of his."""
    guide = services.campaign_lifepath_add(
        campaign=campaign,
        by=gm,
        name="Storm guide",
        description="",
        region="Storm",
        grants=[rules.TokenGrant(rules.TokenKind.FOCUS, "Survival")],
    )
    draft = drafts.lifepath_draft_for_edit(campaign=campaign, by=gm, lifepath=guide)
    daves = Campaign.objects.create(gm=outsider, name="Dave's drift", game=DRIFTING)
    daves_guide = services.campaign_lifepath_add(
        campaign=daves,
        by=outsider,
        name="Dave's guide",
        description="",
        region="",
        grants=[rules.TokenGrant(rules.TokenKind.FOCUS, "Secrets")],
    )
    daves_draft = drafts.lifepath_draft_for_edit(campaign=daves, by=outsider, lifepath=daves_guide)
    return {
        "campaign": campaign,
        "guide": guide,
        "draft": draft,
        "daves": daves,
        "daves_guide": daves_guide,
        "daves_draft": daves_draft,
    }


def fingerprint() -> tuple[object, ...]:
    return (
        tuple(Lifepath.objects.order_by("pk").values_list("pk", "name", "version")),
        tuple(LifepathDraft.objects.order_by("pk").values_list("pk", "name", "updated")),
    )


Route = tuple[str, str, Callable[[dict[str, object]], dict[str, object]]]


def _campaign(world: dict[str, object]) -> dict[str, object]:
    return {"campaign_id": world["campaign"].id}  # type: ignore[attr-defined]


def _lifepath(world: dict[str, object]) -> dict[str, object]:
    return {**_campaign(world), "lifepath_id": world["guide"].id}  # type: ignore[attr-defined]


def _draft(world: dict[str, object]) -> dict[str, object]:
    return {**_campaign(world), "draft_id": world["draft"].id}  # type: ignore[attr-defined]


# (URL name, method, its arguments): every URL of the lifepaths pages but the members' list.
GM_ONLY: list[Route] = [
    ("lifepath_write", "post", _campaign),
    ("lifepath_copy", "post", _lifepath),
    ("lifepath_edit", "post", _lifepath),
    ("lifepath_draft", "get", _draft),
    ("lifepath_draft", "post", _draft),
    ("lifepath_draft_publish", "post", _draft),
    ("lifepath_draft_discard", "post", _draft),
    ("lifepath_pack_export", "get", _campaign),
    ("lifepath_pack_import", "post", _campaign),
]
WRITTEN = {"name": "Storm ranger", "region": "", "description": "", "grants": "focus: Survival"}


@pytest.mark.parametrize(("name", "method", "ids"), GM_ONLY)
@pytest.mark.parametrize("who", ["player_client", "outsider_client"])
def test_only_the_gm_reaches_the_writing_pages(
    world: dict[str, object],
    name: str,
    method: str,
    ids: Callable[[dict[str, object]], dict[str, object]],
    who: str,
    request: pytest.FixtureRequest,
) -> None:
    client: Client = request.getfixturevalue(who)
    before = fingerprint()
    response = getattr(client, method)(reverse(f"drifting:{name}", kwargs=ids(world)), WRITTEN)
    assert response.status_code == 404
    assert fingerprint() == before


@pytest.mark.parametrize(("name", "method", "ids"), GM_ONLY)
def test_a_visitor_is_sent_to_log_in(
    world: dict[str, object],
    name: str,
    method: str,
    ids: Callable[[dict[str, object]], dict[str, object]],
    client: Client,
) -> None:
    before = fingerprint()
    response = getattr(client, method)(reverse(f"drifting:{name}", kwargs=ids(world)), WRITTEN)
    assert response.status_code == 302
    assert "/login/" in response["Location"] or "login" in response["Location"]
    assert fingerprint() == before


@pytest.mark.parametrize(("name", "method", "ids"), GM_ONLY)
def test_the_gm_reaches_each_writing_page(
    world: dict[str, object],
    name: str,
    method: str,
    ids: Callable[[dict[str, object]], dict[str, object]],
    gm_client: Client,
) -> None:
    response = getattr(gm_client, method)(reverse(f"drifting:{name}", kwargs=ids(world)), WRITTEN)
    # A page, a redirect after a change, or the refused form (the pack import posted no file).
    assert response.status_code in (200, 302, 400)
    assert response.status_code != 400 or name == "lifepath_pack_import"


def test_members_read_the_published_lifepaths_and_no_draft(
    world: dict[str, object], player_client: Client
) -> None:
    page = player_client.get(reverse("drifting:lifepaths", kwargs=_campaign(world)))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Storm guide" in text
    assert "data-homebrew" in text
    assert str(world["draft"].pk) not in text  # type: ignore[attr-defined]
    assert "Write a lifepath" not in text
    assert "Drafts" not in text


def test_outsiders_read_nothing_of_the_campaigns_lifepaths(
    world: dict[str, object], outsider_client: Client, client: Client
) -> None:
    url = reverse("drifting:lifepaths", kwargs=_campaign(world))
    assert outsider_client.get(url).status_code == 404
    assert client.get(url).status_code == 302


@pytest.mark.parametrize(
    "name", ["lifepath_draft", "lifepath_draft_publish", "lifepath_draft_discard"]
)
def test_nobody_reaches_another_campaigns_draft_through_their_own(
    world: dict[str, object], gm_client: Client, name: str
) -> None:
    """Alice's own campaign id with Dave's draft id: a 404, and Dave's draft unchanged."""
    before = fingerprint()
    ids = {**_campaign(world), "draft_id": world["daves_draft"].id}  # type: ignore[attr-defined]
    method = gm_client.get if name == "lifepath_draft" else gm_client.post
    assert method(reverse(f"drifting:{name}", kwargs=ids), WRITTEN).status_code == 404
    assert fingerprint() == before


@pytest.mark.parametrize("name", ["lifepath_copy", "lifepath_edit"])
def test_another_campaigns_lifepath_is_not_copied_nor_edited(
    world: dict[str, object], gm_client: Client, name: str
) -> None:
    before = fingerprint()
    ids = {**_campaign(world), "lifepath_id": world["daves_guide"].id}  # type: ignore[attr-defined]
    assert gm_client.post(reverse(f"drifting:{name}", kwargs=ids)).status_code == 404
    assert fingerprint() == before


@pytest.mark.parametrize(
    "name",
    [
        "lifepath_write",
        "lifepath_copy",
        "lifepath_edit",
        "lifepath_draft_publish",
        "lifepath_draft_discard",
        "lifepath_pack_import",
    ],
)
def test_no_get_changes_anything(world: dict[str, object], gm_client: Client, name: str) -> None:
    ids = {"lifepath_copy": _lifepath, "lifepath_edit": _lifepath}.get(
        name, _draft if "draft" in name else _campaign
    )
    before = fingerprint()
    assert gm_client.get(reverse(f"drifting:{name}", kwargs=ids(world))).status_code == 405
    assert fingerprint() == before
