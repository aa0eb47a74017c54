"""The web benchmark over the code at an earlier commit, with this checkout's scripts.

Issue 13 asks for figures "half today's": the only fair yardstick for that is the code
of that day measured on the same machine in the same hour, since one machine's CPU
figures move by half or more from day to day (README's Benchmarks). `bench_web.py
--code-at COMMIT` checks that commit out into a throw-away git worktree, puts this
checkout's scripts/ in place of its own (so both are driven by the very same players,
load generator and yardstick), runs the benchmark there and removes the worktree.

The earlier code answers an htmx POST with a redirect that the browser follows
(bench_web_http.htmx_outcome): that is how it was used, and what it cost.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench_web_servers import ROOT

# The code before issue 13's work (26 November 2026): what "today's" meant.
BEFORE_ISSUE_13 = "f1fda5a"


def _git(*args: str, check: bool = True) -> None:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)  # noqa: S603,S607
    if done.returncode == 0:
        return
    said = f"git {' '.join(args)}: {done.stderr.strip()}"
    if check:  # a shallow clone lacks the commit, say: git says why
        raise SystemExit(said)
    print(said, file=sys.stderr)


@contextmanager
def code_at(commit: str) -> Iterator[Path]:
    """The path of bench_web.py in a worktree of `commit` that has this checkout's scripts."""
    with tempfile.TemporaryDirectory(prefix="chargen-bench-") as parent:
        tree = Path(parent) / "code"
        _git("worktree", "add", "--detach", "--force", str(tree), commit)
        try:
            shutil.rmtree(tree / "scripts")
            shutil.copytree(
                ROOT / "scripts", tree / "scripts", ignore=shutil.ignore_patterns("__pycache__")
            )
            yield tree / "scripts" / "bench_web.py"
        finally:
            # Said, not raised: a failed clean-up must not hide what failed in the run.
            _git("worktree", "remove", "--force", str(tree), check=False)
