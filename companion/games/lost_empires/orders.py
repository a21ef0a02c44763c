"""The Order Phase (p.8-10): command and supply, Play a Unit, Play a Support, Activate a Unit and its
actions (move, attack, abilities), granted actions, ending a turn and passing."""
from __future__ import annotations

from dataclasses import replace

from ..frame import DieResult, GameError, Outcome, player_name, unit, with_side, with_unit
from .board import adjacent, battlefield_name, battlefields, hive, units_at
from .combat import _deal, attack_bonuses, attack_line, resolve_attack
from .state import (
    COMMAND, COMMAND_ROUND_1, EYE_OF_GLIESE, GRANTS, KEYWORDS, OBJECTIVES, SUPPLY, Activation, Card, Game, Grant, Unit,
    copies_out, discarded, other,
)
from ...record import record


def command_limit(round_no: int) -> int:
    """Round 1: 2 command and 1 supply; from round 2 all 4 command (p.3 step 6)."""
    return COMMAND_ROUND_1 if round_no == 1 else COMMAND


def command_left(g: Game, i: int) -> int:
    return command_limit(g.round) - g.sides[i].command_used


def supply_left(g: Game, i: int) -> int:
    return 0 if g.sides[i].supply_used else SUPPLY


def _in_order_phase(g: Game) -> None:
    if g.stage == "over":
        raise GameError("stage", "The game is over.")
    if g.stage != "play" or g.phase != "order":
        raise GameError("phase", "Orders are issued only in the Order Phase (p.8).")
    if g.sides[g.turn].passed:
        raise GameError("phase", f"{player_name(g, g.turn)} has passed and takes no more turns this Order Phase (p.10).")


def _pay(g: Game, command: int, supply: int, what: str) -> Game:
    i = g.turn
    if command < 0 or supply < 0:
        raise GameError("cost", f"A cost is never negative ({what}).")
    if command > command_left(g, i) or supply > supply_left(g, i):
        note = " (round 1: only 2 command and 1 supply, p.3)" if g.round == 1 else ""
        raise GameError("cost", f"{what} costs {command} command and {supply} supply; {player_name(g, i)} has "
                                f"{command_left(g, i)} command and {supply_left(g, i)} supply left{note}. "
                                "A card's cost is paid in full (p.8).")
    return with_side(g, i, command_used=g.sides[i].command_used + command,
                 supply_used=g.sides[i].supply_used or supply > 0)


@record
class UnitStats:
    """The printed values of a unit card, as the player confirms them when playing it."""
    control: int
    offense: int
    defense: int
    command: int = 0
    supply: int = 0
    keywords: tuple[str, ...] = ()
    weight: str | None = None


def _copies(n: int) -> str:
    return "Both copies" if n == 2 else f"All {n} copies" if n > 1 else "The copy"


def play_unit(g: Game, card: str, stats: UnitStats, drained: bool = False, at: str | None = None) -> Outcome:
    """Play a Unit: pay its cost in full, place it ready in the hive battlefield (p.8); Eye of Gliese may be
    placed in an objective where its player has a friendly unit instead (its errata)."""
    _in_order_phase(g)
    i = g.turn
    if at is not None and at != hive(i):
        if card != EYE_OF_GLIESE:
            raise GameError("at", "Units enter play in their hive battlefield (p.8).", "p.8")
        if at not in OBJECTIVES or not units_at(g, at, i):
            raise GameError("at", f"{EYE_OF_GLIESE} may be placed in an objective where you have a friendly unit "
                                  "(its errata, Card FAQ).", "Card FAQ")
    copies = dict(g.sides[i].deck).get(card)
    if copies is None:
        raise GameError("card", f"{card} is not in {player_name(g, i)}'s deck.")
    if copies_out(g, i, card) >= copies:
        raise GameError("card", f"{_copies(copies)} of {card} are already in play or in {player_name(g, i)}'s discard "
                                "pile (2 copies of each card, p.4; destroyed units are discarded, p.9).", "p.4")
    for k in stats.keywords:
        if k not in KEYWORDS:
            raise GameError("keywords", f"Unknown keyword {k!r}.")
    if min(stats.control, stats.offense, stats.defense) < 0:
        raise GameError("card", "Control, offense and defense are never negative.")
    g = _pay(g, stats.command, stats.supply, card)
    uid = f"u{g.next_id}"
    elite = "ELITE" in stats.keywords
    u = Unit(uid, card, i, at or hive(i), stats.control, stats.offense, stats.defense, tuple(stats.keywords),
             stats.weight, drained=drained, elite_token=elite, played_turn=g.turn_no)
    g = replace(g, units=g.units + (u,), next_id=g.next_id + 1, mandatory=True)
    reasons = ("Units enter play ready in their hive battlefield (p.8).",) if not drained else ()
    if elite:
        reasons += ("ELITE: an ELITE token is placed on it (p.14).",)
    g = remember(g, card, stats)
    cost = f"{stats.command} command" + (f" + {stats.supply} supply" if stats.supply else "")
    return Outcome(g, f"{player_name(g, i)} played {card} ({cost})" + (", drained" if drained else ""), reasons)


def remember(g: Game, card: str, stats: UnitStats, kind: str = "unit") -> Game:
    """Keep what the table typed for `card` in the game's card library (the latest typing wins): a unit's stats
    and cost, a support's cost; its next copy is then played in one tap."""
    entry = (Card(card, kind, command=stats.command, supply=stats.supply, verified=False, by_table=True)
             if kind == "support" else
             Card(card, kind, stats.control, stats.offense, stats.defense, stats.command, stats.supply,
                  tuple(stats.keywords), stats.weight, verified=False, by_table=True))
    return replace(g, library=tuple(c for c in g.library if c.name != card) + (entry,))


def library_card(g: Game, name: str) -> Card | None:
    return next((c for c in g.library if c.name == name), None)


def play_support(g: Game, card: str, command: int, supply: int) -> Outcome:
    """Play a Support: pay its cost, resolve its ability, discard it (p.8). Not a mandatory order."""
    _in_order_phase(g)
    copies = dict(g.sides[g.turn].deck).get(card)
    if copies is None:
        raise GameError("card", f"{card} is not in {player_name(g, g.turn)}'s deck.")
    if copies_out(g, g.turn, card) >= copies:
        raise GameError("card", f"{_copies(copies)} of {card} are already in {player_name(g, g.turn)}'s discard pile "
                                "(2 copies of each card, p.4; a played support is discarded, p.8).", "p.4")
    g = discarded(_pay(g, command, supply, card), g.turn, card)
    g = remember(g, card, UnitStats(0, 0, 0, command, supply), "support")
    return Outcome(g, f"{player_name(g, g.turn)} played the support {card}",
                   ("Resolve its ability as fully as possible, then discard it (p.8).",))


def activatable(g: Game) -> tuple[str, ...]:
    """The units the player whose turn it is may activate now, as `activate` accepts them: ready, played in an
    earlier turn or with FRONTLINE, one activation a turn, a token to pay with (Eye of Gliese: free) (p.8, 14)."""
    if g.stage != "play" or g.phase != "order" or g.sides[g.turn].passed or g.activated:
        return ()
    tokens = command_left(g, g.turn) > 0 or supply_left(g, g.turn) > 0
    return tuple(u.id for u in g.units if u.owner == g.turn and not u.drained
                 and (u.played_turn != g.turn_no or u.has("FRONTLINE")) and (tokens or u.card == EYE_OF_GLIESE))


def activate(g: Game, unit_id: str, token: str) -> Outcome:
    """Activate a Unit: a ready unit played in an earlier turn; command gives 2 actions, supply 1;
    one activation per turn (p.8); FRONTLINE may activate the turn it is played (p.14)."""
    _in_order_phase(g)
    u = unit(g, unit_id)
    i = g.turn
    if u.owner != i:
        raise GameError("unit", f"{u.card} is not {player_name(g, i)}'s unit.")
    if g.activated:
        raise GameError("unit", "Only 1 Activate a Unit order per turn (p.8).")
    if u.drained:
        raise GameError("unit", f"{u.card} is drained: only ready units can be activated (p.8).")
    fresh = u.played_turn == g.turn_no
    if fresh and not u.has("FRONTLINE"):
        raise GameError("unit", f"{u.card} was played this turn: a unit cannot be activated the turn it is played "
                                "(p.8), unless it has FRONTLINE (p.14).")
    if token == "free":
        if u.card != EYE_OF_GLIESE:
            raise GameError("token", f"Only {EYE_OF_GLIESE} is activated without paying command or supply (its "
                                     "errata); activate with a command or the supply token (p.8).", "p.8")
    elif token not in ("command", "supply"):
        raise GameError("token", "Activate with a command token (2 actions) or the supply token (1 action).")
    else:
        g = _pay(g, 1 if token == "command" else 0, 1 if token == "supply" else 0, f"Activating {u.card}")
    # free: 1 action, enough for its attack (it takes attack actions only, 1 attack per activation, p.9)
    actions = 2 if token == "command" else 1
    g = replace(g, activation=Activation(unit_id, actions, frontline=fresh), activated=True, mandatory=True)
    reasons = (f"A {token} token gives {actions} action{'s' if actions > 1 else ''} (p.8).",)
    if fresh:
        reasons += ("FRONTLINE: activated the turn it was played, +1 offense for this activation (p.14).",)
    return Outcome(g, f"{player_name(g, i)} activated {u.card} with {token} ({actions} action{'s' if actions > 1 else ''})",
                   reasons)


def _active(g: Game, unit_id: str) -> tuple[Unit, Activation]:
    _in_order_phase(g)
    a = g.activation
    if a is None or a.unit != unit_id:
        raise GameError("unit", "Only the activated unit takes actions: activate it first (p.8).")
    return unit(g, unit_id), a


def _after_action(g: Game, a: Activation) -> Game:
    """An activation ends, and the unit is drained, when nothing is left to do (p.8)."""
    if a.actions <= 0 and a.attacks_left <= 0:
        u = unit(g, a.unit)
        return replace(with_unit(g, replace(u, drained=True)), activation=None)
    return replace(g, activation=a)


def _attacks_only(u: Unit, field_: str) -> None:
    if u.card == EYE_OF_GLIESE:
        raise GameError(field_, f"{EYE_OF_GLIESE} can only take attack actions (its errata, Card FAQ).", "Card FAQ")


def move(g: Game, unit_id: str, to: str) -> Outcome:
    u, a = _active(g, unit_id)
    _attacks_only(u, "to")
    if to not in battlefields():
        raise GameError("to", f"There is no battlefield {to!r}.")
    if a.actions < 1 or a.attacks_left:
        raise GameError("to", f"{u.card} has no action left to move.")
    if not adjacent(u.at, to):
        raise GameError("to", f"{battlefield_name(g, to).capitalize()} is not adjacent to {battlefield_name(g, u.at)}: "
                              "hives are adjacent to the outer objectives, and the outer objectives to the center "
                              "(p.9).")
    g = with_unit(g, replace(u, at=to))
    g = _after_action(g, replace(a, actions=a.actions - 1))
    return Outcome(g, f"{u.card} moved from {battlefield_name(g, u.at)} to {battlefield_name(g, to)}")


def attack(g: Game, attacker_id: str, defender_id: str, attack_die: DieResult, defense_die: DieResult) -> Outcome:
    """An attack action: 1 per activation; a MELEE unit makes 2 attacks in it (p.9, 14)."""
    u, a = _active(g, attacker_id)
    if not a.attacks_left:
        if a.attacked:
            raise GameError("defender", f"{u.card} has already attacked this activation (limit 1, p.9).")
        if a.actions < 1:
            raise GameError("defender", f"{u.card} has no action left to attack.")
        a = replace(a, actions=a.actions - 1, attacked=True, attacks_left=2 if u.has("MELEE") else 1)
    d = unit(g, defender_id)
    if d.owner == u.owner:
        raise GameError("defender", f"{d.card} is friendly: an attack chooses an enemy unit (p.9).")
    if d.at != u.at:
        raise GameError("defender", f"{d.card} is in {battlefield_name(g, d.at)}, not in the attacker's battlefield "
                                    f"({battlefield_name(g, u.at)}) (p.9).")
    r = resolve_attack(u.offense, attack_die, d.defense, defense_die, u.has("MELEE"), attack_bonuses(g, u, a))
    g, reasons = _deal(g, d, r.damage, u.owner)
    g = _after_action(g, replace(a, attacks_left=a.attacks_left - 1))
    text = attack_line(g, u, d, (attack_die, defense_die), r)
    g = replace(g, combat=(text,) + r.reasons + reasons)
    return Outcome(g, text, r.reasons + reasons)


def end_activation(g: Game) -> Outcome:
    _in_order_phase(g)
    if g.activation is None:
        raise GameError("unit", "No unit is activated.")
    u = unit(g, g.activation.unit)
    g = replace(with_unit(g, replace(u, drained=True)), activation=None)
    return Outcome(g, f"{u.card} finished its activation and is drained", ("A drain token goes on it (p.8).",))


def use_ability(g: Game, unit_id: str, draining: bool = False, attack: bool = False) -> Outcome:
    """A named ability action: once per activation; Draining needs 2 actions and ends the activation;
    Attack spends the once-per-activation attack (p.10)."""
    u, a = _active(g, unit_id)
    if not attack:
        _attacks_only(u, "ability")
    need = 2 if draining else 1
    if a.actions < need or a.attacks_left:
        raise GameError("ability", f"{u.card} needs {need} action{'s' if need > 1 else ''} for this ability (p.10).")
    if attack and a.attacked:
        raise GameError("ability", f"{u.card} has already attacked this activation; an Attack ability counts as its "
                                   "attack (p.10).")
    a = replace(a, actions=0 if draining else a.actions - 1, attacked=a.attacked or attack)
    g = _after_action(g, a)
    return Outcome(g, f"{u.card} used its named ability", ("Resolve it as fully as possible (p.10).",))


# -- granted actions (p.10) ---------------------------------------------------------------------

def grant_action(g: Game, unit_id: str, action: str, source: str = "") -> Outcome:
    """A card grants another friendly unit an action (p.10): recorded once its granting action is finished."""
    _in_order_phase(g)
    if g.grant is not None:
        raise GameError("unit", f"{unit(g, g.grant.unit).card} takes its granted action first: one at a time, "
                                "then back to the active unit (p.10).", "p.10")
    if action not in GRANTS:
        raise GameError("action", f"A granted action is one of: {', '.join(GRANTS)}.")
    u = unit(g, unit_id)
    if u.owner != g.turn:
        raise GameError("unit", f"{u.card} is not {player_name(g, g.turn)}'s unit: actions are granted to friendly "
                                "units (p.10).", "p.10")
    if g.activation is not None and g.activation.unit == unit_id:
        raise GameError("unit", f"{u.card} is the active unit: a granted action goes to another unit (p.10).", "p.10")
    if source == "Edgeguard" and u.card == "Edgeguard":
        raise GameError("unit", "Edgeguard grants its move or attack to a friendly non-Edgeguard unit (Card FAQ).",
                        "Card FAQ")
    g = replace(g, grant=Grant(unit_id, action, source.strip()[:60]))
    by = f" by {source.strip()[:60]}" if source.strip() else ""
    return Outcome(g, f"{u.card} is granted {'a' if action != 'attack' else 'an'} {action}{by}",
                   ("Not an activation: ready or drained, it takes that action only and is not drained by it; "
                    "then back to the active unit (p.10).",))


def _granted(g: Game, unit_id: str, kind: str) -> tuple[Unit, Grant]:
    _in_order_phase(g)
    gr = g.grant
    if gr is None or gr.unit != unit_id:
        raise GameError("unit", "No granted action is waiting for this unit: a card grants it first (p.10).", "p.10")
    if kind not in gr.action:
        raise GameError("unit", f"The card granted {'a' if gr.action != 'attack' else 'an'} {gr.action}, and that "
                                f"action only (p.10).", "p.10")
    return unit(g, unit_id), gr


def granted_move(g: Game, unit_id: str, to: str) -> Outcome:
    u, gr = _granted(g, unit_id, "move")
    _attacks_only(u, "to")
    if not adjacent(u.at, to):
        raise GameError("to", f"{battlefield_name(g, to).capitalize()} is not adjacent to {battlefield_name(g, u.at)} "
                              "(p.9).", "p.9")
    g = replace(with_unit(g, replace(u, at=to)), grant=None)
    return Outcome(g, f"{u.card} moved from {battlefield_name(g, u.at)} to {battlefield_name(g, to)} (granted)",
                   ("A granted move: not an activation, the unit is not drained (p.10).",))


def granted_attack(g: Game, attacker_id: str, defender_id: str, attack_die: DieResult,
                   defense_die: DieResult) -> Outcome:
    """One attack, resolved as any attack (p.9, 13, 14), by a unit granted it; MELEE deals 1 damage a win or a
    tie, in one attack: the second attack belongs to an attack action of its own activation (docs/rules.md)."""
    u, gr = _granted(g, attacker_id, "attack")
    d = unit(g, defender_id)
    if d.owner == u.owner or d.at != u.at:
        raise GameError("defender", f"{d.card} is not an enemy unit in {u.card}'s battlefield "
                                    f"({battlefield_name(g, u.at)}) (p.9).", "p.9")
    r = resolve_attack(u.offense, attack_die, d.defense, defense_die, u.has("MELEE"), attack_bonuses(g, u, None))
    g, reasons = _deal(replace(g, grant=None), d, r.damage, u.owner)
    text = attack_line(g, u, d, (attack_die, defense_die), r, granted=True)
    g = replace(g, combat=(text,) + r.reasons + reasons)
    return Outcome(g, text, r.reasons + reasons)


def decline_grant(g: Game) -> Outcome:
    """A granted action is a "may": the table may let it go."""
    _in_order_phase(g)
    if g.grant is None:
        raise GameError("unit", "No granted action is waiting.")
    return Outcome(replace(g, grant=None), f"{unit(g, g.grant.unit).card} lets its granted action go")


# -- the end of a turn (p.8, 10) ------------------------------------------------------------------

def end_turn(g: Game) -> Outcome:
    """End the turn: only after a Play a Unit or Activate a Unit order; otherwise the player must Pass (p.8)."""
    _in_order_phase(g)
    i = g.turn
    if not g.mandatory:
        raise GameError("turn", f"{player_name(g, i)} took neither a Play a Unit nor an Activate a Unit order this turn, "
                                "so must Pass (p.8).")
    g = _close_activation(g)
    g = _next_turn(g)
    return Outcome(g, f"{player_name(g, i)} ended the turn; {player_name(g, g.turn)}'s turn")


def pass_turn(g: Game) -> Outcome:
    """Pass: no more turns this Order Phase; it ends when both players have passed (p.10)."""
    _in_order_phase(g)
    i = g.turn
    g = with_side(_close_activation(g), i, passed=True)
    if all(s.passed for s in g.sides):
        g = replace(g, phase="control", activation=None, mandatory=False, activated=False)
        return Outcome(g, f"{player_name(g, i)} passed; both players have passed: the Control Phase",
                       ("Once both players have passed, the Order Phase ends (p.10).",))
    g = _next_turn(g)
    return Outcome(g, f"{player_name(g, i)} passed; {player_name(g, g.turn)}'s turn")


def _close_activation(g: Game) -> Game:
    g = replace(g, grant=None) if g.grant is not None else g  # a granted action not taken lapses with the turn
    if g.activation is None:
        return g
    u = unit(g, g.activation.unit)
    return replace(with_unit(g, replace(u, drained=True)), activation=None)


def _next_turn(g: Game) -> Game:
    nxt = other(g.turn) if not g.sides[other(g.turn)].passed else g.turn
    return replace(g, turn=nxt, turn_no=g.turn_no + 1, mandatory=False, activated=False, activation=None)
