"""The bench's one-character CPU figure: its requests are counted as they are sent, and
the line it prints names the median and each run (scripts/bench_character_cpu.py).

The figure itself is measured by `make bench` against gunicorn, never in a test; the
journey it drives is the load test's own, which tests/test_bench_journeys.py runs."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from django.apps import apps
from django.core.management import call_command
from pytest_django.fixtures import Settings
from pytest_django.live_server_helper import LiveServer

from chargen.rulebook.services import rulebook_cache_clear

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
sys.path.insert(0, str(SCRIPTS))

import bench_journeys as play  # noqa: E402
from bench_browser import Answer, Browser, Judge, plain_send  # noqa: E402
from bench_character_cpu import (  # noqa: E402
    CharacterCpu,
    Compared,
    Counted,
    compared,
    server_cpu,
)


def test_each_request_sent_is_counted_and_passed_on_unchanged() -> None:
    seen: list[tuple[str, str, str]] = []

    def send(
        method: str, path: str, *, name: str, body: str, headers: dict[str, str], judge: Judge
    ) -> Answer:
        seen.append((method, path, body))
        return Answer(status=200, body="ok", location="", shown_at="")

    counted = Counted(send)
    answer = counted("POST", "/a/", name="a", body="x=1", headers={}, judge=lambda _: "")
    counted("GET", "/b/", name="b", body="", headers={}, judge=lambda _: "")
    assert counted.count == 2
    assert answer.body == "ok"
    assert seen == [("POST", "/a/", "x=1"), ("GET", "/b/", "")]


def test_the_line_quotes_the_median_and_every_run() -> None:
    figure = CharacterCpu(
        seconds=(0.61, 0.38, 0.41), requests=84, sign_up_seconds=0.33, first_seconds=1.52
    )
    assert figure.median == 0.41
    line = figure.line()
    assert "0.41 s of server CPU" in line
    assert "0.61, 0.38, 0.41" in line
    assert "84 requests" in line
    assert "first character on cold workers 1.52 s" in line


def test_the_server_cpu_of_a_process_and_its_children_is_read() -> None:
    assert server_cpu(os.getpid()) > 0


def test_a_comparison_quotes_the_median_of_each_round_s_ratio() -> None:
    """Each round's two characters are built within seconds of each other: the ratio is
    taken round by round, then its median (a slow minute slows both sides alike)."""
    result = Compared(now=(1.0, 3.0, 2.0), then=(2.0, 2.0, 2.5))
    # The rounds' ratios are 0.5, 1.5 and 0.8; the medians' ratio would be 1.
    assert result.ratio == pytest.approx(0.8)
    line = result.line()
    assert "3 rounds" in line
    assert "now 2.00 s, then 2.00 s" in line
    assert "now/then 0.80" in line


@pytest.mark.django_db(transaction=True)
def test_two_deployments_each_build_a_character_in_turn(
    live_server: LiveServer, settings: Settings
) -> None:
    """The comparison drives the load test's own journey on both sides: here one live
    server stands for both, and each side's player finishes its characters."""
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    call_command("load_rules_data", verbosity=0)
    rulebook_cache_clear()
    port = int(live_server.url.rsplit(":", 1)[1])
    host = f"127.0.0.1:{port}"
    now, then = Browser(plain_send(port), host), Browser(plain_send(port), host)
    names = (play.new_username("now"), play.new_username("then"))
    play.sign_up(now, names[0])
    play.sign_up(then, names[1])
    result = compared((now, os.getpid()), (then, os.getpid()), rounds=2)
    assert len(result.now) == len(result.then) == 2
    assert all(seconds > 0 for seconds in (*result.now, *result.then))
    character = apps.get_model("characters", "Character")
    for name in names:  # the untimed first character and one a round, each finished
        built = character.objects.filter(owner__username=name)
        assert built.count() == 3
        assert set(built.values_list("status", flat=True)) == {"finished"}
