"""What the load test's players and GMs do, through the pages' own forms (bench_browser).

This is the one module to update when a form's action or field names change: each
function names the URL a form posts to, the few values a player types or picks, and the
name its request is counted under. Everything else (the `sequence` each form expects,
CSRF tokens, defaults) comes from the page, as in a browser. A player thinks between two
clicks (`Browser.think`: Locust's wait time).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from bench_browser import BenchHTTPError, Browser, uuid_in

PASSWORD = "bench-Load-test-2026"  # noqa: S105 (the throw-away accounts of a bench database)
ACADEMIC = "construction-academic"
ACTION = "construction-action"
PLANETSIDE_ACADEMIC = "citizen-planetside-academic"
PLANETSIDE_ACTION = "citizen-planetside-action"

# Treva Donalson, the Infinity Drive book's worked example, with the book's dice typed in
# (so every character takes the same path): (faces, where the total goes).
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


# --- Accounts -----------------------------------------------------------------------------------


def new_username(prefix: str) -> str:
    return f"{prefix}-{secrets.token_hex(5)}"


def sign_up(player: Browser, username: str) -> None:
    """A new account, logged in (one password hash: the dearest request a player makes)."""
    player.submit(
        "/accounts/signup/",
        {
            "username": username,
            "email": f"{username}@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        name="sign up",
        page="/accounts/signup/",
        full_page_after=True,
    )


def log_in(player: Browser, username: str) -> None:
    player.submit(
        "/accounts/login/",
        {"username": username, "password": PASSWORD},
        name="log in",
        page="/accounts/login/",
        full_page_after=True,
    )


# --- Campaigns ----------------------------------------------------------------------------------


def campaign_create(
    gm: Browser, *, name: str, game: str, approval: bool = False
) -> tuple[str, str]:
    """(campaign id, invite path) of a new campaign the GM runs; with `approval`, finished
    characters wait for the GM."""
    gm.submit(
        "/campaigns/new/",
        {"name": name, "description": "A load-test campaign.", "game": game},
        name="campaign: create",
        page="/campaigns/new/",
        full_page_after=True,
    )
    campaign = uuid_in(gm.path)
    invite = re.search(r"/campaigns/join/[^\"'<\s]+/", gm.html)
    if invite is None:
        raise BenchHTTPError(f"no invite link on {gm.path}")
    if approval:
        rules = f"/campaigns/{campaign}/rules/"
        gm.think()
        gm.submit(rules, {"approval_required": "on"}, name="campaign: rules", page=rules)
    return campaign, invite.group(0)


def campaign_join(player: Browser, invite: str) -> None:
    player.submit(invite, name="campaign: join", page=invite, full_page_after=True)


def gm_approve_all(gm: Browser, campaign: str) -> int:
    """Approve every race and character waiting on the GM's desk; how many were."""
    approved = 0
    for queue, what in (
        (f"/desk/{campaign}/races/", "race"),
        (f"/desk/{campaign}/characters/", "character"),
    ):
        gm.get(queue, name=f"desk: {what} queue")
        for _ in range(20):  # bounded: the queue shrinks by one each time
            if gm.find("/approve/") is None:
                break
            gm.think()
            gm.submit("/approve/", name=f"desk: approve {what}", full_page_after=True)
            gm.get(queue, name=f"desk: {what} queue")
            approved += 1
    return approved


def party_pdf(gm: Browser, campaign: str) -> None:
    """The party's sheets as one PDF (WeasyPrint: the dearest page the site draws), from
    the party page's link (skipped where the code has none)."""
    gm.get(f"/desk/{campaign}/party/", name="party")
    link = re.search(r'href="([^"]*/party/pdf/)"', gm.html)
    if link is not None:
        gm.think()
        gm.get(link.group(1), name="party pdf")


# --- Infinity Drive: Treva through every POST of the wizard -------------------------------------


def treva_start(player: Browser, *, name: str, campaign: str = "") -> str:
    """A new character (in `campaign`, or none); its id."""
    player.submit(
        "/characters/new/",
        {"name": name, "campaign": campaign, "concept": "Smooth-talking construction boss"},
        name="wizard: new character",
        page="/characters/new/",
    )
    return uuid_in(player.path)


def treva_through_skills(player: Browser, character: str) -> None:
    """Characteristics, race (the book's Darrian), career and the 13 skill rolls."""
    base = f"/characters/{character}"
    page = f"{base}/characteristics/"
    player.submit("/characteristics/method/", {"method": "dice"}, name="wizard: method", page=page)
    for number, (faces, code) in enumerate(CHARACTERISTIC_ROLLS, start=1):
        player.think()
        player.submit(
            "/characteristics/roll/",
            {"faces": faces},
            name="wizard: characteristic roll",
            page=page,
        )
        if number == len(CHARACTERISTIC_ROLLS) and player.find("/characteristics/place/") is None:
            # The last roll goes into the one characteristic left, with the roll itself
            # (code before 28 November still asks for it to be placed: the loop does that).
            break
        player.think()
        player.submit(
            "/characteristics/place/",
            {"characteristic": code},
            name="wizard: characteristic place",
            page=page,
        )
    player.think()
    player.submit(
        "/race/propose/",
        {
            "name": "Darrian",
            "reason": "A home-world rife with metaphysical predators; few micro-organisms.",
            "adjust_Int": "3",
            "adjust_Res": "-2",
            "adjust_Mtp": "-1",
        },
        name="wizard: race propose",
        page=f"{base}/race/",
    )
    player.think()
    player.get(f"{base}/learner/", name="wizard: learner")
    page = f"{base}/career/"
    player.think()
    player.submit("/career/choose/", {"career": "Citizen"}, name="wizard: career", page=page)
    player.think()
    player.submit(
        "/career/specialisation/", {"faces": "5"}, name="wizard: specialisation roll", page=page
    )
    page = f"{base}/skills/"
    for skill in SKILLS:
        player.think()
        if skill.survival:
            player.submit(
                "/skills/survival/",
                {"faces": skill.survival},
                name="wizard: survival roll",
                page=page,
            )
            continue
        player.submit(
            "/skills/roll/", {"faces": skill.faces}, name="wizard: skills roll", page=page
        )
        table = {"table": skill.table}
        if skill.reroll:
            player.think()
            player.submit(
                "/skills/reroll/",
                {"faces": skill.reroll},
                name="wizard: skills reroll",
                page=page,
                match=table,
            )
        if player.find("/skills/choose/", table) is None and 'id="placed-with-roll"' in player.html:
            continue  # one table only could take the roll: placed there with it
        values: dict[str, str | list[str]] = (
            {"specialty": skill.specialty} if skill.specialty else {}
        )
        player.think()
        player.submit(
            "/skills/choose/", values, name="wizard: skills choose", page=page, match=table
        )


def treva_equip_and_history(player: Browser, character: str) -> None:
    """Equipment (the standard option and a purchase), then the history step."""
    base = f"/characters/{character}"
    page = f"{base}/equipment/"
    player.think()
    player.submit(
        "/equipment/option/", {"option": "standard"}, name="wizard: equipment option", page=page
    )
    player.think()
    player.submit("/equipment/buy/", {"quantity": "1"}, name="wizard: equipment buy", page=page)
    player.think()
    player.submit(
        "/history/",
        {"age": "34", "appearance": "Tall, sharp-eyed, expensive suit."},
        name="wizard: history",
        page=f"{base}/history/",
    )


def treva_finish(player: Browser, character: str, *, waits: int = 0) -> bool:
    """Review and finish; whether it could. In a campaign the GM approves the proposed race
    first: the player looks again up to `waits` times, thinking in between."""
    review = f"/characters/{character}/review/"
    for _ in range(waits + 1):
        player.think()
        player.get(review, name="wizard: review")
        # The page says what blocks the finish (and its button is disabled then).
        if player.find("/finish/") is not None and 'id="finish-blockers"' not in player.html:
            player.submit("/finish/", name="wizard: finish", full_page_after=True)
            return True
    return False


def sheet_and_export(player: Browser, character: str) -> None:
    """The finished character's sheet, then its JSON export (when the code has one)."""
    player.think()
    player.get(f"/characters/{character}/sheet/", name="sheet")
    export = re.search(r'href="(/export/[^"]+)"', player.html)
    if export is not None:
        player.think()
        player.request("GET", export.group(1), name="export json")


# --- Drifting -----------------------------------------------------------------------------------


def drifting_character(player: Browser, *, name: str) -> str:
    """A finished Drifting character (lifepaths picked in list order where allowed); its id."""
    player.submit(
        "/drifting/new/",
        {"name": name, "concept": "Ex-marine smuggler", "campaign": ""},
        name="drifting: new character",
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
            player.think()
            try:
                player.submit(
                    "/lifepaths/", {"lifepath": lifepath}, name="drifting: lifepath", page=page
                )
                break
            except BenchHTTPError:
                player.get(page, name="drifting: sheet")  # this one needs another first
        else:
            raise BenchHTTPError(f"no lifepath accepted on {page}")
    player.think()
    player.submit("/review/", name="drifting: review", page=page)
    player.think()
    player.submit("/finish/", name="drifting: finish", page=page, full_page_after=True)
    return character


def drifting_roll(player: Browser, character: str) -> None:
    """A server roll on the token sheet, with the first applicable token ticked."""
    page = f"/drifting/c/{character}/"
    if player.path != page:
        player.get(page, name="drifting: sheet")
    found = player.find("/roll/")
    tokens = found[0].options("applicable")[:1] if found else []
    player.submit("/roll/", {"applicable": tokens}, name="drifting: roll", page=page)


# --- Roll and keep (the rollers) ----------------------------------------------------------------


def mana_sheet(player: Browser, *, name: str) -> str:
    """A roll-and-keep sheet as it is made (the book's attributes at 1); its id."""
    player.submit(
        "/rollers/mana/new/", {"mana-name": name}, name="roller: new sheet", page="/rollers/"
    )
    return uuid_in(player.path)
