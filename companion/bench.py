"""`companion bench`: time the campaign pages, fragments and actions on a scratch database.

A temporary instance folder is filled with `campaigns` campaigns of
`characters` characters and about `history` history entries each (the set-up
of a campaign alone may take more), made by the engine's own commands and
recorded as `store.change` records them: `changes.diff` between the stored
document read back from JSON and `campaign_to_dict` of the result. Each
campaign is played in memory (on every core) and written in one transaction,
so the fill is quick. Then every page of a campaign in the middle of the set,
its htmx fragment and the main actions are timed through the app's test
client, with no other connection open (as under `serve`), and a Lost Empires
game's page, log, an action, its undo and the version poll; an Aldarra Reborn
game's page (a 3-player combat, its dice as face buttons), log, an action and its undo. The "engine"
section (companion.bench_engine) times line of sight, attack spaces and
adversary turns on mission maps; it needs no database. The answer is JSON
text; speed is reported, never asserted.
"""
from __future__ import annotations

import json
import math
import os
import platform
import random
import sqlite3
import statistics
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from pathlib import Path

TARGET_MEDIAN_MS = 30
HTMX = {"HX-Request": "true"}

# name, URL ({base} is the campaign's URL, {deep_page} the oldest page of its history, {game} a Lost Empires game's)
PAGES = (
    ("home", "/"),
    ("campaign", "{base}"),
    ("character", "{base}/characters/{character}"),
    ("missions", "{base}/missions"),
    ("aboard", "{base}/aboard"),
    ("history", "{base}/history"),
    ("history_deep", "{base}/history?page={deep_page}"),
    ("backups", "/backups"),
    ("game", "{game}"),
    ("game_log", "{game}/log"),
    ("aldarra_game", "{aldarra}"),
    ("aldarra_game_log", "{aldarra}/log"),
)
ACTIONS = ("fame", "nova_cells", "buy_card", "undo_buy_card", "buy_equipment", "undo_buy_equipment",
           "undo", "redo", "rename", "game_damage", "game_undo", "game_poll",
           "aldarra_delay", "aldarra_undo")

EXTRA_CLASSES = ("Engineer", "Psion", "Sentinel", "Tactician", "Medic", "Scout", "Gunner", "Mystic")
EXTRA_SPECIES = ("Vorr", "Sylph")
NAMES = ("Sylvestia", "Vincent", "Augustus", "Mirela", "Tobiah", "Quenna", "Rusk", "Ondine", "Pell", "Yara",
         "Brannoc", "Ilse")
CARDS = ("Quick Shot", "Shield Bash", "Field Dressing", "Ambush", "Overcharge", "Taunt", "Smoke Screen",
         "Precision", "Second Wind", "Leap Strike", "Barrier Pulse", "Cleave")
GEAR = {"head": ("Scout Visor", "Combat Helm", "Neural Band"), "body": ("Flak Vest", "Phase Armour", "Medic Coat"),
        "feet": ("Mag Boots", "Striders", "Grav Treads")}
ATTACHMENTS = (("Plasma Edge", "melee"), ("Long Barrel", "ranged"), ("Kinetic Plate", "shield"),
               ("Nano Injector", "medical"), ("Twin Link", "dual"), ("Focus Lens", "any"))


# -- filling the scratch database ------------------------------------------------

class _Book:
    """One campaign being played in memory; its history rows are written in one go at the end.

    `do` is what `store.change` does: the engine command, then `changes.diff`
    between the stored document as read back from JSON and `campaign_to_dict`
    of the result, undone entries abandoned. `undo`/`redo` are what
    `store.undo`/`store.redo` do, with `changes.apply`.
    """

    def __init__(self, campaign, start: datetime):
        from .phantom.campaign import campaign_to_dict
        from .store.campaigns import _dump

        self.c = campaign
        self.state = _dump(campaign_to_dict(campaign))  # the campaigns.state column
        self.doc = json.loads(self.state)
        self.rows: list[list] = []  # [at, description, diff json, status]
        self.undone: list[list] = []
        self.clock = start

    def stamp(self) -> str:
        self.clock += timedelta(seconds=30 + 30 * (len(self.rows) % 7))  # two minutes apart on average
        return self.clock.isoformat(timespec="seconds")

    def do(self, command) -> bool:
        from .phantom.campaign import CampaignError, campaign_to_dict
        from .store import changes
        from .store.campaigns import _dump

        try:
            result = command(self.c)
        except CampaignError:
            return False
        after = campaign_to_dict(result.campaign)
        for row in self.undone:
            row[3] = "abandoned"
        self.undone = []
        self.rows.append([self.stamp(), result.description, _dump(changes.diff(self.doc, after)), "done"])
        self.c, self.state = result.campaign, _dump(after)
        self.doc = json.loads(self.state)
        return True

    def _step(self, undo: bool) -> bool:
        from .phantom.campaign import campaign_from_dict
        from .store import changes
        from .store.campaigns import _dump

        if undo:
            row = next((r for r in reversed(self.rows) if r[3] == "done" and r[2] != "[]"), None)
        else:
            row = self.undone[-1] if self.undone else None  # the oldest undone one
        if row is None:
            return False
        self.doc = changes.apply(self.doc, json.loads(row[2]), 1 if undo else 2)
        self.state = _dump(self.doc)
        self.doc = json.loads(self.state)
        self.c = campaign_from_dict(self.doc)
        row[3] = "undone" if undo else "done"
        if undo:
            self.undone.append(row)
        else:
            self.undone.pop()
        return True

    def undo(self) -> bool:
        return self._step(True)

    def redo(self) -> bool:
        return self._step(False)


def _party(rng: random.Random, chars, size: int) -> tuple[str, ...]:
    """Up to `size` active characters, one per class (p.8)."""
    pool = [ch for ch in chars if ch.active]
    rng.shuffle(pool)
    party, classes = [], set()
    for ch in pool:
        if ch.class_name not in classes:
            party.append(ch.id)
            classes.add(ch.class_name)
        if len(party) == size:
            break
    return tuple(party)


def _mission(book: _Book, content, rng: random.Random, mission_id: str, party: tuple[str, ...], success=True,
             difficulty: int | None = None, planet_fame: int = 0, unlocks=(), orbs=(), treasures=()) -> None:
    from .phantom import missions

    if len(party) < missions.MIN_SOLO_PARTY:
        return
    info = content.mission(mission_id)
    fame = {info.planet: planet_fame} if info and info.planet and planet_fame else {}
    report = missions.MissionReport(
        mission_id=mission_id, success=success, party=party, difficulty=difficulty, sp=rng.randint(1, 3),
        nova_cells={cid: rng.randint(3, 9) for cid in party}, fame=fame, vanished_tech=rng.randint(0, 2),
        unlocks=tuple(unlocks), orbs=tuple(orbs), treasures=tuple(treasures))
    if not book.do(lambda c: missions.record_mission(c, content, report)):
        return
    for cid in book.c.reward_pickers:  # each character picks one drawn attachment (p.14)
        name, type_ = rng.choice(ATTACHMENTS)
        tier = rng.randint(1, book.c.reward_max_tier or 1)
        book.do(lambda c, cid=cid, name=name, type_=type_, tier=tier: missions.pick_attachment_reward(
            c, cid, name, type_, tier, rng.randint(0, 2)))
    if book.c.reward_pickers:
        book.do(missions.skip_attachment_rewards)


def _next_mission(c, content, rng: random.Random) -> str | None:
    open_ = [m.id for m in content.missions if m.planet and (c.missions[m.id].available or c.missions[m.id].completed)]
    return rng.choice(open_) if open_ else None


def _unlock_after(content, mission_id: str) -> tuple[str, ...]:
    info = content.mission(mission_id)
    if not info or not info.planet or not info.number:
        return ()
    nxt = f"{info.planet.lower()}-{info.number + 1}"
    return (nxt,) if content.mission(nxt) else ()


def _setup(book: _Book, content, rng: random.Random, n: int, characters: int) -> None:
    """Extra classes and species, the party, three missions, their first kit."""
    from .phantom import aboard
    from .phantom import campaign as rules
    from .phantom import characters as chars

    base_classes = [ci.name for ci in content.classes]
    for name in EXTRA_CLASSES[: max(0, characters - len(base_classes))]:
        book.do(lambda c, name=name: rules.add_custom(c, "class", name, content))
    if n % 3 == 0:
        book.do(lambda c: rules.add_custom(c, "species", EXTRA_SPECIES[n % 2], content))
    classes = list(rules.classes(book.c, content))
    species = list(rules.species(book.c, content))
    for i in range(characters):
        name, cls, spec = NAMES[(i + n) % len(NAMES)], classes[i % len(classes)], species[(i + n) % len(species)]
        book.do(lambda c, name=name, cls=cls, spec=spec: chars.add_character(c, content, name, cls, spec))
    roster = book.c.characters
    first, rest = tuple(ch.id for ch in roster[:4]), tuple(ch.id for ch in roster[4:8])
    _mission(book, content, rng, "awakening", first, unlocks=("thespara-1", "orbos-1"))
    _mission(book, content, rng, "berkav-1", first, difficulty=2, planet_fame=rng.randint(3, 6),
             unlocks=("berkav-2",), orbs=(1,), treasures=(n % 5 + 1,))
    if len(rest) == 1 and len(first) > 1:
        rest = rest + first[:1]
    _mission(book, content, rng, "thespara-1", rest or first, difficulty=1, planet_fame=rng.randint(2, 5),
             unlocks=("thespara-2",))
    for i, ch in enumerate(book.c.characters):
        slot = chars.SLOTS[i % 3]
        att_name = ATTACHMENTS[i % len(ATTACHMENTS)][0]
        book.do(lambda c, ch=ch: chars.add_attachment(c, ch.id, f"Starter {att_name}", "starting", None, 1, True))
        if book.do(lambda c, ch=ch, slot=slot: aboard.buy_equipment(
                c, content, ch.id, GEAR[slot][i % 3], slot, 1, rng.randint(1, 3), rng.randint(0, 2))):
            eq = rules.character(book.c, ch.id).equipment[-1]
            book.do(lambda c, ch=ch, eq=eq: chars.toggle_equipped(c, content, ch.id, "equipment", eq.id))
        book.do(lambda c, ch=ch: chars.buy_card(c, ch.id, CARDS[i % len(CARDS)], 1))
        att = rules.character(book.c, ch.id).attachments[-1]
        book.do(lambda c, ch=ch, att=att: chars.charge(c, ch.id, "attachments", att.id, 1))


def _filler(book: _Book, content, rng: random.Random, serial: list) -> None:
    """One table action, weighted the way an evening of play goes: counters mostly."""
    from .phantom import aboard
    from .phantom import campaign as rules
    from .phantom import characters as chars

    c = book.c
    ch = rng.choice(c.characters) if c.characters else None
    roll = rng.random()
    serial[0] += 1
    if ch is None or roll < 0.12:
        planet = rng.choice(list(c.fame))
        book.do(lambda c: rules.adjust_fame(c, planet, rng.choice((1, 1, -1))))
    elif roll < 0.40:
        book.do(lambda c: chars.adjust(c, ch.id, "nova_cells", rng.choice((1, 2, 3, -1, -2))))
    elif roll < 0.52:
        book.do(lambda c: chars.adjust(c, ch.id, "sp", rng.choice((1, 1, -1))))
    elif roll < 0.56:
        book.do(lambda c: rules.adjust_vanished_tech(c, rng.choice((1, 1, -1))))
    elif roll < 0.62:
        book.do(lambda c: chars.buy_card(c, ch.id, f"{rng.choice(CARDS)} {serial[0]}", rng.randint(1, 2)))
    elif roll < 0.67:
        slot = rng.choice(chars.SLOTS)
        book.do(lambda c: aboard.buy_equipment(c, content, ch.id, rng.choice(GEAR[slot]), slot, 1,
                                               rng.randint(1, 4), rng.randint(0, 2)))
    elif roll < 0.70:
        if ch.equipment:
            book.do(lambda c: aboard.sell_equipment(c, ch.id, rng.choice(ch.equipment).id))
        spare = [a for a in ch.attachments if not a.starting and not a.equipped]
        if len(spare) > 2:
            book.do(lambda c: chars.dismantle(c, ch.id, spare[0].id))
    elif roll < 0.75:
        things = [("equipment", e.id) for e in ch.equipment] + [("attachments", a.id) for a in ch.attachments]
        if things:
            kind, tid = rng.choice(things)
            book.do(lambda c: chars.toggle_equipped(c, content, ch.id, kind, tid))
    elif roll < 0.79:
        slotted = [a for a in ch.attachments if a.charge_slots]
        if slotted:
            att = rng.choice(slotted)
            step = 1 if att.charges < att.charge_slots else -1
            book.do(lambda c: chars.charge(c, ch.id, "attachments", att.id, step))
    elif roll < 0.82:
        card, result = str(rng.randint(1, 40)), rng.choice(("shuffle", "shuffle", "discard"))
        book.do(lambda c: aboard.planetary_expedition(c, card, result, "")
                if not c.planetary_drawn else aboard.story_expedition(c, card, result, "Read aloud"))
    elif roll < 0.85:
        mission_id = _next_mission(c, content, rng)
        if mission_id:
            difficulty = rng.choice((None, 1, 2, 3))
            _mission(book, content, rng, mission_id, _party(rng, c.characters, rng.randint(2, 4)),
                     success=rng.random() < 0.8, difficulty=difficulty, planet_fame=rng.randint(0, 2),
                     unlocks=_unlock_after(content, mission_id))
    elif roll < 0.87:
        book.do(lambda c: rules.set_notes(c, f"Session {serial[0]}: the crew rested on {c.location or 'the ship'}.",
                                          c.version))
    elif roll < 0.88:
        book.do(lambda c: chars.add_item(c, ch.id, str(rng.randint(1, 60)), "Stim Pack", rng.random() < 0.5))
    elif roll < 0.97:
        ch2 = rng.choice(c.characters)
        if ch2.id != ch.id and ch.nova_cells:
            book.do(lambda c: chars.give_nova_cells(c, ch.id, ch2.id, 1))
    elif roll < 0.99:
        book.undo()  # the next action abandons it, as in the store
    else:
        if book.undo():
            book.redo()


def _play(n: int, content, characters: int, history: int, end: datetime):
    """Campaign `n`, new and then played: (new campaign, first stamp, history rows, final state)."""
    from .phantom import campaign as rules

    rng = random.Random(1000 + n)
    planet = rng.choice(content.planets)
    campaign = rules.new_campaign(f"Campaign {n + 1:03d} — {planet} run", content)
    start = end - timedelta(minutes=2 * history)
    book = _Book(campaign, start)
    _setup(book, content, rng, n, characters)
    serial, stalls = [0], 0
    while len(book.rows) + 1 < history and stalls < 50 * history:
        before = len(book.rows)
        _filler(book, content, rng, serial)
        stalls += len(book.rows) == before
    return campaign, start.isoformat(timespec="seconds"), book.rows, book.state


def _play_star(args):
    return _play(*args)


def _write(db, played) -> int:
    """store.create, then every history row and the final state in one transaction."""
    from .db import immediate
    from .store import campaigns as store

    campaign, start, rows, state = played
    campaign_id = store.create(db, campaign, f"Created the campaign {campaign.name!r}")
    with immediate(db):
        db.execute("UPDATE history SET at = ? WHERE campaign_id = ?", [start, campaign_id])
        db.conn.executemany("INSERT INTO history (campaign_id, at, description, diff, status) VALUES (?, ?, ?, ?, ?)",
                            [(campaign_id, *row) for row in rows])
        db.execute("UPDATE campaigns SET state = ?, name = ?, created_at = ?, updated_at = ? WHERE id = ?",
                   [state, json.loads(state)["name"], start, rows[-1][0] if rows else start, campaign_id])
    return campaign_id


def fill(app, campaigns: int, characters: int, history: int, workers: int | None = None) -> list[int]:
    """Play the campaigns on every core, write them here in order; returns their ids."""
    from . import db as dbmod

    content = app.extensions["phantom_content"]
    now = datetime.now(timezone.utc).replace(microsecond=0)
    jobs = [(n, content, characters, history, now - timedelta(hours=7 * (campaigns - n))) for n in range(campaigns)]
    if workers is None:  # a small fill is quicker than starting the processes
        workers = os.cpu_count() or 1 if campaigns * history >= 2000 else 1
    workers = min(workers, campaigns)
    db = dbmod.connect(app.config["DATABASE"])
    try:
        if workers < 2:
            return [_write(db, _play(*job)) for job in jobs]
        with ProcessPoolExecutor(workers) as pool:
            return [_write(db, played) for played in pool.map(_play_star, jobs)]
    finally:
        db.conn.close()


# -- timing ---------------------------------------------------------------------

def _summary(name: str, kind: str, request: str, samples: list[float]) -> dict:
    ordered = sorted(samples)
    p95 = ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]
    return {"name": name, "kind": kind, "request": request, "median_ms": round(statistics.median(ordered), 2),
            "p95_ms": round(p95, 2), "max_ms": round(ordered[-1], 2), "n": len(ordered)}


class _Timer:
    def __init__(self, client):
        self.client = client

    def __call__(self, method: str, url: str, expect: int = 200, **kw) -> float:
        t0 = time.perf_counter()
        resp = self.client.open(url, method=method, **kw)
        resp.get_data()
        ms = (time.perf_counter() - t0) * 1000
        if resp.status_code != expect:
            raise RuntimeError(f"bench: {method} {url} answered {resp.status_code}, expected {expect}: "
                               f"{resp.get_data(as_text=True)[:300]}")
        return ms


@contextmanager
def _connection(app):
    """A short-lived connection for the untimed reads and set-up between requests.

    None stays open while a request is timed: the app opens and closes one
    per request, and closing the last connection checkpoints the WAL; an extra
    open connection would hide that cost.
    """
    from . import db as dbmod

    db = dbmod.connect(app.config["DATABASE"])
    try:
        yield db
    finally:
        db.conn.close()


def _prepare(app, campaign_id: int, character_id: str) -> None:
    """The benchmarked character can afford a card and an equipment, and the shop is open."""
    from .phantom import characters as chars
    from .store import campaigns as store

    with _connection(app) as db:
        c = store.get(db, campaign_id).campaign
        ch = next(x for x in c.characters if x.id == character_id)
        if ch.nova_cells < 5:
            store.change(db, campaign_id, lambda c: chars.adjust(c, character_id, "nova_cells", 5))
        if ch.sp < 2:
            store.change(db, campaign_id, lambda c: chars.adjust(c, character_id, "sp", 2))
    if c.location is None:
        raise RuntimeError("bench: the benchmarked campaign has no shop open (no mission on a planet)")


def _game(app) -> int:
    """A Lost Empires game in round 1 with the starter decks and a unit on each side."""
    from .games import lost_empires as le
    from .games.frame import Player
    from .store import games as store

    content = app.extensions["game_content"][le.KEY]
    g = le.roll_for_first(le.new_game((Player("Ann", "red"), Player("Bob", "blue"))), (7, 3)).state
    for i, faction in enumerate(("Feng", "Terra Corps")):
        g = le.choose_faction(g, content, i, faction).state
        g = le.set_deck(g, content, i, le.starter_deck(content.faction(faction))).state
    g = le.play_unit(le.begin(g).state, "Hound", le.UnitStats(1, 2, 2, 1)).state
    g = le.play_unit(le.end_turn(g).state, "Dust Marine", le.UnitStats(1, 2, 2, 1)).state
    with _connection(app) as db:
        return store.create(db, le.KEY, "Bench game", g, "Bench game")


def _aldarra_game(app) -> int:
    """An Aldarra Reborn game of 3 in the Expansion Phase, a combat of all three on one territory (the busiest
    page: every player's dice as face buttons)."""
    from dataclasses import replace

    from .games import aldarra as al
    from .games.frame import Player
    from .store import games as store

    g = al.new_game((Player("Ann", "red"), Player("Bob", "blue"), Player("Cy", "green")), random.Random(8))
    at = g.tiles[10].id
    units = tuple(al.Units(at, i, kind, n) for i in range(3) for kind, n in (("Frigate", 3), ("Destroyer", 2)))
    g = replace(g, stage="play", round=1, phase="expansion", units=units, order=al.Order(g.turn_order[0], at))
    g = al.start_combat(g, at).state
    with _connection(app) as db:
        return store.create(db, al.KEY, "Bench Aldarra game", g, "Bench Aldarra game")


def _time_pages(timer: _Timer, urls: dict, repeat: int) -> list[dict]:
    results = []
    for kind, headers in (("page", {}), ("fragment", HTMX)):
        for name, _ in PAGES:
            timer("GET", urls[name], headers=headers)  # warm-up: templates compiled, caches filled
            samples = [timer("GET", urls[name], headers=headers) for _ in range(repeat)]
            results.append(_summary(name, kind, f"GET {urls[name]}", samples))
    return results


def _time_actions(app, timer: _Timer, campaign_id: int, character_id: str, game_id: int,
                  repeat: int, aldarra_id: int) -> list[dict]:
    """Each round leaves the campaign as it found it, but for one Orbos fame and the name's version;
    the game too, but for its version."""
    from .store import campaigns as store
    from .store import games

    base = f"/campaigns/{campaign_id}"
    game = f"/games/{game_id}"
    aldarra = f"/games/{aldarra_id}"
    char_url = f"{base}/characters/{character_id}"
    requests = {
        "fame": f"POST {base}/fame (Berkav +1/-1 alternating)",
        "nova_cells": f"POST {char_url}/counter (nova cells +1/-1 alternating)",
        "buy_card": f"POST {char_url}/cards (1 SP)",
        "undo_buy_card": f"POST {base}/undo (back=character:{character_id})",
        "buy_equipment": f"POST {base}/aboard/buy (tier 1 head, 1 nova cell)",
        "undo_buy_equipment": f"POST {base}/undo (back=aboard)",
        "undo": f"POST {base}/undo (back=campaign)",
        "redo": f"POST {base}/redo (back=campaign)",
        "rename": f"POST {base}/rename (with the current version)",
        "game_damage": f"POST {game}/do/damage (1 damage to a unit, with the current version)",
        "game_undo": f"POST {game}/undo",
        "game_poll": f"GET {game}/poll (nothing changed: 204)",
        "aldarra_delay": f"POST {aldarra}/do/delay (a player delays Light units, with the current version)",
        "aldarra_undo": f"POST {aldarra}/undo",
    }

    def post(url, data):
        return timer("POST", url, data=data, headers=HTMX)

    def round_(i: int) -> dict:
        sign = 1 if i % 2 == 0 else -1
        out = {
            "fame": post(f"{base}/fame", {"planet": "Berkav", "delta": sign}),
            "nova_cells": post(f"{char_url}/counter", {"what": "nova_cells", "delta": sign}),
            "buy_card": post(f"{char_url}/cards", {"card_name": f"Bench Card {i}", "sp_cost": 1}),
            "undo_buy_card": post(f"{base}/undo", {"back": f"character:{character_id}"}),
            "buy_equipment": post(f"{base}/aboard/buy", {"character": character_id, "name": f"Bench Visor {i}",
                                                          "slot": "head", "tier": 1, "cost": 1}),
            "undo_buy_equipment": post(f"{base}/undo", {"back": "aboard"}),
        }
        post(f"{base}/fame", {"planet": "Orbos", "delta": 1})  # a fresh change, which abandons the undone purchase
        out["undo"] = post(f"{base}/undo", {"back": "campaign"})
        out["redo"] = post(f"{base}/redo", {"back": "campaign"})
        with _connection(app) as db:
            c = store.get(db, campaign_id).campaign
            version = games.version(db, game_id)
            aldarra_version = games.version(db, aldarra_id)
        name = c.name.removesuffix(" (bench)") if c.name.endswith(" (bench)") else c.name + " (bench)"
        out["rename"] = post(f"{base}/rename", {"name": name, "version": c.version})
        out["game_damage"] = post(f"{game}/do/damage", {"unit": "u1", "delta": 1, "by": 1, "version": version})
        out["game_undo"] = post(f"{game}/undo", {})
        out["game_poll"] = timer("GET", f"{game}/poll?seen={version + 2}", expect=204, headers=HTMX)
        out["aldarra_delay"] = post(f"{aldarra}/do/delay", {"player": 0, "version": aldarra_version})
        out["aldarra_undo"] = post(f"{aldarra}/undo", {})
        return out

    _prepare(app, campaign_id, character_id)
    round_(0), round_(1)  # warm-up; a pair, so the +1/-1 actions end where they started
    samples: dict[str, list[float]] = {name: [] for name in ACTIONS}
    for i in range(repeat):
        for name, ms in round_(i).items():
            samples[name].append(ms)
    return [_summary(name, "action", requests[name], samples[name]) for name in ACTIONS]


def measure(app, campaign_id: int, character_id: str, repeat: int, game_id: int | None = None) -> list[dict]:
    """Pages, then their htmx fragments, then the actions; each `repeat` times."""
    from .store import campaigns as store

    with _connection(app) as db:
        visible = db.execute("SELECT count(*) FROM history WHERE campaign_id = ? AND status != 'abandoned'",
                             [campaign_id]).fetchone()[0]
    deep_page = max(1, math.ceil(visible / store.HISTORY_PAGE))
    base = f"/campaigns/{campaign_id}"
    game_id = game_id or _game(app)
    aldarra_id = _aldarra_game(app)
    urls = {name: path.format(base=base, character=character_id, deep_page=deep_page, game=f"/games/{game_id}",
                              aldarra=f"/games/{aldarra_id}") for name, path in PAGES}
    timer = _Timer(app.test_client())
    return _time_pages(timer, urls, repeat) + _time_actions(app, timer, campaign_id, character_id, game_id, repeat,
                                                            aldarra_id)


def _size(db_path: Path) -> int:
    """The database file and its write-ahead log."""
    wal = db_path.with_name(db_path.name + "-wal")
    return db_path.stat().st_size + (wal.stat().st_size if wal.exists() else 0)


def run(campaigns: int = 50, characters: int = 8, history: int = 500, repeat: int = 30,
        engine_scale: float = 1.0) -> str:
    """Time the engine (its sample counts times `engine_scale`), then fill a scratch database and time the
    pages, fragments and actions, the map editor and the mission table; JSON text."""
    from . import bench_engine, bench_maps, bench_mission_table, create_app
    from .store import backups

    if campaigns < 1 or characters < 2 or history < 1 or repeat < 1:
        raise ValueError("bench: campaigns, history and repeat must be 1 or more, characters 2 or more "
                         "(a mission needs a party of two, p.8)")
    if not engine_scale > 0:
        raise ValueError(f"bench: engine_scale must be more than 0, not {engine_scale!r}")
    # The engine first, in a process like a freshly started server: the scratch database's fill leaves a
    # heap whose collection pauses would be timed as the engine's.
    engine = bench_engine.run(engine_scale)
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as tmp:
        app = create_app({"INSTANCE_PATH": str(Path(tmp) / "instance"), "WTF_CSRF_ENABLED": False,
                          "BACKUP_ON_START": False})
        t0 = time.perf_counter()
        ids = fill(app, campaigns, characters, history)
        fill_seconds = time.perf_counter() - t0
        db_path = Path(app.config["DATABASE"])
        for _ in range(3):  # the backups page lists what a few mission results left behind
            backups.take(db_path, "mission-result")
        campaign_id = ids[len(ids) // 2]
        conn = sqlite3.connect(str(db_path))
        try:
            rows = conn.execute("SELECT count(*), sum(status = 'done'), sum(status = 'undone'), "
                                "sum(status = 'abandoned'), max(length(diff)) FROM history").fetchone()
            state = json.loads(conn.execute("SELECT state FROM campaigns WHERE id = ?", [campaign_id]).fetchone()[0])
            mine = conn.execute("SELECT count(*) FROM history WHERE campaign_id = ?", [campaign_id]).fetchone()[0]
        finally:
            conn.close()
        chars = state["characters"]
        character_id = chars[len(chars) // 2]["id"]
        dataset = {
            "campaigns": campaigns, "characters_per_campaign": characters, "history_per_campaign": history,
            "history_rows": rows[0], "history_done": rows[1], "history_undone": rows[2], "history_abandoned": rows[3],
            "largest_diff_bytes": rows[4], "database_bytes": _size(db_path),
            "fill_seconds": round(fill_seconds, 2), "campaign_id": campaign_id, "campaign_history_rows": mine,
            "campaign_state_bytes": len(json.dumps(state, ensure_ascii=False, separators=(",", ":"))),
            "character_id": character_id,
            "character_equipment": len(chars[len(chars) // 2]["equipment"]),
            "character_cards": len(chars[len(chars) // 2]["cards"]),
        }
        results = measure(app, campaign_id, character_id, repeat)
    map_editor = bench_maps.run(repeat)
    mission_table = bench_mission_table.run(repeat)
    return json.dumps({
        "dataset": dataset, "repeat": repeat, "target_median_ms": TARGET_MEDIAN_MS, "results": results,
        "all_within_target": all(r["median_ms"] <= TARGET_MEDIAN_MS for r in results),
        "over_target": [f"{r['kind']}:{r['name']}" for r in results if r["median_ms"] > TARGET_MEDIAN_MS],
        "engine": engine, "map_editor": map_editor, "mission_table": mission_table,
        "python": platform.python_version(), "sqlite": sqlite3.sqlite_version,
    }, indent=2, ensure_ascii=False)
