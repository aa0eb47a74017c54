"""A bare Django 5.2 project: the web benchmark's yardstick for one page's cost.

What `django-admin startproject` makes, as issue 13 measured against: its INSTALLED_APPS
(admin, auth, contenttypes, sessions, messages, staticfiles), its MIDDLEWARE (security,
sessions, common, CSRF, authentication, messages, clickjacking), its template context
processors and sessions in the database, and one view rendering a 50-item template.
DEBUG, SECRET_KEY, hosts and the database come from the same environment variables as
chargen/settings.py, with the same SQLite options: the benchmark points both projects at
one database, so the bare project reads the same session rows and users as Chargen.

Its page is `@login_required` and is requested with the same logged-in session cookie
as the product's pages (bare_urls.py): every product page measured is a logged-in
page, and with startproject's sessions in the database a logged-in page pays for its
session and user look-ups. Left anonymous, the bare page would skip both and the
ratio would charge Chargen for Django's own log-in machinery. The anonymous page is
kept beside it (`/anonymous/`) so the two yardsticks can be compared.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent

DEBUG = os.environ.get("DEBUG", "").strip().lower() in {"1", "true", "yes", "on"}
SECRET_KEY = os.environ["SECRET_KEY"]
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "").split(",") if h.strip()]

# startproject's defaults, unchanged (Django 5.2).
INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]
ROOT_URLCONF = "bare_urls"
WSGI_APPLICATION = "bare_wsgi.application"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
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
    # Kept between requests, as Chargen's are (chargen/settings.py says why).
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": (
            "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000;"
        ),
    }
# startproject's session engine (the database), said out loud: Chargen's keeps the same
# rows and reads them through a prepared statement (chargen/accounts/sessions.py).
SESSION_ENGINE = "django.contrib.sessions.backends.db"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
STATIC_URL = "static/"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
