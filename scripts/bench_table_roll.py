"""The live table's rollers: each player rolls on their Drifting sheet (the cheapest real
roll: the service the sheet's Roll button calls), thinking between rolls, and notes when
each roll committed, on this machine's clock (bench_table compares it with the watchers').

Run in the deployed code's checkout, with its deployment's environment:
    python …/scripts/bench_table_roll.py <rolls each> <out.json> <character id>...
Writes JSON: {"drifting:<character hex>:<sequence>": commit time (seconds since the epoch)}.
"""

from __future__ import annotations

import functools
import json
import os
import secrets
import sys
import threading
import time
import uuid

sys.path.insert(0, os.getcwd())  # the code being measured

THINK_SECONDS = (1.0, 3.0)


def stamp(times: list[float]) -> None:
    times.append(time.time())


def roll_all(rolls: int, characters: list[str]) -> dict[str, float]:
    import django

    django.setup()
    from django.db import connection, transaction

    from chargen.drifting import services
    from chargen.drifting.models import Character

    committed: dict[str, float] = {}
    think = secrets.SystemRandom()

    def player(character_id: str) -> None:
        try:
            for _ in range(rolls):
                time.sleep(think.uniform(*THINK_SECONDS))  # a player between two rolls
                character = Character.objects.get(pk=character_id)
                at: list[float] = []
                with transaction.atomic():
                    # Registered first, so it runs at the commit, before the announcement.
                    transaction.on_commit(functools.partial(stamp, at))
                    entry = services.character_roll(
                        character=character,
                        key=character.next_sequence,
                        choices=services.RollChoices(),
                    )
                committed[f"drifting:{uuid.UUID(character_id).hex}:{entry.sequence}"] = at[0]
        finally:
            connection.close()

    threads = [threading.Thread(target=player, args=(pk,)) for pk in characters]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return committed


if __name__ == "__main__":
    each, out, *ids = sys.argv[1:]
    with open(out, "w") as file:
        json.dump(roll_all(int(each), ids), file)
