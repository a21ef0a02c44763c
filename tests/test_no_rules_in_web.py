"""The web never decides a rule (docs/ARCHITECTURE.md): the engines decide and say why with the rulebook page,
the web renders. A rulebook page cited in the web's Python — a comment, a docstring, a message — is a rule
known there, so none may be; templates may show the page the engine's reasons name."""
from __future__ import annotations

import re
from pathlib import Path

from companion import ROOT

WEB = Path(ROOT) / "companion" / "web"
# "p.20", "(p. 33)", "p.13-14", "pp. 12-13", "page 12", "pages 48-49", "Page 7"
CITATION = re.compile(r"\bpp?\.\s?\d+|\bpages?\s+\d+", re.IGNORECASE)


def citations(text: str) -> list[str]:
    return [m.group(0) for m in CITATION.finditer(text)]


def test_the_pattern_finds_the_ways_a_page_is_cited_and_nothing_else():
    assert citations("targets (p.20 step 1), hazards (p. 33), p.8, pp. 12-13, page 12, Pages 48-49") == [
        "p.20", "p. 33", "p.8", "pp. 12", "page 12", "Pages 48"]
    assert citations('f"{exc.message} (p.{exc.page})", p.name for p in players, the page answers 422') == []


def test_no_rulebook_page_is_cited_in_the_webs_python():
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for path in sorted(WEB.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if citations(line)]
    assert found == [], "rules decided in web/ (move them into the engine's reasons):\n" + "\n".join(found)
