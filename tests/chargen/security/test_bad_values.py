"""Every form field of the characters, content and campaigns apps, sent empty, malformed
and oversized by the very user who may post there: each is answered (a refusal, a page),
never with a server error, and nothing is changed by a value no form accepts.

The URLs come from Django's resolver (test_matrix.py), so a view added later is covered.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from chargen.infinity_drive.models import Character, CharacterStatus
from tests.chargen.security.test_matrix import ID_ROUTES, Cast, cast, post_data, route_url

__all__ = ["cast"]  # the fixture, used by name

BAD_VALUES = {
    "empty": "",
    "malformed": "not-a-uuid-nor-a-number \x7f",
    "oversized": "9" * 20_000,
}


@pytest.mark.parametrize(("route", "ids"), ID_ROUTES, ids=[name for name, _ in ID_ROUTES])
def test_bad_values_are_answered_never_a_server_error(
    route: str, ids: tuple[str, ...], cast: Cast, player: User
) -> None:
    # A finished character outside any campaign too: the one that may be brought into one.
    loner = Character.objects.create(owner=player, name="Loner", status=CharacterStatus.FINISHED)
    for character in (cast.draft, loner):
        url = route_url(route, ids, cast, character)
        client = Client()  # raises any exception a view lets out: a 500 fails here
        client.force_login(character.owner if "character_id" in ids else cast.campaign.gm)
        fields = [*post_data(cast), "campaign", "file", "paper", "next"]
        for name, value in BAD_VALUES.items():
            answer = client.post(url, dict.fromkeys(fields, value))
            assert answer.status_code < 500, f"POST {url} with {name} values"
        # Each field alone among good values too (a view may stop at the first bad one),
        # with each kind of bad value in turn across the fields.
        kinds = list(BAD_VALUES.items())
        for index, field in enumerate(fields):
            name, value = kinds[index % len(kinds)]
            one = client.post(url, {**post_data(cast), field: value})
            assert one.status_code < 500, f"POST {url} with {field} {name}"
