"""The one command path in web/ (commands.run, answers.py, history_routes): every change form carries a request id
and a retried one is applied once, campaigns and characters included; refusals, conflicts, retries and missing
documents are answered by the handlers registered once; undo, redo, poll and log exist for every area; the
mission page's context is a dataclass holding exactly what its template reads."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from jinja2 import Environment, FileSystemLoader, meta

from companion import db as dbmod
from companion.errors import RuleError
from companion.store import campaigns as campaign_store
from companion.web.rules import cite
from conftest import campaign_state, character_ids
from helpers.history import seen

ID_A, ID_B = "a" * 32, "b" * 32
ROOT = Path(__file__).resolve().parent.parent


def text(resp):
    return resp.get_data(as_text=True)


def history_rows(app, table: str, owner: str, owner_id: int = 1) -> int:
    db = dbmod.connect(app.config["DATABASE"])
    try:
        return db.execute(f"SELECT COUNT(*) FROM {table} WHERE {owner} = ?", [owner_id]).fetchone()[0]
    finally:
        db.conn.close()


def request_ids_per_form(html: str) -> list[list[str]]:
    forms = re.findall(r'<form[^>]*method="post"[^>]*>(.*?)</form>', html, flags=re.S)
    return [re.findall(r'name="request_id"[^>]*value="([0-9a-f]{32})"', body) for body in forms]


# -- a retried request is applied once ----------------------------------------------------------------------

def test_a_retried_fame_change_counts_once(app, table, campaign):
    form = {"planet": "Orbos", "delta": "1", "request_id": ID_A}
    entries = history_rows(app, "history", "campaign_id")
    first = table.post(f"{campaign}/fame", form)
    assert first.status_code == 200 and campaign_state(app).fame["Orbos"] == 1
    again = table.post(f"{campaign}/fame", form)  # the answer to the first was lost: the tablet sends it again
    assert again.status_code == 200 and "already saved" in text(again)
    assert campaign_state(app).fame["Orbos"] == 1
    assert history_rows(app, "history", "campaign_id") == entries + 1
    # A new tap (a new request id) is a new change.
    assert table.post(f"{campaign}/fame", {**form, "request_id": ID_B}).status_code == 200
    assert campaign_state(app).fame["Orbos"] == 2


def test_a_retried_character_change_counts_once(app, table, campaign):
    cid = character_ids(app)["Sylvestia"]
    url = f"{campaign}/characters/{cid}/counter"
    before = next(ch for ch in campaign_state(app).characters if ch.id == cid).nova_cells
    form = {"what": "nova_cells", "delta": "2", "request_id": ID_A}
    assert table.post(url, form).status_code == 200
    again = table.post(url, form)
    assert again.status_code == 200 and "already saved" in text(again)
    assert next(ch for ch in campaign_state(app).characters if ch.id == cid).nova_cells == before + 2


def test_a_retried_new_campaign_makes_one(app, table):
    form = {"name": "The Retried", "request_id": ID_A}
    first = table.post("/campaigns", form, htmx=False)
    again = table.post("/campaigns", form, htmx=False)
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]
    db = dbmod.connect(app.config["DATABASE"])
    try:
        assert [c["name"] for c in campaign_store.listing(db)] == ["The Retried"]
    finally:
        db.conn.close()


def test_a_retried_campaign_undo_undoes_one_change(app, table, campaign):
    table.post(f"{campaign}/fame", {"planet": "Orbos", "delta": "1"})
    table.post(f"{campaign}/fame", {"planet": "Orbos", "delta": "1"})
    undo = {"request_id": ID_A, "back": "campaign", "version": seen(table, campaign)}
    first = table.post(f"{campaign}/undo", undo)
    assert "Undid" in text(first) and campaign_state(app).fame["Orbos"] == 1
    again = table.post(f"{campaign}/undo", undo)
    assert again.status_code == 200 and "already saved" in text(again)
    assert campaign_state(app).fame["Orbos"] == 1


def test_a_retried_map_paint_is_applied_once(app, table):
    new = {"name": "Retry", "orientation": "pointy", "shifted": "even", "columns": 6, "rows": 5, "request_id": ID_B}
    url = table.post("/maps", new, htmx=False).headers["Location"]
    assert table.post("/maps", new, htmx=False).headers["Location"] == url  # a retried "new map": one map
    assert table.get("/maps/2").status_code == 404
    form = {"tool": "fire", "spaces": ["C-3"], "request_id": ID_A, "version": seen(table, url)}  # sent twice alike
    assert table.post(url + "/paint", form, headers={"HX-Request": "true"}).status_code == 200
    entries = history_rows(app, "map_history", "owner_id")
    assert table.post(url + "/paint", form, headers={"HX-Request": "true"}).status_code == 200
    assert history_rows(app, "map_history", "owner_id") == entries


def test_a_retried_card_removal_is_applied_once(app, table):
    table.post("/cards/samples", htmx=False)
    entries = history_rows(app, "card_history", "owner_id")
    form = {"part": "event_decks", "key": "Sample events", "request_id": ID_A, "version": seen(table, "/cards")}
    assert table.post("/cards/remove", form).status_code == 200
    again = table.post("/cards/remove", form)
    assert again.status_code == 200 and "already saved" in text(again)
    assert history_rows(app, "card_history", "owner_id") == entries + 1


# -- every change form carries its own request id -----------------------------------------------------------

def test_every_change_form_is_drawn_with_its_own_request_id(app, table, campaign):
    cid = character_ids(app)["Sylvestia"]
    table.post("/maps", {"name": "Forms", "orientation": "pointy", "shifted": "even", "columns": 6, "rows": 5},
               htmx=False)
    pages = ["/", campaign, f"{campaign}/characters/{cid}", f"{campaign}/missions", f"{campaign}/aboard",
             f"{campaign}/history", "/maps", "/cards", "/table/new"]
    for url in pages:
        html = text(table.get(url))
        per_form = request_ids_per_form(html)
        assert per_form, url
        for ids in per_form:
            if not ids and 'name="pin"' not in html:
                pytest.fail(f"a form on {url} carries no request id")
        drawn = [i for ids in per_form for i in ids]
        assert len(set(drawn)) == len(drawn), url
    editor = text(table.get("/maps/1"))
    # The paint and wall forms stay on the page while only the map is answered: their ids come with the map.
    for form in ("paint-form", "wall-form"):
        assert re.search(rf'name="request_id" form="{form}" id="{form}-request-id" value="[0-9a-f]{{32}}" '
                         'hx-swap-oob="true"', editor)
    painted = text(table.post("/maps/1/paint", {"version": seen(table, "/maps/1"), "tool": "fire", "spaces": ["C-3"]}, headers={"HX-Request": "true"}))
    assert 'id="paint-form-request-id"' in painted


# -- the handlers registered once ---------------------------------------------------------------------------

def test_a_refusal_names_its_field_on_the_page_it_was_sent_from(app, table, campaign):
    resp = table.post(f"{campaign}/fame", {"planet": "Nowhere", "delta": "1"})  # the form's own check
    assert resp.status_code == 422 and 'data-state="failed"' in text(resp)
    cid = character_ids(app)["Sylvestia"]
    before = campaign_state(app)
    resp = table.post(f"{campaign}/characters/{cid}/counter", {"_form": "counter-nova_cells",
                                                                      "what": "nova_cells", "delta": "-5"})
    assert resp.status_code == 422 and 'role="alert">Sylvestia has 0' in text(resp)  # the rules' refusal
    assert 'id="main"' in text(resp) and campaign_state(app) == before


def test_the_rulebook_page_is_said_with_the_refusal(app):
    from companion.web.answers import said

    assert said(RuleError("space", "not adjacent", "21")) == "not adjacent (p.21)"
    assert said(RuleError("space", "not adjacent (p.21)", "21")) == "not adjacent (p.21)"
    assert said(RuleError("space", "not adjacent")) == "not adjacent"
    assert said(RuleError("choices", "Vera must rest or select cards first", "12 step 3")) == \
        "Vera must rest or select cards first (p.12 step 3)"  # a page with its step, or a range ("13-14")


def test_a_stale_form_is_told_with_the_current_state(app, table, campaign):
    version = campaign_state(app).version
    assert table.post(f"{campaign}/rename", {"name": "First", "version": version}).status_code == 200
    stale = table.post(f"{campaign}/rename", {"name": "Second", "version": version})
    assert stale.status_code == 409 and "changed on another device" in text(stale) and "First" in text(stale)


@pytest.mark.parametrize("url", ["/campaigns/9", "/campaigns/9/history", "/games/9", "/games/9/log",
                                 "/games/9/poll?seen=1", "/table/9", "/table/9/log", "/table/9/poll?seen=1",
                                 "/maps/9", "/maps/9/export", "/campaigns/9/export"])
def test_a_missing_document_is_not_found(table, url):
    assert table.get(url).status_code == 404


@pytest.mark.parametrize("url", ["/campaigns/9/undo", "/campaigns/9/redo", "/campaigns/9/fame", "/games/9/undo",
                                 "/games/9/next", "/table/9/redo", "/table/9/do/next", "/maps/9/undo",
                                 "/maps/9/paint", "/games/9/finish", "/campaigns/9/archive"])
def test_a_change_to_a_missing_document_is_not_found(table, url):
    assert table.post(url, {"planet": "Orbos", "delta": "1", "tool": "fire", "spaces": ["A-1"]}).status_code == 404


def test_no_view_catches_the_answers_itself():
    """Not found, stale, already applied: answered once in web/answers.py, not by a try/except per view."""
    for path in (ROOT / "companion" / "web").glob("*.py"):
        if path.name == "answers.py":
            continue
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"except [\w.]*(Stale\w*|AlreadyApplied)\b", source), path.name
        assert not re.search(r"except [\w.]*NotFound:\s*\n\s*abort\(404\)", source), path.name


def test_undo_redo_poll_and_log_are_registered_for_every_area(app):
    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()}
    for area in ("campaigns", "games", "mission_table", "maps", "cards"):
        assert {f"{area}.undo", f"{area}.redo"} <= endpoints, area
    assert {"games.poll", "mission_table.poll", "games.log", "mission_table.log", "campaigns.history"} <= endpoints


# -- the mission page's context ------------------------------------------------------------------------------

TEMPLATE_LOCALS = {"f", "picked", "slot"}  # set inside mission.html itself (an import, {% set %})
APP_GLOBALS = {"url_for", "csrf_token", "request_id", "labels"}  # Flask's, setup.py's, respond()'s


def templates() -> Environment:
    """The app's templates with its own filters (`cite`, web/rules.py), so they parse here."""
    env = Environment(loader=FileSystemLoader(ROOT / "templates"))
    env.filters["cite"] = cite
    return env


def test_the_mission_page_context_holds_exactly_what_its_template_reads():
    from companion.web.mission_page import MissionPage

    read = meta.find_undeclared_variables(templates().parse((ROOT / "templates/mission_table/mission.html").read_text()))
    fields = {f.name for f in dataclasses.fields(MissionPage)}
    via_form_macros = {"active_form", "form_values"}  # read by _form.html's macros, imported with the context
    assert fields - via_form_macros <= read, fields - read
    assert read - TEMPLATE_LOCALS - APP_GLOBALS == fields - via_form_macros


def test_the_mission_page_context_is_built_for_a_seeded_mission(app, table):
    from companion.web.mission_page import MissionPage, context

    from companion.phantom.play import place_character
    from companion.store import mission_table as mission_store
    from companion.web.database import get_db
    from helpers.mission_table import first_steps

    # A party of one is refused at set-up (p.8): Vera and Bram, Bram already on an entry point, Vera still to place.
    with app.test_request_context("/table/1"):
        mission = place_character(first_steps(), "bram", "C-6").mission
        mission_store.JOURNAL.create(get_db(), {"name": "sample-1 on First steps"}, mission, "Set up")
        page = context(1)
    assert isinstance(page, MissionPage) and page.mission_id == 1 and page.row.id == 1
    may_be_empty = {"rnd", "current", "plan", "character", "report", "result", "conflict", "book", "active_form",
                    "ties", "choosing", "closed_doors", "passed_hazards", "bosses", "adversaries", "order",
                    "last_change", "can_redo", "can_undo", "form_errors", "form_values", "reach",
                    "nova", "event_task", "sheet", "current_conditions"}  # no nova cells dropped, no event, no
    # figure's sheet asked for, no one's turn
    for f in dataclasses.fields(page):
        if f.name not in may_be_empty:
            assert getattr(page, f.name) not in (None, "", [], {}), f.name
    assert [c.name for c in page.unplaced] == ["Vera"] and page.can_undo is False


def read_by(template: str, env=None) -> set[str]:
    """The variables a template reads, with those of the templates it includes or imports."""
    env = env or templates()
    seen, todo, read = set(), [template], set()
    while todo:
        name = todo.pop()
        if name in seen or name is None:
            continue
        seen.add(name)
        ast = env.parse(env.loader.get_source(env, name)[0])
        read |= meta.find_undeclared_variables(ast)
        todo += [t for t in meta.find_referenced_templates(ast) if t and t != "base.html"]
    return read


CAMPAIGN_PAGES = [("campaigns", "sheet_context", "CampaignSheet", "campaigns/campaign.html", ()),
                  ("characters", "sheet_context", "CharacterSheet", "characters/character.html", ("c1",)),
                  ("missions", "result_context", "MissionResultPage", "missions/result.html", ()),
                  ("aboard", "aboard_context", "AboardPage", "aboard/aboard.html", ())]


@pytest.mark.parametrize("module, builder, page_type, template, extra", CAMPAIGN_PAGES)
def test_each_campaign_page_context_is_a_dataclass_its_template_reads(app, table, campaign, module, builder,
                                                                        page_type, template, extra):
    import importlib

    from companion.web.campaign_context import CampaignFrame

    web = importlib.import_module(f"companion.web.{module}")
    cls = getattr(web, page_type)
    own = {f.name for f in dataclasses.fields(cls)} - {f.name for f in dataclasses.fields(CampaignFrame)}
    assert own and own <= read_by(template), own - read_by(template)
    ids = [character_ids(app)["Sylvestia"]] if extra else []
    with app.test_request_context(campaign):
        page = getattr(web, builder)(1, *ids)
    assert isinstance(page, cls) and page.c.name == "The Historians"
    assert all(hasattr(page, name) for name in own)


def test_the_game_frame_is_a_dataclass_the_game_pages_read(app, table):
    from companion.web.games import GameFrame, frame

    table.post("/games/new", {"game": "lost-empires", "name": "Friday", "name_1": "Ann", "color_1": "red",
                              "name_2": "Bob", "color_2": "blue"})
    with app.test_request_context("/games/1"):
        built = frame(1)
    assert isinstance(built, GameFrame) and built.row.name == "Friday" and built.step is not None
    read = read_by("games/lost_empires/page.html", app.jinja_env) | read_by("games/log.html") | \
        read_by("games/results.html")
    own = {f.name for f in dataclasses.fields(GameFrame)} - {"active_form", "form_values"}
    assert own <= read, own - read


@pytest.mark.parametrize("module, page_type, template", [("home", "HomePage", "home/index.html"),
                                                         ("cards", "CardsPage", "cards/index.html"),
                                                         ("maps", "MapEditorPage", "maps/editor.html")])
def test_the_other_pages_contexts_are_dataclasses_their_templates_read(module, page_type, template):
    import importlib

    cls = getattr(importlib.import_module(f"companion.web.{module}"), page_type)
    own = {f.name for f in dataclasses.fields(cls)} - {"active_form", "form_values", "form_errors"}
    assert own <= read_by(template), own - read_by(template)


@pytest.mark.parametrize("back, answered", [
    ("campaign", "campaign"), ("missions", "missions"), ("aboard", "aboard"), ("history", "history"),
    ("character:Vincent", "character:Vincent"),
    ("nonsense", "campaign"), ("missions:x", "campaign"), ("character", "campaign")])  # unknown: the sheet
def test_an_undo_answers_with_the_campaign_page_it_was_pressed_on(app, table, campaign, back, answered):
    """Each campaign page registers itself for the answer to an undo pressed on it (campaign_context.py)."""
    vincent = character_ids(app)["Vincent"]
    table.post(f"{campaign}/fame", {"planet": "Orbos", "delta": "1"})
    resp = table.post(f"{campaign}/undo", {"back": back.replace("Vincent", vincent), "version": seen(table, campaign)})
    assert resp.status_code == 200 and "Undid: Fame on Orbos +1" in text(resp)
    assert re.findall(r'name="back" value="([^"]*)"', text(resp))[0] == answered.replace("Vincent", vincent)
