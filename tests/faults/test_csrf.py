"""(d) Every POST route found from the app's URL map refuses a request without a valid CSRF token, in several
ways, and changes nothing."""
from __future__ import annotations

import random

import pytest

from . import fuzz

WAYS = ["none", "empty header", "garbage header", "another session's token", "garbage in the form",
        "another session's token in the form", "tampered signature"]


@pytest.fixture(scope="module")
def populated(tmp_path_factory):
    return fuzz.populated_app(tmp_path_factory.mktemp("csrf"))


def test_every_post_route_refuses_a_missing_or_wrong_csrf_token(populated):
    app, owner = populated
    rnd = random.Random(16)
    rules = fuzz.post_rules(app)
    assert len(rules) >= 60
    stranger = fuzz.Tablet(app)
    stranger.get("/")  # a token, but for another session
    victim = app.test_client()
    victim.get("/")
    token = owner.token
    before = fuzz.snapshot(app.config["DATABASE"])
    refused = 0
    for rule in rules:
        url = fuzz.built_url(app, rule, rnd, "c1", plain=True)
        for way in WAYS:
            headers, data = {"HX-Request": "true"}, {"name": "x", "confirm": "restore", "pin": "0000"}
            if way == "empty header":
                headers["X-CSRFToken"] = ""
            elif way == "garbage header":
                headers["X-CSRFToken"] = "x" * 40
            elif way == "another session's token":
                headers["X-CSRFToken"] = stranger.token
            elif way == "garbage in the form":
                data["csrf_token"] = "garbage"
            elif way == "another session's token in the form":
                data["csrf_token"] = stranger.token
            elif way == "tampered signature":
                headers["X-CSRFToken"] = token[:-3] + ("AAA" if not token.endswith("AAA") else "BBB")
            resp = victim.post(url, data=data, headers=headers)
            assert resp.status_code == 400, (url, way, resp.status_code)
            refused += 1
    assert refused == len(rules) * len(WAYS)
    assert fuzz.snapshot(app.config["DATABASE"]) == before
