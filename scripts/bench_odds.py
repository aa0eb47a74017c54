"""Time the largest odds the books call for, cold and cached. Prints figures; asserts nothing.

Run: .venv/bin/python scripts/bench_odds.py
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import odds

CACHED_REPEATS = 1000

CASES: list[tuple[str, Callable[[], object]]] = [
    ("unique pool, 8 dice", lambda: odds.unique_pool_distribution(8)),
    ("Drifting token roll, 5 dice (+3)", lambda: odds.token_roll_distribution(3, 3)),
    ("Drifting token roll, 12 dice (cap)", lambda: odds.token_roll_distribution(10, 3)),
    ("Drifting versus, 5 dice each", lambda: odds.token_roll_versus(3, 3, 3, 3)),
    ("roll and keep, 12 dice keep 8", lambda: odds.roll_and_keep_degrees(12, 8, 7)),
    ("roll and keep contest, 12k8 vs 10k6", lambda: odds.roll_and_keep_contest(12, 8, 10, 6, 7)),
    ("skill check, 3d6 + 5", lambda: odds.skill_check_chance("3d6", 5)),
    (
        "opposed skill check, 3d6+4 vs 2d6+6",
        lambda: odds.opposed_skill_check_chance("3d6", 4, "2d6", 6),
    ),
    ("characteristic test, 6d6", lambda: odds.characteristic_test_chance("6d6", 20)),
    ("survival, 2d6 over 5", lambda: odds.survival_chance(5)),
]


def milliseconds(function: Callable[[], object], repeats: int = 1) -> float:
    start = time.perf_counter()
    for _ in range(repeats):
        function()
    return (time.perf_counter() - start) * 1000 / repeats


def main() -> None:
    width = max(len(name) for name, _ in CASES)
    print(f"{'odds':<{width}}  {'first call':>11}  {'cache cleared':>13}  {'cached':>10}")
    first_calls = {name: milliseconds(function) for name, function in CASES}
    for name, function in CASES:
        odds.clear_caches()
        cleared = milliseconds(function)
        cached = milliseconds(function, CACHED_REPEATS)
        print(
            f"{name:<{width}}  {first_calls[name]:>8.2f} ms  {cleared:>10.2f} ms  "
            f"{cached * 1000:>7.1f} µs"
        )
    print(
        "\nfirst call: in a fresh process (icepool's own caches cold too); "
        "cache cleared: after odds.clear_caches(); cached: mean of "
        f"{CACHED_REPEATS} repeat calls."
    )


if __name__ == "__main__":
    main()
