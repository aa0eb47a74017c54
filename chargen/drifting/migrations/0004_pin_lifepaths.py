"""Pin every existing Drifting character to the lifepaths open to it as they are now.

The tables at this migration are the best record of what the existing characters were
built under. Historical models and a copy of chargen.drifting.pinned.lifepath_data and
chargen.core.ruledata's hashing, so later changes to the app change nothing here.
"""

import hashlib
import json

from django.core.serializers.json import DjangoJSONEncoder
from django.db import migrations


def _version(apps, data):
    RuleVersion = apps.get_model("core", "RuleVersion")
    normalised = json.loads(json.dumps(data, cls=DjangoJSONEncoder, sort_keys=True))
    text = json.dumps(normalised, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    RuleVersion.objects.get_or_create(
        sha256=digest, defaults={"ruleset": "drifting", "data": normalised}
    )
    return digest


def _lifepath_data(apps, campaign_id):
    Lifepath = apps.get_model("drifting", "Lifepath")
    rows = Lifepath.objects.filter(campaign__isnull=True)
    if campaign_id is not None:
        rows = rows | Lifepath.objects.filter(campaign_id=campaign_id)
    lifepaths = []
    for lifepath in rows.order_by("order", "name", "pk"):
        lifepaths.append(
            {
                "pk": str(lifepath.pk),
                "slug": lifepath.slug,
                "name": lifepath.name,
                "region": lifepath.region,
                "grants": [
                    {"kind": grant.kind, "name": grant.name, "count": grant.count}
                    for grant in lifepath.grants.order_by("pk")
                ],
                "requires": [
                    {"slug": required.slug, "name": required.name}
                    for required in lifepath.requires.order_by("order", "name")
                ],
            }
        )
    return {"lifepaths": lifepaths}


def pin_lifepaths(apps, schema_editor):
    Character = apps.get_model("drifting", "Character")
    versions = {}
    for character in Character.objects.filter(rule_version__isnull=True).iterator():
        campaign_id = character.campaign_id
        if campaign_id not in versions:
            data = _lifepath_data(apps, campaign_id)
            versions[campaign_id] = _version(apps, data) if data["lifepaths"] else None
        character.rule_version_id = versions[campaign_id]
        character.save(update_fields=["rule_version"])


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0001_initial"),
        ("drifting", "0003_character_rule_version"),
    ]

    operations = [
        migrations.RunPython(pin_lifepaths, migrations.RunPython.noop),
    ]
