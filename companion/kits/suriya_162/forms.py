"""Forms of a Suriya 162 game: set-up, the turn's phases, the map and the combat calculator."""
from __future__ import annotations

from itertools import permutations

from ...games import suriya_162 as su
from ...schemas.fields import choice, count, delta, flag, text
from ..forms import GameForm

SEATS = [str(i) for i in range(su.MAX_PLAYERS)]
TACTIC_SLOTS = 3  # Tactic cards a side can enter in one combat (each needs a [T] rolled)
ORDERS = [",".join(p) for p in permutations(su.KINDS)]  # the owner's damage order among units (6.5)


class RollForm(GameForm):
    """The Damage symbols each player rolled on the Attacker Die (A1), or 'random' for the app to choose."""
    damage_1 = count(0, 9, required=False)
    damage_2 = count(0, 9, required=False)
    damage_3 = count(0, 9, required=False)
    damage_4 = count(0, 9, required=False)
    random = flag()


class FactionForm(GameForm):
    player = choice(SEATS)
    faction = text(40)


class TilesForm(GameForm):
    tile_1 = text(40, required=False)
    tile_2 = text(40, required=False)
    tile_3 = text(40, required=False)
    tile_4 = text(40, required=False)
    tile_5 = text(40, required=False)
    draw = flag()  # the app draws 5 from the tile mix in data/


class PlaceForm(GameForm):
    terrain = text(40)
    high = flag()
    at = text(12, required=False)  # the open hex on the drawn map, "q,r"; blank: off the drawn map


class UpkeepForm(GameForm):
    card = text()
    keep = choice(["keep", "discard"])


class PlayCardForm(GameForm):
    card = text()
    cost = count(0, 99)
    continue_cost = count(0, 99, required=False)


class AdjustForm(GameForm):
    player = choice(SEATS)
    what = choice(["minerals", "hand"])
    delta = delta()


class SpaceForm(GameForm):
    space = text(12)


class ExhaustForm(SpaceForm):
    delta = count(-1, 1, required=False, default=1)


class SummonForm(SpaceForm):
    kind = choice(su.KINDS)
    units = count(1, su.SQUAD_LIMIT, required=False, default=1)
    hp = count(1, 20, required=False)
    name = text(40, required=False)
    converted = flag()
    take_from = text(12, required=False)  # Summoning Units 2: a Space to move missing units from
    excess = flag()  # Limitations 2: return the units over 6 to the Player Tray instead of refusing


class GainForm(GameForm):
    card = text(40, required=False)
    source = choice(list(su.GAIN_FROM))
    reset = flag()


class BurnForm(GameForm):
    player = choice(SEATS)
    source = choice(["hand", "discard"])


class MoveForm(SpaceForm):
    to = text(12)
    bu = count(0, su.SQUAD_LIMIT, required=False, default=0)
    eu = count(0, su.SQUAD_LIMIT, required=False, default=0)
    gu = count(0, su.SQUAD_LIMIT, required=False, default=0)
    discard = count(0, 2, required=False, default=0)
    excess = flag()  # Limitations 2


class TrueDamageForm(SpaceForm):
    """Damage outside combat: a card such as Plasma Shower or a General's ability (True Damage)."""
    damage = count(1, 30)
    source = text(40, required=False)
    order = choice(ORDERS, required=False)


class RemoveForm(SpaceForm):
    """Units a card or an ability removes from the map, back to the Player Tray."""
    bu = count(0, su.SQUAD_LIMIT, required=False, default=0)
    eu = count(0, su.SQUAD_LIMIT, required=False, default=0)
    gu = count(0, su.SQUAD_LIMIT, required=False, default=0)
    source = text(40, required=False)


def _side_fields(side: str) -> dict:
    """One side of the combat calculator: its roll as symbol counts (or dice to roll), a re-roll, Tactic cards."""
    out = {f"{side}_{n}": count(0, 30, required=False, default=0) for n in ("damage", "defend", "tactic")}
    out |= {f"{side}_{n}": count(0, 12, required=False, default=0) for n in ("basic", "elite", "general")}
    out |= {f"{side}_{w}_{n}": count(0, 9, required=False, default=0)
            for w in ("was", "now") for n in ("damage", "defend", "tactic")}
    out |= {f"{side}_reroll": flag(),
            f"{side}_order": choice(ORDERS, required=False)}
    for k in range(1, TACTIC_SLOTS + 1):  # Combat 2-4: each Tactic card entered on its own
        out |= {f"{side}_card{k}_name": text(40, required=False), f"{side}_card{k}_ignore": flag()}
        out |= {f"{side}_card{k}_{n}": count(0, 9, required=False, default=0) for n in ("damage", "defend")}
    return out


AttackForm = type("AttackForm", (SpaceForm,), {
    "target": text(12), "roll": flag(), **_side_fields("attacker"), **_side_fields("defender")})


# C2: the 3 Terrain Tiles each player drew (hand_<seat>_<k>), or 'draw' for the app to draw them.
HandsForm = type("HandsForm", (GameForm,), {
    "draw": flag(), **{f"hand_{i}_{k}": text(40, required=False) for i in range(1, su.MAX_PLAYERS + 1)
                       for k in range(1, su.TILES_EACH + 1)}})
