"""Sheets with long and short roll logs for the load test, made through the site itself.

One account holds a Drifting token sheet and a roll-and-keep sheet with 2,000 rolls each,
and the same two with 20: the watchers of scripts/locustfile.py read them all, so the
figures say whether a sheet with 2,000 rolls answers as fast as one with 20. Each sheet's
first 20 rolls are posted to the site as plain forms (no JavaScript) whose redirect is
not followed; the long logs are then lengthened with copies of those rolls
(bench_seed_rows.py), since 2,000 rolls through the site take many minutes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import bench_journeys as play
from bench_browser import BenchHTTPError, Browser, Send, judge_plain_post, uuid_in

SEEDED_ROLLS = (2000, 20)
ROLLED_THROUGH_SITE = 20  # rolls posted to the site on each sheet; the rest are copies
RETRIES = 5  # a refused roll (a stale key, say) is retried from a freshly read sheet
ONE_TIME_KEYS = ("key", "sequence")  # the roll forms' one-time key: the log's next row


def roll_many(player: Browser, page: str, count: int) -> None:
    """`count` server rolls on the sheet at `page`, each with the form's defaults."""
    retries = RETRIES
    done = 0
    data: list[tuple[str, str]] = []
    url = ""
    while done < count:
        if not data:
            player.get(page, name="seed: sheet")
            found = player.find("/roll/")
            if found is None:
                raise BenchHTTPError(f"no roll form on {page}")
            form, url = found
            data = form.data({})
        answer = player.request("POST", url, name="seed: roll", data=data, judge=judge_plain_post)
        if judge_plain_post(answer):
            retries -= 1
            if retries == 0:
                raise BenchHTTPError(f"rolls refused on {page}: {judge_plain_post(answer)}")
            data = []
            continue
        done += 1
        # The next roll's key is one further on: each roll writes one row of the log.
        data = [(k, str(int(v) + 1) if k in ONE_TIME_KEYS else v) for k, v in data]


# Extends a sheet's log to a length through the ORM: (model label, character id, rows).
Lengthen = Callable[[str, str, int], object]


def seed_sheets(
    send: Send,
    host: str,
    lengthen: Lengthen,
    rolls: tuple[int, ...] = SEEDED_ROLLS,
    through_site: int = ROLLED_THROUGH_SITE,
) -> dict[str, Any]:
    """A new account with a Drifting and a roll-and-keep sheet for each count in `rolls`:
    {"username": …, "sheets": {request name: path}, "sizes": {request name: bytes},
    "skipped": [what could not be made, and why]}.
    The first `through_site` rolls of each are posted to the site; `lengthen` copies them
    until the log holds the count."""
    player = Browser(send, host)
    username = play.new_username("table")
    play.sign_up(player, username)
    sheets: dict[str, str] = {}
    skipped: list[str] = []
    for count in rolls:
        for label, model, start in (
            ("drifting", "drifting.LogEntry", start_drifting),
            ("roll and keep", "rollers.ManaRollEntry", start_mana),
        ):
            name = f"sheet: {label}, {count} rolls"
            try:  # an older commit may lack a kind of sheet, or draw its forms otherwise
                path = start(player, count)
                roll_many(player, path, min(count, through_site))
            except BenchHTTPError as error:
                skipped.append(f"{name}: {error}")
                continue
            if count > through_site:
                lengthen(model, uuid_in(path), count)
            sheets[name] = path
    sizes = {name: len(player.get(path).encode()) for name, path in sheets.items()}
    return {"username": username, "sheets": sheets, "sizes": sizes, "skipped": skipped}


def start_drifting(player: Browser, count: int) -> str:
    return f"/drifting/c/{play.drifting_character(player, name=f'Drifter {count}')}/"


def start_mana(player: Browser, count: int) -> str:
    return f"/rollers/mana/{play.mana_sheet(player, name=f'Kenji {count}')}/"
