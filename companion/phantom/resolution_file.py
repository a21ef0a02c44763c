"""The resolution file (`companion resolve`'s JSON, DESIGN.md "phantom-epoch-resolution/1"): an adversary's
turn as turn.py resolved it, every space by its label."""
from __future__ import annotations

from .turn import AttackOnTarget, HazardEntered, Resolution

FORMAT = "phantom-epoch-resolution/1"


def resolution_to_dict(r: Resolution) -> dict:
    """The `companion resolve` JSON of DESIGN.md ("phantom-epoch-resolution/1")."""
    lab = r.board.map.label
    steps = []
    for s in r.steps:
        item: dict = {"card": s.card, "action": s.action}
        if s.movement is not None:
            mv = s.movement
            item.update(converted=s.converted, **{"from": lab(mv.start)}, to=lab(mv.end),
                        path=[lab(h) for h in mv.path], mp=mv.mp)
            if s.entered:  # only when it entered one: a step with none reads as before
                item["hazards"] = [_hazard_dict(h, lab) for h in s.entered]
        elif s.action == "attack":
            item["targets"] = [_target_dict(a) for a in s.targets]
            if s.removed:
                item["removed"] = list(s.removed)
        elif s.action == "damage":
            item.update(value=s.value, figures=list(s.hits))
        elif s.action in ("heal", "condition"):
            item["target"] = s.target
            if s.action == "heal":
                item["value"] = s.value
            else:
                item["name"] = s.name
        if not s.performed:
            item["performed"] = False
        if s.ends_turn:
            item["ends_turn"] = s.ends_turn
        if s.primary_target != r.primary_target:  # re-chosen during the turn (p.27): said where it changed
            item["primary_target"] = s.primary_target
        steps.append(item)
    out = {"format": FORMAT, "adversary": r.adversary, "primary_target": r.primary_target, "steps": steps,
           "explanation": list(r.explanation)}
    if r.initiative is not None:
        out["initiative"] = r.initiative
    if r.start is not None:  # only when the start of the turn did something: older resolutions read as before
        st = r.start
        out["start_of_turn"] = {"damage": st.damage, "hp": st.hp,
                                **({"gained": list(st.gained)} if st.gained else {}),
                                **({"lost": list(st.lost)} if st.lost else {}),
                                **({"barrier": True} if st.barrier else {})}
    return out


def _hazard_dict(h: HazardEntered, lab) -> dict:
    item: dict = {"space": lab(h.at), "hazard": h.hazard}
    if h.damage is None:
        item["apply"] = True  # no hazard rules given: the table applies its effect
        return item
    item.update(damage=h.damage, hp=h.hp)
    if h.gained:
        item["gained"] = list(h.gained)
    if h.lost:
        item["lost"] = list(h.lost)
    if h.trap_removed:
        item["trap_removed"] = True
    if h.barrier:
        item["barrier"] = True
    return item


def _target_dict(a: AttackOnTarget) -> dict:
    item = {"target": a.target, "range": a.range,
            "through": [list(x) if isinstance(x, tuple) else x for x in a.through],
            "accuracy_rolls": list(a.accuracy_rolls)}
    if a.line is not None:
        item["line"] = {"from_vertex": list(a.line.from_vertex), "to_vertex": list(a.line.to_vertex)}
    if a.to_roll:
        item["to_roll"] = list(a.to_roll)
    if a.result is not None and a.result.outcome != "awaiting-roll":
        res = a.result
        item["outcome"] = {"result": res.outcome, "target": res.target, "damage": res.damage,
                           "critical": res.critical, "defeated": res.defeated}
    return item

