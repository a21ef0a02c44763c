"""Three players' Aldarra Reborn game on a 1024x768 touch tablet (issue 8, "Done when").

One story: a 3-player game from the home page, dashboards dealt, the Arrival, two full rounds through the
stepper — crystal spawn, nine orders a round, a combat lasting two rounds (an exploding die, an escalation
die, a partly damaged unit repairing, a retreat, the Attacker's VP), the mine step and VP purchases — and
the game ending at the Check Win step of the second Management Phase when Ann reaches 20.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from companion import create_app
from companion import db as dbmod
from companion.games import aldarra as al
from companion.store import games as store

from .conftest import LiveServer
from .helpers import assert_touch_target, labels_fit, settled, shoot, step_name, tap_face


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """This story's own server (the other stories count the games on the home page), with GAME_SEED for a
    repeatable random deal: dashboards, board, first player."""
    server = LiveServer(create_app({"INSTANCE_PATH": str(tmp_path_factory.mktemp("aldarra-instance")),
                                    "GAME_SEED": 8})).start()
    yield server
    server.stop()


def state(live_server, page: Page) -> al.Game:
    db = dbmod.connect(live_server.app.config["DATABASE"])
    try:
        return store.JOURNAL.get(db, int(page.url.rsplit("/", 1)[1])).state
    finally:
        db.conn.close()


def press(scope, name: str) -> None:
    button = scope.get_by_role("button", name=name, exact=True)
    assert_touch_target(button)
    button.tap()
    settled(scope.page if hasattr(scope, "page") else scope)


def place(page: Page, section: str, at: str, button: str) -> None:
    box = page.locator(section)
    box.get_by_label(re.compile(r"^Territory")).first.select_option(at)
    press(box, button)


def next_step(page: Page, expected: str) -> None:
    press(page, "Next ›")
    at_step(page, expected)


def at_step(page: Page, expected: str) -> None:
    """The stepper stands at `expected` with no tap: the steps before it had nothing to decide (issue 38)."""
    expect(step_name(page)).to_contain_text(expected)


def free(g: al.Game, at: str) -> bool:
    t = al.tile(g, at)
    return t.stronghold is None and t.kind != "Crystal Deposit" and not al.units_at(g, at)


def test_three_players_two_rounds_and_the_end_at_20(tablet: Page, live_server):
    page = tablet
    page.goto("/")
    new = page.locator("#new-game")
    new.get_by_label(re.compile(r"^Game\b(?! name)")).select_option(label="Aldarra Reborn")
    new.get_by_label("Game name").fill("Sordane night")
    for i, (name, color) in enumerate((("Ann", "blue"), ("Bob", "red"), ("Cy", "green")), 1):
        new.get_by_label(re.compile(rf"^Player {i}\b")).fill(name)
        new.get_by_label(f"Color {i}").select_option(color)
    new.get_by_role("button", name="New game").tap()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))

    # Set-up: random dashboards with their abilities, the 3-player tile table, 2 objectives each (p.5-7).
    expect(page.locator("#dashboards")).to_contain_text("2 Secondary Objective cards dealt")
    expect(page.locator("#tiles")).to_contain_text("Territory tiles for 3 players")
    expect(page.locator("#tiles")).to_contain_text("Copper Deposit")
    g = state(live_server, page)
    A = g.turn_order[0]  # the random first player
    # B, the defender, is not the Coalition: its free Outposts (p.16) would keep a Building in the combat.
    B = next(i for i in g.turn_order[1:] if g.players[i].faction != al.COALITION)
    C = next(i for i in g.turn_order[1:] if i != B)
    names = {i: p.name for i, p in enumerate(g.players)}
    press(page, "Begin: the Arrival")
    expect(step_name(page)).to_contain_text("Arrival — Strongholds")

    # Arrival (p.8): Strongholds apart; B's Outpost two steps from A's Stronghold, with X between them.
    homes = {}
    for seat in g.turn_order:
        g = state(live_server, page)
        spot = next(t.id for t in g.tiles if t.kind != "Crystal Deposit" and all(
            al.distance(g, t.id, h) > 3 for h in homes.values()))
        homes[seat] = spot
        place(page, "#arrival", spot, "Place Stronghold")
    g = state(live_server, page)
    x = next(n for n in al.neighbours(g, homes[A]) if free(g, n) and any(
        free(g, m) and m not in al.neighbours(g, homes[A]) and m != homes[A] for m in al.neighbours(g, n)))
    ob = next(m for m in al.neighbours(g, x) if free(g, m) and m not in al.neighbours(g, homes[A]))
    far = [t.id for t in g.tiles if free(g, t.id) and t.id not in (x, ob) and al.distance(g, t.id, x) > 3]
    spots = {C: far[0], B: ob, A: far[-1]}
    for seat in reversed(g.turn_order):  # Outposts in reverse turn order (p.8)
        place(page, "#arrival", spots[seat], "Place Outpost")
    # the Arrival's end and round 1's turn order (it stays, p.8) pass by themselves: Spawn Crystals waits

    def spawn(hits: str) -> None:
        at_step(page, "Preparation — Spawn crystals")
        page.locator("#crystals").get_by_label("Hits on the 2 blue dice").fill(hits)
        press(page.locator("#crystals"), "Spawn")
        expect(page.locator("#lastlog")).to_contain_text(f"show {hits} hit")
        at_step(page, "Expansion — Orders")  # every Crystal placed: the step passed by itself

    def orders(special: dict) -> None:
        """Nine orders in turn order; a player without a special order activates their Stronghold."""
        for _ in range(9):
            g = state(live_server, page)
            who = al.current_player(g)
            if who in special:
                special.pop(who)()
                continue
            place(page, "#orders", homes[who], "Place order")
            press(page.locator("#orders"), "Finish the order")

    def move(frm: str, to: str, kind: str, n: int = 1) -> int:
        """A move on the board (issue 29): a tap on the airships' territory, a tap on the lit destination; the
        unit and the count are tapped only where they are not the first offered. Returns the taps it took."""
        board, form = page.locator("svg.aboard"), page.locator("#move-form")
        board.locator(f"g.terr[data-tile='{frm}']").tap()
        taps = 1
        expect(board.locator(f"g.terr[data-tile='{frm}']")).to_have_class(re.compile(r"\bpicked\b"))
        if not form.get_by_role("radio", name=kind, exact=True).is_checked():
            tap_face(form, kind)
            taps += 1
        if n != 1:
            tap_face(form, str(n))
            taps += 1
        # the engine's legal destinations are lit (and only they), the others are not
        g = state(live_server, page)
        lit = {t for f, t, k, _ in al.legal_moves(g, live_server.app.extensions["game_content"]["aldarra-reborn"])
               if f == frm and k == kind}
        expect(board.locator("g.terr.reach")).to_have_count(len(lit))
        assert to in lit
        board.locator(f"g.terr[data-tile='{to}']").tap()
        settled(page)
        expect(page.locator("#lastlog")).to_contain_text(f"moved {n} {kind}")
        return taps + 1

    # Round 1: the turn order stays (p.8); crystals; B moves its Frigate and Engineer next to A's Stronghold.
    expect(page.locator("#result")).to_contain_text("Turn order: it stays as in the Arrival in round 1")
    spawn("0")

    def b_advances():
        place(page, "#orders", x, "Place order")
        # the common move, 4 dropdowns before issue 29, is 2 taps on the board
        assert move(ob, x, "Frigate") == 2
        assert move(ob, x, "Engineer") == 2  # the only unit left there is offered first
        labels_fit(page, "svg.aboard")
        shoot(page, "aldarra-1024x768.png", "board")
        press(page.locator("#orders"), "Finish the order")

    orders({B: b_advances})
    # Mine (p.13): the Stronghold's 10 and each controlled territory, applied by itself with the last order's end
    # (nothing to decide); then A buys 1 VP for 10 coins.
    at_step(page, "Buy Victory Points")
    g = state(live_server, page)
    mined = {i: al.mine_report(g, i).coins for i in (A, B, C)}
    expect(page.locator("#result")).to_contain_text(f"{names[A]}: {mined[A]} coins")
    for i in (A, B, C):
        expect(page.get_by_role("status", name=f"{names[i]} coins", exact=True)).to_have_text(str(mined[i]))
    page.locator(f"form:has(input[name=_form][value=buy-{A}])").get_by_role("button", name="10 coins → 1 VP").tap()
    settled(page)
    expect(page.get_by_role("status", name=f"{names[A]} VP", exact=True)).to_have_text("1")
    expect(page.locator(f"form:has(input[name=_form][value=buy-{A}])").get_by_role(
        "button", name="10 coins → 1 VP")).to_be_disabled()
    next_step(page, "Secondary Objectives")  # Check Win, nobody at 20 VP, passed by itself (p.13-14)
    # A claims two objectives (9 + 8 VP): 18, but 20 is only checked at Check Win (p.13-14).
    for vp in ("9", "8"):
        page.locator("#card-effects summary").tap()  # a fresh page closes it again
        form = page.locator(f"form:has(input[name=_form][value=objective-{A}])")
        form.get_by_label("Objective VP").fill(vp)
        press(form, "Claim")
    expect(page.get_by_role("status", name=f"{names[A]} VP", exact=True)).to_have_text("18")
    for i in state(live_server, page).turn_order:  # each player draws or discards and draws: mandatory (p.13)
        press(page.locator(f"form:has(input[name=_form][value=draw-{i}])"), "Draw 1")
    at_step(page, "Discovery")  # the last draw ends the step
    for i in state(live_server, page).turn_order:  # in turn order each selects one: mandatory (p.13)
        pick = page.locator(f"form:has(input[name=_form][value=discovery-{i}])")
        pick.get_by_label("Discovery", exact=True).fill(f"Swift Hulls {state(live_server, page).round}")
        press(pick, "Take")
    at_step(page, "Build")
    for i in state(live_server, page).turn_order:  # players build in turn order (p.13)
        press(page.locator("#management"), f"{names[i]} is done building")
    at_step(page, "Preparation — Turn order")

    # Round 2: turn order from the fewest VP (p.8); B and C tie at 0, so the earlier of them picks first.
    g = state(live_server, page)
    choosing = al.choosing_order(g)
    assert choosing == tuple(i for i in g.turn_order if i != A) + (A,)
    for i in choosing:
        expect(page.locator("#turn-order h2")).to_contain_text(names[i])
        page.locator("#turn-order").get_by_role("button", name=re.compile(r"^Position")).first.tap()
        settled(page)
    g = state(live_server, page)
    assert g.turn_order == choosing
    spawn("0")

    def a_attacks():
        place(page, "#orders", x, "Place order")
        assert move(homes[A], x, "Frigate", 2) == 3  # the count tapped too
        press(page.locator("#orders"), f"Combat on {x}")
        combat = page.locator("#combat")
        expect(combat).to_contain_text("round 1, Light Step")
        roll = page.locator("#roll-form")
        # Big face buttons per die, in the die's color (issue 7's promise for physical rolls).
        assert_touch_target(roll.locator("label.face.green").first)
        for face in (f"{names[A]} green die 1: 0", f"{names[A]} green die 2: 0", f"{names[B]} green die 1: 0"):
            tap_face(roll, face)
        press(roll, "Record the roll")
        expect(combat).to_contain_text("Heavy and Buildings Step")
        tap_face(page.locator("#roll-form"), f"{names[B]} green die 1: 0")
        press(page.locator("#roll-form"), "Record the roll")
        press(combat, "Stay")  # the Attacker first (p.11)
        press(combat, "Stay")
        # No unit destroyed: a green die joins the Escalation Dice Pool, rolled from round 2 (p.10-11).
        expect(combat).to_contain_text("round 2, Light Step")
        expect(combat).to_contain_text("Escalation Dice Pool: 1 green")
        roll = page.locator("#roll-form")
        tap_face(roll, "Escalation die 1: 0")
        reroll = roll.get_by_role("radio", name=f"{names[A]} green die 1 re-roll: 0", exact=True)
        expect(roll.locator("label.face").filter(has=reroll)).to_be_hidden()
        tap_face(roll, f"{names[A]} green die 1: 1*")  # an exploding die (p.10-11): its re-roll row opens
        tap_face(roll, f"{names[A]} green die 1 re-roll: 0")
        tap_face(roll, f"{names[A]} green die 2: 0")
        tap_face(roll, f"{names[B]} green die 1: 0")
        press(roll, "Record the roll")
        expect(page.locator("#lastlog")).to_contain_text("green 1*+0 0 = 1")
        press(page.locator("#assign"), f"{names[B]}'s Engineer (1, armor 2)")
        expect(page.locator("#lastlog")).to_contain_text("not destroyed, the damage repairs")
        tap_face(page.locator("#roll-form"), f"{names[B]} green die 1: 0")
        press(page.locator("#roll-form"), "Record the roll")
        press(combat, "Stay")
        press(combat, f"Retreat to {ob}")  # the Defender leaves; only A remains
        expect(page.locator("#combat-log")).to_contain_text("earns 1 VP")
        expect(page.get_by_role("status", name=f"{names[A]} VP", exact=True)).to_have_text("19")
        press(page.locator("#orders"), "Finish the order")

    orders({A: a_attacks})
    at_step(page, "Buy Victory Points")  # the Mine applied by itself
    g = state(live_server, page)
    coins = g.sides[A].coins
    expect(page.locator("#result")).to_contain_text(f"{names[A]}: {al.mine_report(g, A).coins} coins")
    expect(page.get_by_role("status", name=f"{names[A]} coins", exact=True)).to_have_text(str(coins))
    page.locator(f"form:has(input[name=_form][value=buy-{A}])").get_by_role("button", name="10 coins → 1 VP").tap()
    settled(page)
    expect(page.get_by_role("status", name=f"{names[A]} VP", exact=True)).to_have_text("20")
    press(page, "Next ›")  # the Check Win Condition step checks by itself (p.13)
    expect(step_name(page)).to_have_text("Game over — Results")
    expect(page.locator("#instruction")).to_contain_text(f"{names[A]} wins with 20 VP")
    page.get_by_role("link", name="Final results ›").tap()
    expect(page.locator("#verdict")).to_contain_text(f"{names[A]} wins")


def test_the_board_is_drawn_and_a_stronghold_is_placed_by_tapping_a_territory(tablet: Page, live_server):
    """Issue 20: the dealt board as hexes (terrain, ids, units by colour); a tap chooses the territory in the
    step's form; only the legal Stronghold places are offered and outlined."""
    page = tablet
    page.goto("/")
    new = page.locator("#new-game")
    new.get_by_label(re.compile(r"^Game\b(?! name)")).select_option(label="Aldarra Reborn")
    new.get_by_label("Game name").fill("Board by tap")
    for i, (name, color) in enumerate((("Ann", "blue"), ("Bob", "red"), ("Cy", "green")), 1):
        new.get_by_label(re.compile(rf"^Player {i}\b")).fill(name)
        new.get_by_label(f"Color {i}").select_option(color)
    new.get_by_role("button", name="New game").tap()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))
    press(page, "Begin: the Arrival")
    board = page.locator("svg.aboard")
    expect(board).to_be_visible()
    expect(board.locator("g.terr")).to_have_count(39)
    box = board.bounding_box()
    assert box["width"] <= 1024 and box["width"] > 300  # drawn at a readable size, no sideways scroll

    g = state(live_server, page)
    legal = al.stronghold_spots(g)
    expect(board.locator("g.terr.legal")).to_have_count(len(legal))
    deposit = next(t.id for t in g.tiles if t.kind == "Crystal Deposit")
    expect(page.locator("#arrival select[name=at] option[value='%s']" % deposit)).to_have_count(0)
    spot = legal[len(legal) // 2]
    board.locator(f"g.terr[data-tile='{spot}']").tap()
    expect(page.locator("#arrival select[name=at]")).to_have_value(spot)
    press(page.locator("#arrival"), "Place Stronghold")
    g = state(live_server, page)
    assert al.tile(g, spot).stronghold == g.turn_order[0]
    home = page.locator(f"svg.aboard g.terr[data-tile='{spot}']")
    expect(home).to_have_class(re.compile(r"\bhome\b"))
    expect(home).to_contain_text("2Fr 1En")  # 2 Frigates and 1 Engineer in the player's colour (p.8)
    # the Stronghold's neighbours within 2 tiles are no longer offered (p.8)
    near = next(t.id for t in g.tiles if 0 < al.distance(g, t.id, spot) <= 2)
    expect(page.locator("#arrival select[name=at] option[value='%s']" % near)).to_have_count(0)
