"""The Drifting token sheet runs as many queries after many rolls as after one, and as
many with more characters in the campaign."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.drifting.models import Character, LogKind
from rules import drifting as rules
from tests.chargen.drifting.conftest import make_played_character
from tests.chargen.query_counts import page_queries


def _roll(client: Client, character: Character) -> None:
    character.refresh_from_db()
    response = client.post(
        reverse("drifting:roll", kwargs={"character_id": character.id}),
        {"key": character.next_sequence, "applicable": ["Military", "Firearms"]},
    )
    assert response.status_code == 302


def test_the_token_sheet_stays_flat_in_rolls_and_characters(
    player_client: Client,
    jim: Character,
    linda: Character,
    campaign: Campaign,
    other_player: User,
) -> None:
    page = reverse("drifting:character", kwargs={"character_id": jim.id})
    _roll(player_client, jim)
    one = page_queries(player_client, page)
    for _ in range(5):
        _roll(player_client, jim)
    for n in range(3):  # more characters to assist in the campaign
        make_played_character(
            other_player,
            f"Crew {n}",
            [rules.TokenState("Space", rules.TokenKind.BACKGROUND, held=1)],
            campaign,
        )
    assert jim.log.filter(kind=LogKind.ROLL).count() == 6
    assert len(page_queries(player_client, page)) == len(one)


def test_the_token_sheet_reads_tokens_assists_and_companions_once(
    player_client: Client, jim: Character, linda: Character
) -> None:
    """The odds box and the sheet share one read of the tokens and the waiting assists,
    and the roll and assist forms one list of companions."""
    _roll(player_client, jim)
    queries = page_queries(
        player_client, reverse("drifting:character", kwargs={"character_id": jim.id})
    )
    for table in ("drifting_charactertoken", "drifting_pendingassist"):
        assert sum(f'FROM "{table}"' in sql for sql in queries) == 1, table
    companions = [sql for sql in queries if sql.startswith('SELECT "drifting_character"."id"')]
    assert len(companions) <= 2, "\n".join(companions)  # the character, its companions


def test_the_token_sheet_reads_its_log_once_for_rows_key_and_provenance(
    player_client: Client, jim: Character
) -> None:
    """The forms' one-time key is one past the newest row of the log the page lists, not
    a query of its own; the same key the model's next_sequence gives. The log
    is paged (chargen/core/log_pages.py): one count and the newest page's rows."""
    _roll(player_client, jim)
    page = reverse("drifting:character", kwargs={"character_id": jim.id})
    queries = page_queries(player_client, page)
    sequence_only = [
        sql for sql in queries if sql.startswith('SELECT "drifting_logentry"."sequence" AS')
    ]
    assert not sequence_only, sequence_only
    # The rows, the key and where the dice came from (the provenance line, kept under the
    # newest row) from one read of the page, beside the count that pages it.
    log_reads = [sql for sql in queries if 'FROM "drifting_logentry"' in sql]
    assert len(log_reads) == 2, "\n".join(queries)
    assert log_reads[0].startswith("SELECT COUNT(*)"), log_reads[0]
    assert " LIMIT " in log_reads[1], log_reads[1]  # a page, never the whole log
    jim.refresh_from_db()
    assert f'name="key" value="{jim.next_sequence}"' in player_client.get(page).content.decode()


def test_the_party_pdf_reads_every_sheets_tokens_in_one_query(
    gm_client: Client, jim: Character, linda: Character, campaign: Campaign, other_player: User
) -> None:
    """The party PDF prefetches the tokens and chosen lifepaths: each sheet uses them,
    not a read of its own."""
    page = reverse("drifting:party_pdf", kwargs={"campaign_id": campaign.id})
    two = page_queries(gm_client, page)
    for n in range(3):
        make_played_character(
            other_player,
            f"Crew {n}",
            [rules.TokenState("Space", rules.TokenKind.BACKGROUND, held=1)],
            campaign,
        )
    five = page_queries(gm_client, page)
    assert len(five) == len(two)
    for table in ("drifting_charactertoken", "drifting_chosenlifepath"):
        assert sum(f'FROM "{table}"' in sql for sql in five) == 1, table
