"""docs/settings.md lists exactly the environment variables chargen/settings.py reads."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = (ROOT / "chargen" / "settings.py").read_text()
DOC = (ROOT / "docs" / "settings.md").read_text()


def variables_read() -> set[str]:
    return set(re.findall(r"\benv_(?:str|bool|int|list)\(\s*\"([A-Z0-9_]+)\"", SETTINGS))


def variables_documented() -> set[str]:
    return set(re.findall(r"^\| `([A-Z0-9_]+)` \|", DOC, flags=re.MULTILINE))


def test_settings_read_the_environment_only_through_the_helpers() -> None:
    # One way: every other line reads the helpers, so the list below is complete.
    outside_helpers = [
        line
        for line in SETTINGS.splitlines()
        if "os.environ" in line or "getenv" in line
        if not line.startswith("    ")  # the helpers' own bodies
    ]
    assert outside_helpers == []
    assert len(re.findall(r"os\.environ", SETTINGS)) == 4  # env_str, env_bool, env_int, env_list


def test_every_variable_read_is_documented_and_no_other() -> None:
    read, documented = variables_read(), variables_documented()
    assert read, "no variable found: has the helpers' name changed?"
    assert read - documented == set(), "read by settings.py, missing from docs/settings.md"
    assert documented - read == set(), "in docs/settings.md, no longer read by settings.py"


def test_the_deployment_environment_file_sets_only_documented_variables() -> None:
    env_file = (ROOT / "docs" / "deploy" / "chargen.env").read_text()
    assigned = set(re.findall(r"^([A-Z0-9_]+)=", env_file, flags=re.MULTILINE))
    assert {"SECRET_KEY", "CHARGEN_SIGNING_KEY", "DATABASE_URL", "EMAIL_HOST"} <= assigned
    assert assigned - variables_read() == set(), "set in chargen.env, read by nothing"
    # systemd and sh both read it: one KEY=value a line, nothing a shell would expand.
    for line in env_file.splitlines():
        if line and not line.startswith("#"):
            assert re.fullmatch(r"[A-Z0-9_]+=[^\s\"'$`<>;&|]*", line), line
