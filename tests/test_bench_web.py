"""The web benchmark's pure helpers (scripts/bench_web_*.py): no server is started.

What they read (wrk's report, /proc, the pages' forms) and the log check that decides
whether the full-creation scenario wrote every log whole with no roll twice.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from bench_web_http import Response, htmx_outcome, offered_sequence, parse_forms, refusal_text
from bench_web_measure import (
    Expected,
    LogRow,
    ProcStat,
    WrkOutputError,
    check_logs,
    children_of,
    combine_wrk,
    format_table,
    log_problems,
    machine_busy_ticks,
    parse_proc_stat,
    parse_wrk,
)

WRK_OUTPUT = """\
Running 3s test @ http://127.0.0.1:18765/
  2 threads and 16 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    40.55ms   30.01ms 214.85ms   89.96%
    Req/Sec   225.33     95.01   343.00     67.24%
  Latency Distribution
     50%   26.34ms
     75%   48.17ms
     90%   70.58ms
     99%     1.20s
  1318 requests in 3.05s, 5.29MB read
Requests/sec:    432.38
Transfer/sec:      1.74MB
"""

WRK_WITH_ERRORS = WRK_OUTPUT.replace(
    "  1318 requests",
    "  Socket errors: connect 1, read 2, write 0, timeout 3\n  1318 requests",
).replace("Requests/sec", "  Non-2xx or 3xx responses: 7\nRequests/sec")


def test_wrk_report_is_read_in_milliseconds() -> None:
    result = parse_wrk(WRK_OUTPUT)
    assert result.requests == 1318
    assert result.seconds == pytest.approx(3.05)
    assert result.requests_per_second == pytest.approx(432.38)
    assert result.p50_ms == pytest.approx(26.34)
    assert result.p99_ms == pytest.approx(1200)
    assert result.errors == 0


def test_wrk_errors_count_bad_answers_and_every_socket_error() -> None:
    result = parse_wrk(WRK_WITH_ERRORS)
    assert (result.bad_responses, result.socket_errors, result.errors) == (7, 6, 13)


def test_a_failed_wrk_run_is_not_read_as_figures() -> None:
    with pytest.raises(WrkOutputError):
        parse_wrk("unable to connect to 127.0.0.1:1 Connection refused\n")


def test_two_servers_runs_add_up_and_keep_the_worse_latency() -> None:
    one, other = parse_wrk(WRK_OUTPUT), parse_wrk(WRK_WITH_ERRORS.replace("26.34ms", "30ms"))
    both = combine_wrk([one, other])
    assert both.requests == 2636
    assert both.requests_per_second == pytest.approx(864.76)
    assert both.p50_ms == pytest.approx(30)
    assert both.errors == 13


def test_proc_stat_counts_user_and_system_time_after_an_awkward_name() -> None:
    # pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    line = "4242 (gunicorn: worker) [x)) S 4200 4200 4200 0 -1 4194560 900 0 0 0 150 25 0 0 20 0"
    assert parse_proc_stat(line) == ProcStat(pid=4242, parent=4200, cpu_ticks=175)


def test_proc_stat_refuses_a_line_that_is_not_one() -> None:
    with pytest.raises(ValueError, match="stat"):
        parse_proc_stat("not a stat line")


def test_workers_are_the_masters_children() -> None:
    stats = [ProcStat(10, 1, 5), ProcStat(12, 10, 7), ProcStat(11, 10, 3), ProcStat(13, 12, 9)]
    assert [s.pid for s in children_of(stats, 10)] == [11, 12]


def test_machine_busy_time_leaves_out_idle_and_waiting() -> None:
    proc_stat = "cpu  100 5 20 1000 30 1 2 3 0 0\ncpu0 50 2 10 500 15 0 1 1 0 0\n"
    assert machine_busy_ticks(proc_stat) == (131, 1161)


def rows(*sequences_and_dice: tuple[int, bool]) -> list[LogRow]:
    return [LogRow(sequence, dice) for sequence, dice in sequences_and_dice]


def test_a_whole_log_with_each_roll_once_passes() -> None:
    log = rows((1, False), (2, True), (3, False), (4, True))
    assert log_problems(log, Expected(entries=4, rolls=2)) == []


def test_a_gap_in_the_sequence_is_found() -> None:
    log = rows((1, False), (2, True), (4, True))
    problems = log_problems(log, Expected(entries=3, rolls=2))
    assert problems == ["gap at sequence [3]"]


def test_a_sequence_written_twice_is_found() -> None:
    log = rows((1, False), (2, True), (2, True))
    assert "sequence written twice: [2]" in log_problems(log, Expected(entries=3, rolls=2))


def test_a_double_click_that_rolled_twice_is_a_duplicate_roll() -> None:
    """The player made one roll (and saw it saved once); the log holds two."""
    log = rows((1, False), (2, True), (3, True))
    assert log_problems(log, Expected(entries=2, rolls=1)) == [
        "3 entries, the player saw 2 saved",
        "2 rolls saved for 1 rolls made",
    ]


def test_a_log_cut_short_is_found() -> None:
    log = rows((1, False), (2, True))
    assert log_problems(log, Expected(entries=3, rolls=2)) == [
        "2 entries, the player saw 3 saved",
        "1 rolls saved for 2 rolls made",
    ]


def test_every_character_is_checked_even_with_no_log_at_all() -> None:
    logs = {"a": rows((1, True)), "b": rows((1, True), (3, False))}
    expected = {"a": Expected(1, 1), "b": Expected(2, 1), "c": Expected(1, 0)}
    whole, problems = check_logs(logs, expected)
    assert whole == 1
    assert [line.split(":")[0] for line in problems] == ["b", "c"]


def test_the_table_lines_up_its_columns() -> None:
    table = format_table(["page", "req/s"], [["home", "21"], ["character sheet", "7"]])
    assert table.splitlines() == [
        "page             req/s",
        "---------------  -----",
        "home                21",
        "character sheet      7",
    ]


FORM_PAGE = """
<form method="post" action="/accounts/logout/">
  <input type="hidden" name="csrfmiddlewaretoken" value="t">
</form>
<form method="post" action="/c/1/skills/choose/" hx-post="/c/1/skills/choose/">
  <input type="hidden" name="csrfmiddlewaretoken" value="t">
  <input type="hidden" name="sequence" value="17">
  <input type="hidden" name="table" value="construction-academic">
  <input type="radio" name="career" value="Citizen">
  <input type="radio" name="career" value="Military" checked>
  <input type="checkbox" name="applicable" value="Firearms">
  <input type="text" name="faces" disabled value="6 6">
  <select name="campaign">
    <option value="">None</option><option value="abc">The Rim</option>
  </select>
  <select name="difficulty"><option>Easy</option><option selected>Standard</option></select>
  <textarea name="note">
Born &amp; raised</textarea>
  <button type="submit">Take this</button>
</form>
<form method="post" class="row">
  <button formaction="/desk/c/races/r/approve/">Approve</button>
</form>
"""


def test_a_form_sends_what_a_browser_would() -> None:
    form = parse_forms(FORM_PAGE)[1]
    assert form.htmx
    assert form.defaults() == [
        ("csrfmiddlewaretoken", "t"),
        ("sequence", "17"),
        ("table", "construction-academic"),
        ("career", "Military"),
        ("campaign", ""),
        ("difficulty", "Standard"),
        ("note", "Born & raised"),
    ]


def test_the_page_says_where_the_log_goes_next() -> None:
    undo_and_roll = """
<form method="post"><input type="hidden" name="sequence" value="16"><button>Undo</button></form>
<form method="post"><input type="hidden" name="sequence" value="17"><button>Roll</button></form>
<form method="get"><input type="hidden" name="sequence" value="99"></form>
"""
    assert offered_sequence(undo_and_roll) == 17
    assert offered_sequence("<p>No forms here.</p>") == 0


def test_an_htmx_answer_is_read_as_htmx_reads_it() -> None:
    swapped = Response(200, "", "<div id=wizard></div>", shown_at="/characters/1/skills/")
    assert htmx_outcome(swapped) == ("page", "/characters/1/skills/")
    assert htmx_outcome(Response(200, "/rollers/unique/1/", "")) == ("load", "/rollers/unique/1/")
    refused = Response(200, "", '<div class="alert alert-danger">Not now.</div>')
    assert htmx_outcome(refused)[0] == "refused"
    assert htmx_outcome(Response(500, "", "boom"))[0] == "refused"
    # Before issue 13 an htmx POST was answered with a redirect, which XHR follows: only
    # a run over that code follows it (--code-at); today's code never answers so.
    redirected = Response(303, "/characters/1/skills/", "")
    assert htmx_outcome(redirected)[0] == "refused"
    assert htmx_outcome(redirected, follow_redirects=True) == ("follow", "/characters/1/skills/")
    assert htmx_outcome(Response(303, "", ""), follow_redirects=True)[0] == "refused"


def test_values_replace_the_defaults_and_a_list_repeats_the_name() -> None:
    form = parse_forms(FORM_PAGE)[1]
    data = form.data({"career": "Citizen", "applicable": ["Firearms", "Pilot"]})
    assert ("career", "Citizen") in data
    assert ("career", "Military") not in data
    assert [value for name, value in data if name == "applicable"] == ["Firearms", "Pilot"]


def test_a_form_knows_its_choices_and_its_buttons_actions() -> None:
    forms = parse_forms(FORM_PAGE)
    assert forms[1].options("career") == ["Citizen", "Military"]
    assert forms[1].has("table", "construction-academic")
    assert forms[2].actions() == ["", "/desk/c/races/r/approve/"]


def test_a_refusal_is_quoted_from_the_page() -> None:
    page = '<div class="alert alert-danger" role="alert">Not now: roll <b>first</b>.</div>'
    assert refusal_text(page) == "Not now: roll first."


def test_pairs_read_the_median_a_run_prints_and_alternate_which_code_goes_first() -> None:
    from bench_web_pairs import median_cost, now_goes_first

    printed = (
        "Full creation: 16 players at once, 16 characters in 12.7 s; server CPU 0.98 s\n"
        "Full creation, median of 3 rounds: server CPU 0.96 s/character (rounds: 0.92, 0.96)."
    )
    assert median_cost(printed) == (0.96, "0.92, 0.96")
    assert median_cost("Full creation: server CPU 0.98 s/character") is None
    assert [now_goes_first(pair) for pair in (1, 2, 3, 4)] == [True, False, True, False]
