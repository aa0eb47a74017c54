"""With production values, `manage.py check --deploy --fail-level WARNING` passes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    base_env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**base_env, **env},
        check=False,
    )


PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "x7#Kp2!vQz9@Lm4$Rt8^Wn3&Yb6*Hd1(Jf5)Gs0-Ce2+Ua7=Oi4",
    "ALLOWED_HOSTS": "chargen.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://chargen.example.org",
    "DATABASE_URL": "postgres://chargen@127.0.0.1:5432/chargen",
    "CHARGEN_SIGNING_KEY": "kfAQiIYC5lHq0Nwg3ftdWp0EFt9fm2Y2nB4ZvtNVnXs=",
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


def test_the_web_process_refuses_to_start_without_a_secret_key() -> None:
    # Several gunicorn workers, each with its own random key, would log users out at random.
    result = run_python("-c", "import chargen.wsgi", **WITHOUT_SECRET_KEY)
    assert result.returncode != 0
    assert NO_SECRET_KEY_MESSAGE in result.stderr


def test_gunicorn_loads_the_app_with_a_secret_key_and_refuses_without() -> None:
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    started = run_python(gunicorn, "--check-config", "chargen.wsgi", **PRODUCTION)
    assert started.returncode == 0, started.stderr
    refused = run_python(gunicorn, "--check-config", "chargen.wsgi", **WITHOUT_SECRET_KEY)
    assert refused.returncode != 0
    assert NO_SECRET_KEY_MESSAGE in refused.stderr


def test_debug_and_management_commands_still_run_without_a_secret_key() -> None:
    # `make run` (DEBUG on) and the test suite need no key; nor does a one-off command.
    assert run_python("-c", "import chargen.wsgi", DEBUG="1").returncode == 0
    assert run_python("manage.py", "check", **WITHOUT_SECRET_KEY).returncode == 0
