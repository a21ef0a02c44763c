"""`companion export | import | restore`: files in, files out; bad input exits 2 and changes nothing."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli
from conftest import campaign_state


def run(instance, *args):
    return cli.main(["--instance", str(instance), *args])


def test_export_and_import_round_trip(app, campaign, tmp_path, capsys):
    instance = app.instance_path
    out = tmp_path / "historians.json"
    assert run(instance, "export", "The Historians", "-o", str(out)) == 0
    doc = json.loads(out.read_text())
    assert doc["campaign"]["name"] == "The Historians"
    assert run(instance, "import", str(out)) == 0
    assert "The Historians (copy)" in capsys.readouterr().out
    assert [ch.name for ch in campaign_state(app, 2).characters] == ["Sylvestia", "Vincent", "Augustus"]


def test_export_unknown_campaign_exits_2(app, capsys):
    assert run(app.instance_path, "export", "Nobody") == 2
    assert "campaign: no campaign" in capsys.readouterr().err


def count_campaigns(app):
    from companion import db as dbmod

    db = dbmod.connect(app.config["DATABASE"])
    try:
        return db.execute("SELECT count(*) FROM campaigns").fetchone()[0]
    finally:
        db.conn.close()


def test_import_of_a_bad_file_exits_2_and_imports_nothing(app, campaign, tmp_path, capsys):
    out = tmp_path / "c.json"
    run(app.instance_path, "export", "1", "-o", str(out))
    doc = json.loads(out.read_text())
    del doc["campaign"]["characters"][0]["nova_cells"]
    out.write_text(json.dumps(doc))
    assert run(app.instance_path, "import", str(out)) == 2
    err = capsys.readouterr().err
    assert "field campaign.characters.0.nova_cells" in err and "Nothing was imported" in err
    doc["format"] = "phantom-epoch-campaign/9"
    out.write_text(json.dumps(doc))
    assert run(app.instance_path, "import", str(out)) == 2
    assert "unsupported format" in capsys.readouterr().err
    out.write_text("{not json")
    assert run(app.instance_path, "import", str(out)) == 2
    assert run(app.instance_path, "import", str(tmp_path / "missing.json")) == 2
    assert count_campaigns(app) == 1


def test_usage_errors_exit_2(capsys):
    assert _exit_code(["serve", "--port", "nope"]) == 2
    assert _exit_code(["frobnicate"]) == 2


def _exit_code(argv):
    try:
        return cli.main(argv)
    except SystemExit as exc:
        return exc.code


def test_restore_lists_and_refuses_unknown_names(app, capsys):
    assert run(app.instance_path, "restore", "--list") == 0
    assert run(app.instance_path, "restore", "companion-nope.sqlite3") == 2
    assert "no backup called" in capsys.readouterr().err


def test_serve_lan_asks_for_a_pin_and_trusts_this_machines_addresses(monkeypatch, tmp_path, capsys):
    served = {}
    monkeypatch.setattr("waitress.serve", lambda app, **kw: served.update(app=app, **kw))
    monkeypatch.setattr(cli, "lan_addresses", lambda: ["192.0.2.10"])
    assert cli.main(["--instance", str(tmp_path / "i"), "serve", "--lan", "--pin", "2468", "--port", "5055"]) == 0
    out = capsys.readouterr().out
    assert "http://192.0.2.10:5055/" in out and "Table PIN: 2468" in out
    assert served["host"] == "0.0.0.0" and served["port"] == 5055
    app = served["app"]
    assert app.config["TABLE_PIN"] == "2468" and "192.0.2.10" in app.config["TRUSTED_HOSTS"]
    assert app.test_client().get("/", headers={"Host": "192.0.2.10:5055"}).status_code == 302  # to /pin


def test_serve_defaults_to_this_machine_only(monkeypatch, tmp_path, capsys):
    served = {}
    monkeypatch.setattr("waitress.serve", lambda app, **kw: served.update(app=app, **kw))
    assert cli.main(["--instance", str(tmp_path / "i"), "serve"]) == 0
    assert (served["host"], served["port"]) == ("127.0.0.1", 5000)
    assert served["app"].config["TABLE_PIN"] is None
    assert not served["app"].debug


def test_a_short_pin_is_refused(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr("waitress.serve", lambda app, **kw: None)
    assert cli.main(["--instance", str(tmp_path / "i"), "serve", "--lan", "--pin", "12"]) == 2
    assert "--pin" in capsys.readouterr().err


def test_instance_works_before_and_after_the_command(app, campaign, tmp_path, capsys):
    """The README's `companion --instance FOLDER ...`, and the same option after the command."""
    instance = app.instance_path
    assert cli.main(["--instance", str(instance), "export", "--list"]) == 0
    before = capsys.readouterr().out
    assert cli.main(["export", "--list", "--instance", str(instance)]) == 0
    after = capsys.readouterr().out
    assert before == after == "1\tThe Historians\n"
    # the one after the command wins over the one before it, and an empty instance lists nothing
    assert cli.main(["--instance", str(instance), "export", "--list", "--instance", str(tmp_path / "other")]) == 0
    assert capsys.readouterr().out == ""


SCENARIOS = Path(__file__).parent / "scenarios"
APP_MODULES = ("flask", "sqlite_utils", "werkzeug", "jinja2")


@pytest.mark.parametrize("argv", [
    ["resolve", str(SCENARIOS / "p52-fig39-1-archer-max-range-more-enemies.json")],
    ["sight", str(SCENARIOS / "p52-fig39-1-archer-max-range-more-enemies.json"), "A-1", "C-3"],
], ids=["resolve", "sight"])
def test_resolve_and_sight_load_neither_flask_nor_the_database(argv):
    """A scenario command answers in a fresh interpreter without importing the web app or the database."""
    code = ("import json, sys\n"
            "from companion.cli import main\n"
            "code = main(sys.argv[1:])\n"
            f"print(json.dumps([code, sorted(m for m in {APP_MODULES!r} if m in sys.modules)]), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                          cwd=Path(__file__).parent.parent, check=True)
    assert json.loads(done.stdout)  # the command's answer
    code, loaded = json.loads(done.stderr.strip().splitlines()[-1])
    assert code == 0 and loaded == []


def test_a_damaged_database_stops_the_command_with_exit_1(tmp_path, capsys):
    """The app refuses to start on a damaged database: one line and exit code 1, not a traceback."""
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "companion.sqlite3").write_bytes(b"not a database, just some bytes" * 64)
    assert cli.main(["export", "--list", "--instance", str(instance)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("companion: ") and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("spaces, walls, source, target", [
    ("A-1:H-3", [[f"{c}-1", f"{c}-2"] for c in "ABCDEFGH"] + [[f"{c}-1", f"{d}-2"] for c, d in zip("BCDEFGH", "ABCDEFG")]
     + [[f"{c}-2", f"{c}-3"] for c in "ABCDEFGH"] + [[f"{c}-2", f"{d}-3"] for c, d in zip("ABCDEFG", "BCDEFGH")],
     "A-2", "C-2"),
    ("A-1:H-1", [], "A-1", "C-1"),
], ids=["corridor", "one-row"])
def test_companion_sight_sees_along_a_corridor(tmp_path, capsys, spaces, walls, source, target):
    # Issue 38, p.18 (line of sight "may not be drawn through walls"; INTERPRETATIONS.md): on a 3-row map with
    # row 2 walled on both sides, and on a one-row map, `companion sight` said line_of_sight false; a line
    # along the corridor goes through no wall.
    scenario = {
        "format": "phantom-epoch-scenario/1", "layout": {"orientation": "pointy", "shifted": "even"},
        "spaces": [spaces], "walls": walls,
        "figures": [{"id": "archer", "side": "adversary", "at": source, "conditions": [], "type": "grallok-archer",
                     "color": "yellow", "hp": 6, "max_hp": 6, "attack": 1, "guard": 0, "range": 6},
                    {"id": "vera", "side": "character", "at": target, "conditions": [], "color": "red", "hp": 10,
                     "max_hp": 10}],
        "decision_die": {"color": "red", "primary": "S", "secondary": "W"},
        "turn": {"adversary": "archer", "cards": [{"name": "Shoot", "ap": 2, "actions": [{"type": "attack", "value": 0}]}]},
    }
    path = tmp_path / "corridor.json"
    path.write_text(json.dumps(scenario))
    assert cli.main(["sight", str(path), source, target]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["line_of_sight"] is True and got["range"] == 2 and got["lines"]
    assert got["adversary_choice"] is not None
