"""Who reaches a campaign's lifepaths pages: only its GM writes, copies, edits, withdraws
or offers again, publishes, discards and moves packs; its members read the published
lifepaths; nobody else reads anything, and nobody reads another campaign's draft. Every
refusal changes no row."""

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
from chargen.drifting.lifepath_offer_form import OFFER as OFFER_CHOICE
from chargen.drifting.lifepath_offer_form import WITHDRAW as WITHDRAW_CHOICE
from chargen.drifting.lifepath_withdrawal import lifepath_offer_change
from chargen.drifting.models import Lifepath, LifepathDraft, WithdrawnLifepath
from rules import drifting as rules


@pytest.fixture
def world(
    gm: User,
    outsider: User,
    campaign: Campaign,
    lifepaths: dict[str, Lifepath],
    storm_guide: Lifepath,
) -> dict[str, object]:
    """Alice's campaign with a published lifepath and a draft; Dave's own campaign with a
    draft of his."""
    guide = storm_guide
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
    hidden = lifepaths["grifter"]
    lifepath_offer_change(campaign=campaign, by=gm, lifepath=hidden, offered=False)
    return {
        "campaign": campaign,
        "guide": guide,
        "hidden": hidden,
        "draft": draft,
        "daves": daves,
        "daves_guide": daves_guide,
        "daves_draft": daves_draft,
    }


def fingerprint() -> tuple[object, ...]:
    return (
        tuple(Lifepath.objects.order_by("pk").values_list("pk", "name", "version")),
        tuple(LifepathDraft.objects.order_by("pk").values_list("pk", "name", "updated")),
        tuple(WithdrawnLifepath.objects.order_by("pk").values_list("campaign", "lifepath")),
    )


Ids = Callable[[dict[str, object]], dict[str, object]]


def _campaign(world: dict[str, object]) -> dict[str, object]:
    return {"campaign_id": world["campaign"].id}  # type: ignore[attr-defined]


def _lifepath(world: dict[str, object]) -> dict[str, object]:
    return {**_campaign(world), "lifepath_id": world["guide"].id}  # type: ignore[attr-defined]


def _hidden(world: dict[str, object]) -> dict[str, object]:
    return {**_campaign(world), "lifepath_id": world["hidden"].id}  # type: ignore[attr-defined]


def _draft(world: dict[str, object]) -> dict[str, object]:
    return {**_campaign(world), "draft_id": world["draft"].id}  # type: ignore[attr-defined]


WRITTEN = {"name": "Storm ranger", "region": "", "description": "", "grants": "focus: Survival"}
WITHDRAW = {"offered": WITHDRAW_CHOICE}
OFFER = {"offered": OFFER_CHOICE}

# Every URL of the lifepaths pages but the members' list: (URL name, method, its
# arguments, what is posted, the GM's answer: a page, a redirect after a change, or the
# refused form when the pack import posts no file).
GM_ONLY: list[tuple[str, str, Ids, dict[str, str], int]] = [
    ("lifepath_write", "post", _campaign, WRITTEN, 302),
    ("lifepath_copy", "post", _lifepath, {}, 302),
    ("lifepath_edit", "post", _lifepath, {}, 302),
    ("lifepath_offer", "post", _lifepath, WITHDRAW, 302),
    ("lifepath_offer", "post", _hidden, OFFER, 302),
    ("lifepath_draft", "get", _draft, {}, 200),
    ("lifepath_draft", "post", _draft, WRITTEN, 302),
    ("lifepath_draft_publish", "post", _draft, {}, 302),
    ("lifepath_draft_discard", "post", _draft, {}, 302),
    ("lifepath_pack_export", "get", _campaign, {}, 200),
    ("lifepath_pack_import", "post", _campaign, {}, 400),
]
# Anyone but the GM: a member and an outsider learn nothing (404), a visitor logs in.
NOT_THE_GM = {"player_client": 404, "outsider_client": 404, "client": 302}
TABLE = [
    pytest.param(name, method, ids, data, who, status, id=f"{name}-{data or method}-{who}")
    for name, method, ids, data, gm_status in GM_ONLY
    for who, status in [("gm_client", gm_status), *NOT_THE_GM.items()]
]


@pytest.mark.parametrize(("name", "method", "ids", "data", "who", "status"), TABLE)
def test_who_reaches_each_writing_url(
    world: dict[str, object],
    name: str,
    method: str,
    ids: Ids,
    data: dict[str, str],
    who: str,
    status: int,
    request: pytest.FixtureRequest,
) -> None:
    client: Client = request.getfixturevalue(who)
    before = fingerprint()
    response = getattr(client, method)(reverse(f"drifting:{name}", kwargs=ids(world)), data)
    assert response.status_code == status
    if who == "client":
        assert "login" in response["Location"]
    if who != "gm_client":
        assert fingerprint() == before


def test_members_read_the_published_lifepaths_and_no_draft(
    world: dict[str, object], player_client: Client
) -> None:
    page = player_client.get(reverse("drifting:lifepaths", kwargs=_campaign(world)))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Storm guide" in text
    # The same badge as a homebrew career's (tests/chargen/core/test_homebrew_badge.py).
    assert '<span class="badge text-bg-info" data-homebrew>homebrew v1</span>' in text
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


@pytest.mark.parametrize("name", ["lifepath_copy", "lifepath_edit", "lifepath_offer"])
def test_another_campaigns_lifepath_is_not_copied_edited_nor_withdrawn(
    world: dict[str, object], gm_client: Client, name: str
) -> None:
    before = fingerprint()
    ids = {**_campaign(world), "lifepath_id": world["daves_guide"].id}  # type: ignore[attr-defined]
    assert gm_client.post(reverse(f"drifting:{name}", kwargs=ids), WITHDRAW).status_code == 404
    assert fingerprint() == before


@pytest.mark.parametrize(
    "name",
    [
        "lifepath_write",
        "lifepath_copy",
        "lifepath_edit",
        "lifepath_offer",
        "lifepath_draft_publish",
        "lifepath_draft_discard",
        "lifepath_pack_import",
    ],
)
def test_no_get_changes_anything(world: dict[str, object], gm_client: Client, name: str) -> None:
    ids = {"lifepath_copy": _lifepath, "lifepath_edit": _lifepath, "lifepath_offer": _lifepath}.get(
        name, _draft if "draft" in name else _campaign
    )
    before = fingerprint()
    assert gm_client.get(reverse(f"drifting:{name}", kwargs=ids(world))).status_code == 405
    assert fingerprint() == before
