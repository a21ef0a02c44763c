"""The four games' common actions by taps, beside the mission round in the tap-count section (issue 38): the end of
a round (or a turn) with nothing more to do, and a combat, each played through the game page's own routes in a
scratch app and counted as the page takes them: one tap a press (a button, Next, Pass) and one for each value the
table picks in its form (a die face, a target, a card's source). The steps with nothing to decide pass by
themselves (frame.settle), so they cost nothing. Reported, never asserted; no browser needed.
"""
from __future__ import annotations

import tempfile
from dataclasses import replace

from ..db import connect
from ..games import aldarra as al
from ..games import lost_empires as le
from ..games import shattered_empires as se
from ..games import suriya_162 as su
from ..games.registry import RULES
from ..games.frame import Outcome
from ..store import games as store
from .timing import scratch_app

TARGET_ROUND_END_TAPS = 2  # issue 38: the end of a round or a turn with nothing to do


class _Game:
    """One game of the scratch app, pressed as its page posts (htmx), the taps tallied."""

    def __init__(self, app, key: str, names: tuple[str, ...]):
        self.app, self.client, self.taps = app, app.test_client(), 0
        seats = {}
        for n, (name, color) in enumerate(zip(names, ("red", "blue", "green")), 1):
            seats |= {f"name_{n}": name, f"color_{n}": color}
        resp = self.client.post("/games/new", data={"game": key, "name": f"Taps {key}", **seats},
                                headers={"HX-Request": "true"})
        self.url = resp.headers["HX-Redirect"]
        self.id = int(self.url.rsplit("/", 1)[1])

    def row(self):
        db = connect(self.app.config["DATABASE"])
        try:
            return store.JOURNAL.get(db, self.id)
        finally:
            db.conn.close()

    def request(self, action: str, data: dict | None = None, form: str | None = None) -> tuple[str, dict]:
        """Where a press posts and the fields its form sends (the step bar's form is "step")."""
        if action == "next":
            return f"{self.url}/next", {"_form": form or "step", **(data or {})}
        return f"{self.url}/do/{action}", {"_form": form or action, **(data or {})}

    def press(self, action: str, data: dict | None = None, picks: int = 0, form: str | None = None):
        """A press of the page (`picks`: the values the table tapped in its form first), counted."""
        path, sent = self.request(action, data, form)
        sent["version"] = str(self.row().version)
        resp = self.client.post(path, data=sent, headers={"HX-Request": "true"})
        if resp.status_code != 200:
            raise RuntimeError(f"{path} answered {resp.status_code}: {resp.get_data(as_text=True)[:300]}")
        self.taps += 1 + picks
        return self.row().state

    def set_up(self, *presses) -> None:
        """The game's set-up, not counted: what the common actions start from."""
        for action, data, *form in presses:
            self.press(action, data, form=form[0] if form else None)
        self.taps = 0

    def position(self, change) -> None:
        """The position an action starts from, written as a long play would leave it (one logged change)."""
        db = connect(self.app.config["DATABASE"])
        try:
            store.JOURNAL.change(db, self.id, lambda g: Outcome(change(g), "bench position"))
        finally:
            db.conn.close()

    def counted(self, play) -> dict:
        self.taps = 0
        ends = play(self)
        return {"taps": self.taps, **ends}


def _lost_empires(app) -> dict:
    g = _Game(app, le.KEY, ("Ann", "Bob"))
    g.set_up(("roll", {"die_1a": "3", "die_1b": "4c", "die_2a": "1", "die_2b": "2"}),
             ("faction", {"player": "0", "faction": "Feng"}), ("faction", {"player": "1", "faction": "Terra Corps"}),
             ("deck", {"player": "0", "starter": "1"}), ("deck", {"player": "1", "starter": "1"}), ("next", {}))

    def round_end(t):  # both players pass; Control, Gate, Casualty and Wrap Up pass by themselves (p.10-11)
        for _ in range(2):
            s = t.press("pass")
        return {"next_round": s.round == 2 and s.phase == "order"}

    def combat(t):  # Ann's Hound against Bob's Dust Marine at the center: activate, two die faces, Attack (p.9)
        t.position(lambda s: replace(s, units=(le.Unit("u1", "Hound", s.turn, "center", 1, 3, 2),
                                               le.Unit("u2", "Dust Marine", 1 - s.turn, "center", 1, 2, 2)),
                                     next_id=3))
        t.press("activate", {"unit": "u1", "token": "command"})
        s = t.press("attack", {"attacker": "u1", "defender": "u2", "attack_die": "4c", "defense_die": "1"}, picks=2)
        return {"resolved": bool(s.combat)}
    return {"round_end": g.counted(round_end), "combat": g.counted(combat)}


def _shattered_empires(app) -> dict:
    g = _Game(app, se.KEY, ("Ann", "Bob"))
    g.set_up(("base", {"player": "0", "base": "Imperial Command Hub"}, "base-0"),
             ("base", {"player": "1", "base": "Alliance Haven"}, "base-1"),
             ("deck", {"player": "0", "starter": "1"}, "deck-0"), ("deck", {"player": "1", "starter": "1"}, "deck-1"),
             ("next", {}))

    def turn_end(t):  # a turn where Ann plays nothing: Next at the Queue and the Acquisition (her cards wait)
        s = t.row().state
        while s.turn == 0:
            s = t.press("next")
        return {"next_turn": s.turn == 1}

    def combat(t):  # Ann's Frigate (2 weapons) at Bob's Alliance Raider and base: a target each, the evasion face
        content = app.extensions["game_content"][se.KEY]
        ship = replace(se._unit_of(content.card("Frigate"), "u1", 0), testing=False)
        raider = replace(se._unit_of(content.card("Alliance Raider"), "u2", 1), testing=False)
        t.position(lambda s: replace(s, units=(ship, raider), turn=0, next_id=3, attack=None, step="combat"))
        t.press("declare", {"attacker": "u1", "weapon_1": "u2", "weapon_2": "base-1"}, picks=2)
        s = t.press("resolve", {"face:u1:0": "4"}, picks=1)
        return {"resolved": bool(s.combat)}
    return {"turn_end": g.counted(turn_end), "combat": g.counted(combat)}


SURIYA_DRAFT = ((("Forest", "Lagoon", "Desert", "Plateau", "Mine"),
                 (("Forest", ""), ("Lagoon", "1"), ("Desert", ""), ("Plateau", "1"))),
                (("Mine", "Mine", "Forest", "Desert", "Plateau"),
                 (("Mine", ""), ("Mine", ""), ("Forest", ""), ("Desert", ""))))


def _suriya(app) -> dict:
    g = _Game(app, su.KEY, ("Tyra", "David"))
    presses = [("roll", {"damage_1": "2", "damage_2": "1"}), ("faction", {"player": "0", "faction": "Noah's Ark"}),
               ("faction", {"player": "1", "faction": "Scarab"})]
    for shown, picks in SURIYA_DRAFT:
        presses.append(("tiles", {f"tile_{i + 1}": t for i, t in enumerate(shown)}))
        presses += [("place", {"terrain": t, **({"high": high} if high else {})}) for t, high in picks]
    g.set_up(*presses, ("next", {}))

    def turn_end(t):  # Next to the Income Phase, the card gained from the source the form shows first: the turn
        t.press("next")  # ends, and David's Upkeep (nothing to pay) passes
        s = t.press("gain", {"source": next(iter(su.GAIN_FROM))})
        return {"next_turn": s.turn == 1 and s.phase == "action"}

    def combat(t):  # 2 BU from Mine 1 at David's Headquarter: the Squad and the target on the map, 3 die faces
        s = t.row().state
        mine = next(x.id for x in s.spaces if x.name == "Mine 1")
        hq = next(x.id for x in s.spaces if x.name == "David's Headquarter")
        t.set_up(("summon", {"space": mine, "kind": "BU", "units": "2"}))
        s = t.press("attack", {"space": mine, "target": hq, "attacker_face_0": "1,0,0", "attacker_face_1": "0,1,0",
                               "attacker_face_2": "2,0,0"}, picks=2 + 3)
        return {"resolved": bool(s.combat)}
    return {"combat": g.counted(combat), "turn_end": g.counted(turn_end)}


def _aldarra(app) -> dict:
    g = _Game(app, "aldarra-reborn", ("Ann", "Bob", "Cy"))
    rules = RULES["aldarra-reborn"]

    def round_end(t):  # from Buy Victory Points (nobody buys): each player's draw, Discovery and build are theirs
        t.position(lambda s: replace(s, stage="play", round=1, phase="management", step=1))
        s = t.press("next")
        nexts = 1
        for i in s.turn_order:
            t.press("draw", {"player": str(i)}, form=f"draw-{i}")
        for i in s.turn_order:
            t.press("discovery", {"player": str(i), "name": f"Relic {i}"}, picks=1, form=f"discovery-{i}")
        for i in s.turn_order:
            s = t.press("finish-build", {"player": str(i)})
        return {"nexts": nexts, "next_round": s.round == 2 and rules.idle(s) is None}
    return {"round_end": g.counted(round_end), "combat": _aldarra_combat(app)}


def _arrive(g: _Game) -> None:
    """The Arrival through the page: each Stronghold 3 apart, then each Outpost, and no Crystal spawned (p.8)."""
    g.set_up(("next", {}))
    for _ in range(3):
        s = g.row().state
        taken = [t.id for t in s.tiles if t.stronghold is not None]
        at = next(t.id for t in s.tiles if t.kind != "Crystal Deposit"
                  and all(al.distance(s, t.id, x) > 2 for x in taken))
        g.set_up(("stronghold", {"player": str(al.arrival_order(s)[s.chooser]), "at": at}, "arrival"))
    for _ in range(3):
        s = g.row().state
        at = next(t.id for t in s.tiles if t.kind != "Crystal Deposit" and t.stronghold is None
                  and not al.units_at(s, t.id))
        g.set_up(("outpost", {"player": str(al.arrival_order(s)[s.chooser]), "at": at}, "arrival"))
    g.set_up(("spawn", {"hits": "0"}))


def _aldarra_combat(app) -> dict:
    """The player to act orders on Bob's Frigate next door and moves a Frigate in (not counted); the combat:
    Combat on the territory, each Frigate's green die face, Record the roll, the hit assigned (p.9-11)."""
    g = _Game(app, "aldarra-reborn", ("Ann", "Bob", "Cy"))
    _arrive(g)
    s = g.row().state
    me = al.current_player(s)
    home = al.stronghold_of(s, me).id
    # The dealt board is random: a free neighbour if there is one, else one cleared for the fight (not counted)
    beside = [n for n in al.neighbours(s, home) if al.tile(s, n).stronghold is None]
    spot = next((n for n in beside if not al.units_at(s, n)), beside[0])
    enemy = next(i for i in s.turn_order if i != me)
    g.position(lambda x: replace(x, units=tuple(u for u in x.units if u.at != spot)
                                 + (al.Units(spot, enemy, "Frigate", 1),)))
    g.set_up(("order", {"player": str(me), "at": spot}),
             ("move", {"frm": home, "to": spot, "kind": "Frigate", "count": "1"}))

    def combat(t):  # the attacker's die shows 1, the defender's 0: one hit, the defender's Frigate (armor 1) lost
        t.press("combat", {"at": spot}, form=f"combat-{spot}")
        t.press("roll", {f"face_{me}_green_0": "1", f"face_{enemy}_green_0": "0"}, picks=2)
        s = t.press("assign", {"owner": str(enemy), "kind": "Frigate"})
        return {"resolved": s.combat is None and s.last_combat[-1].startswith("Combat over")}
    return g.counted(combat)


def run() -> dict:
    with tempfile.TemporaryDirectory(prefix="companion-bench-game-taps-") as tmp:
        app = scratch_app(tmp)
        games = {le.KEY: _lost_empires(app), se.KEY: _shattered_empires(app), su.KEY: _suriya(app),
                 "aldarra-reborn": _aldarra(app)}
    return {"target_round_end_taps": TARGET_ROUND_END_TAPS, **games}
