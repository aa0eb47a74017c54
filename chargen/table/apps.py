from __future__ import annotations

from django.apps import AppConfig


class TableConfig(AppConfig):
    name = "chargen.table"
    label = "table"
    verbose_name = "Live table"
