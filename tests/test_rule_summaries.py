"""The rule behind a page reference: every citation the engines make has a summary in data/rules/, a citation
in a reason or refusal is a tap target opening it (the `cite` filter), hostile text stays text, and each
game's Rules page searches the summaries and lists keywords, conditions and hazards."""
from __future__ import annotations

import ast
import json
import re
import shutil
from pathlib import Path

import pytest
from flask import render_template_string

from companion import create_app
from companion.schemas.content.base import ContentError
from companion.schemas.content.rules import load_rule_books

ROOT = Path(__file__).resolve().parent.parent
BOOKS = load_rule_books(ROOT / "data" / "rules")
SOURCES = {"phantom-epoch": "companion/phantom", "lost-empires": "companion/games/lost_empires",
           "aldarra-reborn": "companion/games/aldarra", "suriya-162": "companion/games/suriya_162",
           "shattered-empires": "companion/games/shattered_empires"}
# Bracketed words in the section books' engines that are not citations of a section: a symbol, a card's
# example, the game's own name, an undo hint.
NOT_CITED = {"suriya-162": {"T", "V", "Game", "Suriya 162", "Plasma Shower example", "2. A-B"},
             "shattered-empires": {"Re", "1 CP", "Game", "The Rules", "Undo reverses it",
                                   "Back and then Next applies nothing twice"}}
SECTION_LIKE = re.compile(r"^(?:\d(?:\.\d)?\.?\s*)?[A-Z][\w'’\-]*(?:\s[\w'’\-]+)*$|^\d\.\d$")
HOSTILE = '<script>alert(1)</script> "><img src=x onerror=alert(2)> refused (p.27)'


def _trees(game):
    for path in sorted((ROOT / SOURCES[game]).rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        yield path, text, ast.parse(text)


def _page_arguments(tree):
    """The pages refusals and steps carry beside their message: RuleError(field, message, page), a `page=`
    keyword, NextStep's fourth argument, a dataclass's `page: str = "33"`."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            values = [k.value for k in node.keywords if k.arg == "page"]
            at = 2 if name.endswith("Error") else 3 if name == "NextStep" else None
            if at is not None and len(node.args) > at:
                values.append(node.args[at])
            yield from (v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str))
        elif isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "page" \
                and isinstance(node.value, ast.Constant) and node.value.value:
            yield str(node.value.value)


def cited_pages(game) -> set[str]:
    book, refs = BOOKS[game], set()
    for _path, text, tree in _trees(game):
        refs |= {c.ref for c in book.citations(text)}  # messages, docstrings and comments alike
        for page in _page_arguments(tree):
            shown = f"p.{page}" if page[:1].isdigit() else page  # as answers.said shows it
            refs |= {c.ref for c in book.citations(shown)}
    pages = set()
    for ref in refs:
        first, _, last = ref.partition("-")
        pages |= {str(p) for p in range(int(first), int(last or first) + 1)}
    return pages


def cited_sections(game) -> set[str]:
    parts = set()
    for _path, _text, tree in _trees(game):
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for group in re.finditer(r"\(([^()]*)\)", node.value):
                    parts |= {p.strip() for p in re.split(r"[,;]\s*", group.group(1)) if SECTION_LIKE.match(p.strip())}
    return parts - NOT_CITED[game]


@pytest.mark.parametrize("game", ["phantom-epoch", "lost-empires", "aldarra-reborn"])
def test_every_page_an_engine_cites_has_a_summary(game):
    pages = cited_pages(game)
    assert len(pages) >= 10, "the scan found the engine's citations"
    missing = sorted(pages - BOOKS[game].refs(), key=int)
    assert not missing, f"{game}: no summary in data/rules/{game}.json for p.{', p.'.join(missing)}"


@pytest.mark.parametrize("game", ["suriya-162", "shattered-empires"])
def test_every_section_an_engine_cites_opens_a_summary(game):
    book, sections = BOOKS[game], cited_sections(game)
    assert len(sections) >= 15
    for part in sorted(sections):
        found = book.citations(f"({part})")
        assert found and book.at(found[0].ref), f"{game}: ({part}) opens no summary in data/rules/{game}.json"


KIT_TEMPLATES = {"lost-empires": "lost_empires", "aldarra-reborn": "aldarra", "suriya-162": "suriya_162",
                 "shattered-empires": "shattered_empires"}
TEMPLATES = {"phantom-epoch": sorted((ROOT / "templates").rglob("*.html")),  # the app's own pages: Phantom Epoch's
             **{game: sorted((ROOT / "companion/kits" / kit / "templates").glob("*.html"))
                for game, kit in KIT_TEMPLATES.items()}}
TOOLTIP = re.compile(r"<title>.*?</title>", re.S)  # an SVG tooltip holds text only: its page stays text
JINJA = re.compile(r"\{#.*?#\}|\{\{.*?\}\}|\{%.*?%\}", re.S)
CITED = re.compile(r"\{\{\s*(['\"])(.*?)\1\s*\|\s*cite\s*\}\}")


def _static_citations(book, text: str) -> list[str]:
    """The citations of `book` in text typed into a template: "p.14" for a page book, "(Intercept)" for a
    section book."""
    if book.cites == "page":
        return [text[c.start:c.end] for c in book.citations(text)]
    return [m.group(0) for m in re.finditer(r"\([^()]*\)", text) if book.citations(m.group(0))]


@pytest.mark.parametrize("game", sorted(TEMPLATES))
def test_a_games_templates_give_every_citation_to_the_cite_filter(game):
    # Issues 28 and 29: "p.14" typed into a template was plain text, not a tap target to the rule's summary.
    book, templates = BOOKS[game], TEMPLATES[game]
    assert templates
    cited = 0
    for path in templates:
        source = path.read_text(encoding="utf-8")
        shown = re.sub(r"<[^>]*>", " ", JINJA.sub(" ", TOOLTIP.sub(" ", source)))  # the text a page shows as typed
        assert not _static_citations(book, shown), f"{path.name}: {_static_citations(book, shown)} typed as text"
        for _quote, literal in CITED.findall(source):
            for c in book.citations(literal):
                cited += 1
                first, _, last = c.ref.partition("-") if book.cites == "page" else (c.ref, "", "")
                refs = [str(p) for p in range(int(first), int(last or first) + 1)] if book.cites == "page" else [c.ref]
                assert all(book.at(r) for r in refs), f"{path.name}: {literal!r} opens no summary"
    assert cited, f"{game}: the scan found the templates' citations"


def test_a_page_list_is_one_tap_target_per_page():
    book = BOOKS["phantom-epoch"]
    text = "see p.13-14, p.9, 12 and p.12 step 3 (p.9, 3 damage)"
    assert [(text[c.start:c.end], c.ref) for c in book.citations(text)] == [
        ("p.13-14", "13-14"), ("p.9", "9"), ("12", "12"), ("p.12", "12"), ("p.9", "9")]
    assert [r.page for r in book.at("13-14")] == ["13", "13", "14"]


def test_summaries_are_short_and_in_our_own_words():
    """A summary is a reminder of one to three sentences, never a copy of the book: no run of ten words of it
    appears in the rulebook's text."""
    rulebooks = {"phantom-epoch": "phantom-epoch-rulebook.txt", "lost-empires": "lost-empires-rulebook.txt",
                 "aldarra-reborn": "aldarra-reborn-rulebook.txt", "suriya-162": "suriya-162-rulebook.txt",
                 "shattered-empires": "shattered-empires-rules.txt"}
    shared = Path("/work/shared/rules")
    for game, book in BOOKS.items():
        text = " ".join((shared / rulebooks[game]).read_text(encoding="utf-8").lower().split()) \
            if (shared / rulebooks[game]).exists() else ""
        for r in book.rules:
            assert 1 <= len(re.findall(r"[.!?](?:\s|$)", r.summary)) <= 3, f"{game} {r.page}: {r.summary}"
            words = r.summary.lower().split()
            for i in range(len(words) - 9):
                assert " ".join(words[i:i + 10]) not in text, f"{game} {r.page} copies the book: {words[i:i + 10]}"


def test_cite_escapes_hostile_text_and_makes_each_citation_a_button(app):
    with app.test_request_context():
        html = render_template_string("{{ text|cite }}", text=HOSTILE)
    assert "<script>" not in html and "<img" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &#34;&gt;&lt;img src=x onerror=alert(2)&gt; refused <span class=\"cited\">(" in html
    assert html.endswith("</button>)</span>")  # "(p.27)" kept on one line, its brackets about the button
    buttons = re.findall(r'<button type="button" class="cite"[^>]*hx-get="([^"]+)"[^>]*>([^<]*)</button>', html)
    assert buttons == [("/rules/phantom-epoch/27", "p.27")]
    with app.test_request_context():  # a game's text opens that game's book
        html = render_template_string("{{ text|cite('suriya-162') }}", text="Draw 3 tiles (C2); fight (Combat 7)")
    assert re.findall(r'hx-get="([^"]+)"[^>]*>([^<]*)<', html) == [
        ("/rules/suriya-162/C2", "C2"), ("/rules/suriya-162/Combat", "Combat 7")]
    with app.test_request_context():  # a game added with no summaries yet: its citations stay text
        html = render_template_string("{{ text|cite('a-new-game') }}", text=HOSTILE)
    assert "<button" not in html and "<script>" not in html and html.endswith("refused (p.27)")


def test_a_refusal_shows_its_page_as_a_tap_target_that_opens_the_summary(table, campaign):
    resp = table.post(f"{campaign}/fame", {"_form": "fame-Berkav", "planet": "Berkav", "delta": "-1"})
    body = resp.get_data(as_text=True)
    assert resp.status_code == 422 and "Fame on Berkav cannot go below 0" in body
    url = re.search(r'<button type="button" class="cite"[^>]*hx-get="([^"]+)"[^>]*>p\.16</button>', body).group(1)
    assert 'id="rule-pop"' in table.get(campaign).get_data(as_text=True)  # the panel it opens, on the page
    summary = table.get(url, headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "Replays, the shop and fame" in summary and "Phantom Epoch rulebook, p.16" in summary
    assert "<html" not in summary  # a fragment for the panel, the page stays


def test_a_game_page_cites_its_own_book(started):
    page = started.table.get(started.url).get_data(as_text=True)
    assert re.search(r'class="cite"[^>]*hx-get="/rules/lost-empires/\d+"', page)
    assert 'href="/rules/lost-empires"' in page  # the Rules link in the game's title bar


def test_the_rules_page_searches_the_summaries(client):
    page = client.get("/rules/phantom-epoch").get_data(as_text=True)
    assert page.count('<li><span class="where">') == len(BOOKS["phantom-epoch"].rules)
    assert 'name="q"' in page and 'hx-target="#rule-list"' in page
    found = client.get("/rules/phantom-epoch?q=leap", headers={"HX-Request": "true", "HX-Target": "rule-list"})
    html = found.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="rule-list"') and "<html" not in html
    assert "HX-Request" in found.headers["Vary"]  # the page and its fragment are cached apart
    pages = re.findall(r'<span class="where">p\.(\d+)</span>', html)
    assert "24" in pages and "28" in pages and "37" not in pages
    hostile = client.get("/rules/phantom-epoch", query_string={"q": "<script>x</script>"}).get_data(as_text=True)
    assert "<script>x" not in hostile and "Nothing matches" in hostile
    assert client.get("/rules/no-such-game").status_code == 404


def test_the_rules_page_lists_keywords_conditions_and_hazards_with_their_icons(client):
    page = client.get("/rules/phantom-epoch").get_data(as_text=True)
    assert re.search(r'<text x="20" y="14">KD</text></svg>\s*<strong>Knocked Down</strong>', page)
    assert re.search(r'tok-fire.*?>Fire</text>.*?<strong>Fire</strong> 3 damage on entering, and Burning', page, re.S)
    assert 'href="/rules/phantom-epoch?q=primary+target"' in page  # a keyword searches its summaries
    other = client.get("/rules/suriya-162").get_data(as_text=True)
    assert "Building a Base" in other and 'id="rule-conditions"' not in other
    assert all(f'href="/rules/{g}"' in client.get("/rules").get_data(as_text=True) for g in BOOKS)


def test_a_range_opens_every_summary_in_it(client):
    html = client.get("/rules/suriya-162/C3-C4", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert re.findall(r"<h3>(C\d)", html) == ["C3", "C4"]
    assert "No summary of p.99" in client.get("/rules/phantom-epoch/99").get_data(as_text=True)


def test_start_up_needs_phantom_epochs_summaries(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    (data / "rules" / "phantom-epoch.json").unlink()
    with pytest.raises(ContentError, match=r"rules/phantom-epoch.json: file is missing"):
        create_app({"INSTANCE_PATH": str(tmp_path / "i"), "DATA_DIR": str(data)})


def test_a_bad_summary_file_stops_start_up_naming_the_field(tmp_path):
    good = json.loads((ROOT / "data/rules/lost-empires.json").read_text(encoding="utf-8"))
    good["rules"][2]["summary"] = ""
    (tmp_path / "lost-empires.json").write_text(json.dumps(good), encoding="utf-8")
    with pytest.raises(ContentError, match=r"lost-empires.json: field rules.2.summary"):
        load_rule_books(tmp_path)
    good["rules"][2]["summary"], good["rules"][0]["page"] = "Fine.", "three"
    (tmp_path / "lost-empires.json").write_text(json.dumps(good), encoding="utf-8")
    with pytest.raises(ContentError, match="a page is a number"):
        load_rule_books(tmp_path)
