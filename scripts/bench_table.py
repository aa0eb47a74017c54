"""`make bench`'s live table: watchers holding the table's socket while players roll.

On the deployed table server (bench_server: gunicorn with uvicorn workers serving
chargen.asgi, as production runs it), one Drifting campaign gets `watchers` members, each holding a
table socket open for the whole run, and `players` players who roll on their sheets
(bench_table_roll: the service the Roll button calls), thinking 1–3 s between rolls.
Every roll's commit time is noted by the roller and every fragment's arrival by each
watcher, on this machine's clock: the time from a roll's commit to its fragment at every
watcher is their difference. Printed: its p50/p95/max, fragments that never arrived,
connection errors (a socket refused, dropped or failed at any time), and the memory an
idle connection takes (the uvicorn workers' RSS before and after the sockets opened,
divided by their number; the first socket opened before, to warm the workers). Prints
figures; asserts nothing.
"""

from __future__ import annotations

import asyncio
import json
import re
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import bench_server
import psutil
import websockets
from websockets.typing import Origin

HERE = Path(__file__).resolve().parent
SETUP = HERE / "bench_table_setup.py"
ROLL = HERE / "bench_table_roll.py"
ROW = re.compile(r'data-table-row="([^"]+)"')
SETTLE_SECONDS = 3.0  # after the sockets open and after the last roll: let them go quiet


@dataclass
class Watcher:
    """One table socket: when each row's fragment arrived, and what went wrong."""

    arrived: dict[str, float] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    ready: asyncio.Event = field(default_factory=asyncio.Event)


def workers_rss(server: bench_server.Server) -> int:
    """The resident memory of the server's workers (bytes)."""
    return sum(child.memory_info().rss for child in psutil.Process(server.process.pid).children())


async def watch(url: str, origin: str, cookie: str, watcher: Watcher, stop: asyncio.Event) -> None:
    try:
        async with websockets.connect(
            url, origin=Origin(origin), additional_headers={"Cookie": cookie}, open_timeout=60
        ) as socket:
            await socket.send(json.dumps({"cursor": ""}))
            first = await socket.recv()
            watcher.ready.set()
            del first  # the rows before the run: not measured
            while not stop.is_set():
                try:
                    message = await asyncio.wait_for(socket.recv(), timeout=0.5)
                except TimeoutError:
                    continue
                now = time.time()
                for key in ROW.findall(str(message)):
                    watcher.arrived.setdefault(key, now)
    except (OSError, websockets.WebSocketException, TimeoutError) as error:
        watcher.errors.append(f"{type(error).__name__}: {error}")
    finally:
        watcher.ready.set()


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def run(
    tree: Path,
    env: dict[str, str],
    server: bench_server.Server,
    *,
    watchers: int,
    players: int,
    rolls: int,
    scratch: Path,
) -> dict[str, Any]:
    seeded = json.loads(
        bench_server.manage_script(tree, env, SETUP, watchers, players).strip().splitlines()[-1]
    )
    origin = f"http://127.0.0.1:{server.port}"
    url = f"ws://127.0.0.1:{server.port}/ws/table/{seeded['campaign']}/"
    stop = asyncio.Event()
    # One socket first, so the workers have imported and warmed what every socket uses:
    # the memory measured after it is the sockets' own.
    warm, *others = seeded["sessions"]
    states = [Watcher()]
    tasks = [asyncio.create_task(watch(url, origin, f"{seeded['cookie']}={warm}", states[0], stop))]
    await states[0].ready.wait()
    await asyncio.sleep(SETTLE_SECONDS)
    before = workers_rss(server)
    for session in others:
        states.append(Watcher())
        tasks.append(
            asyncio.create_task(
                watch(url, origin, f"{seeded['cookie']}={session}", states[-1], stop)
            )
        )
    for state in states:
        await state.ready.wait()
    await asyncio.sleep(SETTLE_SECONDS)
    after = workers_rss(server)
    out = scratch / "table-rolls.json"
    roller = await asyncio.create_subprocess_exec(
        sys.executable, str(ROLL), str(rolls), str(out), *seeded["characters"], cwd=tree, env=env
    )
    await roller.wait()
    await asyncio.sleep(SETTLE_SECONDS)
    stop.set()
    await asyncio.gather(*tasks)
    committed: dict[str, float] = json.loads(out.read_text()) if out.exists() else {}
    delays = []
    missing = 0
    for key, at in committed.items():
        for state in states:
            if key in state.arrived:
                delays.append((state.arrived[key] - at) * 1000)
            else:
                missing += 1
    errors = [error for state in states for error in state.errors]
    return {
        "watchers": watchers,
        "players": players,
        "rolls": len(committed),
        "fragments": len(delays),
        "missing": missing,
        "p50_ms": statistics.median(delays) if delays else float("nan"),
        "p95_ms": percentile(delays, 0.95),
        "max_ms": max(delays, default=float("nan")),
        "connection_errors": len(errors),
        "first_errors": errors[:5],
        "rss_per_idle_connection_kb": (after - before) / max(1, watchers - 1) / 1024,
        "rss_before_mb": before / 2**20,
        "rss_after_mb": after / 2**20,
        "roller_status": roller.returncode,
        "server_log": server.log_tail() if errors else "",
    }


def report(figures: dict[str, Any]) -> str:
    lines = [
        f"Live table: {figures['watchers']} watchers, {figures['players']} players rolling, "
        f"{figures['rolls']} rolls, {figures['fragments']} fragments timed",
        f"  commit → fragment at every watcher: p50 {figures['p50_ms']:.0f} ms, "
        f"p95 {figures['p95_ms']:.0f} ms, max {figures['max_ms']:.0f} ms; "
        f"fragments missing: {figures['missing']}",
        f"  connection errors: {figures['connection_errors']}"
        + "".join(f"\n    ! {error}" for error in figures["first_errors"]),
        f"  memory per idle connection: {figures['rss_per_idle_connection_kb']:.0f} KB "
        f"(workers' RSS {figures['rss_before_mb']:.0f} MB → {figures['rss_after_mb']:.0f} MB)",
    ]
    if figures["server_log"]:
        lines.append("  the server's log ends:\n" + figures["server_log"])
    if figures["roller_status"] != 0:
        lines.append(f"  ! the rollers stopped with status {figures['roller_status']}")
    return "\n".join(lines)


def table_load(label: str, *, watchers: int, players: int, rolls: int, out: Path) -> dict[str, Any]:
    """Deploy this checkout, load its live table; the figures (also written to `out`)."""
    with bench_server.deployed(label, app=bench_server.TABLE) as deployment:
        figures = asyncio.run(
            run(
                deployment.tree,
                deployment.env,
                deployment.server,
                watchers=watchers,
                players=players,
                rolls=rolls,
                scratch=deployment.scratch,
            )
        )
    out.write_text(json.dumps(figures, indent=1))
    return figures
