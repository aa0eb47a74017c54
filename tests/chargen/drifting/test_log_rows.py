"""The token sheet's log, each row drawn once and then read from the cache
(chargen/core/row_cache.py): the cache gives back what drawing again gives, a loss
undone after it was shown is struck through, and the one row holding the owner's
"Undo this loss" form is always drawn with the page, never shared with another viewer."""

from __future__ import annotations

import re

from django.core.cache import caches
from django.test import Client

from chargen.core.row_cache import CACHE_ALIAS
from chargen.drifting.models import Character
from tests.chargen.drifting.test_at_the_table_views import HTMX, _lose, _roll, url


def _log(page: str) -> str:
    found = re.search(r'<ol class="list-unstyled small" id="log" reversed>.*?</ol>', page, re.S)
    assert found is not None, page
    return found.group(0)


def _row(page: str, sequence: int) -> str:
    # A row holds a list of its own (the roll's explanation): up to the next row or the end.
    found = re.search(
        rf'<li class="mb-2" data-kind="\w+" data-sequence="{sequence}">'
        r'.*?(?=<li class="mb-2"|</ol>)',
        _log(page),
        re.S,
    )
    assert found is not None, _log(page)
    return found.group(0)


def test_rows_from_the_cache_are_the_rows_drawn_afresh(
    player_client: Client, gm_client: Client, jim: Character
) -> None:
    _roll(player_client, jim)
    _roll(player_client, jim, applicable=["Military"], deplete=[], faces="6 2", note="")
    caches[CACHE_ALIAS].clear()
    for client in (player_client, gm_client):
        drawn = _log(client.get(jim.get_absolute_url()).content.decode())
        assert _log(client.get(jim.get_absolute_url()).content.decode()) == drawn
        assert "Note: “dodge the patrol”" in drawn
        assert drawn.count('data-kind="roll"') == 2


def test_a_loss_undone_after_it_was_shown_is_struck_through(
    player_client: Client, gm_client: Client, jim: Character
) -> None:
    _roll(player_client, jim)
    loss = _lose(player_client, jim)
    shown = gm_client.get(jim.get_absolute_url()).content.decode()  # drawn and cached
    assert "<s>" not in _row(shown, loss)
    response = player_client.post(
        url("undo_loss", jim), {"key": jim.next_sequence, "loss": loss}, **HTMX
    )
    assert response.status_code == 200
    for page in (response.content.decode(), gm_client.get(jim.get_absolute_url()).content.decode()):
        row = _row(page, loss)
        assert "<s>" in row
        assert '<span class="badge text-bg-secondary">undone</span>' in row
        assert 'id="undo-loss"' not in row


def test_the_owners_undo_form_is_never_taken_from_another_viewers_row(
    player_client: Client, gm_client: Client, jim: Character
) -> None:
    _roll(player_client, jim)
    loss = _lose(player_client, jim)
    caches[CACHE_ALIAS].clear()
    assert 'id="undo-loss"' not in _row(
        gm_client.get(jim.get_absolute_url()).content.decode(), loss
    )
    for _ in range(2):
        row = _row(player_client.get(jim.get_absolute_url()).content.decode(), loss)
        assert 'id="undo-loss"' in row
        assert 'name="csrfmiddlewaretoken"' in row
    assert 'id="undo-loss"' not in _row(
        gm_client.get(jim.get_absolute_url()).content.decode(), loss
    )
