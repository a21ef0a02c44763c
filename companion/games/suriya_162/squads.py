"""Squads on the map (2. Action, C): summoning units, moving, extracting, building a Base, Command and
Exhaust Tokens, and the limits of a Space (Limitations 1-2, Locations)."""
from __future__ import annotations

from dataclasses import replace

from ..frame import GameError, Outcome, player_name, with_side
from .board import _put, adjacent, command_tokens, in_tray, space
from .state import BASE_HP, BASE_TOKENS, KINDS, SQUAD_LIMIT, Content, Game, Space, Terrain, Unit, _playing
from ...record import record


def _own_squad(g: Game, space_id: str, field: str = "space") -> Space:
    s = space(g, space_id, field)
    if s.owner != g.turn or not s.units:
        raise GameError(field, f"{player_name(g, g.turn)} has no Squad in {s.name}.")
    return s


def _enter_check(g: Game, s: Space, who: int, adding: int, field: str, excess: bool = False) -> None:
    if s.owner is not None and s.owner != who:
        raise GameError(field, f"{s.name} is held by {player_name(g, s.owner)}: a Space can only be occupied by the "
                               "units or a Base of a single faction (Limitations 1).")
    if len(s.units) + adding > SQUAD_LIMIT and not excess:
        over = len(s.units) + adding - SQUAD_LIMIT
        raise GameError(field, f"A Squad has at most {SQUAD_LIMIT} units (Limitations 2); {s.name} would have "
                               f"{len(s.units) + adding}: tick 'return the excess to the Player Tray' to send the "
                               f"{over} over the limit back (no tray bonus).")


def _over_limit(units: tuple[Unit, ...], arriving: tuple[Unit, ...]) -> tuple[tuple[Unit, ...], tuple[Unit, ...]]:
    """Limitations 2: the Squad keeps 6; the excess goes back to the Player Tray. Which units go is the
    player's choice in the text; the assistant returns arriving units, Basic first, then Elite, Generals
    last (docs/rules.md)."""
    room = max(0, SQUAD_LIMIT - len(units))
    keep_order = sorted(arriving, key=lambda u: -KINDS.index(u.kind))  # Generals kept first
    kept = tuple(keep_order[:room])
    back = tuple(keep_order[room:])
    return _ordered(units + kept), back


def _returned(back: tuple[Unit, ...]) -> tuple[str, ...]:
    if not back:
        return ()
    what = ", ".join(f"{sum(1 for u in back if u.kind == k)} {k}" for k in KINDS if any(u.kind == k for u in back))
    return (f"Over {SQUAD_LIMIT} units: {what} returned to the Player Tray, with no tray bonus (Limitations 2).",)


def summon(g: Game, content: Content, space_id: str, kind: str, count: int = 1, hp: int | None = None,
           name: str = "", converted: bool = False, take_from: str | None = None, excess: bool = False) -> Outcome:
    """Summon units from a card or token effect (Summoning Units): onto a Space of the player's, or an empty one.
    When the Player Tray has too few of the type, the missing units may be moved from another Space of the
    player's (Summoning Units 2), never Generals."""
    _playing(g, "action")
    i = g.turn
    s = space(g, space_id)
    if kind not in KINDS:
        raise GameError("kind", f"Choose BU, EU or GU; {kind!r} is not a unit type.")
    if count < 1:
        raise GameError("count", "Summon at least 1 unit.")
    _enter_check(g, s, i, count, "space", excess)
    if excess and len(s.units) + count > SQUAD_LIMIT:
        # Limitations 2: the excess never leaves the Player Tray; the rest of the summon goes ahead
        kept = max(0, SQUAD_LIMIT - len(s.units))
        if kept == 0:
            return Outcome(g, f"{player_name(g, i)}'s Squad in {s.name} is full: the {count} {kind} stay on the "
                              "Player Tray", (f"A Squad has at most {SQUAD_LIMIT} units (Limitations 2).",))
        out = summon(g, content, space_id, kind, kept, hp, name, converted, take_from)
        return Outcome(out.state, out.description + f" ({count - kept} over {SQUAD_LIMIT} stay on the Player Tray)",
                       out.reasons + (f"Over {SQUAD_LIMIT} units: {count - kept} {kind} returned to the Player Tray, "
                                      "with no tray bonus (Limitations 2).",))
    asked = count
    reasons: tuple[str, ...] = ()
    left = None if converted else in_tray(g, content, i, kind)
    if take_from and kind == "GU":
        raise GameError("take_from", "General Units are never moved from another Space to replace missing ones "
                                     "(Summoning Units 2).")
    if left is not None and count > left:
        missing = count - left
        if not take_from:
            raise GameError("units", f"{player_name(g, i)} has {left} {kind} left on the Player Tray; {count} asked. "
                                     f"Units run out: choose a Space to move {missing} {kind} from to replace the "
                                     "missing (Summoning Units 2).")
        src = space(g, take_from, "take_from")
        have = [u for u in src.units if u.kind == kind]
        if src.owner != i or src.id == s.id or len(have) < missing:
            raise GameError("take_from", f"{src.name} has {len(have) if src.owner == i else 0} {kind} of "
                                         f"{player_name(g, i)}'s to move; {missing} needed, from another Space "
                                         "(Summoning Units 2).")
        rest = list(src.units)
        for u in have[-missing:]:
            rest.remove(u)
        g = _put(g, replace(src, units=tuple(rest), command=src.command and bool(rest or src.base)))
        s = space(g, s.id)
        reasons = (f"The tray had {left} {kind}: {missing} moved from {src.name} to replace the missing "
                   "(Summoning Units 2).",)
        count = left
        g = _put(g, replace(s, owner=i, units=_ordered(s.units + tuple(have[-missing:]))))
        s = space(g, s.id)
        if count == 0:
            return Outcome(g, f"{player_name(g, i)} summoned {missing} {kind} to {s.name}", reasons)
    name = " ".join(name.split()) if kind == "GU" else ""
    before = known_general(g, name)
    if kind == "GU" and hp is None and before is not None:  # a General typed before: its HP as typed then
        hp, name = before.hp, before.name
        reasons += (f"{name}'s HP as typed before: {hp} (its GU card, Limitations 3).",)
    unit_hp = content.unit_hp(kind) if kind != "GU" else hp
    if unit_hp is None or unit_hp < 1:
        raise GameError("hp", "Enter the General's HP from its GU card (Limitations 3).")
    units = tuple(Unit(kind, unit_hp, name, converted) for _ in range(count))
    g = _put(g, replace(s, owner=i, units=_ordered(s.units + units)))
    if name:  # kept as typed, offered again by name (issue 38); the latest typing wins
        typed = Unit("GU", unit_hp, name)
        g = replace(g, known_generals=tuple(typed if u is before else u for u in g.known_generals)
                    if before else g.known_generals + (typed,))
    what = f"{asked} {kind}" + (f" ({name})" if name else "")
    return Outcome(g, f"{player_name(g, i)} summoned {what} to {s.name}",
                   ("BU and EU: always the leftmost of that type from the Player Tray (Summoning Units 1).",) + reasons)


def known_general(g: Game, name: str) -> Unit | None:
    """A General summoned before in this game, by its name as typed then (any case and spacing)."""
    key = " ".join(name.split()).casefold()
    return next((u for u in g.known_generals if u.name.casefold() == key), None) if key else None


def _adjacent(g: Game, frm: Space, to: Space, field: str, rule: str) -> None:
    if to.id not in adjacent(g, frm.id):
        raise GameError(field, f"{to.name} is not adjacent to {frm.name}: {rule}.")


def _ordered(units: tuple[Unit, ...]) -> tuple[Unit, ...]:
    return tuple(sorted(units, key=lambda u: KINDS.index(u.kind)))


def build_base(g: Game, space_id: str) -> Outcome:
    """Build a Base on a Space with the player's units; gain 1 Command Token at once (Building a Base)."""
    _playing(g, "action")
    i = g.turn
    s = space(g, space_id)
    if s.owner != i or not s.units:
        raise GameError("space", f"A Base is placed only on a Space with your units (Building a Base 1); "
                                 f"{player_name(g, i)} has none in {s.name}.")
    if s.base:
        raise GameError("space", f"{s.name} already has a Base.")
    if g.sides[i].bases_built >= BASE_TOKENS:
        raise GameError("space", f"{player_name(g, i)} has no Base left on the Player Tray ({BASE_TOKENS} Base Tokens, A3).")
    g = _put(g, replace(s, base=BASE_HP))
    g = with_side(g, i, bases_built=g.sides[i].bases_built + 1)
    return Outcome(g, f"{player_name(g, i)} built a Base in {s.name}",
                   ("Its ability takes effect at once (Building a Base 2).",
                    "1 Command Token gained, usable this turn (Building a Base 3)."))


def exhaust(g: Game, space_id: str, delta: int = 1) -> Outcome:
    """An Exhaust token put on (a card effect) or taken off a Squad."""
    _playing(g)
    s = space(g, space_id)
    if not s.units:
        raise GameError("space", f"There is no Squad in {s.name}.")
    if s.exhaust + delta < 0:
        raise GameError("space", f"{s.name} has no Exhaust token.")
    g = _put(g, replace(s, exhaust=s.exhaust + delta))
    verb = "placed on" if delta > 0 else "removed from"
    return Outcome(g, f"Exhaust token {verb} the Squad in {s.name}",
                   ("A Squad with an Exhaust Token cannot receive new Command Tokens (Exhaust Tokens).",))


def _command(g: Game, s: Space) -> Game:
    """Place a Command Token on a Squad's Space (2. Action, C; Command Tokens)."""
    i = g.turn
    if s.command:
        raise GameError("space", f"{s.name} already has a Command Token: only one Command Token can be placed "
                                 "on a given Space (Command Tokens 2).")
    if s.exhaust:
        raise GameError("space", f"The Squad in {s.name} is exhausted: a Squad with an Exhaust Token cannot "
                                 "receive new Command Tokens (Exhaust Tokens).")
    if command_tokens(g, i) < 1:
        raise GameError("space", f"{player_name(g, i)} has no Command Token left this turn (A6, Building a Base 3).")
    return _put(g, replace(s, command=True))


def extract(g: Game, space_id: str) -> Outcome:
    """C3. Extract: a Command Token on a Squad, 1 Mineral."""
    _playing(g, "action")
    s = _own_squad(g, space_id)
    g = _command(g, s)
    g = with_side(g, g.turn, minerals=g.sides[g.turn].minerals + 1)
    return Outcome(g, f"The Squad in {s.name} extracted 1 Mineral", ("C3. Extract: receive 1 Mineral (2. Action).",))


def move(g: Game, content: Content, from_id: str, to_id: str, counts: dict[str, int] | None = None,
         discard: int = 0, excess: bool = False) -> Outcome:
    """C1. Move all or part of a Squad to an adjacent Space; the Command Token stays with the Squad left in
    the Space where it was placed, or moves with the whole Squad (Command Tokens 3-4). Entering Forest or
    Lagoon costs 1 discarded card, the Plateau 2 (Locations)."""
    _playing(g, "action")
    i = g.turn
    s = _own_squad(g, from_id, "space")
    to = space(g, to_id, "to")
    if to.id == s.id:
        raise GameError("to", "Choose another Space to move to.")
    _adjacent(g, s, to, "to", "C1. Move: to an adjacent Space")
    moving = _pick_units(s, counts)
    _enter_check(g, to, i, len(moving), "to", excess)
    whole = len(moving) == len(s.units)
    if whole and to.command:
        raise GameError("to", f"{to.name} already has a Command Token and the whole Squad would bring its own: only "
                              "one Command Token on a Space (Command Tokens 2).")
    g = _command(g, s)
    need = _terrain(content, to.terrain).discard_to_enter
    if need and discard != need:
        raise GameError("discard", f"Moving into {to.terrain} costs {need} discarded card{'s' if need > 1 else ''} "
                                   f"(Locations: {to.terrain}); confirm the discard.")
    if need and g.sides[i].hand < need:
        raise GameError("discard", f"Moving into {to.terrain} costs {need} discarded card{'s' if need > 1 else ''} "
                                   f"(Locations: {to.terrain}); {player_name(g, i)} has {g.sides[i].hand} in hand.")
    left = list(s.units)
    for u in moving:
        left.remove(u)
    s = space(g, s.id)
    # Command Tokens 3-4: the token goes with the whole Squad, or stays where it was placed.
    g = _put(g, replace(s, units=tuple(left), command=not whole))
    to = space(g, to.id)
    squad, back = _over_limit(to.units, tuple(moving))
    g = _put(g, replace(to, owner=i, units=squad, command=to.command or whole))
    if need:
        g = with_side(g, i, hand=g.sides[i].hand - need)
    what = ", ".join(f"{sum(1 for u in moving if u.kind == k)} {k}" for k in KINDS if any(u.kind == k for u in moving))
    reasons = ("The Command Token moves with the Squad (Command Tokens 3)." if whole else
               "The Squad split: the Command Token stays in the Space where it was placed (Command Tokens 4).",)
    if need:
        reasons += (f"{need} card{'s' if need > 1 else ''} discarded to move into {to.terrain} (Locations).",)
    return Outcome(g, f"{player_name(g, i)} moved {what} from {s.name} to {to.name}", reasons + _returned(back))


@record
class MoveChoice:
    """A whole Squad's move the rules allow now (C1), and the cards its entering costs (Locations)."""
    frm: str
    to: str
    discard: int
    said: str  # what the table does first, where the terrain asks for a discard


def commandable(g: Game) -> tuple[Space, ...]:
    """The current player's Squads that may take a Command Token now (to move, attack or extract), in the
    Action Phase (2. Action, C; Command Tokens; Exhaust Tokens)."""
    if g.stage != "play" or g.phase != "action":
        return ()
    out = []
    for s in g.spaces:
        if s.owner == g.turn and s.units:
            try:
                _command(g, s)
            except GameError:
                continue
            out.append(s)
    return tuple(out)


def summon_spaces(g: Game) -> tuple[Space, ...]:
    """The Spaces the current player may summon onto: their own or an empty one (Summoning Units; Limitations 1)."""
    return tuple(s for s in g.spaces if s.owner in (None, g.turn))


def base_choices(g: Game) -> tuple[Space, ...]:
    """The Spaces where the current player may build a Base now (Building a Base 1; A3)."""
    out = []
    for s in g.spaces:
        try:
            build_base(g, s.id)
        except GameError:
            continue
        out.append(s)
    return tuple(out)


def move_choices(g: Game, content: Content) -> tuple[MoveChoice, ...]:
    """Every move of the current player's whole Squad `move` would accept now, to an adjacent Space."""
    out = []
    for s in commandable(g):
        for to_id in adjacent(g, s.id):
            to = space(g, to_id)
            need = _terrain(content, to.terrain).discard_to_enter
            try:
                move(g, content, s.id, to_id, None, need)
            except GameError:
                continue
            said = (f"Discard {need} card{'s' if need > 1 else ''} to enter {to.name} ({to.terrain}, Locations), "
                    "then move" if need else "")
            out.append(MoveChoice(s.id, to_id, need, said))
    return tuple(out)


def _pick_units(s: Space, counts: dict[str, int] | None) -> list[Unit]:
    if not counts:
        return list(s.units)
    out = []
    for k in KINDS:
        n = counts.get(k, 0)
        have = [u for u in s.units if u.kind == k]
        if n < 0 or n > len(have):
            raise GameError(k.lower(), f"The Squad in {s.name} has {len(have)} {k}; {n} cannot move.")
        out += have[:n]
    if not out:
        raise GameError("bu", "Move at least 1 unit.")
    return out


def _terrain(content: Content, name: str) -> Terrain:
    return content.terrain(name) or Terrain(name)
