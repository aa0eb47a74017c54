"""Demo-like data for the phone layout test: a GM's Infinity Drive and Drifting campaigns,
a player with characters at several wizard steps, a finished sheet, a Drifting token
sheet and both dice-roller sheets, all made with the app's own services."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse

from chargen.campaigns.models import Campaign, Membership
from chargen.campaigns.services import campaign_create
from chargen.content.services import content_copy_defaults
from chargen.drifting import services as drifting
from chargen.drifting import services_creation as drifting_creation
from chargen.drifting.campaign_rules import DRIFTING
from chargen.drifting.models import Lifepath
from chargen.infinity_drive import services
from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.models import Character
from chargen.rollers.services_mana import mana_character_create
from chargen.rollers.services_unique import unique_character_create
from chargen.rulebook.homebrew import homebrew_career_create
from chargen.rulebook.services import rulebook_cache_clear
from rules import drifting as drifting_rules
from tests.chargen.drifting.conftest import make_played_character
from tests.chargen.infinity_drive.steps import (
    citizen_construction,
    darrian,
    next_sequence,
    roll_book_characteristics,
)
from tests.chargen.infinity_drive_finish.build import (
    buy,
    equip_standard,
    treva_through_skills,
    write_history,
)
from tests.e2e.test_print import finished_treva

CONCEPT = "Warehouse admin with a taste for the black market and a gambler's nerve"


@dataclass(frozen=True)
class World:
    player_pages: dict[str, str]
    gm_pages: dict[str, str]
    equipment_url: str
    # Opened logged out: the invite link, signing up and logging in.
    visitor_pages: dict[str, str]


def _url(name: str, **ids: object) -> str:
    return reverse(name, kwargs=ids)


def build_world(gm: User, player: User) -> World:
    call_command("load_rules_data", verbosity=0)
    call_command(
        "loaddata", str(settings.BASE_DIR / "fixtures" / "drifting_lifepaths.json"), verbosity=0
    )
    rulebook_cache_clear()
    campaign = campaign_create(
        gm=gm,
        name="The Drift Between Stars",
        description="Traders, smugglers and one honest pilot on the Rim.",
        approval_required=True,
    )
    Membership.objects.create(campaign=campaign, user=player)
    # The content editors are measured with rows in them: a campaign with the defaults
    # copied in (its own, so the other campaign's characters keep the book's catalogue).
    stocked = campaign_create(gm=gm, name="Stocked Shelves")
    content_copy_defaults(campaign=stocked, by=gm)
    homebrew_career_create(campaign=stocked, by=gm, copy_of="Citizen")
    storm = Campaign.objects.create(gm=gm, name="Lost on Storm", game=DRIFTING)
    Membership.objects.create(campaign=storm, user=player)

    def character(name: str) -> Character:
        return Character.objects.create(owner=player, campaign=campaign, name=name, concept=CONCEPT)

    fresh = character("Ada Quill")
    at_race = character("Brannoc Vey")
    roll_book_characteristics(at_race)
    at_learner = character("Dorran Pike")
    roll_book_characteristics(at_learner)
    darrian(at_learner)
    at_table = character("Corvina Hale")
    roll_book_characteristics(at_table)
    darrian(at_table)
    citizen_construction(at_table)
    services.character_roll_skill(
        character=at_table, expected_sequence=next_sequence(at_table), typed_faces="3 3"
    )
    shopping = character("Treva Donalson")
    treva_through_skills(shopping)
    equip_standard(shopping)
    catalogue = finish.finish_load(shopping).content.equipment
    buy(shopping, catalogue[0].pk, 1)
    at_review = character("Treva at Review")
    treva_through_skills(at_review)
    equip_standard(at_review)
    write_history(at_review)
    finished = finished_treva(player, name="Treva the Finished", campaign=campaign)

    jim = make_played_character(
        player,
        "Jim Marlowe",
        [
            drifting_rules.TokenState("Military", drifting_rules.TokenKind.BACKGROUND, held=1),
            drifting_rules.TokenState("Firearms", drifting_rules.TokenKind.FOCUS, held=2, checks=7),
            drifting_rules.TokenState("Dodge", drifting_rules.TokenKind.FOCUS, held=1),
            drifting_rules.TokenState(
                "Negotiation", drifting_rules.TokenKind.FOCUS, shared_marks=4
            ),
        ],
        storm,
    )
    jim.concept = "Marine who walked away"
    jim.save()
    drifting.character_roll(
        character=jim,
        key=jim.next_sequence,
        # Dice typed as at the table: the pages look the same on every run (test_pictures).
        choices=drifting.RollChoices(applicable=("Firearms",), entered_faces="5 3"),
    )
    drifting_pages = _drifting_creation(player, storm)
    unique = unique_character_create(owner=player, name="Leanne")
    mana = mana_character_create(owner=player, name="Morwen the Grey")

    def step(name: str, who: Character) -> str:
        return _url(f"characters:{name}", character_id=who.id)

    player_pages = {
        "home": "/",
        "character list": reverse("characters:list"),
        "new character": reverse("characters:new"),
        "concept step": step("concept", fresh),
        "characteristics step": step("characteristics", fresh),
        "characteristics done": step("characteristics", at_race),
        "race step": step("race", at_race),
        "learner step": step("learner", at_learner),
        "career step": step("career", at_table),
        "skills table choice": step("skills", at_table),
        "skills done": step("skills", shopping),
        "equipment step": step("equipment", shopping),
        "history step": step("history", shopping),
        "review step": step("review", at_review),
        "finished sheet": step("sheet", finished),
        "print page": step("print", finished),
        "campaign": campaign.get_absolute_url(),
        "my campaign desk": _url("desk:my_campaign", campaign_id=campaign.id),
        "Drifting list": reverse("drifting:list"),
        **drifting_pages,
        "Drifting sheet": jim.get_absolute_url(),
        "rulebook reference": reverse("rulebook:reference"),
        "Drifting campaign (player)": storm.get_absolute_url(),
        "rollers list": reverse("rollers:list"),
        "unique-pool roller": unique.get_absolute_url(),
        "roll-and-keep roller": mana.get_absolute_url(),
        "unique-pool edit": _url("rollers:unique_edit", character_id=unique.id),
        "roll-and-keep edit": _url("rollers:mana_edit", character_id=mana.id),
    }
    gm_pages = {
        "GM desk": reverse("desk:home"),
        "GM campaign desk": _url("desk:campaign", campaign_id=campaign.id),
        "GM character queue": _url("desk:character_queue", campaign_id=campaign.id),
        "GM race queue": _url("desk:race_queue", campaign_id=campaign.id),
        "GM party": _url("desk:party", campaign_id=campaign.id),
        "GM Drifting campaign": _url("drifting:campaign", campaign_id=storm.id),
        "GM Drifting desk": _url("desk:campaign", campaign_id=storm.id),
        "GM content": _url("desk:content", campaign_id=campaign.id),
        "GM equipment editor": _url(
            "desk:content_kind", campaign_id=stocked.id, kind_slug="equipment"
        ),
        "GM tables editor": _url("desk:content_kind", campaign_id=stocked.id, kind_slug="tables"),
        "GM prompts editor": _url("desk:content_kind", campaign_id=stocked.id, kind_slug="prompts"),
        "GM careers editor": _url("desk:content_kind", campaign_id=stocked.id, kind_slug="careers"),
        "GM new race": _url("desk:race_new", campaign_id=campaign.id),
        "GM roll log": _url(
            "desk:party_character", campaign_id=campaign.id, character_id=finished.id
        ),
        "campaign rules form": _url("campaigns:rules", campaign_id=campaign.id),
        "campaign (GM)": campaign.get_absolute_url(),
    }
    visitor_pages = {
        "invite": campaign.invite_url,
        "sign-up": reverse("accounts:signup"),
        "log-in": reverse("login"),
    }
    return World(player_pages, gm_pages, step("equipment", shopping), visitor_pages)


def _drifting_creation(player: User, storm: Campaign) -> dict[str, str]:
    """Drifting characters at each creation page: concept, lifepaths, review."""
    at_concept = drifting_creation.character_start(owner=player, campaign=storm)
    at_lifepaths = drifting_creation.character_start(
        owner=player, campaign=storm, name="Ann Vale", concept="Pilot"
    )
    drifting_creation.character_add_lifepath(
        character=at_lifepaths, lifepath=_lifepath("us-marine"), key=at_lifepaths.next_sequence
    )
    at_review = drifting_creation.character_start(
        owner=player, campaign=storm, name="Bo Reyes", concept="Deserter"
    )
    for slug in ("us-marine", "marine-veteran", "deserter", "drifter"):
        drifting_creation.character_add_lifepath(
            character=at_review, lifepath=_lifepath(slug), key=at_review.next_sequence
        )
    drifting_creation.character_review(character=at_review, key=at_review.next_sequence)
    return {
        "Drifting concept": at_concept.get_absolute_url(),
        "Drifting lifepaths": at_lifepaths.get_absolute_url(),
        "Drifting review": at_review.get_absolute_url(),
    }


def _lifepath(slug: str) -> Lifepath:
    return Lifepath.objects.get(slug=slug)
