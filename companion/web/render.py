"""Rendering a page or one of its named blocks, and reading a form through its schema."""
from __future__ import annotations

import dataclasses

from flask import Response, current_app, make_response, redirect, render_template, request
from jinja2_fragments.flask import render_block
from marshmallow import fields
from werkzeug.datastructures import MultiDict

from .bounds import whole

LABELS = {
    "name": "Name", "class_name": "Class", "species": "Species", "delta": "Change", "planet": "Planet",
    "version": "Changed elsewhere", "party": "Characters who embarked", "mission": "Mission", "sp": "SP reward",
    "nova_cells": "Nova cells gained", "fame": "Fame change", "vanished_tech": "Vanished technology",
    "unlocks": "Unlocked missions", "orbs": "Campaign orbs activated", "treasures": "Campaign treasures retrieved",
    "difficulty": "Mission difficulty", "card_name": "Action card", "sp_cost": "SP cost", "tier": "Tier",
    "cost": "Cost", "charge_slots": "Charge slots", "slot": "Slot", "thing": "Card", "amount": "Nova cells",
    "to_character": "Give to", "card": "Card number", "result": "After resolving", "note": "Note",
    "requirements": "Requirements", "upgrade": "Upgrade", "number": "Number", "notes": "Notes",
    "file": "Campaign file", "confirm": "Confirmation", "pin": "Table PIN", "character": "Character",
    "standalone_tier": "Standalone tier", "outcome": "Result", "kind": "Kind", "type": "Type",
    "faction": "Faction", "deck": "Deck", "cards": "Deck", "turn": "Turn", "mp": "MP on the card", "mp_typed": "Another MP",
    # the home page's new game and game import (each game's own labels are in its kit: kits/kit.py)
    "game": "Game", "name_1": "Player 1", "name_2": "Player 2", "color_1": "Color 1", "color_2": "Color 2",
    "name_3": "Player 3", "name_4": "Player 4", "color_3": "Color 3", "color_4": "Color 4", "game_file": "Game file",
    "spaces": "Spaces", "edges": "Walls", "tool": "Tool", "placement_type": "Adversary type",
    "min_characters": "From characters", "max_characters": "To characters", "columns": "Columns", "rows": "Rows",
    "orientation": "Layout", "shifted": "Shifted rows or columns", "sample": "Sample map",
    "map_file": "Map file", "card_file": "Card file", "character_counts": "Attributes per character count", "difficulties": "Difficulty ratings",
    # the mission table's set-up seats and steps
    **{f"{k}_{n}": f"{label} {n}" for n in (1, 2, 3, 4) for k, label in (
        ("character", "Character"), ("hp", "Max HP of character"), ("ap", "Max AP of character"),
        ("order", "Tied character"), ("class", "Class of character"), ("species", "Species of character"))},
    "hp": "HP", "ap": "AP", "max_hp": "Max HP", "max_ap": "Max AP", "special": "Special attribute",
}


def content():
    return current_app.extensions["phantom_content"]


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true" and not request.headers.get("HX-History-Restore-Request")


_LEAVES = {"hp": "HP", "max_hp": "Max HP", "ap": "AP", "attack": "Attack", "guard": "Guard", "range": "Range",
           "at": "Space", "value": "Value", "round": "Round effect", "critical_ability": "Critical ability"}
_PARTS = {"actions": "action", "difficulties": "difficulty", "attributes": "characters", "rows": "row",
          "cards": "card", "figures": "figure", "effects": "effect"}


def field_label(field: str, labels: dict | None = None) -> str:
    """A field name as the person at the table reads it: `rows.yellow.actions.0.type` -> "Yellow row,
    action 1: Type"; plain names come from the page's `labels` (LABELS by default)."""
    labels = LABELS if labels is None else labels
    if field in labels or "." not in field:
        return labels.get(field, field.replace("_", " ").capitalize())
    *path, leaf = field.split(".")
    words, i = [], 0
    while i < len(path):
        part = path[i]
        following = path[i + 1] if i + 1 < len(path) else None
        if part in _PARTS and following is not None:
            n = following
            if part == "rows":
                words.append(f"{n.replace('-', ' ')} row")
            elif part == "actions" and "actions" in path[i + 2:] and n.isdigit():  # a boss board's numbered action
                words.append(f"action #{int(n) + 1}")
            elif part == "attributes":
                words.append(f"{n} characters")
            else:
                words.append(f"{_PARTS[part]} {int(n) + 1 if n.isdigit() and part in ('actions', 'cards', 'figures', 'effects') else n}")
            i += 2
        else:
            words.append(labels.get(part, part.replace("_", " ")))
            i += 1
    head = ", ".join(words)
    return f"{head[:1].upper()}{head[1:]}: {_LEAVES.get(leaf) or labels.get(leaf, leaf.replace('_', ' '))}"


def respond(template: str, ctx, status: int = 200, block: str = "main"):
    """The whole page, or for htmx just `block`; both from the same context (a dict, or a page's dataclass)."""
    ctx = {"labels": LABELS, "active_form": None, "form_errors": {}, "form_values": {}, "form_lists": form_lists(),
           **as_dict(ctx)}
    html = render_block(template, block, **ctx) if is_htmx() else render_template(template, **ctx)
    resp = make_response(html, status)
    resp.vary.add("HX-Request")
    return resp


def as_dict(ctx) -> dict:
    """A page's context as the template's variables: a dataclass's fields by name (not copied deeply)."""
    if dataclasses.is_dataclass(ctx):
        return {f.name: getattr(ctx, f.name) for f in dataclasses.fields(ctx)}
    return ctx


def form_state(errors: dict | None) -> dict:
    """What a re-rendered form needs: which form, its messages, what the user typed."""
    if not errors:
        return {}
    return {"active_form": request.form.get("_form"), "form_errors": errors,
            "form_values": request.form.to_dict(flat=True)}


def form_lists() -> dict:
    """Every value of a repeated name (a deck builder's counts), so a refused form keeps them all. Given to
    every template by `respond`, not by `form_state`: the pages' context dataclasses need not carry it."""
    if request.method != "POST":
        return {}
    return {k: request.form.getlist(k) for k in request.form.keys() if len(request.form.getlist(k)) > 1}


def flat_errors(messages) -> dict:
    out = {}
    for field, msgs in messages.items():
        if isinstance(msgs, dict):  # nested (dict fields): report the first inner message
            first = next(iter(msgs.values()))
            out[field] = first if isinstance(first, str) else " ".join(_strings(first))
        else:
            out[field] = " ".join(_strings(msgs))
    return out


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    else:
        for v in value:
            yield from _strings(v)


def parse(schema_cls, data: MultiDict | None = None):
    """Load request.form through a schema; list fields take every value of their name."""
    data = request.form if data is None else data
    schema = schema_cls()
    raw = {k: (data.getlist(k) if k in schema.fields and isinstance(schema.fields[k], fields.List)
               else data.get(k)) for k in data.keys()}
    return schema.load(raw)


def go(url: str) -> Response:
    """Send the tablet to another page: HX-Redirect for htmx, 303 otherwise."""
    if is_htmx():
        resp = Response(status=204)
        resp.headers["HX-Redirect"] = url
        return resp
    return redirect(url, code=303)


def poll_response(current_version: int, render):
    """A second device asks every second with the version it shows: 204 when nothing changed, else the page."""
    if request.args.get("seen", type=whole) == current_version:
        return make_response("", 204)
    return render()
