"""One way to answer htmx: the page or its named partial, a client redirect, one request per
action, and one status for refused input.

Every view that htmx talks to answers through these, so a plain form POST (no
JavaScript) and an htmx swap get the same markup and the same rules:

- `page_or_partial`: the full page, or for htmx the named partial of the same
  template (`template#partial`, django-template-partials), so the swap is exactly
  the markup a page load shows. Back with no snapshot kept (a history restore)
  replaces the whole body, so it gets the full page.
- `after_post`: a successful POST. Plain: 303 to the page that shows the new state
  (POST-redirect-GET, so Reload never re-posts). htmx: that page's answer in the same
  response, drawn from the state just saved, with its address put in the address bar
  (`show_address`) so a Reload GETs the page and shows the same saved state.
- `client_redirect`: leave the page for another one (a sheet, a list): htmx navigates
  the whole window (`HX-Redirect`), a plain POST gets 303.
- `refused_status`: the one status for input the server refused. A plain POST hears
  400 (Bad Request: the form is drawn again with the reasons beside its fields); an
  htmx POST hears 200, because the answer *is* the form with its reasons, to be
  swapped in where the old one was (templates/base.html's htmx-config swaps every
  2xx). The desk's decisions answer a refusal this way too.
"""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django_htmx.http import HttpResponseClientRedirect, push_url, replace_url
from django_htmx.middleware import HtmxDetails

from chargen.core.http import HtmxHttpRequest

REFUSED_PLAIN = HTTPStatus.BAD_REQUEST
REFUSED_HTMX = HTTPStatus.OK

__all__ = [
    "REFUSED_HTMX",
    "REFUSED_PLAIN",
    "HtmxHttpRequest",
    "after_post",
    "client_redirect",
    "is_htmx",
    "is_same_page",
    "page_or_partial",
    "refused_status",
    "see_other",
    "show_address",
    "wants_partial",
]


def _details(request: HttpRequest) -> HtmxDetails | None:
    # Set by HtmxMiddleware on every request; absent only on a bare RequestFactory one.
    return getattr(request, "htmx", None)


def is_htmx(request: HttpRequest) -> bool:
    """Whether htmx sent this request (the `HX-Request` header)."""
    return bool(_details(request))


def wants_partial(request: HttpRequest) -> bool:
    """htmx asking to swap part of the page; a history restore (Back) wants it whole."""
    details = _details(request)
    return details is not None and bool(details) and not details.history_restore_request


def page_or_partial(
    request: HttpRequest,
    template_name: str,
    context: dict[str, Any],
    *,
    partial: str,
    status: int = HTTPStatus.OK,
) -> HttpResponse:
    """The page, or for htmx its `partial` (a `{% partialdef %}` of the same template)."""
    if wants_partial(request):
        template_name = f"{template_name}#{partial}"
    return render(request, template_name, context, status=status)


def refused_status(request: HttpRequest) -> int:
    """The status of an answer that refuses the input (see the module's docstring)."""
    return REFUSED_HTMX if is_htmx(request) else REFUSED_PLAIN


def see_other(url: str) -> HttpResponseRedirect:
    """303 See Other: the browser GETs `url` after a POST (a 302 is allowed to re-POST)."""
    response = HttpResponseRedirect(url)
    response.status_code = HTTPStatus.SEE_OTHER
    return response


def client_redirect(request: HttpRequest, url: str) -> HttpResponse:
    """Move the whole window to `url`: htmx by `HX-Redirect`, a plain POST by 303."""
    if is_htmx(request):
        return HttpResponseClientRedirect(url)
    return see_other(url)


def after_post(request: HttpRequest, url: str, answer: Callable[[], HttpResponse]) -> HttpResponse:
    """A successful POST, answered once: plain → 303 to `url`; htmx → `answer()`, the
    page at `url` (its partial) drawn from the state just saved, at `url`'s address.

    `answer` is called only for htmx, so a plain POST builds no page it will not show.
    """
    if not is_htmx(request):
        return see_other(url)
    return show_address(request, answer(), url)


def show_address(request: HttpRequest, response: HttpResponse, url: str) -> HttpResponse:
    """Put `url` in the address bar: pushed when it is another page than the one the
    request came from (Back returns to that page), replaced when it is the same page
    (Back leaves it, rather than stepping through every action taken on it)."""
    details = _details(request)
    current = details.current_url_abs_path if details else None
    if is_same_page(current, url):
        return replace_url(response, url)
    return push_url(response, url)


def is_same_page(current: str | None, url: str) -> bool:
    """Whether the page the request came from is the page at `url` (query ignored)."""
    if current is None:
        return False
    return _path(current) == _path(url)


def _path(url: str) -> str:
    return url.split("#", 1)[0].split("?", 1)[0]
