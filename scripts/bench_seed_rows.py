"""Lengthen a seeded sheet's roll log through the ORM, for the load test (bench_seed).

Rolling 2,000 times through the site takes minutes, since each roll reads the whole
log so far; so the long logs are made of copies of the sheet's own rolls, each made
through the site first. Each copy is saved by the log's own model, which seals it (hash
chain and signature) as it seals every row, with the next sequence and the time now.

Run in the deployed code's checkout, with its deployment's environment:
    python …/scripts/bench_seed_rows.py drifting.LogEntry <character id> 2000
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.getcwd())  # the code being measured, which may be another checkout


def lengthen(label: str, character: str, total: int) -> int:
    """Copies of the character's rolls appended until its log holds `total` rolls; how many."""
    import django

    django.setup()
    from django.apps import apps
    from django.db import transaction
    from django.utils import timezone

    model = apps.get_model(label)
    log = model.objects.filter(character_id=character)
    rolls = list(log.filter(kind="roll").order_by("sequence").values())
    added = max(0, total - len(rolls))
    with transaction.atomic():
        first = log.count() + 1  # a log runs 1..n
        for sequence in range(first, first + added):
            values = dict(rolls[sequence % len(rolls)])
            values.pop("id")  # a new row, with its own id
            values.update(sequence=sequence, created=timezone.now())
            values.update(entry_hash="", signature="", key_id="")  # sealed by save()
            model(**values).save()
    return added


if __name__ == "__main__":
    label, character, total = sys.argv[1:4]
    print(lengthen(label, character, int(total)))
