"""An Aldarra Reborn game page: what its template needs, and its actions (form -> rules command)."""
from __future__ import annotations

import random

from ...games import aldarra as rules
from ...games.frame import GameError
from . import forms
from .board import SHORT, board

KEY = rules.KEY
TEMPLATE = "games/aldarra/page.html"  # in this kit's templates/ folder


LABELS = {"at": "Territory", "frm": "From", "to": "To", "kind": "Unit", "count": "How many", "hits": "Blue dice hits",
          "position": "Position", "escalation": "Escalation dice", "option": "Buy", "vp": "Victory Points",
          "discard": "Discard", "what": "What", "crystals": "Crystals", "owner": "Assign to", "name": "Discovery",
          "upgrade": "Unit upgrade", "roll": "First Player roll", "choose": "Draw 2, keep 1"}


def context(g: rules.Game, content: rules.Content) -> dict:
    names = {str(i): p.name for i, p in enumerate(g.players)}
    # each player's dice, named after the player (the kit's LABELS are the same in every game)
    labels = {f"dice_{s}_{c}": f"{n}'s {c} dice" for s, n in names.items() for c in rules.COLORS}
    c = g.combat
    moves = rules.legal_moves(g, content) if g.stage == "play" else ()
    legal = _legal(g, moves)
    return {
        "al_board": board(g, legal), "board_short": SHORT, "legal": legal, "moves": moves,
        "board_moves": board_moves(moves), "move_kinds": sorted({k for _, _, k, _ in moves}, key=rules.UNITS.index),
        "most_moving": max((k for *_, k in moves), default=1),
        "labels": labels, "al": rules, "content": content,
        "rows": [g.tiles[r:r + rules.WIDTH] for r in range(0, len(g.tiles), rules.WIDTH)],
        "factions": [content.faction(p.faction) for p in g.players],
        "tile_counts": rules.TILES[len(g.players)],
        "pools": {i: rules.dice_pool(g, content, c, i) for i in c.seats} if c and c.step != "retreat" else {},
        "mine": {i: rules.mine_report(g, i) for i in g.turn_order} if g.stage == "play" else {},
        "begin_label": "Begin: the Arrival",
    }


def _legal(g: rules.Game, moves) -> tuple[str, ...]:
    """The territories the step's choice may go to now, outlined on the board and listed in its form."""
    n = len(g.players)
    if g.stage != "play":
        return ()
    if g.phase == "arrival" and g.chooser < n:
        return rules.stronghold_spots(g) if g.step == 0 else rules.outpost_spots(g)
    if g.phase == "preparation" and g.step == 1 and g.spawn_rolled and g.crystals_left:
        return rules.crystal_choices(g, rules.crystal_placer(g))
    if g.phase == "expansion" and g.combat and g.combat.step == "retreat":
        order = rules.retreat_order(g)
        return rules.retreat_choices(g, order[g.combat.retreat_next]) if g.combat.retreat_next < len(order) else ()
    if g.phase == "expansion" and g.order and not g.combat:
        # the airships that may move first; a tap on one lights where it may go (board_moves)
        return tuple(sorted({frm for frm, _, _, _ in moves} | set(rules.explore_choices(g))))
    return ()


def board_moves(moves) -> dict:
    """The engine's legal moves as the board's move form reads them (static/js/app.js, data-moves): for each
    territory and unit ("C3 Frigate"), the territories it may go to, each with the most that may go there."""
    out: dict = {}
    for frm, to, kind, most in moves:
        out.setdefault(f"{frm} {kind}", {})[to] = {"_max": {"count": most}}
    return out


def _rng() -> random.Random:
    return random.SystemRandom()


def _spawn(g, f, c):
    """The tapped (or typed) hits; "roll" rolls the blue dice not tapped, and only those (no hidden roll)."""
    if f.hits is not None:
        return rules.spawn_roll(g, c, f.hits)
    if not f.roll:
        raise GameError("hits", "Tap the face each blue die shows, or Roll for me.")
    blue = c.die("blue")
    rolled = [blue.roll(_rng()).value for _ in range(rules.SPAWN_DICE - len(f.tapped))]  # no explosion (p.11)
    return rules.spawn_roll(g, c, sum(f.tapped) + sum(rolled))


def _roll(g, f, c):
    """Each seat's dice as entered, or rolled by the app where the form left them blank."""
    rolls = {}
    comb = g.combat
    pools = {i: rules.dice_pool(g, c, comb, i) for i in comb.seats} if comb and comb.step != "retreat" else {}
    for seat, pool in pools.items():
        rolls[seat] = {}
        for color in rules.COLORS:
            given = getattr(f, f"dice_{seat}_{color}") or ()
            if f.roll:  # the dice not tapped nor typed
                given += tuple(rules.roll_chain(c.die(color), _rng()) for _ in range(pool.get(color, 0) - len(given)))
            rolls[seat][color] = given
    escalation = f.escalation or ()
    if f.roll and comb and comb.round > 1 and comb.escalation_hits is None:
        escalation += tuple(rules.roll_chain(c.die("green"), _rng()) for _ in range(comb.escalation - len(escalation)))
    return rules.combat_roll(g, c, rolls, escalation)


def seat(g, f, value=None) -> int:
    i = int(value if value is not None else f.player)
    if i >= len(g.players):
        raise GameError("player", f"This game has {len(g.players)} players.")
    return i


ACTIONS = {
    "stronghold": (forms.PlaceForm, lambda g, f, c: rules.place_stronghold(g, seat(g, f), f.at)),
    "outpost": (forms.PlaceForm, lambda g, f, c: rules.place_outpost(g, seat(g, f), f.at)),
    "position": (forms.PositionForm, lambda g, f, c: rules.choose_position(g, seat(g, f), f.position - 1)),
    "spawn": (forms.SpawnForm, _spawn),
    "crystal": (forms.PlaceForm, lambda g, f, c: rules.place_crystal(g, seat(g, f), f.at)),
    "order": (forms.PlaceForm, lambda g, f, c: rules.place_order(g, seat(g, f), f.at)),
    "move": (forms.MoveForm, lambda g, f, c: rules.move(g, c, f.frm, f.to, f.kind, f.count)),
    "combat": (forms.AtForm, lambda g, f, c: rules.no_empty_light_step(rules.start_combat(g, f.at), c)),
    "delay": (forms.SeatForm, lambda g, f, c: rules.no_empty_light_step(rules.delay_light(g, seat(g, f)), c)),
    "fortress-fire": (forms.PlaceForm, lambda g, f, c: rules.fortress_fire(g, seat(g, f), f.at)),
    "join": (forms.JoinForm, lambda g, f, c: rules.destroyer_join(g, seat(g, f), f.frm, f.count)),
    "roll": (forms.RollForm, _roll),
    "assign": (forms.AssignForm, lambda g, f, c: rules.assign(g, c, seat(g, f, f.owner), f.kind, f.count)),
    "retreat": (forms.RetreatForm,
                lambda g, f, c: rules.no_empty_light_step(rules.retreat(g, seat(g, f), f.to or None), c)),
    "explore": (forms.AtForm, lambda g, f, c: rules.explore(g, f.at)),
    "end-order": (forms.GameForm, lambda g, f, c: rules.end_order(g)),
    "hold": (forms.HoldForm, lambda g, f, c: rules.hold_card(g, seat(g, f), f.delta)),
    "buy": (forms.BuyForm, lambda g, f, c: rules.buy_vp(g, c, seat(g, f), f.option)),
    "exchange": (forms.ExchangeForm, lambda g, f, c: rules.exchange(g, seat(g, f), f.crystals)),
    "objective": (forms.ObjectiveForm, lambda g, f, c: rules.claim_objective(g, seat(g, f), f.vp)),
    "draw": (forms.DrawForm, lambda g, f, c: rules.draw_objectives(g, seat(g, f), f.discard, f.choose)),
    "discovery": (forms.DiscoveryForm, lambda g, f, c: rules.take_discovery(g, c, seat(g, f), f.name, f.upgrade)),
    "build": (forms.BuildForm, lambda g, f, c: rules.build_unit(g, c, seat(g, f), f.at, f.kind, f.count)),
    "finish-build": (forms.SeatForm, lambda g, f, c: rules.finish_building(g, seat(g, f))),
    "ransom": (forms.SeatForm, lambda g, f, c: rules.ransom(g, seat(g, f))),
    "adjust": (forms.AdjustForm, lambda g, f, c: rules.adjust(g, seat(g, f), f.what, f.delta)),
}
