"""An Infinity Drive sheet's body drawn once, kept in Django's cache under a key naming
everything it shows.

The body (the `sheet_body` partial of characters/sheet.html: name, race, career,
characteristics, skills, equipment, history, play aid) was about a third of the sheet
and print pages' CPU. It is a function of:

- the replayed log: the replay cache's own key (chargen/core/replay_cache.py), which
  names every row's chain hash, the character's id, its pinned rule version, its own
  house rules, the race in force and the Python source of rules/ and chargen/;
- the character's name, its race row's kind, and its campaign's id, name and current
  house rules (the "built under earlier house rules" note);
- the campaign content the character was started with (history prompts, background
  tables): a pinned version, named by its id. A character with none reads the
  campaign's current content, which can change under it: its body is drawn every time;
- which of the log's signing keys this server holds (a roll is "server" or "imported");
- the two heading tags the page passes in, the template's source, Django's version,
  and the active time zone and language.

So a key is never stale and nothing is invalidated: any change is a new key. The body
is rendered without the request, so nothing of the viewer (a CSRF token, a nonce, the
user) can be drawn into it; whatever differs by viewer stays outside, in the page.
A log with a row not yet sealed is drawn every time, as the replay cache does.
"""

from __future__ import annotations

import django
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.safestring import SafeString

from chargen.core import roll_keys
from chargen.core.replay_cache import content_key
from chargen.core.row_cache import cached_html, template_version
from chargen.infinity_drive.progress import replay_key_of
from chargen.infinity_drive.selectors_finish import Finish
from chargen.infinity_drive.sheet import sheet_context

PREFIX = "sheet-body:v1"
TEMPLATE = "characters/sheet.html"
PARTIAL = f"{TEMPLATE}#sheet_body"


def sheet_body_key(
    finish: Finish, *, known_ids: list[str], name_tag: str, heading_tag: str
) -> str | None:
    """The cache key of this sheet's body, or None when it must be drawn every time."""
    character = finish.character
    # A Finish made without its whole log (none is, today) cannot name its rows.
    replayed = replay_key_of(character, finish.log, finish.entries) if finish.log else None
    if replayed is None or not character.content_version_id:
        return None
    campaign = character.campaign
    document = [
        replayed,
        template_version(TEMPLATE),
        django.__version__,
        timezone.get_current_timezone_name(),
        translation.get_language(),
        character.name,
        character.concept,
        character.race.kind if character.race else None,
        character.content_version_id,
        [campaign.pk, campaign.name, campaign.house_rules] if campaign else None,
        known_ids,
        name_tag,
        heading_tag,
    ]
    return content_key(PREFIX, document)


def sheet_body(finish: Finish, *, name_tag: str = "h2", heading_tag: str = "h3") -> SafeString:
    """The sheet's body for `finish`: from the cache when it is there, else drawn and kept."""
    key_ids = [entry.key_id for entry in finish.log if entry.key_id]
    known_keys = roll_keys.known_public_keys_covering(key_ids)
    known_ids = sorted(set(key_ids) & known_keys.keys())
    key = sheet_body_key(finish, known_ids=known_ids, name_tag=name_tag, heading_tag=heading_tag)
    return cached_html(
        key,
        lambda: render_to_string(
            PARTIAL,
            {
                "character": finish.character,
                "finish": finish,
                "state": finish.progress.state,
                "sheet": sheet_context(finish, known_keys=known_keys),
                "name_tag": name_tag,
                "heading_tag": heading_tag,
            },
        ),
    )
