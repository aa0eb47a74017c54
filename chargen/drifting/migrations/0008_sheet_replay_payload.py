"""Give the two kinds of log row that did not record their change what replay needs.

The token sheet is now a replay of the log (rules/drifting/replay.py). Every row
already recorded its change except two:

- a `finished` row recorded the starting tokens only in its summary ("Finished with
  tokens: Military ×1, Firearms ×2."): its details get {"tokens": [...]}, read from
  that summary, each token's kind from the sheet (a token's kind never changes);
- a `shared_mark` row recorded its token only in its summary: its details get
  {"token", "token_kind"}, the kind again from the recipient's sheet.

Nothing else in a row is touched. Rows written before signing began (the usual case)
are unsealed, and `manage.py seal_logs` seals them with their payload. A row already
sealed cannot keep its seal once its details change: its seal and those of the rows
after it are cleared, so `seal_logs` seals them again and the chain verifies; nothing
is re-signed silently here. A row sealed by another server's key (an imported log) is
left exactly as it is, and so is every row before a row sealed that way in the same log:
clearing that seal would make an imported roll read as rolled here, and `seal_logs`
would then sign it with this server's key. Such a character's sheet stays its snapshot,
and `check_snapshots` names it if its log cannot be replayed. Backwards leaves the added
keys (the older code ignores them); seals cleared here stay cleared until `seal_logs`.
"""

import re

from django.db import migrations

FINISHED_PREFIX = "Finished with tokens: "
SHARED = (
    re.compile(r"^A shared (?P<token>.+) check mark counts towards the next (?P=token) token\.$"),
    re.compile(
        r"^Ten shared (?P<token>.+) marks: a (?P=token) token is added at the next refresh\.$"
    ),
    re.compile(r"^A shared (?P<token>.+) mark towards a first (?P=token) token\.$"),
)


def _finished_tokens(summary, stored):
    """The starting tokens a finished row's summary lists, with their stored kinds."""
    listing = summary[len(FINISHED_PREFIX) :] if summary.startswith(FINISHED_PREFIX) else ""
    listing = listing[:-1] if listing.endswith(".") else listing
    names = sorted(stored, key=len, reverse=True)  # "Artful Dodge" before "Dodge"
    tokens, position = [], 0
    while position < len(listing):
        for name in names:
            found = re.match(re.escape(name) + r" ×(\d+)(, |$)", listing[position:])
            if found:
                tokens.append({"name": name, "kind": stored[name], "held": int(found.group(1))})
                position += found.end()
                break
        else:
            return None
    return tokens


def _shared_token(summary):
    for pattern in SHARED:
        found = pattern.match(summary)
        if found:
            return found.group("token")
    return None


def _lifepath_tokens(apps, character_id, stored):
    """The starting tokens from the chosen lifepaths' grants: only if a summary cannot
    be read (a token renamed since)."""
    ChosenLifepath = apps.get_model("drifting", "ChosenLifepath")
    LifepathGrant = apps.get_model("drifting", "LifepathGrant")
    tokens = {}
    for chosen in ChosenLifepath.objects.filter(character_id=character_id).order_by("position"):
        for grant in LifepathGrant.objects.filter(lifepath_id=chosen.lifepath_id).order_by("id"):
            token = tokens.setdefault(
                grant.name, {"name": grant.name, "kind": grant.kind, "held": 0}
            )
            token["held"] += grant.count
    return list(tokens.values())


def _foreign_seal_from(LogEntry, own_keys, row):
    """Whether this row or a later one in its log is sealed by a key not this server's."""
    later = LogEntry._base_manager.filter(
        character_id=row.character_id, sequence__gte=row.sequence
    ).exclude(key_id="")
    return later.exclude(key_id__in=own_keys).exists()


def _unseal_from(LogEntry, row):
    """Clear the seals a changed row breaks: its own and every later row's in its log."""
    if row.entry_hash:
        LogEntry._base_manager.filter(
            character_id=row.character_id, sequence__gte=row.sequence
        ).update(entry_hash="", signature="", key_id="")


def forwards(apps, schema_editor):
    LogEntry = apps.get_model("drifting", "LogEntry")
    CharacterToken = apps.get_model("drifting", "CharacterToken")
    own_keys = set(apps.get_model("core", "SigningKey").objects.values_list("key_id", flat=True))
    rows = LogEntry._base_manager.filter(kind__in=("finished", "shared_mark")).order_by(
        "character_id", "sequence"
    )
    for row in rows:
        details = dict(row.details or {})
        if ("tokens" if row.kind == "finished" else "token") in details:
            continue
        if _foreign_seal_from(LogEntry, own_keys, row):
            continue  # an imported log keeps its seals: see the module's docstring
        stored = dict(
            CharacterToken.objects.filter(character_id=row.character_id)
            .order_by("order", "name")
            .values_list("name", "kind")
        )
        if row.kind == "finished":
            tokens = _finished_tokens(row.summary, stored)
            if tokens is None:
                tokens = _lifepath_tokens(apps, row.character_id, stored)
            details["tokens"] = tokens
        else:
            token = _shared_token(row.summary)
            if token is None:
                continue  # nothing to read: check_snapshots will name the character
            details["token"] = token
            details["token_kind"] = stored.get(token, "focus")
        _unseal_from(LogEntry, row)
        LogEntry._base_manager.filter(pk=row.pk).update(details=details)


class Migration(migrations.Migration):
    dependencies = [
        ("drifting", "0007_loss_undo"),
        ("core", "0003_log_chain"),  # SigningKey: this server's own keys
    ]

    operations = [
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
