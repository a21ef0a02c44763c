"""The page player reads what a page offers and fills it from the controls themselves (helpers/page_player.py)."""
from __future__ import annotations

import random

from helpers.page_player import Player, parse_page

PAGE = """<html><head><meta name="csrf-token" content="tok"></head><body>
<form method="post" action="/a" hx-post="/a"><input type="hidden" name="_form" value="a">
  <select name="kind"><option value="x">X</option><option value="y" selected>Y</option><option value="z" disabled>Z</option></select>
  <input type="radio" name="die" value="1"><input type="radio" name="die" value="4c">
  <input type="number" name="n" min="2" max="4" required>
  <input type="text" name="who" maxlength="3" list="names" required><datalist id="names"><option value="Ann"></datalist>
  <button name="token" value="command">Command</button><button name="token" value="supply">Supply</button>
</form>
<form method="post" action="/b"><fieldset disabled><input name="gone" value="1"></fieldset><button>B</button></form>
<button hx-post="/c" hx-vals='{"player": 1}'>C</button>
<button type="button">Only script</button>
<p>&lt;div class="x"&gt; shown as text</p>
</body></html>"""


def test_every_form_button_and_hx_post_button_is_an_offer():
    page = parse_page("http://localhost/p", 200, PAGE)
    assert [(o.path, o.text) for o in page.offers] == [("/a", "Command"), ("/a", "Supply"), ("/b", "B"), ("/c", "C")]
    a = page.offers[0]
    kinds = {c.name: c for c in a.controls}
    assert kinds["kind"].options == ["x", "y"] and kinds["kind"].value == "y"
    assert kinds["die"].options == ["1", "4c"] and kinds["who"].options == ["Ann"]
    assert page.offers[2].controls == []  # a disabled fieldset sends nothing
    assert page.csrf == "tok" and a.htmx and not page.offers[2].htmx


def test_values_come_from_the_controls_within_their_bounds():
    page = parse_page("http://localhost/p", 200, PAGE)
    player = Player(None, random.Random(3))
    for _ in range(50):
        values = dict(player.fill(page.offers[1]))
        assert values["kind"] in ("x", "y") and values["die"] in ("1", "4c")
        assert 2 <= int(values["n"]) <= 4 and 1 <= len(values["who"]) <= 3
        assert values["token"] == "supply" and values["_form"] == "a"
    assert dict(player.fill(page.offers[3])) == {"player": "1"}


def test_markup_shown_as_text_is_reported():
    player = Player(None, random.Random(1))
    player._check_page(parse_page("http://localhost/p", 200, PAGE), None, [])
    assert [f.kind for f in player.failures] == ["literal-html"]


def test_a_sentence_with_its_name_left_out_is_reported_and_a_whole_one_is_not():
    # Issue 38: "Tap an entry point (E) on the map for ." — a prompt built with an empty character name.
    def kinds(body):
        player = Player(None, random.Random(1))
        player._check_page(parse_page("http://localhost/p", 200, f"<html><body>{body}</body></html>"), None, [])
        return [f.kind for f in player.failures]
    assert kinds("<p>Tap an entry point (E) on the map for <strong></strong>.</p>") == ["missing-name"]
    assert kinds("<p><b></b>: enter the AP of the cards chosen, or rest.</p>") == ["missing-name"]
    assert kinds("<p>Tap an entry point (E) on the map for <strong>Vera</strong>.</p>") == []
    assert kinds("<p>Vera: enter the AP of the cards chosen, or rest. Range 3 (p.18). 2 of 4.</p>") == []
