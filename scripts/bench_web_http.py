"""A small browser for the web benchmark: cookies, HTML forms, plain POSTs, htmx follow-ups.

It submits a page's own forms as a browser would (hidden fields such as `sequence` and the
CSRF token come from the page), so the benchmark only names a form's action and the few
values a player types or picks. Standard library only; traffic goes to 127.0.0.1.
"""

from __future__ import annotations

import http.client
import os
import re
import threading
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urljoin, urlsplit

TIMEOUT_SECONDS = 60
REDIRECTS = frozenset({301, 302, 303, 307, 308})
# Set by `bench_web.py --code-at` for code that answered an htmx POST with a redirect.
FOLLOW_HTMX_REDIRECTS = os.environ.get("CHARGEN_BENCH_FOLLOW_HTMX_REDIRECTS") == "1"
_SKIPPED_INPUTS = frozenset({"submit", "button", "reset", "image", "file"})


class BenchHTTPError(RuntimeError):
    """An answer a player would not expect: a refusal, an error page, a missing form."""


@dataclass
class Form:
    method: str
    action: str  # as written in the page; empty means the page's own address
    htmx: bool
    # Every control as (name, value, kind): kind is "radio", "checkbox", "option",
    # "option-selected", or "value" for what is always sent (text, hidden, textarea).
    controls: list[tuple[str, str, str]] = field(default_factory=list)
    submitter_actions: list[str] = field(default_factory=list)  # buttons' formaction

    def actions(self) -> list[str]:
        return [self.action, *self.submitter_actions]

    def options(self, name: str) -> list[str]:
        """The values a player could send for `name` (radio, checkbox, select or fixed)."""
        return [value for control, value, _ in self.controls if control == name]

    def has(self, name: str, value: str) -> bool:
        return value in self.options(name)

    def defaults(self) -> list[tuple[str, str]]:
        """What the browser sends untouched: checked boxes, selected (or first) options."""
        pairs = []
        selects_with_choice = {n for n, _, kind in self.controls if kind == "option-selected"}
        first_option_taken: set[str] = set()
        for name, value, kind in self.controls:
            if kind in {"value", "radio-checked", "checkbox-checked", "option-selected"}:
                pairs.append((name, value))
            elif kind == "option" and name not in selects_with_choice | first_option_taken:
                pairs.append((name, value))
                first_option_taken.add(name)
        return pairs

    def data(self, values: dict[str, str | list[str]]) -> list[tuple[str, str]]:
        """The defaults with each named value replaced (a list sends the name repeatedly)."""
        pairs = [(name, value) for name, value in self.defaults() if name not in values]
        for name, value in values.items():
            pairs += [(name, item) for item in ([value] if isinstance(value, str) else value)]
        return pairs


class _FormParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: tuple[str, bool] | None = None  # (name, disabled)
        self._option: list[str] | None = None  # [value or None marker, text so far]
        self._option_selected = False
        self._textarea: list[str] | None = None  # [name, text so far]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        present = {key for key, _ in attrs}
        if tag == "form":
            self._form = Form(
                method=a.get("method", "get").lower(),
                action=a.get("action", ""),
                htmx="hx-post" in present,
            )
            self.forms.append(self._form)
            return
        form = self._form
        if form is None:
            return
        disabled = "disabled" in present
        if tag == "input" and a.get("name") and not disabled:
            kind = a.get("type", "text").lower()
            if kind in _SKIPPED_INPUTS:
                return
            if kind in {"radio", "checkbox"}:
                checked = "checked" in present
                form.controls.append(
                    (a["name"], a.get("value", "on"), f"{kind}-checked" if checked else kind)
                )
            else:
                form.controls.append((a["name"], a.get("value", ""), "value"))
        elif tag == "button" and a.get("formaction"):
            form.submitter_actions.append(a["formaction"])
        elif tag == "select" and a.get("name"):
            self._select = (a["name"], disabled)
        elif tag == "option" and self._select is not None:
            self._option = [a["value"] if "value" in present else "\0", ""]
            self._option_selected = "selected" in present
        elif tag == "textarea" and a.get("name") and not disabled:
            self._textarea = [a["name"], ""]

    def handle_data(self, data: str) -> None:
        if self._option is not None:
            self._option[1] += data
        if self._textarea is not None:
            self._textarea[1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "option" or (tag == "select" and self._option is not None):
            self._end_option()
        if tag == "select":
            self._select = None
        elif tag == "textarea" and self._textarea is not None and self._form is not None:
            name, text = self._textarea
            self._form.controls.append((name, text.removeprefix("\n"), "value"))
            self._textarea = None
        elif tag == "form":
            self._form = None

    def _end_option(self) -> None:
        if self._option is None or self._select is None or self._form is None:
            self._option = None
            return
        name, disabled = self._select
        value = self._option[1].strip() if self._option[0] == "\0" else self._option[0]
        if not disabled:
            kind = "option-selected" if self._option_selected else "option"
            self._form.controls.append((name, value, kind))
        self._option = None


def parse_forms(html: str) -> list[Form]:
    parser = _FormParser()
    parser.feed(html)
    parser.close()
    return parser.forms


def refusal_text(html: str) -> str:
    """The first error message a page shows (alert or field feedback), for reports."""
    match = re.search(
        r'class="[^"]*(?:alert-danger|invalid-feedback|errorlist)[^"]*"[^>]*>(.*?)</(?:div|p|ul)>',
        html,
        re.DOTALL,
    )
    text = re.sub(r"<[^>]+>", "", match.group(1) if match else html[:200])
    text = re.sub(r"\s+", " ", text).strip()
    return text[:200]


def offered_sequence(html: str) -> int:
    """The highest `sequence` any POST form on the page carries (0: none carries one).

    A step's forms carry the next log position; an undo form carries an older one, and
    the highest is what the page expects next.
    """
    offered = [
        int(value)
        for form in parse_forms(html)
        if form.method == "post"
        for value in form.options("sequence")
        if value.isdigit()
    ]
    return max(offered, default=0)


@dataclass(frozen=True)
class Response:
    status: int
    location: str  # a plain redirect's, or an htmx answer's HX-Redirect, as a path
    body: str
    shown_at: str = ""  # an htmx answer's HX-Push-Url or HX-Replace-Url: it succeeded


def htmx_outcome(answer: Response, *, follow_redirects: bool = False) -> tuple[str, str]:
    """How htmx takes a POST's answer: ("page", path) when it swaps the answer in at
    that address, ("load", path) for a full load (HX-Redirect), ("follow", path) for a
    redirect, which the browser's XHR follows with a GET that htmx swaps in, or
    ("refused", reason).

    The app answers a refused htmx POST with the form and its reasons (200, no address
    header), and a successful one with the new page and its address (chargen/core/htmx.py).
    Code from before issue 13 answered with a redirect: `follow_redirects` (only for a run
    over such code, `bench_web.py --code-at`) follows it, so that code is measured too;
    otherwise a redirect is a refusal, as today's code never answers htmx with one.
    """
    if follow_redirects and answer.status in REDIRECTS and answer.location:
        return "follow", answer.location
    if answer.status == 200 and answer.location:
        return "load", answer.location
    if answer.status == 200 and answer.shown_at:
        return "page", answer.shown_at
    return "refused", f"{answer.status}: {refusal_text(answer.body)}"


@dataclass
class Counts:
    """What this player saw succeed, for the log check."""

    requests: int = 0
    # The highest `sequence` a form offered: the log position the page expects next, so
    # one less is the entries the player was shown saved (one POST may write several:
    # the history step writes the details and a note per skill roll).
    next_sequence: int = 1
    rolls: int = 0

    @property
    def entries_shown(self) -> int:
        return self.next_sequence - 1


class Browser:
    """One player's browser: its own cookies and the page it has open."""

    def __init__(self, port: int, *, session: str = "", htmx: bool = True) -> None:
        self.port = port
        self.cookies: dict[str, str] = {"sessionid": session} if session else {}
        self.htmx = htmx
        self.path = "/"
        self.html = ""
        self.counts = Counts()
        self._lock = threading.Lock()

    def request(
        self, method: str, path: str, *, data: list[tuple[str, str]] | None = None, htmx: bool
    ) -> Response:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if data is not None:
            body = urlencode(data)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if htmx:
            headers["HX-Request"] = "true"
            headers["HX-Current-URL"] = f"http://127.0.0.1:{self.port}{self.path}"
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT_SECONDS)
        try:
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            text = answer.read().decode("utf-8", "replace")
            set_cookies = answer.headers.get_all("Set-Cookie") or []
            location = answer.headers.get("Location") or answer.headers.get("HX-Redirect", "")
            shown_at = answer.headers.get("HX-Push-Url") or answer.headers.get("HX-Replace-Url")
        finally:
            connection.close()
        with self._lock:
            self.counts.requests += 1
            for header in set_cookies:
                jar: SimpleCookie = SimpleCookie()
                jar.load(header)
                self.cookies.update({name: morsel.value for name, morsel in jar.items()})
        target = urlsplit(urljoin(path, location)) if location else None
        where = f"{target.path}?{target.query}" if target and target.query else ""
        return Response(
            answer.status, where or (target.path if target else ""), text, shown_at or ""
        )

    def get(self, path: str, *, htmx: bool = False) -> str:
        """Open a page (GETs only read, so any answer but 200 is a failure)."""
        answer = self.request("GET", path, htmx=htmx)
        if answer.status != 200:
            raise BenchHTTPError(f"GET {path} answered {answer.status}")
        self.path, self.html = path, answer.body
        return answer.body

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
        page: str = "",
        match: dict[str, str] | None = None,
        roll: bool = False,
        double: bool = False,
        full_page_after: bool = False,
    ) -> str:
        """Post a form as a player would and open the page the answer leads to.

        The form is looked for on the open page, else on `page` (opened first). An htmx
        form posts as htmx unless `full_page_after`: its success is the new page in the
        same answer, with its address (`htmx_outcome`). A plain POST's success is a
        redirect, followed with a GET. Either way a refusal is drawn again with the
        reason, and the benchmark stops there. `double` sends the POST twice at once
        (a double-click): the second must show the saved result.
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
        data = form.data(values or {})
        # As a browser with htmx: an htmx form posts as htmx and is answered in one
        # request; a plain form (or a page the benchmark wants whole) follows a redirect.
        as_htmx = self.htmx and form.htmx and not full_page_after
        answers = self._twice(url, data, as_htmx) if double else [self._post(url, data, as_htmx)]
        with self._lock:
            self.counts.rolls += roll
        for answer in answers:  # a double-click's second answer must succeed too
            self._succeeded(url, answer, as_htmx)
        page_after = self._page_after(answers[0], as_htmx)
        # A successful sequenced form wrote at least its own sequence, even when the page
        # after it (the review, say) offers no form that says where the log goes next.
        written = [int(value) + 1 for name, value in data if name == "sequence" and value.isdigit()]
        with self._lock:
            self.counts.next_sequence = max(
                self.counts.next_sequence, offered_sequence(page_after), *written
            )
        return page_after

    def _post(self, url: str, data: list[tuple[str, str]], as_htmx: bool) -> Response:
        return self.request("POST", url, data=data, htmx=as_htmx)

    @staticmethod
    def _succeeded(url: str, answer: Response, as_htmx: bool) -> None:
        if as_htmx:
            how, why = htmx_outcome(answer, follow_redirects=FOLLOW_HTMX_REDIRECTS)
            if how == "refused":
                raise BenchHTTPError(f"POST {url} answered {why}")
        elif answer.status not in REDIRECTS:
            raise BenchHTTPError(
                f"POST {url} answered {answer.status}: {refusal_text(answer.body)}"
            )

    def _page_after(self, answer: Response, as_htmx: bool) -> str:
        """The page the player sees after a successful POST (fetched, or swapped in)."""
        if not as_htmx:
            return self.get(answer.location)
        how, where = htmx_outcome(answer, follow_redirects=FOLLOW_HTMX_REDIRECTS)
        if how == "load":
            return self.get(where)
        if how == "follow":
            return self.get(where, htmx=True)
        self.path, self.html = urlsplit(where).path, answer.body
        return answer.body

    def _twice(self, url: str, data: list[tuple[str, str]], as_htmx: bool) -> list[Response]:
        answers: list[Response | BaseException] = [RuntimeError("not sent")] * 2

        def send(index: int) -> None:
            try:
                answers[index] = self._post(url, data, as_htmx)
            except Exception as error:  # reported below, in the player's thread
                answers[index] = error

        threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for answer in answers:
            if isinstance(answer, BaseException):
                raise BenchHTTPError(f"double POST {url} failed: {answer}")
        return [a for a in answers if isinstance(a, Response)]
