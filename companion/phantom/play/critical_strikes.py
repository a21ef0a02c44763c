"""Critical abilities at the table (p.20): after a character's Critical Strike, the abilities it may activate (its
class board's, its attachments') offered one tap each and applied; after an adversary's, its Adversary
Description card's ability applied with the Attack, its target picked by the Decision die when the Critical
Strike hit more than one (p.20). A condition and damage are applied; a push, an Attack on adjacent enemies and
free text are shown for the table. A Critical Strike dealing 0 damage still activates its ability (p.20)."""
from __future__ import annotations

from dataclasses import replace

from ..attack import AttackError, Combatant, apply_conditions
from ..criticals import CriticalAbility
from ..decision import break_tie
from .figures import defeat
from .state import Mission, MissionError, Update, in_phase
from ...record import record


@record
class CriticalOffer:
    """What the current character's Critical Strike may activate now: one of `abilities` (index, what it does,
    whether the app applies it) on `target`; empty when nothing is pending. `reason` and `page` cite the rule."""
    target: str = ""
    abilities: tuple[tuple[int, str, bool], ...] = ()
    reason: str = "A Critical Strike activates one critical ability, applied after step 7 of the Attack"
    page: str = "20"


def critical_offer(mission: Mission) -> CriticalOffer:
    rnd = mission.round
    if rnd is None or rnd.critical is None or rnd.current is None:
        return CriticalOffer()
    ch = next((c for c in mission.characters if c.id == rnd.current), None)
    if ch is None or not ch.criticals:
        return CriticalOffer()
    return CriticalOffer(rnd.critical, tuple((i, f"{a.source}: {a.describe()}", a.applied)
                                             for i, a in enumerate(ch.criticals)))


def activate_critical(mission: Mission, index: int) -> Update:
    """The current character activates one of its critical abilities after its Critical Strike (p.20): only one
    per Critical Strike, on the Attack's target."""
    rnd = in_phase(mission, "turns")
    offer = critical_offer(mission)
    if not offer.abilities:
        raise MissionError("critical", "no Critical Strike of this turn waits for its critical ability", "20")
    ch = mission.character(rnd.current)
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(ch.criticals):
        raise MissionError("critical", f"{ch.name} has critical abilities 0 to {len(ch.criticals) - 1}, not {index!r}")
    mission = replace(mission, round=replace(rnd, critical=None))
    mission, reasons = apply_critical(mission, ch.criticals[index], offer.target, ch.name)
    return Update(mission, reasons)


def apply_critical(mission: Mission, ability: CriticalAbility, target_id: str, by: str
                   ) -> tuple[Mission, tuple[str, ...]]:
    """`ability` activated by `by` on `target_id` (p.20): its condition and damage applied, the rest said."""
    reasons = [f"{by} activates a critical ability ({ability.source}): {ability.describe()} (p.20)"]
    target = mission.figure(target_id)
    if target is None and (ability.condition or ability.damage):
        reasons.append(f"{target_id} is no longer on the map: its condition and damage have nothing to apply to")
    elif target is not None:
        if ability.condition:
            try:
                conditions, why = apply_conditions(Combatant.from_figure(target), [ability.condition])
            except AttackError as exc:
                raise MissionError("critical", str(exc)) from None
            target = replace(target, conditions=conditions)
            reasons.extend(why)
        if ability.damage:
            hp = max(0, target.hp - ability.damage)
            reasons.append(f"{target.id} suffers {ability.damage} damage: HP {target.hp} -> {hp} (p.20)")
            target = replace(target, hp=hp)
        mission = replace(mission, board=mission.board.with_figure(target))
        if target.hp <= 0 and target.max_hp:
            mission, why = defeat(mission, target)
            reasons.extend(why)
    rest = [x for x in (f"push {ability.push}" if ability.push else "",
                        f"Attack {ability.adjacent_attack:+d} on all adjacent enemies"
                        if ability.adjacent_attack is not None else "") if x]
    if rest:
        reasons.append(f"the table applies {' and '.join(rest)} by hand (p.20)")
    return mission, tuple(reasons)


def adversary_critical(mission: Mission, resolution) -> tuple[Mission, tuple[str, ...]]:
    """An adversary's Critical Strike this turn activates its card's critical ability (p.20, p.46), once for the
    turn's Attack: on the target it struck critically, the Decision die choosing when it struck more than one.
    Bosses apply their own (p.48 I) as the table reads it."""
    kind = mission.kind(mission.adversary(resolution.adversary).type) if any(
        a.id == resolution.adversary for a in mission.adversaries) else None
    ability = getattr(kind, "critical", None)
    struck = list(dict.fromkeys(t.target for s in resolution.steps for t in s.targets
                                if t.result is not None and t.result.critical_ability))
    if not struck or ability is None:
        return mission, ()
    reasons: list[str] = []
    target = struck[0]
    if len(struck) > 1 and mission.round is not None:
        board = resolution.board
        where = {f.id: f for f in (*mission.board.figures, *board.figures)}
        tie = break_tie(struck, mission.round.die, position=lambda fid: board.map.layout.centre(where[fid].at),
                        label=str, color=lambda fid: where[fid].color, what="targets of its Critical Strikes")
        target = tie.choice
        reasons.append(f"{resolution.adversary} struck {', '.join(struck)} critically: the Decision die picks "
                       f"{target} for its critical ability (p.20): " + "; ".join(tie.reasons))
    mission, why = apply_critical(mission, ability, target, resolution.adversary)
    return mission, tuple(reasons) + why
