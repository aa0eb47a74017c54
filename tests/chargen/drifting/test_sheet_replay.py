"""The token sheet is a pure replay of the log: after every action through the services,
the stored snapshot equals `rules.drifting.replay_sheet` over the log's rows.

Random walks (seeded, so a failure repeats) mix every action that changes a sheet:
rolls (with depletion, assists and shared marks), assists, gains, losses, undoing a
loss, a player's refresh and the GM's campaign refresh.
"""

from __future__ import annotations

import contextlib
import random

import pytest
from django.contrib.auth.models import User

from chargen.campaigns.models import Campaign
from chargen.drifting import services, services_table
from chargen.drifting.models import Character, LogEntry, LogKind
from chargen.drifting.sheet_writes import ReplayMismatch, log_sheet, sheet_action
from rules import drifting as rules
from rules.errors import RulesError

pytestmark = pytest.mark.django_db


def stored(character: Character) -> dict[str, rules.TokenState]:
    return services.token_sheet(character)


def assert_replay_is_stored(*characters: Character) -> None:
    for character in characters:
        replayed = log_sheet(character)
        assert replayed == stored(character)
        # The order too: the pages list tokens as the snapshot orders them.
        assert list(replayed) == list(stored(character))


def _key(character: Character) -> int:
    character.refresh_from_db()
    return character.next_sequence


def _random_roll(chance: random.Random, character: Character, other: Character) -> None:
    sheet = stored(character)
    usable = [name for name, state in sheet.items() if state.gives_modifier]
    fresh = [name for name, state in sheet.items() if state.fresh]
    applicable = tuple(chance.sample(usable, k=chance.randint(0, len(usable))))
    deplete = dict.fromkeys(chance.sample(fresh, k=min(len(fresh), chance.randint(0, 2))), 1)
    share = chance.choice([None, *deplete]) if deplete else None
    services.character_roll(
        character=character,
        key=_key(character),
        choices=services.RollChoices(
            applicable=applicable,
            deplete=deplete,
            share_token=share,
            share_with=other if share else None,
        ),
    )


def _random_loss(chance: random.Random, character: Character) -> None:
    held = [name for name, state in stored(character).items() if state.held]
    related = chance.sample(held, k=min(len(held), chance.randint(1, 2)))
    own = chance.randint(2, 12)
    _lose(character, own=own, opponent=own + chance.randint(1, 12), related=related)


def _lose(character: Character, *, own: int, opponent: int, related: list[str]) -> None:
    """Lose by `opponent - own`, choosing the first tokens open when a choice is owed."""
    sheet = stored(character)
    step = services.loss_margin_step(character.campaign)
    order = rules.loss_order(
        sheet, owed=rules.tokens_lost_for_margin(opponent - own, step=step), related=related
    )
    choices: dict[str, int] = {}
    for wanted, open_types in (
        (order.to_choose_fresh, order.fresh_open),
        (order.to_choose_depleted, order.depleted_open),
    ):
        for name, count in open_types.items():
            taken = min(wanted, count)
            if taken:
                choices[name] = choices.get(name, 0) + taken
                wanted -= taken
    services.character_lose_tokens(
        character=character,
        key=_key(character),
        own_total=own,
        opponent_total=opponent,
        related=related,
        choices=choices,
    )


def _random_step(
    chance: random.Random,
    character: Character,
    other: Character,
    campaign: Campaign,
    gm: User,
) -> None:
    action = chance.choice(["roll", "roll", "roll", "assist", "gain", "loss", "undo", "refresh"])
    if action == "roll":
        _random_roll(chance, character, other)
    elif action == "assist":
        fresh = [name for name, state in stored(character).items() if state.fresh]
        if fresh:
            services.character_assist(
                helper=character, recipient=other, token=chance.choice(fresh), key=_key(character)
            )
    elif action == "gain":
        for name, state in stored(character).items():
            if state.gain_due:
                services.character_gain_token(character=character, token=name, key=_key(character))
    elif action == "loss":
        _random_loss(chance, character)
    elif action == "undo":
        latest = character.log.order_by("-sequence").first()
        if latest is not None and latest.kind == LogKind.LOSS:
            services_table.character_undo_loss(
                character=character, key=_key(character), loss_sequence=latest.sequence
            )
    else:
        services.campaign_refresh(campaign=campaign, by=gm)


@pytest.mark.parametrize("seed", range(6))
def test_a_random_session_leaves_every_snapshot_equal_to_a_replay(
    seed: int, jim: Character, linda: Character, campaign: Campaign, gm: User
) -> None:
    chance = random.Random(seed)
    for _ in range(40):
        character, other = chance.choice([(jim, linda), (linda, jim)])
        # A choice the rules refuse changes nothing, and the snapshot must agree.
        with contextlib.suppress(RulesError):
            _random_step(chance, character, other, campaign, gm)
        assert_replay_is_stored(jim, linda)
    kinds = set(jim.log.values_list("kind", flat=True)) | set(
        linda.log.values_list("kind", flat=True)
    )
    assert {LogKind.ROLL, LogKind.LOSS, LogKind.REFRESH} <= kinds


def test_every_kind_of_change_replays_to_the_stored_sheet(
    jim: Character, linda: Character, campaign: Campaign, gm: User, player: User
) -> None:
    """One of each, in a fixed order: the walk above may miss a rare kind."""
    services.character_roll(
        character=jim,
        key=_key(jim),
        choices=services.RollChoices(
            applicable=("Military", "Firearms"),
            deplete={"Firearms": 1},
            share_token="Firearms",
            share_with=linda,
        ),
    )
    services.character_assist(helper=linda, recipient=jim, token="Space", key=_key(linda))
    services.character_roll(
        character=jim,
        key=_key(jim),
        choices=services.RollChoices(applicable=("Military",), deplete={"Military": 1}),
    )
    services.character_gain_token(character=jim, token="Military", key=_key(jim))
    services.character_lose_tokens(
        character=jim,
        key=_key(jim),
        own_total=3,
        opponent_total=9,
        related=["Dodge"],
        choices={"Military": 1},
    )
    loss = jim.log.order_by("-sequence").first()
    assert loss is not None
    services_table.character_undo_loss(character=jim, key=_key(jim), loss_sequence=loss.sequence)
    services.character_lose_tokens(
        character=jim, key=_key(jim), own_total=8, opponent_total=9, related=["Dodge"], choices={}
    )
    # Past every fresh token: depleted ones are lost too (Firearms and Military).
    _lose(jim, own=0, opponent=30, related=["Firearms"])
    assert {name for name, state in stored(jim).items() if state.lost and not state.depleted}
    services.campaign_refresh(campaign=campaign, by=gm)
    assert stored(linda)["Firearms"].held == 1  # ten shared marks became a token
    solo = services.character_start(owner=player)
    assert_replay_is_stored(jim, linda, solo)
    kinds = {
        kind for character in (jim, linda) for kind in character.log.values_list("kind", flat=True)
    }
    assert {
        LogKind.FINISHED,
        LogKind.ROLL,
        LogKind.SHARED_MARK,
        LogKind.ASSIST,
        LogKind.GAIN,
        LogKind.LOSS,
        LogKind.UNDO,
        LogKind.REFRESH,
    } <= kinds


def test_a_row_that_does_not_record_what_its_action_made_is_refused_and_nothing_kept(
    jim: Character,
) -> None:
    """The write replays its new row onto the sheet it was built from and compares: a row
    whose details say less than the action did is a bug, and the whole write rolls back."""
    before = stored(jim)
    rows = jim.log.count()

    def build(
        character: Character, sheet: dict[str, rules.TokenState], log: object
    ) -> tuple[LogEntry, dict[str, rules.TokenState]]:
        plan = rules.plan_token_roll(sheet, applicable=("Military",), deplete={"Military": 1})
        # The row forgets the depletion that the sheet it returns has made.
        details = {"depleted": {}, "check_marks": dict(plan.check_marks)}
        row = LogEntry(kind=LogKind.ROLL, summary="A roll.", details=details, faces=[3, 4])
        return row, rules.apply_token_roll(sheet, plan)

    with pytest.raises(ReplayMismatch):
        sheet_action(jim, key=_key(jim), kind=LogKind.ROLL, build=build)
    assert jim.log.count() == rows
    assert stored(jim) == before
    jim.refresh_from_db()
    assert_replay_is_stored(jim)
