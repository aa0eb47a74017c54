"""With production values, `manage.py check --deploy --fail-level WARNING` passes."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from django.test import override_settings

from chargen.core import checks

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    base_env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
        and not k.startswith("EMAIL_")
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**base_env, **env},
        check=False,
    )


# `check --deploy` connects to the database: a SQLite file any machine can open.
REACHABLE_DATABASE = f"sqlite:///{Path(tempfile.gettempdir()) / 'chargen-deploy-check.sqlite3'}"
# Nothing listens on port 1: connecting is refused at once.
UNREACHABLE_DATABASE = "postgres://chargen@127.0.0.1:1/chargen"

PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "x7#Kp2!vQz9@Lm4$Rt8^Wn3&Yb6*Hd1(Jf5)Gs0-Ce2+Ua7=Oi4",
    "ALLOWED_HOSTS": "chargen.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://chargen.example.org",
    "DATABASE_URL": REACHABLE_DATABASE,
    "CHARGEN_SIGNING_KEY": "kfAQiIYC5lHq0Nwg3ftdWp0EFt9fm2Y2nB4ZvtNVnXs=",
    "SITE_URL": "https://chargen.example.org",
    "EMAIL_HOST": "smtp.example.org",
    "EMAIL_USE_TLS": "1",
    "EMAIL_HOST_USER": "chargen",
    "EMAIL_HOST_PASSWORD": "mail-password",
    "DEFAULT_FROM_EMAIL": "Chargen <chargen@example.org>",
}


def test_check_deploy_passes_with_production_values() -> None:
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr


def test_check_deploy_warns_without_a_signing_key() -> None:
    without = {**PRODUCTION, "CHARGEN_SIGNING_KEY": ""}
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", **without)
    assert result.returncode != 0
    assert "CHARGEN_SIGNING_KEY is not set" in result.stdout + result.stderr


def test_check_deploy_fails_with_debug_on() -> None:
    # The check can fail: DEBUG on is a deployment warning.
    result = run_manage(
        "check", "--deploy", "--fail-level", "WARNING", **{**PRODUCTION, "DEBUG": "1"}
    )
    assert result.returncode != 0
    assert "DEBUG" in result.stdout + result.stderr


WITHOUT_SECRET_KEY = {key: value for key, value in PRODUCTION.items() if key != "SECRET_KEY"}
NO_SECRET_KEY_MESSAGE = "SECRET_KEY is not set"


def run_python(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    base_env = {
        k: v for k, v in os.environ.items() if k not in {"DEBUG", "DATABASE_URL", "SECRET_KEY"}
    }
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**base_env, **env},
        check=False,
    )


def test_check_deploy_fails_without_a_secret_key() -> None:
    without = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**without, **WITHOUT_SECRET_KEY},
        check=False,
    )
    assert result.returncode != 0
    assert NO_SECRET_KEY_MESSAGE in result.stdout + result.stderr


@pytest.mark.parametrize("entry_point", ["chargen.wsgi", "chargen.asgi"])
def test_the_web_process_refuses_to_start_without_a_secret_key(entry_point: str) -> None:
    # Several gunicorn workers, each with its own random key, would log users out at random.
    result = run_python("-c", f"import {entry_point}", **WITHOUT_SECRET_KEY)
    assert result.returncode != 0
    assert NO_SECRET_KEY_MESSAGE in result.stderr


DEPLOY = ROOT / "docs" / "deploy"


def unit_command(unit: str) -> list[str]:
    """The gunicorn arguments of a systemd unit's ExecStart (its continuation lines
    joined), without the gunicorn binary itself."""
    lines = (DEPLOY / unit).read_text().replace("\\\n", " ").splitlines()
    (command,) = (
        line.removeprefix("ExecStart=") for line in lines if line.startswith("ExecStart=")
    )
    binary, *arguments = command.split()
    assert binary.endswith("/gunicorn")
    return arguments


# Production's command lines: the pages served by the WSGI app with the settings in
# chargen/gunicorn_pages.py (sync workers), the live table's sockets on uvicorn workers
# serving the ASGI app.
UNITS = ["chargen@.service", "chargen-table@.service"]


def resolved_settings(arguments: list[str]) -> dict[str, str]:
    """gunicorn's own account of the settings these arguments give (`--print-config`)."""
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    printed = run_python(gunicorn, "--print-config", *arguments, **PRODUCTION)
    assert printed.returncode == 0, printed.stderr
    pairs = (line.split("=", 1) for line in printed.stdout.splitlines() if "=" in line)
    return {name.strip(): value.strip() for name, value in pairs}


def test_the_pages_are_served_by_wsgi_and_the_table_by_asgi() -> None:
    pages, table = (unit_command(unit) for unit in UNITS)
    assert pages[0] == "chargen.wsgi"
    assert table[0] == "chargen.asgi"
    assert "uvicorn_worker.UvicornWorker" in table
    # nginx sends the sockets, and only them, to the table servers.
    nginx = (DEPLOY / "nginx.conf").read_text()
    socket_block = nginx[nginx.index("location /ws/") :].split("}", 1)[0]
    assert "proxy_pass http://chargen_table;" in socket_block
    assert nginx.count("proxy_pass http://chargen_table;") == 1


def test_the_unit_and_the_deployment_recipe_start_the_pages_with_the_codes_settings() -> None:
    # What the deployment's unit, `make try-deployment` and `make bench` start.
    settings = resolved_settings([arg.replace("%i", "0") for arg in unit_command(UNITS[0])])
    assert settings["worker_class"] == "sync"
    assert int(settings["workers"]) >= 2
    script = (ROOT / "scripts" / "try_deployment.sh").read_text()
    assert script.count("--config python:chargen.gunicorn_pages") == 1


@pytest.mark.parametrize("unit", UNITS)
def test_gunicorn_loads_each_unit_with_a_secret_key_and_refuses_without(unit: str) -> None:
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    # The unit's own arguments, but bound where a test may listen.
    arguments = [argument.replace("%i", "0") for argument in unit_command(unit)]
    started = run_python(gunicorn, "--check-config", *arguments, **PRODUCTION)
    assert started.returncode == 0, started.stderr
    refused = run_python(gunicorn, "--check-config", *arguments, **WITHOUT_SECRET_KEY)
    assert refused.returncode != 0
    assert NO_SECRET_KEY_MESSAGE in refused.stderr


def test_debug_and_management_commands_still_run_without_a_secret_key() -> None:
    # `make run` (DEBUG on) and the test suite need no key; nor does a one-off command.
    assert run_python("-c", "import chargen.wsgi", DEBUG="1").returncode == 0
    assert run_python("manage.py", "check", **WITHOUT_SECRET_KEY).returncode == 0


# A truncated key passed every check before, and then every roll answered 500.
TRUNCATED_SIGNING_KEY = PRODUCTION["CHARGEN_SIGNING_KEY"][:-6]
SIGNING_KEY_REFUSED = "CHARGEN_SIGNING_KEY is not an Ed25519 private key"


@pytest.mark.parametrize(
    "bad_key", [TRUNCATED_SIGNING_KEY, "not base64 at all!", "é", "QUFB", PRODUCTION["SECRET_KEY"]]
)
def test_a_signing_key_that_is_not_an_ed25519_key_is_refused(bad_key: str) -> None:
    # Not deploy-only and not only in production: a bad key breaks every roll anywhere.
    with override_settings(CHARGEN_SIGNING_KEY=bad_key, DEBUG=True):
        (error,) = checks.check_signing_key_decodes()
    assert error.is_serious()
    assert SIGNING_KEY_REFUSED in error.msg
    with override_settings(CHARGEN_SIGNING_KEY=PRODUCTION["CHARGEN_SIGNING_KEY"]):
        assert checks.check_signing_key_decodes() == []


def test_the_web_process_and_check_refuse_a_truncated_signing_key() -> None:
    bad = {**PRODUCTION, "CHARGEN_SIGNING_KEY": TRUNCATED_SIGNING_KEY}
    checked = run_manage("check", **bad)  # what runserver runs too
    assert checked.returncode != 0
    assert SIGNING_KEY_REFUSED in checked.stderr
    started = run_python("-c", "import chargen.wsgi", **bad)
    assert started.returncode != 0
    assert SIGNING_KEY_REFUSED in started.stderr


@pytest.mark.parametrize(
    "weak_key",
    ["short-but-set", "ab" * 40, "django-insecure-k3y!x9#Lq2@Vz7$Wm4^Rt8&Yb6*Hd1(Jf5)Gs0-Ce2+Ua7"],
)
def test_a_weak_secret_key_is_refused_in_production(weak_key: str) -> None:
    with override_settings(SECRET_KEY=weak_key, SECRET_KEY_IS_RANDOM=False, DEBUG=False):
        (error,) = checks.check_secret_key()
    assert error.is_serious()
    assert "SECRET_KEY is weak" in error.msg
    # A laptop may use any key.
    with override_settings(SECRET_KEY=weak_key, SECRET_KEY_IS_RANDOM=False, DEBUG=True):
        assert checks.check_secret_key() == []
    with override_settings(SECRET_KEY=PRODUCTION["SECRET_KEY"], SECRET_KEY_IS_RANDOM=False):
        assert checks.check_secret_key() == []


def test_the_web_process_refuses_a_weak_secret_key() -> None:
    started = run_python("-c", "import chargen.wsgi", **{**PRODUCTION, "SECRET_KEY": "a" * 60})
    assert started.returncode != 0
    assert "SECRET_KEY is weak" in started.stderr


def test_an_unreachable_database_is_refused_by_the_deploy_check() -> None:
    unreachable = {**PRODUCTION, "DATABASE_URL": UNREACHABLE_DATABASE}
    result = run_manage("check", "--deploy", **unreachable)
    assert result.returncode != 0
    assert "The database in DATABASE_URL cannot be reached" in result.stderr
    # The web process still starts: /health/ answers 503 until the database is back.
    started = run_python("-c", "import chargen.wsgi", **unreachable)
    assert started.returncode == 0, started.stderr


SMTP = "django.core.mail.backends.smtp.EmailBackend"
WORKING_MAIL = {
    "EMAIL_BACKEND": SMTP,
    "EMAIL_HOST": "smtp.example.org",
    "EMAIL_USE_TLS": True,
    "EMAIL_USE_SSL": False,
    "EMAIL_HOST_USER": "chargen",
    "EMAIL_HOST_PASSWORD": "mail-password",
    "DEFAULT_FROM_EMAIL": "Chargen <chargen@example.org>",
    "SITE_URL": "https://chargen.example.org",
    "DEBUG": False,
}


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"EMAIL_HOST": ""}, "EMAIL_HOST is not set: the SMTP backend has no server"),
        ({"EMAIL_USE_SSL": True}, "EMAIL_USE_TLS and EMAIL_USE_SSL are both on"),
        ({"EMAIL_HOST_PASSWORD": ""}, "EMAIL_HOST_USER and EMAIL_HOST_PASSWORD must be set"),
        ({"EMAIL_HOST_USER": ""}, "EMAIL_HOST_USER and EMAIL_HOST_PASSWORD must be set"),
        ({"DEFAULT_FROM_EMAIL": "chargen@localhost"}, "DEFAULT_FROM_EMAIL is 'chargen@localhost'"),
        ({"DEFAULT_FROM_EMAIL": "Chargen"}, "DEFAULT_FROM_EMAIL ('Chargen') is not an e-mail"),
        ({"SITE_URL": "http://127.0.0.1:8000"}, "SITE_URL is 'http://127.0.0.1:8000'"),
    ],
)
def test_email_settings_that_cannot_work_are_refused_each_by_name(
    change: dict[str, object], named: str
) -> None:
    with override_settings(**WORKING_MAIL):
        assert checks.check_email() == []
    with override_settings(**{**WORKING_MAIL, **change}):
        (error,) = checks.check_email()
    assert error.is_serious()
    assert named in error.msg


def test_production_without_email_is_warned_that_mail_goes_to_the_log() -> None:
    console = "django.core.mail.backends.console.EmailBackend"
    with override_settings(EMAIL_BACKEND=console, DEBUG=False):
        (warning,) = checks.check_email()
    assert not warning.is_serious()  # the site can run without mail
    assert "EMAIL_HOST is not set: sign-up, password-reset" in warning.msg
    with override_settings(EMAIL_BACKEND=console, DEBUG=True):
        assert checks.check_email() == []


def test_the_deploy_check_and_the_web_process_refuse_broken_email_settings() -> None:
    broken = {**PRODUCTION, "EMAIL_USE_SSL": "1", "DEFAULT_FROM_EMAIL": "chargen@localhost"}
    result = run_manage("check", "--deploy", **broken)
    assert result.returncode != 0
    assert "EMAIL_USE_TLS and EMAIL_USE_SSL are both on" in result.stderr
    assert "DEFAULT_FROM_EMAIL is 'chargen@localhost'" in result.stderr
    started = run_python("-c", "import chargen.wsgi", **broken)
    assert started.returncode != 0
    assert "EMAIL_USE_TLS and EMAIL_USE_SSL are both on" in started.stderr


def test_a_number_variable_that_is_not_a_number_is_named() -> None:
    result = run_manage("check", **{**PRODUCTION, "EMAIL_PORT": "587a"})
    assert result.returncode != 0
    assert "EMAIL_PORT must be a whole number, not '587a'" in result.stderr


def test_a_page_worker_reads_its_urls_and_their_views_as_it_boots() -> None:
    # gunicorn imports chargen.wsgi in each worker before it takes a request: the first
    # click a fresh worker answers must not wait for the URLs, the views and WeasyPrint.
    loaded = run_python(
        "-c",
        "import sys, chargen.wsgi; "
        "print(sorted({'chargen.urls', 'chargen.infinity_drive.views', 'weasyprint'}"
        " - set(sys.modules)))",
        **PRODUCTION,
    )
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.strip() == "[]"


def test_a_worker_freezes_what_it_loaded_once_the_site_is_loaded() -> None:
    """gunicorn's `post_worker_init` as a worker calls it, the WSGI app loaded: everything
    loaded is out of the collector's full passes. gunicorn ignores a setting it does not
    know, so the test also asks gunicorn which hook the unit's settings give it."""
    settings = resolved_settings([arg.replace("%i", "0") for arg in unit_command(UNITS[0])])
    assert settings["post_worker_init"] == "<post_worker_init()>"  # ours, not gunicorn's default
    worker = (
        "import gc\n"
        "from chargen.wsgi import application\n"
        "from chargen import gunicorn_pages\n"
        "before = gc.get_freeze_count()\n"
        "gunicorn_pages.post_worker_init(object())\n"
        "print(before, gc.get_freeze_count())\n"
    )
    done = run_python("-c", worker, **PRODUCTION)
    assert done.returncode == 0, done.stderr
    before, frozen = done.stdout.split()
    assert int(before) == 0
    assert int(frozen) > 50_000  # Django, the site's modules and its views
