"""Drifting's creation steps through the log kernel: the log's next sequence is each
form's one-time key, checked before the form; a lifepath taken back is the kernel's
undo row; the chosen lifepaths are a replay of the log, and their snapshot matches it."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chargen.campaigns.models import Campaign
from chargen.core.log import STALE_MESSAGE, UNDO_KIND
from chargen.drifting import services
from chargen.drifting.lifepath_log import replayed_lifepath_ids, snapshot_lifepath_ids
from chargen.drifting.models import Character, Lifepath, LogKind
from chargen.drifting.snapshots import lifepath_mismatches
from tests.chargen.drifting.views_helpers import HTMX, url

LIFE = ("us-marine", "marine-veteran", "deserter", "drifter")


def named(character: Character, campaign: Campaign | None = None) -> Character:
    return services.character_set_concept(
        character=character,
        key=character.next_sequence,
        name="Ann",
        concept="Pilot",
        campaign=campaign,
    )


def add(character: Character, lifepath: Lifepath) -> None:
    services.character_add_lifepath(
        character=character, lifepath=lifepath, key=character.next_sequence
    )


def kinds(character: Character) -> list[str]:
    return list(character.log.order_by("sequence").values_list("kind", flat=True))


def test_a_double_click_on_a_lifepath_answers_with_the_saved_choice(
    player_client: Client, draft: Character, lifepaths: dict[str, Lifepath]
) -> None:
    named(draft)
    form = {"key": draft.next_sequence, "lifepath": str(lifepaths["us-marine"].id)}
    first = player_client.post(url("lifepath_add", draft), form, **HTMX)
    second = player_client.post(url("lifepath_add", draft), form, **HTMX)
    for response in (first, second):
        body = response.content.decode()
        assert response.status_code == 200
        assert "United Systems marine" in body
        assert "alert-danger" not in body
        # Not refused at the field (a disabled choice's label may say "already in this life").
        assert "is-invalid" not in body
        assert "invalid-feedback" not in body
    assert kinds(draft).count(LogKind.LIFEPATH) == 1
    assert snapshot_lifepath_ids(draft) == [str(lifepaths["us-marine"].id)]


def test_a_double_click_on_take_back_answers_with_the_saved_undo(
    player_client: Client, draft: Character, lifepaths: dict[str, Lifepath]
) -> None:
    named(draft)
    add(draft, lifepaths["us-marine"])
    add(draft, lifepaths["marine-veteran"])
    form = {"key": draft.next_sequence}
    first = player_client.post(url("lifepath_undo", draft), form, **HTMX)
    second = player_client.post(url("lifepath_undo", draft), form, **HTMX)
    for response in (first, second):
        assert response.status_code == 200
        assert "alert-danger" not in response.content.decode()
    # One undo, which took back the veteran only: the marine is still chosen.
    assert kinds(draft).count(UNDO_KIND) == 1
    assert snapshot_lifepath_ids(draft) == [str(lifepaths["us-marine"].id)]


def test_a_double_click_on_the_concept_never_shows_a_form_error(
    player_client: Client, draft: Character
) -> None:
    key = draft.next_sequence
    saved = {"key": key, "name": "Ann", "concept": ""}
    player_client.post(url("concept", draft), saved)
    again = player_client.post(url("concept", draft), saved)
    assert again.status_code == 303
    # Other words at the same key (another tab's, or a form that would not even
    # validate): answered by the key first, never a field error, and nothing changes.
    other = player_client.post(url("concept", draft), {"key": key, "name": "", "concept": "X"})
    assert other.status_code == 400
    body = other.content.decode()
    assert STALE_MESSAGE in body
    assert "This field is required" not in body
    assert kinds(draft).count(LogKind.CONCEPT) == 1
    draft.refresh_from_db()
    assert (draft.name, draft.concept) == ("Ann", "")


def test_a_form_from_another_tab_gets_the_kernels_message_and_changes_nothing(
    player_client: Client, draft: Character, lifepaths: dict[str, Lifepath]
) -> None:
    named(draft)
    key = draft.next_sequence  # both tabs drew the page here
    first_tab = {"key": key, "lifepath": str(lifepaths["us-marine"].id)}
    player_client.post(url("lifepath_add", draft), first_tab, **HTMX)
    other_tab = {"key": key, "lifepath": str(lifepaths["station-brat"].id)}
    response = player_client.post(url("lifepath_add", draft), other_tab, **HTMX)
    assert STALE_MESSAGE in response.content.decode()
    stale_undo = player_client.post(url("lifepath_undo", draft), {"key": key}, **HTMX)
    assert STALE_MESSAGE in stale_undo.content.decode()
    assert snapshot_lifepath_ids(draft) == [str(lifepaths["us-marine"].id)]
    assert kinds(draft) == [LogKind.STARTED, LogKind.CONCEPT, LogKind.LIFEPATH]


def test_a_page_drawn_before_keys_is_told_it_is_stale(
    player_client: Client, draft: Character, lifepaths: dict[str, Lifepath]
) -> None:
    named(draft)
    add(draft, lifepaths["us-marine"])
    old_add = {"position": 1, "lifepath": str(lifepaths["marine-veteran"].id)}
    response = player_client.post(url("lifepath_add", draft), old_add, **HTMX)
    assert STALE_MESSAGE in response.content.decode()
    old_undo = player_client.post(url("lifepath_undo", draft), {"position": 0}, **HTMX)
    assert STALE_MESSAGE in old_undo.content.decode()
    assert snapshot_lifepath_ids(draft) == [str(lifepaths["us-marine"].id)]


def test_taking_back_appends_an_undo_and_the_gm_sees_both(
    gm_client: Client, player: User, campaign: Campaign, lifepaths: dict[str, Lifepath]
) -> None:
    character = named(services.character_start(owner=player), campaign)
    add(character, lifepaths["station-brat"])
    chosen = character.log.get(kind=LogKind.LIFEPATH)
    services.character_undo_lifepath(character=character, key=character.next_sequence)
    undo = character.log.get(kind=UNDO_KIND)
    assert undo.details == {
        "cancels": chosen.sequence,
        "lifepath": str(lifepaths["station-brat"].id),
    }
    assert undo.summary == "Took back lifepath: Station brat."
    assert character.log.filter(pk=chosen.pk).exists()  # never deleted
    for slug in LIFE:
        add(character, lifepaths[slug])
    services.character_review(character=character, key=character.next_sequence)
    services.character_finish(character=character, key=character.next_sequence)
    sheet = gm_client.get(character.get_absolute_url()).content.decode()
    assert f'data-sequence="{chosen.sequence}"' in sheet
    assert f"<s>{chosen.summary}</s>" in sheet  # marked undone
    assert "Took back lifepath: Station brat." in sheet
    assert services.token_sheet(character)["Firearms"].held == 2  # no Station brat tokens
    # The party page lists play only: a lifepath taken back in creation is none.
    party = gm_client.get(reverse("drifting:campaign", kwargs={"campaign_id": campaign.id}))
    assert "Took back lifepath" not in party.content.decode()


def test_a_double_click_on_review_answers_with_the_review(
    player_client: Client, draft: Character, lifepaths: dict[str, Lifepath]
) -> None:
    named(draft)
    for slug in LIFE:
        add(draft, lifepaths[slug])
    form = {"key": draft.next_sequence}
    first = player_client.post(url("review", draft), form, **HTMX)
    # The first click's review row is the answer, even once a lifepath is taken back.
    services.character_undo_lifepath(character=draft, key=draft.next_sequence)
    second = player_client.post(url("review", draft), form, **HTMX)
    for response in (first, second):
        assert response.status_code == 200
        assert "alert-danger" not in response.content.decode()
    assert kinds(draft).count(LogKind.REVIEW) == 1
    assert draft.log.get(kind=LogKind.REVIEW).summary == (
        "Reviewed the lifepaths: United Systems marine, Marine veteran, Deserter, Drifter."
    )


def test_a_double_click_on_finish_answers_with_the_sheet(
    player_client: Client, draft: Character, lifepaths: dict[str, Lifepath]
) -> None:
    named(draft)
    for slug in LIFE:
        add(draft, lifepaths[slug])
    services.character_review(character=draft, key=draft.next_sequence)
    form = {"key": draft.next_sequence}
    first = player_client.post(url("finish", draft), form)
    second = player_client.post(url("finish", draft), form)
    assert first.status_code == second.status_code == 303
    assert second["Location"] == draft.get_absolute_url()
    assert kinds(draft).count(LogKind.FINISHED) == 1
    # The page both clicks lead to says so once (a user's try saw the message twice).
    page = player_client.get(second["Location"]).content.decode()
    assert page.count("is ready to drift.") == 1


@pytest.mark.parametrize("seed", range(6))
def test_the_snapshot_is_the_replay_after_any_walk_of_choices_and_undos(
    seed: int, draft: Character, lifepaths: dict[str, Lifepath]
) -> None:
    walk = random.Random(seed)
    named(draft)
    open_paths = [path for path in services.character_lifepaths(draft) if not path.requires]
    for _step in range(14):
        chosen = snapshot_lifepath_ids(draft)
        if chosen and (walk.random() < 0.4 or len(chosen) == len(LIFE)):
            services.character_undo_lifepath(character=draft, key=draft.next_sequence)
        else:
            candidates = [path for path in open_paths if path.pk not in chosen]
            add_key = draft.next_sequence
            services.character_add_lifepath(
                character=draft, lifepath=walk.choice(candidates), key=add_key
            )
        assert lifepath_mismatches(draft) == []
        assert snapshot_lifepath_ids(draft) == replayed_lifepath_ids(draft.log.all())
    # Every row is still there: undo appended, nothing was removed.
    assert [entry.sequence for entry in draft.log.order_by("sequence")] == list(range(1, 17))
