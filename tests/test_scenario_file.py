"""The scenario file of DESIGN.md and `companion sight`: what players write by hand and share to settle
a ruling at the table. Bad files are refused in one line naming the field and quoting the value."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion import cli
from companion.phantom.hexmap import Layout
from companion.phantom.scenario import RangeSpec
from companion.schemas.files.scenario import ScenarioFileError, dump_scenario, load_scenario

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"

# DESIGN.md's own example, written by hand (every element of the format once).
HAND_WRITTEN = {
    "format": "phantom-epoch-scenario/1",
    "layout": {"orientation": "pointy", "shifted": "even"},
    "spaces": ["A-1:L-8", "M-3"],
    "walls": [["C-2", "C-3"]],
    "doors": {"D-4": "closed"},
    "terrain": {"E-2": "difficult", "F-3": "gap"},
    "hazards": {"B-5": "fire", "C-5": "poison", "D-5": "trap"},
    "objects": {"E-4": "destructible", "E-5": "damaged", "E-6": "destroyed", "G-1": "indestructible"},
    "orbs": ["H-2"],
    "figures": [
        {"id": "vera", "side": "character", "color": "red", "at": "C-3", "hp": 9, "max_hp": 12, "conditions": []},
        {"id": "goblin-2", "side": "adversary", "type": "grallok-sentry", "color": "red", "at": "F-4", "hp": 5,
         "max_hp": 5, "attack": 1, "guard": 1, "range": 1, "conditions": []},
        {"id": "archer-1", "side": "adversary", "type": "grallok-archer", "color": "yellow",
         "at": "H-4", "hp": 6, "max_hp": 6, "attack": 1, "guard": 0, "range": 6, "conditions": []},
    ],
    "decision_die": {"color": "red", "primary": "S", "secondary": "W"},
    "turn": {
        "adversary": "archer-1",
        "cards": [
            {"name": "Advance", "ap": 3, "actions": [{"type": "move", "value": 4}]},
            {"name": "Volley", "ap": 2, "round": False,
             "actions": [{"type": "attack", "value": 1, "range": "+1", "targets": 1}]},
        ],
    },
}


def test_the_design_example_loads_with_every_element():
    s = load_scenario(json.dumps(HAND_WRITTEN))
    m, P = s.board.map, Layout().parse
    assert len(m.spaces) == 12 * 8 + 1 and P("M-3") in m.spaces
    assert m.closed_doors == {P("D-4")}
    assert m.is_difficult(P("E-2")) and m.terrain_at[P("F-3")] == "gap"
    assert m.hazard_at[P("C-5")] == "poison" and m.object_at[P("G-1")] == "indestructible"
    assert P("H-2") in m.orb_at
    archer = s.board.figure("archer-1")
    assert (archer.at, archer.range, archer.color) == (P("H-4"), 6, "yellow")
    assert s.board.figure("vera").at == P("C-3")
    volley = s.turn.cards[1].actions[0]
    assert volley.range == RangeSpec(modifier=1) and volley.range.resolve(archer.range) == 7
    assert s.decision_die.primary == "S"


def test_an_explicit_range_is_not_modified():
    # p.18: "If an action has an explicit range, then the range of the action cannot be modified."
    doc = copy.deepcopy(HAND_WRITTEN)
    doc["turn"]["cards"][1]["actions"][0]["range"] = 3
    action = load_scenario(doc).turn.cards[1].actions[0]
    assert action.range == RangeSpec(explicit=3) and action.range.resolve(6) == 3


def test_write_then_read_gives_the_same_scenario():
    s = load_scenario(HAND_WRITTEN)
    again = load_scenario(json.dumps(dump_scenario(s)))
    assert again == s
    assert dump_scenario(again) == dump_scenario(s)


@pytest.mark.skipif(not (EXAMPLES / "turn-sentry.json").is_file(), reason="../shared/examples is not present")
def test_the_shared_example_loads():
    s = load_scenario((EXAMPLES / "turn-sentry.json").read_bytes())
    assert s.turn.adversary == "sentry-1" and [c.name for c in s.turn.cards] == ["Grallok Charge", "Sentry Strike"]
    assert len(s.board.map.walls) == 2


def broken(path, value):
    doc = copy.deepcopy(HAND_WRITTEN)
    *parents, last = path
    target = doc
    for key in parents:
        target = target[key]
    if value is DELETE:
        del target[last]
    elif value is APPEND:
        target[last].append(["A-1", "C-1"])
    else:
        target[last] = value
    return doc


DELETE, APPEND = object(), object()

BAD = [
    (("format",), "phantom-epoch-scenario/2", "format: must be 'phantom-epoch-scenario/1' (got \"phantom-epoch-scenario/2\")"),
    (("spaces",), DELETE, "spaces: required"),
    (("spaces", 1), "M3", "spaces[1]: 'M3' is not a space like M-3"),
    (("layout", "orientation"), "round", "layout.orientation: must be one of pointy, flat (got \"round\")"),
    (("walls",), APPEND, "walls[1]: 'A-1' and 'C-1' are not adjacent"),
    (("walls", 0, 1), "Z-40", "walls[0][1]: 'Z-40' is not a space of this map"),
    (("doors", "D-4"), "ajar", "doors.D-4: must be one of open, closed (got \"ajar\")"),
    (("hazards", "B-5"), "lava", "hazards.B-5: must be one of fire, poison, trap (got \"lava\")"),
    (("objects", "E-4"), "broken", "objects.E-4: must be one of destructible, damaged, destroyed, indestructible"),
    (("orbs", 0), "Q-99", "orbs[0]: 'Q-99' is not a space of this map"),
    (("figures", 0, "at"), "Z-99", "figures[0].at: 'Z-99' is not a space of this map"),
    (("figures", 1, "at"), "C-3", "figures[1].at: 'C-3' already holds 'vera'"),
    (("figures", 1, "id"), "vera", "figures[1].id: 'vera' is used by another figure"),
    (("figures", 0, "side"), "monster", "figures[0].side: must be one of character, adversary (got \"monster\")"),
    (("figures", 0, "hp"), "nine", "figures[0].hp: Not a valid integer (got \"nine\")"),
    (("figures", 0, "hp"), 13, "figures[0].hp: must be at most max_hp (12)"),
    (("figures", 2, "range"), 0, "figures[2].range: Must be greater than or equal to 1"),
    (("figures", 0, "colour"), "red", "figures[0].colour: unknown field"),
    (("decision_die", "primary"), "NE", "decision_die.primary: must be one of N, S, E, W (got \"NE\")"),
    (("turn", "adversary"), "vera", "turn.adversary: 'vera' is a character, not an adversary"),
    (("turn", "adversary"), "nobody", "turn.adversary: no figure 'nobody' on the board"),
    (("turn", "cards", 0, "actions", 0, "type"), "fly", "turn.cards[0].actions[0].type: must be one of move"),
    (("turn", "cards", 1, "actions", 0, "range"), "x2", "turn.cards[1].actions[0].range: must be a modifier like"),
    (("turn", "cards", 0, "ap"), -1, "turn.cards[0].ap: Must be greater than or equal to 0"),
    (("rolls",), {"attack": [2, "crit"]}, "rolls.attack[1]: must be a number, critical or fumble (got \"crit\")"),
    (("rolls",), {"accuracy": ["hit"]}, "rolls.accuracy[0]: must be one of miss, block, success (got \"hit\")"),
]


@pytest.mark.parametrize("path, value, message", BAD, ids=[m.split(":")[0] for _, _, m in BAD])
def test_bad_fields_are_named_with_their_value(path, value, message):
    with pytest.raises(ScenarioFileError) as exc:
        load_scenario(json.dumps(broken(path, value)))
    assert str(exc.value).startswith(message), str(exc.value)
    assert "\n" not in str(exc.value)


@pytest.mark.parametrize("text, message", [
    (b"{", "file: not valid JSON (line 1"),
    (b"[1, 2]", "file: must be a JSON object"),
    (b"\xff\xfe", "file: not UTF-8 text"),
    (b"[" * 100000 + b"]" * 100000, "file: nested too deeply"),
])
def test_files_that_are_not_scenarios_are_refused(text, message):
    with pytest.raises(ScenarioFileError) as exc:
        load_scenario(text)
    assert str(exc.value).startswith(message)


# -- companion sight ------------------------------------------------------------------------------

@pytest.fixture
def hand_file(tmp_path):
    path = tmp_path / "ruling.json"
    path.write_text(json.dumps(HAND_WRITTEN))
    return path


def test_companion_sight_answers_a_file_written_by_hand(hand_file, capsys):
    # The archer on H-4 looks at Vera on C-3; some lines pass the goblin on F-4 and the object on E-4,
    # some pass clear (p.18-19); the archer draws a clear one (p.27).
    assert cli.main(["sight", str(hand_file), "H-4", "C-3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"from", "to", "range", "line_of_sight", "lines", "adversary_choice"}
    assert (out["from"], out["to"], out["line_of_sight"]) == ("H-4", "C-3", True)
    assert out["range"] == 6  # round the closed door on D-4 (p.18, p.34)
    for ln in out["lines"]:
        assert set(ln) == {"from_vertex", "to_vertex", "through", "accuracy_rolls"}
        assert all(isinstance(v, int) for v in ln["from_vertex"] + ln["to_vertex"])
        assert set(ln["accuracy_rolls"]) <= {x for t in ln["through"] for x in ([t] if isinstance(t, str) else t)}
    chosen = out["lines"][out["adversary_choice"]]
    fewest = min(len(ln["accuracy_rolls"]) for ln in out["lines"])
    assert len(chosen["accuracy_rolls"]) == fewest == 0  # p.27 (1)
    # Re-derived under the reading of walls of issue 38 (INTERPRETATIONS.md): lines that only touch a wall's
    # free end or leave a corner on a wall into their own space now count, and some pass the goblin alone.
    assert {tuple(ln["through"]) for ln in out["lines"]} == {(), ("goblin-2",), ("goblin-2", "object:E-4")}


def test_companion_sight_from_a_space_without_an_adversary_has_no_choice(hand_file, capsys):
    assert cli.main(["sight", str(hand_file), "C-3", "H-4"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["adversary_choice"] is None and out["line_of_sight"] is True


def test_companion_sight_through_a_closed_door_has_no_line(hand_file, capsys):
    # p.34: a closed door is a wall; D-4 itself can be neither seen nor ranged into.
    assert cli.main(["sight", str(hand_file), "C-3", "D-4"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["line_of_sight"] is False and out["lines"] == [] and out["range"] is None


@pytest.mark.parametrize("args, message", [
    (["H-4", "Z-4"], "TO: 'Z-4' is not a space of this map."),
    (["H4", "C-3"], "FROM: 'H4' is not a space of this map."),
])
def test_companion_sight_bad_spaces_exit_2(hand_file, capsys, args, message):
    assert cli.main(["sight", str(hand_file), *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.strip() == f"companion: {message}"


def test_companion_sight_bad_file_exits_2_naming_the_field(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(broken(("figures", 0, "at"), "Z-99")))
    assert cli.main(["sight", str(path), "H-4", "C-3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "figures[0].at: 'Z-99' is not a space of this map" in err
    assert cli.main(["sight", str(tmp_path / "missing.json"), "H-4", "C-3"]) == 2
    assert "file: cannot read" in capsys.readouterr().err


def test_cards_and_their_actions_may_carry_their_printed_names():
    # Cards have names; so may each action on them ("First Shot"), kept when the file is written back. A
    # condition action's name stays the condition it gives (p.37), checked against the one list.
    doc = copy.deepcopy(HAND_WRITTEN)
    doc["turn"]["cards"][1]["actions"][0]["name"] = "Volley of Darts"
    doc["turn"]["cards"][0]["actions"].append({"type": "condition", "name": "barrier", "target": "self"})
    s = load_scenario(doc)
    assert s.turn.cards[1].actions[0].name == "Volley of Darts"
    assert s.turn.cards[0].actions[1].name == "Barrier"
    assert dump_scenario(load_scenario(dump_scenario(s))) == dump_scenario(s)
    assert dump_scenario(s)["turn"]["cards"][1]["actions"][0]["name"] == "Volley of Darts"
    doc["turn"]["cards"][0]["actions"][1]["name"] = "Sleepy"
    with pytest.raises(ScenarioFileError) as exc:
        load_scenario(doc)
    assert str(exc.value).startswith("turn.cards[0].actions[1].name: is not a condition of p.37")
