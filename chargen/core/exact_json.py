"""Django's `json` serialization format, with every time to the microsecond.

`dumpdata` and `loaddata` (README's JSON copy of a site) write through Django's JSON
serializer, whose encoder (DjangoJSONEncoder) cuts a time's microseconds to
milliseconds. A log row's `created` then comes back a little earlier than it was
written, and a restored character no longer exports the same file (its rows' times
are in it, to the microsecond: docs/export-format.md). Registered in
SERIALIZATION_MODULES under the name `json`, this format writes each time whole; the
rest (and reading, which parses microseconds anyway) is Django's own.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.core.serializers import json as django_json
from django.core.serializers.json import DjangoJSONEncoder

Deserializer = django_json.Deserializer


class ExactTimesEncoder(DjangoJSONEncoder):
    """DjangoJSONEncoder, but a time keeps its microseconds."""

    def default(self, o: Any) -> Any:
        if isinstance(o, datetime.datetime | datetime.time):
            return o.isoformat()
        return super().default(o)


class Serializer(django_json.Serializer):
    def serialize(self, queryset: Any, **options: Any) -> Any:
        # The json format's own option: the encoder class it dumps each object with.
        options.setdefault("cls", ExactTimesEncoder)
        return super().serialize(queryset, **options)
