"""The server CPU one complete Infinity Drive character costs, read from gunicorn itself.

One player alone (no load, no think time) signs up, then builds Treva Donalson through
every step of the wizard exactly as the load test's players do (bench_journeys: the
same forms, the same typed dice, 13 skill rolls, equipment, history) and finishes her.
The CPU is what gunicorn's master and workers spent between the first request of the
character and the finish (user + system, from /proc through psutil): the time of the
server processes alone, which other work on the machine slows but hardly changes.
Sign-up is left out (Django's PBKDF2 costs a third of a second of CPU on purpose) and
reported beside it. A first character pays for what each worker reads once (its URLs and
the modules they import, templates, rule data): it is built first, untimed in the figure
and reported beside it, so every timed character meets warm workers. Then the character
is built `runs` times on the same server and the median is quoted: this VM's speed
wanders from one second to the next, and the median of five shrugs off one slow run.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

import bench_journeys as play
import psutil
from bench_browser import Answer, BenchHTTPError, Browser, Judge, Send

RUNS = 5
ROUNDS = 12  # characters on each deployment when two are compared in turn


@dataclass(frozen=True)
class CharacterCpu:
    seconds: tuple[float, ...]  # server CPU of each character, start to finish
    requests: int  # requests one character takes
    sign_up_seconds: float  # server CPU of the sign-up before the first one
    first_seconds: float = 0.0  # server CPU of the first character, on cold workers

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    def line(self) -> str:
        each = ", ".join(f"{seconds:.2f}" for seconds in self.seconds)
        return (
            f"One Infinity Drive character, start to finish, alone: {self.median:.2f} s of "
            f"server CPU (median of {len(self.seconds)}: {each} s), {self.requests} requests; "
            f"sign-up before it {self.sign_up_seconds:.2f} s, the first character on cold "
            f"workers {self.first_seconds:.2f} s."
        )


def server_cpu(master_pid: int) -> float:
    """User + system seconds of gunicorn's master and its workers so far."""
    master = psutil.Process(master_pid)
    total = 0.0
    for process in [master, *master.children(recursive=True)]:
        try:
            times = process.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


class Counted:
    """A `send` that counts the requests made through it."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self.count = 0

    def __call__(
        self, method: str, path: str, *, name: str, body: str, headers: dict[str, str], judge: Judge
    ) -> Answer:
        self.count += 1
        return self.send(method, path, name=name, body=body, headers=headers, judge=judge)


def character_cpu(send: Send, host: str, master_pid: int, *, runs: int = RUNS) -> CharacterCpu:
    counted = Counted(send)
    player = Browser(counted, host)
    before = server_cpu(master_pid)
    play.sign_up(player, play.new_username("cpu"))
    sign_up = server_cpu(master_pid) - before
    first = character_seconds(player, master_pid, name="Treva 0")
    seconds = []
    for run in range(runs):
        counted.count = 0
        seconds.append(character_seconds(player, master_pid, name=f"Treva {run + 1}"))
    return CharacterCpu(tuple(seconds), counted.count, sign_up, first)


def character_seconds(player: Browser, master_pid: int, *, name: str) -> float:
    """Build and finish one Treva; the server CPU it took (gunicorn's master and workers)."""
    before = server_cpu(master_pid)
    character = play.treva_start(player, name=name)
    play.treva_through_skills(player, character)
    play.treva_equip_and_history(player, character)
    finished = play.treva_finish(player, character)
    spent = server_cpu(master_pid) - before
    if not finished:
        raise BenchHTTPError(f"{name} could not be finished")
    return spent


@dataclass(frozen=True)
class Compared:
    """One character's server CPU on two deployments, built in turn (`compared`)."""

    now: tuple[float, ...]
    then: tuple[float, ...]

    @property
    def ratio(self) -> float:
        """The median of the rounds' now/then: each round's two characters were built
        within seconds of each other, so a VM whose speed wanders slows both alike."""
        return statistics.median(a / b for a, b in zip(self.now, self.then, strict=True))

    def line(self) -> str:
        now, then = statistics.median(self.now), statistics.median(self.then)
        return (
            f"built in turn, {len(self.now)} rounds: now {now:.2f} s, then {then:.2f} s "
            f"(medians); now/then {self.ratio:.2f} (median of the rounds' ratios)."
        )


def compared(
    now: tuple[Browser, int], then: tuple[Browser, int], *, rounds: int = ROUNDS
) -> Compared:
    """One character built on each deployment in turn, `rounds` times, the order swapped
    each round; each given as (a signed-up player's browser, gunicorn's master pid). A
    first character on each is built untimed (cold workers)."""
    for player, pid in (now, then):
        character_seconds(player, pid, name="Treva 0")
    seconds: dict[int, list[float]] = {0: [], 1: []}
    for run in range(rounds):
        order = (0, 1) if run % 2 == 0 else (1, 0)
        for side in order:
            player, pid = (now, then)[side]
            seconds[side].append(character_seconds(player, pid, name=f"Treva {run + 1}"))
    return Compared(tuple(seconds[0]), tuple(seconds[1]))
