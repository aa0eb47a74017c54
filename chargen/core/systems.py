"""The registry of game systems: what each one tells core, campaigns and the desk.

core, campaigns and desk import no game system. Each system's app declares one
`GameSystem` in its `system.py` and registers it from its `AppConfig.ready()`, so
adding the app to INSTALLED_APPS is the one line that plugs a system in. From then
on the registry drives the home page's sections, the navigation, the URLs, the
choice of game for a campaign and its house-rules form, deleting a character, and
the GM's desk (queues, links, the player's page, the content its GMs edit: ContentKind);
and each kind of character's `exporter`.

Every field is plain data or a callable, so a test can declare a fake system with
nothing but lambdas and prove the kernel works with a system it has never seen.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from django.core.exceptions import ImproperlyConfigured

if TYPE_CHECKING:
    from django import forms
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
    from django.db.models import Model, QuerySet
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
class ContentLine:
    """One line of a kind's summary on the desk's content page."""

    text: str
    # The campaign's own row (marked "yours"), not a default.
    own: bool = False
    # The key to open the row's own rows under (ContentKind.child), or "".
    child_key: str = ""


@dataclass(frozen=True)
class ContentLink:
    """A link beside one row of a kind, to a page of the game's own (a career's odds)."""

    label: str
    url: str


class ContentKind(Protocol):
    """One kind of campaign content a game lets its GM edit on the desk, a row at a time.

    The desk's editor (chargen/desk/content_*.py) knows nothing of a game's models: it
    reads a campaign's kinds from its system (`Desk.content`) and drives them through this
    protocol. A row is a model instance owned by one campaign; the desk lists the
    campaign's own rows (`own`), each beside the default it overrides (`defaults`, matched
    on the `key` field), edits one in place with `form`, adds rows with `formset`, deletes
    one, and moves one Up/Down when `ordered` (the model then has a `sort_order` field).

    How to write one: subclass `chargen.desk.content_kinds.ModelContentKind` (a frozen
    dataclass that implements all of it for a model with a `campaign` foreign key) and
    override what differs; list it in your system's `Desk(content=DeskContent(kinds=...))`.

    The promises a kind keeps, since the desk's permission checks rely on them:
    - `own(campaign)` holds only that campaign's rows: the desk finds a posted row in it
      and nowhere else, so another campaign's row (or a default) is never reached;
    - `stamp` makes a row the campaign's before its form validates (so uniqueness is
      checked among the campaign's rows), `prepare` again inside the save's transaction
      (lock what a concurrent save could break; raise `chargen.desk.content.ContentConflict`
      with a message for the GM to refuse); `belongs` says whether a row is the campaign's;
    - `form` and `formset` list their fields (a ModelForm with `Meta.fields`): a reason a
      row is refused is a form error at its field, and nothing is saved;
    - `child(campaign, key)` is the kind of the rows inside one of the campaign's own rows
      (a table's rows), or raises Http404; `child_label` is its button ("" for none);
    - `summary(campaign)` is what the content page lists under the kind's title;
    - `cells(row)` are the row's cells, one per header; `row_links(campaign, row)` the links
      beside it to the game's own pages for that row;
    - `delete_refusal(row)` says why the row may not be deleted ("" when it may): the row's
      form shows it instead of Delete, and the desk asks again, the row locked, before
      deleting.
    Slugs are unique within a system, and not "copy", "edit" or "move" (the desk's own).
    """

    # Read-only members (a frozen dataclass's fields satisfy them).
    @property
    def slug(self) -> str: ...

    @property
    def title(self) -> str: ...  # "Equipment catalogue": the page's heading

    @property
    def noun(self) -> str: ...  # "an item": the add form's "Add an item"

    @property
    def help(self) -> str: ...  # said under the heading, after what every editor says

    @property
    def model(self) -> type[Model]: ...

    @property
    def key(self) -> str: ...  # the field naming a row, unique among a campaign's rows

    @property
    def columns(self) -> tuple[str, ...]: ...  # what `cells` lists; the first names the row

    @property
    def ordered(self) -> bool: ...

    @property
    def falls_back(self) -> bool: ...  # whether deleting an override brings the default back

    @property
    def child_label(self) -> str: ...

    @property
    def parent(self) -> ContentKind | None: ...  # the kind whose row holds these rows (a table's)

    @property
    def headers(self) -> tuple[str, ...]: ...

    def page_url(self, campaign: Campaign) -> str: ...

    def row_url(self, campaign: Campaign) -> str: ...

    def key_of(self, row: Any) -> str: ...

    def label_of(self, row: Any) -> str: ...

    def own(self, campaign: Campaign) -> QuerySet[Any]: ...

    def defaults(self) -> QuerySet[Any]: ...

    def belongs(self, row: Any, campaign: Campaign) -> bool: ...

    def stamp(self, row: Any, campaign: Campaign) -> None: ...

    def prepare(self, row: Any, campaign: Campaign) -> None: ...

    def form(self, data: Any = None, *, instance: Any, prefix: str) -> forms.ModelForm[Any]: ...

    def formset(self, data: Any = None, *, queryset: Any, prefix: str) -> Any: ...

    def child(self, campaign: Campaign, key: str) -> ContentKind: ...

    def summary(self, campaign: Campaign) -> Sequence[ContentLine]: ...

    def cells(self, row: Any) -> tuple[str, ...]: ...

    def row_links(self, campaign: Campaign, row: Any) -> Sequence[ContentLink]: ...

    def delete_refusal(self, row: Any) -> str: ...


RESERVED_CONTENT_SLUGS = frozenset({"copy", "edit", "move"})


@dataclass(frozen=True)
class DeskContent:
    """The content a game's campaigns edit on the desk (the GM's "Content" page)."""

    kinds: tuple[ContentKind, ...]
    # Said at the top of the content page.
    intro: str = ""
    # Copies the game's defaults the campaign lacks into it (returns rows copied), or None.
    copy_defaults: Callable[[Campaign, AbstractBaseUser], int] | None = None
    copy_label: str = "Copy the defaults into this campaign to edit them"

    def kind(self, slug: str) -> ContentKind:
        for kind in self.kinds:
            if kind.slug == slug:
                return kind
        raise LookupError(f"No content kind “{slug}”.")


@dataclass(frozen=True)
class Desk:
    """What a system adds to the GM's desk besides its approval queue."""

    queues: tuple[DeskQueue, ...] = ()  # listed before the approval queue
    links: tuple[DeskLink, ...] = ()
    # What its campaigns' GMs edit on the desk's content pages (None: no content page).
    content: DeskContent | None = None
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
        if system.desk.content is not None:
            slugs = [kind.slug for kind in system.desk.content.kinds]
            clashes = sorted(
                {slug for slug in slugs if slugs.count(slug) > 1}
                | (set(slugs) & RESERVED_CONTENT_SLUGS)
            )
            if clashes:
                raise ImproperlyConfigured(
                    f"{system.label}'s content kinds may not be called {', '.join(clashes)}."
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
