"""Combat (Game Phases: Combat 1-7; Locations): the dice, Tactic cards and terrain of both sides, damage
assigned BU, EU, GU, then the Base, tray bonuses, destroyed Bases and Headquarters; and True Damage
and removals outside combat."""
from __future__ import annotations

import re
from dataclasses import replace

from ..frame import GameError, Outcome, Verdict, player_name, with_side
from .board import _put, adjacent, bases, bases_needed, freed_slots, on_map, space
from .squads import _adjacent, _command, _ordered, _own_squad, _pick_units, _terrain, commandable
from .state import BONUSES, KINDS, Content, Game, Space, Symbols, TacticCard, Terrain, Unit, _playing
from ...record import record


@record
class Fighter:
    roll: Symbols
    terrain: Terrain
    units: int
    high: bool = False
    reroll: tuple[Symbols, Symbols] | None = None  # the re-rolled die's face before and after
    rerolled: bool = False  # the roll entered as counts is the one after the side's re-roll of one die
    tactic: tuple[TacticCard, ...] = ()  # in the order the side resolves them

    @property
    def ignores_terrain(self) -> bool:
        return any(c.ignore_terrain for c in self.tactic)


@record
class CombatResult:
    damage: tuple[int, int]  # total Damage of attacker, defender
    defend: tuple[int, int]  # total V
    dealt: tuple[int, int]  # final damage dealt to attacker, defender
    reasons: tuple[str, ...]


SIDES = ("attacker", "defender")
# Combat 1: each side rolls dice "based on the units involved", one per unit by its kind (the rulebook's
# example: a Squad of Basic units rolls that many Basic Dice, 1 BU and 1 EU roll 1 Basic and 1 Elite Die).
DIE_OF = {"BU": "basic", "EU": "elite", "GU": "general"}
DEFAULT_TACTIC = re.compile(r"Tactic card( [0-9]+)?$")  # a card entered without a name: not kept by name


def combat_dice(g: Game, space_id: str, attacking: bool) -> tuple[str, ...]:
    """The dice a side rolls in a combat (Combat 1): one per unit of its Squad, and the Attack Die for the
    Attacker. A Base without a Squad rolls none."""
    return combat_dice_of(space(g, space_id), attacking)


def combat_dice_of(s: Space, attacking: bool) -> tuple[str, ...]:
    return tuple(DIE_OF[u.kind] for u in s.units) + (("attacker",) if attacking else ())


def attack_choices(g: Game) -> tuple[tuple[str, str], ...]:
    """Each attack the current player may declare now (C2): from a Squad that may take a Command Token, to an
    adjacent Space held by another player."""
    return tuple((s.id, t) for s in commandable(g) for t in adjacent(g, s.id) if space(g, t).owner not in (None, g.turn))


def _rolled(f: Fighter, who: str) -> tuple[Symbols, tuple[str, ...]]:
    if f.reroll is None and not f.rerolled:
        return f.roll, ()
    if not f.high:
        raise GameError(f"{who}_reroll", f"The {who} is not on a Higher Terrain Tray: only a faction on a Higher "
                                         "Terrain Tray can re-roll a die once (Combat 1).")
    if f.reroll is None:
        return f.roll, (f"The {who} is on a Higher Terrain Tray and re-rolled one die: the roll entered is the one "
                        "after it (Combat 1).",)
    before, after = f.reroll
    left = f.roll - before
    if min(left.damage, left.defend, left.tactic) < 0:
        raise GameError(f"{who}_reroll", f"The re-rolled die's face ({before.label}) is not in the {who}'s roll "
                                         f"({f.roll.label}).")
    return left + after, (f"The {who} is on a Higher Terrain Tray and re-rolled one die: {before.label} became "
                          f"{after.label} (Combat 1).",)


def resolve_combat(attacker: Fighter, defender: Fighter) -> CombatResult:
    """Steps 1-5: dice (with one re-roll on a higher tray), Tactic cards within the T symbols rolled, the
    attacker's resolved first, terrain modifiers, then each side's Damage less the other's V, never below 0."""
    fighters = (attacker, defender)
    rolls, reasons = [], []
    for f, who in zip(fighters, SIDES):
        r, why = _rolled(f, who)
        rolls.append(r)
        reasons += why
        reasons.append(f"The {who} rolled {r.label}.")
    for f, r, who in zip(fighters, rolls, SIDES):  # steps 2-3: each side within its [T]
        step = 2 + SIDES.index(who)
        if len(f.tactic) > r.tactic:
            raise GameError(f"{who}_tactic_cards", f"The {who} rolled {r.tactic} [T]: at most {r.tactic} Tactic "
                                                   f"card{'s' if r.tactic != 1 else ''}, {len(f.tactic)} entered "
                                                   f"(Combat {step}).")
        if not f.tactic and r.tactic == 0:
            reasons.append(f"The {who} rolled no [T]: no Tactic card (Combat {step}).")
    for f, who in zip(fighters, SIDES):  # step 4: the attacker's cards resolved first, then the defender's
        for k, c in enumerate(f.tactic, 1):
            ignored = f", its {f.terrain.name} effect ignored" if c.ignore_terrain and f.terrain.name else ""
            reasons.append(f"The {who}'s Tactic card {k} of {len(f.tactic)}, {c.name}: +{c.damage} Damage, "
                           f"+{c.defend} V{ignored} (Combat 4: "
                           f"{'the attacker first' if who == 'attacker' else 'after the attacker'}).")
    damage, defend = [], []
    for k, (f, r, who) in enumerate(zip(fighters, rolls, SIDES)):
        other = fighters[1 - k]
        d = r.damage + sum(c.damage for c in f.tactic)
        v = r.defend + sum(c.defend for c in f.tactic)
        t = f.terrain
        bonus = (t.attack or t.defend) and not f.ignores_terrain
        if bonus and other.terrain.ignores_target_bonuses:
            reasons.append(f"The {who}'s {t.name} bonus is ignored: the other side fights from the "
                           f"{other.terrain.name} (Locations: {other.terrain.name}).")
        elif bonus and f.units < t.min_units:
            reasons.append(f"No {t.name} bonus for the {who}: it needs a Squad of at least {t.min_units} units "
                           f"(Locations: {t.name}).")
        elif bonus:
            d, v = d + t.attack, v + t.defend
            reasons.append(f"The {who} is in the {t.name}: +{t.attack} Attack, +{t.defend} Defend (Locations: {t.name}).")
        if t.defend_zero and not f.ignores_terrain:
            v = 0
            reasons.append(f"The {who} is in the {t.name}: its Defend value is 0 (Locations: {t.name}).")
        damage.append(d)
        defend.append(v)
    dealt = (max(0, damage[1] - defend[0]), max(0, damage[0] - defend[1]))
    for k, who in enumerate(SIDES):
        reasons.append(f"The {who} takes {damage[1 - k]} Damage − {defend[k]} V = {dealt[k]}"
                       + (" (never below 0)" if damage[1 - k] < defend[k] else "") + " (Combat 5).")
    return CombatResult(tuple(damage), tuple(defend), dealt, tuple(reasons))


def assign_damage(units: tuple[Unit, ...], base: int, damage: int, order: tuple[str, ...] = KINDS,
                  headquarter: bool = False) -> tuple[tuple[Unit, ...], int, tuple[str, ...]]:
    """Step 6: BU, then EU, then GU, then the Base, each taking as much as possible before the next (6.1-6.5;
    the owner may choose the order of the units, 6.5, the Base always last). Returns survivors, the Base's HP
    left and what happened."""
    if sorted(order) != sorted(KINDS):
        raise GameError("order", "Give the order of BU, EU and GU; the Base always takes damage last (6.4).")
    left, alive, reasons = damage, [], []
    for k in order:
        for u in (u for u in units if u.kind == k):
            if left >= u.hp:
                left -= u.hp
                bonus = ("; it was converted, so no tray bonus (Combat 7)" if u.converted else
                         " (Combat 7)")
                reasons.append(f"{u.name or u.kind} ({u.hp} HP) destroyed: back to the Player Tray{bonus}.")
            else:
                if left:
                    reasons.append(f"{left} Damage on {u.name or u.kind} ({u.hp} HP): not enough to destroy it.")
                    left = 0
                alive.append(u)
    if left and base:
        hit = min(left, base)
        base -= hit
        what = "The Headquarter" if headquarter else "The Base"
        reasons.append(f"{what} takes the {hit} Damage left over (6.4)" +
                       (": destroyed." if base == 0 else f": {base} HP left."))
    return _ordered(tuple(alive)), base, tuple(reasons)


def attack(g: Game, content: Content, from_id: str, target_id: str, attacker: Fighter, defender: Fighter,
           orders: tuple[tuple[str, ...], tuple[str, ...]] = (KINDS, KINDS)) -> Outcome:
    """C2. Attack: a Command Token on the attacking Squad, then the combat (Combat 1-7)."""
    _playing(g, "action")
    i = g.turn
    s = _own_squad(g, from_id)
    t = space(g, target_id, "target")
    if t.owner is None or t.owner == i:
        raise GameError("target", f"{t.name} has no enemy Squad or Base to attack (C2).")
    _adjacent(g, s, t, "target", "C2. Attack: opponents in an adjacent Space")
    g = _command(g, s)
    attacker = replace(attacker, terrain=_terrain(content, s.terrain), units=len(s.units), high=s.high)
    defender = replace(defender, terrain=_terrain(content, t.terrain), units=len(t.units), high=t.high)
    r = resolve_combat(attacker, defender)
    reasons = list(r.reasons)
    foe = t.owner
    for sp, dealt, order in ((space(g, s.id), r.dealt[0], orders[0]), (t, r.dealt[1], orders[1])):
        if not dealt:
            continue
        units, base, why = assign_damage(sp.units, sp.base, dealt, order, sp.headquarter)
        reasons += why
        g, more = _tray_bonuses(g, content, sp.owner, sp.units, units)
        reasons += more
        destroyed_base = sp.base and not base
        g = _put(g, replace(space(g, sp.id), units=units, base=base,
                            command=space(g, sp.id).command and bool(units or base)))
        if destroyed_base:
            g, more = _base_destroyed(g, sp, by=i if sp.owner == foe else foe)
            reasons += more
    text = _combat_line(g, (s, t), (attacker, defender), r)
    g = _known_tactics(replace(g, combat=(text,) + tuple(reasons)), attacker.tactic + defender.tactic)
    return Outcome(g, text, tuple(reasons))


def dice_said(kinds: tuple[str, ...]) -> str:
    """A side's dice in the rulebook's words: "3 Basic Dice and the Attack Die" (Combat 1)."""
    names = {"basic": "Basic", "elite": "Elite", "general": "General"}
    parts = [f"{n} {names[k]} {'Die' if n == 1 else 'Dice'}" for k in names if (n := kinds.count(k))]
    parts += ["the Attack Die"] if "attacker" in kinds else []
    if not parts:
        return "no dice (a Base alone)"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _combat_line(g: Game, spaces: tuple[Space, Space], fighters: tuple[Fighter, Fighter], r: CombatResult) -> str:
    """The log's line of a combat, in the game's words: each side's dice and roll, its re-roll and Tactic cards, the
    Damage each side takes after the other's V, and what it lost; reads the spaces as they were before."""
    after = {sp.id: space(g, sp.id) for sp in spaces}
    said = []
    for k, (sp, f, who) in enumerate(zip(spaces, fighters, SIDES)):
        roll = f.roll if f.reroll is None else f.roll - f.reroll[0] + f.reroll[1]
        cards = ", ".join(c.name for c in f.tactic)
        said.append(f"the {who} ({player_name(g, sp.owner)}, {sp.name}) rolled {dice_said(combat_dice_of(sp, k == 0))}"
                    f": {roll.label}" + (", one die re-rolled" if f.reroll or f.rerolled else "")
                    + (f", Tactic card{'s' if len(f.tactic) > 1 else ''} {cards}" if cards else ""))
    for k, (sp, who) in enumerate(zip(spaces, SIDES)):
        now = after[sp.id]
        gone = list(sp.units)
        for u in now.units:
            gone.remove(u)
        lost = [f"{n} {kind}" + (f" ({', '.join(u.name for u in gone if u.kind == kind and u.name)})"
                                 if any(u.kind == kind and u.name for u in gone) else "")
                for kind in KINDS if (n := sum(u.kind == kind for u in gone))]
        base = ("" if sp.base == now.base else
                f", its {'Headquarter' if sp.headquarter else 'Base'} " +
                ("destroyed" if not now.base else f"down to {now.base} HP"))
        said.append(f"the {who} takes {r.damage[1 - k]} Damage − {r.defend[k]} V = {r.dealt[k]}: "
                    + (f"{', '.join(lost)} destroyed" if lost else "no unit destroyed") + base)
    return (f"{player_name(g, spaces[0].owner)} attacked {spaces[1].name} from {spaces[0].name} (Combat 1-7): "
            + "; ".join(said))


def _known_tactics(g: Game, cards: tuple[TacticCard, ...]) -> Game:
    """The Tactic cards a combat named, kept as typed to be offered again (issue 38); the latest typing wins."""
    kept = list(g.known_tactics)
    for c in cards:
        if DEFAULT_TACTIC.match(c.name):
            continue
        at = next((k for k, known in enumerate(kept) if known.name.casefold() == c.name.casefold()), None)
        if at is None:
            kept.append(c)
        else:
            kept[at] = c
    return replace(g, known_tactics=tuple(kept))


def known_tactic(g: Game, name: str, field: str = "card") -> TacticCard:
    """A Tactic card played before in this game, by its name as typed then: its effect as typed then."""
    key = " ".join(name.split()).casefold()
    found = next((c for c in g.known_tactics if c.name.casefold() == key), None)
    if found is None:
        raise GameError(field, f"No Tactic card {name[:40]!r} was played in this game: type its name and effect "
                               "(Combat 2-4).")
    return found


def _tray_bonuses(g: Game, content: Content, owner: int, before: tuple[Unit, ...],
                  after: tuple[Unit, ...]) -> tuple[Game, tuple[str, ...]]:
    """Combat 7: destroyed units go back to their slots on the Player Tray and the owner receives each slot's
    bonus; a Mineral is added here, the other bonuses are the owner's to take (Bonuses by Type)."""
    reasons = []
    for kind in KINDS:
        n = (sum(1 for u in before if u.kind == kind and not u.converted)
             - sum(1 for u in after if u.kind == kind and not u.converted))
        if n <= 0 or content.slots(kind) is None:
            continue
        for bonus in freed_slots(content, kind, on_map(g, owner, kind), n):
            if bonus == "mineral":
                g = with_side(g, owner, minerals=g.sides[owner].minerals + 1)
                reasons.append(f"{player_name(g, owner)}'s {kind} slot gives 1 Mineral, added (Combat 7).")
            elif bonus:
                reasons.append(f"{player_name(g, owner)}'s {kind} slot offers: {BONUSES[bonus]}"
                               + (" — use Burn a card" if bonus == "burn" else "") + " (Combat 7).")
    return g, tuple(reasons)


def true_damage(g: Game, content: Content, space_id: str, damage: int, source: str = "",
                order: tuple[str, ...] = KINDS) -> Outcome:
    """Damage outside combat (True Damage: unblockable, e.g. Plasma Shower, or a General's ability): no Defend
    reduces it; the Squad's units take it BU, EU, GU as in combat (6.1-6.3, the owner may choose the order,
    6.5) and destroyed ones go back to the Player Tray with their slot's bonus (Combat 7). Bases never take
    True Damage (Building a Base) and Squads in the Forest take no damage from effects outside combat."""
    _playing(g)
    s = space(g, space_id)
    source = " ".join(source.split()) or "a card"
    if not s.units:
        raise GameError("space", f"There is no Squad in {s.name}: True Damage hits units, and Bases do not take "
                                 "damage from True Damage effects (Building a Base).")
    if damage < 1:
        raise GameError("damage", "Deal at least 1 True Damage.")
    if _terrain(content, s.terrain).hidden:
        raise GameError("space", f"{s.name}: Squads in the {s.terrain} cannot take damage from effects outside of "
                                 f"combat (Locations: {s.terrain}, Hidden Space).")
    units, _, why = assign_damage(s.units, 0, damage, order)
    g, more = _tray_bonuses(g, content, s.owner, s.units, units)
    g = _put(g, replace(space(g, s.id), units=units, command=s.command and bool(units or s.base)))
    lost = len(s.units) - len(units)
    return Outcome(g, f"{source}: {damage} True Damage to {player_name(g, s.owner)}'s Squad in {s.name}, "
                      f"{lost} unit{'s' if lost != 1 else ''} destroyed",
                   ("True Damage is unblockable: no Defend value reduces it (Plasma Shower example).",) + why
                   + (("Bases do not take damage from True Damage effects (Building a Base).",) if s.base else ())
                   + more)


def remove_units(g: Game, space_id: str, counts: dict[str, int], source: str = "") -> Outcome:
    """A card or ability removes units from the map: they go back to the Player Tray, with no tray bonus
    (they were not destroyed in combat, Combat 7; as Limitations 2's excess)."""
    _playing(g)
    s = space(g, space_id)
    source = " ".join(source.split()) or "a card"
    if not s.units:
        raise GameError("space", f"There is no Squad in {s.name}.")
    gone = _pick_units(s, counts)
    left = list(s.units)
    for u in gone:
        left.remove(u)
    owner = s.owner
    g = _put(g, replace(s, units=tuple(left), command=s.command and bool(left or s.base)))
    what = ", ".join(f"{sum(1 for u in gone if u.kind == k)} {k}" for k in KINDS if any(u.kind == k for u in gone))
    return Outcome(g, f"{source} removed {what} of {player_name(g, owner)}'s from {s.name}",
                   ("Removed units go back to the Player Tray; no tray bonus, as they were not destroyed in combat "
                    "(docs/rules.md).",))


def _base_destroyed(g: Game, sp: Space, by: int) -> tuple[Game, tuple[str, ...]]:
    """Back to the Player Tray with any Command Token on it (Building a Base 4); Headquarters decide games."""
    owner = sp.owner
    reasons = ["The Base goes back to its slot on the Player Tray, with any Command Token on it (Building a Base 4)."]
    if not sp.headquarter:
        g = with_side(g, owner, bases_built=g.sides[owner].bases_built - 1)
        return g, tuple(reasons)
    if len(g.players) == 2:
        v = Verdict(by, (f"{player_name(g, by)} destroyed {player_name(g, owner)}'s main Base, the Headquarter: in a two-player "
                         "game that wins (Objective of the Game).",))
        return replace(g, stage="over", verdict=v), tuple(reasons) + v.how
    # Nothing in the text rebuilds a Headquarter: the tile stays as terrain and any Base later built on it is an
    # ordinary Base token (Building a Base 1), so it must not count as a Headquarter again.
    g = _put(g, replace(space(g, sp.id), headquarter=False))
    reasons.append("The Headquarter is not rebuilt: its Space stays Headquarter terrain (Locations: Headquarter).")
    g = with_side(g, by, headquarters_destroyed=g.sides[by].headquarters_destroyed + 1)
    reasons.append(f"{player_name(g, by)} destroyed an enemy Headquarter: now needs {bases_needed(g, by)} Bases "
                   "(Objective, 3-4 players).")
    if bases(g, by) >= bases_needed(g, by):
        v = Verdict(by, (f"{player_name(g, by)} has {bases(g, by)} Bases and needs {bases_needed(g, by)}: "
                         "wins immediately (Objective, 3-4 players).",))
        g = replace(g, stage="over", verdict=v)
        reasons += v.how
    return g, tuple(reasons)
