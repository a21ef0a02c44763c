"""Combat (p.9-11): the Light Step, the Heavy and Buildings Step, damage assigned unit by unit, retreats,
escalation; Fortresses firing in and Destroyers joining from next door (p.11)."""
from __future__ import annotations

import random
from dataclasses import replace

from ..frame import Die, GameError, Outcome, player_name, with_side
from .board import (
    _add, _check_stack, _enemy, airships, count, neighbours, owners_at, stack_limit, tile, tile_name, units_at,
)
from .state import BUILDINGS, COLORS, SYNDICATE, Combat, Content, Game, Units, _in, faction_of, stats


def start_combat(g: Game, at: str) -> Outcome:
    """Combat occurs where a move leaves several players; the attacker is the player who moved (p.9, 11)."""
    _in(g, "expansion", 0, "Combat happens during an order (p.9).")
    if g.order is None or g.combat is not None:
        raise GameError("at", "A combat starts after an order's movement, one at a time (p.9).")
    seats = owners_at(g, at)
    if len(seats) < 2:
        raise GameError("at", f"There is no combat on {at}: only one player has units there.")
    seats = tuple(i for i in g.turn_order if i in seats)
    c = Combat(at, g.order.player, seats)
    names = ", ".join(player_name(g, i) for i in seats)
    return Outcome(replace(g, combat=c, last_combat=(), order=replace(g.order, fought=True)),
                   f"Combat on {tile_name(tile(g, at), g)}: {player_name(g, g.order.player)} attacks ({names})",
                   ("Each round: Light Step, assign damage; Heavy and Buildings Step, assign damage; retreat or "
                    "stay; escalation (p.10).",))


def step_units(g: Game, content: Content, c: Combat, owner: int) -> tuple[Units, ...]:
    """The units that attack in this step: Light (not delayed) in the Light Step; Heavy, Buildings and delayed
    Light units in the Heavy and Buildings Step (p.10)."""
    out = []
    for u in units_at(g, c.at, owner):
        light = content.unit(u.kind).classification == "light"
        if c.step == "light" and light and owner not in c.delayed:
            out.append(u)
        if c.step == "heavy" and (not light or owner in c.delayed):
            out.append(u)
    return tuple(out)


def dice_pool(g: Game, content: Content, c: Combat, owner: int) -> dict[str, int]:
    """The attack dice on the unit cards, per unit of each type (p.10)."""
    pool = {color: 0 for color in COLORS}
    for u in step_units(g, content, c, owner):
        for color, n in stats(g, content, owner, u.kind).dice:
            pool[color] += n * u.count
    if c.step == "heavy":  # a Fortress firing in from next door attacks with the Buildings (p.10-11)
        for seat, at in c.firing:
            if seat == owner and count(g, at, owner, "Fortress"):
                for color, n in stats(g, content, owner, "Fortress").dice:
                    pool[color] += n
    return {k: v for k, v in pool.items() if v}


def _before_light_roll(c: Combat, what: str) -> None:
    if c.step != "light" or c.rolled:
        raise GameError("player", f"{what} before the Light Step of a round is rolled (p.10-11).")


def _with_seat(g: Game, c: Combat, player: int) -> Combat:
    seats = set(c.seats) | {player}
    return replace(c, seats=tuple(i for i in g.turn_order if i in seats))


def fortress_fire_options(g: Game) -> tuple[tuple[int, str], ...]:
    """Fortresses next to the combat not yet firing into it: (owner, territory)."""
    c = g.combat
    if c is None or c.step != "light" or c.rolled:
        return ()
    return tuple((u.owner, u.at) for u in g.units if u.kind == "Fortress" and u.at in neighbours(g, c.at)
                 and (u.owner, u.at) not in c.firing)


def fortress_fire(g: Game, player: int, at: str) -> Outcome:
    """A Fortress fires into an adjacent combat: its owner joins it, rolling the Fortress's dice in every Heavy
    and Buildings Step; all players roll together and assign damage in turn order (p.11). The Fortress is not
    in the territory, so it takes no damage (docs/rules.md)."""
    c = _combat(g)
    _before_light_roll(c, "A Fortress starts firing into an adjacent combat")
    if at not in neighbours(g, c.at) or not count(g, at, player, "Fortress"):
        raise GameError("at", f"{player_name(g, player)} has no Fortress on {at} next to the combat on {c.at}: "
                              "Fortresses fire into an adjacent combat (p.11).")
    if (player, at) in c.firing:
        raise GameError("at", f"The Fortress on {at} already fires into this combat.")
    c = _with_seat(g, replace(c, firing=c.firing + ((player, at),)), player)
    line = f"{player_name(g, player)}'s Fortress on {at} fires into the combat on {c.at}"
    return Outcome(replace(g, combat=c, last_combat=g.last_combat + (line,)), line,
                   ("Combat with more than 2 players: all players roll simultaneously during each Combat Step; "
                    "assign damage in turn order (p.11).",))


def destroyer_join_options(g: Game) -> tuple[tuple[int, str, int], ...]:
    """Destroyers next to the combat that may join it: (owner, territory, how many)."""
    c = g.combat
    if c is None or c.step != "light" or c.rolled:
        return ()
    return tuple((u.owner, u.at, u.count) for u in g.units if u.kind == "Destroyer" and u.at in neighbours(g, c.at))


def destroyer_join(g: Game, player: int, frm: str, n: int) -> Outcome:
    """Destroyers from an adjacent territory join the combat: they move in and their owner fights too (p.11)."""
    c = _combat(g)
    _before_light_roll(c, "Destroyers join a combat")
    if frm not in neighbours(g, c.at):
        raise GameError("frm", f"{frm} is not next to the combat on {c.at}: Destroyers join a combat from an "
                               "adjacent territory (p.11).")
    if n < 1 or count(g, frm, player, "Destroyer") < n:
        raise GameError("count", f"{player_name(g, player)} has {count(g, frm, player, 'Destroyer')} Destroyer on {frm}, "
                                 f"not {n}.")
    _check_stack(g, c.at, player, n, "count")
    g = _add(_add(g, frm, player, "Destroyer", -n), c.at, player, "Destroyer", n)
    c = _with_seat(g, c, player)
    line = f"{player_name(g, player)}'s {n} Destroyer{'s' * (n > 1)} from {frm} join{'s' * (n == 1)} the combat on {c.at}"
    return Outcome(replace(g, combat=c, last_combat=g.last_combat + (line,)), line,
                   ("Combat with more than 2 players: all players roll simultaneously during each Combat Step; "
                    "assign damage in turn order (p.11).",))


def delay_light(g: Game, player: int) -> Outcome:
    c = _combat(g)
    if c.step != "light" or c.rolled:
        raise GameError("player", "Light units are delayed before the Light Step is rolled (p.10).")
    if player not in c.seats or player in c.delayed:
        raise GameError("player", f"{player_name(g, player)} is not in this combat or already delays.")
    return Outcome(replace(g, combat=replace(c, delayed=c.delayed + (player,))),
                   f"{player_name(g, player)} delays all Light units to the Heavy and Buildings Step",
                   ("Any other player may then do the same in response (p.10).",))


def _combat(g: Game) -> Combat:
    if g.combat is None:
        raise GameError("combat", "No combat is being resolved.")
    return g.combat


def chain_hits(die: Die, chain: tuple[int, ...]) -> int:
    """One die as rolled: exploding faces add their number and the die is rolled again (p.10-11)."""
    if not chain:
        raise GameError("dice", f"A {die.name} die has no result.")
    for k, v in enumerate(chain):
        last = k == len(chain) - 1
        faces = [f for f in die.faces if f.value == v and f.critical == (not last)]
        if not faces:
            exploding = any(f.value == v and f.critical for f in die.faces)
            if last and exploding:
                raise GameError("dice", f"A {die.name} {v}* explodes: roll that die again and add it, as {v}*+… "
                                        "(p.10).")
            raise GameError("dice", f"A {die.name} die has no face {v}{'*' if not last else ''} "
                                    f"(faces: {face_list(die)}).")
    return sum(chain)


def face_list(die: Die) -> str:
    return " ".join(f"{f.value}{'*' if f.critical else ''}" for f in die.faces)


def roll_chain(die: Die, rng: random.Random) -> tuple[int, ...]:
    out = []
    while True:
        f = die.roll(rng)
        out.append(f.value)
        if not f.critical:
            return tuple(out)


def show_chain(chain: tuple[int, ...]) -> str:
    return "+".join(f"{v}*" for v in chain[:-1]) + ("+" if len(chain) > 1 else "") + str(chain[-1])


def combat_roll(g: Game, content: Content, rolls: dict[int, dict[str, tuple[tuple[int, ...], ...]]],
                escalation: tuple[tuple[int, ...], ...] = ()) -> Outcome:
    """Everyone with units in the step rolls at once; escalation dice are rolled at the start of every round
    but the first and their hits added to each player's sum in each step (p.10)."""
    c = _combat(g)
    if c.step == "retreat" or c.rolled:
        raise GameError("dice", "Assign the damage rolled, or choose to retreat, before rolling again (p.10).")
    lines = []
    esc = c.escalation_hits
    if esc is None and c.round > 1 and c.escalation:
        if len(escalation) != c.escalation:
            raise GameError("escalation", f"Roll the {c.escalation} green Escalation die{'s' * (c.escalation > 1)} of "
                                          f"the pool, not {len(escalation)} (p.10).")
        esc = sum(chain_hits(content.die("green"), ch) for ch in escalation)
        lines.append(f"Escalation dice: {' '.join(show_chain(ch) for ch in escalation)} = {esc} hits for each player")
    esc = esc or 0
    pending = []
    for seat in c.seats:
        pool = dice_pool(g, content, c, seat)
        given = rolls.get(seat, {})
        total, shown = 0, []
        for color in COLORS:
            chains = given.get(color, ())
            if len(chains) != pool.get(color, 0):
                raise GameError(f"dice_{seat}_{color}", f"{player_name(g, seat)} rolls {pool.get(color, 0)} {color} "
                                                        f"dice in this step, not {len(chains)} (p.10).")
            for ch in chains:
                total += chain_hits(content.die(color), ch)
            if chains:
                shown.append(f"{color} {' '.join(show_chain(ch) for ch in chains)}")
        hits = total + esc
        extra = f" + {esc} escalation" if esc else ""
        lines.append(f"{player_name(g, seat)}: {', '.join(shown) or 'no dice'} = {total}{extra} → {hits} hit"
                     f"{'s' * (hits != 1)}")
        if hits:
            pending.append((seat, hits))
    step = "Light Step" if c.step == "light" else "Heavy and Buildings Step"
    c = replace(c, rolled=True, escalation_hits=esc, pending=tuple(pending))
    g = replace(g, combat=c, last_combat=g.last_combat + (f"Round {c.round}, {step}",) + tuple(lines))
    g = _after_assignments(g)
    return Outcome(g, f"{step} (round {c.round}): " + "; ".join(lines) + " (p.10-11)",
                   ("Faces with a * explode: add the number, roll that die again and add it too (p.10-11).",))


def targets(g: Game, dealer: int) -> tuple[Units, ...]:
    c = _combat(g)
    return tuple(u for u in units_at(g, c.at) if u.owner != dealer)


def assign_options(g: Game, content: Content) -> tuple[tuple[Units, int, int], ...]:
    """What the player dealing damage may assign it to now: each opponent's units of a kind, their armor, and
    how many of them the damage left can reach, one after another (p.10)."""
    c = g.combat
    if c is None or not c.rolled or not c.pending:
        return ()
    dealer, hits = c.pending[0]
    out = []
    for u in targets(g, dealer):
        armor = stats(g, content, u.owner, u.kind).armor
        out.append((u, armor, min(u.count, -(-hits // armor))))
    return tuple(out)


def assign(g: Game, content: Content, owner: int, kind: str, n: int = 1) -> Outcome:
    """Damage to `n` units of a kind, one after another, as `n` taps on one unit each would (p.10)."""
    if n < 1:
        raise GameError("count", "Assign damage to at least 1 unit.")
    c = _combat(g)
    dealer = c.pending[0][0] if c.pending else None
    lines, reasons = [], ()
    for k in range(n):
        c = g.combat
        if k and (c is None or not c.pending or c.pending[0][0] != dealer or count(g, c.at, owner, kind) < 1):
            raise GameError("count", f"The damage reaches {k} {kind}{'s' * (k > 1)} of {player_name(g, owner)}, "
                                     f"not {n}: each unit takes damage up to its armor (p.10).")
        out = _assign_one(g, content, owner, kind)
        g, reasons = out.state, out.reasons
        lines.append(out.description)
    return Outcome(g, "; ".join(lines), reasons)


def _assign_one(g: Game, content: Content, owner: int, kind: str) -> Outcome:
    """The next unit to take damage: up to its armor it is destroyed (1 coin to its owner); the last unit, if not
    destroyed, repairs (p.10). With more than 2 players damage is assigned in turn order (p.11)."""
    c = _combat(g)
    if not c.rolled or not c.pending:
        raise GameError("kind", "There is no damage to assign: roll the step first (p.10).")
    dealer, hits = c.pending[0]
    if owner == dealer or count(g, c.at, owner, kind) < 1:
        raise GameError("kind", f"{player_name(g, dealer)} assigns damage to an opponent's unit in {c.at}; "
                                f"{player_name(g, owner)} has no {kind} there.")
    armor = stats(g, content, owner, kind).armor
    syndicate = faction_of(g, c.attacker) == SYNDICATE and owner != c.attacker
    if hits >= armor:
        g = _add(g, c.at, owner, kind, -1)
        g = with_side(g, owner, coins=g.sides[owner].coins + 1)
        taken = ""
        if syndicate:
            g = _hold_hostage(g, c.attacker, owner, kind)
            taken = f"; taken hostage by {player_name(g, c.attacker)} (p.16)"
        line = (f"{player_name(g, dealer)} deals {armor} to {player_name(g, owner)}'s {kind} (armor {armor}): destroyed, "
                f"{player_name(g, owner)} +1 coin{taken} (p.10)")
        hits -= armor
        c = replace(c, destroyed=c.destroyed + 1)
    else:
        line = (f"{player_name(g, dealer)} deals {hits} to {player_name(g, owner)}'s {kind} (armor {armor}): not destroyed, "
                "the damage repairs (p.10)")
        hits = 0
    rest = ((dealer, hits),) if hits and any(u.owner != dealer for u in units_at(g, c.at)) else ()
    c = replace(c, pending=rest + c.pending[1:])
    g = replace(g, combat=c, last_combat=g.last_combat + (line,))
    g = _after_assignments(g)
    return Outcome(g, line, ("Assign damage unit by unit up to its Armor; remove destroyed units; all players "
                             "collect 1 Coin per Unit of theirs destroyed (p.10).",))


def _hold_hostage(g: Game, holder: int, owner: int, kind: str) -> Game:
    held = dict(((o, k), n) for o, k, n in g.sides[holder].hostages)
    held[(owner, kind)] = held.get((owner, kind), 0) + 1
    return with_side(g, holder, hostages=tuple((o, k, n) for (o, k), n in sorted(held.items())))


def _after_assignments(g: Game) -> Game:
    """Drop dealers with nobody left to hit; when all damage is assigned, the next step."""
    c = g.combat
    c = replace(c, pending=tuple((d, h) for d, h in c.pending if any(u.owner != d for u in units_at(g, c.at))))
    g = replace(g, combat=c)
    if c.pending:
        return g
    if len(owners_at(g, c.at)) < 2:
        return _end_combat(g)
    if c.step == "light":
        return replace(g, combat=replace(c, step="heavy", rolled=False))
    return replace(g, combat=replace(c, step="retreat", rolled=False, retreat_next=0))


def retreat_order(g: Game) -> tuple[int, ...]:
    """The attacker first, then the others (p.11); only players with airships there choose."""
    c = _combat(g)
    seats = (c.attacker,) + tuple(i for i in c.seats if i != c.attacker)
    return tuple(i for i in seats if airships(g, c.at, i))


def retreat_choices(g: Game, player: int) -> tuple[str, ...]:
    """Adjacent territories without enemy units, not another player's Stronghold, within the stacking limit (p.11)."""
    c = _combat(g)
    n = airships(g, c.at, player)
    out = []
    for t in neighbours(g, c.at):
        x = tile(g, t)
        limit = stack_limit(g, t, player)
        if _enemy(g, t, player) or (x.stronghold is not None and x.stronghold != player):
            continue
        if limit is not None and airships(g, t, player) + n > limit:
            continue
        out.append(t)
    return tuple(out)


def retreat(g: Game, player: int, to: str | None) -> Outcome:
    """Retreat all airships to an adjacent territory without enemy units, or stay; buildings stay (p.11)."""
    c = _combat(g)
    if c.step != "retreat":
        raise GameError("to", "Players choose to retreat or stay after both steps of a round (p.10).")
    order = retreat_order(g)
    if c.retreat_next >= len(order) or order[c.retreat_next] != player:
        who = player_name(g, order[c.retreat_next]) if c.retreat_next < len(order) else "nobody"
        raise GameError("to", f"It is {who}'s choice now: the Attacker chooses first, then the Defender (p.11).")
    if to is None:
        g = replace(g, combat=replace(c, retreat_next=c.retreat_next + 1))
        line = f"{player_name(g, player)} stays (p.11)"
    else:
        if to not in retreat_choices(g, player):
            raise GameError("to", f"{player_name(g, player)} cannot retreat to {to}: retreat to an adjacent territory that "
                                  "does not contain enemy Units (p.11).")
        for u in units_at(g, c.at, player):
            if u.kind not in BUILDINGS:
                g = _add(_add(g, c.at, player, u.kind, -u.count), to, player, u.kind, u.count)
        line = f"{player_name(g, player)} retreats all airships to {tile_name(tile(g, to), g)} (p.11)"
        g = replace(g, combat=replace(c, retreat_next=c.retreat_next))
    g = replace(g, last_combat=g.last_combat + (line,))
    c = g.combat
    if len(owners_at(g, c.at)) < 2:
        return Outcome(_end_combat(g), line + "; the combat is over")
    if c.retreat_next < len(retreat_order(g)):
        return Outcome(g, line)
    return _next_round(g, line)


def no_empty_light_step(out: Outcome, content: Content) -> Outcome:
    """A Light Step where nobody rolls (no Light units, no Destroyer to join, no Fortress to fire in, no
    Escalation dice to roll) goes straight to the Heavy and Buildings Step: nothing to record (p.10-11)."""
    g = out.state
    c = g.combat
    if c is None or c.step != "light" or c.rolled or fortress_fire_options(g) or destroyer_join_options(g):
        return out
    if (c.round > 1 and c.escalation and c.escalation_hits is None) or any(dice_pool(g, content, c, i) for i in c.seats):
        return out
    line = "No Light units: the Light Step rolls no dice; the Heavy and Buildings Step"
    g = replace(g, combat=replace(c, step="heavy"), last_combat=g.last_combat + (line,))
    return Outcome(g, f"{out.description}; {line}", out.reasons + (
        "The Light Step is rolled by the Light units; with none in the combat it has no roll (p.10).",))


def _next_round(g: Game, line: str) -> Outcome:
    c = g.combat
    reasons = ()
    escalation = c.escalation
    if c.destroyed == 0:
        escalation += 1
        reasons = ("No unit was destroyed this round: a green die is added to the Escalation Dice Pool (p.11).",)
    c = replace(c, round=c.round + 1, step="light", rolled=False, escalation=escalation, escalation_hits=None,
                destroyed=0, retreat_next=0, delayed=())
    note = f"Round {c.round} of the combat" + (f": {escalation} escalation die{'s' * (escalation > 1)}"
                                                 if escalation else "")
    return Outcome(replace(g, combat=c, last_combat=g.last_combat + (note,)), f"{line}; {note}", reasons)


def _end_combat(g: Game) -> Game:
    """The attacker earns 1 VP if any of its units remain (p.11, 14)."""
    c = g.combat
    left = owners_at(g, c.at)
    if left == (c.attacker,):
        g = with_side(g, c.attacker, vp=g.sides[c.attacker].vp + 1)
        line = f"Combat over: {player_name(g, c.attacker)} (the Attacker) remains and earns 1 VP (p.11)"
    elif left:
        line = f"Combat over: {player_name(g, left[0])} holds the territory; the Defender earns no VP (p.14)"
    else:
        line = "Combat over: no units remain; nobody earns VP (p.11)"
    return replace(g, combat=None, last_combat=g.last_combat + (line,))
