"""A campaign's own careers: written and published by its GM, pinned like the book's.

A campaign's rule data is the book's, less the book careers its GM hid, plus the latest
published version of each of its homebrew careers, as one set of records
(`campaign_rule_records`). A character started in the campaign is pinned to that data's
version (`rulebook_version_for_new_character(campaign=...)`), so it replays, prints and
exports from the version it read whatever the GM edits or publishes later; a draft
moves to newer data only through chargen.infinity_drive.rule_upgrade.

Every write checks the GM and runs in one transaction; publishing refuses a career with
any problem (rules.infinity_drive.homebrew_careers) and saves nothing then.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import Max

from chargen.campaigns.models import Campaign
from chargen.core.ruledata import current_rule_version, rule_data, rule_data_changed
from chargen.rulebook import services as rulebook_services
from chargen.rulebook.models import HiddenBookCareer, HomebrewCareer, HomebrewCareerVersion
from chargen.rulebook.services import RULESET, current_rulebook_version
from rules.errors import RulesError
from rules.infinity_drive.homebrew_careers import (
    CareerDraft,
    career_from_book,
    career_from_json,
    career_problems,
    career_to_json,
    new_skills_defined_elsewhere,
    rulebook_with_careers,
)
from rules.infinity_drive.rulebook import (
    LearnerType,
    PublishedCareer,
    Rulebook,
    rulebook_from_records,
)

logger = logging.getLogger(__name__)

BLANK_SURVIVAL = {LearnerType.ACTION: 5, LearnerType.ACADEMIC: 5, LearnerType.BALANCED: 5}


class HomebrewRefused(RulesError):
    """A homebrew write that may not happen; `problems` say why, field by field."""

    def __init__(self, message: str, problems: Mapping[str, list[str]] | None = None) -> None:
        super().__init__(message)
        self.problems = dict(problems or {})


def campaign_scope(campaign: Campaign) -> str:
    """The campaign's rule data scope: marked stale with the book's (its prefix) and on
    its own when the GM publishes or hides a career."""
    return f"{RULESET}:campaign:{campaign.pk}"


def require_gm(campaign: Campaign, by: AbstractBaseUser) -> None:
    if not campaign.is_gm(by):
        raise PermissionDenied("Only the campaign's GM writes its careers.")


def published(campaign: Campaign) -> list[tuple[HomebrewCareer, HomebrewCareerVersion]]:
    """Each of the campaign's careers that has been published, with its latest version."""
    latest = HomebrewCareerVersion.objects.filter(career__campaign=campaign).order_by(
        "career__name", "-number"
    )
    found: dict[Any, tuple[HomebrewCareer, HomebrewCareerVersion]] = {}
    for version in latest.select_related("career"):
        found.setdefault(version.career_id, (version.career, version))
    return list(found.values())


def hidden_careers(campaign: Campaign) -> list[str]:
    return list(HiddenBookCareer.objects.filter(campaign=campaign).values_list("name", flat=True))


def published_json(draft: Mapping[str, Any], career: HomebrewCareer, number: int) -> dict[str, Any]:
    """The draft `draft` as `career`'s published version `number`: the career's id and
    the number are written into the data, so the rule data a character pins names the
    version it read."""
    marked = replace(career_from_json(draft), publication=PublishedCareer(str(career.pk), number))
    return career_to_json(marked)


def published_career(career: HomebrewCareer, version: HomebrewCareerVersion) -> CareerDraft:
    """A published version as the rules read it; one published before versions carried
    their mark gets it from its row."""
    draft = career_from_json(version.data)
    if draft.publication is None:
        draft = replace(draft, publication=PublishedCareer(str(career.pk), version.number))
    return draft


def campaign_rule_records(campaign: Campaign) -> list[dict[str, Any]]:
    """The book's records, less the hidden careers, plus every published career's.

    A published career the book no longer supports (an admin removed a skill it names)
    is left out, and said in the log, rather than keeping every character from starting."""
    book = rule_data(current_rulebook_version())
    hidden = hidden_careers(campaign)
    careers: list[CareerDraft] = []
    for career, version in published(campaign):
        draft = published_career(career, version)
        try:
            rulebook_with_careers(book, [*careers, draft], hidden)
        except RulesError:
            logger.warning(
                "Homebrew career %s (v%s) left out: %s", career.pk, version.number, draft
            )
            continue
        careers.append(draft)
    records, _ = rulebook_with_careers(book, careers, hidden)
    return records


def campaign_rulebook_version(campaign: Campaign, recorded: Mapping[str, str] | None = None) -> str:
    """The hash of the campaign's rule data as it is now (agreed by every worker)."""
    return current_rule_version(
        scope=campaign_scope(campaign),
        ruleset=RULESET,
        load=lambda: campaign_rule_records(campaign),
        recorded=recorded,
    )


def homebrew_names(rulebook: Rulebook, book: Rulebook) -> frozenset[str]:
    """The careers of `rulebook` that the book does not have: the homebrew ones."""
    return frozenset(rulebook.careers) - frozenset(book.careers)


# --- The GM's writes -----------------------------------------------------------------------


def current_book() -> tuple[list[dict[str, Any]], Rulebook]:
    records = rule_data(current_rulebook_version())
    return records, rulebook_from_records(records)


def career_checks(career: HomebrewCareer, draft: CareerDraft | None = None) -> dict[str, list[str]]:
    """The problems of the career's draft (or of `draft`), in its campaign: against the book
    less the careers the GM hid, beside the campaign's other careers."""
    campaign = career.campaign
    records, _ = current_book()
    _, book = rulebook_with_careers(records, [], hidden_careers(campaign))
    others = HomebrewCareer.objects.filter(campaign=campaign).exclude(pk=career.pk)
    draft = draft or career_from_json(career.draft)
    problems = career_problems(
        draft,
        book,
        metaphysical_in_play=campaign.rules.metaphysical_in_play,
        other_careers=list(others.values_list("name", flat=True)),
    )
    published_others = [
        career_from_json(version.data)
        for other, version in published(campaign)
        if other.pk != career.pk
    ]
    for field, found in new_skills_defined_elsewhere(draft, published_others).items():
        problems.setdefault(field, []).extend(found)
    return problems


def blank_career(name: str) -> CareerDraft:
    """A career with nothing but its name and a survival target for every learner."""
    return CareerDraft(name=name, specialisations=(), tables=(), survival=BLANK_SURVIVAL)


def _free_name(campaign: Campaign, wanted: str) -> str:
    taken = set(HomebrewCareer.objects.filter(campaign=campaign).values_list("name", flat=True))
    name, number = wanted, 2
    while name in taken:
        name, number = f"{wanted} {number}", number + 1
    return name


@transaction.atomic
def homebrew_career_create(
    *, campaign: Campaign, by: AbstractBaseUser, copy_of: str = ""
) -> HomebrewCareer:
    """A new draft in the campaign: blank, or a copy of the book's career `copy_of`."""
    require_gm(campaign, by)
    if copy_of:
        _, book = current_book()
        draft = career_from_book(book, copy_of)
    else:
        draft = blank_career("New career")
    name = _free_name(campaign, draft.name)
    data = career_to_json(draft) | {"name": name}
    return HomebrewCareer.objects.create(campaign=campaign, name=name, draft=data)


@transaction.atomic
def homebrew_career_save(
    *, career: HomebrewCareer, by: AbstractBaseUser, draft: CareerDraft
) -> HomebrewCareer:
    """Save the draft as written, problems and all: they are shown, and stop publishing."""
    require_gm(career.campaign, by)
    name = draft.name.strip()
    if not name:
        raise HomebrewRefused("Give the career a name.", {"name": ["Give the career a name."]})
    career.name = name
    career.draft = career_to_json(draft)
    try:
        with transaction.atomic():
            career.save(update_fields=["name", "draft", "updated"])
    except IntegrityError as clash:
        problem = f"This campaign already has a career called “{name}”."
        raise HomebrewRefused(problem, {"name": [problem]}) from clash
    return career


@transaction.atomic
def homebrew_career_publish(
    *, career: HomebrewCareer, by: AbstractBaseUser
) -> HomebrewCareerVersion:
    """Publish the draft as the career's next version, or refuse it with its problems."""
    require_gm(career.campaign, by)
    career = HomebrewCareer.objects.select_for_update().get(pk=career.pk)
    problems = career_checks(career)
    if problems:
        raise HomebrewRefused("The career has problems; mend them before publishing.", problems)
    highest = career.versions.aggregate(highest=Max("number"))["highest"] or 0
    version = HomebrewCareerVersion.objects.create(
        career=career, number=highest + 1, data=published_json(career.draft, career, highest + 1)
    )
    rule_data_changed(campaign_scope(career.campaign))
    return version


@transaction.atomic
def homebrew_career_delete(*, career: HomebrewCareer, by: AbstractBaseUser) -> None:
    """Take the career out of the campaign; characters built under it keep their data."""
    require_gm(career.campaign, by)
    campaign = career.campaign
    career.delete()
    rule_data_changed(campaign_scope(campaign))


@transaction.atomic
def book_career_hide(*, campaign: Campaign, by: AbstractBaseUser, name: str, hidden: bool) -> None:
    """Hide a book career from the campaign's new characters, or bring it back."""
    require_gm(campaign, by)
    _, book = current_book()
    if name not in book.careers:
        raise HomebrewRefused(f"The book has no career called “{name}”.")
    if hidden:
        HiddenBookCareer.objects.get_or_create(campaign=campaign, name=name)
    else:
        HiddenBookCareer.objects.filter(campaign=campaign, name=name).delete()
    rule_data_changed(campaign_scope(campaign))


def rulebook_version_for_new_character(
    campaign: Campaign | None = None, recorded: Mapping[str, str] | None = None
) -> str | None:
    """The version a character started now in `campaign` is pinned to: the campaign's rule
    data (the book's outside a campaign); None while the book's tables are empty."""
    if rulebook_services.rulebook_version_for_new_character(recorded) is None:
        return None
    if campaign is None:
        return rulebook_services.current_rulebook_version(recorded)
    return campaign_rulebook_version(campaign, recorded)


def scopes_for(campaign: Campaign | None) -> list[str]:
    """The rule data scopes a character of `campaign` reads (for `recorded_versions`)."""
    return [RULESET] if campaign is None else [RULESET, campaign_scope(campaign)]
