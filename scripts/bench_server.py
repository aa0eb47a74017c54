"""The load test's server, deployed as README's "Deployment on PostgreSQL" says: a fresh
PostgreSQL database and a spare Redis database, `migrate`, `load_rules_data`,
`collectstatic`, then gunicorn with two workers (this machine has two cores), DEBUG off.
Everything listens on and talks to 127.0.0.1 only; the database is dropped and the Redis
database emptied afterwards. The code served may be this checkout or an earlier commit
checked out in a throw-away git worktree (`code_at`), so that two commits are measured
with the very same players in the same hour.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).parent / "gunicorn"
WORKERS = 2
START_TIMEOUT_SECONDS = 60
PG_ADMIN_URL = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")
# A Redis database no test uses (the tests and `make run` use 0 and the low numbers).
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/13")
# The second of two deployments running side by side (`bench.py --character-only
# --code-at`): a Redis database of its own, so that neither code reads objects the other
# cached (rule data, signing keys) nor has its cache emptied by the other's start.
OTHER_REDIS_URL = os.environ.get("BENCH_OTHER_REDIS_URL", "redis://127.0.0.1:6379/14")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def unavailable() -> str:
    """Empty when PostgreSQL and Redis answer; otherwise why the bench cannot run."""
    try:
        import psycopg
        import redis

        with psycopg.connect(PG_ADMIN_URL, connect_timeout=3) as connection:
            connection.execute("SELECT 1")
        redis.Redis.from_url(REDIS_URL, socket_timeout=3).ping()
    except Exception as error:
        return f"{type(error).__name__}: {error}".strip()
    return ""


@contextmanager
def fresh_database(label: str, redis_url: str = REDIS_URL) -> Iterator[str]:
    """The URL of a new PostgreSQL database bench_<label>_<pid>, dropped afterwards, with
    the spare Redis database (`redis_url`) emptied before and after (no cached row
    outlives it)."""
    import psycopg
    import redis

    name = f"bench_{label}_{os.getpid()}"
    cache = redis.Redis.from_url(redis_url)
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    cache.flushdb()
    try:
        yield f"{PG_ADMIN_URL.rsplit('/', 1)[0]}/{name}"
    finally:
        cache.flushdb()
        with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def production_env(
    database_url: str, signing_key: str, redis_url: str = REDIS_URL
) -> dict[str, str]:
    """A production deployment's settings (README, "Settings"), on 127.0.0.1."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "chargen.settings",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "CHARGEN_SIGNING_KEY": signing_key,
        "ALLOWED_HOSTS": "127.0.0.1",
        "LOG_LEVEL": "WARNING",
        # Notification e-mails are made but not sent: no mail server takes part.
        "EMAIL_BACKEND": "django.core.mail.backends.dummy.EmailBackend",
    }


def manage(tree: Path, env: dict[str, str], *args: str) -> str:
    """`manage.py args` of the code in `tree`; its output (a failure says why and stops)."""
    done = subprocess.run(  # noqa: S603 (our own manage.py, fixed arguments)
        [sys.executable, "manage.py", *args], cwd=tree, env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"manage.py {' '.join(args)} failed in {tree}:\n{done.stderr[-3000:]}")
    return done.stdout


def manage_script(tree: Path, env: dict[str, str], script: Path, *args: object) -> str:
    """A script of this checkout run in `tree` with its deployment's settings; its output."""
    done = subprocess.run(  # noqa: S603 (our own script, our own arguments)
        [sys.executable, str(script), *map(str, args)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"{script.name} failed in {tree}:\n{done.stderr[-3000:]}")
    return done.stdout


def deploy(tree: Path, database_url: str, redis_url: str = REDIS_URL) -> dict[str, str]:
    """The environment of a deployment of the code in `tree` on `database_url`, made ready:
    a signing key, the tables, the book's rule data and the static files."""
    env = production_env(database_url, "", redis_url)
    env["CHARGEN_SIGNING_KEY"] = manage(tree, {**env, "DEBUG": "1"}, "new_signing_key").strip()
    manage(tree, env, "migrate", "--noinput")
    manage(tree, env, "load_rules_data")
    manage(tree, env, "collectstatic", "--noinput")
    return env


@dataclass
class Server:
    """One gunicorn master and its workers on a port."""

    port: int
    process: subprocess.Popen[bytes]
    log: Path

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


# How production serves each part (docs/deploy/): the pages through the WSGI app with the
# gunicorn settings of the code being measured (chargen/gunicorn_pages.py; sync workers
# in code older than that file), the live table's sockets through the ASGI app on
# uvicorn workers.
PAGES_SETTINGS = Path("chargen") / "gunicorn_pages.py"
TABLE = ["chargen.asgi", "-k", "uvicorn_worker.UvicornWorker"]


def pages(tree: Path) -> list[str]:
    """gunicorn's arguments for the pages of the code in `tree`, as its deployment has them."""
    if (tree / PAGES_SETTINGS).exists():
        return ["chargen.wsgi", "--config", "python:chargen.gunicorn_pages"]
    return ["chargen.wsgi", "--worker-class", "sync"]


@contextmanager
def gunicorn(
    tree: Path, env: dict[str, str], log_dir: Path, *, app: list[str] | None = None
) -> Iterator[Server]:
    """gunicorn serving the code in `tree` with two workers, the pages (`pages`, unless
    `app` says otherwise) or the live table's sockets (`TABLE`) as production does,
    until the block ends."""
    port = free_port()
    log = log_dir / f"gunicorn-{port}.log"
    command = [
        str(GUNICORN),
        *(app or pages(tree)),
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(WORKERS),
        "--timeout",
        "120",
        "--log-level",
        "warning",
    ]
    with log.open("wb") as output:
        process = subprocess.Popen(  # noqa: S603 (our own gunicorn, fixed arguments)
            command, cwd=tree, env=env, stdout=output, stderr=subprocess.STDOUT
        )
    server = Server(port, process, log)
    try:
        deadline = time.monotonic() + START_TIMEOUT_SECONDS
        while not (answers(port) and len(psutil.Process(process.pid).children()) == WORKERS):
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"gunicorn did not start:\n{server.log_tail()}")
            time.sleep(0.2)  # polling a process that is starting: there is no event to wait on
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def git(*args: str, check: bool = True) -> str:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)  # noqa: S603,S607
    if done.returncode != 0:
        said = f"git {' '.join(args)}: {done.stderr.strip()}"
        if check:  # a shallow clone lacks the commit, say: git says why
            raise SystemExit(said)
        print(said, file=sys.stderr)  # a failed clean-up must not hide what failed before
    return done.stdout.strip()


@contextmanager
def code_at(commit: str) -> Iterator[Path]:
    """A throw-away git worktree of `commit`, removed afterwards; "" is this checkout."""
    if not commit:
        yield ROOT
        return
    with tempfile.TemporaryDirectory(prefix="chargen-bench-") as parent:
        tree = Path(parent) / "code"
        git("worktree", "add", "--detach", "--force", str(tree), commit)
        try:
            yield tree
        finally:
            git("worktree", "remove", "--force", str(tree), check=False)


def describe(commit: str) -> str:
    """A commit's short hash and subject, for the report ("" is this checkout's HEAD)."""
    return git("log", "-1", "--format=%h %s", commit or "HEAD")[:90]


@dataclass
class Deployment:
    """The code at a commit, deployed on a fresh database and served (`deployed`)."""

    tree: Path  # the code
    env: dict[str, str]  # its deployment's settings, for its manage.py and scripts
    server: Server
    scratch: Path  # a folder of the deployment's own, removed afterwards


@contextmanager
def deployed(
    label: str, commit: str = "", *, redis_url: str = REDIS_URL, app: list[str] | None = None
) -> Iterator[Deployment]:
    """The code at `commit` ("" for this checkout) deployed on a fresh database and the
    Redis database `redis_url`, served by gunicorn (`app` as `gunicorn` takes it) until the
    block ends; everything is removed afterwards."""
    with (
        code_at(commit) as tree,
        fresh_database(label, redis_url) as database_url,
        tempfile.TemporaryDirectory(prefix="chargen-bench-") as scratch,
    ):
        started = time.monotonic()
        env = deploy(tree, database_url, redis_url)
        print(f"Deployed (migrate, rule data, static files) in {time.monotonic() - started:.0f} s.")
        with gunicorn(tree, env, Path(scratch), app=app) as server:
            yield Deployment(tree, env, server, Path(scratch))
