"""Forms of an Aldarra Reborn game: Arrival, Preparation, orders, combat, the Management steps."""
from __future__ import annotations

import re

from marshmallow import ValidationError, fields, pre_load

from ...games import aldarra as al
from ...schemas.fields import choice, count, delta, flag, text
from ..forms import GameForm

SEATS = [str(i) for i in range(al.MAX_PLAYERS)]
Territory = lambda required=True: text(3, required=required)  # noqa: E731
CHAIN = re.compile(r"[0-9]\*?")


class DiceField(fields.String):
    """One player's dice of one color as rolled: '1 0 2*+1' — a * face is followed by its re-roll (p.10-11)."""

    def _deserialize(self, value, attr, data, **kwargs):
        out = []
        for token in str(value).replace(",", " ").split():
            parts = token.split("+")
            if not all(CHAIN.fullmatch(p) for p in parts):
                raise ValidationError(f"{token[:12]!r} is not a die: write each die's number, a * face followed by "
                                      "+ and its re-roll, like 2*+1.")
            if parts[-1].endswith("*") or any(not p.endswith("*") for p in parts[:-1]):
                raise ValidationError(f"{token[:12]!r}: a * face explodes: roll that die again and add it after + "
                                      "(p.10); only * faces are rolled again.")
            out.append(tuple(int(p.rstrip("*")) for p in parts))
        return tuple(out)


def dice(required: bool = False) -> DiceField:
    return DiceField(load_default=None, validate=None, required=required)


class SeatForm(GameForm):
    player = choice(SEATS)


class PlaceForm(SeatForm):
    at = Territory()


class PositionForm(SeatForm):
    position = count(1, al.MAX_PLAYERS)


SPAWN_FACE = re.compile(r"[0-9]\*?")


class SpawnForm(GameForm):
    """The 2 blue dice of Spawn Crystals as tapped faces ("spawn_0", "spawn_1"; a * face does not explode
    outside combat, p.11), or their hits typed; "roll" rolls the dice not tapped. The rules bound the hits."""
    hits = count(0, 99, required=False)
    roll = flag()

    @pre_load
    def faces_to_hits(self, data, **kwargs):
        data = dict(data)
        faces = [str(data.get(f"spawn_{k}") or "").strip() for k in range(al.SPAWN_DICE)]
        for k, face in enumerate(faces):
            if face and not SPAWN_FACE.fullmatch(face):
                raise ValidationError({"hits": [f"Blue die {k + 1}: {face[:8]!r} is not a face."]})
        data["tapped"] = [int(v.rstrip("*")) for v in faces if v]
        if not str(data.get("hits") or "").strip() and data["tapped"] and (len(data["tapped"]) == al.SPAWN_DICE
                                                                           or not data.get("roll")):
            data["hits"] = str(sum(data["tapped"]))
        return data

    tapped = fields.List(fields.Integer(), load_default=list)


class MoveForm(GameForm):
    frm = Territory()
    to = Territory()
    kind = choice(al.UNITS)
    count = count(1, 99)


class AtForm(GameForm):
    at = Territory()


FACE_KEY = re.compile(r"(face_(?:[0-9]_[a-z]+|esc))_([0-9]+)$")


class DiceEntry(GameForm):
    """The face buttons of a combat step: one radio group per die ("face_0_green_2"), and per die the
    re-rolls of an exploding face ("face_0_green_2_1", "…_2") shown once a * face is tapped (p.10-11). They
    become the typed text the dice fields read ("2*+1"); a die typed in its text box wins."""
    roll = flag()
    escalation = dice()

    @pre_load
    def faces_to_text(self, data, **kwargs):
        data = dict(data)
        chains: dict[str, dict[int, str]] = {}
        for key in list(data):
            found = FACE_KEY.match(key)
            if not found or not str(data[key]).strip():
                continue
            chain, row = [str(data[key]).strip()], key
            # each re-roll row is named after the row it re-rolls: face_0_green_2_1, then face_0_green_2_1_2
            while chain[-1].endswith("*") and str(data.get(f"{row}_{len(chain)}", "")).strip():
                row = f"{row}_{len(chain)}"
                chain.append(str(data[row]).strip())
            chains.setdefault(found.group(1), {})[int(found.group(2))] = "+".join(chain)
        for prefix, dice_ in chains.items():
            target = "escalation" if prefix == "face_esc" else "dice_" + prefix[len("face_"):]
            if not str(data.get(target) or "").strip():
                data[target] = " ".join(dice_[k] for k in sorted(dice_))
        return data


# One combat step's dice: a field per seat and color ("dice_0_green"), the escalation dice, and "roll" to let
# the app roll every die left blank.
RollForm = type("RollForm", (DiceEntry,), {f"dice_{s}_{c}": dice() for s in SEATS for c in al.COLORS})


class JoinForm(SeatForm):
    frm = Territory()
    count = count(1, 99)


class AssignForm(GameForm):
    owner = choice(SEATS)
    kind = choice(al.UNITS)
    count = count(1, 99, required=False, default=1)  # units of that kind damaged one after another


class RetreatForm(SeatForm):
    to = Territory(required=False)


class BuyForm(SeatForm):
    option = count(0, 8)


class ExchangeForm(SeatForm):
    crystals = delta(-20, 20)


class ObjectiveForm(SeatForm):
    vp = count(1, 9)


class DrawForm(SeatForm):
    discard = count(0, al.HAND, required=False, default=0)
    choose = flag()  # the Arrodan Syndicate's "draw 2, keep 1" (p.16)


class DiscoveryForm(SeatForm):
    name = text(60, required=False)  # blank reaches the rules, which refuse it naming the field (p.13)
    upgrade = choice(al.UNITS, required=False)


class BuildForm(SeatForm):
    at = Territory()
    kind = choice(al.UNITS)
    count = count(1, 20, required=False, default=1)


class HoldForm(SeatForm):
    delta = delta(-1, 1)


class AdjustForm(SeatForm):
    what = choice(["vp", "coins", "crystals"])
    delta = delta(-99, 99)
