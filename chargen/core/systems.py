"""The registry of game systems: what each one tells core, campaigns and the desk.

core, campaigns and desk import no game system. Each system's app declares one
`GameSystem` in its `system.py` and registers it from its `AppConfig.ready()`, so
adding the app to INSTALLED_APPS is the one line that plugs a system in. From then
on the registry drives the home page's sections, the navigation, the URLs, the
choice of game for a campaign and its house-rules form, deleting a character, and
the GM's desk (queues, links, the player's page); and each kind of character's `exporter`.

Every field is plain data or a callable, so a test can declare a fake system with
nothing but lambdas and prove the kernel works with a system it has never seen.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ImproperlyConfigured

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
    from django.template.base import Template

    from chargen.core.deletion import Deletion
    from chargen.core.export import Exporter
    from chargen.core.home import HomeSection
    from chargen.core.house_rules import HouseRulesCodec
    from chargen.core.live import LiveFeed

    User = AbstractBaseUser | AnonymousUser

# A campaign, or a Decision, as the system's callables receive it. Typed loosely on
# purpose: core may not import the campaigns or desk models.
Campaign = Any
Decision = Any


@dataclass(frozen=True)
class NavEntry:
    """One link in the main menu; it is marked current on every page of `app_name`."""

    label: str
    url_name: str  # reversed without arguments
    app_name: str


@dataclass(frozen=True)
class UrlMount:
    """Where the system's own pages live: `include(module)` under `prefix`."""

    prefix: str  # "characters/"
    module: str  # "chargen.infinity_drive.urls"


@dataclass(frozen=True)
class CharacterKind:
    """One kind of character (or sheet) a system keeps, and how its owner deletes it.

    The shared delete view (chargen/core/views_delete.py) finds it with `for_owner`
    (which answers 404 to anyone but the owner), describes it with `deletion` and
    deletes it with `delete`, which checks again under a lock.
    """

    key: str  # "character"; unique within the system
    for_owner: Callable[[User, uuid.UUID], Any]
    deletion: Callable[[Any], Deletion]
    delete: Callable[[Any], Deletion]
    delete_url_name: str  # reversed with character_id
    list_url_name: str  # where "delete from the list" returns to
    # How it leaves the app as a file and comes back (chargen.core.export).
    exporter: Exporter | None = None
    # Every stored snapshot that differs from a replay of its log, as printable
    # mismatches (`manage.py check_snapshots`); None: it keeps no snapshot.
    snapshot_mismatches: Callable[[], Iterable[object]] | None = None


@dataclass(frozen=True)
class DeskQueue:
    """A queue on the GM's desk: "3 races to approve", counted for many campaigns at once."""

    noun: str  # "race"; the desk adds the plural "s"
    url_name: str  # reversed with campaign_id
    waiting_counts: Callable[[Sequence[uuid.UUID]], Mapping[uuid.UUID, int]]
    # Said beside the count when the campaign's rules make the queue moot, or "".
    remark: Callable[[Campaign], str] = lambda campaign: ""


APPROVAL_OFF_REMARK = "(your house rules do not ask for approval)"


@dataclass(frozen=True)
class Submittable:
    """Characters that a player submits and the GM approves or returns, on the desk.

    The desk's one approval queue (chargen/desk/views.py) lists `waiting(campaign)`,
    each rendered by `card_template` with `character`, `review`, `campaign` and `error`
    in context, and decides with `approve` / `send_back`, which change the character
    and record the Decision through chargen.desk.services.decision_take. They
    raise the desk's DeskError (or RulesError) with a message for the GM.
    """

    noun: str
    waiting: Callable[[Campaign], Iterable[Any]]
    waiting_counts: Callable[[Sequence[uuid.UUID]], Mapping[uuid.UUID, int]]
    # One of the campaign's characters in any state (the card after a decision), or Http404.
    for_gm: Callable[[Campaign, uuid.UUID], Any]
    approve: Callable[[Any, AbstractBaseUser, str], Decision]
    send_back: Callable[[Any, AbstractBaseUser, str], Decision]
    card_template: str | Template
    # The player's own characters in the campaign, for their page of the desk.
    mine: Callable[[Campaign, AbstractBaseUser], Iterable[Any]]
    mine_template: str | Template
    # Whether the campaign's house rules send finished characters to the queue at all.
    approval_required: Callable[[Campaign], bool] = lambda campaign: True
    # What a return lets the player change, said above the queue.
    queue_help: str = ""
    # What the card shows beyond the item itself (`review` in the card's context), read
    # for each card: Infinity Drive's profile, roll summary and changes since a return.
    review: Callable[[Campaign, Any], Any] = lambda campaign, character: None

    def as_queue(self) -> DeskQueue:
        return DeskQueue(
            noun=self.noun,
            url_name="desk:character_queue",
            waiting_counts=self.waiting_counts,
            remark=lambda campaign: "" if self.approval_required(campaign) else APPROVAL_OFF_REMARK,
        )


@dataclass(frozen=True)
class DeskLink:
    """A link in the GM desk's menu for one campaign (reversed with campaign_id)."""

    label: str
    url_name: str


@dataclass(frozen=True)
class DeskSection:
    """A block on the player's page of the desk, rendered by `template_name` with `section`."""

    key: str
    title: str
    template_name: str
    items: Mapping[str, Any]


@dataclass(frozen=True)
class Desk:
    """What a system adds to the GM's desk besides its approval queue."""

    queues: tuple[DeskQueue, ...] = ()  # listed before the approval queue
    links: tuple[DeskLink, ...] = ()
    player_sections: Callable[[Campaign, AbstractBaseUser], Sequence[DeskSection]] = (
        lambda campaign, user: ()
    )
    # URL patterns mounted inside the desk's namespace ("desk:race_queue").
    urls: str | None = None


@dataclass(frozen=True)
class CampaignLink:
    label: str
    url: str


@dataclass(frozen=True)
class GameSystem:
    key: str  # stored in Campaign.game and as the key of Campaign.house_rules
    label: str
    # Home sections, menu entries and the campaign's choice of game follow this order.
    order: int
    home_section: Callable[[AbstractBaseUser], HomeSection] | None = None
    nav: tuple[NavEntry, ...] = ()
    urls: UrlMount | None = None
    # A campaign may play it: it is offered when a GM creates a campaign.
    campaign_game: bool = False
    house_rules: HouseRulesCodec[Any] | None = None
    # Links on the page of a campaign that plays this system (user is its GM or not).
    campaign_links: Callable[[Campaign, bool], Sequence[CampaignLink]] = lambda campaign, is_gm: ()
    # Where a member starts a character for the campaign, the campaign preselected ("" if
    # the system has no such page): the campaign page's "Create your character for …".
    start_character_url: Callable[[Campaign], str] = lambda campaign: ""
    # How the system is offered to a newcomer: the name a player knows it by, one line
    # on what it is, and where a new character or sheet begins ("" if nowhere). The home
    # page, the footer and "Create a character" list every system that has a start.
    title: str = ""
    pitch: str = ""
    start_url: Callable[[], str] = lambda: ""
    character_kinds: tuple[CharacterKind, ...] = ()
    submittable: Submittable | None = None
    desk: Desk = field(default_factory=Desk)
    # How its log reads on a campaign's live table (None: no table shows it).
    live: LiveFeed | None = None

    def character_kind(self, key: str) -> CharacterKind:
        for kind in self.character_kinds:
            if kind.key == key:
                return kind
        raise LookupError(f"{self.label} keeps no “{key}” characters.")

    def desk_queues(self) -> tuple[DeskQueue, ...]:
        """Every queue this system puts on the GM's desk, in the order they are shown."""
        approval = (self.submittable.as_queue(),) if self.submittable else ()
        return (*self.desk.queues, *approval)


class UnknownSystem(LookupError):
    """No registered game system has this key."""


class Registry:
    """The game systems this installation knows, in their `order`."""

    def __init__(self) -> None:
        self._systems: dict[str, GameSystem] = {}

    def register(self, system: GameSystem) -> GameSystem:
        known = self._systems.get(system.key)
        if known is not None and known is not system:
            raise ImproperlyConfigured(f"Two game systems use the key “{system.key}”.")
        if system.campaign_game and system.house_rules is None:
            raise ImproperlyConfigured(
                f"{system.label} is played in campaigns, so it must declare its house rules."
            )
        if system.house_rules is not None and system.house_rules.system_key != system.key:
            raise ImproperlyConfigured(
                f"{system.label}'s house rules are stored under “{system.house_rules.system_key}”"
                f", not under its own key “{system.key}”."
            )
        self._systems[system.key] = system
        return system

    def unregister(self, key: str) -> None:
        self._systems.pop(key, None)

    @contextmanager
    def registered(self, system: GameSystem) -> Iterator[GameSystem]:
        """The system registered for the duration of a `with` block (tests' fake systems)."""
        self.register(system)
        try:
            yield system
        finally:
            self.unregister(system.key)

    def get(self, key: str) -> GameSystem:
        try:
            return self._systems[key]
        except KeyError:
            raise UnknownSystem(f"No game system is registered as “{key}”.") from None

    def all(self) -> list[GameSystem]:
        return sorted(self._systems.values(), key=lambda system: (system.order, system.key))

    def startable(self) -> list[GameSystem]:
        """The systems a player can start a character or sheet in, in order."""
        return [system for system in self.all() if system.start_url()]

    def campaign_games(self) -> list[GameSystem]:
        return [system for system in self.all() if system.campaign_game]

    def submittable(self) -> list[GameSystem]:
        return [system for system in self.all() if system.submittable is not None]


registry = Registry()


def campaign_game_choices() -> list[tuple[str, str]]:
    """The games a campaign may play (Campaign.game's choices, read when asked)."""
    return [(system.key, system.label) for system in registry.campaign_games()]


def default_campaign_game() -> str:
    """The first campaign game in order: what a campaign plays unless the GM says."""
    games = registry.campaign_games()
    return games[0].key if games else ""
