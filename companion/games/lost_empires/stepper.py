"""The stepper: where the game stands, and Next and Back through the set-up and each round's five
phases (each phase's effects applied once a round)."""
from __future__ import annotations

from dataclasses import replace

from ..frame import GameError, Outcome, Step, advance_check, player_name
from .board import units_at
from .control import _apply_control
from .round_end import _apply_casualties, _apply_gates, _wrap_up, in_enemy_hive
from .setup import begin
from .state import PHASE_KEYS, PHASES, PLAYERS, Game


SETUP_STEPS = ("First Player", "Factions", "Decks")


def current_step(g: Game) -> Step:
    if g.stage == "setup":
        if g.first is None:
            return Step(0, "Set-up", "First Player", "Each player rolls both result dice; the higher total is "
                        "First Player, a tie rolls again (p.3).", SETUP_STEPS)
        if any(p.faction is None for p in g.players):
            return Step(0, "Set-up", "Factions", "Starting with the First Player, each player chooses a faction "
                        "(p.3).", SETUP_STEPS)
        return Step(0, "Set-up", "Decks", "Each player builds an 18-card deck: 9 different cards, both copies "
                    "of each (p.4); first games use the starter decks (p.4-5).", SETUP_STEPS)
    if g.stage == "over":
        return Step(g.round, "Game over", "Results", " ".join(g.verdict.how) if g.verdict else "", PHASES)
    phase = PHASES[PHASE_KEYS.index(g.phase)]
    if g.phase == "order":
        note = " Round 1: only 2 command and 1 supply (p.3)." if g.round == 1 else ""
        step = f"{player_name(g, g.turn)}'s turn"
        text = (f"{player_name(g, g.turn)}: Play a Unit, Play a Support or Activate a Unit (one activation per turn), "
                f"then end the turn or Pass (p.8).{note}")
    elif g.phase == "control":
        step, text = "Control", ("Each objective from the First Player's leftmost: uncontested 1 artifact, contested "
                                 "by total control, the center 1 more (p.10).")
    elif g.phase == "gate":
        step, text = "Gates", ("Each player with 4 artifacts discards 4 and flips their lowest gate, one per "
                               "round; the fourth gate wins (p.11).")
    elif g.phase == "casualty":
        step, text = "Casualties", "All units with 3 damage are destroyed (p.11)."
    elif g.step == 1:
        step, text = "1 Fall back", ("Units in an enemy hive fall back to an outer objective with a friendly unit, "
                                     "or to their own hive (p.11).")
    else:
        step, text = "2-5 Ready, refresh, draw, first player", ("Ready drained units, refresh command and supply, "
                                                                "each player draws 1, pass the First Player token "
                                                                "(p.11).")
    if g.phase in g.applied:
        text += " Already applied this round: Next moves on."
    return Step(g.round, phase, step, text, PHASES)


def next_step(g: Game) -> Outcome:
    """Apply the current phase (once per round) and move to the next."""
    if g.stage == "setup":
        return begin(g)
    if g.stage == "over":
        raise GameError("step", "The game is over.")
    if g.phase == "order":
        raise GameError("step", "The Order Phase ends when both players have passed (p.10).")
    if g.phase == "wrapup" and g.step == 1:
        stuck = [player_name(g, i) for i in range(PLAYERS) if in_enemy_hive(g, i)]
        if stuck:
            raise GameError("step", f"Fall back first: {', '.join(stuck)} still has units in an enemy hive (p.11).")
        return Outcome(replace(g, step=2), "Wrap Up: fall back done")
    apply = {"control": _apply_control, "gate": _apply_gates, "casualty": _apply_casualties, "wrapup": _wrap_up}
    nxt = {"control": "gate", "gate": "casualty", "casualty": "wrapup"}
    phase = PHASES[PHASE_KEYS.index(g.phase)]
    if g.phase in g.applied:
        g2, reasons = g, ("Already applied this round; nothing applied twice.",)
    else:
        g2, reasons = apply[g.phase](g)
        if g.phase != "wrapup":
            g2 = replace(g2, applied=g2.applied + (g.phase,))
    if g.phase != "control":  # the RUTHLESS prompt lasts from the Control Phase's result to the next Next (p.15)
        g2 = replace(g2, ruthless=())
    if g2.stage == "over":
        return Outcome(g2, f"{phase}: the game is over", reasons)
    if g.phase == "wrapup":
        return Outcome(g2, f"Round {g2.round} begins: {player_name(g2, g2.first)} is First Player", reasons)
    g2 = replace(g2, phase=nxt[g.phase], step=1)
    return Outcome(g2, f"{phase} done", reasons)


def back_step(g: Game) -> Outcome:
    """Back one step within the round. What a phase applied stays (Undo reverses it), and is not
    applied again on the way forward."""
    if g.stage != "play":
        raise GameError("step", "Back works during the rounds; use Undo for anything else.")
    if g.phase == "order":
        raise GameError("step", "This is the first phase of the round; use Undo to go further back.")
    if g.phase == "wrapup" and g.step == 2:
        return Outcome(replace(g, step=1), "Back to Wrap Up step 1")
    prev = PHASE_KEYS[PHASE_KEYS.index(g.phase) - 1]
    step = 2 if prev == "wrapup" else 1
    return Outcome(replace(g, phase=prev, step=step), f"Back to the {PHASES[PHASE_KEYS.index(prev)]}")


def idle(g: Game) -> str | None:
    """The words for the log when the step has nothing to decide, else None (frame.settle passes it by itself).
    The Order Phase is the players' (p.8-10); the Control, Gate and Casualty Phases and Wrap Up's steps 2-5 are
    applied by the rules (p.10-11), except while a RUTHLESS side may deal its 1 damage (p.15) and while a unit
    must fall back from an enemy hive (Wrap Up step 1, p.11)."""
    if g.stage != "play" or g.phase == "order":
        return None
    if g.phase == "gate" and _ruthless_open(g):
        return None
    if g.phase == "wrapup" and g.step == 1 and any(in_enemy_hive(g, i) for i in range(PLAYERS)):
        return None
    phase = PHASES[PHASE_KEYS.index(g.phase)]
    if g.phase in g.applied:
        return f"{phase}: already applied this round, nothing to do"
    pages = {"control": "p.10", "gate": "p.11", "casualty": "p.11"}
    if g.phase in pages:
        return f"{phase}: nothing to decide ({pages[g.phase]})"
    if g.step == 1:
        return f"{phase}, 1 Fall back: no unit in an enemy hive, nothing to do (p.11)"
    return f"{phase}, 2-5 Ready, refresh, draw, First Player: nothing to decide (p.11)"


def _ruthless_open(g: Game) -> bool:
    """A RUTHLESS side may still deal its 1 damage to an enemy unit at an objective it won (p.15)."""
    for b in g.ruthless:
        by = next((u.owner for u in units_at(g, b) if u.has("RUTHLESS")), None)
        if by is not None and any(u.owner != by for u in units_at(g, b)):
            return True
    return False


def can_advance(g: Game) -> tuple[bool, str]:
    """Whether Next may be pressed now, and the rule that holds it when not (the step button shows it)."""
    return advance_check(next_step, g)
