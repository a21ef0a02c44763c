"""Filling `companion bench`'s scratch database: campaigns played by the engine's own commands.

A temporary instance folder is filled with `campaigns` campaigns of `characters` characters and about
`history` history entries each (the set-up of a campaign alone may take more), made by the engine's own
commands and recorded as `JOURNAL.change` records them, by the journal's own `Played` (store/journal.py).
Each campaign is played in memory (on every core) and written in one transaction
(`JOURNAL.create_played`), so the fill is quick.
"""
from __future__ import annotations

import json
import os
import random
import sqlite3
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime, timedelta, timezone
from pathlib import Path

from .. import db as dbmod
from ..phantom import aboard, missions
from ..phantom import campaign as rules
from ..phantom import characters as chars
from ..phantom.campaign import CampaignError, campaign_from_dict, campaign_to_dict
from ..store import campaigns as store
from ..store.journal import Played

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
    """One campaign played in memory by the engine's commands and recorded by the journal's `Played`: each
    change, undo and redo as `JOURNAL.change`, `undo` and `redo` record it, written at once by `_write`."""

    def __init__(self, campaign, start: datetime):
        self.c = campaign
        self.played = Played(campaign_to_dict(campaign))
        self.clock = start

    @property
    def rows(self) -> list[list]:
        return self.played.entries

    def stamp(self) -> str:
        self.clock += timedelta(seconds=30 + 30 * (len(self.rows) % 7))  # two minutes apart on average
        return self.clock.isoformat(timespec="seconds")

    def do(self, command) -> bool:
        try:
            result = command(self.c)
        except CampaignError:
            return False
        self.played.change(campaign_to_dict(result.campaign), result.description, self.stamp())
        self.c = result.campaign
        return True

    def undo(self) -> bool:
        return self._stepped(self.played.undo())

    def redo(self) -> bool:
        return self._stepped(self.played.redo())

    def _stepped(self, done: bool) -> bool:
        if done:
            self.c = campaign_from_dict(self.played.doc)
        return done


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
    """Campaign `n`, new and then played: (new campaign, first stamp, its Played history)."""
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
    return campaign, start.isoformat(timespec="seconds"), book.played


def _play_star(args):
    return _play(*args)


def _write(db, played) -> int:
    """The campaign and its whole history in one transaction (the journal's `create_played`)."""
    campaign, start, book = played
    return store.JOURNAL.create_played(db, {}, book, f"Created the campaign {campaign.name!r}", start)


def fill(app, campaigns: int, characters: int, history: int, workers: int | None = None) -> list[int]:
    """Play the campaigns on every core, write them here in order; returns their ids."""
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


def _size(db_path: Path) -> int:
    """The database file and its write-ahead log."""
    wal = db_path.with_name(db_path.name + "-wal")
    return db_path.stat().st_size + (wal.stat().st_size if wal.exists() else 0)


def describe(app, ids: list[int], campaigns: int, characters: int, history: int, fill_seconds: float) -> dict:
    """What the fill made, and the campaign and character the pages section times (in the middle of the set)."""
    db_path = Path(app.config["DATABASE"])
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
    return {
        "campaigns": campaigns, "characters_per_campaign": characters, "history_per_campaign": history,
        "history_rows": rows[0], "history_done": rows[1], "history_undone": rows[2], "history_abandoned": rows[3],
        "largest_diff_bytes": rows[4], "database_bytes": _size(db_path),
        "fill_seconds": round(fill_seconds, 2), "campaign_id": campaign_id, "campaign_history_rows": mine,
        "campaign_state_bytes": len(json.dumps(state, ensure_ascii=False, separators=(",", ":"))),
        "character_id": character_id,
        "character_equipment": len(chars[len(chars) // 2]["equipment"]),
        "character_cards": len(chars[len(chars) // 2]["cards"]),
    }
