"""The app as the tablet meets it: headers, fragments, PIN, CSRF, export/import, undo."""
from __future__ import annotations

import io
import json

import pytest

from companion import create_app
from conftest import Table, campaign_state, character_ids
from helpers.history import seen


def test_security_headers_on_every_page(client):
    resp = client.get("/")
    csp = resp.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert resp.headers["X-Frame-Options"] == "DENY"


def test_pages_load_htmx_from_the_app_not_a_cdn(client):
    html = client.get("/").get_data(as_text=True)
    assert '/static/vendor/htmx-2.0.11.min.js' in html
    assert "http://" not in html and "https://" not in html
    assert client.get("/static/vendor/htmx-2.0.11.min.js").status_code == 200


def test_session_cookie_is_httponly_and_samesite(app, table):
    table.get("/")
    cookie = table.client.get_cookie("session")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Lax"


def test_csrf_tokens_do_not_expire(app):
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None


def test_the_same_url_is_a_page_or_its_fragment(table, campaign):
    page = table.get(campaign)
    fragment = table.client.get(campaign, headers={"HX-Request": "true"})
    assert "<html" in page.get_data(as_text=True)
    body = fragment.get_data(as_text=True)
    assert "<html" not in body and body.lstrip().startswith('<main id="main"')
    assert "HX-Request" in page.headers["Vary"] and "HX-Request" in fragment.headers["Vary"]


def test_untrusted_host_is_refused(client):
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400


def test_oversized_request_is_refused(table):
    resp = table.post("/campaigns/import", {"file": (io.BytesIO(b"x" * (3 * 1024 * 1024)), "big.json")},
                      htmx=False, content_type="multipart/form-data")
    assert resp.status_code == 413


def test_table_pin_is_asked_once_per_device(tmp_path):
    app = create_app({"INSTANCE_PATH": str(tmp_path / "i"), "TABLE_PIN": "4321"})
    table = Table(app.test_client())
    resp = table.client.get("/")
    assert resp.status_code == 302 and "/pin" in resp.headers["Location"]
    table.get("/pin")
    wrong = table.client.post("/pin", data={"pin": "0000", "csrf_token": table.token})
    assert wrong.status_code == 422 and "not the table PIN" in wrong.get_data(as_text=True)
    ok = table.client.post("/pin", data={"pin": "4321", "csrf_token": table.token, "next": "/"})
    assert ok.status_code == 303
    assert table.client.get("/").status_code == 200  # remembered by this device's session
    other = app.test_client()
    assert other.get("/").status_code == 302  # another device must enter it


def test_static_files_are_open_without_the_pin(tmp_path):
    app = create_app({"INSTANCE_PATH": str(tmp_path / "i"), "TABLE_PIN": "4321"})
    assert app.test_client().get("/static/css/app.css").status_code == 200


def test_every_page_of_a_campaign_renders(table, campaign, app):
    syl = character_ids(app)["Sylvestia"]
    for url in [f"{campaign}", f"{campaign}/characters/{syl}", f"{campaign}/missions", f"{campaign}/aboard",
                f"{campaign}/history", "/", "/backups"]:
        assert table.get(url).status_code == 200, url


def test_unknown_campaign_or_character_is_404(table, campaign):
    assert table.get("/campaigns/999").status_code == 404
    assert table.get(f"{campaign}/characters/c999").status_code == 404


def test_mission_result_over_http_then_undo_and_redo(table, campaign, app):
    who = character_ids(app)
    resp = table.post(f"{campaign}/missions/result", {
        "mission": "berkav-1", "outcome": "success", "party": [who["Sylvestia"], who["Vincent"]],
        "difficulty": "1", "sp": "3", "fame_Berkav": "5", "unlocks": ["berkav-2"], "nova_" + who["Sylvestia"]: "12"})
    assert resp.status_code == 200
    text = resp.get_data(as_text=True)
    assert "Sylvestia gained 3 SP" in text and "Berkav-2 is now available" in text
    assert "draw 4 cards from each of the Tier 1 decks" in text
    c = campaign_state(app)
    assert c.fame["Berkav"] == 5 and c.missions["berkav-2"].available
    resp = table.post(f"{campaign}/undo", {"back": "missions", "version": seen(table, campaign)})
    assert "Undid: Berkav-1 completed" in resp.get_data(as_text=True)
    c = campaign_state(app)
    assert c.fame["Berkav"] == 0 and not c.missions["berkav-1"].completed and c.characters[0].sp == 0
    table.post(f"{campaign}/redo", {"back": "campaign", "version": seen(table, campaign)})
    assert campaign_state(app).fame["Berkav"] == 5


def test_a_mission_result_takes_a_backup(table, campaign, app):
    who = character_ids(app)
    table.post(f"{campaign}/missions/result", {"mission": "awakening", "outcome": "success",
                                               "party": [who["Sylvestia"], who["Vincent"]]})
    page = table.get("/backups").get_data(as_text=True)
    assert "mission result" in page


def test_export_then_import_makes_a_copy(table, campaign, app):
    table.post(f"{campaign}/fame", {"planet": "Orbos", "delta": "3"})
    exported = table.get(f"{campaign}/export")
    assert exported.headers["Content-Disposition"].startswith("attachment;")
    doc = json.loads(exported.data)
    assert doc["format"] == "phantom-epoch-campaign/1"
    resp = table.post("/campaigns/import", {"file": (io.BytesIO(exported.data), "historians.json")},
                      htmx=False, content_type="multipart/form-data")
    assert resp.status_code == 303
    copy = campaign_state(app, 2)
    assert copy.name == "The Historians (copy)"
    assert copy.fame["Orbos"] == 3 and [ch.name for ch in copy.characters] == ["Sylvestia", "Vincent", "Augustus"]
    # the copy is independent of the original
    table.post("/campaigns/2/fame", {"planet": "Orbos", "delta": "1"})
    assert (campaign_state(app, 1).fame["Orbos"], campaign_state(app, 2).fame["Orbos"]) == (3, 4)


def test_archive_and_bin(table, campaign, app):
    table.post(f"{campaign}/archive", {"archived": "1"}, htmx=False)
    home = table.get("/").get_data(as_text=True)
    assert "Archived" in home
    resp = table.post(f"{campaign}/delete", {"_form": "delete", "confirm": "Not the name"})
    assert resp.status_code == 422 and "Type &#39;The Historians&#39; exactly" in resp.get_data(as_text=True)
    resp = table.post(f"{campaign}/delete", {"confirm": "The Historians"})
    assert resp.status_code == 204 and resp.headers["HX-Redirect"] == "/"
    assert table.get(campaign).status_code == 404
    table.post(f"{campaign}/restore", htmx=False)
    assert table.get(campaign).status_code == 200


@pytest.mark.parametrize("path", ["/campaigns/1/fame", "/campaigns"])
def test_post_without_csrf_token_is_refused(client, path):
    resp = client.post(path, data={"name": "X", "planet": "Berkav", "delta": "1"})
    assert resp.status_code == 400 and "Reload the page" in resp.get_data(as_text=True)


def test_nested_form_fields_are_named_as_a_player_reads_them():
    # A refusal names the field (brief: "Bad input"): a card form's nested fields read as the card does.
    from companion.web.render import field_label

    assert field_label("rows.yellow.actions.0.type") == "Yellow row, action 1: Type"
    assert field_label("difficulties.4.hp") == "Difficulty 4: HP"
    assert field_label("attributes.3.range") == "3 characters: Range"
    assert field_label("card_name") == "Action card"
