"""The legacy fixture's Infinity Drive characters: one of every kind, outside any campaign
and in Alice's (build_campaign.py), each made through today's wizard and desk services.

Typed faces ("3 4") make a roll what the fixture needs; an empty string lets the
server roll, as a player who trusts the app would.
"""

from __future__ import annotations

from django.contrib.auth.models import User

from chargen.campaigns.models import Campaign
from chargen.infinity_drive import services
from chargen.infinity_drive import services_finish as finish
from chargen.infinity_drive.gm import services as desk
from chargen.infinity_drive.models import Character, Race
from tests.chargen.migration.build_campaign import change_rim_rules
from tests.chargen.migration.build_common import (
    Cast,
    career,
    next_sequence,
    point_buy,
    progress,
    roll_and_place,
    skill,
    skills_until_done,
    survive,
)

# --- Characters outside any campaign -----------------------------------------------------------

ACADEMIC = "construction-academic"
PLANETSIDE_ACADEMIC = "citizen-planetside-academic"


def start(owner: User, name: str, concept: str, campaign: Campaign | None) -> Character:
    return services.character_start(owner=owner, campaign=campaign, name=name, concept=concept)


def mira_draft(cast: Cast) -> Character:
    """Mid-creation: three characteristics placed, a fourth rolled and not yet placed."""
    mira = start(cast.bob, "Mira Vance", "A courier who never asks what is in the box.", None)
    services.character_choose_method(
        character=mira, expected_sequence=next_sequence(mira), method="dice"
    )
    roll_and_place(mira, [("3 5", "Mus"), ("", "Grc"), ("6 2", "Int")])
    services.character_roll_characteristic(
        character=mira, expected_sequence=next_sequence(mira), typed_faces=""
    )
    return mira


def treva_finished(cast: Cast) -> Character:
    """Every part done, outside any campaign: the book's Treva Donalson, then the variable
    equipment option (tables rolled with typed and server dice), purchases, history."""
    treva = start(cast.bob, "Treva Donalson", "A fixer who knows everyone's price.", None)
    services.character_choose_method(
        character=treva, expected_sequence=next_sequence(treva), method="dice"
    )
    roll_and_place(
        treva,
        [
            ("3 4", "Chz"),
            ("4 4", "Sty"),
            ("4 4", "Grc"),
            ("2 2", "Mtp"),
            ("1 1", "Int"),
            ("2 3", "Mus"),
            ("6 6", "Res"),
        ],
    )
    services.race_propose(
        character=treva,
        expected_sequence=next_sequence(treva),
        name="Darrian",
        reason="A home-world rife with metaphysical predators; few micro-organisms.",
        adjustments={"Int": 3, "Res": -2, "Mtp": -1},
    )
    career(treva, "Citizen", "5")
    skill(treva, "1 1", ACADEMIC)  # +1 Mus
    skill(treva, "4 5", ACADEMIC, reroll="1 3")  # Psychic: prerequisite not met; Clerical
    skill(treva, "3 3", ACADEMIC)
    skill(treva, "4 6", ACADEMIC)
    survive(treva, "2 3")
    skill(treva, "4 4", ACADEMIC)
    skill(treva, "2 3", PLANETSIDE_ACADEMIC)
    skill(treva, "", ACADEMIC)
    skill(treva, "", PLANETSIDE_ACADEMIC)
    survive(treva, "4 5")
    skills_until_done(treva, ACADEMIC)
    finish.equipment_choose_option(
        character=treva, expected_sequence=next_sequence(treva), option="variable"
    )
    for faces in ("5 4", "6 6", "", ""):
        finish.equipment_roll_background(
            character=treva, expected_sequence=next_sequence(treva), faces_text=faces
        )
    _buy(treva, {"Sidearm": 1, "Medkit": 2, "Comms unit": 1})
    _buy(treva, {"Medkit": 1})  # one medkit sold back
    _write_history(treva, age="34", appearance="Tall, sharp-eyed, an expensive suit.")
    finish.character_finish(character=treva)
    return treva


def _buy(character: Character, quantities: dict[str, int]) -> None:
    catalogue = finish.finish_load(character).content.equipment
    by_name = {item.name: item for item in catalogue}
    for name, quantity in quantities.items():
        finish.equipment_set_quantity(
            character=character,
            expected_sequence=next_sequence(character),
            item_id=by_name[name].pk,
            quantity=quantity,
        )


def _write_history(character: Character, *, age: str, appearance: str) -> None:
    """Notes on every other roll that asks for one (some left to the prompt)."""
    items = finish.finish_load(character).history
    notes = {
        item.entry.sequence: f"{item.title}: written up by the player ({index})."
        for index, item in enumerate(items)
        if index % 2 == 0
    }
    finish.history_save(
        character=character,
        expected_sequence=next_sequence(character),
        notes=notes,
        age=age,
        appearance=appearance,
    )


def jonah_dead(cast: Cast) -> Character:
    """Point buy, a base humanoid, a failed survival roll and death chosen over a setback."""
    jonah = start(cast.bob, "Jonah Pike", "A dock hand with big plans.", None)
    point_buy(jonah, {"Mus": 7, "Grc": 7, "Res": 7, "Int": 7, "Sty": 7, "Chz": 5, "Mtp": 10})
    services.character_choose_race(
        character=jonah, expected_sequence=next_sequence(jonah), race_id=None
    )
    career(jonah, "Citizen", "5")
    for faces in ("3 3", "5 6", "1 3", "1 1"):
        skill(jonah, faces, ACADEMIC)
    survive(jonah, "1 1")
    services.character_choose_survival_outcome(
        character=jonah, expected_sequence=next_sequence(jonah), outcome="death"
    )
    return jonah


def ada_setback(cast: Cast) -> Character:
    """A setback survived, then equipment and history done, not yet finished; two of her
    decisions were undone and taken again (the undo removes the step from the log)."""
    ada = start(cast.carol, "Ada Quill", "A surveyor who reads rock like a book.", None)
    point_buy(ada, {"Mus": 7, "Grc": 7, "Res": 7, "Int": 7, "Sty": 7, "Chz": 5, "Mtp": 10})
    services.character_choose_race(
        character=ada, expected_sequence=next_sequence(ada), race_id=None
    )
    services.character_choose_career(
        character=ada, expected_sequence=next_sequence(ada), career="Military"
    )
    services.character_undo(character=ada, expected_sequence=next_sequence(ada) - 1)
    career(ada, "Citizen", "5")
    for faces in ("3 3", "5 6", "1 3", "1 1"):
        skill(ada, faces, ACADEMIC)
    survive(ada, "1 1")
    services.character_choose_survival_outcome(
        character=ada, expected_sequence=next_sequence(ada), outcome="setback"
    )
    services.character_choose_setback(
        character=ada, expected_sequence=next_sequence(ada), characteristic="Mus"
    )
    services.character_undo(character=ada, expected_sequence=next_sequence(ada) - 1)
    services.character_choose_setback(
        character=ada, expected_sequence=next_sequence(ada), characteristic="Grc"
    )
    skills_until_done(ada, ACADEMIC)
    finish.equipment_choose_option(
        character=ada, expected_sequence=next_sequence(ada), option="standard"
    )
    _buy(ada, {"Survival kit": 1, "Binoculars, electronic": 1})
    _write_history(ada, age="41", appearance="Weathered, with a surveyor's squint.")
    return ada


# --- Characters in the campaign --------------------------------------------------------------

VESHARI = {"Grc": 2, "Chz": 1, "Mus": -2, "Sty": -1}
RIM_POINTS = {"Mus": 8, "Grc": 10, "Res": 7, "Int": 9, "Sty": 9, "Chz": 9, "Mtp": 8}


def korrin_approved(cast: Cast, campaign: Campaign) -> Character:
    """An alien humanoid race proposed and approved in the campaign, a finished character
    submitted to the GM and approved at the desk."""
    korrin = start(cast.carol, "Korrin Ash", "A Veshari tracker hired for her nose.", campaign)
    point_buy(korrin, RIM_POINTS)
    race = services.race_propose(
        character=korrin,
        expected_sequence=next_sequence(korrin),
        name="Veshari",
        reason="Light-boned hunters from a low-gravity moon; quick, and quick to speak.",
        adjustments=VESHARI,
    )
    assert race is not None
    desk.race_approve(race=race, by=cast.gm, note="Fine by me: they fit the Rim.")
    career(korrin, "Military", "3")
    skill(korrin, "4 4", "covert-action")
    skill(korrin, "", "covert-academic")
    skill(korrin, "3 5", "covert-action")
    skill(korrin, "", "covert-action")
    survive(korrin, "5 4")
    skills_until_done(korrin, "covert-action")
    finish.equipment_choose_option(
        character=korrin, expected_sequence=next_sequence(korrin), option="standard"
    )
    _buy(korrin, {"Sidearm": 2, "Salvage cutter": 1, "Vacc suit": 1})
    _write_history(korrin, age="29 (standard years)", appearance="Slight, grey-furred, amber eyes.")
    finish.character_finish(character=korrin)
    desk.character_approve(character=korrin, by=cast.gm, note="Welcome aboard.")
    return korrin


def rimmer_returned(cast: Cast, campaign: Campaign) -> Character:
    """Submitted and returned by the GM with a note; a race and a career choice undone."""
    rimmer = start(cast.bob, "Rimmer", "A second technician with first-officer dreams.", campaign)
    point_buy(rimmer, RIM_POINTS)
    veshari = Race.objects.get(campaign=campaign, name="Veshari")
    services.character_choose_race(
        character=rimmer, expected_sequence=next_sequence(rimmer), race_id=str(veshari.id)
    )
    services.character_undo(character=rimmer, expected_sequence=next_sequence(rimmer) - 1)
    services.character_choose_race(
        character=rimmer, expected_sequence=next_sequence(rimmer), race_id=None
    )
    services.character_choose_career(
        character=rimmer, expected_sequence=next_sequence(rimmer), career="Military"
    )
    services.character_undo(character=rimmer, expected_sequence=next_sequence(rimmer) - 1)
    career(rimmer, "Citizen", "1")
    skill(rimmer, "6 6", "civil-academic")
    skill(rimmer, "2 5", "civil-action")
    skills_until_done(rimmer, "civil-academic")
    finish.equipment_choose_option(
        character=rimmer, expected_sequence=next_sequence(rimmer), option="standard"
    )
    _buy(rimmer, {"Hand computer": 1, "Tool kit": 1})
    _write_history(rimmer, age="33", appearance="Neat uniform, nervous smile.")
    finish.character_finish(character=rimmer)
    desk.character_return(
        character=rimmer, by=cast.gm, note="Pick a second weapon and say who trained you."
    )
    return rimmer


LUMEN_DICE = {"Int": 3, "Sty": 3, "Chz": 3, "Mtp": 3}


def glimmer_non_humanoid(cast: Cast, campaign: Campaign) -> Character:
    """A bodiless non-humanoid race the GM made; the character is part-way through skills."""
    lumen = desk.race_create_non_humanoid(
        campaign=campaign,
        by=cast.gm,
        name="Lumen",
        description="Living light from a gas giant's storms; no body to speak of.",
        dice=LUMEN_DICE,
        bodiless=True,
    )
    glimmer = start(cast.carol, "Glimmer", "A Lumen who wants to see the stars up close.", campaign)
    services.character_choose_non_humanoid(
        character=glimmer, expected_sequence=next_sequence(glimmer), race_id=str(lumen.id)
    )
    for code, faces in (("Int", "4 5 6"), ("Sty", "3 3 4"), ("Chz", ""), ("Mtp", "6 6 5")):
        services.character_roll_characteristic(
            character=glimmer,
            expected_sequence=next_sequence(glimmer),
            characteristic=code,
            typed_faces=faces,
        )
    career(glimmer, "Citizen", "6")
    for faces in ("2 3", "1 1", "5 5"):
        skill(glimmer, faces, "professional-academic")
    return glimmer


def all_characters(cast: Cast, campaign: Campaign) -> list[Character]:
    """Every Infinity Drive character, built in an order that tells a story: the campaign's
    characters start, then the GM changes two rules (they keep theirs)."""
    made = [mira_draft(cast), treva_finished(cast), jonah_dead(cast), ada_setback(cast)]
    made += [
        korrin_approved(cast, campaign),
        rimmer_returned(cast, campaign),
        glimmer_non_humanoid(cast, campaign),
    ]
    change_rim_rules(campaign)
    for character in made:
        character.refresh_from_db()
        progress(character)  # every log still replays
    return made
