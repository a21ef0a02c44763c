"""Whole games played through the HTTP interface with only what each page offers (issue 20, item 8).

`play_game(app, key, seed, steps)` creates a game with the home page's own form, then lets the page player
(helpers/page_player.py) press what the game page offers until the game is over or `steps` presses were
made, checking each game's invariants after every answer. The normal suite runs it short
(tests/test_game_player.py); scripts/play-games runs it long and prints the figures.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field

from companion import db as dbmod
from companion.codec import encode
from companion.games.frame import Die, GameState
from companion.kits import KITS
from helpers.games import game_state
from helpers.page_player import Player

NAMES = ("Ada", "Bram", "Cleo", "Dov")
COLORS = ("red", "blue", "green", "yellow")
# Presses that leave the game (or its page) rather than play it
LEAVING = re.compile(r"/(delete|finish|resume|export|import)$")


@dataclass
class Run:
    key: str
    seed: int
    players: int
    steps: int = 0
    over: bool = False
    round: int = 0
    failures: list = field(default_factory=list)
    actions: Counter = field(default_factory=Counter)
    refusals: Counter = field(default_factory=Counter)
    unsourced: Counter = field(default_factory=Counter)
    stalled: str = ""  # what the page showed when it offered nothing more


def _ints(doc, path=""):
    """Every whole number in an encoded state, with where it is."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _ints(v, f"{path}.{k}" if path else k)
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _ints(v, f"{path}[{i}]")
    elif isinstance(doc, int) and not isinstance(doc, bool):
        yield path, doc


# Each game's box: what its rules module says a number may reach. A check returns a list of complaints; a game
# without one (the toy of tests/toy_game/) is held to the shared invariants alone.
def _lost_empires(rules, g):
    out = []
    for i, s in enumerate(g.sides):
        if s.gates > rules.GATES:
            out.append(f"player {i + 1} flipped {s.gates} gates of {rules.GATES}")
    if sum(s.artifacts for s in g.sides) > rules.ARTIFACT_TOKENS:  # the supply of the box's Components
        out.append(f"the players hold {sum(s.artifacts for s in g.sides)} artifacts (the box has "
                   f"{rules.ARTIFACT_TOKENS})")
    for u in getattr(g, "units", ()):
        if getattr(u, "damage", 0) > rules.DESTROYED_AT:
            out.append(f"{u.card} shows {u.damage} damage: destroyed at {rules.DESTROYED_AT}")
    for i, s in enumerate(g.sides):  # 2 copies of each card (p.4): in play and discarded together, never more
        for card, copies in s.deck:
            if rules.copies_out(g, i, card) > copies:
                out.append(f"player {i + 1} has {rules.copies_out(g, i, card)} {card} in play or discarded: the "
                           f"deck holds {copies} (p.4)")
    return out


def _shattered_empires(rules, g):
    out = []
    for i, s in enumerate(g.sides):
        if s.base_hp and s.base_damage > s.base_hp:
            out.append(f"player {i + 1}'s base shows {s.base_damage}/{s.base_hp} damage")
        # (no bound on the deck: a promotion brings the named card in from outside the deck, Promotion)
        if s.cp > rules.command_max(g, i):
            out.append(f"player {i + 1} has {s.cp} Command Points of {rules.command_max(g, i)}")
    return out


def _aldarra(rules, g):
    out = []
    for i, s in enumerate(g.sides):
        if len(set(s.discoveries)) != len(s.discoveries):
            out.append(f"player {i + 1} holds a Discovery twice: {s.discoveries} (p.13)")
        if s.orders > rules.ORDERS:
            out.append(f"player {i + 1} has {s.orders} orders of {rules.ORDERS}")
        if s.objectives > rules.HAND or s.explore_hand > rules.HAND:
            out.append(f"player {i + 1} holds {s.objectives} objectives and {s.explore_hand} explore cards (hand {rules.HAND})")
    return out


def _suriya(rules, g):
    out = []
    for i, s in enumerate(g.sides):
        if s.bases_built > rules.BASE_TOKENS:
            out.append(f"player {i + 1} built {s.bases_built} bases of {rules.BASE_TOKENS} tokens")
    return out


BOX = {"lost-empires": _lost_empires, "shattered-empires": _shattered_empires, "aldarra-reborn": _aldarra,
       "suriya-162": _suriya}


# Once-only actions, by the end of their path: once pressed with success, the page that answers must not offer
# the same press again (same form and values). Aldarra's and Suriya's are games-a's to list.
ONCE = {"lost-empires": ("/do/ruthless",), "shattered-empires": ("/do/launcher",), "aldarra-reborn": (),
        "suriya-162": ()}
VOLATILE = {"version", "request_id", "csrf_token"}
# Each game's combat, by the end of its path: a press of one that goes through writes a log line in the game's
# words, citing its page or section (issue 38: "the same for every game's combat")
COMBAT = {"lost-empires": ("/do/attack", "/do/granted-attack"), "shattered-empires": ("/do/resolve",),
          "aldarra-reborn": ("/do/roll", "/do/assign", "/do/retreat"), "suriya-162": ("/do/attack",)}
CITED = re.compile(r"\((?:p\.[0-9]|Combat\b)")
# What a refusal names when the control should not have been offered at all, whatever the table chose in its
# form: the game's stage, phase, turn or step (issue 29: "only legal actions are offered")
STATE_FIELDS = {"stage", "phase", "turn", "step"}
# Presses that go back to a step the table saw before (which may have nothing to decide): Back, Undo, Redo
STEPPED_BACK = ("/undo", "/redo", "/back")


def _last_line(app, game_id: int) -> str:
    """The newest line of the game's log still in effect."""
    db = dbmod.connect(app.config["DATABASE"])
    try:
        row = db.execute("SELECT description FROM game_events WHERE game_id = ? AND status = 'done' ORDER BY id DESC "
                         "LIMIT 1", [game_id]).fetchone()
    finally:
        db.conn.close()
    return row[0] if row else ""


def _one_tap(offer) -> bool:
    """A press whose every value the page fixed (hidden fields and the button's own): the table chose nothing,
    so a rule's refusal means the page offered what the rules forbid now."""
    return all(c.kind == "hidden" for c in offer.controls)


def _refused(answer) -> tuple[set, str]:
    """The fields a refusal names (templates/games/_game_bar.html) and its first message, as text."""
    m = re.search(r'id="refusal" data-fields="([^"]*)"', answer.html) if answer is not None else None
    said = re.search(r"<li><strong>(.*?)</strong>: (.*?)</li>", answer.html, re.S) if m else None
    text = re.sub(r"<[^>]+>", "", " ".join(said.groups())) if said else ""
    return (set(m.group(1).split()) if m else set()), " ".join(text.split())


def _asked_for_a_roll(values) -> bool:
    """The press was a "roll for me" (or "roll for us") for its dice: the app may roll them."""
    # not the form's own name: every dice form is drawn as `_form=roll`, asked or not
    return any((n in ("roll", "roll_for_me") and v not in ("", "0")) or v in ("roll", "random")
               for n, v in values if n != "_form")


def _dice_classes() -> set:
    """Every die the games roll: the frame's Die and any game's own (a class of its rules with a `roll`)."""
    found = {Die}
    for kit in KITS.values():
        found |= {v for v in vars(kit.rules).values() if isinstance(v, type) and "roll" in vars(v)}
    return found


@contextmanager
def counting_rolls():
    """Count the dice the app rolls while the block runs: `rolls[0]`."""
    rolls = [0]
    kept = {cls: cls.roll for cls in _dice_classes()}

    def counted(original):
        def roll(self, *args, **kwargs):
            rolls[0] += 1
            return original(self, *args, **kwargs)
        return roll
    for cls, original in kept.items():
        cls.roll = counted(original)
    try:
        yield rolls
    finally:
        for cls, original in kept.items():
            cls.roll = original


def _same_press(offer):
    """What identifies a press whatever the table types: the path, hidden fields and the button's own value."""
    fixed = [(c.name, c.value) for c in offer.controls if c.kind == "hidden" and c.name not in VOLATILE]
    if offer.button.get("name"):
        fixed.append((offer.button["name"], offer.button.get("value", "")))
    return offer.path, tuple(sorted(fixed))


class Airships:
    """Aldarra's movement as the pages did it (p.9): within one order no airship moves on from where a move
    of that order brought it (it stopped there: combat, a Mountain, or rule A/B), and none moves once the
    order's combat has begun. Undo, redo and Back forget what was seen (the state went back)."""

    def __init__(self):
        self.entered: dict = {}  # order -> {territory: why the airships there stopped}
        self.fought: set = set()
        self.seen = None  # the latest press checked

    def check(self, rules, g, press) -> list[str]:
        o = g.order
        key = (g.round, o.player, o.at, g.sides[o.player].orders) if o is not None else None
        if key is not None and g.combat is not None:
            self.fought.add(key)
        if press is None or press is self.seen:
            return []
        self.seen = press
        offer, values, status = press
        if status < 400 and offer.path.endswith(("/undo", "/redo", "/back")):
            self.entered.clear()
            self.fought.clear()
        if status >= 400 or not offer.path.endswith("/do/move") or key is None:
            return []
        form = dict(values)
        frm, to = form.get("frm"), form.get("to")
        out = []
        if key in self.fought:
            out.append(f"{frm}→{to} moved after the order's combat began (p.9)")
        if frm in self.entered.get(key, {}):
            out.append(f"{frm}→{to}: these airships entered {frm} in this order ({self.entered[key][frm]}) and must "
                       "stop there (p.9)")
        t = rules.tile(g, to)
        why = ("combat" if len(rules.owners_at(g, to)) > 1 else "a Mountain" if rules.terrain(t) == "Mountain"
               else "rule A/B: one move each")
        self.entered.setdefault(key, {})[to] = why
        return out


def invariants(app, game_id: int, key: str, rolls: list | None = None):
    """`rolls`: the counter of `counting_rolls`, to hold the app to rolling no die unasked."""
    rules = KITS[key].rules
    airships = Airships()
    seen = {"press": None, "rolls": rolls[0] if rolls else 0}

    def check(player, page):
        fresh = player.last is not None and player.last is not seen["press"]
        seen["press"] = player.last
        if fresh:
            offer, values, status = player.last
            if status < 400 and offer.path.endswith(ONCE.get(key, ())):
                again = [o for o in page.offers if _same_press(o) == _same_press(offer)]
                assert not again, f"{offer.describe()} is offered again after it was done: it is once only"
            # only legal actions offered (issue 29): what the page offers with every value fixed (Next, End
            # turn, a card's one tap…) is never refused by a rule, and nothing offered is refused for the game's
            # stage, phase, turn or step; a refusal of what the table chose in a form (a deck, a typed stat) is
            # the rules answering the table
            if status == 422:
                fields, said = _refused(player.answer)
                assert not (fields and (_one_tap(offer) or fields & STATE_FIELDS)), (
                    f"{offer.describe()} was offered and refused by rule: {said}")
            # every game's combat is logged in its own words with its page (issue 38)
            if status < 400 and offer.path.endswith(COMBAT.get(key, ())):
                line = _last_line(app, game_id)
                assert CITED.search(line), f"{offer.describe()}: its log line cites no page or section: {line!r}"
            # the table's dice (issue 29): the app rolls a die only for a press that asked it to
            if rolls is not None:
                rolled, seen["rolls"] = rolls[0] - seen["rolls"], rolls[0]
                assert not rolled or _asked_for_a_roll(values), (
                    f"{offer.describe()} rolled {rolled} dice without its roll for me: {values}")
        g = game_state(app, game_id).state
        assert isinstance(g, GameState), f"{key}: its state lacks a field of frame.GameState (all this player reads)"
        if fresh and player.last[2] < 400 and not player.last[0].path.endswith(STEPPED_BACK):
            # a step with nothing to decide never waits for a tap (issue 38): a command's answer leaves none
            why = rules.idle(g)
            assert why is None, f"after {player.last[0].describe()} the page waits on a step with nothing to decide: {why}"
        if key == "aldarra-reborn" and g.stage == "play":
            moved = airships.check(rules, g, player.last)
            assert not moved, "; ".join(moved)
        if key == "shattered-empires" and player.last is not None:
            offer, values, status = player.last
            # the table's dice (issue 29): no evasion d6 rolled by the app unless Roll for me was pressed
            if status < 400 and offer.path.endswith("/do/resolve") and not dict(values).get("roll_for_me"):
                assert "the app's d6" not in " ".join(g.combat), f"an evasion d6 rolled unasked: {g.combat}"
        # scores and supplies are each player's numbers (a -1 elsewhere may be a rules module's "none yet")
        negative = [f"{where} = {n}" for where, n in _ints(encode(g.sides), "sides") if n < 0]
        assert not negative, f"negative scores or supplies: {negative[:5]}"
        problems = BOX.get(key, lambda r, s: [])(rules, g)
        assert not problems, "; ".join(problems)
    return check


def new_game(player: Player, key: str, players: int) -> str:
    """The home page's own form, with the game and the seats chosen; the new game's address."""
    home = player.open("/")
    offer = next(o for o in home.offers if o.path == "/games/new")
    seats = {f"name_{n + 1}": (NAMES[n] if n < players else "") for n in range(4)}
    seats.update({f"color_{n + 1}": COLORS[n] for n in range(4)})
    page = player.submit(offer, overrides={"game": key, "name": f"Player test {key}", **seats})
    assert re.search(r"/games/\d+$", page.url), f"after New game the page is {page.url}: {page.text[:300]}"
    return page.url


def play_game(app, key: str, seed: int, steps: int, players: int | None = None, skip: str = "") -> Run:
    """`skip`: a regex of action paths left out (the script's --skip), e.g. the card-effect corrections."""
    rules = KITS[key].rules
    rng = random.Random(seed)
    low, high = rules.PLAYERS_RANGE
    players = players or rng.randint(low, high)
    player = Player(app.test_client(), rng)
    url = new_game(player, key, players)
    game_id = int(url.rsplit("/", 1)[1])
    path = url.split("://", 1)[-1]
    path = path[path.index("/games/"):]
    left_out = re.compile(skip) if skip else None
    player.skip = lambda o: (not (o.path.startswith(path + "/") or (o.method == "get" and o.path == path))
                             or bool(LEAVING.search(o.path)) or bool(left_out and left_out.search(o.path)))
    # Undo and going back are offered everywhere; a table uses them now and then, not every other tap
    player.weight = lambda o: 0.05 if o.path.endswith(("/undo", "/redo", "/back")) else 1.0
    run = Run(key, seed, players)

    def over(p):
        return game_state(app, game_id).state.stage == "over"

    with counting_rolls() as rolls:
        player.invariants = [invariants(app, game_id, key, rolls)]
        player.open(url)
        run.steps = player.play(steps, stop=over)
    g = game_state(app, game_id).state
    run.over = g.stage == "over"
    run.round = rules.current_step(g).round  # as the stepper shows it
    run.failures = player.failures
    run.actions, run.refusals, run.unsourced = player.actions, player.refusals, player.unsourced
    if not run.over and run.steps < steps:
        run.stalled = f"{player.page.url}: {player.page.text[:400]}"
    return run
