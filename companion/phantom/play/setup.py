"""Set-up (p.9-11, 34): the party that embarks (p.8, 43), the tokens not yet taken, the adversaries placed for
the party's size with their HP-base colors, every deck shuffled and the event deck built; then each character
on an entry point."""
from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Mapping, Sequence

from ..board import Board, Figure
from ..boss import BossError, attributes
from ..campaign import Character
from ..content import ClassBoard
from ..decision import COLORS
from ..hazards import HazardRule
from ..hexmap import Hex, HexMap, Placement
from ..scenario import Card, ClassCard
from ..sheet import carried
from .decks import EVENTS, EVENTS_ON_TOP, deck_label, shuffle, shuffle_rng
from .state import (
    AdversaryKind, AdversaryState, BossCard, BossKind, CharacterState, Deck, Embarking, EventCard, Mission,
    MissionError, Update, check_color, color_name, map_order, not_over, parse_space, unplaced,
)
from ...record import record

MAX_CHARACTERS = 4  # p.8
MIN_CHARACTERS = 2  # p.8: a solo player creates two characters and controls them as a party


def adversaries_for(hexmap: HexMap, characters: int, kinds) -> tuple[tuple[tuple[Hex, str], ...], tuple[str, ...]]:
    """The placement icons whose adversary is placed for `characters` embarking (set-up step 7, p.34), in
    map order (north to south, then west to east). A boss is placed whatever the count."""
    by_type = {k.type: k for k in kinds}
    placed, reasons = [], []
    for h, p in sorted(hexmap.placements, key=lambda item: map_order(hexmap, item[0])):
        where = hexmap.label(h)
        kind = by_type.get(p.type)
        fits = p.min_characters <= characters <= p.max_characters
        if kind is None and not fits:  # its card may be missing: it is not placed for this party
            reasons.append(f"no {p.type} on {where}: its icon is for {_count(p)} characters and {characters} "
                           "embarked (set-up step 7, p.9-11, 34)")
            continue
        if kind is None:
            raise MissionError("placements", f"{where}: {p.type!r} is not one of the adversary types given "
                                             f"({', '.join(sorted(by_type)) or 'none'})")
        if isinstance(kind, BossKind):
            placed.append((h, p.type))
            reasons.append(f"{p.type} on {where}: a boss is placed regardless of the number of characters "
                           "(set-up step 7, p.9-11)")
        elif fits:
            placed.append((h, p.type))
            reasons.append(f"{p.type} on {where}: its icon is for {_count(p)} characters and {characters} "
                           "embarked (set-up step 7, p.9-11, 34)")
        else:
            reasons.append(f"no {p.type} on {where}: its icon is for {_count(p)} characters and {characters} "
                           "embarked (set-up step 7, p.9-11, 34)")
    return tuple(placed), tuple(reasons)


def spread_colors(count: int) -> tuple[str, ...]:
    """HP-base colors for `count` adversaries of one type: all different while possible, then duplicates
    spread evenly (6 -> two each of two colors, one each of the other two), in color order (p.11)."""
    return tuple(COLORS[i % len(COLORS)] for i in range(count))


def build_event_deck(rounds_1_5: Sequence[EventCard], rounds_6_plus: Sequence[EventCard],
                     rng: random.Random) -> tuple[Deck, tuple[str, ...]]:
    """Set-up step 8 (p.10): shuffle both decks, draw 5 random Round 1-5 events and put them on top of the
    Round 6+ deck; the other Round 1-5 events are set aside unseen."""
    if len(rounds_1_5) < EVENTS_ON_TOP:
        raise MissionError("events_1_5", f"{len(rounds_1_5)} Round 1-5 event cards given; set-up draws "
                                         f"{EVENTS_ON_TOP} of them (p.10 step 8)")
    early, late = list(rounds_1_5), list(rounds_6_plus)
    rng.shuffle(early)
    rng.shuffle(late)
    top = early[:EVENTS_ON_TOP]
    return Deck(tuple(top + late)), (
        f"Event deck: {EVENTS_ON_TOP} random Round 1-5 events on top of the {len(late)} shuffled Round 6+ events; "
        f"the other {len(early) - EVENTS_ON_TOP} Round 1-5 events are set aside unseen (p.10 step 8)",)


def set_up(mission_id: str, hexmap: HexMap, difficulty: int, characters: Sequence[Embarking], kinds: Sequence,
           *, species_decks: Mapping[str, Sequence[Card]], class_decks: Mapping[str, Sequence[ClassCard]],
           boss_decks: Mapping[str, Sequence[BossCard]] | None = None, events_1_5: Sequence[EventCard],
           events_6_plus: Sequence[EventCard], orbs_taken: Sequence[int] = (), treasures_taken: Sequence[int] = (),
           colors: Mapping[str, str] | None = None, rng: random.Random | None = None,
           hazards: Sequence[HazardRule] = (), physical: Sequence[str] = (),
           whole_decks: Sequence[str] = ()) -> Update:
    """A new mission (set-up steps 3-8, p.9-11): tokens not yet taken in the campaign, the adversaries for
    the number of characters with their HP-base colors, every deck shuffled, the event deck built. The
    characters are placed afterwards on the entry points the players choose (`place_character`).
    `colors` may give the colors the table used ({"H-4": "red"}); they must be spread evenly. `hazards` are
    the hazard rules (hazards.json, `hazards.hazard_rules`) the mission applies when a figure enters one.
    `physical` names the decks the table draws as its own cards ("events", "species:Grallok", ...; p.10, p.12
    step 5); those this mission does not use are left aside. The app shuffles every other deck. `whole_decks`
    names the physical decks whose every card the library holds (not typed as they came up): with one card left,
    that card is drawn without asking."""
    if not isinstance(mission_id, str) or not mission_id.strip():
        raise MissionError("mission_id", f"must name the mission, not {mission_id!r}")
    if not isinstance(hexmap, HexMap):
        raise MissionError("map", f"must be a HexMap, not {type(hexmap).__name__}")
    if difficulty not in (1, 2, 3, 4) or isinstance(difficulty, bool):
        raise MissionError("difficulty", f"a mission's difficulty is 1 to 4, not {difficulty!r}")
    party = _check_party(characters)
    kinds = _check_kinds(kinds, len(party))
    boss_decks = boss_decks or {}
    decks = _check_decks(kinds, species_decks, class_decks, boss_decks, tuple(physical))
    rng = rng if rng is not None else random.Random()
    seed = rng.getrandbits(64)
    reasons: list[str] = []

    hexmap = _without_taken_tokens(hexmap, tuple(orbs_taken), tuple(treasures_taken), reasons)
    placed, why = adversaries_for(hexmap, len(party), kinds)
    reasons.extend(why)
    board, adversaries = _place_at_set_up(hexmap, placed, kinds, len(party), colors or {}, reasons)

    if not all(isinstance(h, HazardRule) for h in hazards):
        raise MissionError("hazards", f"must be HazardRule values, not {hazards!r}")
    mission = Mission(mission_id.strip(), difficulty, board, party, kinds, adversaries, seed=seed,
                      hazard_rules=tuple(hazards))
    shuffled = []
    for key in sorted(decks):
        cards, mission = shuffle(mission, decks[key])
        shuffled.append((key, Deck(cards)))
    table = tuple(k for k in dict.fromkeys(physical) if k in decks or k == EVENTS)
    if EVENTS not in table:
        events, why = build_event_deck(tuple(events_1_5), tuple(events_6_plus), shuffle_rng(mission))
    else:  # the table builds it (p.10 step 8): every event may come up, rounds 1-5 first
        events = Deck(tuple(replace(e, rounds="1-5") for e in events_1_5)
                      + tuple(replace(e, rounds="6+") for e in events_6_plus))
        why = ("Event deck: the table builds it from its own cards, five random Round 1-5 events on top of the "
               "shuffled Round 6+ events, and says which card comes up each round (p.10 step 8)",)
    mission = replace(mission, decks=tuple(shuffled), events=events, shuffles=mission.shuffles + 1, physical=table,
                      whole=tuple(k for k in table if k in set(whole_decks) and k != EVENTS))
    reasons.append("Adversary Action decks shuffled: " + ", ".join(k for k, _ in shuffled) + " (p.10 step 6)")
    reasons.extend(why)
    if table:
        reasons.append("The table draws its own cards from: " + ", ".join(deck_label(k) for k in table)
                       + " (p.12 step 5)")
    reasons.append("Each player places their character on a different entry point (set-up step 12, p.11)")
    return Update(mission, tuple(reasons))


@record
class Seat:
    """One character line of the set-up form: its `slot` (1-4, which gives its color and names the fields a
    refusal points at: character_N, hp_N, ap_N), `who` embarks (a campaign character's id, or a one-off
    character's name as typed) and the maximum HP and AP entered (None: from the character sheet)."""
    slot: int
    who: str
    hp: int | None = None
    ap: int | None = None


def one_off_id(name: str) -> str:
    """A one-off mission's character id, made from the name typed."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def party_seated(campaign: Sequence[Character]) -> tuple[str, ...]:
    """The seats a campaign's set-up starts with, so a group seats its party without a tap: its active
    characters in the order they joined, at most MAX_CHARACTERS (p.8), one per class (p.8: only one character
    of a given class per mission; a second one stays off until the table swaps it in)."""
    seated, classes = [], set()
    for ch in campaign:
        if ch.active and ch.class_name not in classes and len(seated) < MAX_CHARACTERS:
            seated.append(ch.id)
            classes.add(ch.class_name)
    return tuple(seated)


def embarking(seats: Sequence[Seat], campaign: Sequence[Character] | None = None,
              species_numbers: Mapping | None = None, boards: Mapping[str, ClassBoard] | None = None,
              ) -> tuple[Embarking, ...]:
    """The party that embarks (p.8, 43), seat by seat. With a `campaign` (its characters), each seat names one
    of its active characters, who embarks with its sheet's maximum HP and AP (or its species' numbers,
    `sheet.carried`) unless the seat gives others, its equipment's Guard, and its Character Class board's
    (`boards`, by class name) weapon base range, bandage slots and critical ability (p.20-21, p.41); a one-off
    character is its name with the numbers entered. Each character embarks once."""
    chars = {ch.id: ch for ch in campaign or () if ch.active}
    out: list[Embarking] = []
    for seat in seats:
        n, hp, ap, guard, board, class_name = seat.slot, seat.hp, seat.ap, 0, None, ""
        if campaign is not None:
            ch = chars.get(seat.who)
            if ch is None:
                raise MissionError(f"character_{n}", f"{seat.who!r} is not an active character of this campaign")
            cid, name, species, class_name = ch.id, ch.name, ch.species, ch.class_name
            sheet = carried(ch, dict(species_numbers or {}))  # the sheet's numbers unless the seat gives others
            hp, ap, guard = hp or sheet.max_hp, ap or sheet.max_ap, sheet.guard
            board = (boards or {}).get(ch.class_name)
            for value, field, what in ((hp, f"hp_{n}", "maximum HP"), (ap, f"ap_{n}", "maximum AP")):
                if value is None:
                    raise MissionError(field, f"enter {name}'s {what} from its species card, here or once on its "
                                              f"character sheet, or once for every {species} on the Cards page",
                                       "43")
        else:
            cid, name, species = one_off_id(seat.who) or f"character-{n}", seat.who, ""
        if cid in (c.id for c in out):
            raise MissionError(f"character_{n}", f"{seat.who!r} is already embarking: each character embarks once",
                               "8")
        # p.20: a Critical Strike's ability may come from the class board or an attachment, and only equipped
        # attachments' effects are active (p.41 D)
        worn = tuple(a.critical for a in ch.attachments if a.equipped and a.critical) if campaign is not None else ()
        board_numbers = {"criticals": worn} if board is None else {
            "range": board.range, "bandage_slots": board.bandage_slots,
            "criticals": ((board.critical,) if board.critical is not None else ()) + worn}
        out.append(Embarking(cid, name, species, max_ap=ap, max_hp=hp, color=COLORS[n - 1], guard=guard,
                             class_name=class_name, **board_numbers))
    return tuple(out)


def check_seats(hexmap: HexMap, seats: Sequence[str]) -> None:
    """Refuse a party the mission can't seat, before anything is set up: at least two characters (p.8: a solo
    player creates at least two and controls them as a party) and no more than the map's entry points, each
    character on a different one (p.11 step 12). `seats` are the form's fields holding a character, in order:
    the refusal names the one to clear or fill."""
    entry = len(hexmap.entry_points)
    if len(seats) > entry:
        raise MissionError(seats[entry], f"this map has {entry} entry point{'s' if entry != 1 else ''} and each "
                                         f"character starts on a different one (p.11 step 12): {len(seats)} "
                                         f"characters can't be seated; embark at most {entry} or choose another map")
    if len(seats) < MIN_CHARACTERS:
        raise MissionError("character_2", "a mission needs at least two characters: a solo player creates two and "
                                          "controls them as a party (p.8)")


def place_character(mission: Mission, character_id: str, at: str) -> Update:
    """Set-up step 12 (p.11): a character on an entry point; each on a different one."""
    not_over(mission)
    if mission.rounds:
        raise MissionError("at", "characters are placed on entry points at set-up, before round 1 (p.11)")
    ch = mission.character(character_id)
    h = parse_space(mission.map, at, "at")
    if h not in mission.map.entry_points:
        raise MissionError("at", f"{at!r} is not an entry point of this map (p.11 step 12)")
    here = mission.board.figure_at.get(h)
    if here is not None and here.id != ch.id:
        raise MissionError("at", f"{at!r} already holds {here.id}: each character goes on a different entry "
                                 "point (p.11 step 12)")
    figure = mission.figure(ch.id) or Figure(ch.id, "character", h, ch.color, None, ch.max_hp, ch.max_hp,
                                             ch.attack, ch.guard, ch.range)
    board = mission.board.with_figure(replace(figure, at=h))
    return Update(replace(mission, board=board), (f"{ch.name} starts on entry point {mission.map.label(h)} (p.11)",))


def place_party(mission: Mission) -> Update:
    """Set-up step 12 (p.11) in one tap: each character not yet placed on the next free entry point, in the
    order they embarked and the map's order (north to south, then west to east). The players choose where
    they start; this is their choice when they have none (docs/rules.md), and a character is moved after by
    a correction like any figure."""
    waiting = unplaced(mission)
    if not waiting:
        raise MissionError("at", "every character is on an entry point already (p.11 step 12)")
    free = sorted((h for h in mission.map.entry_points if h not in mission.board.figure_at),
                  key=lambda h: map_order(mission.map, h))
    reasons: list[str] = []
    for ch, h in zip(waiting, free):
        update = place_character(mission, ch.id, mission.map.label(h))
        mission, reasons = update.mission, reasons + list(update.reasons)
    return Update(mission, tuple(reasons))


def _check_party(characters) -> tuple[CharacterState, ...]:
    characters = tuple(characters)
    if not 1 <= len(characters) <= MAX_CHARACTERS:
        raise MissionError("characters", f"1 to {MAX_CHARACTERS} characters embark on a mission (p.8), not "
                                         f"{len(characters)}")
    seen, colors, classes, out = set(), {}, {}, []
    for i, c in enumerate(characters):
        where = f"characters[{i}]"
        if not isinstance(c, Embarking):
            raise MissionError(where, f"must be an Embarking character, not {c!r}")
        if not isinstance(c.id, str) or not c.id or c.id in seen:
            raise MissionError(f"{where}.id", f"{c.id!r} is empty or used twice")
        seen.add(c.id)
        if c.class_name and c.class_name in classes:
            raise MissionError(f"{where}.class_name", f"{classes[c.class_name]} and {c.name or c.id} are both "
                                                      f"{c.class_name}s: there can only be one character of a given "
                                                      "class per mission", "8")
        classes[c.class_name] = c.name or c.id
        if c.color not in COLORS:
            raise MissionError(f"{where}.color", f"must be one of {', '.join(COLORS)}, not {c.color!r}")
        if c.color in colors:
            raise MissionError(f"{where}.color", f"{c.color!r} is {colors[c.color]}'s: each character uses its own "
                                                 "color (p.8)")
        colors[c.color] = c.id
        for name, lo in (("max_ap", 1), ("max_hp", 1), ("range", 1)):
            v = getattr(c, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < lo:
                raise MissionError(f"{where}.{name}", f"must be a whole number of at least {lo}, not {v!r}")
        if c.bandage_slots is not None and (not isinstance(c.bandage_slots, int) or c.bandage_slots < 0):
            raise MissionError(f"{where}.bandage_slots", f"must be a whole number 0 or more, not {c.bandage_slots!r}")
        out.append(CharacterState(c.id, c.name or c.id, c.species, c.color, c.max_ap, c.max_hp, c.attack, c.guard,
                                  c.range, c.bandage_slots, criticals=tuple(c.criticals)))
    return tuple(out)


def _check_kinds(kinds, embarked: int) -> tuple:
    kinds = tuple(kinds)
    seen = set()
    for i, k in enumerate(kinds):
        where = f"kinds[{i}]"
        if not isinstance(k, (AdversaryKind, BossKind)):
            raise MissionError(where, f"must be an AdversaryKind or a BossKind, not {k!r}")
        if not isinstance(k.type, str) or not k.type or k.type in seen:
            raise MissionError(f"{where}.type", f"{k.type!r} is empty or used twice")
        seen.add(k.type)
        if isinstance(k, BossKind):
            try:
                attributes(k.boss, embarked)
            except BossError as exc:
                raise MissionError(f"{where}.boss", exc.args[0]) from None
            if k.color is not None:
                check_color(k.color, f"{where}.color")
            continue
        for name, lo in (("difficulty", 1), ("hp", 1), ("range", 1)):
            v = getattr(k, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < lo:
                raise MissionError(f"{where}.{name}", f"must be a whole number of at least {lo}, not {v!r}")
        if k.standees is not None and (not isinstance(k.standees, int) or k.standees < 1):
            raise MissionError(f"{where}.standees", f"must be a whole number of at least 1, not {k.standees!r}")
    return kinds


def _check_decks(kinds, species_decks, class_decks, boss_decks, physical=()) -> dict:
    """Each kind's decks by key; a deck the table draws itself (`physical`) may start with no card known: its
    cards are typed as they come up (decks.type_card)."""
    decks = {}
    for k in kinds:
        if isinstance(k, BossKind):
            cards = tuple(boss_decks.get(k.type, ()))
            if not cards and f"boss:{k.type}" not in physical:
                raise MissionError(f"boss_decks.{k.type}", "no Boss Adversary Action cards given (p.10 step 6)")
            numbers = {a.number for a in k.boss.actions}
            for i, c in enumerate(cards):
                if not isinstance(c, BossCard) or any(n not in numbers for n in c.actions):
                    raise MissionError(f"boss_decks.{k.type}[{i}]", f"{c!r} names an action the {k.boss.name} "
                                                                    f"board does not have")
            decks[f"boss:{k.type}"] = cards
            continue
        species = tuple(species_decks.get(k.species, ()))
        classes = tuple(class_decks.get(k.class_name, ()))
        if not species and f"species:{k.species}" not in physical or not all(isinstance(c, Card) for c in species):
            raise MissionError(f"species_decks.{k.species}", f"no Species Action cards for {k.type} (p.10 step 6)")
        if not classes and f"class:{k.class_name}" not in physical or not all(isinstance(c, ClassCard)
                                                                              for c in classes):
            raise MissionError(f"class_decks.{k.class_name}", f"no Class Action cards for {k.type} (p.10 step 6)")
        for i, c in enumerate(classes):
            rows = [color for color, _ in c.rows]
            if sorted(rows) != sorted(COLORS):
                raise MissionError(f"class_decks.{k.class_name}[{i}]", f"{c.name} has rows for {', '.join(rows)}; "
                                                                       "a Class Action card has one per color (p.47)")
        decks[f"species:{k.species}"] = species
        decks[f"class:{k.class_name}"] = classes
    return decks


def _without_taken_tokens(hexmap: HexMap, orbs: tuple, treasures: tuple, reasons: list) -> HexMap:
    orbs_left = tuple((h, n) for h, n in hexmap.orbs if n is None or n not in orbs)
    treasures_left = tuple((h, n) for h, n in hexmap.treasures if n is None or n not in treasures)
    for what, before, after in (("orb", hexmap.orbs, orbs_left), ("treasure", hexmap.treasures, treasures_left)):
        for h, n in before:
            if (h, n) not in after:
                reasons.append(f"campaign {what} #{n} on {hexmap.label(h)} was already taken in this campaign: "
                               "no token (p.9 step 3)")
    return replace(hexmap, orbs=orbs_left, treasures=treasures_left)


def _place_at_set_up(hexmap: HexMap, placed, kinds, embarked: int, colors: Mapping, reasons: list):
    by_type = {k.type: k for k in kinds}
    figures, states, per_type = [], [], {}
    for h, type_ in placed:
        kind = by_type[type_]
        per_type.setdefault(type_, []).append(h)
        limit = kind.standees if isinstance(kind, AdversaryKind) else 1
        if limit is not None and len(per_type[type_]) > limit:
            reasons.append(f"no {type_} on {hexmap.label(h)}: all {limit} standees are in play (p.26)")
            per_type[type_].pop()
    for type_, spaces in per_type.items():
        kind = by_type[type_]
        given = {h: colors[hexmap.label(h)] for h in spaces if hexmap.label(h) in colors}
        if isinstance(kind, BossKind):
            tint = [given.get(h, kind.color) for h in spaces]
        elif given:
            if len(given) != len(spaces):
                missing = [hexmap.label(h) for h in spaces if h not in given]
                raise MissionError("colors", f"give a color for every {type_} or none; missing {', '.join(missing)}")
            tint = [check_color(given[h], f"colors.{hexmap.label(h)}") for h in spaces]
            counts = [tint.count(c) for c in COLORS]
            if max(counts) - min(counts) > 1:
                raise MissionError("colors", f"{type_}: {', '.join(tint)} is not spread evenly; use a different color "
                                             "for each, and spread duplicates evenly (p.11)")
        else:
            tint = list(spread_colors(len(spaces)))
        for n, (h, color) in enumerate(zip(spaces, tint), start=1):
            fid = f"{type_}-{n}"
            if isinstance(kind, BossKind):
                a = attributes(kind.boss, embarked)
                hp, attack, guard, rng = a.hp, a.attack, a.guard, a.range
                reasons.append(a.reason)
            else:
                hp, attack, guard, rng = kind.hp, kind.attack, kind.guard, kind.range
            figures.append(Figure(fid, "adversary", h, color, type_, hp, hp, attack, guard, rng))
            states.append(AdversaryState(fid, type_, "map"))
        if not isinstance(kind, BossKind):
            reasons.append(f"{type_} HP bases: {', '.join(f'{color_name(c)}' for c in tint)} — a different color for "
                           "each, duplicates spread evenly (p.11)")
    return Board(hexmap, tuple(figures)), tuple(states)


def _count(p: Placement) -> str:
    return str(p.min_characters) if p.min_characters == p.max_characters else f"{p.min_characters}-{p.max_characters}"
