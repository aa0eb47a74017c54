from __future__ import annotations

from django.apps import AppConfig


class ContentConfig(AppConfig):
    """Campaign content a GM can edit: equipment, background tables, history prompts."""

    name = "chargen.content"
    label = "content"
