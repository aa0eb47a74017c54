"""An imported roller log, replayed through rules/ before anything is saved.

A file's seals prove only who wrote a row, and a row signed by a key this server does
not hold proves nothing at all: anyone can rechain a log. So every roll's faces go
through the same rules the roller used when it wrote the row (rules/unique_pool.py,
rules/roll_and_keep.py), and a row whose stored result (total, crisis, successes,
kept dice, degree, botch, contest margin, summary) is not what its dice give is
refused, naming the roll. The sheet's mana and attributes at the time of a roll are
not in the file, so a roll's pool size is taken from the row (its kept dice), not
recomputed from today's sheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chargen.core.imports import ImportRefused
from chargen.rollers.models import ManaRollKind, UniqueRollKind
from chargen.rollers.services_mana import kept_details
from rules import roll_and_keep as keep_rules
from rules import unique_pool as pool_rules
from rules.errors import RulesError


def _differs(sequence: int, what: str, stored: Any, replayed: Any) -> ImportRefused:
    return ImportRefused(
        f"Roll #{sequence}: the file says {what}{stored}, the dice give {replayed}. "
        "Nothing was imported."
    )


def _check(sequence: int, what: str, stored: Any, replayed: Any) -> None:
    if stored != replayed:
        raise _differs(sequence, what, stored, replayed)


def _fields(row: dict[str, Any]) -> tuple[int, dict[str, Any], tuple[int, ...], dict[str, Any]]:
    fields = row.get("fields") or {}
    details = fields.get("details")
    return (
        int(row["sequence"]),
        fields,
        tuple(fields.get("faces") or ()),
        details if isinstance(details, dict) else {},
    )


def _rules_refusal(sequence: int, error: RulesError) -> ImportRefused:
    return ImportRefused(
        f"Roll #{sequence} does not follow the rules: {error} Nothing was imported."
    )


def _missing(sequence: int) -> ImportRefused:
    return ImportRefused(f"Roll #{sequence} is missing a value it needs. Nothing was imported.")


def _crisis_words(crisis: bool) -> str:
    return "a crisis" if crisis else "no crisis"


# --- Unique-dice pool ----------------------------------------------------------------------------


def replay_unique_log(rows: Sequence[dict[str, Any]]) -> dict[int, bool]:
    """Refuse the first row the rules do not give; each push's sequence → it ended in a crisis."""
    rolls: dict[int, pool_rules.UniqueRoll] = {}
    latest: int | None = None
    crises: dict[int, bool] = {}
    for row in rows:
        sequence, fields, faces, details = _fields(row)
        kind = fields.get("kind")
        try:
            if kind == UniqueRollKind.ROLL:
                if "dice" in details:
                    _check(sequence, "a pool of ", details["dice"], len(faces))
                result = pool_rules.resolve_unique_pool(faces)
                _check(sequence, "kept ", details.get("kept"), list(result.kept))
                _check(sequence, "removed ", details.get("discarded"), list(result.discarded))
                latest = sequence
            elif kind == UniqueRollKind.PUSH:
                target = fields.get("pool_roll")
                # A push lands on the sheet's latest pool roll, as the roller allows.
                if latest is None or target != latest:
                    raise ImportRefused(
                        f"Roll #{sequence} is a push onto roll #{target}, not onto the latest "
                        f"pool roll (#{latest}). Nothing was imported."
                    )
                if len(faces) != 1:
                    raise _differs(sequence, "a push of ", f"{len(faces)} dice", "one die")
                before = rolls[target]
                held = details.get("held_before", list(before.held))
                _check(sequence, "the numbers held before as ", held, list(before.held))
                result = before.push(faces[0])
                crises[sequence] = result.crisis
            else:
                raise ImportRefused(
                    f"Roll #{sequence} is of a kind this roller does not make ({kind!r}). "
                    "Nothing was imported."
                )
        except ImportRefused:
            raise
        except RulesError as error:
            raise _rules_refusal(sequence, error) from None
        except (ValueError, TypeError, KeyError):
            raise _missing(sequence) from None
        rolls[int(latest)] = result  # a push replaces the roll it lands on
        _check(sequence, "", fields.get("total"), result.total)
        _check(
            sequence, "", _crisis_words(bool(fields.get("crisis"))), _crisis_words(result.crisis)
        )
        summary = str(fields.get("summary") or "")
        # A roll's summary adds the GM's target after the dice's words; a push's adds
        # the request to describe a crisis.
        if not summary.startswith(result.explain()):
            raise _differs(sequence, "“", f"{summary}”", f"“{result.explain()}”")
    return crises


def check_unique_crises(crisis_rows: Sequence[dict[str, Any]], crises: dict[int, bool]) -> None:
    """Each recorded crisis is on a push that matched, once, and the track allows it."""
    track = pool_rules.CrisisTrack()
    seen: set[int] = set()
    for row in crisis_rows:
        push = int(row["push"])
        if not crises.get(push) or push in seen:
            raise ImportRefused(
                f"The sheet records a crisis on roll #{push}, which is not a push that "
                "matched a held number. Nothing was imported."
            )
        seen.add(push)
        try:
            track = track.add(row["kind"])
        except RulesError as error:
            raise ImportRefused(f"Roll #{push}'s crisis: {error} Nothing was imported.") from None


# --- Roll and keep -------------------------------------------------------------------------------


def _kept_roll(sequence: int, faces: Sequence[int], details: dict[str, Any]) -> Any:
    """The roll the stored details describe, replayed: the row keeps as many dice as
    it lists kept, against the difficulty it names. `kept_details` is the very function
    the roller wrote `details` with, so the two cannot drift apart."""
    kept = details.get("kept")
    if not isinstance(kept, list) or not kept:
        raise ImportRefused(f"Roll #{sequence} lists no kept dice. Nothing was imported.")
    result = keep_rules.resolve_roll_and_keep(
        faces, keep=len(kept), difficulty=int(details.get("difficulty", -1))
    )
    replayed = kept_details(result)
    for name, value in replayed.items():
        _check(sequence, f"{name} ", details.get(name), value)
    return result


def replay_mana_log(rows: Sequence[dict[str, Any]]) -> None:
    """Refuse the first roll or contest whose stored result its dice do not give."""
    for row in rows:
        sequence, fields, faces, details = _fields(row)
        kind = fields.get("kind")
        try:
            if kind not in {ManaRollKind.ROLL, ManaRollKind.CONTEST}:
                raise ImportRefused(
                    f"Roll #{sequence} is of a kind this roller does not make ({kind!r}). "
                    "Nothing was imported."
                )
            result = _kept_roll(sequence, faces, details)
            _check(sequence, "", fields.get("successes"), result.successes)
            if kind == ManaRollKind.ROLL:
                _check(sequence, "", f"“{fields.get('summary')}”", f"“{result.explain()}”")
                continue
            opponent = details.get("opponent")
            if not isinstance(opponent, dict):
                raise ImportRefused(f"Roll #{sequence} names no opponent. Nothing was imported.")
            theirs = _kept_roll(
                sequence,
                tuple(opponent.get("faces") or ()),
                {**opponent, "difficulty": details.get("difficulty")},
            )
            contest = keep_rules.resolve_direct_contest(result, theirs)
            _check(sequence, "a margin of ", details.get("margin"), contest.margin)
            _check(
                sequence,
                "a winner: ",
                details.get("winner") is not None,
                contest.winner is not None,
            )
            counts = f" {result.successes} against {opponent.get('name')} {theirs.successes} "
            if counts not in str(fields.get("summary") or ""):
                raise _differs(sequence, "“", f"{fields.get('summary')}”", counts.strip())
        except ImportRefused:
            raise
        except RulesError as error:
            raise _rules_refusal(sequence, error) from None
        except (ValueError, TypeError, KeyError):
            raise _missing(sequence) from None
