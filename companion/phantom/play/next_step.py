"""What the table does next in the round's flow (p.11-13): one value saying which step comes next, whether the
table may take it now and, if not, why (with the page) and who it waits for. The mission page's action bar
draws this value and nothing else of the round's flow."""
from __future__ import annotations

from dataclasses import replace

from .decks import deck_prompts
from .figures import event_task
from .order import character_ties, initiative, turn_order
from .round import all_adversaries_defeated, reveal, within_reach
from .state import Mission, Update, must_choose_first, must_place_first, unchosen, unplaced
from ...record import record

STEPS = ("begin-round", "reveal", "end-turn", "adversary-turn", "next-turn", "end-round", "")


@record
class NextStep:
    """The round's next step. `step` is one of STEPS ("" once the mission is over: nothing comes next);
    `allowed` says whether the table may take it now, and if not `reason` and `page` say why, as the step's
    own command would refuse it. `waiting` names the characters the step waits for (to be placed, or to rest
    or select cards), `figure` whose turn ends, is played by the AI or comes next, `round` the round begun or
    ended, `needs` what the step asks the table for beyond a tap ("die": the decision die, "order": the
    players' order for tied characters, "event": the round's Event card's adversaries placed first, "orbs":
    orbs next to the character it may activate) and `ties` the
    tied characters with the initiative they tie at. `pick_up` is the nova cells the character whose turn ends
    retrieves on or next to its space (p.25). `ends` offers the mission's end the table may declare beside the
    step: "all-adversaries-defeated" (the objective met; the round's remaining turns are still played, p.13-14).
    """

    step: str
    allowed: bool = True
    reason: str = ""
    page: str = ""
    waiting: tuple[str, ...] = ()
    figure: str = ""
    round: int = 0
    needs: str = ""
    ties: tuple[tuple[tuple[str, ...], int], ...] = ()
    pick_up: int = 0
    ends: str = ""

    @property
    def why(self) -> str:
        """Why the step waits, with the page, as the table reads it ("" when it may be taken)."""
        return f"{self.reason} (p.{self.page})" if self.reason else ""


def next_step(mission: Mission) -> NextStep:
    """The next step of the round: step 1 (the decision die) once every character is on an entry point
    (p.11-12); steps 3-6 (each character rests or selects cards, then the reveal and initiative, the players
    ordering tied characters, p.12); step 7 (each turn in initiative order, an adversary's played by the AI,
    p.12, p.26); steps 8-9 (the end of the round, p.12); nothing once the mission is over (p.13-14). While a
    round is played with every adversary defeated, its end is offered (`ends`)."""
    step = _next_step(mission)
    rnd = mission.round
    if (step.step and rnd is not None and rnd.phase in ("select", "turns") and not mission.objective_met
            and all_adversaries_defeated(mission)):
        return replace(step, ends="all-adversaries-defeated")
    return step


def _next_step(mission: Mission) -> NextStep:
    rnd = mission.round
    if mission.result is not None:
        result = "success" if mission.result.success else "failure"
        return NextStep("", False, f"the mission is over ({result})", "13-14")
    if rnd is None or rnd.phase == "over":
        refused = must_place_first(mission)
        waiting = tuple(c.id for c in unplaced(mission))
        unnamed = _unnamed(mission)
        if refused is None and unnamed:
            return NextStep("begin-round", False, unnamed, "12", round=mission.rounds + 1, needs="die")
        return NextStep("begin-round", refused is None, refused.message if refused else "",
                        refused.page if refused else "", waiting, round=mission.rounds + 1, needs="die")
    if rnd.phase == "select":
        refused = must_choose_first(mission)
        if refused:
            return NextStep("reveal", False, refused.message, refused.page, tuple(c.id for c in unchosen(mission)),
                            round=rnd.number)
        ties = tuple((group, initiative(mission, group[0])[0]) for group in character_ties(mission))
        unnamed = _unnamed(mission)
        task = event_task(mission)
        # step 2 comes before the draw: an adversary the Event card places after it takes no turn (p.12, p.26)
        needs = "order" if ties else "event" if task is not None and task.open else ""
        return NextStep("reveal", not unnamed, unnamed, "12" if unnamed else "", round=rnd.number,
                        needs=needs, ties=ties)
    if rnd.current is not None:
        figure = mission.figure(rnd.current)
        if figure is not None and figure.side == "adversary":
            return NextStep("adversary-turn", figure=figure.id, round=rnd.number)
        reach = within_reach(mission, figure.id) if figure is not None else None
        return NextStep("end-turn", figure=rnd.current, round=rnd.number, needs="orbs" if reach and reach.orbs else "",
                        pick_up=reach.nova_cells if reach else 0)
    order = turn_order(mission)
    if order.next:
        return NextStep("next-turn", figure=order.next, round=rnd.number)
    return NextStep("end-round", round=rnd.number)


def revealed_once_chosen(update: Update) -> Update:
    """Step 4 (p.12): once the last character has rested or selected its cards, the cards are revealed and the
    round's turns begin with no further tap, unless the table has something left to do or give first: an
    adversary the round's Event card still places (step 2 comes first: one placed after the draw takes no
    turn, p.26), the order of tied characters (p.12 step 7) or the card that came up from one of its own decks
    (p.12 step 5). Applied after every change the table makes, so the one that completes these (a choice, a
    card named, the event's adversary placed, a correction defeating the last character still to choose) is
    also the one undone with the reveal."""
    rnd = update.mission.round
    if rnd is None or rnd.phase != "select":  # most changes: nothing to reveal, no next step worked out
        return update
    step = next_step(update.mission)
    if step.step != "reveal" or not step.allowed or step.needs:
        return update
    shown = reveal(update.mission)
    return Update(shown.mission, update.reasons + ("Every character has chosen: the cards are revealed (p.12 step 4)",)
                  + shown.reasons)


def _unnamed(mission: Mission) -> str:
    """Why the draw waits for the table's own cards (p.12 steps 2 and 5): the physical decks not yet named."""
    waiting = [p.label for p in deck_prompts(mission) if p.named is None]
    return f"which card came up from the {' and the '.join(waiting)}? Tap it in the list, or type it if it is new" if waiting else ""
