"""bench_web.py --code-at: the benchmark over an earlier commit, driven by these scripts."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from bench_web_code_at import BEFORE_ISSUE_13, code_at  # noqa: E402

GIT = shutil.which("git") or "git"


def _git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(
        [GIT, *args], cwd=cwd, capture_output=True, text=True, check=True
    ).stdout.strip()


def test_the_worktree_holds_the_commit_with_these_scripts_and_is_gone_after() -> None:
    with code_at(BEFORE_ISSUE_13) as script:
        tree = script.parents[1]
        assert _git("rev-parse", "HEAD", cwd=tree) == _git("rev-parse", BEFORE_ISSUE_13)
        # The earlier commit had no bench_web_code_at.py: it is this checkout's copy.
        ours = (ROOT / "scripts" / "bench_web_code_at.py").read_text()
        assert (tree / "scripts" / "bench_web_code_at.py").read_text() == ours
        # The application code is the commit's own (no one-request htmx module yet).
        assert not (tree / "chargen" / "core" / "log_hold.py").exists()
    assert not tree.exists()
    assert str(tree) not in _git("worktree", "list")


def test_a_commit_git_does_not_know_is_said_plainly() -> None:
    with pytest.raises(SystemExit, match="worktree add"), code_at("0" * 40):
        pass
