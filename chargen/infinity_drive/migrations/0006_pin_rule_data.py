"""Pin every existing Infinity Drive character to the rule data as it is now, and copy
each race step's race into its payload.

The tables as they stand at this migration are the best record of what the existing
characters were built under. Written with historical models and its own copy of the
serialisation (chargen.rulebook.services.rulebook_records, chargen.content.pinned
.content_data, chargen.core.ruledata), so later changes to the app change nothing
here; the copy gives the same hashes as the app does today.
"""

import hashlib
import json

from django.core import serializers
from django.core.serializers.json import DjangoJSONEncoder
from django.db import migrations

RULEBOOK_MODELS = (
    "Skill",
    "Career",
    "Specialisation",
    "CareerTable",
    "TableRow",
    "SurvivalTarget",
    "CharacteristicTestDifficulty",
    "SkillCheckDifficulty",
    "ModifierBand",
    "GradeOfSuccess",
)
RACE_KINDS = ("race", "race_change", "non_humanoid")


def _canonical(data):
    return json.loads(json.dumps(data, cls=DjangoJSONEncoder, sort_keys=True))


def _version(apps, ruleset, data):
    RuleVersion = apps.get_model("core", "RuleVersion")
    normalised = _canonical(data)
    text = json.dumps(normalised, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    RuleVersion.objects.get_or_create(
        sha256=digest, defaults={"ruleset": ruleset, "data": normalised}
    )
    return digest


def _rulebook_version(apps):
    records = []
    for name in RULEBOOK_MODELS:
        model = apps.get_model("rulebook", name)
        records.extend(serializers.serialize("python", model.objects.order_by("pk")))
    has_skills = any(record["model"] == "rulebook.skill" for record in records)
    has_tables = any(record["model"] == "rulebook.careertable" for record in records)
    if not (has_skills and has_tables):
        return None  # nothing to pin to: the app pins such a character by its next step
    return _version(apps, "infinity_drive", records)


def _merged(rows, key, campaign_id):
    merged = {}
    for row in rows:
        if row.campaign_id is None:
            merged.setdefault(getattr(row, key), row)
    for row in rows:
        if row.campaign_id is not None and row.campaign_id == campaign_id:
            merged[getattr(row, key)] = row
    return [row for row in merged.values() if getattr(row, "available", True)]


def _content_data(apps, campaign_id):
    EquipmentItem = apps.get_model("content", "EquipmentItem")
    BackgroundTable = apps.get_model("content", "BackgroundTable")
    BackgroundRow = apps.get_model("content", "BackgroundRow")
    HistoryPrompt = apps.get_model("content", "HistoryPrompt")

    def scoped(model):
        rows = model.objects.filter(campaign__isnull=True)
        if campaign_id is not None:
            rows = rows | model.objects.filter(campaign_id=campaign_id)
        return list(rows)

    items = sorted(
        _merged(scoped(EquipmentItem), "name", campaign_id),
        key=lambda item: (item.sort_order, item.name),
    )
    tables = sorted(
        _merged(scoped(BackgroundTable), "key", campaign_id),
        key=lambda table: (table.sort_order, table.key),
    )
    prompts = {}
    for prompt in sorted(scoped(HistoryPrompt), key=lambda prompt: prompt.campaign_id is not None):
        prompts[prompt.key] = prompt.template
    return {
        "equipment": [
            {
                "pk": item.pk,
                "name": item.name,
                "category": item.category,
                "price": item.price,
                "description": item.description,
            }
            for item in items
        ],
        "background_tables": [
            {
                "key": table.key,
                "name": table.name,
                "dice": table.dice,
                "rows": [
                    {
                        "low": row.low,
                        "high": row.high,
                        "result": row.result,
                        "credits": row.credits,
                        "assets": row.assets,
                        "debts": row.debts,
                    }
                    for row in BackgroundRow.objects.filter(table=table).order_by("low")
                ],
            }
            for table in tables
        ],
        "history_prompts": prompts,
    }


def _race_copy(race):
    return {
        "name": race.name,
        "reason": race.reason,
        "adjustments": {str(code): int(delta) for code, delta in (race.adjustments or {}).items()},
        "non_humanoid_dice": {
            str(code): int(count) for code, count in (race.non_humanoid_dice or {}).items()
        },
        "bodiless": bool(race.bodiless),
    }


def pin_rule_data(apps, schema_editor):
    Character = apps.get_model("characters", "Character")
    if not Character.objects.exists():
        return
    rulebook_version = _rulebook_version(apps)
    content_versions = {}
    for character in Character.objects.filter(rule_version__isnull=True).iterator():
        character.rule_version_id = rulebook_version
        character.save(update_fields=["rule_version"])
    for character in Character.objects.filter(content_version__isnull=True).iterator():
        campaign_id = character.campaign_id
        if campaign_id not in content_versions:
            data = _content_data(apps, campaign_id)
            empty = not (data["equipment"] or data["background_tables"] or data["history_prompts"])
            content_versions[campaign_id] = None if empty else _version(apps, "content", data)
        character.content_version_id = content_versions[campaign_id]
        character.save(update_fields=["content_version"])


def copy_races(apps, schema_editor):
    CreationLogEntry = apps.get_model("characters", "CreationLogEntry")
    Race = apps.get_model("characters", "Race")
    races = {}
    for entry in CreationLogEntry.objects.filter(kind__in=RACE_KINDS).iterator():
        payload = dict(entry.payload or {})
        if "race" in payload:
            continue
        race_id = payload.get("race_id")
        if race_id is None:
            payload["race"] = None  # the base humanoid
        else:
            if race_id not in races:
                races[race_id] = Race.objects.filter(pk=race_id).first()
            if races[race_id] is None:
                continue  # the row is gone: the replay falls back to the character's race
            payload["race"] = _race_copy(races[race_id])
        entry.payload = payload
        entry.save(update_fields=["payload"])


class Migration(migrations.Migration):
    dependencies = [
        ("characters", "0005_character_rule_versions"),
        ("content", "0003_delete_characterequipment"),
        ("core", "0001_initial"),
        ("rulebook", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(pin_rule_data, migrations.RunPython.noop),
        migrations.RunPython(copy_races, migrations.RunPython.noop),
    ]
