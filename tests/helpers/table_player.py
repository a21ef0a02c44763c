"""Whole missions played at the mission table through its pages, with only what each page offers (issue 18).

`play_mission(app, sample, characters, seed, steps)` makes a campaign of characters of different classes with
their sheet's HP and AP and an equipped attachment printing Guard, sets up a mission on the sample map, then
lets the page player (helpers/page_player.py) press what /table/1 offers until the mission is over, ten rounds
were begun or `steps` presses were made. After every answer it checks the mission's invariants: HP within
0..max, no two figures on a space, every figure on a space of the map (never beyond a wall or on an object
that blocks), no closed door left on a character's path (p.34), and the log line of an adversary's turn
naming every figure it damaged or defeated, and no attack target or MP face offered that the rules refuse
(issue 38). The normal suite runs it short (tests/test_table_player.py);
scripts/play-table runs it long.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field

from html import unescape

from companion import db as dbmod
from companion.phantom import play as rules
from companion.store import campaigns as campaign_store
from companion.store import mission_table as store
from helpers.page_forms import move_reach
from helpers.page_player import Player

SAMPLES = ("crossfire.json", "doors-and-hazards.json", "first-steps.json", "great-hall-30x24.json",
           "mutant-grallok-lair.json")
PARTY = (("Sylvestia", "Healer", "Slink", 9, 6), ("Vincent", "Warrior", "Grallok", 12, 7),
         ("Augustus", "Ranger", "Human", 10, 6), ("Vessa", "Rogue", "Slink", 9, 7))
ROUNDS = 10
# Presses that leave the mission or end it by hand rather than play it
LEAVING = re.compile(r"/(delete|record|log)$|/do/(abandon|fail)$")
STEERING = re.compile(r"/do/(next|end-turn|adversary|select|reveal|die|place|rest|move|attack|end-round)$")


@dataclass
class Run:
    sample: str
    characters: int
    seed: int
    steps: int = 0
    rounds: int = 0
    result: str = "unfinished"  # success / failure / unfinished (ten rounds or the presses ran out)
    failures: list = field(default_factory=list)
    actions: Counter = field(default_factory=Counter)
    refusals: Counter = field(default_factory=Counter)


# What a player types or taps freely: a refusal of what was typed or tapped is the rules answering a choice.
TYPED = {"text", "number", "search", "textarea"}


class TablePlayer(Player):
    """The page player with a finger for the map: a form the page marks `data-tap` (its field filled by a tap
    on a space, missiontable.js) gets a space the page draws: an entry point (E) to place a character, a
    space the reach layer shows for a move, and any space of the grid otherwise.

    The mission page offers a step only when the rules take it now (UX.md: "A button is offered that the
    rules refuse right now: it is disabled"): an offer whose every value the page itself gave (hidden fields,
    its own radio buttons, selects and checkboxes, nothing typed and no space tapped) refused by a rule is a
    failure, `refused-offer`."""

    def _classify_refusal(self, page, offer, values):
        failed = len(self.failures)
        super()._classify_refusal(page, offer, values)
        tap = offer.form.attrs.get("data-tap") if offer.form is not None else None
        chosen_freely = any(c.kind in TYPED or c.name == tap for c in offer.controls)
        if len(self.failures) == failed and not chosen_freely:
            said = re.findall(r"<li><strong>(.*?)</strong>: (.*?)</li>", page.html, re.S)
            self._fail("refused-offer", " ".join(" ".join(m) for m in said)[:300], offer, values)

    def fill(self, offer, overrides=None):
        tap = offer.form.attrs.get("data-tap") if offer.form is not None else None
        if tap and not (overrides or {}).get(tap):
            html = self.page.html if self.page else ""
            grid = re.findall(r'data-label="([^"]+)"', html)
            entry = re.findall(r'class="tok tok-entry" data-at="([^"]+)"', html)
            reach = sorted(move_reach(html))
            spaces = (entry if offer.path.endswith("/do/place") else
                      reach if offer.path.endswith("/do/move") and reach and self.rng.random() < 0.9 else grid)
            if spaces:
                overrides = {**(overrides or {}), tap: self.rng.choice(spaces)}
        return super().fill(offer, overrides)


def mission_state(app, mission_id: int = 1):
    db = dbmod.connect(app.config["DATABASE"])
    try:
        return store.JOURNAL.get(db, mission_id).mission
    finally:
        db.conn.close()


def last_entry(app, mission_id: int = 1):
    db = dbmod.connect(app.config["DATABASE"])
    try:
        return store.JOURNAL.status(db, mission_id).last_change
    finally:
        db.conn.close()


def adversary_turn_said_its_damage(before, after, entry) -> None:
    """Issue 38: the log line of an adversary's turn names every figure it hurt, with the damage, and every
    figure it defeated (turn_log.py's summary)."""
    if entry is None or "as the AI planned it" not in entry.description:
        return
    now = {f.id: f for f in after.board.figures}
    for f in before.board.figures:
        got = now.get(f.id)
        if got is None or got.hp <= 0:
            assert f"{f.id} is defeated" in entry.description or f.hp <= 0, \
                f"{f.id} was defeated and the log says only: {entry.description}"
        elif got.hp < f.hp:
            assert re.search(rf"\b\d+ damage\b[^;]*\b{re.escape(f.id)}\b|\b{re.escape(f.id)}\b[^;]*\b\d+ damage\b",
                             entry.description), f"{f.id} lost {f.hp - got.hp} HP and the log says only: {entry.description}"


def offered_choices_are_legal(m, html: str) -> None:
    """Issue 38: no offered control is refused as illegal. Each target the attack helper offers (not disabled)
    is one the Attack takes with the card's range as drawn (`target_refusal` None), and each one disabled says
    why; each MP face reaches some space the Move takes, so a face then a lit space is never refused (p.24)."""
    rnd = m.round
    me = m.figure(rnd.current) if rnd is not None and rnd.current else None
    if me is None or me.side != "character" or m.result is not None:
        return
    block = html.partition('id="attack-targets"')[2].partition("</fieldset>")[0]
    for tag in re.finditer(r'<input type="radio" name="target" value="([^"]+)"[^>]*>', block):
        value = unescape(tag.group(1))
        refused = rules.target_refusal(m, me.id, value)
        if "disabled" in tag.group(0):
            assert refused is not None, f"the attack helper disables {value}, which the Attack takes"
            assert tag.group(0).count("aria-describedby") == 1, f"{value} is disabled without its reason"
        else:
            assert refused is None, f"the attack helper offers {value}; the Attack refuses it: {refused.message}"
    faces = [int(n) for n in re.findall(r'<input type="radio" name="mp" value="(\d+)"', html)]
    if faces:
        cheapest = min(min(rules.reachable_costs(m, me.id, mode).values(), default=99) for mode in ("move", "leap"))
        assert cheapest <= min(faces), f"the MP face {min(faces)} reaches no space (the nearest needs {cheapest})"


def invariants(app, mission_id: int = 1):
    seen_entry = {}

    def check(player, page):
        m = mission_state(app, mission_id)
        entry = last_entry(app, mission_id)
        if seen_entry and entry is not None and entry.id > (seen_entry["id"] or 0):
            adversary_turn_said_its_damage(seen_entry["mission"], m, entry)
        seen_entry.update(id=entry.id if entry else None, mission=m)
        seen = {}
        for f in m.board.figures:
            assert 0 <= f.hp <= f.max_hp, f"{f.id} has HP {f.hp} of {f.max_hp}"
            assert f.at in m.map.spaces, f"{f.id} stands off the map"
            assert not m.map.is_blocking_object(f.at), f"{f.id} stands on an object on {m.map.label(f.at)}"
            assert f.at not in m.map.closed_doors, f"{f.id} stands in a closed door on {m.map.label(f.at)}"
            assert f.at not in seen, f"{f.id} and {seen[f.at]} share {m.map.label(f.at)}"
            seen[f.at] = f.id
        # p.34: a character's Move or Leap opens the closed doors its path goes through; the round keeps the
        # spaces the current character's moves entered this turn, so none of them is a closed door now.
        mover = m.figure(m.round.current) if m.round is not None and m.round.current else None
        if mover is not None and mover.side == "character":
            shut = [x for x in m.round.passed if m.map.parse(x) in m.map.closed_doors]
            assert not shut, f"{mover.id} moved through the closed door(s) on {', '.join(shut)}"
        offered_choices_are_legal(m, page.html)
    return check


def make_campaign(table, characters: int, party=PARTY) -> list[str]:
    """A campaign of `characters` of different classes (the first of `party`), each with HP and AP on its sheet
    and an equipped shield attachment printing Guard +1: their ids."""
    table.post("/campaigns", {"name": "The Table Players"}, htmx=False)
    url = "/campaigns/1"
    for name, cls, species, _, _ in party[:characters]:
        table.post(f"{url}/characters", {"name": name, "class_name": cls, "species": species})
    ids = []
    db = dbmod.connect(table.client.application.config["DATABASE"])
    try:
        chars = campaign_store.JOURNAL.get(db, 1).campaign.characters
    finally:
        db.conn.close()
    for ch, (_, _, _, hp, ap) in zip(chars, party):
        sheet = f"{url}/characters/{ch.id}"
        table.post(f"{sheet}/numbers", {"max_hp": str(hp), "max_ap": str(ap)})
        table.post(f"{sheet}/attachments", {"name": "Buckler", "type": "shield", "starting": "1"})
        db = dbmod.connect(table.client.application.config["DATABASE"])
        try:
            thing = campaign_store.JOURNAL.get(db, 1).campaign.characters[len(ids)].attachments[-1].id
        finally:
            db.conn.close()
        table.post(f"{sheet}/guard", {"kind": "attachments", "thing": thing, "delta": "1"})
        table.post(f"{sheet}/equip", {"kind": "attachments", "thing": thing})
        ids.append(ch.id)
    return ids


def play_mission(app, table, sample: str, characters: int, seed: int, steps: int) -> Run:
    """`table` is the CSRF-aware client of tests/conftest.py, for the set-up; the player presses the rest."""
    ids = make_campaign(table, characters)
    table.post("/cards/samples", htmx=False)
    table.post("/maps/samples", {"sample": sample}, htmx=False)
    data = {"campaign": "1", "mission": "awakening", "map": "1", "difficulty": "2"}
    data.update({f"character_{n}": cid for n, cid in enumerate(ids, start=1)})
    resp = table.post("/table", data, htmx=False)
    assert resp.status_code == 303, resp.get_data(as_text=True)[-2000:]
    rng = random.Random(seed)
    player = TablePlayer(table.client, rng, invariants=[invariants(app)])
    player.skip = lambda o: not o.path.startswith("/table/1") or bool(LEAVING.search(o.path))
    # Undo and the table's corrections are offered everywhere; a table uses them now and then
    # and the objective is met by the mission's own story, rarely by a stray tap.
    player.weight = lambda o: (6.0 if STEERING.search(o.path) else
                               0.02 if o.path.endswith("/do/objective") else
                               0.05 if o.path.endswith(("/undo", "/redo")) else 0.3)

    def over(p):
        m = mission_state(app)
        return m.result is not None or m.rounds > ROUNDS

    player.open("/table/1")
    run = Run(sample, characters, seed)
    run.steps = player.play(steps, stop=over)
    m = mission_state(app)
    run.rounds = m.rounds
    run.result = "unfinished" if m.result is None else ("success" if m.result.success else "failure")
    run.failures, run.actions, run.refusals = player.failures, player.actions, player.refusals
    return run
