"""Subjects made before the log version existed get it from their newest log row when
the database is migrated (chargen/core/log_version.py), and seal_logs adds its hash."""

from __future__ import annotations

from django.core.management import call_command

from chargen.core.log import SUBJECT_FIELD, subject_model
from chargen.core.log_version import NO_LOG, version_of
from chargen.core.management.commands.seal_logs import log_models


def _versions_expected_and_stored() -> tuple[dict[object, str], dict[object, str]]:
    expected: dict[object, str] = {}
    stored: dict[object, str] = {}
    for model in log_models():
        subjects = subject_model(model)._default_manager.all()
        for subject in subjects:
            newest = (
                model._base_manager.filter(**{SUBJECT_FIELD: subject}).order_by("-sequence").first()
            )
            expected[subject.pk] = (
                NO_LOG if newest is None else version_of(newest.sequence, newest.entry_hash)
            )
            stored[subject.pk] = subject.log_version  # type: ignore[attr-defined]
    return expected, stored


def test_the_migration_gives_every_old_subject_its_newest_rows_version(
    legacy_database: None,
) -> None:
    expected, stored = _versions_expected_and_stored()
    assert sum(1 for version in expected.values() if version != NO_LOG) >= 4  # every system
    assert stored == expected

    call_command("seal_logs", verbosity=0)

    expected, stored = _versions_expected_and_stored()
    assert all(len(version) > 16 for version in expected.values() if version != NO_LOG)
    assert stored == expected
