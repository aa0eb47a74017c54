"""Two real requests for the same roll at the same moment make one roll, not two."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse

from chargen.rollers import services
from chargen.rollers.models import UniqueRollEntry


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_posts_of_one_roll_save_one_roll(player: User) -> None:
    character = services.unique_character_create(owner=player, name="Twin")
    roll_url = reverse("rollers:unique_roll", kwargs={"character_id": character.id})
    data = {
        "sequence": 1,
        "attribute": str(character.attributes.get(name="Strength").pk),
        "tool_quality": 4,
    }
    clients = []
    for _ in range(2):
        client = Client()
        client.force_login(player)
        clients.append(client)
    start_together = threading.Barrier(2)
    statuses: list[int] = []
    errors: list[BaseException] = []

    def post(client: Client) -> None:
        try:
            start_together.wait(timeout=10)
            statuses.append(client.post(roll_url, data).status_code)
        except BaseException as error:  # reported to the test thread below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(client,)) for client in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors
    assert statuses == [302, 302]
    rows = list(UniqueRollEntry.objects.filter(character=character))
    assert len(rows) == 1
    assert len(rows[0].faces) == 5
    # Both players' pages (and any reload) show that one roll.
    for client in clients:
        page = client.get(character.get_absolute_url()).content.decode()
        assert f'<strong class="roll-total">{rows[0].total}</strong>' in page
