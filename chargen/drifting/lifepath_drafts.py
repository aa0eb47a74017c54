"""A GM's own Drifting lifepaths: drafts written per campaign, checked as a whole set,
published as numbered versions.

A draft is offered to nobody. Publishing checks the set a character of the campaign
would choose from once the draft is in it (the starter set and the campaign's own
lifepaths, the draft replacing the version it edits) with rules.drifting's lifepath
checks, and writes the draft into its `Lifepath` row only if the set has no problem.
Writing the row makes the campaign's current lifepath set a new pinned version
(chargen.drifting.pinned): characters already pinned keep theirs, and a draft character
moves only through the rule-data upgrade (rule_upgrade.py), which lists what changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.text import slugify

from chargen.campaigns.models import Campaign
from chargen.drifting.models import Lifepath, LifepathDraft
from chargen.drifting.offered import held_lifepaths, offered_lifepaths, withdrawn_in
from chargen.drifting.selectors import lifepath_limit
from rules import drifting as rules

MAX_DRAFTS_PER_CAMPAIGN = 200  # a GM's table of lifepaths, not a store for anything


class LifepathsRefused(rules.DriftingError):
    """The set would have problems: each names its lifepath and field."""

    def __init__(self, problems: Sequence[rules.LifepathProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(problem_text(problem) for problem in self.problems))


def problem_text(problem: rules.LifepathProblem) -> str:
    """A problem with the lifepath it is about, e.g. "Ace: “Pilot” is no lifepath here…"."""
    return f"{problem.lifepath}: {problem.message}" if problem.lifepath else problem.message


@dataclass(frozen=True)
class DraftFields:
    """What a GM writes for a lifepath (grants as written: the checks read the kinds)."""

    name: str
    region: str
    description: str
    requires: tuple[str, ...]
    grants: tuple[rules.GrantLine, ...]


def grants_json(grants: Iterable[rules.GrantLine]) -> list[dict[str, Any]]:
    return [{"kind": grant.kind, "name": grant.name, "count": grant.count} for grant in grants]


def grant_lines(grants: Iterable[dict[str, Any]]) -> tuple[rules.GrantLine, ...]:
    return tuple(
        rules.GrantLine(kind=grant["kind"], name=grant["name"], count=grant["count"])
        for grant in grants
    )


def open_lifepaths(campaign: Campaign) -> list[Lifepath]:
    """The published lifepaths a character of the campaign chooses from, in their order."""
    return list(offered_lifepaths(campaign))


def lines_of(lifepath: Lifepath) -> rules.LifepathLines:
    return rules.LifepathLines(
        name=lifepath.name,
        region=lifepath.region,
        grants=tuple(
            rules.GrantLine(kind=grant.kind, name=grant.name, count=grant.count)
            for grant in lifepath.grants.all()
        ),
        requires=tuple(required.name for required in lifepath.requires.all()),
    )


def draft_lines(fields: DraftFields) -> rules.LifepathLines:
    return rules.LifepathLines(
        name=fields.name, region=fields.region, grants=fields.grants, requires=fields.requires
    )


def fields_of_draft(draft: LifepathDraft) -> DraftFields:
    return DraftFields(
        name=draft.name,
        region=draft.region,
        description=draft.description,
        requires=tuple(str(name) for name in draft.requires),
        grants=grant_lines(draft.grants),
    )


def set_problems(
    campaign: Campaign,
    written: Sequence[tuple[Lifepath | None, DraftFields]],
    published: list[Lifepath] | None = None,
) -> tuple[rules.LifepathProblem, ...]:
    """The problems of the campaign's set once each written lifepath is in it (replacing
    the published lifepath it edits, if any)."""
    published = open_lifepaths(campaign) if published is None else published
    replaced = {lifepath.pk for lifepath, _ in written if lifepath is not None}
    lines = [lines_of(lifepath) for lifepath in published if lifepath.pk not in replaced]
    lines += [draft_lines(fields) for _, fields in written]
    return rules.lifepath_set_problems(lines, limit=lifepath_limit(campaign))


def set_preview(campaign: Campaign) -> rules.SetPreview:
    """The set a new character of the campaign would choose from once every draft is
    published, and what the checks find in it (the GM's lifepaths page)."""
    return rules.lifepath_set_preview(
        [lines_of(lifepath) for lifepath in open_lifepaths(campaign)],
        [
            rules.DraftLines(
                draft_lines(fields_of_draft(draft)),
                replaces=draft.replaces.name if draft.replaces is not None else "",
            )
            for draft in LifepathDraft.objects.filter(campaign=campaign).select_related("replaces")
        ],
        limit=lifepath_limit(campaign),
    )


def gm_only(campaign: Campaign, by: AbstractBaseUser) -> None:
    if not campaign.is_gm(by):
        raise rules.DriftingError("Only the campaign's GM writes its lifepaths.")


def _draft_from(
    campaign: Campaign, fields: DraftFields, *, replaces: Lifepath | None
) -> LifepathDraft:
    if LifepathDraft.objects.filter(campaign=campaign).count() >= MAX_DRAFTS_PER_CAMPAIGN:
        raise rules.DriftingError(
            f"{campaign.name} has {MAX_DRAFTS_PER_CAMPAIGN} drafts: publish or discard some first."
        )
    return LifepathDraft.objects.create(
        campaign=campaign,
        replaces=replaces,
        name=fields.name,
        region=fields.region,
        description=fields.description,
        requires=list(fields.requires),
        grants=grants_json(fields.grants),
    )


@transaction.atomic
def lifepath_draft_create(
    *, campaign: Campaign, by: AbstractBaseUser, fields: DraftFields
) -> LifepathDraft:
    """A new lifepath for the campaign, as a draft (saved as written: checked at publish)."""
    gm_only(campaign, by)
    return _draft_from(campaign, fields, replaces=None)


@transaction.atomic
def lifepath_draft_copy(
    *, campaign: Campaign, by: AbstractBaseUser, source: Lifepath
) -> LifepathDraft:
    """A draft of a new lifepath starting as a copy of `source` (the starter set's or the
    campaign's own), under a name of its own."""
    gm_only(campaign, by)
    fields = DraftFields(
        name=f"{source.name} (copy)"[:80],
        region=source.region,
        description=source.description,
        requires=tuple(required.name for required in source.requires.all()),
        grants=tuple(
            rules.GrantLine(kind=grant.kind, name=grant.name, count=grant.count)
            for grant in source.grants.all()
        ),
    )
    return _draft_from(campaign, fields, replaces=None)


@transaction.atomic
def lifepath_draft_for_edit(
    *, campaign: Campaign, by: AbstractBaseUser, lifepath: Lifepath
) -> LifepathDraft:
    """The draft of the next version of one of the campaign's own lifepaths: the one
    already open, else a new one holding the published version."""
    gm_only(campaign, by)
    if lifepath.campaign_id != campaign.pk:
        raise rules.DriftingError("Only the campaign's own lifepaths are edited here: copy it.")
    existing = LifepathDraft.objects.filter(replaces=lifepath).first()
    if existing is not None:
        return existing
    lines = lines_of(lifepath)
    fields = DraftFields(
        name=lifepath.name,
        region=lifepath.region,
        description=lifepath.description,
        requires=lines.requires,
        grants=lines.grants,
    )
    return _draft_from(campaign, fields, replaces=lifepath)


@transaction.atomic
def lifepath_draft_save(
    *, draft: LifepathDraft, by: AbstractBaseUser, fields: DraftFields
) -> LifepathDraft:
    gm_only(draft.campaign, by)
    draft.name = fields.name
    draft.region = fields.region
    draft.description = fields.description
    draft.requires = list(fields.requires)
    draft.grants = grants_json(fields.grants)
    draft.save()
    return draft


@transaction.atomic
def lifepath_draft_discard(*, draft: LifepathDraft, by: AbstractBaseUser) -> None:
    gm_only(draft.campaign, by)
    draft.delete()


def _unique_slug(name: str, taken: set[str]) -> str:
    """A slug no other open lifepath has: the choosing rules tell lifepaths apart by it."""
    base = slugify(name)[:54] or "lifepath"
    slug, number = base, 2
    while slug in taken:
        slug, number = f"{base}-{number}", number + 1
    return slug


def write_lifepath(
    *,
    campaign: Campaign,
    fields: DraftFields,
    replaces: Lifepath | None,
    open_now: list[Lifepath],
    published_from: Any = None,
) -> Lifepath:
    """Write a checked lifepath as the next published version (the caller has checked the
    set and holds the campaign's lock). `open_now` includes the lifepaths written before
    in the same publish, so requirements may name them."""
    by_name = {rules.lifepath_key(lifepath.name): lifepath for lifepath in open_now}
    if replaces is None:
        lifepath = Lifepath(
            campaign=campaign,
            # Unique among every lifepath the campaign holds, withdrawn ones too: one
            # withdrawn may be offered again beside it.
            slug=_unique_slug(
                fields.name, set(held_lifepaths(campaign).values_list("slug", flat=True))
            ),
            order=1000,
            version=1,
        )
    else:
        lifepath = replaces
        lifepath.version += 1
    lifepath.name = fields.name.strip()
    lifepath.region = fields.region.strip()
    lifepath.description = fields.description.strip()
    lifepath.published_from = published_from
    lifepath.save()
    lifepath.grants.all().delete()
    for grant in fields.grants:
        lifepath.grants.create(kind=grant.kind, name=grant.name.strip(), count=grant.count)
    lifepath.requires.set([by_name[rules.lifepath_key(name)] for name in fields.requires])
    return lifepath


def lifepath_publish(*, draft: LifepathDraft, by: AbstractBaseUser) -> Lifepath:
    """Publish the draft as its lifepath's next version (the first, for a new one) if the
    campaign's set has no problem with it in (LifepathsRefused otherwise, nothing saved)."""
    with transaction.atomic():
        # One publish at a time per campaign: the set checked is the set written.
        campaign = Campaign.objects.select_for_update().get(pk=draft.campaign_id)
        gm_only(campaign, by)
        draft = LifepathDraft.objects.select_related("replaces").get(pk=draft.pk)
        fields = fields_of_draft(draft)
        published = open_lifepaths(campaign)
        problems = set_problems(campaign, [(draft.replaces, fields)], published)
        if problems:
            raise LifepathsRefused(problems)
        open_now = [lifepath for lifepath in published if lifepath.pk != draft.replaces_id]
        lifepath = write_lifepath(
            campaign=campaign,
            fields=fields,
            replaces=draft.replaces,
            open_now=open_now,
            published_from=draft.pk,
        )
        if draft.replaces_id is not None:
            # A new version of a withdrawn lifepath is offered again: the set just
            # checked has it in.
            withdrawn_in(campaign).filter(lifepath_id=draft.replaces_id).delete()
        draft.delete()
        return lifepath


def campaign_lifepath_add(
    *,
    campaign: Campaign,
    by: AbstractBaseUser,
    name: str,
    description: str,
    region: str,
    grants: Sequence[rules.TokenGrant],
    requires: Sequence[str] = (),
) -> Lifepath:
    """Write and publish a new lifepath at once (scripts and tests): the same checks."""
    fields = DraftFields(
        name=name,
        region=region,
        description=description,
        requires=tuple(requires),
        grants=tuple(
            rules.GrantLine(kind=grant.kind.value, name=grant.name, count=grant.count)
            for grant in grants
        ),
    )
    with transaction.atomic():
        draft = lifepath_draft_create(campaign=campaign, by=by, fields=fields)
        return lifepath_publish(draft=draft, by=by)
