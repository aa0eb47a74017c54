"""The bench's one-character CPU figure: its requests are counted as they are sent, and
the line it prints names the median and each run (scripts/bench_character_cpu.py).

The figure itself is measured by `make bench` against gunicorn, never in a test; the
journey it drives is the load test's own, which tests/test_bench_journeys.py runs."""

from __future__ import annotations

import os
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
sys.path.insert(0, str(SCRIPTS))

from bench_browser import Answer, Judge  # noqa: E402
from bench_character_cpu import CharacterCpu, Counted, server_cpu  # noqa: E402


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
