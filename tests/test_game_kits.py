"""The contract every registered game keeps, run over the registry (companion/games/registry.py and the kits
beside it): set-up from the home page, the export/import round trip, undo and redo through the web, and bad
input answered with 422. The toy game of tests/toy_game/ is registered for this module with one line and
keeps it too.

A game added to the registry runs these too: everything they need comes from its kit (its `sample_move`,
its labels, its templates) and its rules' state (the `frame.GameState` fields)."""
from __future__ import annotations

import html
import io
import json
import re

import pytest
from marshmallow import ValidationError

from companion import db as dbmod
import toy_game
from helpers.reading import as_read
from companion.games.frame import COLORS, STAGES, Player, GameState, RulesModule, ScoreRow
from companion.kits import KITS
from companion.kits.kit import FRAME_PARTIALS
from companion.store import games as store
from helpers.games import rewrite
from helpers.history import seen

NAMES = ("Ann", "Bob", "Cy", "Dee")


def row(app, game_id: int):
    db = dbmod.connect(app.config["DATABASE"])
    try:
        return store.JOURNAL.get(db, game_id)
    finally:
        db.conn.close()


def new_game(table, key: str) -> int:
    seats = KITS[key].rules.PLAYERS_RANGE[0]
    form = {"game": key, "name": "Contract", **{f"name_{i + 1}": NAMES[i] for i in range(seats)},
            **{f"color_{i + 1}": COLORS[i] for i in range(seats)}}
    resp = table.post("/games/new", form)
    assert resp.status_code == 204, resp.get_data(as_text=True)[:2000]
    return int(resp.headers["HX-Redirect"].rsplit("/", 1)[1])


def first_move(app, table, key: str, game_id: int):
    action, data = KITS[key].sample_move  # one change a fresh table accepts: (action, form), "next" the stepper
    path = f"/games/{game_id}/{action}" if action == "next" else f"/games/{game_id}/do/{action}"
    resp = table.post(path, {"_form": action, "version": str(row(app, game_id).version), **data})
    assert resp.status_code == 200, resp.get_data(as_text=True)[:2000]


@pytest.fixture(scope="module", autouse=True)
def toy():
    """Race to Ten (tests/toy_game/) registered for every test here, before any app starts."""
    with toy_game.registered() as rules:
        yield rules


@pytest.fixture(params=sorted([*KITS, toy_game.race.KEY]))
def key(request):
    return request.param


def test_every_registered_game_names_a_first_move():
    for kit in KITS.values():
        action, form = kit.sample_move
        assert action == "next" or action in kit.page.ACTIONS, f"{kit.key}: {action!r} is not one of its actions"
        assert all(isinstance(v, str) for v in form.values())


def test_a_game_is_set_up_from_the_home_page(app, table, key):
    home = table.get("/").get_data(as_text=True)
    assert f'value="{key}"' in home and KITS[key].title in home
    game_id = new_game(table, key)
    r = row(app, game_id)
    seats = KITS[key].rules.PLAYERS_RANGE[0]
    assert r.kind == key and [p.name for p in KITS[key].rules.players(r.state)] == list(NAMES[:seats])
    page = table.get(f"/games/{game_id}")
    assert page.status_code == 200 and KITS[key].title in page.get_data(as_text=True)


def test_a_played_game_survives_export_and_import(app, table, key):
    game_id = new_game(table, key)
    first_move(app, table, key, game_id)
    played = row(app, game_id).state
    body = table.get(f"/games/{game_id}/export").get_data(as_text=True)
    doc = json.loads(body)
    assert doc["game"] == key and doc["state_format"] == KITS[key].rules.FORMAT
    resp = table.post("/games/import", {"_form": "import-game", "game_file": (io.BytesIO(body.encode()), "x.json")})
    assert resp.status_code in (204, 302), resp.get_data(as_text=True)[:2000]
    imported = game_id + 1
    assert row(app, imported).kind == key and row(app, imported).state == played
    again = json.loads(table.get(f"/games/{imported}/export").get_data(as_text=True))
    assert again["state"] == doc["state"]


def test_undo_and_redo_through_the_web(app, table, key):
    game_id = new_game(table, key)
    fresh = row(app, game_id).state
    first_move(app, table, key, game_id)
    played = row(app, game_id).state
    assert played != fresh
    undo = {"request_id": "c0ffee00c0ffee00c0ffee00c0ffee00", "version": seen(table, f"/games/{game_id}")}
    assert table.post(f"/games/{game_id}/undo", undo).status_code == 200
    assert row(app, game_id).state == fresh
    assert table.post(f"/games/{game_id}/undo", undo).status_code == 200  # a retry
    assert row(app, game_id).state == fresh
    assert table.post(f"/games/{game_id}/redo", {"request_id": "c0ffee00c0ffee00c0ffee00c0ffee01",
                                                 "version": seen(table, f"/games/{game_id}")}).status_code == 200
    assert row(app, game_id).state == played


def _bar(page: str) -> str:
    """What the bottom bar says the last change was (#lastlog), as text."""
    said = re.search(r'<p class="lastlog" id="lastlog">(.*?)</p>', page, re.S).group(1)
    return html.unescape(" ".join(re.sub(r"<[^>]+>", "", said).split()))


def test_the_bottom_bar_shows_the_state_after_an_undo(app, table, key):
    # Issue 29: after Undo the bar still showed the undone action. The answer to the undo, a second device's
    # page and the page drawn afresh all say the change now in effect; the undone one only as "Undid: …".
    game_id = new_game(table, key)
    created = _bar(table.get(f"/games/{game_id}").get_data(as_text=True))
    first_move(app, table, key, game_id)
    done = _bar(table.get(f"/games/{game_id}").get_data(as_text=True))
    assert done and done != created
    resp = table.post(f"/games/{game_id}/undo", {"version": seen(table, f"/games/{game_id}")})
    answer = resp.get_data(as_text=True)
    assert resp.status_code == 200 and _bar(answer) == created
    assert f"Undid: {done}" in html.unescape(re.sub(r"<[^>]+>", "", answer))
    assert _bar(table.get(f"/games/{game_id}").get_data(as_text=True)) == created
    redo = table.post(f"/games/{game_id}/redo", {"version": seen(table, f"/games/{game_id}")})
    assert _bar(redo.get_data(as_text=True)) == done


def test_undoing_aldarras_win_leaves_no_game_over_on_the_page(app, table):
    # Issue 29: "the game is over" still shown after an undo of the win (Check Win, p.13-14).
    from dataclasses import replace

    from companion.games import aldarra as al

    game_id = new_game(table, "aldarra-reborn")

    def at_check_win(g):
        sides = (replace(g.sides[0], vp=al.WIN_VP),) + g.sides[1:]
        return replace(g, stage="play", round=3, phase="management", step=2, sides=sides,
                       turn_order=tuple(range(len(g.players))))
    rewrite(app, at_check_win, game_id)
    table.post(f"/games/{game_id}/next", {"_form": "step", "version": str(row(app, game_id).version)})
    over = table.get(f"/games/{game_id}").get_data(as_text=True)
    assert row(app, game_id).state.stage == "over" and _bar(over) == "Check Win: the game is over"
    assert "Final results ›" in over
    resp = table.post(f"/games/{game_id}/undo", {"version": seen(table, f"/games/{game_id}")})
    page = resp.get_data(as_text=True)
    assert row(app, game_id).state.stage == "play"
    assert _bar(page) == "test position" and "Final results ›" not in page
    assert "— now in effect: test position" in page
    step = html.unescape(re.search(r'id="step-name">(.*?)</strong>', page, re.S).group(1))
    assert "Check Win" in step and "game is over" not in _bar(table.get(f"/games/{game_id}").get_data(as_text=True))


def test_a_form_missing_its_fields_is_answered_422_naming_them_and_changes_nothing(app, table, key):
    game_id = new_game(table, key)
    before = row(app, game_id)
    action, (schema, _) = next((a, spec) for a, spec in KITS[key].page.ACTIONS.items()
                               if any(f.required for n, f in spec[0]().fields.items() if n != "version"))
    with pytest.raises(ValidationError) as expected:
        schema().load({"version": str(before.version)})
    resp = table.post(f"/games/{game_id}/do/{action}", {"_form": action, "version": str(before.version)})
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    field, messages = next(iter(expected.value.messages.items()))
    assert html.escape(messages[0] if isinstance(messages, list) else str(messages), quote=False) in page
    after = row(app, game_id)
    assert (after.version, after.state) == (before.version, before.state)


def test_an_unknown_action_is_not_found(app, table, key):
    game_id = new_game(table, key)
    assert table.post(f"/games/{game_id}/do/no-such-action", {"version": "1"}).status_code == 404


def test_each_kit_folder_is_registered_once_and_holds_the_whole_edge_of_its_game():
    from pathlib import Path

    import companion.kits as kits

    here = Path(kits.__file__).parent
    folders = sorted(p.parent.name for p in here.glob("*/__init__.py"))
    assert sorted(kit.folder.name for kit in KITS.values() if kit.folder.parent == here) == folders
    assert len({kit.folder.name for kit in KITS.values()}) == len(KITS)  # one Jinja folder games/<name> each
    for kit in KITS.values():
        root = kit.page.__name__.split(".kits.")[0]  # companion, or the toy's tests/toy_game
        assert kit.page.__name__ == f"{root}.kits.{kit.folder.name}.page"
        assert kit.rules.__name__ == f"{root}.games.{kit.folder.name}"  # the pure rules, beside the kit
        for part in ("forms.py", "page.py", "content.py", "state_file.py", "templates/page.html"):
            assert (kit.folder / part).is_file(), f"{kit.key}: no {part}"
        assert kit.page.TEMPLATE == f"games/{kit.folder.name}/page.html"
        assert set(kit.page.ACTIONS) and all(callable(command) for _, command in kit.page.ACTIONS.values())


def test_the_results_page_shows_the_games_own_score_panel(app, table, key):
    game_id = new_game(table, key)
    resp = table.get(f"/games/{game_id}/results")
    assert resp.status_code == 200 and 'id="score"' in resp.get_data(as_text=True)


def test_every_registered_games_rules_and_state_have_what_the_frame_reads(key):
    kit = KITS[key]
    assert isinstance(kit.rules, RulesModule), f"{key}: its rules module lacks part of frame.RulesModule"
    low = kit.rules.PLAYERS_RANGE[0]
    state = kit.rules.new_game(tuple(Player(NAMES[i], COLORS[i]) for i in range(low)))
    assert isinstance(state, kit.rules.Game) and isinstance(state, GameState)
    assert state.stage in STAGES and len(state.sides) == len(state.players) == low
    assert [isinstance(r, ScoreRow) for r in kit.rules.score(state)] == [True] * low


def test_a_kit_without_its_own_set_up_or_score_panel_gets_the_frames(app, table, toy):
    kit = KITS[toy.KEY]
    assert not [name for name in FRAME_PARTIALS if (kit.folder / "templates" / name).exists()]
    game_id = new_game(table, toy.KEY)
    setup = table.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="setup"' in setup and "Ann" in setup and "Bob" in setup
    first_move(app, table, toy.KEY, game_id)  # round 1 begins: the board, and the score panel in the rail
    added = table.post(f"/games/{game_id}/do/add", {"_form": "add", "version": str(row(app, game_id).version),
                                                    "amount": "3"})
    assert added.status_code == 200 and row(app, game_id).state.sides[0].points == 3
    page = table.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="setup"' not in page and 'id="score"' in page and 'class="who color-red"' in page
    refused = table.post(f"/games/{game_id}/do/add", {"_form": "add", "version": str(row(app, game_id).version),
                                                      "amount": "4"})
    assert refused.status_code == 422 and "Points to add" in refused.get_data(as_text=True)  # the kit's label


def test_a_kits_style_sheet_is_linked_from_its_pages_and_served_by_the_frame(app, table, key):
    kit = KITS[key]
    game_id = new_game(table, key)
    href = f"/games/kits/{key}.css"
    for page in (f"/games/{game_id}", f"/games/{game_id}/results"):
        assert (f'href="{href}"' in table.get(page).get_data(as_text=True)) == (kit.css is not None)
    served = table.get(href)
    if kit.css is None:
        assert served.status_code == 404
    else:
        assert served.status_code == 200 and served.mimetype == "text/css"
        assert served.get_data(as_text=True) == kit.css.read_text(encoding="utf-8")


def test_next_is_offered_disabled_with_the_rules_reason_when_the_phase_cannot_end(app, table, key):
    # Only legal actions offered (issue 29): each rules module says whether Next may be pressed now
    # (`can_advance`, companion/games/frame.py) and the stepper shows it disabled with that reason; pressed
    # anyway (a stale page), the same rule refuses it.
    import re

    game_id = new_game(table, key)
    first_move(app, table, key, game_id)
    r = row(app, game_id)
    ok, why = r.rules.can_advance(r.state)
    page = table.get(f"/games/{game_id}").get_data(as_text=True)
    button = re.search(rf'action="/games/{game_id}/next".*?(<button[^>]*>)', page, re.S).group(1)
    if ok:
        assert "disabled" not in button and 'id="next-why"' not in page
        return
    assert why and "disabled" in button and 'aria-describedby="next-why"' in button
    # the reason as the table reads it, its page a tap target to the rule's summary (the cite filter)
    said = re.search(r'id="next-why">(.*?)</p>', page, re.S).group(1)
    assert html.unescape(as_read(said)) == why
    assert re.search(r'<button type="button" class="cite"[^>]*>', said) or not re.search(r"\bp\.\d", why)
    resp = table.post(f"/games/{game_id}/next", {"_form": "step", "version": str(r.version)})
    refused = html.unescape(as_read(resp.get_data(as_text=True)))
    assert resp.status_code == 422 and why in refused


def test_some_game_holds_next_after_its_first_move():
    # The check above is not vacuous: after the first move, Aldarra's Arrival waits for the Strongholds (p.8).
    from companion.games import aldarra as al

    g = al.next_step(al.new_game(tuple(al.Player(n, c) for n, c in zip(NAMES, COLORS[:3])))).state
    assert al.can_advance(g) == (False, "Every player places a Stronghold, then an Outpost, first (p.8).")


def test_the_toy_game_offers_its_moves_as_its_rules_take_them_now(app, table, toy):
    """ARCHITECTURE.md's promise, on the game it holds up as the template: a control is offered as `allowed` says
    (the kit's context asks the rules), and shown disabled with the refusal when they would refuse it."""
    game_id = new_game(table, toy.KEY)
    first_move(app, table, toy.KEY, game_id)
    page = table.get(f"/games/{game_id}").get_data(as_text=True)
    assert re.search(r'<button class="btn" name="amount" value="3">\+3</button>', page)
    for _ in range(7):  # Ann and Bob add 3 in turn: Ann reaches 12, past the 10 of the goal, with her fourth
        table.post(f"/games/{game_id}/do/add", {"_form": "add", "version": str(row(app, game_id).version),
                                                "amount": "3"})
    assert row(app, game_id).state.stage == "over"
    page = table.get(f"/games/{game_id}").get_data(as_text=True)
    assert re.search(r'value="3" disabled title="The game is over.">\+3</button>', page)
