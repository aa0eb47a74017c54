from __future__ import annotations

from django.apps import AppConfig
from django.db.models.signals import m2m_changed, post_delete, post_save


class DriftingConfig(AppConfig):
    name = "chargen.drifting"
    label = "drifting"

    def ready(self) -> None:
        from chargen.core.systems import registry
        from chargen.drifting.models import Lifepath, LifepathGrant, WithdrawnLifepath
        from chargen.drifting.pinned import lifepaths_changed
        from chargen.drifting.system import SYSTEM

        registry.register(SYSTEM)

        # Any edit of a lifepath, its grants or its requirements, and any withdrawal,
        # makes the current lifepath sets stale, in the edit's transaction; drafts keep
        # theirs.
        for model in (Lifepath, LifepathGrant, WithdrawnLifepath):
            label = model._meta.label_lower
            post_save.connect(lifepaths_changed, sender=model, dispatch_uid=f"drifting-{label}")
            post_delete.connect(
                lifepaths_changed, sender=model, dispatch_uid=f"drifting-del-{label}"
            )
        m2m_changed.connect(
            lifepaths_changed,
            sender=Lifepath.requires.through,
            dispatch_uid="drifting-lifepath-requires",
        )
