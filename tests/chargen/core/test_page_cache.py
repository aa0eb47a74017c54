"""Kept pages (chargen/core/page_cache.py): served again only while the database answers
the same, with each browser's own CSRF token and each response's own CSP nonce.

The whole suite runs with PAGE_CACHE_VERIFY, which draws every kept page afresh when it
is served and compares; these tests show what a player would see if keeping went wrong.
"""

from __future__ import annotations

import dataclasses
import os
import re

import pytest
from django.contrib import messages
from django.contrib.auth.models import User
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import caches
from django.db import connection
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext, override_settings
from django.urls import reverse

from chargen.core import page_cache, query_recorder
from chargen.rollers import services
from chargen.rollers.models import ManaCharacter

pytestmark = pytest.mark.django_db


@pytest.fixture
def sheet(player: User) -> ManaCharacter:
    return services.mana_character_create(owner=player, name="The mage")


def _url(character: ManaCharacter) -> str:
    return reverse("rollers:mana", kwargs={"character_id": character.id})


# What each response has of its own: CSRF tokens (per browser, masked anew) and the nonce.
_per_request = re.compile(r'value="[A-Za-z0-9]{64}"|"X-CSRFToken": "[A-Za-z0-9]{64}"|nonce="[^"]+"')


# What a kept page holds in place of those: never sent.
_placeholders = re.compile(r"(csrf|nonce|fresh)[0-9a-f]{32}")


def _kept_count() -> int:
    return len(caches[page_cache.CACHE_ALIAS]._cache)  # type: ignore[attr-defined]


def test_a_kept_page_is_served_by_rerunning_its_reads_only(
    player_client: Client, sheet: ManaCharacter
) -> None:
    with override_settings(PAGE_CACHE_VERIFY=False):
        first = player_client.get(_url(sheet))
        assert _kept_count() == 1
        with CaptureQueriesContext(connection) as again:
            second = player_client.get(_url(sheet))
    assert second.status_code == 200
    # The same page, each with its own CSRF token.
    assert _per_request.sub("", first.content.decode()) == _per_request.sub(
        "", second.content.decode()
    )
    # Session and user, then the statements the drawing read, run as they were.
    kept = caches[page_cache.CACHE_ALIAS].get(_keys()[0])
    # Run one by one, or (PostgreSQL, a drawing in its own snapshot) hashed in one.
    checks = 1 if kept.on_server else len(kept.statements)
    assert len(again) == 2 + checks + len(kept.inputs)  # the badge's count: SQL too here


def _keys() -> list[str]:
    store = caches[page_cache.CACHE_ALIAS]
    return [key.split(":", 2)[2] for key in store._cache]  # type: ignore[attr-defined]


def test_any_change_the_page_shows_is_seen_at_once(
    player_client: Client, sheet: ManaCharacter
) -> None:
    with override_settings(PAGE_CACHE_VERIFY=False):
        assert "The mage" in player_client.get(_url(sheet)).content.decode()
        ManaCharacter.objects.filter(pk=sheet.pk).update(name="The archmage")
        assert "The archmage" in player_client.get(_url(sheet)).content.decode()
        sheet.attributes.filter(name="Cunning").update(score=5)
        page = player_client.get(_url(sheet)).content.decode()
    assert re.search(r"Cunning</th><td[^>]*>5<", page)


def test_each_browser_gets_its_own_csrf_token_and_can_post_with_it(
    player: User, sheet: ManaCharacter
) -> None:
    """A kept page is per user, but the CSRF token is per browser."""
    laptop, phone = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    laptop.force_login(player)
    phone.force_login(player)
    laptop.get(_url(sheet))
    page = phone.get(_url(sheet)).content.decode()
    assert not _placeholders.search(page)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token is not None
    edit = reverse("rollers:mana_edit", kwargs={"character_id": sheet.id})
    refused = phone.post(edit, {"csrfmiddlewaretoken": "x" * 64})
    assert refused.status_code == 403
    posted = phone.post(edit, {"csrfmiddlewaretoken": token.group(1)})
    assert posted.status_code != 403


def test_the_nonce_is_this_responses_own(player_client: Client, sheet: ManaCharacter) -> None:
    player_client.get(_url(sheet))
    response = player_client.get(_url(sheet))
    page = response.content.decode()
    nonces = set(re.findall(r'nonce="([^"]+)"', page))
    assert len(nonces) == 1
    assert f"'nonce-{nonces.pop()}'" in response["Content-Security-Policy"]
    assert not _placeholders.search(page)


def test_a_waiting_message_is_shown_not_a_kept_page(
    player_client: Client, sheet: ManaCharacter
) -> None:
    """A message left for the next page (as a POST that redirects leaves one) is shown on
    it, though that page was kept without it; and once read it is gone again."""
    with override_settings(PAGE_CACHE_VERIFY=False):
        assert "Saved your sheet." not in player_client.get(_url(sheet)).content.decode()
        request = RequestFactory().get("/")
        storage = CookieStorage(request)
        storage.add(messages.SUCCESS, "Saved your sheet.")
        carrier = HttpResponse()
        storage.update(carrier)
        player_client.cookies["messages"] = carrier.cookies["messages"].value
        assert "Saved your sheet." in player_client.get(_url(sheet)).content.decode()
        assert "Saved your sheet." not in player_client.get(_url(sheet)).content.decode()


@override_settings(PAGE_CACHE_VERIFY=False)
def test_another_user_never_gets_a_kept_page(
    player_client: Client, outsider_client: Client, sheet: ManaCharacter
) -> None:
    assert player_client.get(_url(sheet)).status_code == 200
    assert outsider_client.get(_url(sheet)).status_code == 404


def test_verify_finds_a_kept_page_that_is_not_the_page(
    player_client: Client, sheet: ManaCharacter
) -> None:
    player_client.get(_url(sheet))
    store = caches[page_cache.CACHE_ALIAS]
    key = _keys()[0]
    kept = store.get(key)
    store.set(key, dataclasses.replace(kept, html="x"))
    with pytest.raises(page_cache.PageMismatch):
        player_client.get(_url(sheet))


def test_a_drawing_that_writes_locks_or_reads_the_time_is_not_kept(player: User) -> None:
    from django.utils import timezone

    with query_recorder.recording() as wrote:
        User.objects.filter(pk=player.pk).update(first_name="Bob")
    assert wrote.refused == "ran UPDATE"
    with query_recorder.recording() as timed:
        list(User.objects.filter(date_joined__lte=timezone.now()))
    assert timed.refused == "read with a date or time"
    with query_recorder.recording() as read:
        assert [user.pk for user in User.objects.iterator(chunk_size=1)] == [player.pk]
        assert User.objects.filter(pk=player.pk).exists()
    assert read.refused == ""
    assert len(read.statements) == 2
    assert query_recorder.still_true(read)
    User.objects.filter(pk=player.pk).update(first_name="Robert")
    assert not query_recorder.still_true(read)


def test_an_input_from_outside_the_database_must_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHARGEN_PAGE_TEST", "one")
    with query_recorder.recording() as read:
        query_recorder.note_input(os.getenv("CHARGEN_PAGE_TEST"), os.getenv, "CHARGEN_PAGE_TEST")
    assert query_recorder.still_true(read)
    monkeypatch.setenv("CHARGEN_PAGE_TEST", "two")
    assert not query_recorder.still_true(read)


@override_settings(PAGE_CACHE_VERIFY=False)
def test_a_kept_page_draws_a_new_start_key_each_time(player_client: Client) -> None:
    """The roller list's start forms carry a one-time key (a second tab must not reuse
    the first tab's): each response of the kept page has its own."""
    pages = [player_client.get(reverse("rollers:list")).content.decode() for _ in range(3)]
    assert _kept_count() == 1
    keys = [re.findall(r'name="[a-z-]*start_key" value="([0-9a-f-]{36})"', page) for page in pages]
    assert all(keys)
    every = [key for found in keys for key in found]
    assert len(set(every)) == len(every)
    assert not any(_placeholders.search(page) for page in pages)


@pytest.mark.django_db(transaction=True)
@override_settings(PAGE_CACHE_VERIFY=False)
def test_kept_and_checked_outside_a_test_transaction(player: User) -> None:
    """As in production: no transaction around the request (on PostgreSQL the drawing
    opens its own, REPEATABLE READ, and the server hashes the rows it read)."""
    client = Client()
    client.force_login(player)
    sheet = services.mana_character_create(owner=player, name="The mage")
    with CaptureQueriesContext(connection) as drawn:
        assert "The mage" in client.get(_url(sheet)).content.decode()
    assert _kept_count() == 1
    if connection.vendor == "postgresql":  # one snapshot for the drawing and its digest
        run = [query["sql"] for query in drawn]
        snapshot = run.index("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        assert run[snapshot - 1] == "BEGIN"
        assert all("rollers_" not in sql for sql in run[:snapshot])  # before the page's reads
    with CaptureQueriesContext(connection) as again:
        assert "The mage" in client.get(_url(sheet)).content.decode()
    assert not any(query["sql"].startswith("SET TRANSACTION") for query in again)
    ManaCharacter.objects.filter(pk=sheet.pk).update(name="The archmage")
    assert "The archmage" in client.get(_url(sheet)).content.decode()


@pytest.mark.django_db(transaction=True)
def test_every_column_of_a_row_is_hashed_even_one_called_t(player: User) -> None:
    """On PostgreSQL the server hashes each row as text: the whole row, not a column
    that happens to share the row's alias."""
    with query_recorder.recording() as read, connection.cursor() as cursor:
        cursor.execute("SELECT 1 AS t, username AS y FROM auth_user WHERE id = %s", [player.pk])
        assert cursor.fetchall() == [(1, "bob")]
    assert read.statements
    assert not read.refused
    assert query_recorder.still_true(read)
    User.objects.filter(pk=player.pk).update(username="robert")
    assert not query_recorder.still_true(read)
