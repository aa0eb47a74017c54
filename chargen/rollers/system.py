"""The two roller systems of this app, declared to the registry: the unique-dice pool and
roll and keep. They share the app's pages, its menu entry and its home section (the
registry shows a shared one once); neither is played in a campaign, but an owner may show
a sheet at a campaign's live table, which then shows its rolls (chargen/rollers/live.py).

Registered from RollersConfig.ready().
"""

from __future__ import annotations

from django.urls import reverse

from chargen.core.systems import CharacterKind, GameSystem, NavEntry, UrlMount
from chargen.rollers.access import mana_character_for_owner, unique_character_for_owner
from chargen.rollers.deletion import mana_delete, mana_deletion, unique_delete, unique_deletion
from chargen.rollers.export import MANA_EXPORTER, UNIQUE_EXPORTER
from chargen.rollers.home import rollers_home_section
from chargen.rollers.live import mana_feed, unique_feed

UNIQUE_POOL_KEY = "unique_pool"
ROLL_AND_KEEP_KEY = "roll_and_keep"
NAV = (NavEntry("Dice rollers", "rollers:list", "rollers"),)
URLS = UrlMount("rollers/", "chargen.rollers.urls")

UNIQUE_POOL = GameSystem(
    key=UNIQUE_POOL_KEY,
    label="Unique-dice pool",
    order=30,
    title="Unique-dice pool",
    pitch=(
        "A sheet that rolls d6 pools where repeated numbers are removed; push your luck "
        "at the risk of a physical or mental crisis."
    ),
    # The new-sheet form sits on the rollers' page, under the sheets already made.
    start_url=lambda: f"{reverse('rollers:list')}#unique-new",
    home_section=rollers_home_section,
    nav=NAV,
    urls=URLS,
    live=unique_feed(UNIQUE_POOL_KEY),
    character_kinds=(
        CharacterKind(
            key="unique",
            for_owner=unique_character_for_owner,
            deletion=unique_deletion,
            delete=lambda character: unique_delete(character=character),
            delete_url_name="rollers:unique_delete",
            list_url_name="rollers:list",
            exporter=UNIQUE_EXPORTER,
        ),
    ),
)

ROLL_AND_KEEP = GameSystem(
    key=ROLL_AND_KEEP_KEY,
    label="Roll and keep",
    order=31,
    title="Roll and keep with mana",
    pitch=(
        "A sheet that rolls d10s and keeps as many as your mana allows: successes against "
        "a difficulty, degrees, botches and opposed rolls."
    ),
    start_url=lambda: f"{reverse('rollers:list')}#mana-new",
    home_section=rollers_home_section,
    nav=NAV,
    urls=URLS,
    live=mana_feed(ROLL_AND_KEEP_KEY),
    character_kinds=(
        CharacterKind(
            key="mana",
            for_owner=mana_character_for_owner,
            deletion=mana_deletion,
            delete=lambda character: mana_delete(character=character),
            delete_url_name="rollers:mana_delete",
            list_url_name="rollers:list",
            exporter=MANA_EXPORTER,
        ),
    ),
)
