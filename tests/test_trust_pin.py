"""The table PIN in --lan mode: limited guesses, a token in the session (never the PIN), safe redirects."""
from __future__ import annotations

import pytest

from companion import create_app
from conftest import Table


def lan_app(tmp_path, pin="4321", **extra):
    return create_app({"INSTANCE_PATH": str(tmp_path / "i"), "TABLE_PIN": pin,
                       "TRUSTED_HOSTS": ["localhost", "127.0.0.1", "::1", "table.local"], **extra})


def device(app, address="10.0.0.2"):
    table = Table(app.test_client())
    table.client.environ_base["REMOTE_ADDR"] = address
    table.get("/pin")
    return table


def enter(table, pin, nxt="/"):
    return table.client.post("/pin", data={"pin": pin, "csrf_token": table.token, "next": nxt})


def session_content(app, client) -> dict:
    cookie = client.get_cookie(app.config.get("SESSION_COOKIE_NAME", "session"))
    return app.session_interface.get_signing_serializer(app).loads(cookie.value)


def test_wrong_pins_are_limited_per_device_and_the_wait_is_shown(tmp_path):
    app = lan_app(tmp_path)
    table = device(app)
    for _ in range(5):
        assert enter(table, "0000").status_code == 422
    refused = enter(table, "0000")
    assert refused.status_code == 429
    text = refused.get_data(as_text=True)
    assert "Too many wrong PINs" in text and "Try again in" in text
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    # Locked out, even the right PIN waits: otherwise the limit would tell a guesser when it hit.
    assert enter(table, "4321").status_code == 429
    # Another device is not locked out by this one.
    assert enter(device(app, "10.0.0.3"), "4321").status_code == 303


def test_the_right_pin_does_not_count_as_an_attempt(tmp_path):
    app = lan_app(tmp_path)
    table = device(app)
    for _ in range(8):
        assert enter(table, "4321").status_code == 303


def test_wrong_pins_are_limited_over_every_device(tmp_path):
    app = lan_app(tmp_path)
    for n in range(6):  # 6 devices x 5 guesses = the 30 a minute allowed overall
        guesser = device(app, f"10.0.1.{n}")
        for _ in range(5):
            assert enter(guesser, "0000").status_code == 422
    assert enter(device(app, "10.0.2.1"), "0000").status_code == 429


def test_the_session_keeps_a_token_never_the_pin(tmp_path):
    app = lan_app(tmp_path, pin="8642")
    table = device(app)
    assert enter(table, "8642").status_code == 303
    content = session_content(app, table.client)
    assert "8642" not in repr(content)
    assert "pin" not in content and len(content["table"]) == 64
    assert table.client.get("/").status_code == 200


def test_a_pin_change_sends_every_device_back_to_the_pin_page(tmp_path):
    app = lan_app(tmp_path)
    table = device(app)
    assert enter(table, "4321").status_code == 303
    assert table.client.get("/").status_code == 200
    restarted = lan_app(tmp_path)  # same PIN after a restart: the device stays in
    kept = Table(restarted.test_client())
    kept.client.set_cookie("session", table.client.get_cookie("session").value)
    assert kept.client.get("/").status_code == 200
    changed = lan_app(tmp_path, pin="9999")
    other = Table(changed.test_client())
    other.client.set_cookie("session", table.client.get_cookie("session").value)
    assert other.client.get("/").status_code == 302


def test_an_old_session_holding_the_pin_is_not_enough(tmp_path):
    app = lan_app(tmp_path)
    client = app.test_client()
    with client.session_transaction() as sess:
        sess["pin"] = "4321"
    assert client.get("/").status_code == 302


@pytest.mark.parametrize("lan", [False, True])
def test_an_unknown_host_is_refused_with_400_in_every_mode(tmp_path, lan):
    app = lan_app(tmp_path) if lan else create_app({"INSTANCE_PATH": str(tmp_path / "i")})
    client = app.test_client()
    for url in ("/", "/pin", "/maps", "/static/css/app.css"):
        assert client.get(url, headers={"Host": "evil.example"}).status_code == 400
    assert client.post("/pin", data={"pin": "4321"}, headers={"Host": "evil.example"}).status_code == 400


@pytest.mark.parametrize("target", ["/\t/evil.example", "//evil", "https://evil.example/", "/\\evil.example",
                                    "\\\\evil.example", "/\\/evil.example", "/\n/evil.example", "javascript:alert(1)",
                                    "evil.example", "/%0a/x\r\n//evil"])
def test_next_only_leads_to_a_path_of_this_app(tmp_path, target):
    app = lan_app(tmp_path)
    table = device(app)
    resp = enter(table, "4321", target)
    assert resp.status_code == 303 and resp.headers["Location"] == "/"
    page = table.client.get("/pin", query_string={"next": target}).get_data(as_text=True)
    assert 'name="next" value="/"' in page


def test_next_keeps_a_path_of_this_app(tmp_path):
    table = device(lan_app(tmp_path))
    resp = enter(table, "4321", "/maps?page=2")
    assert resp.headers["Location"] == "/maps?page=2"
