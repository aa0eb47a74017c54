"""The roller sheets and their PDFs answer a repeat view with 304 (Django's `condition`,
chargen/rollers/etags.py) while the sheet is unchanged, and only then."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.http import Http404
from django.test import Client, RequestFactory

from chargen.rollers import etags
from chargen.rollers.models import ManaCharacter, UniqueCharacter
from tests.chargen.rollers.conftest import set_scores
from tests.chargen.rollers.services_helpers import plan_for, push_typed, record_crisis, roll_typed
from tests.chargen.rollers.views_helpers import attribute_id, url


def etag_of(client: Client, address: str) -> str:
    response = client.get(address)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] in {"private, no-cache", "no-cache, private"}
    return response.headers["ETag"]


def status_again(client: Client, address: str, etag: str) -> int:
    return client.get(address, HTTP_IF_NONE_MATCH=etag).status_code


def test_a_repeat_view_of_an_unchanged_sheet_is_a_304(
    player_client: Client, brian: UniqueCharacter
) -> None:
    address = url("unique", brian)
    etag = etag_of(player_client, address)

    again = player_client.get(address, HTTP_IF_NONE_MATCH=etag)

    assert again.status_code == 304
    assert again.content == b""
    assert again.headers["ETag"] == etag
    assert "private" in again.headers["Cache-Control"]
    assert status_again(player_client, address, '"not-this-one"') == 200


def test_a_roll_made_in_another_tab_changes_the_version_and_the_etag(
    player_client: Client, player: object, brian: UniqueCharacter
) -> None:
    address = url("unique", brian)
    etag = etag_of(player_client, address)
    version = UniqueCharacter.objects.get(pk=brian.pk).log_version

    other_tab = Client()
    other_tab.force_login(player)  # type: ignore[arg-type]
    rolled = other_tab.post(
        url("unique_roll", brian),
        {"sequence": 1, "attribute": attribute_id(brian, "Strength"), "tool_quality": 0},
    )
    assert rolled.status_code == 302

    assert UniqueCharacter.objects.get(pk=brian.pk).log_version != version
    fresh = player_client.get(address, HTTP_IF_NONE_MATCH=etag)
    assert fresh.status_code == 200
    assert fresh.headers["ETag"] != etag
    assert status_again(player_client, address, fresh.headers["ETag"]) == 304


def test_an_edit_and_a_crisis_outside_the_log_change_the_etag(
    player_client: Client, leanne: UniqueCharacter
) -> None:
    address = url("unique", leanne)
    plan = plan_for(leanne, "Precision", tools=1, specials=("delivery driver",))
    roll_typed(leanne, plan, [2, 4, 4, 4, 5], needed=13)
    push_typed(leanne, 1)
    push_typed(leanne, 5)
    before_crisis = etag_of(player_client, address)

    record_crisis(leanne, "physical", "A badly broken leg.")
    after_crisis = etag_of(player_client, address)
    assert after_crisis != before_crisis

    leanne.refresh_from_db()
    leanne.name = "Leanne the driver"
    leanne.save()  # as the sheet's editor saves it
    assert etag_of(player_client, address) != after_crisis


def test_a_stranger_gets_a_404_even_with_the_owners_etag(
    player_client: Client, other_player_client: Client, brian: UniqueCharacter
) -> None:
    for name in ("unique", "unique_pdf"):
        address = url(name, brian)
        etag = etag_of(player_client, address)
        assert status_again(other_player_client, address, etag) == 404


def test_the_contest_form_follows_the_owners_other_sheets(
    player_client: Client, first_racer: ManaCharacter, second_racer: ManaCharacter
) -> None:
    address = url("mana", first_racer)
    etag = etag_of(player_client, address)
    assert status_again(player_client, address, etag) == 304

    second_racer.refresh_from_db()
    second_racer.save()  # its editor saved it: the opponent's attributes may have changed
    set_scores(second_racer, Strength=5)

    assert status_again(player_client, address, etag) == 200


def test_the_pdfs_are_304_while_unchanged_and_follow_the_paper(
    player_client: Client, brian: UniqueCharacter, mage: ManaCharacter
) -> None:
    for address in (url("unique_pdf", brian), url("mana_pdf", mage)):
        etag = etag_of(player_client, address)
        assert status_again(player_client, address, etag) == 304
        # Followed: the page it lands on shows (and so uses up) its message.
        chosen = player_client.post("/settings/paper/", {"paper": "Letter"}, follow=True)
        assert chosen.status_code == 200
        assert status_again(player_client, address, etag) == 200
        player_client.post("/settings/paper/", {"paper": "A4"}, follow=True)
        assert status_again(player_client, address, etag) == 304


def test_the_export_has_a_weak_etag_and_a_repeat_is_a_304(
    player_client: Client, other_player_client: Client, brian: UniqueCharacter
) -> None:
    address = f"/export/unique_pool/unique/{brian.pk}/"
    response = player_client.get(address)
    assert response.status_code == 200
    etag = response.headers["ETag"]
    assert etag.startswith('W/"')

    assert status_again(player_client, address, etag) == 304
    assert status_again(other_player_client, address, etag) == 404
    roll_typed(brian, plan_for(brian, "Strength"), [3, 4])
    assert status_again(player_client, address, etag) == 200


def test_a_page_with_a_message_waiting_is_drawn_to_show_it(
    player_client: Client, brian: UniqueCharacter
) -> None:
    address = url("unique", brian)
    etag = etag_of(player_client, address)
    player_client.post("/settings/paper/", {"paper": "Letter"})  # queues "now print on"

    shown = player_client.get(address, HTTP_IF_NONE_MATCH=etag)

    assert shown.status_code == 200
    assert "ETag" not in shown.headers
    assert "now print on Letter" in shown.content.decode()
    assert status_again(player_client, address, etag_of(player_client, address)) == 304


def test_each_etag_function_asks_the_sheets_own_check_first(
    rf: RequestFactory, other_player: User, brian: UniqueCharacter, mage: ManaCharacter
) -> None:
    """Before any ETag is compared: a stranger is told nothing, not even "unchanged"."""
    request = rf.get("/")
    request.user = other_player
    for etag_function, sheet in (
        (etags.unique_etag, brian),
        (etags.unique_pdf_etag, brian),
        (etags.mana_etag, mage),
        (etags.mana_pdf_etag, mage),
    ):
        with pytest.raises(Http404):
            etag_function(request, sheet.pk)
