"""A mission for the engine's tests: the sample figures, kinds and decks, a mission set up and played to its
turns, and what the tests ask of it."""
from __future__ import annotations

import random
from dataclasses import replace

from companion.phantom.boss import Boss
from companion.phantom.decision import COLORS, DecisionDie
from companion.phantom.hexmap import HexMap, Layout, Placement
from companion.phantom.play import (
    ActionChoice, AdversaryKind, BossCard, BossKind, Deck, Embarking, EventCard, add_condition, begin_round, end_turn,
    place_character, rest, reveal, select_cards, set_up, start_next_turn, turn_order,
)
from companion.phantom.scenario import Action, Card, ClassCard

L = Layout()
P = L.parse
DIE = DecisionDie("red", "N", "W")

ARCHER = AdversaryKind("grallok-archer", "Grallok", "Archer", difficulty=2, hp=6, attack=1, guard=0, range=4)
SENTRY = AdversaryKind("grallok-sentry", "Grallok", "Sentry", difficulty=1, hp=8, attack=1, guard=1, range=1)
SCOUT = AdversaryKind("slink-scout", "Slink", "Scout", difficulty=3, hp=5, attack=0, guard=0, range=3)
MUTANT = Boss.from_content({
    "name": "Mutant Grallok", "character_counts": [2, 3, 4], "hp": [23, 26, 32], "attack": [2, 3, 3],
    "guard": [1, 1, 1], "range": [1, 1, 1], "inherent": {"name": "Inherent", "ap": 2, "text": "Move 2"},
    "actions": [{"number": 1, "name": "Claw", "ap": 3, "text": "Attack"},
                {"number": 2, "name": "Crushing Leap", "ap": 5, "text": "Leap 2"},
                {"number": 3, "name": "Regenerate", "ap": 7, "text": "Heal"}]})
BOSS = BossKind(type="mutant-grallok", boss=MUTANT, cards=((None, Card("Inherent", 2, (Action("move", 2),))),
                                                 (1, Card("#1 Claw", 3, (Action("attack", 0),))),
                                                 (3, Card("#3 Regenerate", 7, (Action("heal", 4),)))))

VERA = Embarking("vera", "Vera", "Human", max_ap=6, max_hp=10, color="red")
BRAM = Embarking("bram", "Bram", "Grallok", max_ap=7, max_hp=12, color="yellow", bandage_slots=2)
NELL = Embarking("nell", "Nell", "Slink", max_ap=6, max_hp=9, color="dark-blue")


def species(name, ap, *actions):
    return Card(name, ap, tuple(actions))


def klass(name, aps=(1, 2, 3, 4), order=COLORS, *actions):
    """A Class Action card with `aps` for the colors in `order`, rows printed in that order (p.47)."""
    return ClassCard(name, tuple((c, Card(name, ap, tuple(actions))) for c, ap in zip(order, aps)))


SPECIES = {"Grallok": [species(f"Grallok {i}", i) for i in range(1, 6)],
           "Slink": [species(f"Slink {i}", i) for i in range(1, 4)]}
CLASSES = {"Archer": [klass(f"Archer {i}") for i in range(3)], "Sentry": [klass(f"Sentry {i}") for i in range(3)],
           "Scout": [klass(f"Scout {i}") for i in range(3)]}
BOSS_CARDS = {"mutant-grallok": [BossCard("Claw", (1,)), BossCard("Regenerate", (3,)), BossCard("Rest")]}
EARLY = tuple(EventCard(f"A{i}", f"Early {i}") for i in range(8))
LATE = tuple(EventCard(f"B{i}", f"Late {i}") for i in range(6))


def hexmap(placements=None, entry=("A-1", "A-3", "A-5", "A-7"), **tokens):
    return HexMap.build(L, L.parse_rect("A-1:J-8"), entry_points=[P(e) for e in entry],
                        placements={P(k): Placement(*v) for k, v in (placements or {}).items()},
                        **{k: {P(h): x for h, x in v.items()} for k, v in tokens.items()})


def new(placements=None, characters=(VERA, BRAM), kinds=(ARCHER, SENTRY, SCOUT, BOSS), seed=7, place=True,
        tokens=None, **kw):
    m = set_up("berkav-1", hexmap(placements, **(tokens or {})), 2, characters, kinds, species_decks=SPECIES,
               class_decks=CLASSES, boss_decks=BOSS_CARDS, events_1_5=EARLY, events_6_plus=LATE,
               rng=random.Random(seed), **kw).mission
    if place:
        for c, at in zip(characters, ("A-1", "A-3", "A-5", "A-7")):
            m = place_character(m, c.id, at).mission
    return m


def stack(m, key, *cards):
    """Put `cards` on top of a deck, in this order (the test decides what is drawn)."""
    return replace(m, decks=tuple((k, Deck(tuple(cards) + d.cards, d.discard) if k == key else d) for k, d in m.decks))


def with_discard(m, cid, *names):
    chars = tuple(replace(c, discard=c.discard + tuple(ActionChoice(n, 1) for n in names)) if c.id == cid else c
                  for c in m.characters)
    return replace(m, characters=chars)


def figure(m, fid):
    return m.figure(fid)


def cond(m, fid, name):
    return add_condition(m, fid, name).mission


def to_turns(m, die=DIE, order=(), **choices):
    """Steps 1-6: the die, the event, each character's rest (None) or cards [(name, AP)], the reveal."""
    m = begin_round(m, die).mission
    for cid, cards in choices.items():
        m = rest(m, cid).mission if cards is None else select_cards(m, cid, cards).mission
    return reveal(m, order).mission


def play(m, until=None):
    """Start and end turns (adversaries skip their AI) until `until` is the current figure, or the round's end."""
    while True:
        order = turn_order(m)
        if order.next is None or order.next == until:
            return m
        m = start_next_turn(m).mission
        if m.round.current is not None:
            m = end_turn(m).mission


def start(m):
    return start_next_turn(m).mission


def said(reasons, *words):
    return any(all(w in r for w in words) for r in reasons)
