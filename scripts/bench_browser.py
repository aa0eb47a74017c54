"""One player's browser for the load test: its cookies, the page it has open, and its
forms posted as a browser with htmx posts them.

It talks to gunicorn as the TLS-terminating proxy of a deployment does (README,
"Deployment on PostgreSQL"): plain HTTP with `X-Forwarded-Proto: https`, so the app
answers as in production (secure cookies, CSRF checking the Origin of every POST).
Its cookies are kept here, not in an HTTP library's jar, since a jar would not send
secure cookies over the plain HTTP between the proxy and gunicorn.

The requests themselves go through `send`: Locust's client in scripts/locustfile.py
(which times them and counts the refusals as failures), plain http.client elsewhere.
"""

from __future__ import annotations

import http.client
import re
from collections.abc import Callable
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Protocol
from urllib.parse import urlencode, urljoin, urlsplit

from bench_forms import Form, htmx_csrf_token, parse_forms, refusal_text

REDIRECTS = frozenset({301, 302, 303, 307, 308})
TIMEOUT_SECONDS = 60
# How a form drawn again with its reasons marks them (Bootstrap's classes, Django's list).
REFUSAL = re.compile(r'class="[^"]*(?:alert-danger|invalid-feedback|is-invalid|errorlist)')
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


class BenchHTTPError(RuntimeError):
    """An answer a player would not expect: a refusal, an error page, a missing form."""


@dataclass(frozen=True)
class Answer:
    status: int
    body: str
    location: str  # a redirect's Location, or an htmx answer's HX-Redirect
    shown_at: str  # an htmx answer's HX-Push-Url or HX-Replace-Url: it swapped in a page
    set_cookies: tuple[str, ...] = ()
    etag: str = ""  # a page a browser may ask for again with If-None-Match


# What was wrong with an answer, in words ("" when it is what the player expected).
Judge = Callable[[Answer], str]


class Send(Protocol):
    def __call__(
        self, method: str, path: str, *, name: str, body: str, headers: dict[str, str], judge: Judge
    ) -> Answer: ...


def page_name(path: str) -> str:
    """A page's name in the statistics: its address with ids left out."""
    return "page " + UUID.sub("{id}", urlsplit(path).path)


def uuid_in(path: str) -> str:
    match = UUID.search(path)
    if match is None:
        raise BenchHTTPError(f"no id in {path}")
    return match.group(0)


def htmx_outcome(answer: Answer) -> tuple[str, str]:
    """How htmx takes a POST's answer: ("page", path) when it swaps the answer in at that
    address, ("load", path) for a full load (HX-Redirect), ("follow", path) for a
    redirect, which the browser's XHR follows with a GET that htmx swaps in, ("stay", "")
    for a part of the same page swapped in (a roll at the table), or ("refused", reason):
    the app answers a refused htmx POST with the form and its reasons, and no new address
    (chargen/core/htmx.py)."""
    if answer.status in REDIRECTS and answer.location:
        return "follow", answer.location
    if answer.status == 200 and answer.location:
        return "load", answer.location
    if answer.status == 200 and answer.shown_at:
        return "page", answer.shown_at
    if answer.status == 200 and not REFUSAL.search(answer.body):
        return "stay", ""
    return "refused", f"{answer.status}: {refusal_text(answer.body)}"


def judge_get(answer: Answer) -> str:
    if answer.status in {200, 304}:  # 304: the copy the browser kept is still the page
        return ""
    return f"{answer.status}: {refusal_text(answer.body)}"


def judge_htmx_post(answer: Answer) -> str:
    how, why = htmx_outcome(answer)
    return why if how == "refused" else ""


def judge_plain_post(answer: Answer) -> str:
    if answer.status in REDIRECTS and answer.location:
        return ""
    return f"{answer.status}: {refusal_text(answer.body)}"


class Browser:
    """One player's browser: its own cookies and the page it has open."""

    def __init__(self, send: Send, host: str, *, think: Callable[[], None] = lambda: None) -> None:
        self.send = send
        self.origin = f"https://{host}"  # as the player's browser sees the site
        self.think = think  # the pause between two clicks (Locust's wait_time)
        self.cookies: dict[str, str] = {}
        self.kept: dict[str, tuple[str, str]] = {}  # path: (ETag, page), as a browser keeps
        self.path = "/"
        self.html = ""

    def request(
        self,
        method: str,
        path: str,
        *,
        name: str,
        data: list[tuple[str, str]] | None = None,
        htmx: bool = False,
        judge: Judge = judge_get,
        if_none_match: str = "",
    ) -> Answer:
        """One request with this browser's cookies and the headers a browser (and htmx)
        sends; the cookies it sets are kept. `judge` says what a failure is to Locust."""
        headers = {"X-Forwarded-Proto": "https"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if data is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = self.origin
            headers["Referer"] = self.origin + self.path
        if if_none_match:
            headers["If-None-Match"] = if_none_match
        if htmx:
            headers["HX-Request"] = "true"
            headers["HX-Current-URL"] = self.origin + self.path
            if token := htmx_csrf_token(self.html):
                headers["X-CSRFToken"] = token
        answer = self.send(
            method, path, name=name, body=urlencode(data or []), headers=headers, judge=judge
        )
        for header in answer.set_cookies:
            jar: SimpleCookie = SimpleCookie()
            jar.load(header)
            for key, morsel in jar.items():
                if morsel["max-age"] == "0":  # how Django deletes a cookie
                    self.cookies.pop(key, None)
                else:
                    self.cookies[key] = morsel.value
        return answer

    def get(self, path: str, *, name: str = "", htmx: bool = False) -> str:
        """Open a page (GETs only read, so any answer but 200 is a failure)."""
        etag, kept = self.kept.get(path, ("", ""))
        answer = self.request(
            "GET", path, name=name or page_name(path), htmx=htmx, if_none_match=etag
        )
        if why := judge_get(answer):
            raise BenchHTTPError(f"GET {path} answered {why}")
        body = kept if answer.status == 304 else answer.body
        if answer.etag and not htmx:
            self.kept[path] = (answer.etag, body)
        self.path, self.html = urlsplit(path).path, body
        return body

    def find(self, action: str, match: dict[str, str] | None = None) -> tuple[Form, str] | None:
        """The open page's POST form whose action (or a button's) ends with `action`."""
        for form in parse_forms(self.html):
            if form.method != "post":
                continue
            for target in form.actions():
                url = urlsplit(urljoin(self.path, target)).path
                if url.endswith(action) and all(form.has(k, v) for k, v in (match or {}).items()):
                    return form, url
        return None

    def submit(
        self,
        action: str,
        values: dict[str, str | list[str]] | None = None,
        *,
        name: str,
        page: str = "",
        match: dict[str, str] | None = None,
        full_page_after: bool = False,
    ) -> str:
        """Post a form as a player would and open the page the answer leads to.

        The form is looked for on the open page, else on `page` (opened first). An htmx
        form posts as htmx unless `full_page_after`: its success is the new page in the
        same answer (`htmx_outcome`). A plain POST's success is a redirect, followed
        with a GET. A refusal raises BenchHTTPError (Locust has counted it as a failure).
        """
        found = self.find(action, match)
        if found is None and page:
            self.get(page)
            found = self.find(action, match)
        if found is None:
            raise BenchHTTPError(
                f"no form posting to …{action} {match or ''} on {self.path}: "
                f"{refusal_text(self.html)}"
            )
        form, url = found
        as_htmx = form.htmx and not full_page_after
        judge = judge_htmx_post if as_htmx else judge_plain_post
        answer = self.request(
            "POST", url, name=name, data=form.data(values or {}), htmx=as_htmx, judge=judge
        )
        if why := judge(answer):
            raise BenchHTTPError(f"POST {url} answered {why}")
        if not as_htmx:
            return self.get(answer.location)
        how, where = htmx_outcome(answer)
        if how == "load":
            return self.get(where)
        if how == "follow":
            return self.get(where, htmx=True)
        if how == "stay":  # the open page, with the swapped part anew
            self.html = answer.body
            return answer.body
        self.path, self.html = urlsplit(where).path, answer.body
        return answer.body


def plain_send(port: int) -> Send:
    """`send` over http.client to 127.0.0.1:`port`, for the set-up and the smoke test."""

    def send(
        method: str, path: str, *, name: str, body: str, headers: dict[str, str], judge: Judge
    ) -> Answer:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT_SECONDS)
        try:
            connection.request(method, path, body=body or None, headers=headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            location = response.headers.get("Location") or response.headers.get("HX-Redirect")
            shown_at = response.headers.get("HX-Push-Url") or response.headers.get("HX-Replace-Url")
            cookies = tuple(response.headers.get_all("Set-Cookie") or ())
            etag = response.headers.get("ETag") or ""
        finally:
            connection.close()
        return Answer(response.status, text, as_path(location or ""), shown_at or "", cookies, etag)

    return send


def as_path(location: str) -> str:
    """A Location header as a path and query (the app's redirects stay on the site)."""
    if not location:
        return ""
    target = urlsplit(location)
    return f"{target.path}?{target.query}" if target.query else target.path
