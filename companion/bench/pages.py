"""The pages section of `companion bench`: every page of a campaign, its htmx fragment and the main actions.

Timed through the app's test client on the scratch database (`filling`), a campaign in the middle of the
set, with no other connection open (as under `serve`); with them a Lost Empires game's page, log, an
action, its undo and the version poll, and an Aldarra Reborn game's page (a 3-player combat, its dice as
face buttons), log, an action and its undo.
"""
from __future__ import annotations

import math
import random
from dataclasses import replace

from ..games import aldarra as al
from ..games import lost_empires as le
from ..games.frame import Player
from ..phantom import characters as chars
from ..store import campaigns as store
from ..store import games
from .timing import HTMX, Timer, connection, summary

TARGET_MEDIAN_MS = 30

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


def _prepare(app, campaign_id: int, character_id: str) -> None:
    """The benchmarked character can afford a card and an equipment, and the shop is open."""
    with connection(app) as db:
        c = store.JOURNAL.get(db, campaign_id).campaign
        ch = next(x for x in c.characters if x.id == character_id)
        if ch.nova_cells < 5:
            store.JOURNAL.change(db, campaign_id, lambda c: chars.adjust(c, character_id, "nova_cells", 5))
        if ch.sp < 2:
            store.JOURNAL.change(db, campaign_id, lambda c: chars.adjust(c, character_id, "sp", 2))
    if c.location is None:
        raise RuntimeError("bench: the benchmarked campaign has no shop open (no mission on a planet)")


def _game(app) -> int:
    """A Lost Empires game in round 1 with the starter decks and a unit on each side."""
    content = app.extensions["game_content"][le.KEY]
    g = le.roll_for_first(le.new_game((Player("Ann", "red"), Player("Bob", "blue"))), (7, 3)).state
    for i, faction in enumerate(("Feng", "Terra Corps")):
        g = le.choose_faction(g, content, i, faction).state
        g = le.set_deck(g, content, i, le.starter_deck(content.faction(faction))).state
    g = le.play_unit(le.begin(g).state, "Hound", le.UnitStats(1, 2, 2, 1)).state
    g = le.play_unit(le.end_turn(g).state, "Dust Marine", le.UnitStats(1, 2, 2, 1)).state
    with connection(app) as db:
        return games.JOURNAL.create(db, {"kind": le.KEY, "name": "Bench game"}, g, "Bench game")


def _aldarra_game(app) -> int:
    """An Aldarra Reborn game of 3 in the Expansion Phase, a combat of all three on one territory (the busiest
    page: every player's dice as face buttons)."""
    g = al.new_game((Player("Ann", "red"), Player("Bob", "blue"), Player("Cy", "green")), random.Random(8))
    at = g.tiles[10].id
    units = tuple(al.Units(at, i, kind, n) for i in range(3) for kind, n in (("Frigate", 3), ("Destroyer", 2)))
    g = replace(g, stage="play", round=1, phase="expansion", units=units, order=al.Order(g.turn_order[0], at))
    g = al.start_combat(g, at).state
    with connection(app) as db:
        return games.JOURNAL.create(db, {"kind": al.KEY, "name": "Bench Aldarra game"}, g, "Bench Aldarra game")


def _time_pages(timer: Timer, urls: dict, repeat: int) -> list[dict]:
    results = []
    for kind, headers in (("page", {}), ("fragment", HTMX)):
        for name, _ in PAGES:
            timer("GET", urls[name], headers=headers)  # warm-up: templates compiled, caches filled
            samples = [timer("GET", urls[name], headers=headers) for _ in range(repeat)]
            results.append(summary(name, kind, f"GET {urls[name]}", samples))
    return results


def _time_actions(app, timer: Timer, campaign_id: int, character_id: str, game_id: int,
                  repeat: int, aldarra_id: int) -> list[dict]:
    """Each round leaves the campaign as it found it, but for one Orbos fame and the name's version;
    the game too, but for its version."""
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

    def step(url, journal, doc_id, data):
        """An undo or redo carrying the version its bar shows (read untimed), as a tablet sends it."""
        with connection(app) as db:
            seen = journal.version(db, doc_id)
        return post(url, {**data, "version": seen})

    def round_(i: int) -> dict:
        sign = 1 if i % 2 == 0 else -1
        out = {
            "fame": post(f"{base}/fame", {"planet": "Berkav", "delta": sign}),
            "nova_cells": post(f"{char_url}/counter", {"what": "nova_cells", "delta": sign}),
            "buy_card": post(f"{char_url}/cards", {"card_name": f"Bench Card {i}", "sp_cost": 1}),
            "undo_buy_card": step(f"{base}/undo", store.JOURNAL, campaign_id, {"back": f"character:{character_id}"}),
            "buy_equipment": post(f"{base}/aboard/buy", {"character": character_id, "name": f"Bench Visor {i}",
                                                          "slot": "head", "tier": 1, "cost": 1}),
            "undo_buy_equipment": step(f"{base}/undo", store.JOURNAL, campaign_id, {"back": "aboard"}),
        }
        post(f"{base}/fame", {"planet": "Orbos", "delta": 1})  # a fresh change, which abandons the undone purchase
        out["undo"] = step(f"{base}/undo", store.JOURNAL, campaign_id, {"back": "campaign"})
        out["redo"] = step(f"{base}/redo", store.JOURNAL, campaign_id, {"back": "campaign"})
        with connection(app) as db:
            c = store.JOURNAL.get(db, campaign_id).campaign
            version = games.JOURNAL.version(db, game_id)
            aldarra_version = games.JOURNAL.version(db, aldarra_id)
        name = c.name.removesuffix(" (bench)") if c.name.endswith(" (bench)") else c.name + " (bench)"
        out["rename"] = post(f"{base}/rename", {"name": name, "version": c.version})
        out["game_damage"] = post(f"{game}/do/damage", {"unit": "u1", "delta": 1, "by": 1, "version": version})
        out["game_undo"] = step(f"{game}/undo", games.JOURNAL, game_id, {})
        out["game_poll"] = timer("GET", f"{game}/poll?seen={version + 2}", expect=204, headers=HTMX)
        out["aldarra_delay"] = post(f"{aldarra}/do/delay", {"player": 0, "version": aldarra_version})
        out["aldarra_undo"] = step(f"{aldarra}/undo", games.JOURNAL, aldarra_id, {})
        return out

    _prepare(app, campaign_id, character_id)
    round_(0), round_(1)  # warm-up; a pair, so the +1/-1 actions end where they started
    samples: dict[str, list[float]] = {name: [] for name in ACTIONS}
    for i in range(repeat):
        for name, ms in round_(i).items():
            samples[name].append(ms)
    return [summary(name, "action", requests[name], samples[name]) for name in ACTIONS]


def measure(app, campaign_id: int, character_id: str, repeat: int, game_id: int | None = None) -> list[dict]:
    """Pages, then their htmx fragments, then the actions; each `repeat` times."""
    with connection(app) as db:
        visible = db.execute("SELECT count(*) FROM history WHERE campaign_id = ? AND status != 'abandoned'",
                             [campaign_id]).fetchone()[0]
    deep_page = max(1, math.ceil(visible / store.HISTORY_PAGE))
    base = f"/campaigns/{campaign_id}"
    game_id = game_id or _game(app)
    aldarra_id = _aldarra_game(app)
    urls = {name: path.format(base=base, character=character_id, deep_page=deep_page, game=f"/games/{game_id}",
                              aldarra=f"/games/{aldarra_id}") for name, path in PAGES}
    timer = Timer(app.test_client())
    return _time_pages(timer, urls, repeat) + _time_actions(app, timer, campaign_id, character_id, game_id, repeat,
                                                            aldarra_id)
