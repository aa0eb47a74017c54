"""Forms take only the fields they list: extra POST fields cannot set an owner, a
status, a campaign or a GM, and a posted id cannot reach someone else's row."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from django import forms
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

import chargen
from chargen.campaigns.forms import house_rules_form
from chargen.campaigns.models import Campaign
from chargen.campaigns.services import campaign_create
from chargen.content.models import EquipmentItem
from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.forms import ConceptForm, StartForm
from chargen.infinity_drive.models import Character, CharacterStatus
from chargen.infinity_drive.views_finish import DetailsForm
from tests.chargen.infinity_drive.steps import next_sequence
from tests.chargen.infinity_drive_finish.build import choose_option
from tests.chargen.security.conftest import World


def _all_model_forms() -> list[type[forms.ModelForm]]:
    """Every ModelForm class defined in chargen (each module imported first)."""
    for module in pkgutil.walk_packages(chargen.__path__, prefix="chargen."):
        # chargen.wsgi and chargen.asgi start the web process (and refuse to without a
        # SECRET_KEY).
        if module.name in {"chargen.wsgi", "chargen.asgi"}:
            continue
        if ".migrations" not in module.name and ".management" not in module.name:
            importlib.import_module(module.name)
    found, pending = [], list(forms.ModelForm.__subclasses__())
    while pending:
        form = pending.pop()
        pending.extend(form.__subclasses__())
        if form.__module__.startswith("chargen."):
            found.append(form)
    return found


def test_every_model_form_lists_its_fields() -> None:
    model_forms = _all_model_forms()
    assert len(model_forms) >= 6  # the walk found the app's forms
    for form in model_forms:
        meta = form._meta
        assert isinstance(meta.fields, list | tuple), f"{form.__qualname__}: no explicit fields"
        assert meta.exclude is None, f"{form.__qualname__} uses exclude"
        assert not {"owner", "status", "campaign_id", "gm", "invite_token"} & set(meta.fields), (
            form.__qualname__
        )


def test_a_new_character_cannot_be_given_an_owner_status_or_strange_campaign(
    rulebook: None, player: User, outsider: User, player_client: Client
) -> None:
    daves = campaign_create(gm=outsider, name="Dave's table")
    response = player_client.post(
        reverse("characters:new"),
        {"name": "Treva", "concept": "Broker", "owner": outsider.pk, "status": "approved"},
    )
    assert response.status_code == 303
    character = Character.objects.get(name="Treva")
    assert (character.owner, character.status, character.campaign) == (
        player,
        CharacterStatus.DRAFT,
        None,
    )
    refused = player_client.post(
        reverse("characters:new"), {"name": "Spy", "concept": "", "campaign": daves.pk}
    )
    assert refused.status_code == 400
    assert not Character.objects.filter(name="Spy").exists()


def test_concept_and_history_posts_change_only_their_own_fields(
    world: World, player_client: Client, outsider: User
) -> None:
    draft = world.draft
    extras = {
        "owner": outsider.pk,
        "status": "approved",
        "campaign": "",
        "race": "",
        "credits": "999999",
        "equipment_option": "variable",
        "snapshot": "{}",
    }
    concept = player_client.post(
        reverse("characters:concept", args=[draft.id]),
        {"sequence": next_sequence(draft), "name": "Renamed", "concept": "New idea", **extras},
    )
    assert concept.status_code == 303
    choose_option(draft, "standard")
    history = player_client.post(
        reverse("characters:history", args=[draft.id]),
        {
            "age": "40",
            "appearance": "Grey.",
            "sequence": finish.finish_load(draft).next_sequence,
            **extras,
        },
    )
    assert history.status_code == 303
    after = Character.objects.get(pk=draft.pk)
    loaded = finish.finish_load(after)
    assert (after.name, after.concept, loaded.age, loaded.appearance) == (
        "Renamed",
        "New idea",
        "40",
        "Grey.",
    )
    assert after.owner == draft.owner
    assert after.status == CharacterStatus.DRAFT
    assert after.campaign == world.campaign
    assert after.race == draft.race
    assert loaded.credits == 20_000
    assert loaded.option == "standard"


def test_a_campaign_cannot_be_created_for_someone_else(
    player_client: Client, player: User, outsider: User
) -> None:
    response = player_client.post(
        reverse("campaigns:create"),
        {"name": "Mine", "description": "", "game": "infinity_drive", "gm": outsider.pk},
    )
    assert response.status_code == 302
    assert Campaign.objects.get(name="Mine").gm == player


def test_house_rules_cannot_change_the_gm_name_or_invite(
    gm: User, outsider: User, gm_client: Client
) -> None:
    campaign = campaign_create(gm=gm, name="The Rim")
    token = campaign.invite_token
    data = dict(house_rules_form(campaign).initial)
    data = {name: "on" if value is True else value for name, value in data.items() if value}
    data |= {"point_buy_total": 60, "gm": outsider.pk, "name": "Hijacked"}
    data |= {"invite_token": "00000000-0000-0000-0000-000000000000", "game": "drifting"}
    data |= {"house_rules": '{"drifting": {"lifepath_count": 9}}'}
    response = gm_client.post(reverse("campaigns:rules", args=[campaign.id]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    campaign.refresh_from_db()
    assert campaign.rules.point_buy_total == 60  # the form really saved
    assert (campaign.gm, campaign.name, campaign.invite_token) == (gm, "The Rim", token)
    assert (campaign.game, list(campaign.house_rules)) == ("infinity_drive", ["infinity_drive"])


def test_content_rows_land_in_the_gms_campaign_only(
    world: World, gm_client: Client, outsider: User
) -> None:
    """A posted campaign or an id of another campaign's row changes nothing elsewhere."""
    daves = campaign_create(gm=outsider, name="Dave's table")
    daves_item = EquipmentItem.objects.create(campaign=daves, name="Dave's gun", price=5)
    url = reverse("desk:content_kind", args=[world.campaign.id, "equipment"])
    row = {
        "equipment-0-name": "Smuggled",
        "equipment-0-category": "gear",
        "equipment-0-price": "1",
        "equipment-0-description": "",
        "equipment-0-available": "on",
        "equipment-0-sort_order": "0",
        "equipment-0-campaign": str(daves.pk),
    }
    own = EquipmentItem.objects.filter(campaign=world.campaign).count()
    management = {
        "equipment-TOTAL_FORMS": str(own + 1),
        "equipment-INITIAL_FORMS": str(own),
    }
    existing: dict[str, str] = {}
    for index, item in enumerate(EquipmentItem.objects.filter(campaign=world.campaign)):
        existing |= {
            f"equipment-{index}-id": str(item.pk),
            f"equipment-{index}-name": item.name,
            f"equipment-{index}-category": item.category,
            f"equipment-{index}-price": str(item.price),
            f"equipment-{index}-sort_order": str(item.sort_order),
        }
    added = {key.replace("-0-", f"-{own}-"): value for key, value in row.items()}
    response = gm_client.post(url, {**management, **existing, **added})
    assert response.status_code == 302
    assert EquipmentItem.objects.get(name="Smuggled").campaign == world.campaign
    # Dave's row named by its id, as a new row and in place of one of Alice's own:
    # neither edits it (the formset looks ids up among this campaign's rows only).
    for index in (own, 0):
        hijack = {**management, **existing, **added}
        hijack |= {f"equipment-{index}-id": str(daves_item.pk), f"equipment-{index}-name": "Stolen"}
        gm_client.post(url, hijack)
        daves_item.refresh_from_db()
        assert (daves_item.name, daves_item.campaign) == ("Dave's gun", daves)
    assert not EquipmentItem.objects.filter(name="Stolen").exclude(campaign=world.campaign)


@pytest.mark.parametrize("field", ["owner", "status", "campaign"])
def test_the_wizard_forms_do_not_offer_protected_fields(field: str) -> None:
    assert field not in ConceptForm.base_fields
    assert field not in DetailsForm.base_fields
    if field != "campaign":  # chosen once, from the player's own campaigns
        assert field not in StartForm.base_fields
