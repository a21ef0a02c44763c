"""The turn stepper: where the game stands (`current_step`), Next and Back through set-up and the
Upkeep, Action and Income Phases of each turn."""
from __future__ import annotations

from dataclasses import replace

from ..frame import GameError, Outcome, Step, advance_check, player_name
from .board import bases, seat_order
from .cards import undecided
from .income import _income, _start_turn, income_for
from .setup import begin, placer, tied_for_first
from .state import GAIN_FROM, PHASE_KEYS, PHASES, SETUP_STEPS, Game


def current_step(g: Game) -> Step:
    if g.stage == "setup":
        if g.first is None:
            rolling = ", ".join(player_name(g, i) for i in tied_for_first(g))
            return Step(0, "Set-up", "First player", f"Roll the Attacker Die ({rolling}): most Damage symbols is "
                        "first player, ties re-roll; or choose at random (A1).", SETUP_STEPS)
        if any(p.faction is None for p in g.players):
            return Step(0, "Set-up", "Factions", "Starting with the first player, each player selects a Faction (A2).",
                        SETUP_STEPS)
        if not g.draft.done:
            who = placer(g)
            if len(g.players) == 2:
                text = ("Draw 5 Terrain Tiles face-up (B2)." if not g.draft.shown else
                        f"{player_name(g, who)} places a tile: picks 1-2-1, the rest returned (B3); Plateau on the "
                        "highest tray (B4).")
                return Step(0, "Set-up", "Terrain", f"Draft round {g.draft.round} of 2. {text}", SETUP_STEPS)
            text = ("Place 1 random tile in the empty space (C5)." if who is None else
                    "Each player draws 3 Terrain Tiles (C2)." if not g.draft.hands else
                    f"{player_name(g, who)} places one of {', '.join(g.draft.hands[who])} next to their "
                    "Headquarter" + (" or a placed tile (C3-C4)." if g.draft.round > 1 else " (C3)."))
            return Step(0, "Set-up", "Terrain", f"Placement round {g.draft.round}. {text}", SETUP_STEPS)
        return Step(0, "Set-up", "Terrain", "The map is ready: begin with starting cards and Minerals by turn "
                    "order (A9).", SETUP_STEPS)
    if g.stage == "over":
        return Step(round_of(g), "Game over", "Results", " ".join(g.verdict.how) if g.verdict else "", PHASES)
    who = player_name(g, g.turn)
    phase = PHASES[PHASE_KEYS.index(g.phase)]
    if g.phase == "upkeep":
        waiting = undecided(g, g.turn)
        text = (f"{who}: pay the Continue cost of each card or discard it (1. Upkeep)"
                + (f" — waiting: {', '.join(c.name for c in waiting)}." if waiting else "; nothing to pay."))
    elif g.phase == "action":
        text = (f"{who}: play cards, discard a card for 1 Mineral, command a Squad to Move, Attack or Extract — one "
                "Command Token per Space (2. Action).")
    else:
        gain = (f"card gained from {GAIN_FROM[g.gained]} (3.2)" if g.gained else
                "gain 1 card from the Faction Technology or the Central Cards (3.2)")
        minerals, cards = income_for(bases(g, g.turn))
        text = (f"{who}: 3.1 Restore done (Command Tokens, then Exhaust); 3.2 {gain}; 3.3 Income: +{minerals} "
                f"Minerals and {cards} cards drawn after the Gain (counted already); "
                + ("Next ends the turn." if g.gained else "gain the card, then Next ends the turn.")
                if g.applied else "")
    return Step(round_of(g), phase, f"{who}'s turn", text, PHASES)


def round_of(g: Game) -> int:
    """The round: every player has one turn a round, from the first player (End Turn); turn_no counts turns."""
    return (g.turn_no - 1) // len(g.players) + 1


def next_step(g: Game) -> Outcome:
    if g.stage == "setup":
        return begin(g)
    if g.stage == "over":
        raise GameError("step", "The game is over.")
    i = g.turn
    if g.phase == "upkeep":
        waiting = undecided(g, i)
        if waiting:
            raise GameError("step", f"Pay or discard {', '.join(c.name for c in waiting)} first (1. Upkeep Phase).")
        return Outcome(replace(g, phase="action"), f"{player_name(g, i)}: Action Phase")
    if g.phase == "action":
        g, reasons = _income(replace(g, phase="income"))
        return Outcome(replace(g, applied=True), f"{player_name(g, i)}: Income Phase applied", reasons)
    if not g.gained:  # 3.2 reads as mandatory: docs/rules.md, "3.2 Gain is mandatory"
        raise GameError("gain", f"{player_name(g, i)} gains 1 card from the Faction Technology or the Central "
                                  "Cards first (3.2 Gain).")
    order = seat_order(g)
    nxt = order[(order.index(i) + 1) % len(order)]
    ended = ("Players take turns in sequence until one meets the victory conditions (End Turn).",)
    g = replace(g, turn=nxt, turn_no=g.turn_no + 1, phase="upkeep", applied=False, combat=(), gained="")
    g, reasons = _start_turn(g)
    if g.stage == "over":
        return Outcome(g, f"{player_name(g, nxt)} wins", reasons)
    return Outcome(g, f"{player_name(g, i)} ended the turn; {player_name(g, nxt)}'s turn", ended)


def back_step(g: Game) -> Outcome:
    """Back from the Action to the Upkeep Phase; an applied Income is undone with Undo, not Back."""
    if g.stage != "play":
        raise GameError("step", "Back works during the turns; use Undo for anything else.")
    if g.phase != "action":
        raise GameError("step", "Use Undo to go back further: Back only returns from the Action to the Upkeep Phase.")
    return Outcome(replace(g, phase="upkeep"), f"Back to {player_name(g, g.turn)}'s Upkeep Phase")


def idle(g: Game) -> str | None:
    """The words for the log when the phase has nothing to decide, else None (frame.settle passes it by itself):
    an Upkeep with no Continue card to pay or discard (1. Upkeep), an Income Phase whose card is gained (3.1 and
    3.3 are the rules'). The Action Phase is the player's; the Gain of 3.2 is a choice, so it waits."""
    if g.stage != "play":
        return None
    who = player_name(g, g.turn)
    if g.phase == "upkeep" and not undecided(g, g.turn):
        return f"{who}: Upkeep: nothing to do"
    if g.phase == "income" and g.applied and g.gained:
        return f"{who}: Income: the card is gained, nothing more to do (3.1-3.3)"
    return None


def can_advance(g: Game) -> tuple[bool, str]:
    """Whether Next may be pressed now, and the rule that holds it when not (the step button shows it)."""
    return advance_check(next_step, g)
