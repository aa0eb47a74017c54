"""How fast the Infinity Drive rules run on one core. Prints figures; asserts nothing.

Complete random characters per second through the NPC autopilot (every step goes
through the creation engine), and, when rules/odds/ is present, the time of the
largest Infinity Drive odds, cold and cached.

Run: .venv/bin/python scripts/bench_rules.py [seconds]
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.infinity_drive.autopilot import generate_npc
from rules.infinity_drive.house_rules import HouseRules, SurvivalFailure
from rules.infinity_drive.rulebook import load_book

DEFAULT_SECONDS = 3.0
CACHED_REPEATS = 1000
CAMPAIGNS: list[tuple[str, HouseRules]] = [
    ("book defaults", HouseRules()),
    ("survival off", HouseRules(career_survival=False)),
    ("death on failure", HouseRules(survival_failure=SurvivalFailure.DEATH)),
]


def characters_per_second(house_rules: HouseRules, seconds: float) -> tuple[float, float]:
    """(characters per second, mean steps per character)."""
    rulebook = load_book()
    made = 0
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        npc = generate_npc(seed=made, rulebook=rulebook, house_rules=house_rules)
        steps += len(npc.steps)
        made += 1
    elapsed = time.perf_counter() - start
    return made / elapsed, steps / made


def milliseconds(function: Callable[[], object], repeats: int = 1) -> float:
    start = time.perf_counter()
    for _ in range(repeats):
        function()
    return (time.perf_counter() - start) * 1000 / repeats


def bench_odds() -> None:
    if importlib.util.find_spec("rules.odds") is None:
        print("\nrules/odds/ is not there yet: no odds figures.")
        return
    odds = importlib.import_module("rules.odds")
    cases: list[tuple[str, Callable[[], object]]] = [
        (
            "characteristic test, Impossible! 6d6",
            lambda: odds.characteristic_test_chance("6d6", 20),
        ),
        ("skill check, Easy 3d6 + 9", lambda: odds.skill_check_chance("3d6", 9)),
        (
            "opposed check, 3d6+9 vs 3d6+9",
            lambda: odds.opposed_skill_check_chance("3d6", 9, "3d6", 9),
        ),
    ]
    width = max(len(name) for name, _ in cases)
    print(f"\n{'largest odds':<{width}}  {'cold':>10}  {'cached':>10}")
    for name, function in cases:
        if hasattr(odds, "clear_caches"):
            odds.clear_caches()
        cold = milliseconds(function)
        cached = milliseconds(function, CACHED_REPEATS)
        print(f"{name:<{width}}  {cold:>7.2f} ms  {cached * 1000:>7.1f} µs")


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SECONDS
    print(f"Infinity Drive characters through the autopilot, {seconds:g} s each, one core")
    for name, house_rules in CAMPAIGNS:
        rate, steps = characters_per_second(house_rules, seconds)
        print(f"  {name:<18} {rate:>8.1f} characters/s  ({steps:.1f} steps each)")
    bench_odds()


if __name__ == "__main__":
    main()
