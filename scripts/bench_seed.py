"""Sheets with long and short roll logs for the load test, made through the site itself.

One account holds a Drifting token sheet and a roll-and-keep sheet with 2,000 rolls each,
and the same two with 20: the watchers of scripts/locustfile.py read them all, so the
figures say whether a sheet with 2,000 rolls answers as fast as one with 20. The rolls
are posted as plain forms (no JavaScript) whose redirect is not followed, so seeding
pays for each roll's write and not for drawing the sheet again after every one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import bench_journeys as play
from bench_browser import BenchHTTPError, Browser, Send, judge_plain_post

SEEDED_ROLLS = (2000, 20)
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


def seed_sheets(
    send: Send, host: str, rolls: tuple[int, ...] = SEEDED_ROLLS, *, at_once: bool = True
) -> dict[str, Any]:
    """A new account with a Drifting and a roll-and-keep sheet for each count in `rolls`:
    {"username": …, "sheets": {request name: path}, "sizes": {request name: bytes}}. The
    sheets are rolled on at once (each its own log), or one after another."""
    player = Browser(send, host)
    username = play.new_username("table")
    play.sign_up(player, username)
    sheets: dict[str, str] = {}
    for count in rolls:
        drifting = play.drifting_character(player, name=f"Drifter {count}")
        sheets[f"sheet: drifting, {count} rolls"] = f"/drifting/c/{drifting}/"
        mana = play.mana_sheet(player, name=f"Kenji {count}")
        sheets[f"sheet: roll and keep, {count} rolls"] = f"/rollers/mana/{mana}/"
    failures: list[BaseException] = []

    def seeding(path: str, count: int) -> Callable[[], None]:
        def run() -> None:
            own = Browser(send, host)
            own.cookies = dict(player.cookies)  # the same logged-in account
            try:
                roll_many(own, path, count)
            except BaseException as error:
                failures.append(error)

        return run

    counts = {path: int(name.split(", ")[1].split()[0]) for name, path in sheets.items()}
    threads = [threading.Thread(target=seeding(path, n)) for path, n in counts.items()]
    for thread in threads:
        thread.start()
        if not at_once:
            thread.join()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]
    sizes = {name: len(player.get(path).encode()) for name, path in sheets.items()}
    return {"username": username, "sheets": sheets, "sizes": sizes}
