"""Logs written by the old code (before signing) are sealed by seal_logs, and verify."""

from __future__ import annotations

from django.core.management import call_command

from chargen.core import roll_keys
from chargen.core.export import exported_log
from chargen.core.log import SUBJECT_FIELD
from chargen.core.management.commands.seal_logs import log_models
from chargen.core.verify import verify_rows


def test_old_logs_are_unsealed_then_sealed_and_every_chain_verifies(
    legacy_database: None,
) -> None:
    models = log_models()
    assert len(models) == 4
    unsealed = sum(model._base_manager.filter(entry_hash="").count() for model in models)
    assert unsealed > 0, "the old code wrote no seals"
    call_command("seal_logs", verbosity=0)
    keys = roll_keys.known_public_keys()
    checked = 0
    for model in models:
        subject_model = model._meta.get_field(SUBJECT_FIELD).related_model
        assert subject_model is not None
        for subject in subject_model._default_manager.all():
            rows = exported_log(model, subject, keys)
            verdicts = verify_rows(str(subject.pk), rows, keys)
            assert all(v.good for v in verdicts), [v for v in verdicts if not v.good]
            checked += len(verdicts)
    assert checked == unsealed
    call_command("seal_logs", verbosity=0)  # again: nothing changes
    assert all(not model._base_manager.filter(entry_hash="").exists() for model in models)
