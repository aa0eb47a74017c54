"""The load test's browser (scripts/bench_browser.py) with a fake server: what it sends,
and how it reads htmx's answers, refusals and a page it kept."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from bench_browser import Answer, Browser, Judge, htmx_outcome

PAGE = """<body hx-headers='{"X-CSRFToken": "tok"}'>
<form method="post" action="/c/1/roll/" hx-post="/c/1/roll/">
  <input type="hidden" name="csrfmiddlewaretoken" value="tok">
  <input type="hidden" name="key" value="7">
</form></body>"""


class FakeServer:
    def __init__(self, *answers: Answer) -> None:
        self.answers = list(answers)
        self.sent: list[tuple[str, str, dict[str, str], str]] = []

    def __call__(
        self, method: str, path: str, *, name: str, body: str, headers: dict[str, str], judge: Judge
    ) -> Answer:
        self.sent.append((method, path, headers, body))
        return self.answers.pop(0)


def test_a_kept_page_is_asked_for_again_with_its_etag_and_a_304_shows_it() -> None:
    server = FakeServer(Answer(200, PAGE, "", "", etag='"v7"'), Answer(304, "", "", ""))
    player = Browser(server, "127.0.0.1:8000")
    assert player.get("/c/1/") == PAGE
    assert player.get("/c/1/") == PAGE
    assert "If-None-Match" not in server.sent[0][2]
    assert server.sent[1][2]["If-None-Match"] == '"v7"'


def test_an_htmx_post_sends_the_token_origin_and_the_page_it_came_from() -> None:
    swapped = Answer(200, PAGE.replace('"7"', '"8"'), "", "")
    server = FakeServer(Answer(200, PAGE, "", "", ("sessionid=s; Secure",)), swapped)
    player = Browser(server, "127.0.0.1:8000")
    player.get("/c/1/")
    player.submit("/roll/", name="roll")
    method, path, headers, body = server.sent[1]
    assert (method, path) == ("POST", "/c/1/roll/")
    assert headers["X-CSRFToken"] == "tok"
    assert headers["Origin"] == "https://127.0.0.1:8000"
    assert headers["HX-Current-URL"] == "https://127.0.0.1:8000/c/1/"
    assert headers["X-Forwarded-Proto"] == "https"
    assert headers["Cookie"] == "sessionid=s"  # a secure cookie, sent behind the proxy
    assert body == "csrfmiddlewaretoken=tok&key=7"
    assert 'value="8"' in player.html  # the swapped part, on the same page


def test_an_htmx_answer_is_read_as_htmx_reads_it() -> None:
    assert htmx_outcome(Answer(200, "<div>", "", "/c/1/skills/")) == ("page", "/c/1/skills/")
    assert htmx_outcome(Answer(200, "", "/c/1/sheet/", "")) == ("load", "/c/1/sheet/")
    assert htmx_outcome(Answer(303, "", "/c/1/", "")) == ("follow", "/c/1/")
    assert htmx_outcome(Answer(200, "<div>Rolled 7.</div>", "", "")) == ("stay", "")
    refused = Answer(200, '<div class="invalid-feedback">Roll first.</div>', "", "")
    assert htmx_outcome(refused) == ("refused", "200: Roll first.")
    assert htmx_outcome(Answer(500, "boom", "", ""))[0] == "refused"
