"""ETags for the pages a subject's log version names: a repeat view is a 304.

A sheet, its print page, its PDF and its export are drawn from the subject's log (named
exactly by its `log_version`, log_version.py) and from a few things outside the log: the
subject's own row (a name, a GM's decision, a status: its `updated`), its campaign's row
(name, house rules), the viewer (a GM and a player see different things), the address
(its query) and the deploy (code, templates, static files). Each system's etag function
reads the subject through the very access helper its view uses, so a stranger's request
raises the same 404 before any ETag is compared, and hands what it read to `page_etag`.
Django's `condition` decorator does the rest: an unchanged ETag answers 304 without
drawing the page. Nothing is invalidated by hand; a change is a new ETag.

Cache-Control on these pages is `private, no-cache` (`revalidated`), where the other
signed-in pages say `no-store` (security_headers.py): without a stored copy a browser
has nothing to revalidate, so an ETag would never be sent back. `private` keeps shared
proxies from storing a player's page, `no-cache` makes the browser ask every time (a
stranger or a logged-out browser gets the 404 or the log-in page, never the copy), and
logging out clears the browser's cache (accounts/views.py, Clear-Site-Data).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import cache, wraps
from pathlib import Path
from typing import Any

import django
from django.conf import settings
from django.contrib import messages
from django.db import models
from django.http import HttpRequest, HttpResponseBase
from django.utils import timezone, translation
from django.utils.cache import patch_cache_control
from django.views.decorators.http import condition

from chargen.core.replay_cache import content_key, rules_code_version

View = Callable[..., HttpResponseBase]
EtagFunction = Callable[..., str | None]


@cache
def deploy_version() -> str:
    """The sha256 of what draws a page: the Python code (rules_code_version), the
    templates and static files, and the pinned packages; computed once per process."""
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


def subject_state(subject: models.Model) -> list[object]:
    """What a subject's row, read by its access helper, gives an ETag: its log version,
    when the row last changed (what is not in the log), and its campaign's row (read
    with it: the access helpers select it) when it has one."""
    campaign = getattr(subject, "campaign", None)
    return [
        subject._meta.label_lower,
        str(subject.pk),
        getattr(subject, "log_version", ""),
        getattr(subject, "updated", None),
        None if campaign is None else [str(campaign.pk), campaign.updated],
    ]


def page_etag(request: HttpRequest, *state: object) -> str | None:
    """The ETag of this request's page drawn from `state` (JSON-able values and dates), or
    None (no ETag, the page is drawn) while a message waits to be shown on it."""
    if len(messages.get_messages(request)):  # counts them without marking them shown
        return None
    document = [
        deploy_version(),
        request.user.pk,
        # The session: logging in again rotates the CSRF secret, and a page kept from
        # before would post a token that no longer matches it.
        request.session.session_key,
        request.get_full_path(),
        request.headers.get("HX-Request", ""),
        request.headers.get("HX-Target", ""),
        timezone.get_current_timezone_name(),
        translation.get_language(),
        list(state),
    ]
    return content_key("etag", document).rpartition(":")[2]


def revalidated(etag_func: EtagFunction) -> Callable[[View], View]:
    """Django's `condition(etag_func=...)`, and `Cache-Control: private, no-cache` on an
    answer with an ETag (a 304 too): the browser keeps the page, asks again each time, and
    gets a 304 while it is current. An answer without one keeps the site's `no-store`."""

    def decorate(view: View) -> View:
        conditional = condition(etag_func=etag_func)(view)

        @wraps(view)
        def respond(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            response = conditional(request, *args, **kwargs)
            if response.has_header("ETag"):
                patch_cache_control(response, private=True, no_cache=True)
            return response

        return respond

    return decorate
