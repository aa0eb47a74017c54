"""Existing players' data survives the migrations: proved on a database made by the old code.

legacy_v1.json holds every row that the code of commit 379fefa wrote for a cast of
characters of every kind (make_legacy_fixture.py made it), and the migrations that
database was at. The package's `legacy_rows` (conftest.py) migrates the test database
back to those migrations, inserts the rows with the models of that state and migrates
forward to today's migrations; this test then reads every recorded page again: each
must show the same text as the old code showed (legacy_v1_pages.json).

A page may read differently only where we decided it should: each such change is listed
in `_as_now_intended`, with its date and why, and the recorded text stays the old code's.

Dates on the pages come from the rows themselves (when a roll was made, a decision
taken), so the text does not depend on when the test runs; the settings fix the time
zone (UTC). Migrations added later must be reversible for this test to go back.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from chargen.drifting.lifepath_choice import UNAVAILABLE_HELP, UNAVAILABLE_MARK
from chargen.drifting.models import Character as DriftingCharacter
from chargen.infinity_drive.models import Character
from chargen.infinity_drive.sheet import SKILL_COLUMNS
from chargen.rollers.forms_table import TableForm
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from chargen.rollers.services import CRISIS_PROMPT
from tests.chargen.migration.legacy import (
    page_text,
    read_fixture,
    read_pages,
)

FIXTURE = read_fixture()
PAGES = read_pages()

pytestmark = [pytest.mark.slow]


def _word_diff(before: str, after: str, context: int = 8) -> str:
    """Where two texts differ, word by word: [-recorded-] {+now+}, with words around."""
    old, new = before.split(), after.split()
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    hunks = []
    for group in matcher.get_grouped_opcodes(context):
        pieces = []
        for tag, old_start, old_end, new_start, new_end in group:
            removed = " ".join(old[old_start:old_end])
            if tag == "equal":
                pieces.append(removed)
                continue
            added = " ".join(new[new_start:new_end])
            pieces.append(
                (f"[-{removed}-]" if removed else "") + (f"{{+{added}+}}" if added else "")
            )
        hunks.append("    …" + " ".join(pieces) + "…")
    return "\n".join(hunks)


def _concepts_shown(url: str) -> list[str]:
    """The concepts an Infinity Drive sheet page shows now: its character's, or on the
    GM's party print every approved character's of that campaign."""
    rows = FIXTURE["tables"]["characters.Character"]
    if "/party/print/" in url:
        return [
            row["concept"]
            for row in rows
            if row["campaign_id"] and row["campaign_id"] in url and row["status"] == "approved"
        ]
    if "/characters/" in url and url.endswith(("/sheet/", "/print/")):
        return [row["concept"] for row in rows if row["id"] in url]
    return []


def _as_now_intended(url: str, text: str) -> str:
    """The page's text with what we added on purpose since the recording taken out.

    - 27 November 2026: the Infinity Drive sheet (and its print and the GM's party print)
      shows the character's concept under its name; it was shown only while building.
    - 27 November 2026: the Drifting wizard's lifepath choice disables a lifepath the
      character cannot take now, its label ending with why, and a line under the choices
      says so.
    - 29 November 2026: Drifting lifepaths may be a campaign's own (homebrew): the wizard
      says what the mark means, a token sheet and each card of the GM's campaign page list
      the character's lifepaths, and the campaign page links the campaign's lifepaths page.
    - 29 November 2026: the live table. A sheet of a character in a campaign links the
      campaign's live table (the strip loads there after the page, in a loader drawn as the
      strip is); a roller sheet has the form that shows it at one of its owner's
      campaigns' tables; the GM's desk links the campaign's own careers; a Drifting
      campaign's page links its table and the campaign's own page.
    - 29 November 2026: the GM's desk shows the campaign page's own invite card: the line
      on who may join, and a Copy link button.
    """
    if _in_a_campaign(url):
        # The link is the first thing the page's text reads, so it starts the text.
        assert text.startswith(f"{LIVE_TABLE_LOADER} "), f"{url} does not link the live table"
        text = text.removeprefix(f"{LIVE_TABLE_LOADER} ")
    if url.startswith("/rollers/") and url != "/rollers/":
        text, forms = ROLLER_TABLE_FORM.subn("", text, count=1)
        assert forms, f"{url} does not offer the live table form"
    if url.startswith("/desk/") and GM_DESK_LINKS in text:  # the GM's pages, not a player's
        assert DESK_LINKS_NOW in text, f"{url} does not link the campaign's careers"
        text = text.replace(DESK_LINKS_NOW, DESK_LINKS_RECORDED, 1)
    if url.startswith("/desk/") and INVITE_CARD_NOW in text:
        text = text.replace(INVITE_CARD_NOW, INVITE_CARD_RECORDED, 1)
    for concept in _concepts_shown(url):
        assert f" {concept} " in text, f"{url} does not show the concept {concept!r}"
        text = text.replace(f" {concept} ", " ", 1)
    if url.startswith("/drifting/c/"):
        text = text.replace(f" {UNAVAILABLE_HELP}", "")
        text = re.sub(f"{re.escape(UNAVAILABLE_MARK)}.*?\\.(?= |$)", "", text)
        text = text.replace(f" {HOMEBREW_HELP}", "")
    for names in _lifepaths_shown(url):
        shown = f" Lifepaths: {names} " if url.startswith("/drifting/c/") else f" {names} "
        assert shown in text, f"{url} does not list the lifepaths {names!r}"
        text = text.replace(shown, " ", 1)
    if url.startswith("/drifting/campaign/"):
        text = re.sub(
            " (Write and publish this campaign's|This campaign's) lifepaths"
            " · The live table · The campaign's page(?= )",
            "",
            text,
        )
    return text


HOMEBREW_HELP = "A lifepath marked homebrew is your campaign's own, written by its GM."
# The strip's loader: a link to the table, and the strip's presence line as it reads
# before the page is live (the loader is drawn as the strip is).
LIVE_TABLE_LOADER = "The campaign’s live table Who is at the table shows once the page is live."
# The roller sheet's live table form: its heading, the field (no table, then the owner's
# campaigns by name), its help and its button.
ROLLER_TABLE_FORM = re.compile(
    rf" Live table {re.escape(str(TableForm.base_fields['campaign'].label))} At no table .*?"
    rf"{re.escape(str(TableForm.base_fields['campaign'].help_text))} Save(?= |$)"
)
GM_DESK_LINKS = " House rules Invite and members "
DESK_LINKS_RECORDED = " Content House rules "
DESK_LINKS_NOW = " Content Careers House rules "
INVITE_CARD_NOW = (
    " Invite link Send this link to your players. Anyone with an account who opens it can"
    " join. Invite link Copy link "
)
INVITE_CARD_RECORDED = " Invite link Invite link "


def _in_a_campaign(url: str) -> bool:
    """Whether `url` is the sheet of a character in a campaign (Infinity Drive or Drifting)."""
    tables = FIXTURE["tables"]
    if re.fullmatch(r"/characters/[^/]+/sheet/", url):
        rows = tables["characters.Character"]
    elif re.fullmatch(r"/drifting/c/[^/]+/", url):
        rows = tables["drifting.Character"]
    else:
        return False
    return any(row["id"] in url and row["campaign_id"] for row in rows)


def _lifepaths_shown(url: str) -> list[str]:
    """The lifepath lines a Drifting page lists now: a finished character's sheet its own;
    the GM's campaign page each finished character's."""
    tables = FIXTURE["tables"]
    names = {row["id"]: row["name"] for row in tables["drifting.Lifepath"]}
    characters = [row for row in tables["drifting.Character"] if row["step"] == "finished"]
    if url.startswith("/drifting/c/"):
        characters = [row for row in characters if row["id"] in url]
    elif url.startswith("/drifting/campaign/"):
        characters = [row for row in characters if row["campaign_id"] and row["campaign_id"] in url]
    else:
        return []
    lines = []
    for character in characters:
        chosen = sorted(
            (
                row
                for row in tables["drifting.ChosenLifepath"]
                if row["character_id"] == character["id"]
            ),
            key=lambda row: row["position"],
        )
        lines.append(" · ".join(names[row["lifepath_id"]] for row in chosen))
    return lines


def _recorded_as_now_intended(url: str, recorded: str) -> str:
    """The recorded text with what we removed on purpose since the recording taken out.

    - 27 November 2026: a unique-dice push's log row no longer asks to "Choose physical
      or mental and describe the crisis" once that crisis is recorded beside it.
    - 29 November 2026: an Infinity Drive sheet's history lists only the rolls with a
      note; "History not written yet" beside each other roll gives way to one line by
      the roll log's counts (the GM's roll log still shows it beside each roll); with no
      note written at all, the History heading is not drawn.
    - 29 November 2026: the Drifting campaign page's list of lifepaths and the GM's form
      for a new one moved to the campaign's lifepaths page (drafts, checks, versions).
    - 29 November 2026: an Infinity Drive sheet's skills are four Skill | Rank tables (the
      book's "Drive – 2" read as minus two), and the Infinity Drive list is titled
      "Infinity Drive characters", as the menu names it, not "My characters".
    """
    if "/rollers/unique/" in url:
        for kind in ("Physical", "Mental"):
            recorded = recorded.replace(f"{CRISIS_PROMPT} {kind} (", f" {kind} (")
    if GM_ROLL_LOG.search(url) and ROLL_LOG_HEADER in recorded:
        recorded = _newest_first(recorded)
    if SHEET_HISTORY.search(url) and " History " in recorded:
        head, history = recorded.split(" History ", 1)
        history = f" {history}"  # each item, the first too, starts after a space
        unwritten = len(UNWRITTEN_ITEM.findall(history))
        written = history.count(" — ") - unwritten
        if unwritten:
            line = (
                f"{unwritten} more roll{'s' if unwritten > 1 else ''} "
                f"ha{'ve' if unwritten > 1 else 's'} no history note yet."
                if written
                else "No history written yet."
            )
            head = f"{head} {line}"  # the roll log's counts end the text before "History"
            history = " ".join(UNWRITTEN_ITEM.sub(" ", history).split())
        # With nothing written, the sheet draws no History heading at all.
        recorded = f"{head} History {history.strip()}" if written else f"{head} {history.strip()}"
    if SHEET_HISTORY.search(url):
        recorded = SKILLS_LINE.sub(lambda found: _skill_tables(found.group(1)), recorded)
    if url.startswith("/drifting/campaign/"):
        # The campaign's lifepaths and the GM's form moved to the campaign's lifepaths page.
        recorded = re.sub(r" Lifepaths Born on Storm .*? Add lifepath(?= |$)", "", recorded)
    if url == "/characters/" and recorded.startswith("My characters "):
        recorded = "Infinity Drive characters " + recorded.removeprefix("My characters ")
    return recorded


# 29 November 2026: the Drifting token sheet is laid out for the table (tokens as cards the
# player taps, the roll's odds and button at the bottom, the loss and assist forms folded).
# Its forms read differently; what must survive is the same: the heading, each token's
# counts and the whole log.
OLD_TOKEN_TABLE = " Tokens Token Kind Held Depleted Lost Check marks "
KINDS = "(?:Background|Focus|Reputation)"
OLD_TOKEN_ROW = re.compile(rf"(\S.*?) ({KINDS}) (\d+) (\d+) (\d+) (\d+ / \d+(?: shared)?)(?= |$)")
NEW_TOKEN_CARD = re.compile(
    rf"(\S.*?) ({KINDS}) Held (\d+) Depleted (\d+) Lost (\d+) Checks (\d+ / \d+(?: shared)?)"
    r"(?: Use \1 \+\d+)?(?: Deplete \1(?: \d+)?)*(?= |$)"
)


def _token_sheet_data(text: str, *, now: bool = False) -> str:
    """A Drifting token sheet's heading, tokens (name, kind, held, depleted, lost, checks)
    and log, from the page's text as the old table or as today's cards show them."""
    if now:
        head, _, rest = text.partition(" Roll with tokens Use a token for +1 (at most +3); ")
        rest = rest.split(" extra die until the next refresh. ", 1)[-1]
        tokens = NEW_TOKEN_CARD.findall(rest.split(" Applicable tokens", 1)[0])
    else:
        head, _, rest = text.partition(OLD_TOKEN_TABLE)
        after_table = r" (?:Latest roll|Roll with tokens|A \S.* token arrives) "
        table = re.split(after_table, rest, maxsplit=1)[0]
        tokens = OLD_TOKEN_ROW.findall(table)
    log = text.rsplit(" Log #", 1)[-1]
    return f"{head} | {tokens} | Log #{log}"


# A sheet's skills as the old code wrote them: one line, `Diplomacy – 4` or a bare name.
SKILLS_LINE = re.compile(r"(?<= Skills )(.*?)(?=Equipment )")


def _skill_tables(notation: str) -> str:
    """The text of the Skill | Rank tables (left to right) for a notation line."""
    rows = []
    for held in notation.strip().split(", ") if notation.strip() else []:
        name, _, rank = held.partition(" – ")
        rows.append(f"{name} {rank or 0}")
    if not rows:
        return "No skills yet. "
    per_column = -(-len(rows) // SKILL_COLUMNS)  # as the sheet splits them, rounded up
    columns = [rows[start : start + per_column] for start in range(0, len(rows), per_column)]
    return "".join(f"Skill Rank {' '.join(column)} " for column in columns)


# The GM's roll log of one character: since 29 November 2026 it lists the newest row first
# (a page at a time), where the recording listed the oldest first.
GM_ROLL_LOG = re.compile(r"/desk/[^/]+/party/[^/]+/$")
ROLL_LOG_HEADER = "# Step Dice Faces Total Source History note "


def _newest_first(recorded: str) -> str:
    """The recorded roll log's rows in the page's present order, newest first. Row k starts
    with " k " and its step's name (never a total: those are followed by their source)."""
    head, rows_text = recorded.split(ROLL_LOG_HEADER, 1)
    starts, number, at = [], 1, 0
    while True:
        found = re.compile(rf"(?:^| ){number} (?=[A-Z])(?!Typed in|App roll)").search(rows_text, at)
        if found is None:
            break
        starts.append(found.start())
        number, at = number + 1, found.end()
    rows = [
        rows_text[start:end].strip() for start, end in zip(starts, [*starts[1:], None], strict=True)
    ]
    return head + ROLL_LOG_HEADER + " ".join(reversed(rows))


# The sheet, its print and the GM's party print draw the player's sheet (not the desk's log).
SHEET_HISTORY = re.compile(r"/characters/[^/]+/(sheet|print)/$|/party/print/$")
# One history item left unwritten: its title (never one quoted in a note, after "— ") and
# dice, up to the missing note.
UNWRITTEN_ITEM = re.compile(
    r" (?<!— )(?:Career|Skill roll \d+|Survival roll|Background|Starting cash|Assets|Debts)\b"
    r"(?:(?! — ).)*? — History not written yet(?= |$)"
)


def test_every_page_reads_as_the_old_code_showed_it(legacy_database: None) -> None:
    users = get_user_model().objects
    clients: dict[str, Client] = {}
    differences = []
    for key, page in PAGES.items():
        username = page["username"]
        if username not in clients:
            clients[username] = Client()
            clients[username].force_login(users.get(username=username))
        response = clients[username].get(page["url"])
        if response.status_code != 200:
            differences.append(f"{key}\n    answered {response.status_code}, not 200")
            continue
        text = _as_now_intended(
            page["url"], page_text(response.content.decode(), line_link=page["line_link"])
        )
        recorded = _recorded_as_now_intended(page["url"], page["text"])
        if OLD_TOKEN_TABLE in recorded:
            text, recorded = _token_sheet_data(text, now=True), _token_sheet_data(recorded)
        if text != recorded:
            differences.append(f"{key}\n{_word_diff(recorded, text)}")
    assert not differences, (
        f"{len(differences)} of {len(PAGES)} pages read differently after the migrations "
        "([-recorded-] {+now+}):\n\n" + "\n\n".join(differences)
    )


def _owners() -> dict[int, str]:
    return {row["id"]: row["username"] for row in FIXTURE["tables"]["auth.User"]}


def _recorded(label: str, *fields: str) -> set[tuple[Any, ...]]:
    owners = _owners()
    return {
        (row["id"], owners[row["owner_id"]], *(row[name] for name in fields))
        for row in FIXTURE["tables"][label]
    }


def _now(model: Any, *fields: str) -> set[tuple[Any, ...]]:
    return {
        (str(row["id"]), row["owner__username"], *(row[name] for name in fields))
        for row in model.objects.values("id", "owner__username", *fields)
    }


@pytest.mark.parametrize(
    ("label", "model", "fields"),
    [
        ("characters.Character", Character, ("name", "status")),
        ("drifting.Character", DriftingCharacter, ("name", "step")),
        ("rollers.UniqueCharacter", UniqueCharacter, ("name",)),
        ("rollers.ManaCharacter", ManaCharacter, ("name",)),
    ],
    ids=["infinity-drive", "drifting", "unique-pool", "roll-and-keep"],
)
def test_every_character_keeps_its_owner_name_and_status(
    legacy_database: None, label: str, model: Any, fields: tuple[str, ...]
) -> None:
    recorded = _recorded(label, *fields)
    assert recorded, f"the fixture has {label} rows"
    assert _now(model, *fields) == recorded
