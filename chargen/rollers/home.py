"""The home page's section listing the user's roller sheets of both systems."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse

from chargen.core.home import HomeAction, HomeSection
from chargen.rollers.models import ManaCharacter, UniqueCharacter

SHEETS_LISTED = 10


@dataclass(frozen=True)
class SheetLink:
    name: str
    url: str
    system: str


def rollers_home_section(user: AbstractBaseUser) -> HomeSection:
    # The newest sheets of each kind, in the models' order (last changed first).
    sheets = [
        SheetLink(sheet.name, sheet.get_absolute_url(), "Unique-dice pool")
        for sheet in UniqueCharacter.objects.filter(owner_id=user.pk)[:SHEETS_LISTED]
    ] + [
        SheetLink(sheet.name, sheet.get_absolute_url(), "Roll and keep")
        for sheet in ManaCharacter.objects.filter(owner_id=user.pk)[:SHEETS_LISTED]
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
