"""The load test's players against a live server: every journey of scripts/locustfile.py
once, through the same browser (bench_browser) and forms, and the seeded roll logs.

Speed is not measured here (`make bench` does); this proves the players still find the
forms they post, so that the load test measures pages that answered as players expect.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from uuid import UUID

import pytest
from django.apps import apps
from django.core.management import call_command
from pytest_django.fixtures import Settings
from pytest_django.live_server_helper import LiveServer

from chargen.rulebook.services import rulebook_cache_clear

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
sys.path.insert(0, str(SCRIPTS))

import bench_journeys as play  # noqa: E402
from bench_browser import BenchHTTPError, Browser, plain_send  # noqa: E402
from bench_seed import seed_sheets  # noqa: E402
from bench_seed_rows import lengthen  # noqa: E402


@pytest.fixture
def site(live_server: LiveServer, settings: Settings) -> tuple[int, str]:
    """(port, host) of the live server, reached at 127.0.0.1 as gunicorn is by the bench."""
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    call_command("load_rules_data", verbosity=0)
    rulebook_cache_clear()
    port = int(live_server.url.rsplit(":", 1)[1])
    return port, f"127.0.0.1:{port}"


def test_a_builder_in_a_campaign_finishes_once_the_gm_approves(site: tuple[int, str]) -> None:
    port, host = site
    gm, builder = Browser(plain_send(port), host), Browser(plain_send(port), host)
    play.sign_up(gm, play.new_username("gm"))
    campaign, invite = play.campaign_create(
        gm, name="The Rim", game="infinity_drive", approval=True
    )
    play.sign_up(builder, play.new_username("builder"))
    play.campaign_join(builder, invite)

    character = play.treva_start(builder, name="Treva", campaign=campaign)
    play.treva_through_skills(builder, character)
    play.treva_equip_and_history(builder, character)
    assert not play.treva_finish(builder, character)  # the race waits for the GM
    assert play.gm_approve_all(gm, campaign) == 1
    assert play.treva_finish(builder, character)
    play.sheet_and_export(builder, character)
    assert json.loads(
        builder.request("GET", f"/export/infinity_drive/character/{character}/", name="").body
    )
    assert play.gm_approve_all(gm, campaign) == 1  # the character, submitted
    status = apps.get_model("characters", "Character").objects.get(pk=character).status
    assert status == "approved"
    play.party_pdf(gm, campaign)
    assert gm.html.startswith("%PDF")


def test_a_drifting_player_rolls_and_the_seeded_logs_hold_their_rolls(
    site: tuple[int, str],
) -> None:
    port, host = site
    drifter = Browser(plain_send(port), host)
    play.sign_up(drifter, play.new_username("drifter"))
    character = play.drifting_character(drifter, name="Drifter")
    play.drifting_roll(drifter, character)
    play.drifting_roll(drifter, character)
    drifting_log = apps.get_model("drifting", "LogEntry").objects
    assert drifting_log.filter(character_id=character, kind="roll").count() == 2

    seeded = seed_sheets(plain_send(port), host, lengthen, rolls=(5, 3), through_site=3)
    sheets = seeded["sheets"]
    assert set(sheets) == {
        "sheet: drifting, 5 rolls",
        "sheet: roll and keep, 5 rolls",
        "sheet: drifting, 3 rolls",
        "sheet: roll and keep, 3 rolls",
    }
    mana_log = apps.get_model("rollers", "ManaRollEntry").objects
    for count in (5, 3):
        drifting = UUID(play.uuid_in(sheets[f"sheet: drifting, {count} rolls"]))
        mana = UUID(play.uuid_in(sheets[f"sheet: roll and keep, {count} rolls"]))
        assert drifting_log.filter(character_id=drifting, kind="roll").count() == count
        assert mana_log.filter(character_id=mana, kind="roll").count() == count
    # The copies are sealed as every row: the long sheet's page verifies its log whole.
    assert seeded["sizes"]["sheet: drifting, 5 rolls"] > seeded["sizes"]["sheet: drifting, 3 rolls"]
    watcher = Browser(plain_send(port), host)
    play.log_in(watcher, seeded["username"])
    assert "Drifter 5" in watcher.get(sheets["sheet: drifting, 5 rolls"])


def test_a_refusal_stops_the_journey_with_the_reason(site: tuple[int, str]) -> None:
    port, host = site
    player = Browser(plain_send(port), host)
    play.sign_up(player, play.new_username("builder"))
    character = play.treva_start(player, name="Treva")
    with pytest.raises(BenchHTTPError, match="finish"):
        player.submit("/finish/", name="", page=f"/characters/{character}/review/")


def test_locust_reads_the_locustfile_and_its_players() -> None:
    listed = subprocess.run(
        [
            str(Path(sys.executable).parent / "locust"),
            "-f",
            str(SCRIPTS / "locustfile.py"),
            "--list",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    for player in ("Builder", "Drifter", "GameMaster"):
        assert player in listed
