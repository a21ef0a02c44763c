"""Playing cards from the hand or the sideboard: Construction and Research Projects, the Yield assigned to
them, Modifications, Resources and Command Cards, and the Command Points they cost."""
from __future__ import annotations

from dataclasses import replace

from ..frame import GameError, Outcome, player_name, unit, with_side
from .state import RESEARCH_CP, Asset, Card, Content, Game, Mod, Project, Unit, _new_id, _playing, project
from .totals import queue_max, queued, yield_left, yield_total


def _from_hand(g: Game, i: int, content: Content, name: str, *types: str) -> tuple[Game, Card]:
    card = content.card(name)
    if card is None or card.type not in types:
        raise GameError("card", f"{name!r} is not a {' or '.join(types)} card in the card list.")
    if name not in dict(g.sides[i].deck) and name not in g.sides[i].sideboard:
        raise GameError("card", f"{name} is not in {player_name(g, i)}'s deck or sideboard.")
    if card.unique and _in_play(g, i, name):
        raise GameError("card", f"{name} is Unique and already in play under {player_name(g, i)}'s control: another "
                                "one cannot be put into play (Unique).")
    held = dict(g.sides[i].deck).get(name, 0) + g.sides[i].sideboard.count(name)
    out = _copies_out(g, i, name)
    if out >= held:
        raise GameError("card", f"{player_name(g, i)}'s deck and sideboard hold {held} {name}; {out} already in play "
                                "or in the Scrapyard: no copy is left to play (Deck Construction).")
    if name in g.sides[i].sideboard:
        return g, card
    if g.sides[i].hand <= 0:
        raise GameError("card", f"{player_name(g, i)} has no card in hand.")
    return with_side(g, i, hand=g.sides[i].hand - 1), card


def _in_play(g: Game, i: int, name: str) -> int:
    """Copies of the card in play under the player's control, modifications on units included."""
    mine = [x for x in (*g.units, *g.assets, *g.projects, *g.staff) if x.owner == i]
    return (sum(1 for x in mine if x.card == name)
            + sum(1 for u in g.units if u.owner == i for m in u.mods if m.card == name))


def _copies_out(g: Game, i: int, name: str) -> int:
    """Copies the player cannot have in hand: in play or in the Scrapyard (a shuffled Scrapyard is the deck
    again and empties it)."""
    return _in_play(g, i, name) + g.sides[i].scrapyard.count(name)


def _pay(g: Game, i: int, cp: int, what: str, rule: str, field: str = "card") -> Game:
    if cp > g.sides[i].cp:
        raise GameError(field, f"{what} costs {cp} Command Point{'s' if cp != 1 else ''}; {player_name(g, i)} has "
                               f"{g.sides[i].cp} ({rule}).")
    return with_side(g, i, cp=g.sides[i].cp - cp)


def _unit_of(card: Card, uid: str, owner: int) -> Unit:
    return Unit(uid, card.name, owner, card.unit, card.hp, shields_max=card.shields, shields=card.shields,
                evasion=card.evasion, hit=card.hit, weapons=card.weapons, repair=card.repair,
                auto_repair=card.auto_repair, intercept=card.intercept, launcher=card.launcher, yields=card.yields,
                command=card.command, queue=card.queue, unique=card.unique)


def play_construction(g: Game, content: Content, name: str) -> Outcome:
    """No cost to place it into the Queue; never more Construction Projects than the Queue value."""
    _playing(g, "queue", field="card", what="Construction Projects are played into the Queue")
    i = g.turn
    if len(queued(g, i)) >= queue_max(g, i):
        raise GameError("card", f"The Queue is full: {len(queued(g, i))} of {queue_max(g, i)} Construction "
                                "Projects (Queue).")
    g, card = _from_hand(g, i, content, name, "construction")
    g, pid = _new_id(g, "p")
    if card.unit is None:
        p = Project(pid, name, i, "construction", card.cost, requires=card.requires, mod=Mod(name, card.hp))
    else:
        g, uid = _new_id(g, "u")
        p = Project(pid, name, i, "construction", card.cost, unit=_unit_of(card, uid, i))
    return Outcome(replace(g, projects=g.projects + (p,)), f"{player_name(g, i)} queued {name} (cost {card.cost} Yield)",
                   ("There is no cost to place a Construction Project into the Queue (Construction Project).",))


def allocate(g: Game, project_id: str, amount: int, target: str | None = None) -> Outcome:
    """Assign available Yield to a project; a modification may name the unit it will modify."""
    _playing(g, "allocation", field="amount", what="Yield is assigned")
    i = g.turn
    p = project(g, project_id)
    if p.owner != i:
        raise GameError("project", f"{p.card} is not {player_name(g, i)}'s project.")
    if amount <= 0:
        raise GameError("amount", f"Assign at least 1 Yield ({amount}).")
    if amount > yield_left(g, i):
        raise GameError("amount", f"{player_name(g, i)} has {yield_left(g, i)} Yield left to assign of "
                                  f"{yield_total(g, i)}; {amount} is more (Yield).")
    if target:
        _check_mod_target(g, p, target)
    if amount > p.cost - p.allocated:
        raise GameError("amount", f"{p.card} needs {max(p.cost - p.allocated, 0)} more Yield ({p.allocated} of "
                                  f"{p.cost}); {amount} is more: a project is completed when its Yield equals its "
                                  "cost (Construction Project).", "Construction Project")
    g = with_side(g, i, yield_used=g.sides[i].yield_used + amount)
    p2 = replace(p, allocated=p.allocated + amount, target=target or p.target)
    g = replace(g, projects=tuple(p2 if x.id == p.id else x for x in g.projects))
    done = " — finished: it completes at the end of the Allocation Phase" if p2.allocated >= p2.cost else ""
    return Outcome(g, f"{player_name(g, i)} assigned {amount} Yield to {p.card} ({p2.allocated} of {p.cost}){done}",
                   ("A project is completed when the Yield allocated equals or exceeds its cost (Construction "
                    "Project).",))


def allocatable(g: Game, project_id: str) -> int:
    """The most Yield the current player may assign to the project now: what is left, up to its cost."""
    p = project(g, project_id)
    if g.stage != "play" or g.step != "allocation" or p.owner != g.turn:
        return 0
    return max(0, min(yield_left(g, g.turn), p.cost - p.allocated))


def may_play_resource(g: Game) -> bool:
    """Up to one Resource a turn, in the Acquisition Phase (Acquisition Phase)."""
    return g.stage == "play" and g.step == "acquisition" and not g.sides[g.turn].resource_played


def _check_mod_target(g: Game, p: Project, target: str) -> Unit:
    u = unit(g, target)
    if p.mod is None or u.owner != p.owner or u.type != p.requires:
        raise GameError("target", f"{p.card} modifies {p.requires or 'no'} units; {u.card} is not one of "
                                  f"{player_name(g, p.owner)}'s (Modification).")
    return u


def choose_modified(g: Game, project_id: str, target: str) -> Outcome:
    """Name (or change) the unit a queued Modification will modify, with or without assigning Yield: a
    finished one left in the Queue completes at the end of the next Allocation Phase (Modification)."""
    _playing(g, "queue", "allocation", field="target", what="The unit a Modification modifies is chosen")
    p = project(g, project_id)
    if p.owner != g.turn:
        raise GameError("project", f"{p.card} is not {player_name(g, g.turn)}'s project.")
    u = _check_mod_target(g, p, target)
    g = replace(g, projects=tuple(replace(x, target=target) if x.id == p.id else x for x in g.projects))
    return Outcome(g, f"{p.card} will modify {u.card}", ("Modification Construction Projects augment an existing "
                   "unit of the required type; it completes when its Yield is allocated, at the end of the "
                   "Allocation Phase (Modification).",))


def play_research(g: Game, content: Content, name: str) -> Outcome:
    _playing(g, "acquisition", field="card", what="Research Projects are begun")
    i = g.turn
    g, card = _from_hand(g, i, content, name, "research")
    g = _pay(g, i, RESEARCH_CP, f"Beginning {name}", "Research Projects cost one Command Point to play")
    g, pid = _new_id(g, "p")
    p = Project(pid, name, i, "research", card.cost, alternate=card.alternate,
                asset=Asset(pid, name, i, "research", card.yields, card.command, card.queue, card.unique))
    note = (f"Alternate cost: {card.alternate} (Research Projects).",) if card.alternate else ()
    return Outcome(replace(g, projects=g.projects + (p,)), f"{player_name(g, i)} began research {name} (1 CP)",
                   ("Research Projects have no effect until they are completed (Research Projects).",) + note)


def play_resource(g: Game, content: Content, name: str) -> Outcome:
    _playing(g, "acquisition", field="card", what="Resources are played")
    i = g.turn
    if g.sides[i].resource_played:
        raise GameError("card", "Play up to one Resource from your hand each turn (Acquisition Phase).")
    g, card = _from_hand(g, i, content, name, "resource")
    g, aid = _new_id(g, "a")
    a = Asset(aid, name, i, "resource", card.yields, card.command, card.queue, card.unique)
    g = with_side(replace(g, assets=g.assets + (a,)), i, resource_played=True)
    return Outcome(g, f"{player_name(g, i)} played the resource {name}")


def play_command(g: Game, content: Content, name: str) -> Outcome:
    """Command Cards cost their printed number in Command Points; only in the Acquisition Phase unless Instant."""
    i = g.turn
    card = content.card(name)
    if card is None or card.type not in ("command", "projectile"):
        raise GameError("card", f"{name!r} is not a Command card in the card list.")
    if not card.instant:
        _playing(g, "acquisition", field="card", what="Command Cards are played")
    elif g.stage != "play":
        raise GameError("stage", "The game is not being played.")
    if card.type == "projectile" and not any(u.owner == i and not u.testing and u.launcher for u in g.units):
        raise GameError("card", "Projectile commands may not be played unless you have a unit with Launcher that "
                                "has completed Testing (Launcher).")
    g, _ = _from_hand(g, i, content, name, "command", "projectile")
    g = _pay(g, i, card.cost, name, "Command Card")
    g = with_side(g, i, scrapyard=g.sides[i].scrapyard + (name,))
    return Outcome(g, f"{player_name(g, i)} played {name} ({card.cost} CP)",
                   ("Resolve the card's text at the table; damage from a command may be redirected to a "
                    "Modification (Destroying a Modification).",))
