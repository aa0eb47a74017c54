"""WSGI entry of the bare benchmark project (gunicorn --pythonpath scripts/bench_bare)."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ["DJANGO_SETTINGS_MODULE"] = "bare_settings"
application = get_wsgi_application()
