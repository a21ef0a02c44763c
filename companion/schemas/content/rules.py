"""Validate data/rules/<game>.json at start-up: each game's rule summaries, and finding the citations in a text.

A summary says a rule in the project's own words (never the book's sentences) and names where to open the book:
a page in a book with page numbers ("27"), else the section its reasons cite ("C3", "Launcher"). The files are
edited as JSON; a bad one stops start-up with the file and the field named, like every other data/ file.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from marshmallow import ValidationError, fields, validate, validates_schema

from ..messages import first_error
from .base import ContentError, ContentSchema

Text = lambda hi: fields.String(required=True, validate=validate.Length(min=1, max=hi))  # noqa: E731


class RuleSchema(ContentSchema):
    page = Text(40)
    title = Text(80)
    keywords = fields.List(fields.String(validate=validate.Length(min=1, max=40)), required=True,
                           validate=validate.Length(min=1, max=12))
    summary = Text(420)  # one to three short sentences: a reminder, not the rulebook


class RulesFile(ContentSchema):
    game = Text(40)
    book = Text(80)
    cites = fields.String(required=True, validate=validate.OneOf(["page", "section"]))
    rules = fields.List(fields.Nested(RuleSchema), required=True, validate=validate.Length(min=1))

    @validates_schema
    def pages_fit(self, data, **kwargs):
        if data.get("cites") == "page":
            bad = [r["page"] for r in data.get("rules", []) if not r["page"].isdigit()]
            if bad:
                raise ValidationError(f"a page is a number in a book with page numbers, not {bad[0]!r}", "rules")


@dataclass(frozen=True)
class Rule:
    page: str
    title: str
    keywords: tuple[str, ...]
    summary: str


@dataclass(frozen=True)
class Citation:
    """Where a text cites the book: text[start:end] is shown as the tap target, `ref` is what it opens."""
    start: int
    end: int
    ref: str


# "p.27", "p.13-14", "p.9, 12", "p.23, p.26", "p.12 step 3": each number a citation of its own; a number after a
# comma counts only where it ends the list ("p.9, 12)" but not "p.9, 3 damage").
_PAGES = re.compile(r"\bp\.\s?(\d+(?:-\d+)?)((?:,\s*(?:p\.\s?)?\d+(?:-\d+)?(?=\s*(?:[),;:]|$|and\b|step\b|,)))*)")
_MORE = re.compile(r"(?:p\.\s?)?(\d+(?:-\d+)?)")
_GROUP = re.compile(r"\(([^()]*)\)")
_PHASE_NUMBER = re.compile(r"^\d\.?\s+")


@dataclass(frozen=True)
class RuleBook:
    game: str
    book: str
    cites: str  # "page": the book has page numbers; "section": its reasons cite section names and codes
    rules: tuple[Rule, ...]

    def refs(self) -> set[str]:
        return {r.page for r in self.rules}

    def at(self, ref: str) -> tuple[Rule, ...]:
        """The summaries a citation opens: one page or section, or a range of them ("13-14", "C3-C4")."""
        first, _, last = ref.partition("-")
        if self.cites == "page":
            if not first.isdigit() or (last and not last.isdigit()):
                return ()
            lo, hi = int(first), int(last or first)
            return tuple(r for r in self.rules if lo <= int(r.page) <= hi)
        keys = [r.page for r in self.rules]
        if ref in keys:
            return tuple(r for r in self.rules if r.page == ref)
        if first in keys and last in keys:
            lo, hi = keys.index(first), len(keys) - 1 - keys[::-1].index(last)
            return self.rules[lo:hi + 1]
        return ()

    def search(self, query: str) -> tuple[Rule, ...]:
        """Every summary holding each word of the query in its title, keywords, text or page."""
        words = query.lower().split()
        return tuple(r for r in self.rules
                     if all(w in " ".join((r.page, r.title, *r.keywords, r.summary)).lower() for w in words))

    def keywords(self) -> list[tuple[str, str]]:
        """Each keyword once, in alphabetical order, with the page or section of its first summary."""
        seen: dict[str, str] = {}
        for r in self.rules:
            for k in r.keywords:
                seen.setdefault(k, r.page)
        return sorted(seen.items(), key=lambda kv: kv[0].lower())

    def citations(self, text: str) -> list[Citation]:
        return _page_citations(text) if self.cites == "page" else self._section_citations(text)

    def _section_citations(self, text: str) -> list[Citation]:
        """A section book's reasons cite in brackets: "(C2)", "(C3-C4)", "(Combat 7)", "(A6, Building a Base 3)":
        each part of a bracket that starts with a section this book summarises is a citation of it."""
        keys = sorted(self.refs(), key=len, reverse=True)  # "Combat Phase" before "Combat"
        found = []
        for group in _GROUP.finditer(text):
            at = group.start(1)
            for part in re.split(r"([,;]\s*)", group.group(1)):
                ref = self._section_ref(part, keys)
                if ref:
                    found.append(Citation(at, at + len(part), ref))
                at += len(part)
        return found

    @staticmethod
    def _section_ref(part: str, keys: list[str]) -> str | None:
        part = _PHASE_NUMBER.sub("", part)  # "1. Upkeep Phase", "2 Action": the phase by its name
        first, dash, last = part.partition("-")
        if dash and first in keys and last in keys:
            return part
        for key in keys:
            if part == key or (part.startswith(key) and not part[len(key)].isalpha()):
                return key
        return None


def _page_citations(text: str) -> list[Citation]:
    found = []
    for m in _PAGES.finditer(text):
        found.append(Citation(m.start(), m.end(1), m.group(1)))
        for more in _MORE.finditer(m.group(2)):
            found.append(Citation(m.start(2) + more.start(), m.start(2) + more.end(), more.group(1)))
    return found


def load_rule_books(folder: Path) -> dict[str, RuleBook]:
    """Every data/rules/*.json, checked, by game key (the file's name)."""
    books = {}
    for path in sorted(Path(folder).glob("*.json")):
        try:
            raw = RulesFile().load(json.loads(path.read_text(encoding="utf-8")))
        except json.JSONDecodeError as exc:
            raise ContentError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
        except ValidationError as exc:
            where, message = first_error(exc)
            raise ContentError(f"{path}: field {where}: {message}") from None
        if raw["game"] != path.stem:
            raise ContentError(f"{path}: field game: {raw['game']!r} is not the file's name, {path.stem!r}")
        rules = tuple(Rule(r["page"], r["title"], tuple(r["keywords"]), r["summary"]) for r in raw["rules"])
        seen = set()
        for i, r in enumerate(rules):
            if (r.page, r.title) in seen:
                raise ContentError(f"{path}: field rules.{i}.title: {r.title!r} is summarised twice on {r.page}")
            seen.add((r.page, r.title))
        books[raw["game"]] = RuleBook(raw["game"], raw["book"], raw["cites"], rules)
    return books
