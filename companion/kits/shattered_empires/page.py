"""A Shattered Empires game page: what its template needs, and its actions (form -> rules command)."""
from __future__ import annotations

from flask import request

from ...games import shattered_empires as rules
from ...games.frame import GameError, allowed
from . import forms

KEY = rules.KEY
TEMPLATE = "games/shattered_empires/page.html"  # in this kit's templates/ folder
LABELS = {"starter": "Starter deck", "ability": "Named ability", "found": "Projectiles found", "base": "Base", "card": "Card", "project": "Project", "amount": "Yield", "target": "Target",
             "personnel": "Personnel", "to": "Assign to", "attacker": "Attacking unit", "targets": "Targets",
             "back": "Return fire", "intercept": "Intercept", "cover": "Becomes the target", "rolls": "Evasion rolls",
             "repairer": "Repairing unit", "damage": "Damage",
             "sideboard": "Sideboard", "player": "Player", "begin": "Beginning triggers", "end": "End triggers",
             **{f"weapon_{k}": f"Weapon {k}" for k in range(1, forms.MAX_WEAPONS + 1)}}


def context(g: rules.Game, content: rules.Content) -> dict:
    me = g.turn
    return {
        "se": rules, "content": content,
        "hand_cards": {t: [c for c in content.cards if c.type in t and c.name in dict(g.sides[me].deck)
                           and (t != ("resource",) or rules.may_play_resource(g))]
                       for t in (("construction",), ("research",), ("resource",), ("personnel",),
                                 ("command", "projectile"))},
        "sideboard_cards": [content.card(n) for n in g.sides[me].sideboard],
        "deck_choices": [[c for c in content.cards if c.faction in (None, s.faction) and not c.sideboard]
                         for s in g.sides],
        "sideboard_choices": [[c for c in content.cards if c.faction in (None, s.faction) and c.sideboard]
                              for s in g.sides],
        "targets": attack_targets(g), "damage_targets": damage_targets(g), "shots": pending_shots(g) if g.attack else {},
        "staff_of": {u: [s for s in g.staff if s.on == u] for u in {s.on for s in g.staff}},
        "unit_options": [(u.id, u.card + (" (in Testing)" if u.testing else "")) for u in g.units if u.owner == me],
        "attacker_options": [(u.id, u.card) for u in rules.attackers(g)],
        "aiming": aiming(g),
        "allocatable": {p.id: rules.allocatable(g, p.id) for p in g.projects},
        "mod_targets": {p.id: [(u.id, u.card) for u in g.units if u.owner == me and u.type == p.requires]
                        for p in g.projects if p.mod},
        "seat_options": [(str(i), p.name) for i, p in enumerate(g.players)],
        "promotions": [c for c in content.cards if c.type == "construction" and c.unit],
        # Launcher searches to record (a unit destroyed before its search is recorded has none)
        "launchers": [u for u in g.units if u.id in g.launches],
        # issue 29: a card's one tap offered only as the rules take it now, else disabled with the reason
        "may_queue": {c.name: allowed(rules.play_construction, g, content, c.name)
                      for c in content.cards if g.stage == "play" and g.step == "queue" and c.type == "construction"},
    }


def aiming(g: rules.Game):
    """The unit whose weapons the declare form aims: tapped in the list of attackers (or sent back with a refused
    form), or the only one that may attack; one target chooser per weapon it has ready (issue 29)."""
    may = rules.attackers(g)
    chosen = request.args.get("attacker") or (request.form.get("attacker", "") if request.form.get("_form") == "declare"
                                               else "")
    return next((u for u in may if u.id == chosen), may[0] if len(may) == 1 else None)


def attack_targets(g: rules.Game) -> list[tuple[str, str]]:
    """Every opposing unit, its modifications and every standing opposing base, as (value, label)."""
    out = []
    for u in g.units:
        if u.owner != g.turn:
            out.append((u.id, f"{u.card} ({g.players[u.owner].name})"))
            out += [(f"{u.id}/{k}", f"{m.card} on {u.card} (modification)") for k, m in enumerate(u.mods)]
    out += [(f"base-{i}", f"{g.players[i].name}'s base") for i, s in enumerate(g.sides) if i != g.turn and not s.out]
    return out


def damage_targets(g: rules.Game) -> list[tuple[str, str]]:
    """What a Command card may damage: every standing base, every unit and its modifications (an Instant
    card may be played by any player, so every side's are listed)."""
    out = [(f"base-{i}", f"{g.players[i].name}'s base") for i, s in enumerate(g.sides) if not s.out]
    for u in g.units:
        out.append((u.id, f"{u.card} ({g.players[u.owner].name})"))
        out += [(f"{u.id}/{k}", f"{m.card} on {u.card} (modification)") for k, m in enumerate(u.mods)]
    return out


def pending_shots(g: rules.Game) -> dict:
    """For the resolve form: the attacker's shots, the targeted units' weapons that may fire back, the
    interceptors' weapons, and which of them need an evasion roll (the target has Evasion)."""
    at = g.attack
    a = rules.unit(g, at.attacker)

    def evades(target: str) -> int:
        return 0 if target.startswith("base-") or "/" in target else rules.unit(g, target).evasion

    targeted = {t.split("/")[0] for _, t in at.targets if not t.startswith("base-")}
    back = [(u, w) for u in g.units if u.id in targeted for w in u.ready()]
    intercept = [(u, w) for u in g.units if u.owner != g.turn and u.intercept and u.id not in targeted
                 for w in u.ready()]
    cover = [(u.id, f"{u.card} (effective evasion 0)") for u in g.units if u.owner != g.turn and u.intercept]
    # an ignored Defense Station fires first; at an attacker with Evasion each shot asks for its d6
    stations = [(s, w) for seat in sorted({int(t[5:]) for _, t in at.targets if t.startswith("base-")})
                for s in rules._stations(g, seat) for w in s.ready()] if at.ignore_stations and a.evasion else []
    return {"attacker": a, "mine": [(w, t, evades(t)) for w, t in at.targets], "back": back, "stations": stations,
            "d6": [{"value": n, "critical": False, "label": str(n)} for n in range(1, rules.D6 + 1)],
            "any_roll": bool(stations) or bool(a.evasion) or any(evades(t) for _, t in at.targets),
            "intercept": intercept, "cover": cover, "label": {t: rules._target_label(g, t) for _, t in at.targets}}


def _deck(g, f, c):
    player = int(f.player)
    rules.seat(g, player)
    cards = c.starter(g.sides[player].faction or "") if f.starter else f.cards
    return rules.set_deck(g, c, player, cards, tuple(x for x in f.sideboard if x))


def _play(g, f, c):
    """One card from hand: what the current step allows."""
    card = c.card(f.card)
    kind = card.type if card else None
    play = {"construction": rules.play_construction, "research": rules.play_research,
            "resource": rules.play_resource, "personnel": rules.hire, "command": rules.play_command,
            "projectile": rules.play_command}
    if kind not in play:
        raise GameError("card", f"There is no card {f.card!r} in the card list.")
    return play[kind](g, c, f.card)


def _declare(g, f, c):
    targets = tuple((k - 1, t) for k in range(1, forms.MAX_WEAPONS + 1) if (t := getattr(f, f"weapon_{k}")))
    return rules.declare(g, f.attacker, targets, f.ignore_stations)


def _lines(text: str) -> tuple[str, ...]:
    return tuple(line.strip() for line in (text or "").splitlines() if line.strip())


ACTIONS = {
    "base": (forms.BaseForm, lambda g, f, c: rules.choose_base(g, c, int(f.player), f.base)),
    "deck": (forms.DeckForm, _deck),
    "play": (forms.CardForm, _play),
    "allocate": (forms.AllocateForm, lambda g, f, c: rules.allocate(g, f.project, f.amount, f.target or None)),
    "modify": (forms.ModifyForm, lambda g, f, c: rules.choose_modified(g, f.project, f.target)),
    "assign": (forms.AssignForm, lambda g, f, c: rules.assign(g, f.personnel, f.to)),
    "declare": (forms.DeclareForm, _declare),
    "resolve": (forms.ResolveForm, lambda g, f, c: rules.resolve(g, f.back, f.intercept, f.rolls, cover=f.cover or None,
                                                                            roll_for_me=f.roll_for_me)),
    "launcher": (forms.LauncherForm, lambda g, f, c: rules.launcher_search(g, f.unit, f.found)),
    "repair": (forms.RepairForm, lambda g, f, c: rules.repair(g, f.repairer, f.target, f.amount)),
    "scrap": (forms.ProjectForm, lambda g, f, c: rules.scrap(g, f.project)),
    "promote": (forms.PromoteForm, lambda g, f, c: rules.promote(g, c, f.unit, f.card)),
    "triggers": (forms.TriggersForm, lambda g, f, c: rules.set_triggers(g, int(f.player), _lines(f.begin),
                                                                         _lines(f.end))),
    "command-damage": (forms.CommandDamageForm, lambda g, f, c: rules.command_damage(g, f.target, f.damage)),
    "hand": (forms.HandForm, lambda g, f, c: rules.adjust_hand(g, int(f.player), f.delta)),
}
