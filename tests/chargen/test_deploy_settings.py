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
}


def test_check_deploy_passes_with_production_values() -> None:
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr


def test_check_deploy_fails_with_debug_on() -> None:
    # The check can fail: DEBUG on is a deployment warning.
    result = run_manage(
        "check", "--deploy", "--fail-level", "WARNING", **{**PRODUCTION, "DEBUG": "1"}
    )
    assert result.returncode != 0
    assert "DEBUG" in result.stdout + result.stderr
