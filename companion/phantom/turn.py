"""One adversary or boss turn (p.26-30), resolved from a scenario: every step and why.

Order (p.26 "Turns"): start-of-turn effects (Bleeding, Burning, p.37); the primary target (p.27); the
species card, then the class card row for its color (p.28, 47) — here simply `turn.cards` in order.
A card is converted to a Move of its AP exactly by the two rules of p.28; a boss converts each action
it cannot perform because its target is out of range (p.30). Move and Leap on one turn choose their
targets separately (p.27, Figure 43). Dice come from the scenario's `rolls`; without them the
resolution lists what must be rolled and never invents a result.

The turn is resolved step by step through the spaces the adversary enters (INTERPRETATIONS.md, "Effects
of entering a space"): a hazard's damage and condition apply as it is entered (a Leap enters only its
end), an adversary brought to 0 HP is defeated where it fell and its turn ends there, and a condition
gained or lost on the way changes what follows (Burning thaws Frozen, so later cards may be converted;
Invisible ends with its Attack; Knocked Down stops further non-movement actions, p.37).
"""
from __future__ import annotations

from dataclasses import replace

from .attack import AttackResult, Combatant, apply_conditions, resolve_attack, resolve_counter_attack
from .board import Board, Figure
from . import conditions as rules_of
from .conditions import receive_damage
from .decision import DecisionDie
from .dice import DIE_NAMES, Rolls
from .hazards import enter, start_of_turn
from .hexmap import Hex
from .movement import Movement, plan_move, plan_retreat, plan_teleport
from .paths import step_cost
from . import keywords
from .scenario import Action, Card, ClassCard, Scenario
from .sight import SightLine, sight
from .targeting import Target, decide_figure, choose_in_range, choose_primary_target, in_range
from ..record import record



@record
class AttackOnTarget:
    """One target of an attack step and what the attack did to it."""
    target: str
    range: int
    through: tuple
    accuracy_rolls: tuple[str, ...]
    to_roll: tuple[str, ...]  # dice still to roll, in order (p.21: attack die, then accuracy nearest first)
    result: AttackResult | None  # when the rolls were given
    # The segment the adversary draws (sight.py's chosen SightLine, p.27): its corners and end points are
    # what the map shows. None for a Melee Attack (range 1), which needs no line of sight (p.21).
    line: SightLine | None = None


@record
class HazardEntered:
    """A hazard a movement entered and what it did (p.33); `damage` None: no hazard rules were given, so the
    table applies its effect."""
    at: Hex
    hazard: str
    damage: int | None = None
    hp: int | None = None  # after it
    gained: tuple[str, ...] = ()  # conditions it now has that it had not
    lost: tuple[str, ...] = ()  # conditions it lost (Frozen thawed by Burning, Resilient spent, p.37)
    trap_removed: bool = False
    barrier: bool = False  # its Barrier was removed instead of the damage (p.37)


@record
class Step:
    """One step of an adversary's turn: the card, the action and what it did."""
    card: str | None
    action: str
    converted: bool = False
    movement: Movement | None = None
    targets: tuple[AttackOnTarget, ...] = ()
    target: str | None = None  # heal / condition
    value: int = 0
    name: str | None = None  # condition name
    performed: bool = True
    hits: tuple[str, ...] = ()  # damage: every figure it reached, in map order
    entered: tuple[HazardEntered, ...] = ()  # movement: the hazards entered on the way, in order
    ends_turn: str | None = None  # why the turn ends at this step ("defeated by fire on E-4")
    removed: tuple[str, ...] = ()  # conditions the adversary lost by performing it (Invisible by an Attack, p.37)
    # The primary target this step was performed against: re-chosen the moment the previous one became
    # unavailable (p.27), or chosen in isolation for a Move and a Leap on one turn (Figure 43).
    primary_target: str | None = None


@record
class StartOfTurn:
    """What the start of the turn did (p.26 step 1, p.37): Bleeding and Burning, a hazard's condition
    reapplied (p.33); `barrier`: its Barrier took damage instead."""
    damage: int
    hp: int
    gained: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    barrier: bool = False


@record
class Resolution:
    """An adversary's turn resolved: its steps, the board it leaves and the explanation."""
    adversary: str
    primary_target: str | None
    steps: tuple[Step, ...]
    explanation: tuple[str, ...]
    board: Board  # after the turn
    initiative: int | None = None  # bosses: inherent AP + the actions performed (p.30)
    start: StartOfTurn | None = None  # None: nothing happened at the start of the turn

    @property
    def to_roll(self) -> tuple[tuple[str, str], ...]:
        """(target, die) the table is asked to roll, in order: the first needed now, the rest only if the
        results call for them (p.21)."""
        return tuple((t.target, r) for s in self.steps for t in s.targets for r in t.to_roll)


class _Turn:
    """The state of a turn being resolved; `say` adds a sentence to the explanation."""

    def __init__(self, scenario: Scenario):
        self.board = scenario.board
        self.die: DecisionDie | None = scenario.decision_die
        self.turn = scenario.turn
        self.me = self.turn.adversary
        self.rolls = Rolls.from_dict(scenario.rolls) if scenario.rolls is not None else None
        self.hazards = tuple(scenario.hazards)
        self.explanation: list[str] = []
        self.steps: list[Step] = []
        self.target: Target | None = None
        self.start: StartOfTurn | None = None
        self.first_target: Target | None = None  # chosen at step 2 of the turn (p.26); the resolution reports it
        self.no_more_attacks = False
        self.waiting = False  # a roll is missing: later outcomes cannot be known
        self.cards = tuple(self._own_row(c) for c in self.turn.cards)

    def _own_row(self, card) -> Card:
        """p.47: of a Class Action card an adversary performs only the row of its HP base's color."""
        if not isinstance(card, ClassCard):
            return card
        color = self.figure.color
        self.say(f"{card.name}: {self.me} performs the {color.replace('-', ' ')} row (p.47)")
        row = card.row(color)
        return replace(row, name=row.name or card.name)

    @property
    def figure(self) -> Figure:
        return self.board.figure(self.me)

    @property
    def down(self) -> rules_of.Condition | None:
        """The condition a Move's first MP remove (Knocked Down) held now: at the start of the turn or gained
        during it (p.37)."""
        f = self.figure
        return rules_of.down(f.conditions) if f.conditions else None

    @property
    def defeated(self) -> bool:
        f = self.figure
        return f.hp <= 0 and bool(f.max_hp)

    def say(self, text: str) -> None:
        self.explanation.append(text[0].upper() + text[1:] if text else text)

    def update(self, figure: Figure) -> None:
        self.board = self.board.with_figure(figure)


def resolve_turn(scenario: Scenario) -> Resolution:
    if scenario.turn is None:
        raise ValueError("turn: the scenario has no turn to resolve")
    t = _Turn(scenario)
    if not _start_of_turn(t):
        return _done(t)
    stop = rules_of.no_actions(t.figure.conditions)
    if stop is not None:
        t.say(f"{t.me} is {stop.name}: it takes no action this turn and removes the {stop.name} token at its end "
              f"(p.{stop.page})")
        t.update(t.figure.without_condition(stop.name))
        return _done(t)
    cards = t.cards
    t.target = t.first_target = _select(t, cards)
    for card in cards:
        if t.defeated:
            break
        _play(t, card)
    return _done(t)


def _done(t: _Turn) -> Resolution:
    initiative = sum(c.ap for c in t.cards) if t.turn.boss else None
    if initiative is not None:
        parts = " + ".join(f"{c.name} {c.ap}" for c in t.cards)
        t.explanation.insert(0, f"Initiative {initiative}: the AP of its inherent action and of the actions it "
                                f"performs, {parts} (p.30, p.58)")
    first = t.first_target or t.target
    return Resolution(t.me, first.name if first else None, tuple(t.steps), tuple(t.explanation), t.board,
                      initiative, t.start)


def _start_of_turn(t: _Turn) -> bool:
    """p.26 step 1 and p.37: Bleeding 2 damage, Burning 3 damage then removed — not removed while it stands on
    a fire hazard, and a hazard's condition it lost is reapplied there (p.33). False if it is defeated."""
    was = t.figure
    f, why = start_of_turn(t.board.map, was, t.hazards)
    for r in why:
        t.say(r)
    t.update(f)
    if why:
        lost = tuple(c for c in was.conditions if not f.has_condition(c))
        t.start = StartOfTurn(was.hp - f.hp, f.hp, tuple(c for c in f.conditions if not was.has_condition(c)),
                              lost, rules_of.spent_on(lost, "damage") is not None)
    if f.hp <= 0 and f.max_hp:
        t.say(f"{t.me} is defeated before it acts (p.26)")
        return False
    return True


def _attack_range(t: _Turn, cards) -> int | None:
    ranges = [a.range.resolve(t.figure.range) for c in cards for a in c.actions if keywords.acts(a) == "attack"]
    return max(ranges) if ranges else None


def _select(t: _Turn, cards, leap: int | None = None, quiet: bool = False) -> Target:
    """The primary target (p.27), or the mission's forced one (p.27 "Primary targets", p.50)."""
    forced = t.turn.primary_target
    if forced is not None:
        f = next((x for x in t.board.figures if x.id == forced), None)
        if f is not None and not f.invisible:
            target = Target(f.id, f.at, f, "forced", None,
                            (f"targets {f.id}: the mission makes it the primary target of every adversary (p.27)",))
            if not quiet:
                t.say(target.reasons[0])
            return target
    if leap is None:
        leaps = [a.value for c in cards for a in c.actions if keywords.mode(a) == "leap"]
        leap = leaps[0] if leaps and not any(keywords.mode(a) == "move" for c in cards for a in c.actions) else None
    target = choose_primary_target(t.board, t.figure, t.die, attack_range=_attack_range(t, cards), leap=leap)
    if not quiet:
        for r in target.reasons:
            t.say(r)
    return target


def _target_gone(t: _Turn) -> str | None:
    """Why the primary target is no longer available (p.27), or None while it is."""
    tg = t.target
    if tg is None or tg.name is None:
        return None
    if tg.is_object:
        return None if t.board.map.object_at.get(tg.at) in ("destructible", "damaged") else "was destroyed"
    f = next((x for x in t.board.figures if x.id == tg.name), None)
    if f is None or (f.hp <= 0 and f.max_hp):
        return "was defeated"
    return "became Invisible" if f.invisible else None


def _refresh_target(t: _Turn, cards) -> None:
    """p.27: "if at any time during the adversary's turn the primary target is no longer available (...
    defeated, destroyed, or becomes Invisible), select a new primary target" - asked before every action,
    so the rest of a card aims at the new one."""
    why = _target_gone(t)
    if why is None:
        return
    old = t.target.name
    t.target = _select(t, cards, quiet=True)
    if t.target.name is None:
        t.say(f"{old} {why} — no primary target is left, so it does not Move or perform actions that need one (p.27)")
    else:
        t.say(f"{old} {why} — new primary target {t.target.name} (p.27): " + "; ".join(t.target.reasons))


# -- cards ------------------------------------------------------------------------------------------

def _can_perform(t: _Turn, action: Action) -> bool:
    """Can an Attack reach the primary target from where the adversary stands now?"""
    tg = t.target
    if tg is None or tg.name is None:
        return False
    return in_range(t.board, t.figure.at, tg.at, action.range.resolve(t.figure.range)) is not None


def _converts(t: _Turn, card: Card) -> str | None:
    """p.28 "Convert to movement": why `card` becomes a Move of its AP, or None."""
    if t.target is None or t.target.name is None:
        return None
    has_movement = keywords.has(card.actions, "relocates")
    frozen = rules_of.no_conversion(t.figure.conditions)
    if frozen is not None:
        if not has_movement and not card.round and any(
                keywords.acts(a) == "attack" and not _can_perform(t, a) for a in card.actions):
            t.say(f"{card.name}: {t.me} is {frozen.name}, so the card cannot be converted to movement "
                  f"(p.{frozen.page})")
        return None
    if t.turn.boss:
        return None  # bosses convert action by action (p.30), see _play
    down = t.down
    if down and not card.round and not keywords.has(card.actions, "stands_up"):
        # p.37's own words: no round effect, Move or Leap. A Teleport card is converted too, since a Knocked
        # Down figure can take no Teleport action (INTERPRETATIONS.md).
        return (f"{t.me} is {down.name}, and the card has no round effect, Move or Leap, so it becomes Move "
                f"{card.ap}, its AP (p.{down.page}, p.28)")
    if has_movement or card.round:
        return None
    blocked = [a for a in card.actions if keywords.acts(a) == "attack" and not _can_perform(t, a)]
    if blocked:
        return (f"{t.target.name} is out of range or line of sight and the card has no Move, Leap, Teleport or round "
                f"effect, so it becomes Move {card.ap}, its AP (p.28)")
    return None


def _play(t: _Turn, card: Card) -> None:
    all_cards = t.cards
    _refresh_target(t, all_cards)
    done = len(t.steps)
    if _converted(t, card):
        _aimed(t, done)
        return
    for action in card.actions:
        if t.defeated:
            return
        _refresh_target(t, all_cards)
        done = len(t.steps)
        _action(t, card, action, all_cards)
        _aimed(t, done)


def _aimed(t: _Turn, done: int) -> None:
    """The steps from `done` on record the primary target they were performed against (p.27)."""
    aimed = t.target.name if t.target else None
    t.steps[done:] = [replace(s, primary_target=aimed) for s in t.steps[done:]]


def _converted(t: _Turn, card: Card) -> bool:
    """The card performed as a Move of its AP (p.28; a boss action by action, p.30); True if it was."""
    if t.turn.boss and rules_of.no_conversion(t.figure.conditions) is None and t.target and t.target.name:
        attacks = [a for a in card.actions if keywords.acts(a) == "attack"]
        if attacks and not all(_can_perform(t, a) for a in attacks):
            t.say(f"{card.name}: {t.target.name} is out of range, so the boss performs it as Move {card.ap} (p.30)")
            _movement(t, card, Action("move", card.ap), converted=True)
            return True
    why = _converts(t, card)
    if why:
        t.say(f"{card.name}: {why}")
        _movement(t, card, Action("move", card.ap), converted=True)
        return True
    return False


def _action(t: _Turn, card: Card, action: Action, all_cards) -> None:
    if action.per_character:
        action = _per_character(t, card, action)
    kw = keywords.REGISTRY[action.type]
    if kw.is_movement:
        modes = {keywords.REGISTRY[a.type].mode for c in all_cards for a in c.actions}
        if kw.mode is not None and {"move", "leap"} <= modes:
            # Figure 43: Move and Leap on one turn each choose their primary target in isolation (p.27).
            new = _select(t, all_cards, leap=action.value if kw.mode == "leap" else 0, quiet=True)
            if new.name != (t.target.name if t.target else None):
                t.say(f"for its {kw.title}, chosen in isolation (p.27, Figure 43): " + "; ".join(new.reasons))
            t.target = new
    _PERFORM[kw.acts](t, card, action)


def _per_character(t: _Turn, card: Card, action: Action) -> Action:
    """p.48 (Regenerate): "2 per character that embarked" - defeated characters still count (p.30)."""
    n = t.turn.characters_embarked
    value = action.value * n
    t.say(f"{card.name}: {action.value} per character embarked, {n} embarked (defeated ones count): "
          f"{action.type.capitalize()} {value} (p.30, p.48)")
    return replace(action, value=value, per_character=False)


def _movement(t: _Turn, card: Card, action: Action, converted: bool = False) -> None:
    f = t.figure
    budget = rules_of.budget(f.conditions, action.type, action.value, t.me)
    if budget.cannot is not None:
        t.say(f"{card.name}: {budget.reasons[0]}")
        t.steps.append(Step(card.name, action.type, converted, _still(f), performed=False))
        return
    mp = budget.mp
    if budget.stands_up is not None:
        f = f.without_condition(budget.stands_up.name)
        t.update(f)
    for r in budget.reasons:
        t.say(r)
    target = t.target or Target(None, None, None, "none", None, ())
    kw = keywords.REGISTRY[action.type]
    if kw.plan == "retreat":
        mv = plan_retreat(t.board, f, target, mp, t.die)
    elif kw.plan == "teleport":
        mv = plan_teleport(t.board, f, target, t.die)
    else:
        mv = plan_move(t.board, f, target, kw.mode, mp, t.die)
    for r in mv.reasons:
        t.say(f"{card.name}: {r}" if r is mv.reasons[0] else r)
    before = t.board
    entered, ends = _walk(t, mv)
    if ends is not None and keywords.REGISTRY[mv.mode].walks and t.figure.at != mv.end:
        # Defeated on the way: the movement stops on the space where it fell (p.26).
        path = mv.path[:mv.path.index(t.figure.at) + 1]
        cost = sum(step_cost(before, f, "move", h) or 0 for h in path[1:])
        mv = replace(mv, end=t.figure.at, path=path, mp=cost)
    t.steps.append(Step(card.name, "move" if converted else action.type, converted, mv, entered=entered,
                        ends_turn=ends))


def _walk(t: _Turn, mv: Movement) -> tuple[tuple[HazardEntered, ...], str | None]:
    """The adversary goes space by space along the movement's path, each space's enter-effects applied as it
    is entered (p.33): every hazard a Move or Retreat steps into, only the end of a Leap (p.24) or a
    Teleport (placed, p.26). At 0 HP it is defeated there and the turn ends (p.26): the board keeps it on
    that space at 0 HP, for the table to remove it (its nova cells drop there)."""
    m = t.board.map
    entered_spaces = set(mv.path[1:] if keywords.REGISTRY[mv.mode].walks else ((mv.end,) if mv.end != mv.start else ()))
    hazards = [h for h in mv.path[1:] if h in entered_spaces and h in m.hazard_at]
    if not hazards:
        t.update(replace(t.figure, at=mv.end))
        return (), None
    entered = []
    for h in hazards:
        kind = t.board.map.hazard_at[h]
        if h not in t.board.figure_at:  # passing through an ally there, the board keeps it where it was
            t.update(replace(t.figure, at=h))
        if not t.hazards:
            t.say(f"{t.me} enters {m.label(h)}, a {kind} hazard: apply its effect (p.33)")
            entered.append(HazardEntered(h, kind))
            continue
        was = t.figure
        done = enter(t.board.map, replace(was, at=h), h, t.hazards)
        t.board = replace(t.board, map=done.map)
        now = replace(done.figure, at=was.at)
        t.update(now)
        for r in done.reasons:
            t.say(r)
        entered.append(HazardEntered(
            h, kind, was.hp - now.hp, now.hp,
            tuple(c for c in now.conditions if not was.has_condition(c)),
            tuple(c for c in was.conditions if not now.has_condition(c)),
            h in m.hazard_tokens and kind == "trap", done.barrier))
        if t.defeated:
            t.say(f"{t.me} is defeated by the hazard and takes no further action: it falls to the {kind} on "
                  f"{m.label(h)} and is removed there, its turn over (p.26, p.33)")
            return tuple(entered), f"defeated by {kind} on {m.label(h)}"
    t.update(replace(t.figure, at=mv.end))
    return tuple(entered), None


def _still(f: Figure) -> Movement:
    return Movement("move", f.at, f.at, (f.at,), 0, "avoid", ())


# -- attacks, heals, conditions ----------------------------------------------------------------------

def _attack(t: _Turn, card: Card, action: Action) -> None:
    f = t.figure
    if t.down:
        t.say(f"{card.name}: {t.me} is {t.down.name} and cannot Attack (p.{t.down.page})")
        t.steps.append(Step(card.name, "attack", performed=False))
        return
    if t.no_more_attacks:
        t.say(f"{card.name}: after its Fumble {t.me} performs no further Attacks this turn (p.20)")
        t.steps.append(Step(card.name, "attack", performed=False))
        return
    rng = action.range.resolve(f.range)
    first = _first_target(t, card, action, rng)
    if first is None:
        t.steps.append(Step(card.name, "attack", performed=False))
        return
    chosen = [first]
    for n in range(1, action.targets):
        nxt = choose_in_range(t.board, f, rng, t.die, exclude={x.name for x in chosen})
        if nxt is None:
            t.say(f"no further enemy in range for target {n + 1} of {action.targets} (p.21)")
            break
        t.say(f"target {n + 1} of {action.targets}: " + nxt.reasons[0].replace("targets ", "", 1)
              + ", as if those already attacked were not there (p.21, p.60)")
        chosen.append(nxt)
    done = []
    for target in chosen:
        done.append(_attack_one(t, card, action, target, rng))
        if t.no_more_attacks:
            break
    me = t.figure
    # p.37 (Invisible): "upon performing an Attack action, even if the Attack fails"; from here on it no longer
    # moves through enemies (INTERPRETATIONS.md).
    ended = tuple(c for c in rules_of.held(me.conditions) if c.ends_on_attack)
    for c in ended:
        me = me.without_condition(c.name)
        t.say(f"{t.me} performed an Attack: its {c.name} is removed (p.{c.page})")
    t.update(me)
    removed = tuple(c.name for c in ended)
    t.steps.append(Step(card.name, "attack", targets=tuple(done), removed=removed))


def _first_target(t: _Turn, card: Card, action: Action, rng: int) -> Target | None:
    tg = t.target
    f = t.figure
    if tg is None or tg.name is None:
        t.say(f"{card.name}: no primary target, so it does not Attack (p.27)")
        return None
    if in_range(t.board, f.at, tg.at, rng) is not None:
        return tg
    if tg.criterion == "forced":
        # p.27, Figure 36 (p.50): it cannot attack the mission's target nor convert the card to Move closer,
        # so it attacks another enemy within range instead.
        other = choose_in_range(t.board, f, rng, t.die, exclude={tg.name})
        if other is not None:
            frozen = rules_of.no_conversion(f.conditions)
            why = ("it has a round effect" if card.round else f"it is {frozen.name}" if frozen
                   else "it has a Move, Leap or Teleport")
            t.say(f"{card.name}: {tg.name} is out of range and the card cannot become a Move ({why}, p.28), so it "
                  f"attacks another enemy within range instead (p.27, Figure 36): " + other.reasons[0])
            return other
    t.say(f"{card.name}: {tg.name} is out of range or line of sight (range {rng}), so the Attack is not performed (p.21)")
    return None


def _attack_one(t: _Turn, card: Card, action: Action, target: Target, rng: int) -> AttackOnTarget:
    board, f = t.board, t.figure
    d = in_range(board, f.at, target.at, rng)
    through, rolls_on, line = (), (), None
    if d >= 2:
        s = sight(board, f.at, target.at, t.die)
        line = s.lines[s.adversary_choice]
        through, rolls_on = line.through, line.accuracy_rolls
        if len(s.lines) > 1:
            t.say(f"line of sight to {target.name}: " + s.reasons[0]
                  + (f"; Accuracy rolls for {', '.join(rolls_on)}, nearest first (p.21)" if rolls_on else
                     "; nothing on it needs an Accuracy roll"))
    # A Blinded attacker rolls the Accuracy die before its Attack die (p.37): the dice asked for say so.
    blinded = tuple(f"Accuracy die for {f.id}, {c.name}, before the attack on {target.name}"
                    for c in rules_of.held(f.conditions) if c.accuracy_before_attack)[:1]
    to_roll = blinded + (DIE_NAMES[action.die],) + tuple(f"Accuracy die for {n}" for n in rolls_on)
    if t.rolls is None or t.waiting:
        if t.rolls is None and not any(x.startswith("Roll the Attack die") for x in t.explanation):
            t.say("roll the Attack die, then the Accuracy die for each figure or object on the line nearest "
                  "first; a Fumble ends its Attacks for the turn, a Critical Strike skips the Accuracy rolls (p.21, p.61)")
        return AttackOnTarget(target.name, d, through, rolls_on, to_roll, None, line)
    result = resolve_attack(Combatant.from_figure(f), Combatant.on_board(board, target.name), t.rolls,
                            target_range=d, value=action.value, pierce=action.pierce, conditions=action.conditions,
                            obstacles=[Combatant.on_board(board, n) for n in rolls_on], die=action.die,
                            damage_multiplier=action.damage_multiplier)
    if _took(t, result):
        return AttackOnTarget(target.name, d, through, rolls_on, tuple(str(r) for r in result.rolls_needed), result,
                              line)
    _apply(t, result)
    if result.no_further_attacks:
        t.no_more_attacks = True
    if result.counter_attack is not None and not t.waiting:
        _counter(t, result)
    return AttackOnTarget(target.name, d, through, rolls_on, (), result, line)


def _took(t: _Turn, result: AttackResult) -> bool:
    """Explain an attack and move on in the rolls; True if it still awaits a roll (later outcomes unknown)."""
    for r in result.reasons:
        t.say(r)
    t.rolls = result.rolls_after
    if result.outcome == "awaiting-roll":
        t.waiting = True
        t.say("waiting for: " + ", ".join(str(r) for r in result.rolls_needed[:1]))
    return t.waiting


def _apply(t: _Turn, result: AttackResult) -> None:
    """Write the attack's outcome back onto the board: HP, conditions, object state, defeat (p.22, p.26)."""
    after = result.target_after
    board = t.board
    if after.is_object:
        h = board.map.parse(after.name[len("object:"):])
        board = replace(board, map=board.map.with_object(h, after.object_state))
    else:
        f = board.figure(after.name)
        f = replace(f, hp=after.hp, conditions=after.conditions)
        if after.defeated:
            board = replace(board, figures=tuple(x for x in board.figures if x.id != f.id))
            t.say(f"{f.id} is defeated and removed from the map (p.23, p.26)")
        else:
            board = board.with_figure(f)
    me = board.figure(t.me)
    a = result.attacker_after
    board = board.with_figure(replace(me, hp=a.hp, conditions=a.conditions))
    t.board = board


def _counter(t: _Turn, result: AttackResult) -> None:
    req = result.counter_attack
    retaliator = Combatant.on_board(t.board, req.by)
    res = resolve_counter_attack(req, retaliator, Combatant.from_figure(t.figure), t.rolls)
    if _took(t, res):
        return
    board = t.board
    me = board.figure(t.me)
    tgt = res.target_after
    board = board.with_figure(replace(me, hp=tgt.hp, conditions=tgt.conditions))
    other = board.figure(req.by)
    board = board.with_figure(replace(other, conditions=res.attacker_after.conditions))
    t.board = board


def _allies_in_range(t: _Turn, rng: int) -> list[tuple[int, Figure]]:
    f = t.figure
    ranges = t.board.map.ranges_from(f.at, rng)
    return [(ranges[x.at], x) for x in t.board.figures
            if x.side == f.side and x.id != f.id and not x.invisible and x.at in ranges]


def _heal(t: _Turn, card: Card, action: Action) -> None:
    """p.28-29: the adversary or its ally in range with the most damage; range 1 unless the card says."""
    if t.down:
        t.say(f"{card.name}: {t.me} is {t.down.name} and cannot Heal (p.{t.down.page})")
        t.steps.append(Step(card.name, "heal", performed=False))
        return
    f = t.figure
    rng = action.range.explicit if action.range.explicit is not None else 1 + max(0, action.range.modifier)
    options = [(0, f)] + _allies_in_range(t, rng)
    most = max(x.max_hp - x.hp for _, x in options)
    hurt = [x for _, x in options if x.max_hp - x.hp == most]
    choice, tie = decide_figure(t.board, hurt, t.die, "figures")
    healed = min(choice.max_hp, choice.hp + action.value)
    if rng == 0:  # "to self" (p.48 Regenerate): the board's own words, entered as range 0
        t.say(f"{card.name}: Heal {action.value} to itself, HP {choice.hp} → {healed} (p.48)")
    elif most == 0:
        t.say(f"{card.name}: Heal {action.value}: no one in range is damaged (p.28)")
    else:
        t.say(f"{card.name}: Heal {action.value} on {choice.id}, the most damaged of itself and its allies in range "
              f"({most} damage), HP {choice.hp} → {healed} (p.28-29)" + (f"; {'; '.join(tie)}" if tie else ""))
    t.board = t.board.with_figure(replace(choice, hp=healed))
    t.steps.append(Step(card.name, "heal", target=choice.id, value=action.value))


def _damage(t: _Turn, card: Card, action: Action) -> None:
    """Crushing Leap (p.48): "Deal 3 damage and Knocked Down to all Adjacent Figures" - not an Attack, so no
    die, no Guard and no line of sight; every figure (allies too) in a space adjacent and not behind a wall.
    Barrier stops the damage (p.37), Resilient a new detrimental condition (p.37); Invisible figures cannot
    be affected by others' actions (p.37)."""
    if t.down:
        t.say(f"{card.name}: {t.me} is {t.down.name} and cannot deal damage (p.{t.down.page})")
        t.steps.append(Step(card.name, "damage", value=action.value, performed=False))
        return
    f = t.figure
    near = t.board.map.ranges_from(f.at, 1)
    lab = t.board.map.label
    hit = sorted((x for x in t.board.figures if x.id != f.id and x.at in near and not x.invisible),
                 key=lambda x: (t.board.map.layout.to_offset(x.at)[::-1], x.id))
    what = f"{action.value} damage" + (f" and {', '.join(action.conditions)}" if action.conditions else "")
    if not hit:
        t.say(f"{card.name}: {what} to every adjacent figure: none is adjacent (p.48)")
    board = t.board
    for x in hit:
        x, barrier = receive_damage(x, action.value)
        if barrier:
            t.say(f"{card.name}: {x.id}'s Barrier is removed instead of taking {action.value} damage (p.37)")
        else:
            t.say(f"{card.name}: {x.id} on {lab(x.at)} is adjacent: {action.value} damage, not an Attack so no "
                  f"Guard, HP {x.hp} (p.48)")
        if x.hp <= 0 and x.max_hp:
            board = replace(board, figures=tuple(y for y in board.figures if y.id != x.id))
            t.say(f"{x.id} is defeated and removed from the map (p.23, p.26)")
            continue
        if action.conditions:
            conditions, why = apply_conditions(Combatant.from_figure(x), action.conditions)
            x = replace(x, conditions=conditions)
            for r in why:
                t.say(f"{card.name}: {r}")
        board = board.with_figure(x)
    t.board = board
    t.steps.append(Step(card.name, "damage", value=action.value, hits=tuple(x.id for x in hit)))


def _condition(t: _Turn, card: Card, action: Action) -> None:
    """p.28: a beneficial condition to itself first, else to its closest ally without it."""
    f = t.figure
    name = action.name
    if action.target == "self" or not f.has_condition(name):
        choice, why = f, "itself first (p.28)"
    else:
        rng = action.range.explicit if action.range.explicit is not None else 99
        options = [(d, x) for d, x in _allies_in_range(t, rng) if not x.has_condition(name)]
        if not options:
            t.say(f"{card.name}: {name}: it and every ally in range already have it (p.28)")
            t.steps.append(Step(card.name, "condition", name=name, performed=False))
            return
        near = min(d for d, _ in options)
        closest = [x for d, x in options if d == near]
        choice, tie = decide_figure(t.board, closest, t.die, "allies")
        why = f"it already has {name}; its closest ally without it, range {near} (p.28)" + (f"; {'; '.join(tie)}" if tie else "")
    t.say(f"{card.name}: {name} to {choice.id}: {why}")
    if not choice.has_condition(name):
        t.board = t.board.with_figure(replace(choice, conditions=choice.conditions + (name,)))
    t.steps.append(Step(card.name, "condition", target=choice.id, name=name))


# The step of a turn that performs each keyword's `acts` (companion/phantom/keywords.py): the one dispatch.
_PERFORM = {"movement": _movement, "attack": _attack, "heal": _heal, "condition": _condition, "damage": _damage}
