"""A GM's own Drifting lifepaths: written, copied and edited as drafts, refused at the
field when the campaign's set would break, published as versions that characters built
before never see."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from io import BytesIO
from typing import Any

import pdfplumber
import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.core import roll_keys
from chargen.core.export import character_item
from chargen.drifting import lifepath_drafts as drafts
from chargen.drifting import services
from chargen.drifting.campaign_rules import DRIFTING, DRIFTING_RULES, DriftingHouseRules
from chargen.drifting.export import EXPORTER
from chargen.drifting.lifepath_withdrawal import lifepath_offer_change
from chargen.drifting.models import Character, Lifepath, LifepathDraft
from chargen.drifting.pinned import current_lifepath_version, lifepaths_for_version
from chargen.drifting.rule_upgrade import (
    character_move_to_current_lifepaths,
    lifepath_upgrade_preview,
)
from rules import drifting as rules
from tests.chargen.drifting.lifepath_drafts_helpers import next_version


def lifepaths_url(campaign: Campaign, name: str = "lifepaths", **ids: Any) -> str:
    return reverse(f"drifting:{name}", kwargs={"campaign_id": campaign.id, **ids})


def written(**changes: str) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": "Storm guide",
        "region": "Storm",
        "description": "",
        "grants": "focus: Survival ×2\nreputation: Storm-wise",
    }
    return {**data, **changes}


def write_draft(client: Client, campaign: Campaign, **changes: Any) -> LifepathDraft:
    response = client.post(lifepaths_url(campaign, "lifepath_write"), written(**changes))
    assert response.status_code == 302, response.content.decode()[:2000]
    return LifepathDraft.objects.get(name=written(**changes)["name"].strip())


def publish(client: Client, draft: LifepathDraft) -> Any:
    return client.post(lifepaths_url(draft.campaign, "lifepath_draft_publish", draft_id=draft.id))


def words(response: Any) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def test_a_draft_is_offered_to_nobody_until_published(
    gm_client: Client, campaign: Campaign, lifepaths: dict[str, Lifepath]
) -> None:
    before = current_lifepath_version(campaign)
    draft = write_draft(gm_client, campaign)
    assert not Lifepath.objects.filter(name="Storm guide").exists()
    assert current_lifepath_version(campaign) == before

    response = publish(gm_client, draft)

    assert response.status_code == 302
    published = Lifepath.objects.get(name="Storm guide", campaign=campaign)
    assert published.version == 1
    assert sorted((g.kind, g.name, g.count) for g in published.grants.all()) == [
        ("focus", "Survival", 2),
        ("reputation", "Storm-wise", 1),
    ]
    assert not LifepathDraft.objects.exists()
    offered = lifepaths_for_version(current_lifepath_version(campaign))
    homebrew = [lifepath for lifepath in offered if lifepath.homebrew]
    assert [(lifepath.name, lifepath.homebrew_version) for lifepath in homebrew] == [
        ("Storm guide", 1)
    ]
    # Not in another campaign, nor outside any.
    assert all(
        not lifepath.homebrew for lifepath in lifepaths_for_version(current_lifepath_version(None))
    )


def test_a_second_post_of_a_publish_is_answered_as_the_first(
    gm_client: Client, campaign: Campaign, lifepaths: dict[str, Lifepath]
) -> None:
    draft = write_draft(gm_client, campaign)
    publish(gm_client, draft)
    again = publish(gm_client, draft)
    assert again.status_code == 302
    assert Lifepath.objects.filter(name="Storm guide").count() == 1
    assert Lifepath.objects.get(name="Storm guide").version == 1


def test_editing_publishes_the_next_version_of_the_same_lifepath(
    gm_client: Client, campaign: Campaign, lifepaths: dict[str, Lifepath]
) -> None:
    publish(gm_client, write_draft(gm_client, campaign))
    published = Lifepath.objects.get(name="Storm guide")

    opened = gm_client.post(lifepaths_url(campaign, "lifepath_edit", lifepath_id=published.id))
    draft = LifepathDraft.objects.get(replaces=published)
    assert opened["Location"] == lifepaths_url(campaign, "lifepath_draft", draft_id=draft.id)
    # Opening it again finds the same draft.
    gm_client.post(lifepaths_url(campaign, "lifepath_edit", lifepath_id=published.id))
    assert LifepathDraft.objects.count() == 1

    page = gm_client.get(opened["Location"])
    assert page.status_code == 200
    assert "Publish as version 2" in words(page)
    saved = gm_client.post(
        opened["Location"],
        {
            **written(grants="focus: Survival ×3", region="Storm's canopy"),
            "requires": ["Born on Storm"],
        },
    )
    assert saved.status_code == 302
    publish(gm_client, draft)

    published.refresh_from_db()
    assert published.version == 2
    assert published.region == "Storm's canopy"
    assert [(g.name, g.count) for g in published.grants.all()] == [("Survival", 3)]
    assert [required.name for required in published.requires.all()] == ["Born on Storm"]


def test_copying_a_starter_lifepath_makes_a_draft_of_a_new_one(
    gm_client: Client, campaign: Campaign, lifepaths: dict[str, Lifepath]
) -> None:
    source = lifepaths["deserter"]
    response = gm_client.post(lifepaths_url(campaign, "lifepath_copy", lifepath_id=source.id))
    draft = LifepathDraft.objects.get()
    assert response["Location"] == lifepaths_url(campaign, "lifepath_draft", draft_id=draft.id)
    assert draft.name == "Deserter (copy)"
    assert draft.replaces is None
    assert sorted(draft.requires) == sorted(r.name for r in source.requires.all())
    assert publish(gm_client, draft).status_code == 302
    copy = Lifepath.objects.get(name="Deserter (copy)")
    assert copy.campaign == campaign
    assert copy.slug != source.slug
    assert {r.pk for r in copy.requires.all()} == {r.pk for r in source.requires.all()}
    # The book's lifepath itself is untouched and cannot be edited from a campaign.
    source.refresh_from_db()
    assert source.campaign is None
    assert source.version == 1
    refused = gm_client.post(lifepaths_url(campaign, "lifepath_edit", lifepath_id=source.id))
    assert refused.status_code == 302
    assert not LifepathDraft.objects.filter(replaces=source).exists()


def test_the_gm_sees_each_lifepaths_requirement(
    gm_client: Client, campaign: Campaign, lifepaths: dict[str, Lifepath]
) -> None:
    page = gm_client.get(lifepaths_url(campaign))
    assert "Deserter starter set Exile space" in words(page)
    assert "only after United Systems marine or Marine veteran" in words(page)


# --- Each broken lifepath refused at its field, through the GM's form --------------------


def refused_page(client: Client, draft: LifepathDraft) -> Any:
    response = publish(client, draft)
    assert response.status_code == 400
    assert not Lifepath.objects.filter(campaign=draft.campaign).exists()
    assert LifepathDraft.objects.filter(pk=draft.pk).exists()
    return response


@pytest.mark.parametrize(
    ("grants", "message"),
    [
        ("psionic: Telepathy", "“psionic” (for Telepathy) is no kind of token"),
        ("", "A lifepath grants at least one token."),
        ("background: X x999999", "X: a lifepath grants 1 to 3 tokens of a type (999999 asked"),
        (
            "focus: Firearms ×3\nfocus: Dodge ×3\nreputation: Exile",
            "A lifepath grants at most 6 tokens in all; these lines grant 7.",
        ),
        ("background: Firearms", "Firearms is a focus token in"),
    ],
)
def test_broken_grants_are_refused_at_the_grants_field(
    gm_client: Client,
    campaign: Campaign,
    lifepaths: dict[str, Lifepath],
    grants: str,
    message: str,
) -> None:
    draft = write_draft(gm_client, campaign, grants=grants)
    response = refused_page(gm_client, draft)
    errors = response.context["form"].errors
    assert any(message in error for error in errors["grants"]), errors
    assert "Publishing is refused" in words(response)


def test_a_grant_line_without_a_kind_is_refused_when_written(
    gm_client: Client, campaign: Campaign
) -> None:
    response = gm_client.post(lifepaths_url(campaign, "lifepath_write"), written(grants="Survival"))
    assert response.status_code == 400
    assert response.context["new_form"].errors["grants"] == [
        "“Survival” should read like “focus: Firearms”."
    ]
    assert not LifepathDraft.objects.exists()


def test_a_name_already_used_is_refused_at_the_name(
    gm_client: Client, campaign: Campaign, lifepaths: dict[str, Lifepath]
) -> None:
    draft = write_draft(gm_client, campaign, name="deserter ")
    errors = refused_page(gm_client, draft).context["form"].errors
    assert errors["name"] == ["There is already a lifepath called Deserter."]


def test_a_lifepath_before_that_no_longer_exists_is_refused_at_the_field(
    gm_client: Client, campaign: Campaign, lifepaths: dict[str, Lifepath]
) -> None:
    draft = write_draft(gm_client, campaign)
    draft.requires = ["Pirate captain"]  # named when written; gone (renamed) since
    draft.save()
    page = gm_client.get(lifepaths_url(campaign, "lifepath_draft", draft_id=draft.id))
    assert "“Pirate captain” is no lifepath here" in " ".join(
        page.context["form"].errors["requires"]
    )
    refused_page(gm_client, draft)


def test_a_lifepath_no_life_can_reach_is_refused_at_the_field(
    gm_client: Client, campaign: Campaign, lifepaths: dict[str, Lifepath]
) -> None:
    campaign.house_rules = {DRIFTING: DRIFTING_RULES.to_json(DriftingHouseRules(lifepath_count=1))}
    campaign.save()
    draft = write_draft(gm_client, campaign, requires="Born on Storm")
    draft.requires = ["Born on Storm"]
    draft.save()
    errors = refused_page(gm_client, draft).context["form"].errors
    assert errors["requires"] == [
        "Storm guide needs 1 lifepaths before it, and a life here has 1 in all."
    ]


def test_publishing_keeps_characters_on_the_version_they_were_built_under(
    gm: User, player: User, campaign: Campaign, storm_guide: Lifepath
) -> None:
    guide = storm_guide
    character = services.character_start(owner=player)
    services.character_set_concept(
        character=character, key=character.next_sequence, name="Ada", concept="", campaign=campaign
    )
    character.refresh_from_db()
    services.character_add_lifepath(
        character=character, lifepath=guide, key=character.next_sequence
    )
    pinned = character.rule_version_id

    draft = next_version(
        gm, campaign, guide, name="Storm ranger", grants=(rules.GrantLine("focus", "Survival", 2),)
    )
    drafts.lifepath_publish(draft=draft, by=gm)

    character.refresh_from_db()
    assert character.rule_version_id == pinned
    chosen = services.chosen_lifepaths(character)
    assert [(path.name, path.homebrew_version) for path in chosen] == [("Storm guide", 1)]
    # The move to the new version lists what changes, and only then moves.
    upgrade = lifepath_upgrade_preview(character)
    assert upgrade.allowed
    changes = {change.label: (change.before, change.after) for change in upgrade.changes}
    assert changes["Lifepaths chosen"] == ("Storm guide", "Storm ranger")
    assert changes["Tokens from them"] == ("Survival ×1", "Survival ×2")
    character_move_to_current_lifepaths(character=character, version=upgrade.target or "")
    character.refresh_from_db()
    assert [(p.name, p.homebrew_version) for p in services.chosen_lifepaths(character)] == [
        ("Storm ranger", 2)
    ]


def _finished_with(player: User, campaign: Campaign, first: Lifepath) -> Character:
    character = services.character_start(owner=player)
    services.character_set_concept(
        character=character, key=character.next_sequence, name="Ada", concept="", campaign=campaign
    )
    character.refresh_from_db()
    services.character_add_lifepath(
        character=character, lifepath=first, key=character.next_sequence
    )
    open_now = services.character_lifepaths(character)
    for lifepath in open_now:
        if len(services.chosen_lifepaths(character)) == services.lifepath_limit(campaign):
            break
        try:
            services.character_add_lifepath(
                character=character, lifepath=lifepath.pk, key=character.next_sequence
            )
        except rules.DriftingError:
            continue
    services.character_review(character=character, key=character.next_sequence)
    services.character_finish(character=character, key=character.next_sequence)
    character.refresh_from_db()
    return character


# Per request: the CSRF token a form carries and the CSP nonce of a script.
PER_REQUEST = re.compile(rb'(csrfmiddlewaretoken" value="|nonce="|"X-CSRFToken": ")[^"]+')


def republish(gm: User, campaign: Campaign, guide: Lifepath) -> None:
    """The guide's next version, renamed, moved and granting something else."""
    draft = next_version(
        gm,
        campaign,
        guide,
        name="Storm ranger",
        region="The canopy",
        description="Rewritten.",
        grants=(rules.GrantLine("background", "Canopy", 3),),
    )
    drafts.lifepath_publish(draft=draft, by=gm)
    guide.refresh_from_db()
    assert (guide.version, guide.name) == (2, "Storm ranger")


def withdraw(gm: User, campaign: Campaign, guide: Lifepath) -> None:
    assert lifepath_offer_change(campaign=campaign, by=gm, lifepath=guide, offered=False)
    offered = lifepaths_for_version(current_lifepath_version(campaign))
    assert "Storm guide" not in {lifepath.name for lifepath in offered}


@pytest.mark.parametrize("change", [republish, withdraw])
def test_a_finished_sheet_and_export_are_unchanged_after_its_lifepath_changes(
    gm: User,
    player: User,
    player_client: Client,
    campaign: Campaign,
    storm_guide: Lifepath,
    change: Callable[[User, Campaign, Lifepath], None],
) -> None:
    """Republished as another lifepath, or withdrawn from the campaign: a character that
    took it replays its pinned data, so its sheet, PDF and export read the same."""
    character = _finished_with(player, campaign, storm_guide)
    sheet_url = character.get_absolute_url()
    pdf_url = reverse("drifting:pdf", kwargs={"character_id": character.id})

    def drawn() -> tuple[bytes, bytes, bytes]:
        sheet = player_client.get(sheet_url)
        assert sheet.status_code == 200
        item = character_item(
            "drifting.character", EXPORTER, character, roll_keys.known_public_keys()
        )
        pdf = player_client.get(pdf_url)
        assert pdf.status_code == 200
        return (
            PER_REQUEST.sub(rb"\1", sheet.content),
            json.dumps(item, sort_keys=True).encode(),
            "\n".join(
                page.extract_text() for page in pdfplumber.open(BytesIO(pdf.content)).pages
            ).encode(),
        )

    before = drawn()
    assert b"Storm guide" in before[0]
    assert b"homebrew" in before[0]
    assert b"Storm guide" in before[2]

    change(gm, campaign, storm_guide)

    assert drawn() == before
