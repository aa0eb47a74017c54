"""The legacy fixture's Infinity Drive campaign: Alice's house rules, her players, the
content she made for it (an item replacing a default, one of its own, a background
table and a history prompt), and the rules she changes once characters have started.
All through the campaign and desk services and the GM's own forms."""

from __future__ import annotations

from django.contrib.auth.models import User

from chargen.campaigns import services as campaigns
from chargen.campaigns.forms import house_rules_form
from chargen.campaigns.models import Campaign
from chargen.content.desk_forms import (
    BackgroundRowFormSet,
    BackgroundTableFormSet,
    EquipmentFormSet,
    HistoryPromptFormSet,
)
from chargen.content.desk_kinds import EQUIPMENT, PROMPTS, TABLES
from chargen.desk.content import content_save_rows, content_save_table_rows
from chargen.infinity_drive.campaign_rules import INFINITY_DRIVE
from tests.chargen.migration.build_common import (
    Cast,
    form_post,
    form_values,
    formset_post,
    formset_rows,
)

RIM_RULES = {
    "characteristic_dice": "2d6+2",
    "point_buy_total": 60,
    "starting_credits": 30_000,
    "approval_required": True,
    "plus_three_grade": "success",
    "non_humanoid_dice_total": 12,
    "non_humanoid_maximum": "none",
}


def rim_campaign(cast: Cast) -> Campaign:
    """Alice's Infinity Drive campaign, with Bob and Carol in it, and its own content."""
    campaign = campaigns.campaign_create(
        gm=cast.gm,
        name="The Rim",
        description="Salvage and smuggling on the edge of charted space.",
        game=INFINITY_DRIVE,
        **RIM_RULES,
    )
    for player in (cast.bob, cast.carol):
        campaigns.campaign_join(token=campaign.invite_token, user=player)
    _rim_content(campaign, cast.gm)
    return campaign


def _save(
    formset_class: type,
    campaign: Campaign,
    gm: User,
    new_rows: list[dict[str, object]],
    **kwargs: object,
) -> None:
    """Bind a content formset to its rows plus `new_rows` and save it as the GM's page does."""
    unbound = formset_class(**kwargs)
    bound = formset_class(formset_post(unbound, formset_rows(unbound) + new_rows), **kwargs)
    for form in bound.forms:
        form.instance.campaign = campaign
    if not bound.is_valid():
        raise RuntimeError(f"{formset_class.__name__}: {bound.errors}")
    content_save_rows(campaign=campaign, by=gm, formset=bound)


def _rim_content(campaign: Campaign, gm: User) -> None:
    """An item that replaces a default one, an item of its own, a table and a prompt."""
    equipment = {"queryset": EQUIPMENT.own(campaign), "prefix": "equipment"}
    new_items = [
        {
            "name": "Sidearm",
            "category": "weapon",
            "price": 1400,
            "description": "Rim-made and pricier: everything is shipped in.",
            "available": True,
            "sort_order": 30,
        },
        {
            "name": "Salvage cutter",
            "category": "tools",
            "price": 1800,
            "description": "A plasma torch for opening hulls (and the odd locked door).",
            "available": True,
            "sort_order": 95,
        },
    ]
    _save(EquipmentFormSet, campaign, gm, new_rows=new_items, **equipment)
    tables = {"queryset": TABLES.own(campaign), "prefix": "tables"}
    patron = {
        "key": "patron",
        "name": "Patron on the Rim",
        "dice": "1d6",
        "description": "Who backed your first run.",
        "available": True,
        "sort_order": 50,
    }
    _save(BackgroundTableFormSet, campaign, gm, new_rows=[patron], **tables)
    table = TABLES.own(campaign).get(key="patron")
    rows = BackgroundRowFormSet(instance=table, prefix="rows")
    posted = formset_post(
        rows,
        [
            {"low": 1, "high": 3, "result": "A scrap dealer on Haven.", "credits": 1000},
            {"low": 4, "high": 6, "result": "A retired smuggler.", "credits": 0, "debts": "A run."},
        ],
    )
    bound = BackgroundRowFormSet(posted, instance=table, prefix="rows")
    if not bound.is_valid():
        raise RuntimeError(f"Patron rows: {bound.errors}")
    content_save_table_rows(campaign=campaign, by=gm, formset=bound)
    prompts = {"queryset": PROMPTS.own(campaign), "prefix": "prompts"}
    prompt: dict[str, object] = {
        "key": "skill",
        "template": "On the Rim, {entry} came from {table} ({roll}). Who on the Rim taught you?",
    }
    _save(HistoryPromptFormSet, campaign, gm, new_rows=[prompt], **prompts)


def change_rim_rules(campaign: Campaign) -> None:
    """The GM changes two rules through the house-rules form, after characters started."""
    values = form_values(house_rules_form(campaign))
    values.update(starting_credits=35_000, survival_failure="setback")
    form = house_rules_form(campaign, form_post(values))
    if not form.is_valid():
        raise RuntimeError(f"House rules: {form.errors}")
    campaigns.campaign_house_rules_set(campaign=campaign, by=campaign.gm, rules=form.rules)
