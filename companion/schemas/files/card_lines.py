"""A card as one line of text, in the card's own order: what a table types instead of a form's boxes.

The line holds a card's content; its name (and its deck, species or class) stays in the form's own boxes.
`read_line(kind, text)` turns a line into the card library file's shape (the dict the form's schema loads,
so a line is checked by exactly the schema the boxes are); `write_line(kind, card)` writes a stored card
back as its line. docs/card-lines.md and the Cards page give the notation with examples:

    species card      2: Move 3                    3 round: Barrier
    class card        r2: Move 2, Attack 3 range 3 | y3: Attack 2 | lb4: Attack 1 | db5: Move 1
    description card  6/0/0/1 8/1/0/1 10/1/1/1 12/2/1/1 | critical Knocked Down
    event card        1-5: The lights flicker | Range -1 | characters Move -1 | place 2 Grallok Archer
    boss card         1 3 persistent | Both claws, then it stays beside the board

Actions are separated by commas: `Move 3`, `Leap 2`, `Retreat 2`, `Teleport 3`, `Attack 2`, `Heal 2`,
`Damage 3` (or their initial and number as one word: `M3`, `L2`, `R2`, `T3`, `A2`, `H2`, `D3`), or a
condition's name (`Barrier`, `Barrier ally`). After an action's number come its options in any order:
`range 3` (spaces) or `range +1` (to the base range), `targets 2`, `pierce 1` (or `r3`, `r+1`, `t2`, `p1`),
`x2` (damage multiplier), `die blitz`, `inflict Bleeding/Knocked Down`, `per character`, `ally`, and
`"a printed name"`. So a four-row class card is about 30 characters: `r2:M2,A1|y3:A2|lb4:M1,A1|db5:A3`.
A mistake is refused naming the part it is in ("row 2 (yellow 3: Atack 2): 'Atack' is not an action ...").
"""
from __future__ import annotations

import re

from ...phantom.cards import DIFFICULTIES, EVENT_ROUNDS
from ...phantom.conditions import CONDITIONS
from ...phantom.decision import COLORS
from ...phantom.dice import ATTACK_DICE
from ...phantom.play.state import EVENT_SIDES
from ...phantom.keywords import REGISTRY as KEYWORDS

MAX_LINE = 2000
KINDS = ("species-card", "class-card", "adversary", "event-card", "boss-card")

# How a table may name a row's color: the HP-base colors of p.47, by their initials too.
COLOR_WORDS = {
    "dark-blue": "dark-blue", "darkblue": "dark-blue", "dark": "dark-blue", "db": "dark-blue", "d": "dark-blue",
    "light-blue": "light-blue", "lightblue": "light-blue", "light": "light-blue", "lb": "light-blue",
    "l": "light-blue", "red": "red", "r": "red", "yellow": "yellow", "y": "yellow",
}
SHORT = {"dark-blue": "db", "light-blue": "lb", "red": "r", "yellow": "y"}
CONDITION_KEYS = {c.casefold(): c for c in CONDITIONS}
_QUOTED = re.compile(r'"([^"]*)"')
_NUMBER = re.compile(r"^[+-]?[0-9]{1,3}$")
_ROW_HEAD = re.compile(r"^\s*([A-Za-z-]+)\s*([0-9]{1,2})(\s+round)?\s*$", re.IGNORECASE)
_CARD_HEAD = re.compile(r"^\s*([0-9]{1,2})(\s+round)?\s*$", re.IGNORECASE)
_STATS = re.compile(r"^(-?[0-9]{1,3})/(-?[0-9]{1,3})/(-?[0-9]{1,3})/(-?[0-9]{1,3})$")
_EFFECT = re.compile(r"^(?:(.*?)\s+)?(move|attack|range|guard)\s+([+-][0-9])$", re.IGNORECASE)


class LineError(ValueError):
    """A line that cannot be read: the part it is in and what is wrong, as one sentence."""


def _number(word: str, where: str) -> int:
    if not _NUMBER.match(word or ""):
        raise LineError(f"{where}: {word!r} is not a number")
    return int(word)


def _condition(words: str, where: str) -> str:
    found = CONDITION_KEYS.get(" ".join(words.replace("-", " ").split()).casefold())
    if found is None:
        raise LineError(f"{where}: {words!r} is not a condition of p.37 ({', '.join(CONDITIONS)})")
    return found


# -- actions ------------------------------------------------------------------------------------------------

def read_action(text: str, where: str) -> dict:
    """`Attack 2 range +1 inflict Bleeding` -> {"type": "attack", "value": 2, "range": "+1", ...}."""
    names = _QUOTED.findall(text)
    words = _QUOTED.sub(" ", text).split()
    if not words:
        raise LineError(f"{where}: an action is missing (two commas in a row?)")
    short = _SHORT_ACTION.match(words[0])  # "M3", "a2", "Move3": the action and its number as one word
    codes = action_codes()
    if short and short.group(1).casefold() in codes:
        words = [codes[short.group(1).casefold()], short.group(2)] + words[1:]
    first = words[0].casefold()
    if first in KEYWORDS and KEYWORDS[first].numbered:
        if len(words) < 2:
            raise LineError(f"{where}: {words[0]} needs its number ({words[0]} 2)")
        action = {"type": first, "value": _number(words[1], where)}
        rest = words[2:]
    else:
        if first == "condition":
            words = words[1:]
        tail = [w for w in words if w.casefold() in ("ally", "self")]
        head = [w for w in words if w.casefold() not in ("ally", "self")]
        options = next((i for i, w in enumerate(head) if w.casefold() in _OPTIONS), len(head))
        try:
            name = _condition(" ".join(head[:options]), where)
        except LineError:
            raise LineError(f"{where}: {' '.join(head[:options]) or text.strip()!r} is not an action "
                            f"({', '.join(k.title for k in KEYWORDS.values() if k.numbered)}, or a condition: "
                            f"{', '.join(CONDITIONS)})") from None
        action = {"type": "condition", "name": name}
        if tail:
            action["target"] = tail[-1].casefold()
        rest = head[options:]
    if names:
        if action["type"] == "condition":
            raise LineError(f"{where}: a condition action is named by its condition, not {names[0]!r}")
        action["name"] = names[0]
    _options(action, rest, where)
    return action


def _take(rest: list, i: int, where: str, option: str) -> str:
    if i >= len(rest):
        raise LineError(f"{where}: {option} needs a value")
    return rest[i]


def _options(action: dict, rest: list, where: str) -> None:
    short = [_SHORT_OPTION.match(w) for w in rest]
    rest = [x for w, m in zip(rest, short) for x in ((OPTION_CODES[m.group(1).casefold()], m.group(2)) if m else (w,))]
    i = 0
    while i < len(rest):
        word = rest[i].casefold()
        if word == "range":
            value = _take(rest, i + 1, where, "range")
            action["range"] = value if value[:1] in "+-" and _NUMBER.match(value) else _number(value, where)
            i += 2
        elif word in ("targets", "pierce", "value"):
            action[word] = _number(_take(rest, i + 1, where, word), where)
            i += 2
        elif re.fullmatch(r"x[0-9]", word):
            action["damage_multiplier"] = int(word[1:])
            i += 1
        elif word == "die":
            die = _take(rest, i + 1, where, "die").casefold()
            if die not in ATTACK_DICE:
                raise LineError(f"{where}: die {die!r} is not an Attack die ({', '.join(ATTACK_DICE)})")
            action["die"] = die
            i += 2
        elif word == "inflict":
            j = i + 1
            while j < len(rest) and rest[j].casefold() not in _OPTIONS:
                j += 1
            named = " ".join(rest[i + 1:j])
            if not named:
                raise LineError(f"{where}: inflict needs a condition (inflict Bleeding)")
            action["conditions"] = action.get("conditions", []) + [_condition(c, where) for c in named.split("/")]
            i = j
        elif word == "per" and i + 1 < len(rest) and rest[i + 1].casefold() == "character":
            action["per_character"] = True
            i += 2
        elif word in ("ally", "self"):
            action["target"] = word
            i += 1
        else:
            raise LineError(f"{where}: {rest[i]!r} is not an option of {action['type'].title()} (range, "
                            "targets, pierce, x2, die, inflict, per character, ally)")


_OPTIONS = {"range", "targets", "pierce", "value", "die", "inflict", "per", "ally", "self",
            *(f"x{n}" for n in range(10))}


def action_codes() -> dict[str, str]:
    """The short forms a table types fastest: an action's initial (its keyword's `code`) or its name, and its
    number as one word ("M3", "A2", "Move3")."""
    numbered = [k for k in KEYWORDS.values() if k.numbered]
    return {**{k.name: k.name for k in numbered}, **{k.code: k.name for k in numbered if k.code}}

OPTION_CODES = {"r": "range", "t": "targets", "p": "pierce"}  # after the number: "A2 r+1 t2 p1"
_SHORT_ACTION = re.compile(r"^([A-Za-z]+)([+-]?[0-9]{1,3})$")
_SHORT_OPTION = re.compile(r"^([rtp])([+-]?[0-9]{1,2})$", re.IGNORECASE)


def write_action(a: dict) -> str:
    if a["type"] == "condition":
        out = [a["name"]]
        if a.get("target", "self") != "self":
            out.append(a["target"])
        if a.get("value"):
            out += ["value", str(a["value"])]
    else:
        out = ([f'"{a["name"]}"'] if a.get("name") else []) + [KEYWORDS[a["type"]].title, str(a.get("value", 0))]
        if a.get("target", "self") != "self":
            out.append(a["target"])
    spec = a.get("range")
    if spec is not None:
        out += ["range", str(spec)]
    if a.get("targets", 1) != 1:
        out += ["targets", str(a["targets"])]
    if a.get("pierce"):
        out += ["pierce", str(a["pierce"])]
    if a.get("damage_multiplier", 1) != 1:
        out.append(f"x{a['damage_multiplier']}")
    if a.get("die", "basic") != "basic":
        out += ["die", a["die"]]
    if a.get("conditions"):
        out += ["inflict", "/".join(a["conditions"])]
    if a.get("per_character"):
        out += ["per", "character"]
    return " ".join(out)


def _actions(text: str, where: str) -> list:
    if not text.strip():
        return []
    return [read_action(part, f"{where}, action {i}") for i, part in enumerate(_split(text, ","), 1)]


def _split(text: str, sep: str) -> list[str]:
    """Parts of a line split at `sep`, but never inside a quoted name."""
    parts, quoted, cur = [], False, []
    for ch in text:
        if ch == '"':
            quoted = not quoted
        if ch == sep and not quoted:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts


def _head_and_body(part: str, where: str, example: str) -> tuple[str, str]:
    head, colon, body = part.partition(":")
    if not colon:
        raise LineError(f"{where}: {part.strip()!r} has no ':' between its AP and its actions ({example})")
    return head, body


# -- each kind of card ---------------------------------------------------------------------------------------

def _species_card(text: str) -> dict:
    head, body = _head_and_body(text, "the card", "2: Move 3")
    found = _CARD_HEAD.match(head)
    if not found:
        raise LineError(f"the card: {head.strip()!r} should be its AP, and 'round' if it has a round effect "
                        "(2: Move 3, or 3 round: Barrier)")
    return {"ap": int(found.group(1)), "round": bool(found.group(2)), "actions": _actions(body, "the card")}


def _class_card(text: str) -> dict:
    rows = {}
    for n, part in enumerate(_split(text, "|"), 1):
        where = f"row {n} ({part.strip()})"
        head, body = _head_and_body(part, where, "r2: Move 2, Attack 3")
        found = _ROW_HEAD.match(head)
        color = COLOR_WORDS.get(found.group(1).casefold()) if found else None
        if color is None:
            raise LineError(f"{where}: {head.strip()!r} should be the row's color and AP "
                            "(db, lb, r or y, e.g. r2 or red 2; 'round' after it for a round effect)")
        if color in rows:
            raise LineError(f"{where}: the card has a {color} row already (one row per color, p.47)")
        rows[color] = {"ap": int(found.group(2)), "round": bool(found.group(3)), "actions": _actions(body, where)}
    return {"rows": rows}


def _description(text: str) -> dict:
    parts = _split(text, "|")
    stats = parts[0].replace(",", " ").split()
    if len(stats) != len(DIFFICULTIES):
        raise LineError(f"the attributes ({parts[0].strip()}): give HP/Attack/Guard/Range for each difficulty "
                        f"1-4, four groups like 6/0/0/1 (p.46); {len(stats)} given")
    difficulties = {}
    for d, group in zip(DIFFICULTIES, stats):
        found = _STATS.match(group)
        if not found:
            raise LineError(f"difficulty {d} ({group}): should be HP/Attack/Guard/Range, like 6/0/0/1")
        hp, attack, guard, rng = (int(x) for x in found.groups())
        difficulties[str(d)] = {"hp": hp, "attack": attack, "guard": guard, "range": rng}
    card: dict = {"difficulties": difficulties}
    for part in parts[1:]:
        words = part.strip()
        if not words.casefold().startswith("critical"):
            raise LineError(f"{words!r}: after the attributes only 'critical …' may follow "
                            "(critical Knocked Down, critical +1 damage, critical push 2)")
        crit = _critical(words[len("critical"):], f"the critical ({words})")
        card["critical_ability"] = crit.get("text", "")
        if set(crit) - {"text"}:  # a printed text alone is shown, not applied (p.20)
            card["critical"] = crit
    return card


def _critical(text: str, where: str) -> dict:
    names = _QUOTED.findall(text)
    out: dict = {"text": names[0]} if names else {}
    for piece in (p.strip() for p in _QUOTED.sub(" ", text).split(",")):
        words = piece.split()
        if not words:
            continue
        low = [w.casefold() for w in words]
        if len(words) == 2 and low[1] == "damage":
            out["damage"] = _number(words[0], where)
        elif low[0] == "push" and len(words) == 2:
            out["push"] = _number(words[1], where)
        elif low[:2] == ["adjacent", "attack"] and len(words) == 3:
            out["adjacent_attack"] = _number(words[2], where)
        else:
            out["condition"] = _condition(piece, where)
    return out


def _event_card(text: str, rounds: str | None) -> dict:
    parts = _split(text, "|")
    head, colon, body = parts[0].partition(":")
    if colon and head.strip() in EVENT_ROUNDS:
        rounds, words = head.strip(), body.strip()
    else:
        words = parts[0].strip()
    if rounds is None:
        raise LineError(f"the card ({parts[0].strip()}): start with the rounds it is for, 1-5: or 6+: (p.10)")
    card: dict = {"rounds": rounds, "text": words}
    for part in (p.strip() for p in parts[1:]):
        where = f"the effect ({part})"
        low = part.casefold()
        if low.startswith("place "):
            count, _, type_ = part[len("place "):].strip().partition(" ")
            card["places"] = {"count": _number(count, where), "type": type_.strip() or None}
        elif low.startswith("mission event"):
            card["mission_event"] = part[len("mission event"):].lstrip(" :")
        elif low.startswith("event adversary"):
            card["event_adversary"] = part[len("event adversary"):].lstrip(" :")
        else:
            found = _EFFECT.match(part)
            if not found:
                raise LineError(f"{where}: should be a number the event changes (Range -1, characters Move -1, "
                                "Grallok Archer Attack +1), place 2 [type], mission event: … or event adversary: …")
            who, stat, amount = (found.group(1) or "").strip(), found.group(2).casefold(), int(found.group(3))
            effect: dict = {"stat": stat, "amount": amount, "side": "adversaries"}
            if who.casefold() in EVENT_SIDES:
                effect["side"] = who.casefold()
            elif who:
                effect["type"] = who
            card.setdefault("effects", []).append(effect)
    return card


def _boss_card(text: str) -> dict:
    head, bar, rest = text.partition("|")
    card: dict = {"actions": [], "persistent": False}
    for word in head.replace(",", " ").replace("#", " ").split():
        if word.casefold() == "persistent":
            card["persistent"] = True
        else:
            card["actions"].append(_number(word, f"the card ({head.strip()})"))
    if rest.strip():
        card["text"] = rest.strip()
    return card


def read_line(kind: str, text: str, *, rounds: str | None = None) -> dict:
    """A card's line -> its content in the card library file's shape, for the form's schema to check;
    LineError names the part that cannot be read. `rounds`: an event card's rounds when the line omits them
    (at the table, the round being played says which)."""
    if len(text) > MAX_LINE:
        raise LineError(f"the line is {len(text)} characters long; a card's line is at most {MAX_LINE}")
    if not text.strip():
        raise LineError("the line is empty: type the card's content, or use the boxes")
    if kind == "species-card":
        return _species_card(text)
    if kind == "class-card":
        return _class_card(text)
    if kind == "adversary":
        return _description(text)
    if kind == "event-card":
        return _event_card(text, rounds)
    if kind == "boss-card":
        return _boss_card(text)
    raise LineError(f"a {kind} is not typed as one line (one of: {', '.join(KINDS)})")


def write_line(kind: str, card: dict) -> str:
    """A stored card (the library file's shape) as its line: `read_line` reads it back to the same card."""
    if kind == "species-card":
        return _row_text(card)
    if kind == "class-card":
        rows = sorted(card["rows"].items(), key=lambda kv: (kv[1]["ap"], COLORS.index(kv[0])))
        return " | ".join(f"{SHORT[color]}{_row_text(row)}" for color, row in rows)
    if kind == "adversary":
        stats = " ".join("{hp}/{attack}/{guard}/{range}".format(**card["difficulties"][str(d)]) for d in DIFFICULTIES)
        crit = card.get("critical") or ({"text": card["critical_ability"]} if card.get("critical_ability") else None)
        return stats + (f" | critical {_critical_text(crit)}" if crit else "")
    if kind == "event-card":
        parts = [f"{card['rounds']}: {card.get('text', '')}".rstrip()]
        for e in card.get("effects", ()):
            who = e.get("type") or (e.get("side") if e.get("side", "adversaries") != "adversaries" else "")
            parts.append(f"{who} {e['stat'].title()} {e['amount']:+d}".strip())
        if card.get("places"):
            parts.append(f"place {card['places']['count']} {card['places'].get('type') or ''}".strip())
        if card.get("mission_event"):
            parts.append(f"mission event: {card['mission_event']}")
        if card.get("event_adversary"):
            parts.append(f"event adversary: {card['event_adversary']}")
        return " | ".join(parts)
    if kind == "boss-card":
        head = " ".join([*map(str, card.get("actions", ())), *(["persistent"] if card.get("persistent") else [])])
        return head + (f" | {card['text']}" if card.get("text") else "")
    raise LineError(f"a {kind} is not written as one line")


def _row_text(row: dict) -> str:
    head = f"{row['ap']}{' round' if row.get('round') else ''}:"
    actions = ", ".join(write_action(a) for a in row.get("actions", ()))
    return f"{head} {actions}" if actions else head


def _critical_text(c: dict) -> str:
    out = []
    if c.get("condition"):
        out.append(c["condition"])
    if c.get("damage"):
        out.append(f"{c['damage']:+d} damage")
    if c.get("push"):
        out.append(f"push {c['push']}")
    if c.get("adjacent_attack") is not None:
        out.append(f"adjacent attack {c['adjacent_attack']:+d}")
    text = ", ".join(out)
    if c.get("text"):
        text = f'{text} "{c["text"]}"'.strip()
    return text
