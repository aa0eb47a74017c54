"""The Content-Security-Policy: on every answer, with a fresh nonce, and nothing inline.

django-csp writes the header from settings.CONTENT_SECURITY_POLICY. These tests read it
as a browser does (the directives by name, the nonce from script-src) and check every
page of the app against it: each <script> carries the page's nonce, and nothing the
policy would block is there (inline scripts, handlers, style attributes, htmx needing
eval). The template scan fails on such a thing before a browser ever sees it; the
browser journey (tests/e2e/test_csp_journey.py) shows the pages working under the policy.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib import admin
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.test import Client
from django.urls import path, reverse

from tests.chargen.security.conftest import World
from tests.chargen.security.inline_code import (
    inline_code,
    parse_policy,
    script_nonces,
    script_tags,
    style_hash,
)
from tests.chargen.security.test_get_is_safe import _urls

# Every answer carries these, exactly.
REQUIRED = {
    "default-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
UNSAFE = ("'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'strict-dynamic'", "*")
STYLE_HASHES = {
    source
    for source in settings.CONTENT_SECURITY_POLICY["DIRECTIVES"]["style-src"]
    if isinstance(source, str) and source.startswith("'sha256-")
}
TEMPLATE_COMMENT = re.compile(r"{#.*?#}|{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", re.DOTALL)


def _our_templates() -> list[Path]:
    base = Path(settings.BASE_DIR)
    return sorted([*base.glob("templates/**/*.html"), *base.glob("chargen/**/templates/**/*.html")])


def policy_problems(
    response: HttpResponseBase, *, signed_in: bool, scripts_need_nonce: bool = True
) -> list[str]:
    """What is wrong with one answer's policy headers and, for a page, its markup."""
    header = response.headers.get("Content-Security-Policy")
    if header is None:
        return ["no Content-Security-Policy header"]
    problems = []
    policy = parse_policy(header)
    problems += [
        f"{directive} is {policy.get(directive)}"
        for directive, sources in REQUIRED.items()
        if policy.get(directive) != sources
    ]
    allowed = {source for sources in policy.values() for source in sources}
    problems += [f"the policy allows {word}" for word in UNSAFE if word in allowed]
    scripts = policy.get("script-src", [])
    nonces = [source for source in scripts if source.startswith("'nonce-")]
    if [source for source in scripts if source not in nonces] != ["'self'"]:
        problems.append(f"script-src is {scripts}")
    if "Permissions-Policy" not in response.headers:
        problems.append("no Permissions-Policy header")
    cache = response.headers.get("Cache-Control", "")
    # A page with an ETag may be kept by the browser alone, and revalidated (etags.py).
    revalidated = "ETag" in response.headers and {"private", "no-cache"} <= {
        directive.strip() for directive in cache.split(",")
    }
    if signed_in and "no-store" not in cache and not revalidated:
        problems.append(f"Cache-Control is {cache!r}")
    if not isinstance(response, HttpResponse) or not response["Content-Type"].startswith(
        "text/html"
    ):
        return problems  # a redirect, a download, a stream: no markup to read
    html = response.content.decode()
    tags = script_nonces(html) if scripts_need_nonce else []
    if tags and nonces != [f"'nonce-{tags[0]}'"]:
        problems.append(f"script-src {scripts} lacks the scripts' nonce {tags[0]!r}")
    if tags and len(set(tags)) != 1:
        problems.append(f"the scripts carry different nonces: {tags}")
    problems += inline_code(html, style_hashes=STYLE_HASHES)
    return problems


@pytest.mark.parametrize(
    ("html", "found"),
    [
        ('<button onclick="go()">', "inline event handler"),
        ('<input onfocus="this.select()">', "inline event handler"),
        ('<div style="width:4rem">', "style attribute"),
        ('<a href="javascript:go()">', "javascript: URL"),
        ("<script>go()</script>", "inline script"),
        ('<div hx-on:click="go()">', "hx-on"),
        ('<div hx-on::after-request="go()">', "hx-on"),
        ("<div hx-vals='js:{n: go()}'>", "js: value"),
        ('<div hx-vars="n:go()">', "hx-vars"),
        ("<input hx-trigger=\"keyup[key=='Enter']\">", "hx-trigger filter"),
        ("<style>p { color: red }</style>", "<style> element"),
    ],
)
def test_the_scan_finds_what_the_policy_blocks(html: str, found: str) -> None:
    problems = inline_code(html, style_hashes=STYLE_HASHES)
    assert len(problems) == 1
    assert problems[0].startswith(found)


def test_the_scan_passes_what_the_policy_allows() -> None:
    html = (
        '<script src="/static/js/chargen.js" defer nonce="abc"></script>'
        '<form hx-post="/x/" hx-vals=\'{"confirm": "yes"}\' hx-trigger="change, input delay:300ms">'
        '<button data-print class="btn" data-on="x">Print</button><p>onclick= is text</p></form>'
    )
    assert inline_code(html, style_hashes=STYLE_HASHES) == []
    assert script_nonces(html) == ["abc"]


def test_no_template_has_inline_code() -> None:
    """Inline scripts, handlers and styles are blocked: behaviour goes in static/js/."""
    templates = _our_templates()
    assert len(templates) > 50  # the folders really were read
    found = {}
    for template in templates:
        source = TEMPLATE_COMMENT.sub("", template.read_text())
        problems = inline_code(source, style_hashes=STYLE_HASHES)
        # A script tag is written with the page's nonce (base.html's are).
        problems += [
            f"script without nonce: {tag}"
            for tag, nonce in script_tags(source)
            if nonce != "{{ request.csp_nonce }}"
        ]
        if problems:
            found[str(template.relative_to(settings.BASE_DIR))] = problems
    assert found == {}


def test_every_page_carries_the_policy_and_its_nonce(
    world: World, player_client: Client, gm_client: Client, client: Client
) -> None:
    found = {}
    pages = 0
    for who, visitor, character, signed_in in (
        ("player", player_client, world.draft, True),
        ("gm", gm_client, world.submitted, True),
        ("anonymous", client, world.approved, False),
    ):
        for url in [*_urls(world, character, world.table.key), "/no/such/page/"]:
            if url == "/health/":
                # A monitor's answer in django-health-check's own markup: its inline style
                # is refused by the policy (the report reads the same unstyled), and it
                # runs no script.
                continue
            response = visitor.get(url)
            pages += response.status_code == 200 and b"<script" in response.content
            problems = policy_problems(response, signed_in=signed_in)
            if problems:
                found[f"{who} {url} ({response.status_code})"] = problems
    assert pages > 60  # pages with scripts really were checked, not only redirects
    assert found == {}


def test_each_answer_gets_its_own_nonce(player_client: Client) -> None:
    first, second = (player_client.get(reverse("home")) for _ in range(2))
    nonces = {script_nonces(page.content.decode())[0] for page in (first, second)}
    assert len(nonces) == 2
    for page in (first, second):
        nonce = script_nonces(page.content.decode())[0]
        assert (
            f"'nonce-{nonce}'"
            in parse_policy(page.headers["Content-Security-Policy"])["script-src"]
        )


def _broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("A view that fails, to show the 500 page.")


urlpatterns = [path("broken/", _broken)]
handler500 = "chargen.core.views.server_error"


@pytest.mark.urls(__name__)
def test_the_500_page_keeps_its_style_under_the_policy() -> None:
    """The 500 page stands alone with inline style rules; its policy names their hash."""
    response = Client(raise_request_exception=False).get("/broken/")
    assert response.status_code == 500
    assert policy_problems(response, signed_in=False) == []
    styles = re.findall(r"<style>(.*?)</style>", response.content.decode(), re.DOTALL)
    assert styles  # so the hash check below checked something
    policy = parse_policy(response.headers["Content-Security-Policy"])
    assert all(style_hash(css) in policy["style-src"] for css in styles)


def test_the_admin_works_under_the_same_policy(admin_client: Client, rulebook: None) -> None:
    """Django's admin has no inline script, handler or style of its own, so it needs no
    exception from the policy (its scripts are static files: 'self' allows them)."""
    urls = [reverse("admin:index"), reverse("admin:password_change")]
    for model in admin.site._registry:
        meta = model._meta
        urls.append(reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist"))
        urls.append(reverse(f"admin:{meta.app_label}_{meta.model_name}_add"))
        first = model._default_manager.first()
        if first is not None:
            urls.append(
                reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[first.pk])
            )
    found = {}
    for url in urls:
        response = admin_client.get(url)
        assert response.status_code in {200, 403}, url
        # The admin's own <script> tags carry no nonce; 'self' allows them.
        problems = policy_problems(response, signed_in=True, scripts_need_nonce=False)
        if problems:
            found[url] = problems
    assert len(urls) > 20
    assert found == {}
