"""The stepper: where the game stands, Next and Back through the set-up and each turn's steps, and which steps
have nothing to decide (`idle`: frame.settle passes them by itself)."""
from __future__ import annotations

from dataclasses import replace

from ..frame import GameError, Outcome, Step, advance_check, player_name
from .setup import begin
from .cards import allocatable
from .combat import attackers
from .state import PHASES, SCRAP_CP, STEP_KEYS, Game
from .totals import queue_max, queued
from .turn import _enter, _leave_turn


def current_step(g: Game) -> Step:
    if g.stage == "setup":
        return Step(0, "Set-up", "Bases and decks", "Each player chooses a Base and a deck of at least 40 cards, no "
                    "more than 4 copies of a card unless Unlimited; declare sideboard cards now (Deck Construction, "
                    "Sideboard).", ("Bases and decks",))
    if g.stage == "over":
        return Step(g.round, "Game over", "Results", " ".join(g.verdict.how) if g.verdict else "", PHASES)
    name = player_name(g, g.turn)
    texts = {
        "begin": "Trigger effects that state “At the beginning of your/the turn”; units built last turn leave "
                 "Testing (Beginning of the Turn).",
        "draw": "Draw two cards (Draw Phase).",
        "queue": f"Play Construction Projects from your hand until your Queue is full: {len(queued(g, g.turn))} of "
                 f"{queue_max(g, g.turn)} ((Re)Fill Queue).",
        "allocation": "Command Points reset; assign Yield to Construction and Research Projects; finished projects "
                      "complete when you move on (Allocation Phase).",
        "acquisition": "Play up to one Resource; begin Research Projects for 1 Command Point each; hire and assign "
                       "Personnel for their Command Point cost (Acquisition Phase).",
        "combat": "Choose a unit not in Testing, assign its weapons to targets; targeted units may fire back; each "
                  "weapon fires once per turn (Combat Phase).",
        "repair": "Shields are full again; assign Repair from units with Repair (Repair and Replenish Phase).",
        "end": "End triggers; scrap Construction Projects for 1 Command Point each; then discard down to your "
               "maximum hand size (End of the Turn).",
    }
    return Step(g.round, PHASES[STEP_KEYS.index(g.step)], f"{name}'s turn", texts[g.step], PHASES)


def next_step(g: Game) -> Outcome:
    if g.stage == "setup":
        return begin(g)
    if g.stage == "over":
        raise GameError("step", "The game is over.")
    if g.attack is not None:
        raise GameError("step", "Resolve the declared attack first (Combat Phase).")
    if g.step == "end":
        g2, reasons = _leave_turn(g)
        return Outcome(g2, f"{player_name(g2, g2.turn)}'s turn begins (round {g2.round})", reasons)
    nxt = STEP_KEYS[STEP_KEYS.index(g.step) + 1]
    g2, reasons = _enter(g, nxt)
    return Outcome(g2, f"{player_name(g, g.turn)}: {PHASES[STEP_KEYS.index(nxt)]}", reasons)


def back_step(g: Game) -> Outcome:
    """Back one step within the turn; what a step applied stays (Undo reverses it)."""
    if g.stage != "play":
        raise GameError("step", "Back works during the turns; use Undo for anything else.")
    if g.step == "begin":
        raise GameError("step", "This is the first step of the turn; use Undo to go further back.")
    prev = STEP_KEYS[STEP_KEYS.index(g.step) - 1]
    return Outcome(replace(g, step=prev, attack=None), f"Back to the {PHASES[STEP_KEYS.index(prev)]}")


def idle(g: Game) -> str | None:
    """The words for the log when the current step has nothing to decide, else None: its own action has nothing
    to act on (no card to play, no project to fund, no unit to fire or repair, nothing to scrap) and no reminder
    the player listed waits (docs/rules.md, "Steps with nothing to decide"). Draw is the rules' alone. A Launcher
    completed at the end of the Allocation Phase holds the Acquisition Phase until its search is recorded."""
    if g.stage != "play" or g.attack is not None:
        return None  # a declared attack waits for its resolution
    i, side = g.turn, g.sides[g.turn]
    searching = any(u.id in g.launches and u.owner == i for u in g.units)  # a completed Launcher's search (Launcher)
    cards = side.hand > 0 or bool(side.sideboard)
    aiming = [p for p in g.projects if p.owner == i and p.mod is not None and p.target is None
              and any(u.owner == i and u.type == p.requires for u in g.units)]
    waits = {
        "begin": bool(side.begin_triggers),
        "draw": False,
        "queue": bool(aiming) or (cards and len(queued(g, i)) < queue_max(g, i)),
        "allocation": bool(aiming) or any(allocatable(g, p.id) for p in g.projects if p.owner == i),
        "acquisition": cards or searching or any(s.owner == i and s.cost <= side.cp for s in g.staff),
        "combat": bool(attackers(g)),
        "repair": any(r.owner == i and r.repair and not r.repaired for r in g.units)
                  and any(u.owner == i and u.damage for u in g.units),
        "end": bool(side.end_triggers) or (side.cp >= SCRAP_CP and bool(queued(g, i))),
    }
    if waits[g.step]:
        return None
    return f"{player_name(g, i)}: {PHASES[STEP_KEYS.index(g.step)]}: nothing to do"


def can_advance(g: Game) -> tuple[bool, str]:
    """Whether Next may be pressed now, and the rule that holds it when not (the step button shows it)."""
    return advance_check(next_step, g)
