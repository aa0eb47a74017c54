"""Drifting at the table, through the services: a roll's note, the ticks and loss kept
from the latest roll, and taking back a loss entered by mistake."""

from __future__ import annotations

from dataclasses import replace

import pytest

from chargen.core.log import STALE_MESSAGE
from chargen.drifting import services, services_table
from chargen.drifting.models import Character, LogEntry, LogKind
from rules import drifting as rules
from rules.errors import RulesError

JIM_FACES = (1, 4, 2, 5, 4)
FIREFIGHT = services.RollChoices(
    applicable=("Military", "Firearms", "Dodge"),
    deplete={"Military": 1, "Firearms": 1, "Dodge": 1},
    entered_faces=JIM_FACES,
    note="dodge the patrol",
)
NOTE_LIMIT = services_table.ROLL_NOTE_MAX_LENGTH


def _firefight(jim: Character, **changes: object) -> LogEntry:
    choices = replace(FIREFIGHT, **changes)  # type: ignore[arg-type]
    return services.character_roll(character=jim, key=jim.next_sequence, choices=choices)


def _lose(jim: Character) -> LogEntry:
    """After the firefight: 15 against 21 costs two tokens, a fresh Firearms and the
    depleted Dodge (related to the check), so the undo must deplete Dodge again."""
    return services.character_lose_tokens(
        character=jim,
        key=jim.next_sequence,
        own_total=15,
        opponent_total=21,
        related=["Dodge"],
        choices={"Firearms": 1},
    )


def _table(jim: Character) -> services_table.AtTheTable:
    log = list(jim.log.order_by("-sequence"))
    return services_table.at_the_table(log, services.token_sheet(jim), 5)


def test_a_rolls_note_is_saved_in_its_log_row(jim: Character) -> None:
    entry = _firefight(jim)
    assert entry.total == 15
    assert LogEntry.objects.get(pk=entry.pk).details["note"] == "dodge the patrol"


def test_a_roll_without_a_note_keeps_the_rows_old_shape(jim: Character) -> None:
    entry = _firefight(jim, note="   ")
    assert "note" not in entry.details


def test_a_note_of_the_limit_is_kept_and_one_longer_refused(jim: Character) -> None:
    assert _firefight(jim, note="x" * NOTE_LIMIT).details["note"] == "x" * NOTE_LIMIT
    before = jim.log.count()
    with pytest.raises(RulesError, match=f"at most {NOTE_LIMIT} characters"):
        _firefight(jim, note="x" * (NOTE_LIMIT + 1), deplete={}, entered_faces=None)
    assert jim.log.count() == before


def test_the_latest_rolls_ticks_are_kept_while_they_still_give_a_modifier(jim: Character) -> None:
    assert _table(jim).kept_ticks == ()
    _firefight(jim, deplete={}, entered_faces=None)
    assert _table(jim).kept_ticks == ("Military", "Firearms", "Dodge")
    # Dodge lost: it gives no modifier any more, so it is no longer ticked.
    services.character_lose_tokens(
        character=jim,
        key=jim.next_sequence,
        own_total=15,
        opponent_total=16,
        related=["Dodge"],
        choices={},
    )
    assert _table(jim).kept_ticks == ("Military", "Firearms")


def test_the_loss_is_filled_in_from_the_latest_roll_until_a_loss_is_entered(
    jim: Character,
) -> None:
    assert _table(jim).loss_prefill is None
    roll = _firefight(jim)
    prefill = _table(jim).loss_prefill
    assert prefill is not None
    assert (prefill.roll_sequence, prefill.own_total) == (roll.sequence, 15)
    assert prefill.related == ("Military", "Firearms", "Dodge")
    assert [(band.low, band.high, band.tokens) for band in prefill.bands] == [
        (16, 19, 1),
        (20, 24, 2),
        (25, 29, 3),
    ]
    loss = _lose(jim)
    assert _table(jim).loss_prefill is None
    services_table.character_undo_loss(
        character=jim, key=jim.next_sequence, loss_sequence=loss.sequence
    )
    assert _table(jim).loss_prefill is not None


def test_the_loss_bands_follow_the_campaigns_step() -> None:
    bands = services_table.loss_bands(15, 3)
    assert [(band.low, band.high, band.tokens) for band in bands] == [
        (16, 17, 1),
        (18, 20, 2),
        (21, 23, 3),
    ]
    assert services_table.loss_bands(rules.ROLL_TOTAL_MAX - 1, 5)[-1].high == 100


def test_undoing_a_loss_restores_the_tokens_exactly_and_keeps_both_rows(jim: Character) -> None:
    _firefight(jim)
    before = services.token_sheet(jim)
    loss = _lose(jim)
    assert services.token_sheet(jim) != before
    assert [t["depleted"] for t in loss.details["lost"]] == [False, True]
    undo = services_table.character_undo_loss(
        character=jim, key=jim.next_sequence, loss_sequence=loss.sequence
    )
    assert services.token_sheet(jim) == before
    assert undo.kind == LogKind.UNDO
    assert undo.sequence == loss.sequence + 1
    assert undo.details["cancels"] == loss.sequence
    assert "Firearms ×1, Dodge ×1 back" in undo.summary
    kinds = list(jim.log.order_by("sequence").values_list("kind", flat=True))
    assert kinds[-2:] == [LogKind.LOSS, LogKind.UNDO]
    assert services_table.undone_losses(jim.log.all()) == {loss.sequence}
    assert undo.entry_hash  # chained and signed like every row


def test_the_same_undo_twice_undoes_once(jim: Character) -> None:
    _firefight(jim)
    before = services.token_sheet(jim)
    loss = _lose(jim)
    key = jim.next_sequence
    first = services_table.character_undo_loss(character=jim, key=key, loss_sequence=loss.sequence)
    second = services_table.character_undo_loss(character=jim, key=key, loss_sequence=loss.sequence)
    assert second.pk == first.pk
    assert jim.log.filter(kind=LogKind.UNDO).count() == 1
    assert services.token_sheet(jim) == before


def test_a_loss_with_anything_logged_after_it_cannot_be_undone(jim: Character) -> None:
    _firefight(jim)
    loss = _lose(jim)
    stale_key = jim.next_sequence
    _firefight(jim, applicable=("Military",), deplete={}, entered_faces=None, note="")
    after_roll = services.token_sheet(jim)
    # The form drawn before the roll: its key is taken.
    with pytest.raises(RulesError, match="already done"):
        services_table.character_undo_loss(
            character=jim, key=stale_key, loss_sequence=loss.sequence
        )
    # A form drawn now, naming the older loss: refused, not the roll.
    with pytest.raises(RulesError, match="Only the latest entry of the log can be undone"):
        services_table.character_undo_loss(
            character=jim, key=jim.next_sequence, loss_sequence=loss.sequence
        )
    assert not jim.log.filter(kind=LogKind.UNDO).exists()
    assert services.token_sheet(jim) == after_roll
    assert STALE_MESSAGE.startswith("That was already done")


def test_only_a_loss_can_be_undone_and_an_undo_not_twice(jim: Character) -> None:
    roll = _firefight(jim)
    with pytest.raises(RulesError, match="only a loss"):
        services_table.character_undo_loss(
            character=jim, key=jim.next_sequence, loss_sequence=roll.sequence
        )
    loss = _lose(jim)
    services_table.character_undo_loss(
        character=jim, key=jim.next_sequence, loss_sequence=loss.sequence
    )
    with pytest.raises(RulesError, match="Only the latest entry"):
        services_table.character_undo_loss(
            character=jim, key=jim.next_sequence, loss_sequence=loss.sequence
        )
    assert jim.log.filter(kind=LogKind.UNDO).count() == 1
