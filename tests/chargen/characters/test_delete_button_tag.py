"""`{% character_delete_button %}` (the wizard's head) draws exactly what
`{% include "characters/_delete.html" %}` draws (the lists and the sheet still include
it): with and without a campaign, none when the owner may not delete, with a list's
`return_to`, and a name that needs escaping."""

from __future__ import annotations

from typing import Any

from django.template import Context, Template

from chargen.campaigns.models import Campaign
from chargen.characters.models import Character, CharacterStatus

THE_INCLUDE = Template('{% include "characters/_delete.html" %}')
THE_TAG = Template("{% load character_deletion %}{% character_delete_button character %}")


def _same(**context: Any) -> str:
    drawn = THE_TAG.render(Context(context))
    assert drawn == THE_INCLUDE.render(Context(context))
    return drawn


def test_the_button_is_the_include_s(draft: Character, campaign: Campaign) -> None:
    assert "hx-confirm" in _same(character=draft, csrf_token="token")
    assert "return_to" in _same(character=draft, csrf_token="token", return_to="list")
    draft.name = 'Bob <the "Bold"> & Al'
    _same(character=draft, csrf_token="token")
    _same(character=draft)  # no token in the context: none drawn, as the include did
    draft.campaign = campaign
    assert "hx-confirm" not in _same(character=draft, csrf_token="token")
    draft.status = CharacterStatus.FINISHED
    assert _same(character=draft, csrf_token="token") == "\n"
