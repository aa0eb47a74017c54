"""The roller sheets' roll logs, each row drawn once and then read from the cache
(chargen/core/row_cache.py): what the cache gives back is what drawing again gives, and
a crisis recorded after its push was shown reaches that push's row."""

from __future__ import annotations

import re

from django.core.cache import caches
from django.test import Client
from django.utils.safestring import SafeString

from chargen.core.row_cache import CACHE_ALIAS, row_key
from chargen.rollers import services
from chargen.rollers.models import ManaCharacter, UniqueCharacter, UniqueRollEntry
from tests.chargen.rollers.views_helpers import HTMX, url


def _log(page: str) -> str:
    found = re.search(r'<ol class="list-unstyled small" id="log">.*?</ol>', page, re.S)
    assert found is not None, page
    return found.group(0)


def _row(page: str, sequence: int) -> str:
    found = re.search(rf'<li[^>]*data-sequence="{sequence}">.*?</li>', _log(page), re.S)
    assert found is not None, _log(page)
    return found.group(0)


def _roll(character: UniqueCharacter, faces: list[int]) -> None:
    services.unique_roll(
        character=character,
        sequence=services.next_sequence(character),
        plan=services.unique_plan(
            attribute=character.attributes.get(name="Precision"), tool_quality=0, specials=[]
        ),
        entered_faces=faces,
    )


def test_rows_from_the_cache_are_the_rows_drawn_afresh(
    player_client: Client, leanne: UniqueCharacter
) -> None:
    for faces in ([2, 4, 5], [1, 3, 3], [6, 6, 6]):
        _roll(leanne, faces)
    caches[CACHE_ALIAS].clear()
    drawn = _log(player_client.get(leanne.get_absolute_url()).content.decode())
    keys = [
        row_key(entry, template_name="rollers/_unique_log_row.html", extra={"crisis": None})
        for entry in leanne.rolls.all()
    ]
    assert all(key is not None and caches[CACHE_ALIAS].get(key) for key in keys)
    cached = _log(player_client.get(leanne.get_absolute_url()).content.decode())
    assert cached == drawn
    assert [int(n) for n in re.findall(r'data-sequence="(\d+)"', cached)] == [3, 2, 1]
    assert cached.count('<span class="badge text-bg-warning">entered</span>') == 3
    assert "dice 6, 6, 6" in cached
    assert "dice 2, 4, 5" in cached


def test_a_crisis_recorded_after_its_push_was_shown_reaches_the_pushs_row(
    player_client: Client, leanne: UniqueCharacter
) -> None:
    _roll(leanne, [2, 4, 5])
    body = player_client.post(
        url("unique_push", leanne),
        {"push-sequence": 2, "push-physical": "on", "push-faces": "4"},
        **HTMX,
    ).content.decode()
    assert "Crisis</strong>" in body
    assert "Physical" not in _row(body, 2)  # drawn, and cached, before the crisis is recorded
    assert "Choose physical or mental and describe the crisis." in _row(body, 2)
    body = player_client.post(
        url("unique_crisis", leanne),
        {"push_sequence": 2, "kind": "physical", "description": "A <b>scar</b> for life."},
        **HTMX,
    ).content.decode()
    row = _row(body, 2)
    assert (
        "<strong>Physical (a permanent injury):</strong> A &lt;b&gt;scar&lt;/b&gt; for life." in row
    )
    assert "Choose physical or mental" not in row  # asked for, and now answered
    assert "a crisis." in row  # the rest of the saved summary stays
    page = player_client.get(leanne.get_absolute_url()).content.decode()
    assert _row(page, 2) == row


def test_the_mana_log_is_drawn_the_same_from_the_cache(
    player_client: Client, mage: ManaCharacter
) -> None:
    for _ in range(2):
        response = player_client.post(
            url("mana_roll", mage),
            {
                "sequence": services.next_sequence(mage),
                "attribute": str(mage.attributes.get(name="Cunning").pk),
                "difficulty_mode": "named",
                "difficulty": "CHALLENGING",
            },
        )
        assert response.status_code == 302
    caches[CACHE_ALIAS].clear()
    drawn = _log(player_client.get(mage.get_absolute_url()).content.decode())
    assert drawn == _log(player_client.get(mage.get_absolute_url()).content.decode())
    assert [int(n) for n in re.findall(r'data-sequence="(\d+)"', drawn)] == [2, 1]


def test_a_row_not_yet_sealed_is_never_cached(leanne: UniqueCharacter) -> None:
    _roll(leanne, [2, 4, 5])
    entry = leanne.rolls.get()
    assert row_key(entry, template_name="rollers/_unique_log_row.html") is not None
    unsealed = UniqueRollEntry(character=leanne, sequence=2, created=entry.created)
    assert row_key(unsealed, template_name="rollers/_unique_log_row.html") is None


def test_the_key_names_the_template_and_the_facts_around_the_row(
    leanne: UniqueCharacter,
) -> None:
    _roll(leanne, [2, 4, 5])
    entry = leanne.rolls.get()
    keys = {
        row_key(entry, template_name="rollers/_unique_log_row.html", extra={"crisis": None}),
        row_key(
            entry,
            template_name="rollers/_unique_log_row.html",
            extra={"crisis": {"kind": "Physical", "description": "A scar."}},
        ),
        row_key(entry, template_name="rollers/_mana_log_row.html", extra={"crisis": None}),
    }
    assert len(keys) == 3


def test_the_page_shows_the_row_the_cache_holds(
    player_client: Client, leanne: UniqueCharacter
) -> None:
    """A row found in the cache is not drawn again: what the cache holds is what is shown."""
    _roll(leanne, [2, 4, 5])
    key = row_key(
        leanne.rolls.get(), template_name="rollers/_unique_log_row.html", extra={"crisis": None}
    )
    assert key is not None
    caches[CACHE_ALIAS].set(key, SafeString('<li id="from-the-cache"></li>'))
    log = _log(player_client.get(leanne.get_absolute_url()).content.decode())
    assert '<li id="from-the-cache"></li>' in log
    assert "dice 2, 4, 5" not in log
    caches[CACHE_ALIAS].set(key, '<li id="plain-text"></li>')  # not a SafeString: drawn again
    log = _log(player_client.get(leanne.get_absolute_url()).content.decode())
    assert "plain-text" not in log
    assert "dice 2, 4, 5" in log
