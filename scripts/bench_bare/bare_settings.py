"""A bare Django 5.2 project: the web benchmark's yardstick for one page's cost.

No apps, no middleware, no sessions: one view that opens the database connection (one
tiny query) and renders a 50-item template. DEBUG, hosts and the database come from the
same environment variables as chargen/settings.py, with the same SQLite options, so the
product's pages are compared with the least a Django page can cost on this machine.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent

DEBUG = os.environ.get("DEBUG", "").strip().lower() in {"1", "true", "yes", "on"}
SECRET_KEY = os.environ["SECRET_KEY"]
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "").split(",") if h.strip()]

INSTALLED_APPS: list[str] = []
MIDDLEWARE: list[str] = []
ROOT_URLCONF = "bare_urls"
WSGI_APPLICATION = "bare_wsgi.application"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {},
    }
]

# As chargen/settings.py: keep the two in step, or the comparison is unfair.
SQLITE_PATH = os.environ.get("SQLITE_PATH", str(BASE_DIR / "bare.sqlite3"))
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{SQLITE_PATH}"),
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": (
            "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000;"
        ),
    }

USE_TZ = True
TIME_ZONE = "UTC"
USE_I18N = False
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
