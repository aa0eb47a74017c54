from __future__ import annotations

from django.apps import AppConfig


class CharactersConfig(AppConfig):
    name = "chargen.characters"
    label = "characters"
