"""Django settings for Chargen, read from the environment.

Every value a deployment changes comes from an environment variable; the defaults
are for a developer's laptop (SQLite file, DEBUG off unless asked for).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.core.management.utils import get_random_secret_key

BASE_DIR = Path(__file__).resolve().parent.parent


# Every variable is read through these four helpers and nowhere else, so that
# docs/settings.md can list them all (tests/chargen/test_settings_doc.py checks it).
def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, str(default))
    try:
        return int(value)
    except ValueError:
        # A bare int() traceback would not say which variable was wrong.
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}.") from None


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", default=False)

# Without SECRET_KEY each process makes up a random key, never a shared guessable one.
# That is fine for `make run`, the tests and one-off commands, but several web workers
# would each sign sessions with their own key and log users out at random: with DEBUG
# off the web process refuses to start and `check --deploy` fails
# (chargen.core.checks), with the reason in words.
SECRET_KEY_IS_RANDOM = not env_str("SECRET_KEY")
SECRET_KEY = env_str("SECRET_KEY") or get_random_secret_key()

# The Ed25519 key that signs every log row (chargen.core.roll_keys): 32 raw bytes in
# URL-safe base64. `make run` makes one for development; without it each process makes
# up its own (still verifiable) and `check --deploy` warns.
CHARGEN_SIGNING_KEY = env_str("CHARGEN_SIGNING_KEY")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "crispy_forms",
    "crispy_bootstrap5",
    "template_partials",
    "chargen.core",
    "chargen.accounts",
    "chargen.campaigns",
    "chargen.rulebook",
    "chargen.infinity_drive",
    "chargen.content",
    "chargen.desk",
    "chargen.rollers",
    "chargen.drifting",
    "chargen.table",
    "axes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages are gzipped (WhiteNoise answers static files above, already compressed, so
    # they never reach this). Compressing a page that holds a secret next to text an
    # attacker chooses is what BREACH exploits; Django masks the CSRF token with a fresh
    # random value on every response (and the session cookie is a header, never
    # compressed), which is the BREACH mitigation Django relies on.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "chargen.core.middleware.HtmxGoneMiddleware",
    # Innermost, so sessions, messages and CSRF see the page it makes.
    "chargen.core.middleware.FriendlyMethodNotAllowedMiddleware",
    # Last, as django-axes asks: it turns a refused log-in into the lockout page.
    "axes.middleware.AxesMiddleware",
]

# django-axes' backend first: it refuses a throttled log-in before any password is checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "chargen.urls"
# A refused CSRF token gets the site's page with the reason in words.
CSRF_FAILURE_VIEW = "chargen.core.refusals.csrf_failure"
WSGI_APPLICATION = "chargen.wsgi.application"
# The live table's WebSocket (and, under `make run`, the pages too): chargen/asgi.py.
ASGI_APPLICATION = "chargen.asgi.application"

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
            "builtins": ["template_partials.templatetags.partials"],
        },
    },
]

SQLITE_PATH = env_str("SQLITE_PATH", str(BASE_DIR / "db.sqlite3"))
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{SQLITE_PATH}"),
        conn_max_age=env_int("CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers work while one writer writes; IMMEDIATE takes the write
    # lock at BEGIN so two racing transactions queue instead of failing mid-way.
    # Connections are kept between requests (CONN_MAX_AGE, as on PostgreSQL): opening
    # one costs SQLite 0.7 ms of CPU (its PRAGMAs and Django's SQL functions), more than
    # most pages. A restore stops the site first (README), so none outlives
    # the file it opened.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": (
            "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000;"
        ),
    }
    # Tests use a file, not shared-cache memory, so concurrent test threads queue on
    # the write lock (as in production) instead of failing with "table is locked".
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"chargen-test-{os.getpid()}.sqlite3")
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env_str("REDIS_URL")
CACHES: dict[str, dict[str, object]]
# Redis speeds things up and is never needed: django-redis answers a call it cannot make
# within 0.1 s as a miss (IGNORE_EXCEPTIONS) and logs why. Redis answers in about a
# millisecond; a page makes some ten calls, each waiting that long while Redis hangs.
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
REDIS_OPTIONS = {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 0.1, "SOCKET_TIMEOUT": 0.1}
if REDIS_URL:
    # One Redis for every alias below (what each holds: the comment after `else`), and
    # for "sessions", read in front of the database (SESSION_ENGINE below).
    CACHES = {
        alias: {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": REDIS_OPTIONS,
        }
        for alias in ("default", "replay", "rows", "logs", "sessions")
    }
else:
    # "default" holds what never needs invalidating (rule data by hash), so a cache per
    # process is right.
    # "replay" holds replayed characters under keys naming their content
    # (chargen/core/replay_cache.py): right in any process, so a cache per process too,
    # apart from "default" so that many characters never push the rule data out.
    # "rows" holds rendered log rows under keys naming their content
    # (chargen/core/row_cache.py): right in any process too, and apart from the others.
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "replay": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "replay",
            "OPTIONS": {"MAX_ENTRIES": 1000},  # about 8 kB a character: 8 MB at most
        },
        "rows": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "rows",
            "OPTIONS": {"MAX_ENTRIES": 5000},  # under 1 kB a row: 5 MB at most
        },
        # "logs" holds each subject's whole log as its last write left it, under its
        # log version (chargen/core/log_cache.py): right in any process, since a write
        # finds it only at the version its lock read.
        "logs": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "logs",
            # A character's creation log is some 15 kB kept, so 500 some 8 MB; a sheet
            # near the 1,000-row limit (log_cache.MOST_ROWS) some 300 kB.
            "OPTIONS": {"MAX_ENTRIES": 500},
        },
    }

# The live table's events (chargen/core/live_events.py) go through a channel layer. With
# Redis every server shares one, so a roll saved behind one server reaches a watcher on
# another; without it, a layer in the process, which serves `make run`'s one process.
# A test run names its own prefix (CHANNEL_PREFIX), so its groups never meet another's.
CHANNEL_PREFIX = env_str("CHANNEL_PREFIX", "chargen")
CHANNEL_LAYERS: dict[str, dict[str, object]]
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # No client read timeout: the layer's receive blocks in Redis while a table is
            # quiet, and redis-py 8 would end it (and the socket) after 5 s by default.
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, "socket_timeout": None}],
                "prefix": CHANNEL_PREFIX,
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# Sessions live in the database so web processes stay stateless. With Redis, which every
# worker shares, Django's `cached_db` engine reads them from Redis first and still writes
# them to the database, which answers whenever Redis does not. Without Redis, the database
# alone: a copy kept per process would outlive a log-out done in another worker.
SESSION_ENGINE = "django.contrib.sessions.backends." + ("cached_db" if REDIS_URL else "db")
SESSION_CACHE_ALIAS = "sessions" if REDIS_URL else "default"

# Passwords are stored with Argon2id, the hasher Django's documentation recommends (its
# `argon2` extra): memory-hard, and at Django's settings (100 MiB, two passes, eight
# lanes) above OWASP's minimum, while a hash takes about 0.28 s of CPU against PBKDF2's
# 0.47 s, which every sign-up and log-in pays. PBKDF2 stays after it, so an account made
# before still logs in; Django stores that password again with Argon2 at the log-in.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Login throttling by django-axes (chargen.accounts.login_throttle): failures counted per
# account and per address; the refusal ends on its own LOGIN_THROTTLE_WINDOW_SECONDS after
# the failures that caused it, so an attacker can delay a player but never lock them out
# for good. The address limit is much higher than the account's: players at one table
# share one address.
LOGIN_THROTTLE_LIMIT = env_int("LOGIN_THROTTLE_LIMIT", 5)
LOGIN_THROTTLE_ADDRESS_LIMIT = env_int("LOGIN_THROTTLE_ADDRESS_LIMIT", 30)
LOGIN_THROTTLE_WINDOW_SECONDS = env_int("LOGIN_THROTTLE_WINDOW_SECONDS", 900)
LOGIN_THROTTLE_CLIENT_IP_HEADER = env_str("LOGIN_THROTTLE_CLIENT_IP_HEADER")
AXES_HANDLER = "chargen.accounts.login_throttle.LoginThrottleHandler"
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_FAILURE_LIMIT = "chargen.accounts.login_throttle.account_failure_limit"
AXES_COOLOFF_TIME = "chargen.accounts.login_throttle.cool_off"
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # a refused try is not counted
AXES_RESET_ON_SUCCESS = True  # the account's failures only (the handler sees to that)
AXES_USERNAME_CALLABLE = "chargen.accounts.login_throttle.normalise_username"
AXES_CLIENT_IP_CALLABLE = "chargen.accounts.counting.client_ip"
AXES_LOCKOUT_CALLABLE = "chargen.accounts.login_throttle.lockout_response"
AXES_DISABLE_ACCESS_LOG = True  # failures only: no record of who logged in when, from where

# Password-reset throttling (chargen.accounts.reset_throttle): reset e-mails asked for
# per e-mail address typed (account or not, so refusals reveal nothing) and per network
# address within a sliding window, so the form cannot flood a player's inbox or the
# mail server. The address limit is higher for the same reason as the log-in one.
PASSWORD_RESET_THROTTLE_EMAIL_LIMIT = env_int("PASSWORD_RESET_THROTTLE_EMAIL_LIMIT", 3)
PASSWORD_RESET_THROTTLE_ADDRESS_LIMIT = env_int("PASSWORD_RESET_THROTTLE_ADDRESS_LIMIT", 20)
PASSWORD_RESET_THROTTLE_WINDOW_SECONDS = env_int("PASSWORD_RESET_THROTTLE_WINDOW_SECONDS", 3600)

# Caps on what one account may create (chargen.core.limits): each costs the database rows
# and nothing else, so a script POSTing "new" in a loop could otherwise fill it. No player
# needs more at once; a deployment that does raises them here.
MAX_INFINITY_DRIVE_DRAFTS = env_int("MAX_INFINITY_DRIVE_DRAFTS", 50)  # unfinished characters
MAX_DRIFTING_DRAFTS = env_int("MAX_DRIFTING_DRAFTS", 50)  # Drifting characters not finished
MAX_ROLLER_SHEETS = env_int("MAX_ROLLER_SHEETS", 100)  # unique-dice and mana sheets together
MAX_CAMPAIGNS = env_int("MAX_CAMPAIGNS", 20)  # campaigns one user runs as GM
MAX_RACE_PROPOSALS = env_int("MAX_RACE_PROPOSALS", 100)  # races one player proposed, any outcome

# Uploads (chargen.core.uploads): the only files taken are exports of at most 2 MB. A
# body over 2 MB plus a 64 KB envelope is stopped at its first file (read and dropped,
# never written to disk), and an accepted file stays in memory: no temporary files.
FILE_UPLOAD_HANDLERS = [
    "chargen.core.uploads.StopOversizedUploads",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024 + 64 * 1024  # uploads.MAX_REQUEST_BYTES
DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024 + 64 * 1024  # form fields besides files
DATA_UPLOAD_MAX_NUMBER_FILES = 1  # each upload form takes one file

# --- E-mail (sign-up, password reset, the GM's queue news) ---
# Setting EMAIL_HOST sends real mail through Django's SMTP backend; without it mail is
# written to the log (the console backend), which is right for a laptop only: `check
# --deploy` warns, and refuses settings the SMTP backend cannot work with
# (chargen.core.checks).
EMAIL_HOST = env_str("EMAIL_HOST")
EMAIL_BACKEND = env_str(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=False)  # STARTTLS, usually port 587
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", default=False)  # TLS from the start, usually 465
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
# Seconds: a mail server that hangs must not hold a sign-up's answer for ever.
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "chargen@localhost")
# Where the site is reached from outside, for links in e-mails (which have no request to
# build them from): scheme and host, no trailing slash, e.g. https://chargen.example.org.
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000").strip().rstrip("/")
# --- end of e-mail ---

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
# dumpdata/loaddata's `json` keeps each time to the microsecond (Django's cuts it to the
# millisecond), so a site restored from a JSON copy exports every character's same file.
SERIALIZATION_MODULES = {"json": "chargen.core.exact_json"}

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if not DEBUG and env_bool("STATIC_MANIFEST", default=True)
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# Behind a TLS-terminating proxy (see README): trust its scheme header and make
# cookies and redirects HTTPS-only unless DEBUG is on.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
}

# --- Browser-side protections: Content-Security-Policy, Permissions-Policy, no-store ---
# Kept together in one block. django-csp 4 builds the CSP header; a nonce is made only
# for pages that ask for one (base.html puts request.csp_nonce on its <script> tags).
# No 'unsafe-inline' and no 'unsafe-eval': the page scripts are static files
# (static/js/chargen.js), htmx runs with allowEval off (see base.html's htmx-config),
# and tests/chargen/security/test_csp.py fails on an inline script, handler or style.
from csp.constants import NONCE, NONE, SELF  # noqa: E402

# 500.html stands alone (it must render when the database or static files fail), so
# its few style rules are inline; this hash lets exactly that <style> through.
# test_csp.py names the new hash if the page's style changes.
ERROR_PAGE_STYLE_HASH = "'sha256-abkjYaFZlJ9c+1C6Cb+XHLEmz3JqdkSMPL9EAzZjul0='"

# The live table's socket, named outright: CSP 3 lets 'self' cover ws:/wss: on this
# host, but browsers before it (Safari up to 15.3) read 'self' as http(s) alone.
SITE_SOCKET_ORIGIN = SITE_URL.replace("https://", "wss://", 1).replace("http://", "ws://", 1)

CONTENT_SECURITY_POLICY: dict[str, dict[str, list[object]]] = {
    "DIRECTIVES": {
        "default-src": [SELF],
        # Pages fetch only from this site, and open only this site's socket.
        "connect-src": [SELF, SITE_SOCKET_ORIGIN],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, ERROR_PAGE_STYLE_HASH],
        # Bootstrap's CSS draws its check marks, select arrows and menu icon as data: SVGs.
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Features no page of ours uses, denied to every page and every frame (no origin allowed).
# Only names Chromium knows: it logs a warning in the console for an unknown one
# ("Unrecognized feature: 'bluetooth'" in Chromium 156, which ships Web Bluetooth without
# a policy name), so tests/chargen/core/test_security_headers.py checks the list.
PERMISSIONS_POLICY: dict[str, tuple[str, ...]] = dict.fromkeys(
    (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "hid",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "publickey-credentials-get",
        "screen-wake-lock",
        "serial",
        "usb",
        "xr-spatial-tracking",
    ),
    (),
)

INSTALLED_APPS += ["csp"]  # its system checks catch a django-csp 3 style setting
# Right after authentication, so the no-store middleware sees request.user; WhiteNoise,
# earlier in the list, answers static files (cacheable) before any of these run.
_after_auth = MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1
MIDDLEWARE[_after_auth:_after_auth] = [
    "csp.middleware.CSPMiddleware",
    "chargen.core.security_headers.PermissionsPolicyMiddleware",
    "chargen.core.security_headers.PrivatePagesNoStoreMiddleware",
]
# --- end of browser-side protections ---

# --- Health and supervision (chargen/core/health.py; docs/deployment.md) ---
INSTALLED_APPS += ["health_check"]  # its page's template and `manage.py health_check`
# Load balancers and systemd's probes ask each server directly over plain HTTP: /health/
# answers them instead of redirecting to an HTTPS address they cannot reach.
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
# --- end of health and supervision ---
