"""Forms of the card editor: one per kind of card, each checked by the card library file's own schema.

A form's field names are paths into the card, joined by dots
(`difficulties.4.hp`, `rows.yellow.actions.0.type`), so a refusal names
exactly the box to fix. Empty boxes are "not given"; an action row without a
type is left out; whole numbers are read as numbers.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from marshmallow import ValidationError, fields, validate

from ..files import card_library as cf
from ..files.card_lines import KINDS as LINE_KINDS
from ..files.card_lines import LineError, read_line
from ..fields import choice, count, text, version
from ..files.base import FileSchema
from .base import FormSchema

NUMBER = re.compile(r"^-?[0-9]{1,4}$")
TEXT_KEYS = {"line", "name", "text", "critical_ability", "species", "class", "mission_event", "event_adversary", "deck",
             "type", "rounds", "target", "condition", "starting_attachment", "special"}
LIST_KEYS = {"conditions"}
FLAGS = {"round", "persistent", "per_character", "verified"}


@dataclass(frozen=True)
class CardEntry:
    """What a card form hands the store: which part of the library, under which name, and the card."""
    kind: str
    part: str
    key: str
    entry: dict
    index: int | None = None  # a deck card to replace (editing), None to add one
    from_table: bool = False  # typed at the mission table as it came up: its deck may hold cards not typed yet


class LibraryChange(FormSchema):
    """Any change to the card library: the request id and the version the page was drawn at (a tablet one
    step behind is refused 409 with what it typed kept, never writes over another tablet's newer card)."""
    version = version()


class RemoveForm(LibraryChange):
    """Remove an item of the library, or (`index`) one card of a deck."""
    part = text(40)
    key = text(60)
    index = count(0, 999, required=False)


class VerifyForm(LibraryChange):
    """One tap: a class board's, a species card's or a mission's kept Mission book rewards' values, as the page
    shows them, are the printed ones."""
    part = choice(("class_boards", "species", "mission_rewards"))
    key = text(60)


# kind -> (library part, the field naming the item or deck, schema of the entry, is it a card of a deck)
KINDS = {
    "adversary": ("adversaries", "name", cf.AdversarySchema, False),
    "boss": ("bosses", "name", cf.BossSchema, False),
    "species-card": ("species_decks", "deck", cf.CardSchema, True),
    "class-card": ("class_decks", "deck", cf.ClassCardSchema, True),
    "boss-card": ("boss_decks", "deck", cf.BossCardSchema, True),
    "event-card": ("event_decks", "deck", cf.EventCardSchema, True),
    "class-board": ("class_boards", "name", cf.ClassBoardSchema, False),
    "species": ("species", "name", cf.SpeciesNumbersSchema, False),  # a Character Species card's numbers (p.43)
}


class _KeySchema(FileSchema):
    key = fields.String(required=True, validate=validate.Length(min=1, max=60, error="Required, at most 60 characters."),
                        error_messages={"required": "Required."})
    index = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(min=0, max=999))


def _value(key: str, text: str):
    text = text.strip()
    if key in FLAGS:
        return text.lower() in ("on", "true", "1", "yes")
    if key in LIST_KEYS:
        return [t.strip() for t in text.split(",") if t.strip()]
    if key == "actions" or key not in TEXT_KEYS and NUMBER.match(text):
        if key == "actions":  # a boss card's action numbers, "1, 3"
            return [int(t) if NUMBER.match(t.strip()) else t.strip() for t in text.split(",") if t.strip()]
        return int(text)
    if key == "range" and NUMBER.match(text) and not text.startswith("-"):
        return int(text)
    return text


def unflatten(form) -> dict:
    """{"rows.red.actions.0.type": "move"} -> {"rows": {"red": {"actions": [{"type": "move"}]}}}."""
    out: dict = {}
    for dotted in form.keys():
        if dotted in ("csrf_token", "_form", "request_id", "version", "kind", "index"):
            continue
        text = form.get(dotted, "")
        if text.strip() == "" and dotted.rsplit(".", 1)[-1] not in FLAGS:
            continue
        parts = dotted.split(".")
        if len(parts) > MAX_DEPTH or "" in parts:
            raise ValidationError({dotted: [f"{dotted!r} is not a field of this form; reload the page."]})
        node = out
        for p in parts[:-1]:
            node = node.setdefault(p, {})
            if not isinstance(node, dict):
                raise _clash(dotted)
        if isinstance(node.get(parts[-1]), dict):
            raise _clash(dotted)
        node[parts[-1]] = _value(parts[-1], text)
    return _lists(out)


MAX_DEPTH = 6  # rows.red.actions.0.type is the deepest field a card form draws


def _clash(dotted: str) -> ValidationError:
    # `actions=1` beside `actions.0.type=move`: one name cannot be both a box and a group of boxes.
    return ValidationError({dotted: [f"{dotted!r} clashes with another field of this form (a name cannot be both "
                                     f"a value and a group of values); reload the page."]})


def _lists(node, key: str = ""):
    """Rows keyed 0, 1, 2... become lists (action rows); difficulty and attribute columns stay keyed."""
    if not isinstance(node, dict):
        return node
    node = {k: _lists(v, k) for k, v in node.items()}
    if node and key not in ("difficulties", "attributes") and all(k.isdigit() for k in node):
        return [node[k] for k in sorted(node, key=int)]
    return node


def _boss_columns(entry: dict) -> dict:
    """The board's attribute boxes (attributes.N.hp, ...) as the file's per-count lists."""
    columns = entry.pop("attributes", {}) or {}
    counts = sorted(int(n) for n, v in columns.items() if str(n).isdigit() and v)
    entry["character_counts"] = counts
    for name in ("hp", "attack", "guard", "range"):
        entry[name] = [columns[str(n)].get(name) for n in counts]
    missing = [(n, name) for n in counts for name in ("hp", "attack", "guard", "range")
               if columns[str(n)].get(name) is None]
    if missing:
        n, name = missing[0]
        raise ValidationError({f"attributes.{n}.{name}": ["Required."]})
    actions = entry.get("actions") or []
    # A row with anything typed in is kept, so a missing name or AP is refused rather than dropped.
    entry["actions"] = [{"number": i + 1, **a} for i, a in enumerate(actions)
                        if a.get("name") or a.get("ap") is not None or a.get("text") or a.get("actions")]
    return entry


def _event_effects(entry: dict) -> dict:
    """An effect row with only its "For" choice (always sent) is no effect; one with a number or a type typed in
    is kept, so a missing Move/Attack/Range/Guard is refused rather than dropped."""
    rows = entry.pop("effects", None) or []
    kept = [r for r in rows if set(r) - {"side"}]
    if kept:
        entry["effects"] = kept
    return entry


def flat_messages(messages, prefix: str = "") -> dict:
    """marshmallow's nested messages as {"rows.yellow": "...", "actions.0.type": "..."}."""
    out = {}
    if isinstance(messages, dict):
        for key, value in messages.items():
            name = key if not prefix else (prefix if key in ("value", "_schema") else f"{prefix}.{key}")
            for k, v in flat_messages(value, name).items():
                out.setdefault(k, v)
        return out
    text = [m for m in messages if isinstance(m, str)] if isinstance(messages, list) else [str(messages)]
    if text:
        return {prefix or "form": " ".join(text)}
    for value in messages:
        out.update(flat_messages(value, prefix))
    return out


def parse_card_form(kind: str, form) -> CardEntry:
    """The form of `kind` -> CardEntry; ValidationError with dotted field names for anything wrong."""
    if kind not in KINDS:
        raise ValidationError({"kind": [f"{kind!r} is not a kind of card"]})
    part, key_field, schema, is_deck = KINDS[kind]
    errors = {}
    try:
        head = _KeySchema().load({"key": form.get(key_field, "").strip(), "index": form.get("index") or None})
    except ValidationError as exc:
        head = None
        errors.update({key_field if k == "key" else k: v for k, v in flat_messages(exc.messages).items()})
    data = unflatten(form)
    data.pop(key_field, None)
    line = data.pop("line", None)
    if line is not None:  # the card typed as one line: its content, checked by the same schema as the boxes
        try:
            data = _with_line(kind, data, line)
        except LineError as exc:
            raise ValidationError({**errors, "line": str(exc)}) from None
    try:
        if kind == "boss":
            data = _boss_columns(data)
        if kind == "event-card":
            data = _event_effects(data)
        entry = schema().load(data)
    except ValidationError as exc:
        found = flat_messages(exc.messages)
        if line is not None:  # the line's part that the card's rule refuses, in words, on the line's box
            found = {"line": "; ".join(f"{field_words(k)}: {v}" for k, v in found.items())}
        errors.update({k: v for k, v in found.items() if k not in errors})
    if errors:
        raise ValidationError(errors)
    return CardEntry(kind, part, head["key"], cf.without_none(schema().dump(entry)), head["index"] if is_deck else None)


def card_from_line(kind: str, line: str, rounds: str | None = None) -> dict:
    """A card's line read as it would be saved (without its name): what the page shows before it is saved.
    ValidationError on "line" names the part that cannot be read, as `parse_card_form` would."""
    if kind not in KINDS or kind not in LINE_KINDS:
        raise ValidationError({"kind": [f"{kind!r} is not a kind of card typed as one line"]})
    part, key_field, schema, is_deck = KINDS[kind]
    boxes = {key_field: "—", "name": "—", "line": line or "", "rounds": rounds or ""}
    if kind == "adversary":
        boxes.update(species="—", **{"class": "—"})
    return parse_card_form(kind, boxes).entry


def field_words(field: str) -> str:
    """A card's field as its line names it: "rows.red.actions.0.value" -> "red row, action 1, value"."""
    words = []
    parts = field.split(".")
    for i, p in enumerate(parts):
        if p.isdigit() and i and parts[i - 1] in ("actions", "effects", "cards"):
            words[-1] = f"{parts[i - 1][:-1]} {int(p) + 1}"
        elif p == "rows" or p == "difficulties":
            continue
        elif i and parts[i - 1] == "rows":
            words.append(f"{p} row")
        elif i and parts[i - 1] == "difficulties":
            words.append(f"difficulty {p}")
        else:
            words.append(p.replace("_", " "))
    return ", ".join(words) or "the card"


def _with_line(kind: str, boxes: dict, line: str) -> dict:
    """The line's content over the boxes that name the card (deck, name, species, class; an event's rounds)."""
    names = ("name", "species", "class") if kind == "adversary" else ("name",)
    kept = {k: v for k, v in boxes.items() if k in names}
    return {**kept, **read_line(kind, line, rounds=boxes.get("rounds") or None)}


def boss_form_values(name: str, board: dict) -> dict:
    """A stored boss board as the boss form's boxes (the inverse of `parse_card_form`), to change it."""
    values = {"name": name, "critical_ability": board.get("critical_ability", "")}
    for n, *stats in zip(board["character_counts"], board["hp"], board["attack"], board["guard"], board["range"]):
        values.update({f"attributes.{n}.{s}": v for s, v in zip(("hp", "attack", "guard", "range"), stats)})
    slots = [("inherent.", board["inherent"])] + [(f"actions.{i}.", a) for i, a in enumerate(board["actions"])]
    for prefix, a in slots:
        values.update({prefix + k: a.get(k, "") for k in ("name", "ap", "text")})
        for j, action in enumerate(a.get("actions") or []):
            p = f"{prefix}actions.{j}."
            for k, v in action.items():
                if k == "conditions":
                    v = ", ".join(v)
                elif k == "per_character":
                    v = "on" if v else ""
                values[p + k] = v
    return {k: "" if v is None else str(v) for k, v in values.items()}


def class_board_form_values(name: str, board: dict) -> dict:
    """A class board (the shipped one or the table's) as the class board form's boxes, to change it."""
    values = {"name": name, "weapon.name": board["weapon"]["name"], "weapon.range": board["weapon"]["range"],
              "bandage_slots": board["bandage_slots"], "item_slots": board["item_slots"],
              "starting_attachment": board.get("starting_attachment", ""),
              "verified": "on" if board.get("verified") else ""}
    values.update({f"critical.{k}": v for k, v in (board.get("critical") or {}).items()})
    return {k: "" if v is None else str(v) for k, v in values.items()}


def species_form_values(name: str, card: dict) -> dict:
    """A species' card (species.json's, or the table's) as the species form's boxes, to change it."""
    values = {"name": name, "hp": card.get("hp"), "ap": card.get("ap"), "special": card.get("special") or "",
              "verified": "on" if card.get("verified") else ""}
    return {k: "" if v is None else str(v) for k, v in values.items()}
