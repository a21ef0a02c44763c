"""A Suriya 162 game page: what its template needs, and its actions (form -> rules command)."""
from __future__ import annotations

import random
from dataclasses import dataclass

from flask import request

from ...games import suriya_162 as rules
from ...games.frame import GameError, allowed
from ...hexgrid import neighbours
from . import forms
from .mapview import LINES, map_view

KEY = rules.KEY
TEMPLATE = "games/suriya_162/page.html"  # in this kit's templates/ folder

LABELS = {
    "space": "Space", "to": "Move to", "target": "Target", "card": "Card", "cost": "Mineral cost",
    "continue_cost": "Continue cost", "kind": "Unit", "units": "Units", "hp": "General's HP", "terrain": "Terrain",
    "high": "Higher Terrain Tray", "tiles": "Tiles", **{f"hand_{i}": f"Player {i}'s tiles" for i in range(1, rules.MAX_PLAYERS + 1)}, "faction": "Faction", "discard": "Cards discarded",
    "hand": "Cards in hand", "bu": "BU", "eu": "EU", "gu": "GU", "roll": "First player",
    "attacker_tactic_cards": "Attacker's Tactic cards",
    **{f"{side}_card{k}_{n}": f"{side.capitalize()}'s Tactic card {k} {label}" for side in ("attacker", "defender")
       for k in range(1, forms.TACTIC_SLOTS + 1) for n, label in (("name", "name"), ("damage", "+Damage"),
                                                                   ("defend", "+V"))}, "defender_tactic_cards": "Defender's Tactic cards",
    "take_from": "Move the missing from", "source": "Burn from", "at": "Where on the map", "damage": "True Damage",
    "excess": "Return the excess to the Player Tray",
    "attacker_damage": "Attacker's dice", "defender_damage": "Defender's dice",
    "attacker_reroll": "Attacker's re-roll", "defender_reroll": "Defender's re-roll", "order": "Damage order",
    "gain": "Card gained (3.2)", "general": "General summoned before",
    **{f"{side}_card{k}_known": f"{side.capitalize()}'s Tactic card {k}, played before" for side in ("attacker", "defender")
       for k in range(1, forms.TACTIC_SLOTS + 1)},
}


def context(g: rules.Game, content: rules.Content) -> dict:
    return {"su": rules, "content": content, "face_label": face_label,
            "terrains": [t.name for t in content.terrains if t.name != rules.HEADQUARTER],
            "placer": rules.placer(g) if g.stage == "setup" and g.first is not None and not g.draft.done else None,
            "rolling": rules.tied_for_first(g), "orders": forms.ORDERS, "tactic_slots": forms.TACTIC_SLOTS,
            "bonus": [str(n) for n in range(forms.TACTIC_BONUS + 1)],
            "unverified": [d.name for d in content.dice if not d.verified],
            "seats": [(str(i), p.name) for i, p in enumerate(g.players)],
            "summon_spaces": _options(rules.summon_spaces(g)),
            "chooser": rules.faction_chooser(g), "free_factions": rules.free_factions(g, content),
            "no_discard": allowed(rules.discard_for_mineral, g)[1] if g.stage == "play" else "",
            "no_play": allowed(rules.play_card, g, "", 0)[1] if g.stage == "play" else "",
            "known": known_cards(g), "known_tactics": g.known_tactics, "known_generals": g.known_generals,
            "typed_names": list(dict.fromkeys(c.name for c in g.known_cards + g.known_tactics)),
            "my_spaces": _options(s for s in g.spaces if s.owner == g.turn and s.units),
            # True Damage never reaches a Squad in a hidden Space (the Forest) nor a Base alone
            "squads": _options(s for s in g.spaces if s.units and not (content.terrain(s.terrain)
                                                                       and content.terrain(s.terrain).hidden)),
            "removable": _options(s for s in g.spaces if s.units),
            "spots": _spots(g), "map": map_view(g, content), "lines": LINES,
            "tile_choices": rules.tile_choices(g, content), "placing": PLACING, "place_moves": place_moves(g, content),
            "board_moves": board_moves(rules.move_choices(g, content)),
            "commandable": _options(rules.commandable(g)), "no_command": _no_command(g),
            "base_spaces": _options(rules.base_choices(g)),
            "attacks": rules.attack_choices(g), "attack_moves": attack_moves(rules.attack_choices(g)),
            "fight": _fight(g, content)}


def known_cards(g: rules.Game) -> list[tuple[rules.KnownCard, tuple[bool, str]]]:
    """The cards played before in this game, each offered as one tap with its costs, and whether the rules take
    it now (else it is shown disabled with the refusal: its Mineral cost not in hand, say)."""
    if g.stage != "play" or g.phase != "action":
        return []
    return [(c, allowed(rules.play_known, g, c.name)) for c in g.known_cards]


@dataclass(frozen=True)
class FightSide:
    side: str  # attacker / defender
    space: rules.Space
    dice: tuple[str, ...]  # the dice it rolls (Combat 1), each drawn as face buttons
    counts: tuple[tuple[str, str, int], ...] = ()  # each symbol's field, label and the most its dice can show

    @property
    def said(self) -> str:
        return rules.dice_said(self.dice)


@dataclass(frozen=True)
class Fight:
    frm: str
    to: str
    sides: tuple[FightSide, FightSide]


def _fight(g: rules.Game, content: rules.Content) -> Fight | None:
    """The attack chosen (two taps on the map: ?space=s4&target=s5, or the attack form sent back with its
    errors), with both sides' dice; None until one is chosen among the engine's attack choices."""
    asked = request.form if request.form.get("_form") == "attack" else request.args
    chosen = (asked.get("space", ""), asked.get("target", ""))
    if chosen not in rules.attack_choices(g):
        return None
    frm, to = chosen
    return Fight(frm, to, tuple(_fight_side(g, content, side, at) for side, at in zip(rules.SIDES, chosen)))


SYMBOLS = (("damage", "Damage"), ("defend", "V"), ("tactic", "T"))


def _fight_side(g: rules.Game, content: rules.Content, side: str, at: str) -> FightSide:
    """A side of the attack form: its dice, and a row of count buttons per symbol, 0 to the most its dice show
    by the faces in data/ (unverified), and never fewer than two a die, so that a table whose dice differ from
    the file can still tap its count (a bound of the form, not a rule)."""
    dice = rules.combat_dice(g, at, side == "attacker")
    counts = tuple((f"{side}_{n}", label, max(2 * len(dice), sum(max(getattr(f, n) for f in content.die(d).faces)
                                                                 for d in dice)))
                   for n, label in SYMBOLS) if dice else ()
    return FightSide(side, rules.space(g, at), dice, counts)


def face_label(face: rules.Symbols) -> str:
    """A die face as its symbols: "2 Dmg", "1 V", "1 Dmg 1 V", "T", or "blank"."""
    parts = [f"{face.damage} Dmg" if face.damage else "", f"{face.defend} V" if face.defend else "",
             ("T" if face.tactic == 1 else f"{face.tactic} T") if face.tactic else ""]
    return " ".join(p for p in parts if p) or "blank"


def board_moves(choices) -> dict:
    """The engine's moves as the map's move form reads them (static/js/app.js, data-moves): from each Space
    the adjacent Spaces its Squad may enter, with the cards a terrain asks for, confirmed by one more tap."""
    out: dict = {}
    for c in choices:
        out.setdefault(c.frm, {})[c.to] = {"discard": c.discard, "_confirm": c.said} if c.discard else {}
    return out


def _no_command(g: rules.Game) -> str:
    """Why none of the current player's Squads may take a Command Token, in the engine's words ("" if one may)."""
    if rules.commandable(g):
        return ""
    mine = (s for s in g.spaces if s.owner == g.turn and s.units)
    return next((why for s in mine if (why := allowed(rules.extract, g, s.id)[1])), "")


def attack_moves(choices) -> dict:
    """The engine's attacks as the map's attack form reads them (static/js/app.js, data-moves): from each
    Squad's Space the enemy Spaces it may attack, one tap each."""
    out: dict = {}
    for frm, to in choices:
        out.setdefault(frm, {})[to] = {}
    return out


PLACING = "open"  # the place form's fixed first "tap": the tile in hand, its terrain the chip tapped


def place_moves(g: rules.Game, content: rules.Content) -> dict:
    """The tiles the engine lets the placer put down, by terrain, and the open hexes each may go to: a tap on a
    terrain, then on an open hex places it (static/js/app.js, data-moves); a Plateau goes high (B4)."""
    spots = [at for at, _ in _spots(g)]
    return {f"{PLACING} {t}": {at: {"high": "on"} if rules.must_be_high(content, t) else {} for at in spots}
            for t in rules.tile_choices(g, content)} if spots else {}


def _spots(g: rules.Game) -> list[tuple[str, str]]:
    """The open hexes for the next Terrain Tile, named by the spaces they touch (C3-C4)."""
    if g.stage != "setup" or g.draft.done or any(s.at is None for s in g.spaces):
        return []
    who = rules.placer(g) if g.first is not None else None
    by_at = {s.at: s.name for s in g.spaces}
    out = []
    for q, r in rules.open_spots(g, who):
        touching = [by_at[h] for h in neighbours((q, r)) if h in by_at]
        out.append((f"{q},{r}", "next to " + ", ".join(touching)))
    return out


def _at(value: str | None):
    if not value:
        return None
    try:
        q, r = (int(x) for x in value.split(","))
    except ValueError:
        raise GameError("at", f"{value[:12]!r} is not a place on the map: tap an open hex.") from None
    return (q, r)


def _options(spaces) -> list[tuple[str, str]]:
    return [(s.id, s.name) for s in spaces]


def _roll(g, f, c):
    if f.random:
        return rules.choose_first(g, random.SystemRandom().randrange(len(g.players)))
    return rules.roll_for_first(g, {i: getattr(f, f"damage_{i + 1}") for i in rules.tied_for_first(g)})


def _tiles(g, f, c):
    if f.draw:
        return rules.show_tiles(g, c, None)
    return rules.show_tiles(g, c, tuple(t for t in (f.tile_1, f.tile_2, f.tile_3, f.tile_4, f.tile_5) if t))


def _hands(g, f, c):
    if f.draw:
        return rules.draw_hands(g, c, None)
    return rules.draw_hands(g, c, {i: tuple(t for k in range(1, rules.TILES_EACH + 1) if (t := getattr(f, f"hand_{i + 1}_{k}")))
                                   for i in range(len(g.players))})


def _symbols(f, side: str, what: str = "") -> rules.Symbols:
    return rules.Symbols(*(getattr(f, f"{side}_{what}{n}") for n in ("damage", "defend", "tactic")))


def _fighter(g, f, side: str, c: rules.Content) -> rules.Fighter:
    """A side's roll: the counts typed, else the faces tapped; a die neither tapped nor typed is rolled by the
    app only when "Roll for me" was pressed (the table's dice, always)."""
    if getattr(f, f"{side}_typed"):
        roll = _symbols(f, side)
    else:
        pool = rules.combat_dice(g, f.space if side == "attacker" else f.target, side == "attacker")
        tapped = getattr(f, f"{side}_faces") or ""
        faces = [tuple(map(int, x.split(","))) if x else None for x in tapped.split(";")] if tapped else []
        faces += [None] * (len(pool) - len(faces))
        if len(faces) > len(pool):
            raise GameError(f"{side}_damage", f"The {side} rolls {len(pool)} dice; {len(faces)} tapped.")
        missing = [k for k, face in enumerate(faces) if face is None]
        if pool and len(missing) == len(pool) and not f.roll:
            raise GameError(f"{side}_damage", f"Tap the {side}'s roll: the Damage, V and T its dice show, or each "
                                              "die's face; or Roll for me (Combat 1).")
        if missing and not f.roll:
            k = missing[0]
            raise GameError(f"{side}_damage", f"Tap the face of the {side}'s die {k + 1} ({pool[k]}): "
                                              f"{len(missing)} of {len(pool)} not tapped; or Roll for me.")
        roll = rules.Symbols()
        for k, face in enumerate(faces):
            roll = roll + (rules.Symbols(*face) if face is not None else c.die(pool[k]).roll())
    reroll = (_symbols(f, side, "was_"), _symbols(f, side, "now_")) if getattr(f, f"{side}_reroll") else None
    return rules.Fighter(roll, rules.Terrain(""), 0, reroll=reroll, rerolled=getattr(f, f"{side}_rerolled"),
                         tactic=_tactic_cards(g, f, side))


def _tactic_cards(g, f, side: str) -> tuple[rules.TacticCard, ...]:
    """The Tactic cards a side entered, in slot order: one played before in this game, tapped by name, or one
    typed; a slot with neither a name nor an effect is unused."""
    cards = []
    for k in range(1, forms.TACTIC_SLOTS + 1):
        known = getattr(f, f"{side}_card{k}_known")
        if known:
            cards.append(rules.known_tactic(g, known, f"{side}_card{k}_known"))
            continue
        name, damage, defend, ignore = (getattr(f, f"{side}_card{k}_{n}") for n in ("name", "damage", "defend", "ignore"))
        if name or damage or defend or ignore:
            cards.append(rules.TacticCard(" ".join((name or "").split()) or f"Tactic card {k}", damage, defend, ignore))
    return tuple(cards)


def _order(value: str | None) -> tuple[str, ...]:
    return tuple(value.split(",")) if value else rules.KINDS


def _attack(g, f, c):
    if (f.space, f.target) not in rules.attack_choices(g):
        blank = rules.Fighter(rules.Symbols(), rules.Terrain(""), 0)
        rules.attack(g, c, f.space, f.target, blank, blank)  # refused with the rule that forbids it
    return rules.attack(g, c, f.space, f.target, _fighter(g, f, "attacker", c), _fighter(g, f, "defender", c),
                        (_order(f.attacker_order), _order(f.defender_order)))


def _summon(g, f, c):
    """A summon as typed, or a General summoned before, tapped by name: a GU with its name and HP as typed then."""
    if f.general:
        known = rules.known_general(g, f.general)
        if known is None:
            raise GameError("general", f"No General {f.general[:40]!r} was summoned in this game: choose GU and type "
                                       "its name and HP (Limitations 3).")
        return rules.summon(g, c, f.space, "GU", f.units, None, known.name, f.converted, None, f.excess)
    return rules.summon(g, c, f.space, f.kind, f.units, f.hp, f.name or "", f.converted, f.take_from or None, f.excess)


def _move(g, f, c):
    counts = {"BU": f.bu, "EU": f.eu, "GU": f.gu}
    return rules.move(g, c, f.space, f.to, counts if any(counts.values()) else None, f.discard, f.excess)


def _remove(g, f, c):
    return rules.remove_units(g, f.space, {"BU": f.bu, "EU": f.eu, "GU": f.gu}, f.source or "")


ACTIONS = {
    "roll": (forms.RollForm, _roll),
    "faction": (forms.FactionForm, lambda g, f, c: rules.choose_faction(g, c, int(f.player), f.faction)),
    "tiles": (forms.TilesForm, _tiles),
    "hands": (forms.HandsForm, _hands),
    "place": (forms.PlaceForm, lambda g, f, c: rules.place_tile(g, c, f.terrain, f.high, _at(f.at))),
    "upkeep": (forms.UpkeepForm, lambda g, f, c: rules.upkeep(g, f.card, f.keep == "keep")),
    "play": (forms.PlayCardForm, lambda g, f, c: rules.play_card(g, f.card, f.cost, f.continue_cost)),
    "play-known": (forms.PlayKnownForm, lambda g, f, c: rules.play_known(g, f.card)),
    "discard": (forms.GameForm, lambda g, f, c: rules.discard_for_mineral(g)),
    "adjust": (forms.AdjustForm, lambda g, f, c: rules.adjust(g, int(f.player), f.what, f.delta)),
    "summon": (forms.SummonForm, _summon),
    "gain": (forms.GainForm, lambda g, f, c: rules.gain_card(g, f.source, f.reset, f.card or "")),
    "burn": (forms.BurnForm, lambda g, f, c: rules.burn(g, int(f.player), f.source)),
    "build-base": (forms.SpaceForm, lambda g, f, c: rules.build_base(g, f.space)),
    "exhaust": (forms.ExhaustForm, lambda g, f, c: rules.exhaust(g, f.space, f.delta or 1)),
    "extract": (forms.SpaceForm, lambda g, f, c: rules.extract(g, f.space)),
    "move": (forms.MoveForm, _move),
    "attack": (forms.AttackForm, _attack),
    "true-damage": (forms.TrueDamageForm, lambda g, f, c: rules.true_damage(g, c, f.space, f.damage, f.source or "",
                                                                            _order(f.order))),
    "remove": (forms.RemoveForm, _remove),
}
