"""Make the legacy fixture: a database of every kind of character, as today's code makes them.

    python tests/chargen/migration/make_legacy_fixture.py

Builds a fresh SQLite database in a temporary folder (never the one DATABASE_URL or
SQLITE_PATH names), migrates it, loads the rule data with `load_rules_data`, then
makes users, campaigns and characters through the app's own services and forms. It
writes two files beside this one:

- legacy_v1.json: the migrations the database was at, and every row of every app
  table (the rule data included) as raw column values;
- legacy_v1_pages.json: the visible text of each page whose content must survive a
  migration (sheets, print pages, list lines, the GM's party pages).

This is the record of how the fixture was made, on the code of commit 379fefa. It
is not meant to run again after the data model changes: the test
(test_legacy_data_survives.py) is what runs from then on.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parents[3]


def _fresh_sqlite_settings(folder: Path) -> None:
    """Point Django at a new SQLite file, whatever the environment says."""
    sys.path.insert(0, str(REPOSITORY))
    os.environ.pop("DATABASE_URL", None)
    os.environ["SQLITE_PATH"] = str(folder / "legacy.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chargen.settings")


def _pages(made: dict[str, Any]) -> list[Any]:
    """Every page to keep, read by the person who would read it."""
    from django.urls import reverse

    from tests.chargen.migration.legacy import Page

    cast, rim, tigris = made["cast"], made["rim"], made["tigris"]
    gm = cast.gm.get_username()
    pages: list[Page] = []
    for character in made["infinity_drive"]:
        owner = character.owner.get_username()
        label = f"{character.name} ({owner})"
        for name, what in (("sheet", "sheet"), ("print", "print page")):
            url = reverse(f"characters:{name}", args=[character.id])
            pages.append(Page(f"Infinity Drive {what}: {label}", owner, url))
        pages.append(
            Page(
                f"Infinity Drive list line: {label}",
                owner,
                reverse("characters:list"),
                line_link=reverse("characters:resume", args=[character.id]),
            )
        )
    for player in (cast.bob, cast.carol):
        username = player.get_username()
        pages.append(
            Page(f"Infinity Drive list of {username}", username, reverse("characters:list"))
        )
        pages.append(Page(f"Drifting list of {username}", username, reverse("drifting:list")))
        my_desk = reverse("desk:my_campaign", args=[rim.id])
        pages.append(Page(f"The Rim as {username} sees it", username, my_desk))
    for character in made["drifting"]:
        owner = character.owner.get_username()
        url = reverse("drifting:character", args=[character.id])
        pages.append(Page(f"Drifting sheet: {character.name} ({owner})", owner, url))
    for sheet in made["rollers"]:
        owner = sheet.owner.get_username()
        kind = "unique" if sheet._meta.model_name == "uniquecharacter" else "mana"
        url = reverse(f"rollers:{kind}", args=[sheet.id])
        pages.append(Page(f"Roller sheet ({kind}): {sheet.name} ({owner})", owner, url))
    pages.append(Page("Roller sheets of bob", "bob", reverse("rollers:list")))
    for name, what in (("party", "party"), ("party_print", "party print"), ("campaign", "desk")):
        url = reverse(f"desk:{name}", args=[rim.id])
        pages.append(Page(f"The Rim: the GM's {what} page", gm, url))
    for character in made["infinity_drive"]:
        if character.campaign_id == rim.id:
            url = reverse("desk:party_character", args=[rim.id, character.id])
            pages.append(Page(f"The Rim: the GM reads {character.name}'s log", gm, url))
    url = reverse("drifting:campaign", args=[tigris.id])
    pages.append(Page("Tigris Nights: the GM's page", gm, url))
    return pages


def _build() -> dict[str, Any]:
    from chargen.desk.notifications import notifications_mark_seen
    from tests.chargen.migration import (
        build_campaign,
        build_drifting,
        build_infinity_drive,
        build_rollers,
    )
    from tests.chargen.migration.build_common import make_cast

    cast = make_cast()
    rim = build_campaign.rim_campaign(cast)
    infinity_drive = build_infinity_drive.all_characters(cast, rim)
    # Bob has read the Rim's news up to now; Carol has not.
    notifications_mark_seen(user=cast.bob, campaign=rim)
    tigris, drifting = build_drifting.all_characters(cast)
    rollers = build_rollers.all_sheets(cast.bob)
    return {
        "cast": cast,
        "rim": rim,
        "tigris": tigris,
        "infinity_drive": infinity_drive,
        "drifting": drifting,
        "rollers": rollers,
    }


def _rows() -> dict[str, Any]:
    from django.apps import apps
    from django.db import connection
    from django.db.migrations.loader import MigrationLoader

    from tests.chargen.migration.legacy import dump_rows, dumped_models

    loader = MigrationLoader(connection)
    leaves = sorted(loader.graph.leaf_nodes())
    unapplied = [node for node in loader.graph.nodes if node not in loader.applied_migrations]
    if unapplied:
        raise RuntimeError(f"Migrations not applied: {unapplied}")
    tables = {model._meta.label: dump_rows(model) for model in dumped_models(apps)}
    return {
        "leaf_migrations": [list(node) for node in leaves],
        "tables": dict(sorted(tables.items())),
    }


def _texts(pages: list[Any]) -> dict[str, dict[str, str]]:
    from django.contrib.auth import get_user_model

    from tests.chargen.migration.build_common import client_for
    from tests.chargen.migration.legacy import page_text

    texts: dict[str, dict[str, str]] = {}
    for page in pages:
        client = client_for(get_user_model().objects.get(username=page.username))
        response = client.get(page.url)
        if response.status_code != 200:
            raise RuntimeError(f"{page.key}: {response.status_code}")
        if page.key in texts:
            raise RuntimeError(f"Two pages share the key {page.key}")
        texts[page.key] = {
            "username": page.username,
            "url": page.url,
            "line_link": page.line_link,
            "text": page_text(response.content.decode(), line_link=page.line_link),
        }
    return texts


def _write(path: Path, value: Any) -> None:
    path.write_text(json.dumps(value, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="legacy-fixture-") as folder:
        _fresh_sqlite_settings(Path(folder))
        import django

        django.setup()
        from django.core.management import call_command
        from django.test.utils import override_settings, setup_test_environment

        from tests.chargen.migration.legacy import FIXTURE_PATH, PAGES_PATH

        # As the tests run: the test client's host, e-mails kept in memory, plain static
        # files (no collectstatic), no HTTPS redirect, a fast password hasher.
        setup_test_environment()
        (Path(folder) / "staticfiles").mkdir()
        with override_settings(
            STORAGES={
                "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
                "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
            },
            STATIC_ROOT=Path(folder) / "staticfiles",
            SECURE_SSL_REDIRECT=False,
            PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
        ):
            call_command("migrate", verbosity=0)
            call_command("load_rules_data", verbosity=0)
            made = _build()
            _write(FIXTURE_PATH, _rows())
            _write(PAGES_PATH, _texts(_pages(made)))
        print(f"Wrote {FIXTURE_PATH.relative_to(REPOSITORY)} and {PAGES_PATH.name}.")


if __name__ == "__main__":
    main()
