"""Chargen under load as players feel it: Locust players, added in steps (bench_steps).

Run by scripts/bench.py (`make bench`), which deploys the server and says where it is
(`--host`) and what it seeded; it reads the environment:

    BENCH_STEPS=50,100,150   players in each step        BENCH_HOLD=120  seconds a step
    BENCH_RESULTS=path.json  where the steps' figures go
    BENCH_SERVER_PID=pid     gunicorn's master, whose CPU (with its workers') is read
    BENCH_SEEDED=path.json   the account and the sheets seeded with long roll logs

The players think 2-5 s between two clicks. Builders sign up and build complete Infinity
Drive characters through every step of the wizard (the first one in a GM's campaign),
then open the sheet and export it (JSON); Drifting players roll at the table on their
token sheet; GMs approve what their players submit and print the party PDF; watchers
read the seeded sheets with 2,000 rolls and with 20. Each request is counted under the
name of what the player did ("wizard: skills roll", "sheet", "party pdf").
"""

from __future__ import annotations

import json
import os
import resource
import secrets
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

import psutil
from locust import FastHttpUser, LoadTestShape, between, events, task
from locust.contrib.fasthttp import FastHttpSession

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_journeys as play
import bench_steps
from bench_browser import Answer, BenchHTTPError, Browser, Judge, Send, as_path

STEPS = bench_steps.schedule(
    bench_steps.parse_steps(
        os.environ.get("BENCH_STEPS", ",".join(map(str, bench_steps.DEFAULT_STEPS)))
    ),
    float(os.environ.get("BENCH_HOLD", str(bench_steps.DEFAULT_HOLD_SECONDS))),
)
SEATS_PER_CAMPAIGN = 4  # a GM's party, as at a table (its PDF prints every sheet)


def locust_send(client: FastHttpSession) -> Send:
    """`send` through Locust's client: timed, named, and a refusal counted as a failure."""

    def send(
        method: str, path: str, *, name: str, body: str, headers: dict[str, str], judge: Judge
    ) -> Answer:
        with client.request(
            method,
            path,
            name=name,
            data=body or None,
            headers=headers,
            allow_redirects=False,
            catch_response=True,
        ) as response:
            got = response.headers
            answer = Answer(
                response.status_code,
                response.text or "",
                as_path((got.get("Location") or got.get("HX-Redirect") or "") if got else ""),
                (got.get("HX-Push-Url") or got.get("HX-Replace-Url") or "") if got else "",
                tuple(got.get_all("Set-Cookie", [])) if got else (),
                (got.get("ETag") or "") if got else "",
            )
            if why := judge(answer):
                response.failure(why)
            else:
                response.success()
        return answer

    return send


class Campaigns:
    """The GMs' campaigns with a free seat, which new builders join (one process: gevent)."""

    def __init__(self) -> None:
        self.open: list[tuple[str, str, int]] = []  # (campaign id, invite path, seats left)

    def offer(self, campaign: str, invite: str) -> None:
        self.open.append((campaign, invite, SEATS_PER_CAMPAIGN))

    def claim(self) -> tuple[str, str] | None:
        if not self.open:
            return None
        campaign, invite, seats = self.open.pop(0)
        if seats > 1:
            self.open.append((campaign, invite, seats - 1))
        return campaign, invite


CAMPAIGNS = Campaigns()


class Player(FastHttpUser):
    abstract = True
    wait_time = between(2, 5)

    def on_start(self) -> None:
        host = (self.host or "").split("://", 1)[-1].rstrip("/")
        self.browser = Browser(locust_send(self.client), host, think=self.wait)

    def journey(self, *steps: Callable[[], object]) -> bool:
        """Run the steps; a refusal ends the journey (Locust counted it as a failure)."""
        try:
            for step in steps:
                step()
        except BenchHTTPError:
            return False
        return True


class Builder(Player):
    """Builds complete Infinity Drive characters, the first one in a GM's campaign."""

    weight = 6

    def on_start(self) -> None:
        super().on_start()
        self.seat = CAMPAIGNS.claim()
        self.signed_up = self.journey(
            lambda: play.sign_up(self.browser, play.new_username("builder"))
        )
        if self.signed_up and self.seat is not None:
            invite = self.seat[1]
            self.journey(lambda: play.campaign_join(self.browser, invite))

    @task
    def build_character(self) -> None:
        if not self.signed_up:
            self.signed_up = self.journey(
                lambda: play.sign_up(self.browser, play.new_username("builder"))
            )
            return
        campaign, self.seat = (self.seat[0] if self.seat else ""), None
        made: list[str] = []
        player = self.browser

        def finish_and_export() -> None:
            # In a campaign the GM approves the proposed race before the player can finish.
            if play.treva_finish(player, made[0], waits=30 if campaign else 0):
                play.sheet_and_export(player, made[0])

        self.journey(
            lambda: made.append(play.treva_start(player, name="Treva", campaign=campaign)),
            lambda: play.treva_through_skills(player, made[0]),
            lambda: play.treva_equip_and_history(player, made[0]),
            finish_and_export,
        )


class GameMaster(Player):
    """Runs a campaign that asks for approval: approves, and prints the party PDF."""

    weight = 1

    def on_start(self) -> None:
        super().on_start()
        self.campaign = ""

        def open_campaign() -> None:
            play.sign_up(self.browser, play.new_username("gm"))
            campaign, invite = play.campaign_create(
                self.browser, name="The Rim", game="infinity_drive", approval=True
            )
            self.campaign = campaign
            CAMPAIGNS.offer(campaign, invite)

        self.journey(open_campaign)

    @task(4)
    def approve(self) -> None:
        if self.campaign:
            self.journey(lambda: play.gm_approve_all(self.browser, self.campaign))

    @task(1)
    def print_party(self) -> None:
        if self.campaign:
            self.journey(lambda: play.party_pdf(self.browser, self.campaign))


class Drifter(Player):
    """Plays Drifting: makes a character, then rolls at the table on its token sheet."""

    weight = 3

    def on_start(self) -> None:
        super().on_start()
        self.character = ""

        def make() -> None:
            play.sign_up(self.browser, play.new_username("drifter"))
            self.character = play.drifting_character(self.browser, name="Drifter")

        self.journey(make)

    @task
    def roll(self) -> None:
        if self.character:
            self.journey(lambda: play.drifting_roll(self.browser, self.character))


SEEDED: dict[str, Any] = (
    json.loads(Path(os.environ["BENCH_SEEDED"]).read_text())
    if os.environ.get("BENCH_SEEDED")
    else {}
)


class Watcher(Player):
    """Reads the seeded sheets at the table: one with a long roll log, one with a short."""

    weight = 1 if SEEDED.get("sheets") else 0

    def on_start(self) -> None:
        super().on_start()
        self.logged_in = self.journey(lambda: play.log_in(self.browser, SEEDED["username"]))

    @task
    def read_sheet(self) -> None:
        if self.logged_in:
            # Which seeded sheet a watcher reads next (not dice: any source would do).
            name, path = secrets.choice(list(SEEDED["sheets"].items()))
            self.journey(lambda: self.browser.get(path, name=name))


class Recorder:
    """Every request's time, by step and name (the timed part of a step only), every
    failure (the whole step), and the CPU the load, the server and the machine took."""

    def __init__(self) -> None:
        self.index: int | None = None
        self.timing = False
        self.stopped = False
        self.times: dict[str, list[float]] = defaultdict(list)
        self.failures: Counter[str] = Counter()
        self.errors: Counter[str] = Counter()
        self.cpu_at_start: dict[str, float] = {}
        self.results: list[bench_steps.StepResult] = []
        pid = os.environ.get("BENCH_SERVER_PID")
        self.server = psutil.Process(int(pid)) if pid else None

    def on_request(
        self, request_type: str, name: str, response_time: float, exception: Any, **_: Any
    ) -> None:
        if self.index is None:
            return
        if exception is not None:
            self.failures[name] += 1
            self.errors[f"{request_type} {name}: {str(exception)[:160]}"] += 1
        elif self.timing:
            self.times[name].append(response_time)

    def cpu_seconds(self) -> dict[str, float]:
        own = resource.getrusage(resource.RUSAGE_SELF)
        server = 0.0
        if self.server is not None:
            for process in [self.server, *self.server.children(recursive=True)]:
                try:
                    times = process.cpu_times()
                except psutil.NoSuchProcess:
                    continue  # a worker that gunicorn replaced: its time is lost
                server += times.user + times.system
        machine = psutil.cpu_times()
        busy = ("user", "nice", "system", "irq", "softirq")  # Linux counts guest in user
        return {
            "locust": own.ru_utime + own.ru_stime,
            "server": server,
            "machine": sum(getattr(machine, field, 0.0) for field in busy),
            "wall": time.monotonic(),
        }

    def advance(self, run_time: float) -> None:
        """Called each second by the shape: opens, times and closes the steps."""
        index = bench_steps.step_index(STEPS, run_time)
        if index != self.index and self.index is not None:
            self.close()
        if index is None or self.stopped:
            self.index = None
            return
        if index != self.index:
            self.index, self.timing = index, False
        if not self.timing and run_time >= STEPS[index].timed_from:
            self.timing, self.cpu_at_start = True, self.cpu_seconds()

    def close(self) -> None:
        """The step's figures; the ramp stops after two steps in a row that did not hold."""
        step = STEPS[self.index or 0]
        now = self.cpu_seconds()
        wall = now["wall"] - self.cpu_at_start.get("wall", now["wall"])
        cores = {
            what: (now[what] - self.cpu_at_start[what]) / wall
            for what in ("locust", "server", "machine")
            if wall > 0
        }
        result = bench_steps.step_result(
            step.users, wall, self.times, self.failures, self.errors, cores
        )
        self.results.append(result)
        self.stopped = bench_steps.ramp_over(self.results)
        self.times, self.failures, self.errors = defaultdict(list), Counter(), Counter()
        self.timing = False

    def write(self) -> None:
        if self.index is not None and self.timing:
            self.close()  # stopped early (Ctrl-C): the step so far
            self.index = None
        path = os.environ.get("BENCH_RESULTS")
        if path:
            steps = [asdict(result) for result in self.results]
            Path(path).write_text(json.dumps({"steps": steps}, indent=1, default=str))


RECORDER = Recorder()
events.request.add_listener(RECORDER.on_request)
events.quitting.add_listener(lambda **_: RECORDER.write())


class StepShape(LoadTestShape):
    """BENCH_STEPS players, each count held BENCH_HOLD seconds, stopping after two steps
    in a row that did not hold (p95 over the limit, or a failure)."""

    def tick(self) -> tuple[int, float] | None:
        run_time = self.get_run_time()
        RECORDER.advance(run_time)
        index = bench_steps.step_index(STEPS, run_time)
        if index is None or RECORDER.stopped:
            return None
        return STEPS[index].users, bench_steps.spawn_rate(STEPS, index)
