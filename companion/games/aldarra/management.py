"""The Management Phase (p.13): Mine, Buy Victory Points, Secondary Objectives, Discoveries, Build; and
what factions and cards change at any time (coins, crystals, VP, ransoms, exchanges)."""
from __future__ import annotations

from dataclasses import replace

from ..frame import GameError, Outcome, player_name, with_side
from .board import (
    _add, _check_stack, _enemy, controls, crystals_in_box, in_supply, stronghold_of, tile, tile_name, units_at,
)
from .state import (
    BUILDINGS, CINDAR, COALITION, EXCHANGE, FORTRESS_BUILDS, HAND, MINED, OUTPOST_ENGINEERS, RANSOM, STACK,
    STRONGHOLD_COINS, SYNDICATE, UNITS, Content, Game, _expect, _in, _playing, faction_of, stats,
)
from ...record import record


@record
class Mine:
    coins: int
    crystals: int
    lines: tuple[str, ...]


def mine_report(g: Game, i: int) -> Mine:
    """10 for the Stronghold, the territories you control by type, all Crystals where you have units (p.13)."""
    lines, coins = [], 0
    if stronghold_of(g, i):
        coins += STRONGHOLD_COINS
        lines.append(f"Stronghold {STRONGHOLD_COINS}")
    for t in controls(g, i):
        if t.kind in MINED and t.stronghold is None:
            coins += MINED[t.kind]
            lines.append(f"{t.kind} {t.id} {MINED[t.kind]}")
    crystals = tuple(t.id for t in g.tiles if t.crystal and units_at(g, t.id, i))
    if crystals:
        lines.append(f"Crystals on {', '.join(crystals)}")
    return Mine(coins, len(crystals), tuple(lines))


def _apply_mine(g: Game) -> tuple[Game, tuple[str, ...]]:
    reasons = []
    for i in g.turn_order:
        m = mine_report(g, i)
        s = g.sides[i]
        g = with_side(g, i, coins=s.coins + m.coins, crystals=s.crystals + m.crystals)
        mined = {t.id for t in g.tiles if t.crystal and units_at(g, t.id, i)}
        g = replace(g, tiles=tuple(replace(t, crystal=False) if t.id in mined else t for t in g.tiles))
        reasons.append(f"{player_name(g, i)}: {m.coins} coins, {m.crystals} crystal{'s' * (m.crystals != 1)} "
                       f"({'; '.join(m.lines)}) (p.13).")
    return g, tuple(reasons)


def buy_vp(g: Game, content: Content, player: int, option: int) -> Outcome:
    """Choose up to one option and complete it once, once per round (p.13-14)."""
    _in(g, "management", 1, "Victory Points are bought in the Buy Victory Points step of the Management "
                            "Phase (p.13).")
    if not 0 <= option < len(content.buy_vp):
        raise GameError("option", "Choose one of the Buy Victory Points options.")
    s = g.sides[player]
    if s.bought_round == g.round:
        raise GameError("option", f"{player_name(g, player)} already bought Victory Points this round: choose up to one "
                                  "option and complete it once (p.13); once per round (p.14).")
    b = content.buy_vp[option]
    have = getattr(s, b.pay)
    if have < b.amount:
        raise GameError("option", f"{player_name(g, player)} has {have} {b.pay}; {b.vp} VP costs {b.amount} {b.pay}.")
    g = with_side(g, player, **{b.pay: have - b.amount}, vp=s.vp + b.vp, bought_round=g.round)
    return Outcome(g, f"{player_name(g, player)} spent {b.amount} {b.pay} for {b.vp} VP (now {s.vp + b.vp})")


def exchange(g: Game, player: int, crystals: int) -> Outcome:
    """Mining Corp Coalition: convert freely between coins and crystals, 4 coins to 1 crystal (p.16)."""
    _playing(g)
    if faction_of(g, player) != COALITION:
        raise GameError("crystals", f"Only the {COALITION} converts coins and crystals (p.16).")
    if crystals == 0:
        raise GameError("crystals", "A change of 0 changes nothing.")
    s = g.sides[player]
    if crystals > crystals_in_box(g):
        raise GameError("crystals", f"The box holds {crystals_in_box(g)} Crystals (25 in all, p.3).")
    coins = s.coins - EXCHANGE * crystals
    if coins < 0 or s.crystals + crystals < 0:
        raise GameError("crystals", f"{player_name(g, player)} has {s.coins} coins and {s.crystals} crystals: not enough "
                                    f"(4 coins = 1 crystal, p.16).")
    g = with_side(g, player, coins=coins, crystals=s.crystals + crystals)
    return Outcome(g, f"{player_name(g, player)} exchanged {abs(crystals) * EXCHANGE} coins "
                      f"{'for' if crystals > 0 else 'from'} {abs(crystals)} crystal{'s' * (abs(crystals) > 1)}")


def claim_objective(g: Game, player: int, vp: int) -> Outcome:
    """Claim a Secondary Objective when its requirement is met, not during an active order (p.14)."""
    _playing(g)
    if g.order is not None:
        raise GameError("vp", "An active Order must be finished resolving before you claim a Secondary Objective "
                              "(p.14).")
    s = g.sides[player]
    if s.objectives < 1:
        raise GameError("vp", f"{player_name(g, player)} holds no Secondary Objective card.")
    if not 1 <= vp <= 9:
        raise GameError("vp", "Enter the Victory Points printed on the card.")
    g = with_side(g, player, objectives=s.objectives - 1, claimed=s.claimed + 1, vp=s.vp + vp)
    return Outcome(g, f"{player_name(g, player)} claimed a Secondary Objective: +{vp} VP (now {s.vp + vp})")


def draw_objectives(g: Game, player: int, discard: int, choose: bool = False) -> Outcome:
    """Once in the step: draw 1, or discard some and draw as many; a hand of at most 5 (p.13). `choose`: the
    Arrodan Syndicate draws 2 and keeps 1 instead of drawing 1 (p.16; docs/rules.md)."""
    _in(g, "management", 3, "Secondary Objectives are drawn in their step of the Management Phase (p.13).")
    s = g.sides[player]
    if not may_draw(g, player):
        raise GameError("discard", f"{player_name(g, player)} has drawn Secondary Objectives this round: each player "
                                   "either draws 1, or discards and draws that many, once (p.13).")
    if not 0 <= discard <= s.objectives:
        raise GameError("discard", f"{player_name(g, player)} holds {s.objectives} Secondary Objective cards.")
    if choose and faction_of(g, player) != SYNDICATE:
        raise GameError("choose", f"Only the {SYNDICATE} draws 2 Secondary Objective cards and keeps 1 (p.16).")
    if choose and discard:
        raise GameError("choose", f"The {SYNDICATE} draws 2 and keeps 1 in place of drawing 1, not with a discard "
                                  "(p.13, 16).")
    now = s.objectives + (0 if discard else 1)
    if now > HAND:
        raise GameError("discard", f"A maximum hand of {HAND} Secondary Objective cards (p.13): discard first.")
    what = f"discarded and drew {discard}" if discard else "drew 1"
    if choose:
        what = f"drew 2 Secondary Objective cards and kept 1 ({SYNDICATE}, p.16)"
    else:
        what += f" Secondary Objective card{'s' * (discard > 1)}"
    return Outcome(replace(with_side(g, player, objectives=now), applied=g.applied + (f"drew:{player}",)),
                   f"{player_name(g, player)} {what} ({now} in hand)")


def may_draw(g: Game, player: int) -> bool:
    return f"drew:{player}" not in g.applied


def discoveries(g: Game, content: Content, player: int) -> tuple[str, ...]:
    """The Discoveries a player has: the dashboard's starting one (p.7) and those taken (p.13)."""
    info = content.faction(faction_of(g, player) or "")
    start = (info.starting_discovery,) if info and info.starting_discovery else ()
    return start + g.sides[player].discoveries


def discoverer(g: Game) -> int | None:
    """Who takes a Discovery now: the first in turn order who has not taken (or passed) this round (p.13)."""
    return next((i for i in g.turn_order if f"discovery:{i}" not in g.applied), None)


def take_discovery(g: Game, content: Content, player: int, name: str, upgrade: str | None) -> Outcome:
    """In turn order one Discovery each, never one you have, the starting one included; a unit upgrade flips
    its card (p.13). The pick is mandatory: when none of the flipped cards is new to the player, cards are
    revealed from the deck until one is (p.13), so there is always one to take and no "none"."""
    _in(g, "management", 4, "Discoveries are taken in the Discovery step (p.13).")
    turn = discoverer(g)
    if turn is None:
        raise GameError("name", "Everyone has taken a Discovery this round: one each, in turn order (p.13). Tap Next.")
    _expect(g, player, turn, "select a Discovery", "player")
    name = " ".join(name.split())
    s = g.sides[player]
    if not name:
        raise GameError("name", f"{player_name(g, player)} selects one Discovery: the pick is mandatory; if none of "
                                "the flipped cards is new to you, reveal cards from the top of the Discovery Deck "
                                "until you reveal one you do not have (p.13).")
    have = next((d for d in discoveries(g, content, player) if d.casefold() == name.casefold()), None)
    if have is not None:
        raise GameError("name", f"{player_name(g, player)} already has {have}: you may never gain a Discovery that you "
                                "already have, the starting one included (p.13).")
    if upgrade is not None and upgrade not in UNITS:
        raise GameError("upgrade", f"There is no unit {upgrade!r}.")
    g = with_side(g, player, discoveries=s.discoveries + (name,),
                  upgraded=s.upgraded + ((upgrade,) if upgrade and upgrade not in s.upgraded else ()))
    g = replace(g, applied=g.applied + (f"discovery:{player}",))
    flip = f"; the {upgrade} card flips to its upgraded side" if upgrade else ""
    return Outcome(g, f"{player_name(g, player)} took the Discovery {name}{flip}")


def builder(g: Game) -> int:
    return g.turn_order[min(g.chooser, len(g.turn_order) - 1)]


def build_cost(g: Game, content: Content, player: int, kind: str) -> tuple[int, int]:
    """Coins and crystals from the unit card; Outposts 1 coin less per Forest you control, min 1 (p.5)."""
    s = stats(g, content, player, kind)
    coins = s.coins
    if kind == "Outpost":
        forests = sum(1 for t in controls(g, player) if t.kind == "Forest")
        coins = max(1, coins - forests)
    return coins, s.crystals


def build_unit(g: Game, content: Content, player: int, at: str, kind: str, n: int = 1) -> Outcome:
    """Build in turn order at your Buildings; within the pieces of your color and the stacking limit (p.13)."""
    _in(g, "management", 5, "Units are built in the Build step of the Management Phase (p.13).")
    if g.chooser >= len(g.turn_order):
        raise GameError("kind", "Everyone has finished building: tap Next.")
    if builder(g) != player:
        raise GameError("player", f"Players build in Turn Order: it is {player_name(g, builder(g))}'s turn (p.13).")
    content.unit(kind)
    if n < 1:
        raise GameError("count", "Build at least 1 unit.")
    if in_supply(g, player, kind) < n:
        raise GameError("kind", f"{player_name(g, player)} has {in_supply(g, player, kind)} {kind} left in the supply: you "
                                "may not build more Units than there are pieces of that Unit type (p.13).")
    t = tile(g, at)
    mine = {u.kind for u in units_at(g, at, player)}
    if _enemy(g, at, player):
        raise GameError("at", f"{at} holds enemy units: build where you control the territory (p.13).")
    done = dict(g.built).get(at, 0)
    new = dict(g.founded).get(at)
    if new == "Outpost":
        raise GameError("at", f"{tile_name(t, g)}: the Outpost there was built this step: you cannot build Units at "
                              "new Outposts (p.13).")
    if kind == "Outpost":
        if "Engineer" not in mine or mine & set(BUILDINGS) or t.stronghold is not None:
            raise GameError("at", "Outposts can be built anywhere you have an Engineer, one Building per "
                                  "territory (p.13).")
    elif kind == "Fortress":
        if "Outpost" not in mine or "Engineer" not in mine:
            raise GameError("at", "A Fortress replaces an Outpost you control where you have at least one "
                                  "Engineer (p.13).")
    else:
        if t.stronghold == player:
            cap = None if faction_of(g, player) == CINDAR else STACK
        elif "Fortress" in mine:
            # "can only build 1 at an Outpost that is being upgraded to a Fortress" (p.13)
            cap = 1 if new == "Fortress" else FORTRESS_BUILDS
        elif "Outpost" in mine and kind == "Engineer":
            cap = OUTPOST_ENGINEERS
        else:
            raise GameError("at", f"{kind}: airships are built at your Stronghold (up to 5) or a Fortress (2); "
                                  "Engineers also at an Outpost (2) (p.13).")
        if cap is not None and done + n > cap:
            raise GameError("count", f"{tile_name(t, g)} builds up to {cap} this step; {done} already (p.13).")
        _check_stack(g, at, player, n, "count")
    coins, crystals = build_cost(g, content, player, kind)
    s = g.sides[player]
    if s.coins < coins * n or s.crystals < crystals * n:
        raise GameError("kind", f"{n} {kind} cost{'s' * (n == 1)} {coins * n} coins"
                                f"{f' and {crystals * n} crystals' if crystals else ''}; {player_name(g, player)} has "
                                f"{s.coins} coins and {s.crystals} crystals (p.13).")
    g = with_side(g, player, coins=s.coins - coins * n, crystals=s.crystals - crystals * n)
    if kind == "Fortress":
        g = _add(g, at, player, "Outpost", -1)
    g = _add(g, at, player, kind, n)
    if kind not in BUILDINGS:
        g = replace(g, built=tuple((a, k) for a, k in g.built if a != at) + ((at, done + n),))
    else:
        g = replace(g, founded=g.founded + ((at, kind),))
    return Outcome(g, f"{player_name(g, player)} built {n} {kind} on {tile_name(t, g)} for {coins * n} coins"
                      f"{f' and {crystals * n} crystals' if crystals else ''}")


def build_spots(g: Game, content: Content, player: int) -> tuple[str, ...]:
    """The territories where the builder can build at least one unit now, as build_unit would take it (p.13):
    the Build form lists only these, so no territory is offered where nothing can be built."""
    out = []
    for at in dict.fromkeys(u.at for u in g.units if u.owner == player):
        for kind in UNITS:
            try:
                build_unit(g, content, player, at, kind, 1)
            except GameError:
                continue
            out.append(at)
            break
    return tuple(out)


def finish_building(g: Game, player: int) -> Outcome:
    """The next player builds; the Coalition ends with a free Outpost wherever it has an Engineer and no
    Building (p.16)."""
    _in(g, "management", 5, "Units are built in the Build step of the Management Phase (p.13).")
    if g.chooser >= len(g.turn_order) or builder(g) != player:
        raise GameError("player", "Players build in Turn Order (p.13).")
    reasons = []
    if faction_of(g, player) == COALITION:
        for t in g.tiles:
            kinds = {u.kind for u in units_at(g, t.id, player)}
            if ("Engineer" in kinds and not kinds & set(BUILDINGS) and t.stronghold is None
                    and not _enemy(g, t.id, player) and in_supply(g, player, "Outpost") > 0):
                g = _add(g, t.id, player, "Outpost", 1)
                reasons.append(f"{COALITION}: a free Outpost on {t.id} (p.16).")
    g = replace(g, chooser=g.chooser + 1, built=(), founded=())
    return Outcome(g, f"{player_name(g, player)} finished building", tuple(reasons))


def ransom(g: Game, player: int) -> Outcome:
    """At the start of the Build step, pay the Syndicate 4 coins to return all your hostages (p.16)."""
    _in(g, "management", 5, "Hostages are ransomed at the start of the Build step (p.16).")
    holder = next((i for i, p in enumerate(g.players) if p.faction == SYNDICATE), None)
    held = [h for h in g.sides[holder].hostages if h[0] == player] if holder is not None else []
    if not held:
        raise GameError("player", f"The {SYNDICATE} holds none of {player_name(g, player)}'s units.")
    if g.sides[player].coins < RANSOM:
        raise GameError("player", f"A ransom costs {RANSOM} coins; {player_name(g, player)} has {g.sides[player].coins}.")
    g = with_side(g, player, coins=g.sides[player].coins - RANSOM)
    g = with_side(g, holder, coins=g.sides[holder].coins + RANSOM,
              hostages=tuple(h for h in g.sides[holder].hostages if h[0] != player))
    return Outcome(g, f"{player_name(g, player)} paid {RANSOM} coins to {player_name(g, holder)}: "
                      f"{sum(h[2] for h in held)} hostage units return to the supply")


def adjust(g: Game, player: int, what: str, delta: int) -> Outcome:
    """Coins, crystals or VP from a card; VP are permanent and never lost (p.14)."""
    _playing(g)
    if what not in ("vp", "coins", "crystals"):
        raise GameError("what", "Choose VP, coins or crystals.")
    if delta == 0:
        raise GameError("delta", "A change of 0 changes nothing.")
    if what == "vp" and delta < 0:
        raise GameError("delta", "All Victory Points earned are permanent and cannot be lost (p.14).")
    now = getattr(g.sides[player], what) + delta
    if what == "crystals" and delta > crystals_in_box(g):
        raise GameError("delta", f"The box holds {crystals_in_box(g)} Crystals (25 in all, p.3).")
    if now < 0:
        raise GameError("delta", f"{player_name(g, player)} has {now - delta} {what}; not {-delta} to lose.")
    label = "VP" if what == "vp" else what
    return Outcome(with_side(g, player, **{what: now}), f"{player_name(g, player)}: {label} {delta:+d} (now {now})")
