"""Combat (Combat Phase, Assigning Damage, Evasion, Hit, Intercept, Defense Stations): declaring an
attack, each weapon's shot, return fire, destroyed units and bases, and a Command card's damage."""
from __future__ import annotations

import random
from dataclasses import replace

from ..frame import GameError, Outcome, Verdict, player_name, unit, with_side, with_unit
from .state import D6, Attack, Game, Unit, _playing
from ...record import record


@record
class Shot:
    """One weapon fired at one target: the evasion roll (if any), whether it hit, where the damage went."""
    shooter: str
    weapon: int
    target: str
    roll: int | None
    hit: bool
    to_shields: int = 0
    to_hull: int = 0
    text: str = ""


def evasion_hits(roll: int, hit: int, evasion: int) -> bool:
    """A d6 plus the attacker's Hit; a hit when the total is at least the Evasion (INTERPRETATIONS.md)."""
    return roll + hit >= evasion


def damage_split(damage: int, shields: int) -> tuple[int, int]:
    """Damage goes to shields first, then to the unit (Assigning Damage): (to shields, to hull)."""
    to_shields = min(damage, shields)
    return to_shields, damage - to_shields


def _target_label(g: Game, target: str) -> str:
    if target.startswith("base-"):
        return f"{player_name(g, int(target[5:]))}'s base"
    if "/" in target:
        uid, k = target.split("/")
        return f"{unit(g, uid).mods[int(k)].card} on {unit(g, uid).card}"
    return unit(g, target).card


def _target_owner(g: Game, target: str) -> int:
    if target.startswith("base-"):
        return int(target[5:])
    return unit(g, target.split("/")[0]).owner


def _check_target(g: Game, t: str, field: str) -> None:
    """A standing base ("base-<seat>"), a unit in play, or one of its modifications ("<unit>/<index>")."""
    if t.startswith("base-"):
        seat = int(t[5:]) if t[5:].isdigit() and t[5:].isascii() else -1
        if not 0 <= seat < len(g.players) or g.sides[seat].out:
            raise GameError(field, f"There is no base {t!r} to attack.")
    else:
        uid, _, k = t.partition("/")
        u = next((x for x in g.units if x.id == uid), None)
        if u is None:
            raise GameError(field, f"There is no unit {uid!r} in play; it may have been destroyed.")
        if k and not (k.isdigit() and k.isascii() and int(k) < len(u.mods)):
            raise GameError(field, f"{u.card} has no modification {k}.")


def _stations(g: Game, owner: int) -> tuple[Unit, ...]:
    return tuple(u for u in g.units if u.owner == owner and u.type == "defense-station")


def attackers(g: Game) -> tuple[Unit, ...]:
    """The units that may announce an attack now: the current player's, out of Testing, not a Defense Station,
    with a weapon not yet fired this turn (Combat Phase, Defense Stations)."""
    if g.stage != "play" or g.step != "combat" or g.attack is not None:
        return ()
    return tuple(u for u in g.units if u.owner == g.turn and not u.testing and u.type != "defense-station"
                 and u.ready())


def declare(g: Game, attacker: str, targets: tuple[tuple[int, str], ...], ignore_stations: bool = False) -> Outcome:
    """Choose one unit, assign its weapons to targets (not all need a target)."""
    _playing(g, "combat", field="attacker", what="Attacks are announced")
    i = g.turn
    if g.attack is not None:
        raise GameError("attacker", "Resolve the declared attack first, one at a time (Combat Phase).")
    a = unit(g, attacker)
    if a.owner != i:
        raise GameError("attacker", f"{a.card} is not {player_name(g, i)}'s unit.")
    if a.testing:
        raise GameError("attacker", f"{a.card} is in Testing: it cannot be used to initiate an attack during your "
                                    "Combat Phase; it may still defend itself (Construction Project).")
    if a.type == "defense-station":
        raise GameError("attacker", f"{a.card} is a Defense Station: Defense Stations may not initiate attacks "
                                    "(Defense Stations).")
    if not a.weapons:
        raise GameError("attacker", f"{a.card} has no weapon: a unit attacks by assigning its weapons to targets "
                                    "(Combat Phase).", "Combat Phase")
    if not a.ready():
        raise GameError("attacker", f"Every weapon of {a.card} has fired this turn: each weapon on a unit may only be "
                                    "fired once per turn (Combat Phase).", "Combat Phase")
    if not targets:
        raise GameError("targets", "Assign at least one weapon to a target.")
    seen = set()
    for w, t in targets:
        if not 0 <= w < len(a.weapons):
            raise GameError("targets", f"{a.card} has no weapon {w + 1}.")
        if w in a.fired or w in seen:
            raise GameError("targets", f"{a.card}'s weapon {w + 1} has already fired this turn: each weapon on a "
                                       "unit may only be fired once per turn (Combat Phase).")
        seen.add(w)
        _check_target(g, t, "targets")
        if _target_owner(g, t) == i:
            raise GameError("targets", "Choose an opposing unit or base.")
        if t.startswith("base-") and _stations(g, int(t[5:])) and not ignore_stations:
            raise GameError("targets", f"{player_name(g, int(t[5:]))}'s Defense Stations must be attacked first before "
                                       "attacks may be initiated against the base; or choose to ignore them and let "
                                       "them fire first (Defense Stations).")
    g = replace(g, attack=Attack(attacker, tuple(targets), ignore_stations))
    lines = ", ".join(f"weapon {w + 1} at {_target_label(g, t)}" for w, t in targets)
    return Outcome(g, f"{a.card} announces an attack: {lines}",
                   ("Targeted units may now assign their weapons against the attacker (Combat Phase).",))


def _fire(g: Game, shooter: Unit, w: int, target: str, rolls: dict, rng, effective_evasion=None,
          roll_for_me: bool = False) -> tuple[Game, Shot]:
    """Resolve one weapon against one target at once (used for shots that come first)."""
    shot = _aim(g, shooter, w, target, rolls, rng, effective_evasion, roll_for_me)
    return _apply(g, (shot,)), shot


def _aim(g: Game, shooter: Unit, w: int, target: str, rolls: dict, rng, effective_evasion=None,
         roll_for_me: bool = False) -> Shot:
    """One shot; a target with Evasion takes the table's d6 from `rolls`, or the app's only when the table
    pressed Roll for me (`roll_for_me`), and the log says which it was."""
    dmg = shooter.weapons[w]
    key = f"{shooter.id}:{w}"
    label = _target_label(g, target)
    evasion = 0
    if not target.startswith("base-") and "/" not in target:
        evasion = unit(g, target).evasion if effective_evasion is None else effective_evasion
    roll = None
    if evasion:
        roll, by = rolls.get(key), ""
        if roll is None:
            if not roll_for_me:
                raise GameError("rolls", f"{shooter.card}'s weapon {w + 1} fires at {label}, which has Evasion "
                                         f"{evasion}: tap the face its d6 shows, or Roll for me (Evasion).", "Evasion")
            roll, by = (rng or random.SystemRandom()).randint(1, D6), " (the app's d6: Roll for me)"
        if not 1 <= roll <= D6:
            raise GameError(f"roll_{key}", f"A d6 shows 1 to 6, not {roll}.")
        if not evasion_hits(roll, shooter.hit, evasion):
            return Shot(shooter.id, w, target, roll, False, text=f"{shooter.card} weapon {w + 1} at {label}: rolled "
                        f"{roll}{by} + Hit {shooter.hit} = {roll + shooter.hit} against Evasion {evasion}: a miss, no "
                        "damage (Evasion).")
    note = (f"rolled {roll}{by} + Hit {shooter.hit} = {roll + shooter.hit} against Evasion {evasion}: a hit; "
            if evasion else "")
    if target.startswith("base-"):
        return Shot(shooter.id, w, target, roll, True, 0, dmg, f"{shooter.card} weapon {w + 1} at {label}: {note}"
                    f"{dmg} damage to the base.")
    if "/" in target:
        return Shot(shooter.id, w, target, roll, True, 0, dmg, f"{shooter.card} weapon {w + 1} at {label}: {note}"
                    f"{dmg} damage to the Modification; shields do not mitigate it (Destroying a Modification).")
    to_s, to_h = damage_split(dmg, unit(g, target).shields)
    return Shot(shooter.id, w, target, roll, True, to_s, to_h, f"{shooter.card} weapon {w + 1} at {label}: {note}"
                f"{dmg} damage, {to_s} to shields and {to_h} to the hull (Assigning Damage).")


def _apply(g: Game, shots: tuple[Shot, ...]) -> Game:
    """Mark weapons fired and put damage on shields, hulls, modifications and bases."""
    for s in shots:
        shooter = unit(g, s.shooter)
        g = _damage(with_unit(g, replace(shooter, fired=tuple(sorted(set(shooter.fired) | {s.weapon})))), s)
    return g


def _damage(g: Game, s: Shot) -> Game:
    """Put a hit's damage on shields, hull, modification or base."""
    if s.hit:
        if s.target.startswith("base-"):
            seat = int(s.target[5:])
            side = g.sides[seat]
            # a base's card holds at most its hit points in damage: "19/18" is a destroyed base (Bases)
            g = with_side(g, seat, base_damage=min(side.base_hp, side.base_damage + s.to_hull) if side.base_hp
                          else side.base_damage + s.to_hull)
        elif "/" in s.target:
            uid, k = s.target.split("/")
            u = unit(g, uid)
            mods = list(u.mods)
            mods[int(k)] = replace(mods[int(k)], damage=mods[int(k)].damage + s.to_hull)
            g = with_unit(g, replace(u, mods=tuple(mods)))
        else:
            u = unit(g, s.target)
            g = with_unit(g, replace(u, shields=u.shields - s.to_shields, damage=u.damage + s.to_hull))
    return g


def _casualties(g: Game) -> tuple[Game, tuple[str, ...]]:
    """Destroyed units, their personnel and destroyed modifications to the Scrapyard; destroyed bases."""
    reasons = []
    for u in list(g.units):
        kept = tuple(m for m in u.mods if m.damage < m.hp)
        for m in u.mods:
            if m.damage >= m.hp:
                g = with_side(g, u.owner, scrapyard=g.sides[u.owner].scrapyard + (m.card,))
                reasons.append(f"{m.card} on {u.card} is destroyed (Destroying a Modification).")
        if kept != u.mods:
            g = with_unit(g, replace(u, mods=kept))
        if u.damage >= u.hp:
            crew = [s for s in g.staff if s.on == u.id]
            cards = (u.card,) + tuple(m.card for m in kept) + tuple(s.card for s in crew)
            g = replace(g, units=tuple(x for x in g.units if x.id != u.id),
                        staff=tuple(s for s in g.staff if s.on != u.id))
            g = with_side(g, u.owner, scrapyard=g.sides[u.owner].scrapyard + cards)
            crew_note = f"; its personnel ({', '.join(s.card for s in crew)}) too" if crew else ""
            reasons.append(f"{u.card} has {u.damage} damage against {u.hp} hit points: destroyed, to the Scrapyard"
                           f"{crew_note}.")
    for i, s in enumerate(g.sides):
        if not s.out and s.base_damage >= s.base_hp:
            g = with_side(g, i, out=True)
            reasons.append(f"{player_name(g, i)}'s base has {s.base_damage} damage against {s.base_hp} hit points: "
                           "destroyed.")
    standing = [i for i, s in enumerate(g.sides) if not s.out]
    if len(standing) <= 1 and g.stage == "play":
        winner = standing[0] if standing else None
        how = (f"{'Every base but ' + player_name(g, winner) + '’s' if winner is not None else 'Every base'} is destroyed: "
               "the goal is to destroy the opposing base(s) (The Rules).",)
        g = replace(g, stage="over", verdict=Verdict(winner, how))
        reasons += list(how)
    return g, tuple(reasons)


def resolve(g: Game, back: tuple[tuple[str, int], ...] = (), intercept: tuple[tuple[str, int], ...] = (),
            rolls: dict[str, int] | None = None, rng: random.Random | None = None, cover: str | None = None,
            roll_for_me: bool = False) -> Outcome:
    """Resolve the declared attack. Order: Defense Stations the attacker ignored fire first; then intercept;
    then the attacker's weapons and the return fire together; then destroyed units.
    `back` and `intercept` are (unit, weapon) of the defenders; `rolls` maps "unit:weapon" to a d6;
    `cover` is a unit with Intercept that becomes the target of the attack instead, at effective evasion 0.
    Every shot at a unit with Evasion takes the table's die from `rolls`; the app rolls it only when the table
    asked (`roll_for_me`), never unasked (issues 20, 29), and the log says it did."""
    if g.attack is None:
        raise GameError("attacker", "Announce an attack first (Combat Phase).")
    rolls = rolls or {}
    at = g.attack
    a = unit(g, at.attacker)
    if cover:
        c = unit(g, cover)
        if c.owner == g.turn or not c.intercept:
            raise GameError("cover", f"{c.card} is not a defending unit with Intercept: only a unit with Intercept "
                                     "may choose to become the target of the attack (Intercept).")
        if any(uid == cover for uid, _ in intercept):
            raise GameError("cover", f"{c.card} either fires its weapons at the attacker or becomes the target of "
                                     "the attack, not both: “Alternatively” (Intercept).")
        at = replace(at, targets=tuple((w, cover) for w, _ in at.targets))
    targeted = {t.split("/")[0] for _, t in at.targets}
    g = replace(g, attack=None)
    lines = []
    for uid, w in back + intercept:
        u = unit(g, uid)
        if u.owner == g.turn:
            raise GameError("back", f"{u.card} is the attacker's own unit.")
        if w not in u.ready():
            raise GameError("back", f"{u.card}'s weapon {w + 1} has already fired this turn: each weapon on a unit "
                                    "may only be fired once per turn (Combat Phase).")
    if len(set(back + intercept)) != len(back + intercept):
        raise GameError("back", "A weapon may only be fired once per turn (Combat Phase).")
    for uid, _ in back:
        if uid not in targeted:
            raise GameError("back", f"{unit(g, uid).card} is not targeted: only targeted units may assign their "
                                    "weapons against the attacker (Combat Phase).")
    for uid, _ in intercept:
        if not unit(g, uid).intercept:
            raise GameError("intercept", f"{unit(g, uid).card} has no Intercept (Intercept).")
    first = []
    for seat in {int(t[5:]) for _, t in at.targets if t.startswith("base-")}:
        if at.ignore_stations:
            first += [(s, w) for s in _stations(g, seat) for w in s.ready()]
    if a.evasion and not roll_for_me:
        unrolled = [(s, w) for s, w in first if f"{s.id}:{w}" not in rolls]
        if unrolled:
            s, w = unrolled[0]
            raise GameError("rolls", f"{s.card}'s weapon {w + 1} fires first at {a.card}, which has "
                            f"Evasion {a.evasion}: tap the face its d6 shows, or Roll for me (Defense Stations, "
                            "Evasion).", "Defense Stations")
    for s, w in first:
        g, shot = _fire(g, s, w, a.id, rolls, rng, roll_for_me=roll_for_me)
        lines.append(shot.text + " The ignored Defense Station fires first (Defense Stations).")
    for uid, w in intercept:
        g, shot = _fire(g, unit(g, uid), w, a.id, rolls, rng, roll_for_me=roll_for_me)
        lines.append(shot.text + " Intercept resolves before the attack (Intercept).")
    a = unit(g, a.id)
    if a.damage >= a.hp:
        g = with_unit(g, replace(a, fired=tuple(sorted(set(a.fired) | {w for w, _ in at.targets}))))
        lines.append(f"{a.card} is destroyed before it attacks; its assigned weapons are used (Evasion).")
        g, dead = _casualties(g)
        return _logged(g, f"{a.card} was destroyed before attacking", tuple(lines) + dead)
    if cover:
        lines.append(f"{unit(g, cover).card} becomes the target of the attack: its effective evasion is 0 "
                     "(Intercept).")
    shots = tuple(_aim(g, a, w, t, rolls, rng, 0 if cover else None, roll_for_me) for w, t in at.targets)
    shots += tuple(_aim(g, unit(g, uid), w, a.id, rolls, rng, roll_for_me=roll_for_me) for uid, w in back)
    g = _apply(g, shots)
    lines += [s.text for s in shots]
    g, dead = _casualties(g)
    hits = sum(1 for s in shots if s.hit and s.shooter == a.id)
    return _logged(g, f"{a.card} attacked: {hits} of {len(at.targets)} weapon{'s' if len(at.targets) != 1 else ''} "
                      "hit", tuple(lines) + dead)


def _logged(g: Game, summary: str, lines: tuple[str, ...]) -> Outcome:
    """An attack resolved, its log line in the game's words (issue 38): the summary, then each weapon's shot (its
    d6 against Evasion, the damage to shields and hull), the return fire and what was destroyed."""
    return Outcome(replace(g, combat=lines), f"{summary} (Combat Phase): " + " ".join(lines), lines)


def command_damage(g: Game, target: str, damage: int) -> Outcome:
    """Damage dealt by a Command card, its text resolved at the table (an attack is also "playing an Attack
    Command"): to a base; to a unit, shields first; or redirected to a Modification on that unit, which
    shields do not mitigate. Instant commands may be played at any time, so any step of play is allowed."""
    if g.stage != "play":
        raise GameError("stage", "The game is over." if g.stage == "over" else "The game has not begun.")
    _check_target(g, target, "target")
    if damage < 1:
        raise GameError("damage", f"A Command card's damage is at least 1 ({damage}).")
    label = _target_label(g, target)
    if target.startswith("base-") or "/" in target:
        shot = Shot("", 0, target, None, True, 0, damage)
        why = ("Command damage to a Modification: defenses such as shields do not mitigate it (Destroying a "
               "Modification)." if "/" in target else "Command damage to a base (Command Card).")
    else:
        to_s, to_h = damage_split(damage, unit(g, target).shields)
        shot = Shot("", 0, target, None, True, to_s, to_h)
        why = f"Command damage: {to_s} to shields first, {to_h} to the unit (Assigning Damage)."
    g, dead = _casualties(_damage(g, shot))
    return Outcome(g, f"A Command card deals {damage} damage to {label}", (why,) + dead)
