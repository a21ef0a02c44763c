"""`companion bench` on a tiny data set: the JSON has every timing; speed itself is never asserted."""
import json
import numbers

from companion import bench, cli

PAGES = ["home", "campaign", "character", "missions", "aboard", "history", "history_deep", "backups", "game",
         "game_log"]
ACTIONS = ["fame", "nova_cells", "buy_card", "undo_buy_card", "buy_equipment", "undo_buy_equipment",
           "undo", "redo", "rename", "game_damage", "game_undo", "game_poll"]


def check_report(report: dict, repeat: int) -> None:
    found = {(r["kind"], r["name"]): r for r in report["results"]}
    expected = ([("page", n) for n in PAGES] + [("fragment", n) for n in PAGES]
                + [("action", n) for n in ACTIONS])
    assert sorted(found) == sorted(expected)
    for r in report["results"]:
        for key in ("median_ms", "p95_ms", "max_ms"):
            assert isinstance(r[key], numbers.Real) and r[key] >= 0, (r["name"], key)
        assert r["median_ms"] <= r["p95_ms"] <= r["max_ms"]
        assert r["n"] == repeat
    assert report["target_median_ms"] == 30
    assert isinstance(report["all_within_target"], bool)
    assert isinstance(report["python"], str) and isinstance(report["sqlite"], str)
    assert isinstance(report["dataset"]["fill_seconds"], numbers.Real)


def test_run_times_every_page_fragment_and_action():
    report = json.loads(bench.run(campaigns=2, characters=4, history=10, repeat=2))
    check_report(report, repeat=2)
    data = report["dataset"]
    assert data["campaigns"] == 2 and data["characters_per_campaign"] == 4
    assert data["history_rows"] >= 2 * 10
    assert data["campaign_history_rows"] >= 10


def test_fill_records_real_history(tmp_path):
    """The filled campaigns read back through the store, and undo works on the recorded rows."""
    from companion import create_app
    from companion import db as dbmod
    from companion.store import campaigns as store

    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "WTF_CSRF_ENABLED": False,
                      "BACKUP_ON_START": False})
    ids = bench.fill(app, campaigns=2, characters=5, history=80)
    db = dbmod.connect(app.config["DATABASE"])
    try:
        for campaign_id in ids:
            c = store.get(db, campaign_id).campaign
            assert len(c.characters) == 5
            assert len({ch.class_name for ch in c.characters}) == 5  # one per class, an added class for the fifth
            assert c.location is not None and any(st.completed for st in c.missions.values())
            entries, _ = store.history(db, campaign_id, size=1000)
            assert len(entries) >= 70
            assert store.undo(db, campaign_id) is not None
    finally:
        db.conn.close()


def test_cli_bench_prints_json(capsys):
    assert cli.main(["bench", "--campaigns", "1", "--characters", "2", "--history", "3", "--repeat", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    check_report(report, repeat=1)
