"""Forms of a Suriya 162 game: set-up, the turn's phases, the map and the combat calculator."""
from __future__ import annotations

import re
from itertools import permutations

from marshmallow import ValidationError, pre_load

from ...games import suriya_162 as su
from ...schemas.fields import choice, count, delta, flag, text
from ..forms import GameForm

SEATS = [str(i) for i in range(su.MAX_PLAYERS)]
TACTIC_SLOTS = 3  # Tactic cards a side can enter in one combat (each needs a [T] rolled)
TACTIC_BONUS = 9  # the most +Damage or +V a Tactic card entered here gives (the form's bound, not a rule)
ORDERS = [",".join(p) for p in permutations(su.KINDS)]  # the owner's damage order among units (6.5)


class RollForm(GameForm):
    """The Damage symbols each player rolled on the Attacker Die (A1): a face tapped ("face_1", its Damage) or
    the number typed (which wins); or 'random' for the app to choose."""
    damage_1 = count(0, 9, required=False)
    damage_2 = count(0, 9, required=False)
    damage_3 = count(0, 9, required=False)
    damage_4 = count(0, 9, required=False)
    random = flag()

    @pre_load
    def faces_to_damage(self, data, **kwargs):
        data = dict(data)
        for n in range(1, su.MAX_PLAYERS + 1):
            face = str(data.pop(f"face_{n}", "") or "").strip()
            if face and not str(data.get(f"damage_{n}") or "").strip():
                data[f"damage_{n}"] = face
        return data


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


class PlayKnownForm(GameForm):
    """A card played before in this game, chosen by name: its costs are the ones typed then (issue 34)."""
    card = text()


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
    general = text(40, required=False)  # a General summoned before in this game, by name: its HP as typed then
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
    out |= {f"{side}_{w}_{n}": count(0, 9, required=False, default=0)
            for w in ("was", "now") for n in ("damage", "defend", "tactic")}
    out |= {f"{side}_reroll": flag(), f"{side}_rerolled": flag(),  # the counts are after the side's one re-roll
            f"{side}_order": choice(ORDERS, required=False)}
    for k in range(1, TACTIC_SLOTS + 1):  # Combat 2-4: each Tactic card entered on its own, or one played before
        out |= {f"{side}_card{k}_name": text(40, required=False), f"{side}_card{k}_ignore": flag(),
                f"{side}_card{k}_known": text(40, required=False)}
        out |= {f"{side}_card{k}_{n}": count(0, TACTIC_BONUS, required=False, default=0) for n in ("damage", "defend")}
    return out


FACE = re.compile(r"([0-9]),([0-9]),([0-9])$")
MAX_DICE = su.SQUAD_LIMIT + 1  # a full Squad's dice and the Attack Die


def _face(value: str, field: str) -> tuple[int, int, int]:
    found = FACE.match(str(value).strip())
    if not found:
        raise ValidationError({field: [f"{str(value)[:12]!r} is not a die face."]})
    return tuple(int(x) for x in found.groups())


class DiceFaces(SpaceForm):
    """The combat's dice as face buttons: one radio group per die ("attacker_face_2", a face as its Damage, V
    and T symbols "1,0,0"), and the one die a side on a Higher Terrain Tray re-rolled ("attacker_reroll_2",
    its new face). They become the symbol counts the rules read; counts typed in their boxes win, and
    `<side>_faces` keeps the faces by die so that "Roll for me" rolls only the dice not tapped."""

    @pre_load
    def faces_to_counts(self, data, **kwargs):
        data = {k: v for k, v in dict(data).items()}
        for side in su.SIDES:
            faces, rerolls = {}, {}
            for k in range(MAX_DICE):
                for key, into in ((f"{side}_face_{k}", faces), (f"{side}_reroll_{k}", rerolls)):
                    value = data.pop(key, "")
                    if str(value).strip():
                        into[k] = _face(value, key)
            typed = [n for n in ("damage", "defend", "tactic") if str(data.get(f"{side}_{n}") or "").strip()]
            data.pop(f"{side}_typed", None)
            if typed:
                data[f"{side}_typed"] = "on"
            data[f"{side}_faces"] = ";".join(",".join(map(str, faces[k])) if k in faces else ""
                                             for k in range(max(faces, default=-1) + 1))
            if len(rerolls) > 1:
                raise ValidationError({f"{side}_reroll": ["Only one die is re-rolled, once (Combat 1)."]})
            for k, now in rerolls.items():
                if k not in faces:
                    raise ValidationError({f"{side}_reroll": [f"Tap what die {k + 1} showed before its re-roll."]})
                data[f"{side}_reroll"] = "on"
                for w, face in (("was", faces[k]), ("now", now)):
                    data.update({f"{side}_{w}_{n}": str(x) for n, x in zip(("damage", "defend", "tactic"), face)})
        return data


AttackForm = type("AttackForm", (DiceFaces,), {
    "target": text(12), "roll": flag(), **_side_fields("attacker"), **_side_fields("defender"),
    **{f"{side}_{n}": field for side in su.SIDES for n, field in (("typed", flag()), ("faces", text(200, required=False)))}})


# C2: the 3 Terrain Tiles each player drew (hand_<seat>_<k>), or 'draw' for the app to draw them.
HandsForm = type("HandsForm", (GameForm,), {
    "draw": flag(), **{f"hand_{i}_{k}": text(40, required=False) for i in range(1, su.MAX_PLAYERS + 1)
                       for k in range(1, su.TILES_EACH + 1)}})
