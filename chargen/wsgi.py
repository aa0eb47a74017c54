"""WSGI entry point for gunicorn: `gunicorn chargen.wsgi`."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chargen.settings")

application = get_wsgi_application()

# Imported once Django is set up: it reads the settings.
from chargen.core.checks import refuse_to_serve_without_secret_key  # noqa: E402

refuse_to_serve_without_secret_key()
