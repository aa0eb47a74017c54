"""The home page's section listing the user's roller sheets of both systems."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse

from chargen.core.home import HomeAction, HomeSection
from chargen.core.prepared_query import PreparedQuery
from chargen.rollers.models import ManaCharacter, UniqueCharacter

SHEETS_LISTED = 10
# The newest sheets of each kind, in the models' order (last changed first).
_UNIQUE: PreparedQuery[UniqueCharacter] = PreparedQuery(
    lambda owner: UniqueCharacter.objects.filter(owner_id=owner)[:SHEETS_LISTED],
    owner=UniqueCharacter._meta.get_field("owner"),
)
_MANA: PreparedQuery[ManaCharacter] = PreparedQuery(
    lambda owner: ManaCharacter.objects.filter(owner_id=owner)[:SHEETS_LISTED],
    owner=ManaCharacter._meta.get_field("owner"),
)


@dataclass(frozen=True)
class SheetLink:
    name: str
    url: str
    system: str


def rollers_home_section(user: AbstractBaseUser) -> HomeSection:
    sheets = [
        SheetLink(sheet.name, sheet.get_absolute_url(), "Unique-dice pool")
        for sheet in _UNIQUE.all(owner=user.pk)
    ] + [
        SheetLink(sheet.name, sheet.get_absolute_url(), "Roll and keep")
        for sheet in _MANA.all(owner=user.pk)
    ]
    return HomeSection(
        key="rollers",
        title="Roller sheets",
        template_name="rollers/_home_section.html",
        items=sheets,
        empty_text=(
            "No roller sheets yet: make a unique-dice pool or roll-and-keep sheet and roll "
            "with the odds shown first."
        ),
        actions=(HomeAction("Dice rollers", reverse("rollers:list")),),
    )
