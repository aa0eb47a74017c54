"""Whole pages kept once drawn, and served again while the database still answers the same.

A sheet, a wizard step or a party page is drawn from what the database holds, by code
and templates that only change with a deploy. Drawing one cost 2-5 times a bare Django
page (issue 13); reading what it was drawn from costs a fraction of that. So a GET view
wrapped in `@cached_page` is drawn once under chargen/core/query_recorder.py, which
writes down every statement it reads and a digest of the rows they returned, and kept in
the "pages" cache under a key naming:

- the deploy: the source of rules/, chargen/, templates/, static/ and requirements.lock;
- the address (path and query), the view, the host and scheme, the htmx headers;
- the viewer: every column of their user row, the time zone and the language.

Before a kept page is served, its statements run again (raw SQL, no ORM) and their rows
must give the same digest, and every other input it named (the desk badge's count, kept
in a cache another worker invalidates) must agree; if not, the page is drawn afresh and
kept in its place. Nothing is ever invalidated by hand, so no write can forget to.

What differs per request is never kept: the CSRF token is drawn as a placeholder (this
module's context processor) and the CSP nonce is replaced by one, and both are filled in
for each response. A page is not kept when its drawing wrote, locked, read with a time
among the parameters, called get_token itself, set a cookie or a header, queued a
message, or answered anything but 200 HTML; a request with a message waiting is drawn
every time. With PAGE_CACHE_VERIFY (the tests), every page is drawn afresh, and where a
kept page would have been served it is compared: the whole suite checks that a kept
page is the page.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, wraps
from pathlib import Path
from typing import Any

import django
from django.conf import settings
from django.core.cache import caches
from django.db import DEFAULT_DB_ALIAS, connections
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils import timezone, translation

from chargen.core import query_recorder
from chargen.core.replay_cache import content_key, rules_code_version

CACHE_ALIAS = "pages"  # settings.CACHES: Redis with REDIS_URL, else each process's memory
PREFIX = "page:v1"
TIMEOUT = 24 * 60 * 60  # seconds; a kept page is checked before each use, this frees memory

View = Callable[..., HttpResponse]
logger = logging.getLogger(__name__)


class PageMismatch(AssertionError):
    """PAGE_CACHE_VERIFY found a kept page that differs from the page drawn afresh."""


@dataclass(frozen=True)
class Kept:
    """A kept page: what its drawing read, and its HTML with placeholders for what each
    response has of its own (this browser's CSRF token, this response's nonce, new keys)."""

    alias: str
    on_server: bool  # the digest is PostgreSQL's (query_recorder.py)
    statements: list[tuple[str, Any]]
    digest: str
    inputs: list[query_recorder.Input]
    html: str
    csrf: str
    nonce: str
    fresh: list[tuple[str, str]]

    @classmethod
    def of(cls, made: query_recorder.Recording, html: str) -> Kept:
        return cls(
            alias=made.alias,
            on_server=made.on_server,
            statements=made.statements,
            digest=made.digest,
            inputs=made.inputs,
            html=html,
            csrf=made.csrf_placeholder,
            nonce=made.nonce_placeholder,
            fresh=made.fresh,
        )


def csrf_while_recording(request: HttpRequest) -> dict[str, str]:
    """Context processor, after Django's own: a page being kept draws its CSRF token as a
    placeholder, filled in per response (the token is per browser, the page is not)."""
    made = query_recorder.active()
    return {} if made is None else {"csrf_token": made.csrf_placeholder}


@cache
def deploy_version() -> str:
    """The sha256 of what draws a page: code, templates, static files, pinned packages."""
    top = Path(settings.BASE_DIR)
    digest = hashlib.sha256(rules_code_version().encode())
    for folder in ("templates", "static"):
        for path in sorted((top / folder).rglob("*")):
            if path.is_file():
                digest.update(path.relative_to(top).as_posix().encode() + b"\0")
                digest.update(path.read_bytes())
    lock = top / "requirements.lock"
    digest.update(lock.read_bytes() if lock.exists() else b"")
    digest.update(django.__version__.encode())
    return digest.hexdigest()


def page_key(request: HttpRequest, alias: str = DEFAULT_DB_ALIAS) -> str:
    user = request.user
    match = request.resolver_match
    document = [
        deploy_version(),
        connections[alias].vendor,
        match.view_name if match else "",
        request.get_full_path(),
        request.get_host(),
        request.scheme,
        sorted(
            (name, value) for name, value in request.META.items() if name.startswith("HTTP_HX_")
        ),
        [getattr(user, column.attname) for column in user._meta.concrete_fields]
        if user.is_authenticated
        else None,
        timezone.get_current_timezone_name(),
        translation.get_language(),
    ]
    return content_key(PREFIX, document)


def _has_messages(request: HttpRequest) -> bool:
    storage = getattr(request, "_messages", None)
    if storage is None:
        return False
    return bool(storage._queued_messages) or bool(storage._loaded_messages)


def _filled(request: HttpRequest, html: str, kept: Kept) -> str:
    """A kept page's placeholders, filled in for this request."""
    if kept.csrf in html:
        html = html.replace(kept.csrf, get_token(request))
    if kept.nonce in html:
        html = html.replace(kept.nonce, str(request.csp_nonce))  # type: ignore[attr-defined]
    for placeholder, generator in kept.fresh:
        html = html.replace(placeholder, str(query_recorder.function_named(generator)()))
    return html


def _draw(
    request: HttpRequest, view: View, args: Any, kwargs: Any
) -> tuple[HttpResponse, Kept | None]:
    """The view's response drawn under a recording, and the page to keep (None: not kept)."""
    # Django marks the cookie for renewal when it was damaged; otherwise only get_token
    # does, and a token got outside the context processor would be drawn into the page.
    token_renewed_before = request.META.get("CSRF_COOKIE_NEEDS_UPDATE", False)
    # The tests' PAGE_CACHE_VERIFY hashes rows here: no statement of its own to count.
    on_server = query_recorder.hashed_on_server() and not settings.PAGE_CACHE_VERIFY
    with query_recorder.recording(on_server=on_server) as made:
        response = view(request, *args, **kwargs)
        render = getattr(response, "render", None)
        if callable(render) and not getattr(response, "is_rendered", True):
            render()
    if response.streaming or not response.headers.get("Content-Type", "").startswith("text/"):
        return response, None  # a file, a PDF: nothing to fill in, nothing kept
    body = response.content.decode(response.charset)
    drawn = Kept.of(made, body)
    keepable = (
        not made.refused
        and response.status_code == 200
        and not response.cookies
        and set(response.headers) <= {"Content-Type"}
        and response.headers.get("Content-Type", "").startswith("text/html")
        and not token_renewed_before
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE", False)
        and not _has_messages(request)
    )
    kept = None
    if keepable:
        nonce = getattr(request, "_csp_nonce", None)
        html = body.replace(nonce, made.nonce_placeholder) if isinstance(nonce, str) else body
        kept = Kept.of(made, html)
    response.content = _filled(request, body, drawn).encode(response.charset)
    return response, kept


def _same_placeholders(kept: Kept, fresh: Kept) -> str:
    """The fresh drawing's HTML with the kept page's placeholders in place of its own."""
    html = fresh.html.replace(fresh.csrf, kept.csrf).replace(fresh.nonce, kept.nonce)
    for (mine, _), (theirs, _) in zip(fresh.fresh, kept.fresh, strict=False):
        html = html.replace(mine, theirs)
    return html


def _verified(
    request: HttpRequest, view: View, args: Any, kwargs: Any, kept: object
) -> tuple[HttpResponse, Kept | None]:
    """PAGE_CACHE_VERIFY: the page drawn afresh, and, where the kept page would have been
    served (the same statements, rows and inputs), proof that it is the same page. The
    drawing is the only database work, so the suite's query counts still hold."""
    response, fresh = _draw(request, view, args, kwargs)
    if (
        isinstance(kept, Kept)
        and fresh is not None
        and kept.statements == fresh.statements
        and (kept.digest, kept.inputs) == (fresh.digest, fresh.inputs)
        and _same_placeholders(kept, fresh) != kept.html
    ):
        drawn = _same_placeholders(kept, fresh)
        at = next(
            (i for i, (a, b) in enumerate(zip(drawn, kept.html, strict=False)) if a != b),
            min(len(drawn), len(kept.html)),
        )
        raise PageMismatch(
            f"{request.get_full_path()}: kept page differs from a fresh drawing at {at}:\n"
            f"kept:  {kept.html[max(0, at - 120) : at + 120]!r}\n"
            f"fresh: {drawn[max(0, at - 120) : at + 120]!r}"
        )
    return response, fresh


def _read(store: Any, key: str) -> object:
    """The kept page, or None: a cache that fails (Redis away or full) costs a drawing,
    never the page."""
    try:
        return store.get(key)
    except Exception:
        logger.warning("page cache: reading %s failed", key, exc_info=True)
        return None


def _keep(store: Any, key: str, kept: Kept) -> None:
    try:
        store.set(key, kept, timeout=TIMEOUT)
    except Exception:  # unpicklable parameters, Redis away or full: the page is drawn next time
        logger.warning("page cache: keeping %s failed", key, exc_info=True)


def cached_page(view: View) -> View:
    """Keep this GET view's page, served again while what it read is unchanged."""

    @wraps(view)
    def serve(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if (
            request.method != "GET"
            or not settings.PAGE_CACHE
            or query_recorder.active() is not None
            or _has_messages(request)
        ):
            return view(request, *args, **kwargs)
        store = caches[CACHE_ALIAS]
        key = page_key(request)
        kept = _read(store, key)
        if settings.PAGE_CACHE_VERIFY:
            response, drawn = _verified(request, view, args, kwargs, kept)
        elif isinstance(kept, Kept) and query_recorder.still_true(kept):
            return HttpResponse(_filled(request, kept.html, kept))
        else:
            response, drawn = _draw(request, view, args, kwargs)
        if drawn is not None:
            _keep(store, key, drawn)
        return response

    return serve
