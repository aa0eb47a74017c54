"""WSGI entry point: production's pages (`gunicorn chargen.wsgi`, sync workers,
docs/deploy/chargen@.service); the live table's socket is chargen.asgi's."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chargen.settings")

application = get_wsgi_application()

# Imported once Django is set up: it reads the settings. gunicorn runs no system checks
# of its own, so the web process asks for the configuration ones before it serves.
from chargen.core.checks import refuse_to_serve_when_misconfigured  # noqa: E402

refuse_to_serve_when_misconfigured()

# Each worker reads its URLs, and every view module they import (WeasyPrint's among
# them), as it boots rather than on its first request: otherwise the first click a
# worker answers after a start or a reload waits about a second for them.
from django.urls import resolve  # noqa: E402

resolve("/")
