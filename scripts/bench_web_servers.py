"""Processes of the web benchmark: gunicorn servers, their workers' CPU time, wrk runs,
and the throw-away databases. Everything listens on and talks to 127.0.0.1 only.
"""

from __future__ import annotations

import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bench_web_measure import (
    ProcStat,
    WrkResult,
    children_of,
    combine_wrk,
    machine_busy_ticks,
    parse_proc_stat,
    parse_wrk,
)

ROOT = Path(__file__).resolve().parent.parent
BARE_DIR = Path(__file__).resolve().parent / "bench_bare"
GUNICORN = Path(sys.executable).parent / "gunicorn"
WORKERS = 2
START_TIMEOUT_SECONDS = 60
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


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


def proc_stats() -> list[ProcStat]:
    stats = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stats.append(parse_proc_stat((entry / "stat").read_text()))
        except (OSError, ValueError):
            continue  # the process ended while we looked
    return stats


@dataclass
class Server:
    """One gunicorn master and its workers on a port."""

    name: str
    port: int
    process: subprocess.Popen[bytes]
    log: Path
    workers: list[int] = field(default_factory=list)

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


def start_server(
    name: str, *, app: str, env: Mapping[str, str], log_dir: Path, extra: Sequence[str] = ()
) -> Server:
    """gunicorn with two sync workers (as README's deployment), waiting until both are up."""
    port = free_port()
    log = log_dir / f"{name}-{port}.log"
    command = [
        str(GUNICORN),
        app,
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(WORKERS),
        "--timeout",
        "120",
        "--log-level",
        "warning",
        *extra,
    ]
    with log.open("wb") as output:
        process = subprocess.Popen(  # noqa: S603 (our own gunicorn, fixed arguments)
            command, cwd=ROOT, env=dict(env), stdout=output, stderr=subprocess.STDOUT
        )
    server = Server(name=name, port=port, process=process, log=log)
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{name} stopped at start:\n{server.log_tail()}")
        server.workers = [s.pid for s in children_of(proc_stats(), process.pid)]
        if len(server.workers) == WORKERS and answers(port):
            return server
        time.sleep(0.2)
    stop_servers([server])
    raise RuntimeError(f"{name} did not start in {START_TIMEOUT_SECONDS} s:\n{server.log_tail()}")


def stop_servers(servers: Sequence[Server]) -> None:
    for server in servers:
        if server.process.poll() is None:
            server.process.terminate()
    for server in servers:
        try:
            server.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait()


@dataclass(frozen=True)
class CpuReading:
    ticks: dict[int, int]  # worker pid: user + system clock ticks so far


def worker_cpu(servers: Sequence[Server]) -> CpuReading:
    wanted = {pid for server in servers for pid in server.workers}
    return CpuReading({s.pid: s.cpu_ticks for s in proc_stats() if s.pid in wanted})


def cpu_seconds_between(before: CpuReading, after: CpuReading) -> float:
    """The workers' CPU time between two readings. A worker that restarted in between
    (gunicorn replaces one after a crash or a timeout) would be missed: refuse then."""
    if set(before.ticks) != set(after.ticks):
        raise RuntimeError("a gunicorn worker restarted during the measurement")
    return sum(after.ticks[pid] - before.ticks[pid] for pid in before.ticks) / CLOCK_TICKS


def wrk_available() -> bool:
    return shutil.which("wrk") is not None


def run_wrk(
    ports: Sequence[int], path: str, *, cookie: str, seconds: float, connections: int
) -> WrkResult:
    """wrk against `path` on every port at once, the connections split between them."""
    per_port = max(1, connections // len(ports))
    commands = [
        [
            "wrk",
            "--latency",
            "-t",
            "1" if len(ports) > 1 else "2",
            "-c",
            str(per_port),
            "-d",
            f"{seconds:g}s",
            "--timeout",
            "30s",
            *(["-H", f"Cookie: {cookie}"] if cookie else []),
            f"http://127.0.0.1:{port}{path}",
        ]
        for port in ports
    ]
    running = [
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)  # noqa: S603
        for command in commands
    ]
    outputs = [process.communicate(timeout=seconds + 120)[0] for process in running]
    return combine_wrk([parse_wrk(output) for output in outputs])


# --- Throw-away databases -------------------------------------------------------------------------


@contextmanager
def sqlite_database() -> Iterator[dict[str, str]]:
    """A fresh SQLite file in a temporary directory, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="bench-web-") as directory:
        yield {"SQLITE_PATH": str(Path(directory) / "bench.sqlite3")}


PG_ADMIN_URL = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")
REDIS_URL_BASE = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379")
REDIS_DB = os.environ.get("BENCH_REDIS_DB", "13")


def postgres_and_redis_answer() -> str:
    """Empty when both answer; otherwise why the PostgreSQL run is skipped."""
    try:
        import psycopg
        import redis

        with psycopg.connect(PG_ADMIN_URL, connect_timeout=3) as connection:
            connection.execute("SELECT 1")
        redis.Redis.from_url(f"{REDIS_URL_BASE}/{REDIS_DB}", socket_timeout=3).ping()
    except Exception as error:
        return f"{type(error).__name__}: {error}".strip()
    return ""


@contextmanager
def postgres_database() -> Iterator[dict[str, str]]:
    """A fresh database bench_web_<pid> on the local server, dropped afterwards."""
    import psycopg

    name = f"bench_web_{os.getpid()}"
    admin_base = PG_ADMIN_URL.rsplit("/", 1)[0]
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield {
            "DATABASE_URL": f"{admin_base}/{name}",
            "REDIS_URL": f"{REDIS_URL_BASE}/{REDIS_DB}",
        }
    finally:
        with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _busy() -> int:
    return machine_busy_ticks(Path("/proc/stat").read_text())[0]


def _own_cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    waited = resource.getrusage(resource.RUSAGE_CHILDREN)  # wrk, once it has ended
    return own.ru_utime + own.ru_stime + waited.ru_utime + waited.ru_stime


class Meter:
    """Workers' CPU and the CPU other processes on the machine took, over one run."""

    def __init__(self, servers: list[Server]) -> None:
        self.servers = servers

    def __enter__(self) -> Meter:
        self.cpu, self.busy, self.own = worker_cpu(self.servers), _busy(), _own_cpu()
        self.start = time.monotonic()
        return self

    def __exit__(self, *exc: object) -> None:
        self.seconds = time.monotonic() - self.start
        self.worker_seconds = cpu_seconds_between(self.cpu, worker_cpu(self.servers))
        machine = (_busy() - self.busy) / CLOCK_TICKS
        others = machine - self.worker_seconds - (_own_cpu() - self.own)
        self.others_cores = max(0.0, others) / self.seconds
