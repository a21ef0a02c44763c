"""The first round, a section of `companion bench` (issue 34): a scripted newcomer with nothing but the box,
from an empty instance to round 1 begun, through the pages' own forms (the test client; each form read from
the page it is on, sent with its own hidden fields), its taps and typed characters counted and turned into
minutes at 2 s a tap and 0.3 s a character.

The party: four characters of different classes (Healer, Ranger, Rogue, Warrior) of the three species, on
the First steps sample map, whose icons place a Grallok Sentry and, for three or four characters, a Grallok
Archer. Three paths:
- `physical`: every deck drawn from the table's own cards, each card typed in one line when it comes up in
  round 1 (the Event card, then a Grallok species card for each type and a Sentry and an Archer class card); the two
  description cards typed on the set-up page where it says they are missing;
- `typed_first`: the app draws every deck, all their cards typed beforehand on the Cards page in the one-line
  form (a deck of 6 species cards, two class decks of 6, 5 Round 1-5 and 5 Round 6+ events, none of which
  places an adversary: an event that does would add the taps placing it);
- `card_file`: another group's card file (cards, species numbers and the map) imported from the home page.

What counts: opening a page by a link or button is a tap; a box typed into is a tap and its characters; a
select changed from what it shows is two taps (open, choose), a radio or checkbox changed one; the button
that sends a form one; choosing a file two; a space on the map one. Reported, never asserted.
"""
from __future__ import annotations

import io
import json
import re
import tempfile
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

from .timing import scratch_app

TAP_SECONDS, CHARACTER_SECONDS = 2.0, 0.3
TARGET_MINUTES = {"physical": 5, "typed_first": 15, "card_file": 1}
TARGET_CARD_AT_TABLE_SECONDS = 20
PARTY = (("Vera", "Healer", "Human"), ("Bram", "Warrior", "Grallok"), ("Mira", "Ranger", "Slink"),
         ("Quill", "Rogue", "Human"))
SPECIES = {"Human": ("10", "6"), "Grallok": ("12", "5"), "Slink": ("9", "7")}  # made up for the bench
DESCRIPTIONS = {"Grallok Sentry": "6/0/0/1 8/1/0/1 10/1/1/1 12/2/1/1 | critical Knocked Down",
                "Grallok Archer": "4/0/0/4 5/0/0/5 6/1/0/5 8/1/0/6 | critical +1 damage"}
# A deck's cards as a table would type them: the name, then the line (docs/card-lines.md).
SPECIES_CARDS = [("Rush", "2: M3"), ("Lumber", "4: M2"), ("Hide", "3 round: Barrier"), ("Charge", "3: M2, A1"),
                 ("Brace", "4 round: Resilient"), ("Stomp", "5: D1 inflict Knocked Down")]
CLASS_CARDS = {
    "Sentry": [("Hold", "r2:A0|y3:A1|lb4:M1,A1|db5:A2"), ("Bash", "r3:A1|y4:A1 inflict Stunned|lb5:A2|db6:M2"),
               ("Guard", "r2:M1|y3:A0|lb4:A1|db5:A1 p1"), ("Lunge", "r3:M2,A0|y4:M2,A1|lb5:M3,A1|db6:M3,A2"),
               ("Wall", "r4:Barrier|y5:A1|lb6:A2|db7:A3"), ("Sweep", "r3:A0 t2|y4:A1 t2|lb5:A1 t3|db6:A2 t3")],
    "Archer": [("Volley", "r2:A0 r+1|y3:A0 t2|lb4:R2,A1|db5:A1 p1"), ("Aim", "r3:A1|y4:A1 r6|lb5:A2|db6:M1,A0"),
               ("Skirmish", "r2:R2,A0|y3:R3,A0|lb4:A1|db5:A2"), ("Pin", "r3:A0 inflict Frozen|y4:A1|lb5:A1|db6:A2"),
               ("Retreat", "r2:R3|y3:R2,A0|lb4:R2,A1|db5:R1,A2"), ("Snipe", "r4:A2 r8|y5:A2|lb6:A3|db7:A3 p2")],
}
EVENTS = [("Dust Storm", "1-5: Dust everywhere | Range -1"), ("Quiet", "1-5: Nothing happens"),
          ("Tremor", "1-5: The ground shakes | characters Move -1"), ("Echoes", "1-5: Voices in the halls"),
          ("Howl", "1-5: A howl | Grallok Sentry Attack +1"), ("Storm", "6+: Lightning | Attack +1"),
          ("Calm", "6+: A calm"), ("Fog", "6+: Fog | Range -2"), ("Rage", "6+: Rage | Grallok Sentry Attack +1"),
          ("Rest", "6+: A moment's rest")]
# What comes up in round 1 of the physical path, typed at the table (name, line).
AT_THE_TABLE = {"events": ("Dust Storm", "Dust | Range -1"),
                # a deck the two types share: each draws its own card (p.12 step 5)
                "species:Grallok|Grallok Archer": ("Rush", "2: M3"),
                "species:Grallok|Grallok Sentry": ("Hide", "3 round: Barrier"),
                "class:Sentry": ("Hold", "r2:A0|y3:A1|lb4:M1,A1|db5:A2"),
                "class:Archer": ("Volley", "r2:A0 r+1|y3:A0 t2|lb4:R2,A1|db5:A1 p1")}


# -- the pages' forms --------------------------------------------------------------------------------------

@dataclass
class Form:
    action: str
    id: str | None
    fields: list = field(default_factory=list)  # (name, kind, value, checked or selected, options)
    buttons: list = field(default_factory=list)  # (text, name, value)
    text: str = ""

    def hidden(self) -> dict:
        return {n: v for n, kind, v, *_ in self.fields if kind == "hidden"}


class _Forms(HTMLParser):
    """Every form of a page with its controls (those outside it with form="id" too) and its buttons."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.by_id: dict[str, Form] = {}
        self.stack: list[Form] = []
        self.select: list | None = None
        self.button: list | None = None
        self.elsewhere: list = []  # controls with form="id", which may come before their form

    def _owner(self, a) -> Form | None:
        if a.get("form"):
            return _Later(a["form"], self.elsewhere)
        return self.stack[-1] if self.stack else None

    def close(self):
        super().close()
        for form_id, kind, item in self.elsewhere:
            if form_id in self.by_id:
                getattr(self.by_id[form_id], kind).append(item)

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        if tag == "form":
            form = Form(a.get("action", ""), a.get("id"))
            self.forms.append(form)
            self.stack.append(form)
            if form.id:
                self.by_id[form.id] = form
        elif tag == "input" and a.get("name") and "disabled" not in a:
            owner = self._owner(a)
            kind = a.get("type", "text")
            if owner is not None and kind != "submit":
                owner.fields.append((a["name"], kind, a.get("value", "on" if kind in ("checkbox", "radio") else ""),
                                     "checked" in a, ()))
        elif tag == "select" and a.get("name"):
            owner = self._owner(a)
            self.select = [a["name"], owner, [], None]
        elif tag == "option" and self.select is not None:
            self.select[2].append(a.get("value", ""))
            if "selected" in a:
                self.select[3] = a.get("value", "")
        elif tag == "button":
            self.button = [a, ""]

    def handle_data(self, data):
        if self.button is not None:
            self.button[1] += data

    def handle_endtag(self, tag):
        if tag == "form" and self.stack:
            self.stack.pop()
        elif tag == "select" and self.select is not None:
            name, owner, options, chosen = self.select
            if owner is not None:
                owner.fields.append((name, "select", chosen if chosen is not None else (options[0] if options else ""),
                                     True, tuple(options)))
            self.select = None
        elif tag == "button" and self.button is not None:
            a, text = self.button
            owner = self._owner(a)
            if owner is not None and "disabled" not in a and a.get("type", "submit") == "submit":
                owner.buttons.append((" ".join(unescape(text).split()), a.get("name"), a.get("value", "")))
            self.button = None


class _Later:
    """The form a control names with form="id", joined once the whole page is read."""

    def __init__(self, form_id: str, pending: list):
        self.form_id, self.pending = form_id, pending
        self.fields, self.buttons = _Pending(self, "fields"), _Pending(self, "buttons")


class _Pending:
    def __init__(self, later: _Later, kind: str):
        self.later, self.kind = later, kind

    def append(self, item):
        self.later.pending.append((self.later.form_id, self.kind, item))


def forms(html: str) -> list[Form]:
    parser = _Forms()
    parser.feed(html)
    parser.close()
    return parser.forms


class Newcomer:
    """A group at the table with an empty app: what it opens, types and taps, counted."""

    def __init__(self, client):
        self.client, self.taps, self.chars, self.html, self.url = client, 0, 0, "", "/"
        self.cards_at_table: list[float] = []

    def seconds(self) -> float:
        return self.taps * TAP_SECONDS + self.chars * CHARACTER_SECONDS

    def open(self, url: str, tap: bool = True):
        resp = self.client.get(url)
        if resp.status_code != 200:
            raise RuntimeError(f"bench first round: GET {url} answered {resp.status_code}")
        self.html, self.url = resp.get_data(as_text=True), url
        self.taps += tap

    def form(self, action_end: str, button: str | None = None, **hidden) -> Form:
        found = [f for f in forms(self.html) if f.action.split("?")[0].endswith(action_end)
                 and (button is None or any(button in b[0] for b in f.buttons))
                 and all(f.hidden().get(k) == v for k, v in hidden.items())]
        if len(found) != 1:
            raise RuntimeError(f"bench first round: {len(found)} forms {action_end} {button or ''} {hidden} on "
                               f"{self.url}")
        return found[0]

    def send(self, form: Form, values: dict | None = None, button: str | None = None, files=None,
             expect=(200, 303)) -> None:
        """Fill `values` in as a person would (counted against what the form shows) and press its button."""
        values = values or {}
        data: dict = {}
        for name, kind, value, on, options in form.fields:
            if kind in ("checkbox", "radio"):
                if on:
                    data.setdefault(name, []).append(value)
            elif kind != "file":
                data.setdefault(name, []).append(value)
        for name, value in values.items():
            kinds = {k for n, k, *_ in form.fields if n == name}
            shown = data.get(name, [])
            if kinds & {"checkbox"}:
                wanted = list(value)
                self.taps += len(set(wanted) ^ set(shown))
                data[name] = wanted
                continue
            if kinds & {"radio"}:
                self.taps += shown != [value]
            elif kinds & {"select"}:
                self.taps += 2 * (shown != [value])
            elif shown != [value]:  # a box typed into
                self.taps += 1
                self.chars += len(str(value))
            data[name] = [value]
        chosen = next((b for b in form.buttons if button is None or button in b[0]), None)
        if chosen and chosen[1]:
            data[chosen[1]] = [chosen[2]]
        self.taps += 1
        body = [(k, v) for k, vs in data.items() for v in vs]
        if files:
            self.taps += 2
            body += [(k, (io.BytesIO(content), filename)) for k, (content, filename) in files.items()]
        resp = self.client.post(form.action or self.url, data=_multi(body), follow_redirects=True,
                                content_type="multipart/form-data" if files else None)
        if resp.status_code not in expect:
            raise RuntimeError(f"bench first round: {form.action} answered {resp.status_code}: "
                               f"{_errors(resp.get_data(as_text=True))}")
        self.html, self.url = resp.get_data(as_text=True), resp.request.path
        if "?" not in self.url and resp.request.query_string:
            self.url += "?" + resp.request.query_string.decode()

    def type_card(self, deck: str, name: str, line: str):
        """A card that came up from the table's own deck, typed where the round asks for it."""
        before = self.seconds()
        self.send(self.form("/card", deck=deck), {"name": name, "line": line})
        self.cards_at_table.append(round(self.seconds() - before, 1))


def _multi(pairs):
    from werkzeug.datastructures import MultiDict
    return MultiDict(pairs)


def _errors(html: str) -> str:
    found = re.search(r'class="errors"[^>]*>(.*?)</ul>', html, re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split()) if found else html[:200]


# -- the path --------------------------------------------------------------------------------------------

def _campaign_and_party(n: Newcomer) -> None:
    """The home page's new campaign with its party: the campaign's name, and each character's name, class and
    species (one tap each)."""
    n.open("/", tap=False)
    values = {"name": "Historians"}
    for i, (name, class_name, species) in enumerate(PARTY, 1):
        values.update({f"character_{i}": name, f"class_{i}": class_name, f"species_{i}": species})
    n.send(n.form("/campaigns", "New campaign"), values)


def _species_numbers(n: Newcomer) -> None:
    n.open("/cards")
    for species, (hp, ap) in SPECIES.items():
        if species in {s for _, _, s in PARTY}:
            n.send(n.form("/cards/species"), {"name": species, "hp": hp, "ap": ap})


def _sample_map(n: Newcomer) -> None:
    n.open("/maps")
    n.send(n.form("/maps/samples"), button="First steps")


def _set_up(n: Newcomer, describe: bool) -> None:
    n.open("/table/new?campaign=1")
    if describe:
        for type_, line in DESCRIPTIONS.items():
            n.send(n.form("/cards/adversary", name=type_), {"line": line})
    n.send(n.form("/table", "Set up the mission"))


def _place_party(n: Newcomer) -> None:
    """Each character on the next free entry point: one tap (the players choose when they have a preference)."""
    n.send(n.form("/do/place-party"))


def _round_one(n: Newcomer, physical: bool) -> None:
    n.send([f for f in forms(n.html) if f.action.endswith("/do/die")][0])  # the face the die shows
    if physical:  # then the Event card the table turned (p.12 steps 1-2)
        n.type_card("events", *AT_THE_TABLE["events"])
    for ap in ("2", "3", "4", "5"):  # no two alike: no tie to order (p.12 step 7)
        select = [f for f in forms(n.html) if f.action.endswith("/do/select")]
        if not select:
            break
        n.send(select[0], button=ap)
    if physical:
        for key in ("species:Grallok|Grallok Archer", "species:Grallok|Grallok Sentry", "class:Sentry",
                    "class:Archer"):
            n.type_card(key, *AT_THE_TABLE[key])


def _cards_beforehand(n: Newcomer) -> None:
    n.open("/cards")
    for type_, line in DESCRIPTIONS.items():
        species, cls = type_.split()
        n.send(n.form("/cards/adversary", _form="adversary-line"), {"name": type_, "species": species,
                                                                     "class": cls, "line": line})
    decks = [("species-card", "Grallok", SPECIES_CARDS)] + [("class-card", d, c) for d, c in CLASS_CARDS.items()]
    decks.append(("event-card", "Events", EVENTS))
    for kind, deck, cards in decks:
        for name, line in cards:
            n.send(n.form(f"/cards/{kind}", _form=f"{kind}-line"), {"deck": deck, "name": name, "line": line})


def _path(kind: str) -> dict:
    with tempfile.TemporaryDirectory(prefix="companion-bench-first-") as tmp:
        app = scratch_app(tmp)
        n = Newcomer(app.test_client())
        if kind == "card_file":
            _import_card_file(n, tmp)
        _campaign_and_party(n)
        if kind != "card_file":
            _species_numbers(n)
            _sample_map(n)
        if kind == "typed_first":
            _cards_beforehand(n)
        _set_up(n, describe=kind == "physical")
        _place_party(n)
        _round_one(n, physical=kind == "physical")
        begun = _phase(app) == "turns"
        out = {"taps": n.taps, "typed_characters": n.chars, "minutes": round(n.seconds() / 60, 2),
               "target_minutes": TARGET_MINUTES[kind], "round_1_begun": begun}
        if n.cards_at_table:
            out.update(seconds_per_card_at_table=n.cards_at_table,
                       target_seconds_per_card=TARGET_CARD_AT_TABLE_SECONDS)
        return out


def _phase(app) -> str | None:
    from ..store import mission_table as store
    from .timing import connection
    with connection(app) as db:
        rnd = store.JOURNAL.get(db, 1).mission.round
    return rnd.phase if rnd else None


def _import_card_file(n: Newcomer, tmp: str) -> None:
    """Another group's card file: made by this very path typed on a scratch instance, then exported."""
    other = scratch_app(Path(tmp) / "other")
    typist = Newcomer(other.test_client())
    _campaign_and_party(typist)
    _species_numbers(typist)
    _sample_map(typist)
    _cards_beforehand(typist)
    content = other.test_client().get("/cards/export").get_data()
    n.open("/", tap=False)
    n.send(n.form("/cards/import"), files={"file": (content, "historians-cards.json")})


def run() -> dict:
    return {kind: _path(kind) for kind in ("physical", "typed_first", "card_file")}


if __name__ == "__main__":  # pragma: no cover - a quick look: python -m companion.bench.first_round
    print(json.dumps(run(), indent=2))
