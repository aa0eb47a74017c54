"""What the benchmark's players and GM do, through the pages' own forms (bench_web_http).

This is the one module to update when a form's action or field names change: each
function names the URL a form posts to and the few values a player types or picks.
Everything else (the `sequence` each form expects, CSRF tokens, defaults) comes from
the page, as in a browser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bench_web_http import BenchHTTPError, Browser, Form

ACADEMIC = "construction-academic"
ACTION = "construction-action"
PLANETSIDE_ACADEMIC = "citizen-planetside-academic"
PLANETSIDE_ACTION = "citizen-planetside-action"

# Treva Donalson, the Infinity Drive book's worked example, with the book's dice typed in
# (so every run takes the same path): (faces, where the total goes).
CHARACTERISTIC_ROLLS = (
    ("3 4", "Chz"),
    ("4 4", "Sty"),
    ("4 4", "Grc"),
    ("2 2", "Mtp"),
    ("1 1", "Int"),
    ("2 3", "Mus"),
    ("6 6", "Res"),
)


@dataclass(frozen=True)
class Skill:
    """One skill roll and what is done with it (book order, 13 skill rolls in all)."""

    faces: str
    table: str = ""
    specialty: str = ""
    reroll: str = ""  # faces of the one reroll, after which `table` is chosen
    survival: str = ""  # a survival roll instead of a skill roll


SKILLS = (
    Skill("1 1", ACADEMIC),
    Skill("4 5", ACADEMIC, reroll="1 3"),  # Psychic: Mtp too low, rerolled to Clerical
    Skill("3 3", ACADEMIC),
    Skill("4 6", ACADEMIC, specialty="Black Market"),
    Skill("", survival="2 3"),
    Skill("4 4", ACADEMIC),
    Skill("2 3", PLANETSIDE_ACADEMIC),
    Skill("3 3", ACADEMIC),
    Skill("4 5", PLANETSIDE_ACADEMIC),
    Skill("", survival="4 5"),
    Skill("3 3", ACADEMIC),
    Skill("5 6", ACADEMIC),
    Skill("2 2", ACTION),
    Skill("3 4", ACADEMIC),
    Skill("", survival="4 4"),
    Skill("3 3", PLANETSIDE_ACTION),
    Skill("", survival="3 4"),
)


def uuid_in(path: str) -> str:
    match = re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", path)
    if match is None:
        raise BenchHTTPError(f"no id in {path}")
    return match.group(0)


# --- Campaigns --------------------------------------------------------------------------------


def campaign_create(gm: Browser, *, name: str, game: str) -> tuple[str, str]:
    """(campaign id, invite path) of a new campaign the GM runs."""
    gm.submit(
        "/campaigns/new/",
        {"name": name, "description": "A benchmark campaign.", "game": game},
        page="/campaigns/new/",
        full_page_after=True,
    )
    campaign = uuid_in(gm.path)
    invite = re.search(r"/campaigns/join/[^\"'<\s]+/", gm.html)
    if invite is None:
        raise BenchHTTPError(f"no invite link on {gm.path}")
    return campaign, invite.group(0)


def campaign_join(player: Browser, invite: str) -> None:
    player.submit(invite, page=invite, full_page_after=True)


def gm_approve_all(gm: Browser, campaign: str) -> int:
    """Approve every race and character waiting on the GM's desk; how many were."""
    approved = 0
    for queue in (f"/desk/{campaign}/races/", f"/desk/{campaign}/characters/"):
        gm.get(queue)
        for _ in range(50):  # bounded: the queue shrinks by one each time
            if gm.find("/approve/") is None:
                break
            gm.submit("/approve/", full_page_after=True)
            gm.get(queue)
            approved += 1
    return approved


# --- Infinity Drive: Treva through every POST of the wizard -------------------------------------


def treva_start(player: Browser, *, name: str, campaign: str = "") -> str:
    """A new character (in `campaign`, or none); its id."""
    player.submit(
        "/characters/new/",
        {"name": name, "campaign": campaign, "concept": "Smooth-talking construction boss"},
        page="/characters/new/",
    )
    return uuid_in(player.path)


def treva_through_skills(player: Browser, character: str, *, double_click: bool = False) -> None:
    """Characteristics, race (the book's Darrian), career and the 13 skill rolls.

    With `double_click` the first skill roll is posted twice at once, as a double-click does.
    """
    base = f"/characters/{character}"
    page = f"{base}/characteristics/"
    player.submit("/characteristics/method/", {"method": "dice"}, page=page)
    for faces, code in CHARACTERISTIC_ROLLS:
        player.submit("/characteristics/roll/", {"faces": faces}, page=page, roll=True)
        player.submit("/characteristics/place/", {"characteristic": code}, page=page)
    player.submit(
        "/race/propose/",
        {
            "name": "Darrian",
            "reason": "A home-world rife with metaphysical predators; few micro-organisms.",
            "adjust_Int": "3",
            "adjust_Res": "-2",
            "adjust_Mtp": "-1",
        },
        page=f"{base}/race/",
    )
    player.get(f"{base}/learner/")
    page = f"{base}/career/"
    player.submit("/career/choose/", {"career": "Citizen"}, page=page)
    player.submit("/career/specialisation/", {"faces": "5"}, page=page, roll=True)
    page = f"{base}/skills/"
    first = True
    for skill in SKILLS:
        if skill.survival:
            player.submit("/skills/survival/", {"faces": skill.survival}, page=page, roll=True)
            continue
        double, first = double_click and first, False
        player.submit("/skills/roll/", {"faces": skill.faces}, page=page, roll=True, double=double)
        table = {"table": skill.table}
        if skill.reroll:
            player.submit(
                "/skills/reroll/", {"faces": skill.reroll}, page=page, match=table, roll=True
            )
        values: dict[str, str | list[str]] = (
            {"specialty": skill.specialty} if skill.specialty else {}
        )
        player.submit("/skills/choose/", values, page=page, match=table)


def treva_equip_and_history(player: Browser, character: str) -> None:
    """Equipment (the standard option and a purchase), then the history step."""
    base = f"/characters/{character}"
    page = f"{base}/equipment/"
    player.submit("/equipment/option/", {"option": "standard"}, page=page)
    player.submit("/equipment/buy/", {"quantity": "1"}, page=page)
    player.submit(
        "/history/",
        {"age": "34", "appearance": "Tall, sharp-eyed, expensive suit."},
        page=f"{base}/history/",
    )


def treva_finish(player: Browser, character: str) -> None:
    """Review and finish (in a campaign, once the GM approved the race)."""
    player.submit("/finish/", page=f"/characters/{character}/review/", full_page_after=True)


# --- Drifting -----------------------------------------------------------------------------------


def drifting_character(player: Browser, *, name: str, campaign: str = "") -> str:
    """A finished Drifting character (lifepaths picked in list order where allowed); its id."""
    # The start page asks the name, concept and campaign; the character opens at its lifepaths.
    player.submit(
        "/drifting/new/",
        {"name": name, "concept": "Ex-marine smuggler", "campaign": campaign},
        page="/drifting/start/",
        full_page_after=True,
    )
    character = uuid_in(player.path)
    page = f"/drifting/c/{character}/"
    for _ in range(20):  # bounded: each pass adds a lifepath or proves none fits
        found = player.find("/lifepaths/")
        if found is None:
            break
        for lifepath in found[0].options("lifepath"):
            try:
                player.submit("/lifepaths/", {"lifepath": lifepath}, page=page)
                break
            except BenchHTTPError:
                player.get(page)  # this one needs another first: try the next
        else:
            raise BenchHTTPError(f"no lifepath accepted on {page}")
    player.submit("/review/", page=page)
    player.submit("/finish/", page=page, full_page_after=True)
    return character


def drifting_rolls(player: Browser, character: str, *, rolls: int) -> None:
    """Server rolls on the token sheet, each with the first applicable token ticked."""
    page = f"/drifting/c/{character}/"
    player.get(page)
    for _ in range(rolls):
        found = player.find("/roll/")
        tokens = found[0].options("applicable")[:1] if found else []
        player.submit("/roll/", {"applicable": tokens}, page=page, full_page_after=True)


# --- Rollers --------------------------------------------------------------------------------------


def _blank_row(form: Form, prefix: str, values: dict[str, str]) -> dict[str, str | list[str]]:
    """Values for a formset's blank last row (the editors keep one for a new line)."""
    total = form.options(f"{prefix}-TOTAL_FORMS")
    row = int(total[0]) - 1 if total else 0
    return {f"{prefix}-{row}-{name}": value for name, value in values.items()}


def _edit(
    player: Browser,
    page: str,
    rows: dict[str, dict[str, str]],
    extra: dict[str, str | list[str]] | None = None,
) -> None:
    """Save the sheet's editor with new rows in its formsets' blank rows (and `extra`)."""
    player.get(page)
    found = player.find(page)
    if found is None:
        raise BenchHTTPError(f"no editor form on {page}")
    values: dict[str, str | list[str]] = dict(extra or {})
    for prefix, row in rows.items():
        values.update(_blank_row(found[0], prefix, row))
    player.submit(page, values, full_page_after=True)


def _first_option_of(player: Browser, page: str, suffix: str) -> str:
    """The first choice offered by the editor's blank row field ending with `suffix`."""
    player.get(page)
    found = player.find(page)
    names = [n for n, _, _ in found[0].controls if n.endswith(suffix)] if found else []
    options = [o for o in (found[0].options(names[-1]) if found and names else []) if o]
    if not options:
        raise BenchHTTPError(f"no choice for …{suffix} on {page}")
    return options[0]


def unique_sheet(player: Browser, *, name: str, rolls: int) -> str:
    """A unique-dice pool sheet: the book's two attributes and one more, three specials,
    `rolls` rolls."""
    player.submit("/rollers/unique/new/", {"unique-name": name}, page="/rollers/")
    character = uuid_in(player.path)
    edit = f"/rollers/unique/{character}/edit/"
    # A new sheet starts with the book's Strength and Precision (rows 0 and 1).
    scores: dict[str, str | list[str]] = {"attributes-0-score": "4", "attributes-1-score": "3"}
    _edit(
        player,
        edit,
        {"attributes": {"name": "Nerve", "score": "2"}, "specials": {"name": "Brawler"}},
        scores,
    )
    _edit(player, edit, {"specials": {"name": "Mechanic", "starred": "on"}})
    _edit(player, edit, {"specials": {"name": "Pilot"}})
    page = f"/rollers/unique/{character}/"
    for _ in range(rolls):
        player.submit("/roll/", page=page, full_page_after=True)
    return character


def mana_sheet(player: Browser, *, name: str, rolls: int) -> str:
    """A roll-and-keep sheet: two colours, three attributes, two specialities, `rolls` rolls."""
    player.submit("/rollers/mana/new/", {"mana-name": name}, page="/rollers/")
    character = uuid_in(player.path)
    edit = f"/rollers/mana/{character}/edit/"
    _edit(player, edit, {"colours": {"name": "Red", "amount": "3"}})
    _edit(player, edit, {"colours": {"name": "Blue", "amount": "2"}})
    for attribute, score in (("Might", "3"), ("Wits", "2"), ("Grace", "4")):
        colour = _first_option_of(player, edit, "-colour")
        _edit(player, edit, {"attributes": {"name": attribute, "score": score, "colour": colour}})
    for speciality in ("Swords", "Riding"):
        attribute = _first_option_of(player, edit, "-attribute")
        _edit(player, edit, {"specialities": {"name": speciality, "attribute": attribute}})
    page = f"/rollers/mana/{character}/"
    for _ in range(rolls):
        player.submit("/roll/", page=page, full_page_after=True)
    return character
