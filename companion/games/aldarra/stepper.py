"""The round stepper: where the game stands (`current_step`), Next and Back through the Arrival and the
four phases of a round (p.8-14)."""
from __future__ import annotations

from dataclasses import replace

from ..frame import GameError, Outcome, Step, advance_check, player_name
from .expansion import current_player
from .management import _apply_mine, builder, discoverer, may_draw
from .preparation import choosing_order, crystal_placer
from .scoring import decide_winner
from .setup import arrival_order
from .state import ORDERS, PHASE_KEYS, PHASES, STEPS, Game


def current_step(g: Game) -> Step:
    if g.stage == "setup":
        return Step(0, "Set-up", "Dashboards and board", "Dashboards dealt at random, the board dealt from the tile "
                    "table, 2 Secondary Objectives each; Begin for the Arrival (p.5-8).", ("Set-up",) + PHASES)
    if g.stage == "over":
        return Step(g.round, "Game over", "Results", " ".join(g.verdict.how) if g.verdict else "", PHASES)
    phase = PHASES[PHASE_KEYS.index(g.phase)]
    step = STEPS[g.phase][g.step]
    text = _instruction(g)
    return Step(g.round, phase, step, text, PHASES)


def _instruction(g: Game) -> str:
    n = len(g.players)
    if g.phase == "arrival":
        seats = arrival_order(g)
        if g.chooser < n:
            what = ("place a Stronghold: not within 2 tiles of another, not on a Crystal Deposit"
                    if g.step == 0 else "place an Outpost on an unoccupied tile, not a Crystal Deposit")
            return f"{player_name(g, seats[g.chooser])}: {what} (p.8)."
        return "Everyone has an Outpost: Next begins round 1 (p.8)."
    if g.phase == "preparation":
        if g.step == 0:
            if g.round == 1:
                return "Round 1: the turn order stays as in the Arrival (p.8). Next."
            if g.chooser < n:
                return (f"{player_name(g, choosing_order(g)[g.chooser])} chooses a position: fewest VP first, ties to the "
                        "earlier in turn order (p.8).")
            return "Turn order chosen: Next spawns crystals (p.8)."
        if not g.spawn_rolled:
            return "One Crystal on each Crystal Deposit, then roll 2 blue dice for more (p.8)."
        if g.crystals_left:
            return f"{player_name(g, crystal_placer(g))} places a Crystal ({g.crystals_left} left), in turn order (p.8)."
        return "All Crystals placed: Next for the Expansion Phase (p.9)."
    if g.phase == "expansion":
        if g.combat:
            return f"Combat on {g.combat.at}, round {g.combat.round} (p.10)."
        if g.order:
            return (f"{player_name(g, g.order.player)}'s order on {g.order.at}: move to or from it, fight, explore once, "
                    "then finish the order (p.9).")
        if any(s.orders for s in g.sides):
            return f"{player_name(g, current_player(g))} places an order (p.9)."
        return "All Order Tokens are out: Next for the Management Phase (p.13)."
    texts = ("Mine: 10 for the Stronghold, each controlled territory by type, Crystals where you have units (p.13).",
             "Each player may buy Victory Points once: one option, once (p.13).",
             "Check Win Condition: anyone at 20+ VP ends the game (p.13-14).",
             "Each player draws 1 Secondary Objective, or discards and draws as many (p.13).",
             f"Flip {n + 1} Discovery cards; in turn order each takes one (p.13).",
             (f"{player_name(g, builder(g))} builds (turn order) (p.13)." if g.chooser < n else
              "Everyone has built: Next begins the next round."))
    text = texts[g.step]
    if g.step == 0 and "mine" in g.applied:
        text += " Already applied this round: Next moves on."
    return text


def next_step(g: Game) -> Outcome:
    if g.stage == "setup":
        return Outcome(replace(g, stage="play", phase="arrival", step=0, chooser=0),
                       f"The Arrival: {player_name(g, g.turn_order[0])} is the random first player",
                       ("Randomly choose the first player for the Arrival; play proceeds clockwise (p.8).",))
    if g.stage == "over":
        raise GameError("step", "The game is over.")
    n = len(g.players)
    if g.phase == "arrival":
        if g.step == 0 or g.chooser < n:
            raise GameError("step", "Every player places a Stronghold, then an Outpost, first (p.8).")
        return _new_round(g, 1)
    if g.phase == "preparation":
        if g.step == 0:
            if g.round > 1 and g.chooser < n:
                raise GameError("step", "Every player chooses a position in the turn order first (p.8).")
            return Outcome(replace(g, step=1, chooser=0, spawn_rolled=False, crystals_left=0),
                           "Spawn Crystals")
        if not g.spawn_rolled or g.crystals_left:
            raise GameError("step", "Roll the 2 blue dice and place every Crystal first (p.8).")
        g = replace(g, phase="expansion", step=0, chooser=0,
                    sides=tuple(replace(s, orders=ORDERS) for s in g.sides))
        return Outcome(g, f"Expansion Phase: {player_name(g, current_player(g))} places the first order",
                       ("Put your 3 Order Tokens on your dashboard (p.9).",))
    if g.phase == "expansion":
        if g.order is not None or any(s.orders for s in g.sides):
            raise GameError("step", "The Management Phase begins once all players have placed all 3 orders "
                                    "(p.9, 13).")
        return Outcome(replace(g, phase="management", step=0), "Management Phase: Mine")
    return _management_next(g)


def _management_next(g: Game) -> Outcome:
    n = len(g.players)
    names = STEPS["management"]
    if g.step == 0:
        reasons = ("Already mined this round; nothing applied twice.",)
        if "mine" not in g.applied:
            g, reasons = _apply_mine(g)
            g = replace(g, applied=g.applied + ("mine",))
        return Outcome(replace(g, step=1), "Mine: " + " ".join(r.split(" (")[0] for r in reasons), reasons)
    if g.step == 2:
        v = decide_winner(g)
        if v is not None:
            return Outcome(replace(g, stage="over", verdict=v), "Check Win: the game is over", v.how)
        return Outcome(replace(g, step=3), "Check Win: nobody has 20 VP; the game goes on",
                       ("20 VP are checked only here (p.14).",))
    if g.step == 3:
        waiting = [i for i in g.turn_order if may_draw(g, i)]
        if waiting:
            raise GameError("step", f"{player_name(g, waiting[0])} has not drawn: each player draws 1 Secondary "
                                    "Objective, or discards any number and draws as many (p.13).")
    if g.step == 4:
        if discoverer(g) is not None:
            raise GameError("step", f"{player_name(g, discoverer(g))} selects a Discovery first: in turn order each "
                                    "player selects one (p.13).")
        return Outcome(replace(g, step=5, chooser=0, built=(), founded=()), f"Build: {player_name(g, g.turn_order[0])} builds first")
    if g.step == 5:
        if g.chooser < n:
            raise GameError("step", f"{player_name(g, builder(g))} is still building: players build in Turn Order (p.13).")
        return _new_round(g, g.round + 1)
    return Outcome(replace(g, step=g.step + 1), f"{names[g.step]} done")


def _new_round(g: Game, round_no: int) -> Outcome:
    g = replace(g, round=round_no, phase="preparation", step=0, chooser=0, applied=(), built=(), founded=(),
                new_order=tuple(-1 for _ in g.players), spawn_rolled=False, crystals_left=0)
    return Outcome(g, f"Round {round_no}: Preparation Phase",
                   ("Skip the turn order in the first round (p.8).",) if round_no == 1 else
                   ("From the fewest VP, each chooses a position in the turn order (p.8).",))


def back_step(g: Game) -> Outcome:
    """Back one step, into the previous phase too, while nothing was done in this one; what a step applied
    stays (the Mine is never collected twice) and Undo reverses it."""
    if g.stage != "play":
        raise GameError("step", "The game is over." if g.stage == "over" else "The game has not begun.")
    n = len(g.players)
    if g.phase == "management":
        if g.step > 0:
            return Outcome(replace(g, step=g.step - 1), f"Back to {STEPS['management'][g.step - 1]}")
        return Outcome(replace(g, phase="expansion", step=0), "Back to the Expansion Phase: all Order Tokens are out")
    if g.phase == "expansion":
        if g.order is not None or any(s.orders != ORDERS for s in g.sides):
            raise GameError("step", "Orders were placed in this Expansion Phase: use Undo to take them back.")
        return Outcome(replace(g, phase="preparation", step=1), "Back to Spawn Crystals")
    if g.phase == "preparation":
        if g.step == 1:
            if g.spawn_rolled:
                raise GameError("step", "The Crystals were spawned: use Undo to take them back.")
            return Outcome(replace(g, step=0, chooser=n if g.round > 1 else 0), "Back to Turn order")
        if g.chooser > 0 and g.round > 1:
            raise GameError("step", "Positions in the turn order were chosen: use Undo to take them back.")
        if g.round == 1:
            return Outcome(replace(g, phase="arrival", step=1, chooser=n, round=0), "Back to the Arrival")
        return Outcome(replace(g, round=g.round - 1, phase="management", step=5, chooser=n, applied=("mine",)),
                       f"Back to round {g.round - 1}: Build")
    raise GameError("step", "This is the start of the game; use Undo to take back placements.")


def idle(g: Game) -> str | None:
    """The words for the log when the step has nothing to decide, else None (frame.settle passes it by itself):
    a step whose placements, orders, draws, picks or builds are all done, round 1's turn order (p.8), the Mine
    and Check Win (p.13-14). Buying Victory Points is each player's choice (p.13), so that step waits."""
    if g.stage != "play":
        return None
    n = len(g.players)
    if g.phase == "arrival":
        done = g.step == 1 and g.chooser >= n
        return "The Arrival: everyone has an Outpost (p.8)" if done else None
    if g.phase == "preparation":
        if g.step == 0 and g.round == 1:
            return "Turn order: it stays as in the Arrival in round 1 (p.8)"
        if g.step == 0:
            return "Turn order: every position chosen (p.8)" if g.chooser >= n else None
        return "Spawn Crystals: every Crystal placed (p.8)" if g.spawn_rolled and not g.crystals_left else None
    if g.phase == "expansion":
        done = g.order is None and g.combat is None and not any(s.orders for s in g.sides)
        return "Expansion Phase: every Order Token is out (p.9)" if done else None
    done = {0: True, 1: False, 2: True, 3: not any(may_draw(g, i) for i in g.turn_order),
            4: discoverer(g) is None, 5: g.chooser >= n}[g.step]
    return f"{STEPS['management'][g.step]}: nothing to decide (p.13)" if done else None


def can_advance(g: Game) -> tuple[bool, str]:
    """Whether Next may be pressed now, and the rule that holds it when not (the step button shows it)."""
    return advance_check(next_step, g)
