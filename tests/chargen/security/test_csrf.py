"""CSRF on every state change: each POST without the token is refused and changes
nothing, and every form in the templates that posts carries the token."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.chargen.security.conftest import World, calls_that_change_the_database

TEMPLATES = Path(settings.BASE_DIR) / "templates"
POST_FORM = re.compile(r"<form\b[^>]*\bmethod=\"post\"[^>]*>(.*?)</form>", re.S | re.I)
# Forms rendered whole by crispy-forms' {% crispy %} tag carry the token themselves.
HX_POST = re.compile(r"\bhx-post=")


def _patterns(resolver: URLResolver, namespace: str | None = None) -> list[tuple[str, URLPattern]]:
    found = []
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            found.extend(_patterns(entry, entry.namespace or namespace))
        elif namespace and namespace != "admin":
            found.append((namespace, entry))
    return found


def test_every_post_without_the_token_is_refused(world: World, player: User, gm: User) -> None:
    owner, gm_client = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    owner.force_login(player)
    gm_client.force_login(gm)
    values = {
        "campaign_id": world.campaign.id,
        "race_id": world.race.id,
        "token": world.campaign.invite_token,
        "table_key": "background",
        "kind_slug": "tables",
        "parent_key": "background",
    }
    answers: dict[str, int] = {}

    def post(label: str, client: Client, url: str) -> None:
        answers[label] = client.post(url, {"sequence": "1", "note": "x", "name": "x"}).status_code

    calls = []
    for namespace, pattern in _patterns(get_resolver()):
        kwargs = dict.fromkeys(pattern.pattern.converters)
        for name in kwargs:
            if name == "character_id":
                kwargs[name] = (
                    world.drifting_character.id if namespace == "drifting" else world.draft.id
                )
            else:
                kwargs[name] = values.get(name)
        if None in kwargs.values():
            continue
        url = reverse(f"{namespace}:{pattern.name}", kwargs=kwargs)
        for who, client in (("owner", owner), ("gm", gm_client)):
            label = f"{who}: POST {url}"
            calls.append((label, partial(post, label, client, url)))
    assert calls_that_change_the_database(calls) == []
    assert {label: status for label, status in answers.items() if status != 403} == {}
    assert len(answers) > 100


def test_every_posting_form_in_the_templates_carries_the_token() -> None:
    missing = []
    forms = 0
    for template in sorted(TEMPLATES.rglob("*.html")):
        text = template.read_text()
        for form in POST_FORM.finditer(text):
            forms += 1
            if "{% csrf_token %}" not in form.group(1):
                missing.append(f"{template.relative_to(TEMPLATES)}: {form.group(0)[:80]}")
    assert forms > 30
    assert missing == []


def test_htmx_requests_send_the_token_from_the_page() -> None:
    """hx-post forms and buttons send the header that base.html sets on <body>."""
    base = (TEMPLATES / "base.html").read_text()
    assert 'hx-headers=\'{"X-CSRFToken": "{{ csrf_token }}"}\'' in base
    assert settings.CSRF_HEADER_NAME == "HTTP_X_CSRFTOKEN"
    uses = sum(len(HX_POST.findall(t.read_text())) for t in TEMPLATES.rglob("*.html"))
    assert uses > 20
