"""Bad input: HTTP 422, the form re-rendered with what was typed and one message per bad
field, and the database exactly as it was. Names containing HTML display as text."""
from __future__ import annotations

import io
import json
from contextlib import contextmanager

import pytest
from jinja2 import BytecodeCache
from markupsafe import escape

from companion import db as dbmod
from conftest import campaign_state, character_ids
from helpers.bad_input import SCRIPT, shown_errors

BOLD = "<b>Bold</b>"


# -- helpers ------------------------------------------------------------------

def snapshot(app) -> tuple:
    """Everything the user can see or undo: every campaign row and every history row."""
    db = dbmod.connect(app.config["DATABASE"])
    try:
        campaigns = db.execute("SELECT id, name, state, archived, deleted_at, updated_at FROM campaigns "
                               "ORDER BY id").fetchall()
        history = db.execute("SELECT id, campaign_id, description, diff, status FROM history ORDER BY id").fetchall()
        return campaigns, history
    finally:
        db.conn.close()


@contextmanager
def unchanged(app):
    before = snapshot(app)
    yield
    assert snapshot(app) == before, "a refused request changed the database"


def assert_refused(resp, label, *words):
    assert resp.status_code == 422, resp.get_data(as_text=True)[:2000]
    errors = shown_errors(resp)
    assert label in errors, f"no message for {label!r}; shown: {errors}"
    for word in words:
        assert str(escape(word)) in errors[label], f"{word!r} not in {errors[label]!r}"
    assert SCRIPT not in resp.get_data(as_text=True), "user input rendered as markup"


def echoed(resp, field, value) -> bool:
    body, v = resp.get_data(as_text=True), str(escape(value))
    return f'name="{field}" value="{v}"' in body or f">{v}</textarea>" in body


class SharedBytecode(BytecodeCache):
    """Only for speed: the templates are compiled once for this module's hundreds of apps."""
    compiled: dict = {}

    def load_bytecode(self, bucket):
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket):
        self.compiled[bucket.key] = bucket.bytecode_to_string()


@pytest.fixture
def app(app):
    app.jinja_env.bytecode_cache = SharedBytecode()
    return app


# -- a campaign with something in every part ------------------------------------

# form -> (path, where "{url}" is the campaign, "{S}" Sylvestia's id, "{CV}" and "{SV}" the versions the campaign
# and Sylvestia's sheet show; a valid filling)
FORMS = {
    "new-campaign": ("/campaigns", {"name": "Second"}),
    "rename": ("{url}/rename", {"name": "The Historians", "version": "{CV}"}),
    "notes": ("{url}/notes", {"notes": "Bring snacks", "version": "{CV}"}),
    "vt": ("{url}/vanished-tech", {"delta": "1"}),
    "fame": ("{url}/fame", {"planet": "Berkav", "delta": "1"}),
    "mission": ("{url}/missions", {"mission": "berkav-2", "available": "1"}),
    "token": ("{url}/tokens", {"kind": "orb", "number": "5"}),
    "custom": ("{url}/custom", {"kind": "class", "name": "Engineer"}),
    "new-character": ("{url}/characters", {"name": "Zed", "class_name": "Rogue", "species": "Human"}),
    "delete": ("{url}/delete", {"confirm": "The Historians"}),
    "edit": ("{url}/characters/{S}/edit", {"name": "Sylvestia", "class_name": "Healer", "species": "Slink",
                                           "version": "{SV}"}),
    "counter": ("{url}/characters/{S}/counter", {"what": "nova_cells", "delta": "1"}),
    "active": ("{url}/characters/{S}/active", {"active": "1"}),
    "buy-card": ("{url}/characters/{S}/cards", {"card_name": "Dash", "sp_cost": "1"}),
    "refund": ("{url}/characters/{S}/cards/refund", {"card_name": "Dash"}),
    "attachment": ("{url}/characters/{S}/attachments", {"name": "Blade", "type": "melee", "tier": "1"}),
    "item": ("{url}/characters/{S}/items", {"number": "7", "name": "Rope"}),
    "equip": ("{url}/characters/{S}/equip", {"kind": "equipment", "thing": "{E}"}),
    "charge": ("{url}/characters/{S}/charge", {"kind": "equipment", "thing": "{E}", "delta": "1"}),
    "give-nova": ("{url}/characters/{S}/give-nova", {"to_character": "{V}", "amount": "1"}),
    "give-thing": ("{url}/characters/{S}/give", {"thing_ref": "equipment:{E}", "to_character": "{V}"}),
    "result": ("{url}/missions/result", {"mission": "berkav-1", "outcome": "success", "party": ["{S}", "{V}"]}),
    "training": ("{url}/missions/training", {"planet": "Berkav", "tier": "1", "outcome": "success",
                                             "party": ["{S}", "{V}"]}),
    "reward": ("{url}/missions/reward", {"character": "{S}", "name": "Spike", "type": "melee", "tier": "1"}),
    "buy": ("{url}/aboard/buy", {"character": "{S}", "name": "Boots", "slot": "feet", "tier": "1", "cost": "1"}),
    "sell": ("{url}/aboard/sell", {"character": "{S}", "thing": "{E}"}),
    "expedition": ("{url}/aboard/expedition", {"deck": "story", "card": "3", "result": "shuffle"}),
    "unlock": ("{url}/aboard/expedition/unlock", {"deck": "Berkav", "card": "9"}),
    "upgrade": ("{url}/aboard/upgrades", {"name": "Hull", "cost": "1", "requirements": "schematic: Plate"}),
    "upgrade-step": ("{url}/aboard/upgrades/step", {"upgrade": "{U}", "action": "found", "index": "0"}),
}
FORM_IDS = {"fame": "fame-Berkav", "counter": "counter-nova_cells", "equip": "thing", "charge": "thing",
            "reward": "reward-{S}"}  # the others' _form is their key


def fill(w, form, **changes):
    """(url, data) of a form with some fields changed; "{S}"-style names come from the world."""
    path, data = FORMS[form]
    data = {k: ([x.format(**w) for x in v] if isinstance(v, list) else v.format(**w)) for k, v in data.items()}
    data.update({k.format(**w): v for k, v in changes.items()})
    return path.format(**w), {"_form": FORM_IDS.get(form, form).format(**w), **data}


@pytest.fixture
def world(app, table, campaign):
    """The Historians after Berkav-1 (difficulty 2, 5 SP, 10 nova cells to Sylvestia, treasure 2),
    Sylvestia's Helm (cost 2, 1 charge slot) and the Engine upgrade (3 Vanished technology)."""
    ids = character_ids(app)
    w = {"url": campaign, "S": ids["Sylvestia"], "V": ids["Vincent"], "A": ids["Augustus"]}
    for form, changes in [("result", {"difficulty": "2", "sp": "5", "nova_{S}": "10", "treasures": "2"}),
                          ("buy", {"name": "Helm", "slot": "head", "cost": "2", "charge_slots": "1"}),
                          ("upgrade", {"name": "Engine", "cost": "3", "requirements": "schematic: Core"})]:
        assert table.post(*fill(w, form, **changes)).status_code == 200
    c = campaign_state(app)
    w["E"], w["U"] = c.characters[0].equipment[0].id, c.upgrades[0].id
    w["CV"], w["SV"] = str(c.version), str(c.characters[0].version)
    return w


@pytest.mark.parametrize("form", [f for f in FORMS if f != "refund"])
def test_the_valid_filling_of_each_form_is_accepted(table, world, form):
    # so that in the tests below, the one bad field is what gets a form refused
    url, data = fill(world, form)
    assert table.post(url, data).status_code in (200, 204)


# -- every field: empty, over-long, negative, non-numeric, HTML -----------------

def text(form, field, label, max_len=80, required=True, echo=True):
    cases = [("x" * max(500, max_len + 1), f"At most {max_len} characters.")]
    cases += [("", "Required."), ("   ", "Required.")] if required else []
    return [(form, field, v, label, m, echo) for v, m in cases]


def number(form, field, label, lo, hi, required=True, echo=True):
    rng, nan = f"Enter a whole number from {lo} to {hi}.", "Enter a whole number."
    cases = [(str(lo - 1), rng), ("-1000000", rng), ("1000000", rng), ("abc", nan), ("1.5", nan), (SCRIPT, nan)]
    cases += [("", "Required.")] if required else []
    return [(form, field, v, label, m, echo) for v, m in cases]


def bad(form, field, label, message, values=(SCRIPT, ""), empty="Required."):
    return [(form, field, v, label, message if v else empty, False) for v in values]


CHOOSE = "Choose one of the options."
OPT, SELECT = {"required": False}, {"echo": False}  # optional field; a select or hidden input (nothing typed)
CASES = [
    # home page and campaign sheet
    *text("new-campaign", "name", "Name"),
    *number("new-campaign", "standalone_tier", "Standalone tier", 1, 4, **OPT, **SELECT),
    *text("rename", "name", "Name"), *bad("rename", "version", "Changed elsewhere", "reload the page", ["abc"]),
    *text("notes", "notes", "Notes", 4000, **OPT),
    *number("vt", "delta", "", -99, 99, **SELECT), *number("fame", "delta", "", -99, 99, **SELECT),
    *bad("fame", "planet", "", "No planet"), *bad("mission", "mission", "Mission", "No mission"),
    *bad("mission", "available", "Available", "Tick or untick", ["abc"]),
    *bad("mission", "all_taken", "All taken", CHOOSE, [SCRIPT]),
    *bad("token", "kind", "Kind", CHOOSE), *number("token", "number", "Number", 1, 999),
    *bad("custom", "kind", "Kind", CHOOSE), *text("custom", "name", "Name"),
    *text("new-character", "name", "Name"), *bad("new-character", "class_name", "Class", "Class must be one of"),
    *bad("new-character", "species", "Species", "Species must be one of"),
    *bad("delete", "confirm", "Confirmation", "exactly", [SCRIPT, "", "x" * 500], empty="Type the campaign"),
    # character sheet
    *text("edit", "name", "Name"), *bad("edit", "class_name", "Class", "Class must be one of"),
    *bad("edit", "species", "Species", "Species must be one of"),
    *bad("edit", "version", "Changed elsewhere", "reload the page", ["1.5"]),
    *bad("counter", "what", "", CHOOSE), *number("counter", "delta", "", -99, 99, **SELECT),
    *text("buy-card", "card_name", "Action card"), *number("buy-card", "sp_cost", "SP cost", 1, 99),
    *text("refund", "card_name", "Action card", **SELECT),
    *text("attachment", "name", "Name"), *bad("attachment", "type", "Type", CHOOSE),
    *number("attachment", "tier", "Tier", 1, 4, **OPT, **SELECT),
    *number("attachment", "charge_slots", "Charge slots", 0, 10, **OPT),
    *text("item", "number", "Number", 8, **OPT), *text("item", "name", "Name"),
    *bad("equip", "kind", "Kind", CHOOSE), *bad("equip", "thing", "Card", "has no such"),
    *number("charge", "delta", "Change", -1, 1, **SELECT),
    *number("give-nova", "amount", "Nova cells", 1, 999),
    *bad("give-thing", "thing_ref", "Card", "Required.", [SCRIPT, ""]),
    *[c for f in ("give-nova", "give-thing") for c in bad(f, "to_character", "Give to", "", [""])
      + bad(f, "to_character", "Give to", "No character", [SCRIPT])],
    # mission result, training mission, attachment reward
    *bad("result", "mission", "Mission", "No mission"), *bad("result", "outcome", "Result", CHOOSE),
    *number("result", "difficulty", "Mission difficulty", 1, 4, **OPT, **SELECT),
    *number("result", "sp", "SP reward", 0, 99, **OPT),
    *number("result", "nova_{S}", "Nova cells gained", 0, 999, **OPT),
    *number("result", "vanished_tech", "Vanished technology", 0, 99, **OPT),
    *number("result", "fame_Berkav", "Fame change", -99, 99, **OPT),
    *[("result", field, v, label, "Enter the numbers printed on the map", True)
      for field, label in [("orbs", "Campaign orbs activated"), ("treasures", "Campaign treasures retrieved")]
      for v in ["abc", "0", "-1", "1.5", "1" * 500, SCRIPT]],
    *bad("result", "all_taken", "All taken", CHOOSE, [SCRIPT]),
    *bad("training", "planet", "Planet", "No planet"), *number("training", "tier", "Tier", 1, 4, **SELECT),
    *bad("training", "outcome", "Result", CHOOSE),
    *bad("reward", "character", "Character", "No character"), *text("reward", "name", "Name"),
    *bad("reward", "type", "Type", CHOOSE), *number("reward", "tier", "Tier", 1, 4, **SELECT),
    *number("reward", "charge_slots", "Charge slots", 0, 10, **OPT),
    # aboard: shop, expeditions, upgrades
    *bad("buy", "character", "Character", "No character"), *text("buy", "name", "Name"),
    *bad("buy", "slot", "Slot", CHOOSE), *number("buy", "tier", "Tier", 1, 3, **SELECT),
    *number("buy", "cost", "Cost", 0, 999), *number("buy", "charge_slots", "Charge slots", 0, 10, **OPT),
    *bad("buy", "planet", "Planet", "(p.16)", [SCRIPT]),
    *bad("sell", "character", "Character", "No character"), *bad("sell", "thing", "Card", "has no such"),
    *bad("expedition", "deck", "Deck", CHOOSE), *text("expedition", "card", "Card number", 12),
    *bad("expedition", "result", "After resolving", CHOOSE), *text("expedition", "note", "Note", 500, **OPT),
    *bad("unlock", "deck", "Deck", "No expedition deck"), *text("unlock", "card", "Card number", 12),
    *text("upgrade", "name", "Name"), *number("upgrade", "cost", "Cost", 0, 99),
    *[("upgrade", "requirements", v, "Requirements", "Line 1", True)
      for v in ["abc", SCRIPT, "wish: Core", "schematic: " + "x" * 500]],
    *bad("upgrade-step", "upgrade", "Upgrade", "No upgrade"), *bad("upgrade-step", "action", "Action", CHOOSE),
    *number("upgrade-step", "index", "Index", 0, 99, **OPT, **SELECT),
]


@pytest.mark.parametrize("form, field, value, label, message, echo",
                         [pytest.param(*c, id=f"{c[0]}.{c[1]}={c[2][:12]!r}") for c in CASES])
def test_a_bad_value_is_refused_with_a_message_naming_the_field(app, table, world, form, field, value, label,
                                                                 message, echo):
    url, data = fill(world, form, **{field: value})
    with unchanged(app):
        resp = table.post(url, data)
    assert_refused(resp, label, message)
    if echo:
        assert echoed(resp, field.format(**world), value), "what the user typed is not shown again"


def test_each_bad_field_gets_its_own_message(app, table, world):
    url, data = fill(world, "attachment", name="", type="sword", charge_slots="many")
    with unchanged(app):
        resp = table.post(url, data)
    assert resp.status_code == 422
    assert shown_errors(resp) == {"Name": "Required.", "Type": CHOOSE, "Charge slots": "Enter a whole number."}
    assert resp.get_data(as_text=True).count("<li><strong>") == 3


def test_without_htmx_the_whole_page_comes_back_with_the_message(app, table, world):
    url, data = fill(world, "rename", name="")
    with unchanged(app):
        resp = table.post(url, data, htmx=False)
    assert_refused(resp, "Name", "Required.")
    assert "<html" in resp.get_data(as_text=True)


# -- the rules (rulebook pages quoted) -----------------------------------------

RULES = [  # after the world: Sylvestia has 8 nova cells and 5 SP, Berkav fame 0, no Vanished technology
    ("buy", {"cost": "9"}, "Cost", ["Sylvestia has 8 nova cells", "Boots costs 9", "(p.16)"]),
    ("buy", {"tier": "2"}, "Tier", ["needs 5 fame", "(p.16)"]),
    ("buy", {"planet": "Thespara"}, "Planet", ["planet of the last mission", "(p.16)"]),
    ("fame", {"delta": "-1"}, "", ["Fame on Berkav cannot go below 0", "(p.16)"]),
    ("vt", {"delta": "-1"}, "", ["cannot go below 0"]),
    ("counter", {"delta": "-9"}, "", ["would go below 0"]),
    ("token", {"kind": "treasure", "number": "2"}, "Number", ["already retrieved", "once per campaign", "(p.9)"]),
    ("buy-card", {"sp_cost": "6"}, "SP cost", ["Sylvestia has 5 SP", "(p.15)"]),
    ("refund", {}, "Action card", ["no refund", "training mission", "(p.15)"]),
    ("give-nova", {"amount": "9"}, "Nova cells", ["Sylvestia has 8 nova cells"]),
    ("give-nova", {"to_character": "{S}"}, "Give to", ["another character"]),
    ("reward", {"tier": "3"}, "Tier", ["difficulty (2)", "(p.14)"]),
    ("reward", {"character": "{A}"}, "Character", ["Augustus has no attachment reward"]),
    ("custom", {"name": "healer"}, "Name", ["already in this campaign"]),
    ("result", {"mission": "berkav-2"}, "Mission", ["not available yet", "(p.17)"]),
    ("result", {"mission": "awakening", "unlocks": SCRIPT}, "Unlocked missions", ["No mission"]),
    ("mission", {"mission": "berkav-2", "all_taken": "yes"}, "All taken", ["not completed", "(p.14)"]),
    ("upgrade-step", {"action": "pay"}, "Upgrade", ["costs 3", "has 0", "(p.31)"]),
    ("upgrade-step", {"action": "perform"}, "Upgrade", ["every checkbox", "find Core", "(p.31)"]),
    ("upgrade-step", {"index": "5"}, "Index", ["no requirement 6"]),
    ("delete", {"confirm": "Historians"}, "Confirmation", ["exactly"]),
]


@pytest.mark.parametrize("form, changes, label, words", RULES, ids=[f"{r[0]}-{r[2] or 'counter'}" for r in RULES])
def test_a_rule_refusal_quotes_the_rule_and_changes_nothing(app, table, world, form, changes, label, words):
    url, data = fill(world, form, **{k: v.format(**world) for k, v in changes.items()})
    with unchanged(app):
        resp = table.post(url, data)
    assert_refused(resp, label, *words)


def test_a_second_pickup_of_campaign_treasure_on_the_result_form_is_refused(app, table, world):
    url, data = fill(world, "result", treasures="2")
    with unchanged(app):
        resp = table.post(url, data)
    assert resp.status_code == 422
    assert any("treasure 2 was already retrieved" in m and "(p.9)" in m for m in shown_errors(resp).values())
    assert echoed(resp, "treasures", "2")


@pytest.fixture
def crowd(app, table, world):
    """Two more characters of new classes, and a second Healer."""
    url = world["url"]
    table.post(f"{url}/custom", {"_form": "custom", "kind": "class", "name": "Engineer"})
    for name, cls in [("Rex", "Rogue"), ("Eve", "Engineer"), ("Mira", "Healer")]:
        data = {"_form": "new-character", "name": name, "class_name": cls, "species": "Human"}
        assert table.post(f"{url}/characters", data).status_code == 200
    ids = character_ids(app)
    return {**world, **{k: ids[n] for k, n in [("R", "Rex"), ("Ev", "Eve"), ("M", "Mira")]}}


@pytest.mark.parametrize("form", ["result", "training"])
@pytest.mark.parametrize("party, words", [
    (["{S}"], ["at least 2", "(p.8)"]),
    (["{S}", "{V}", "{A}", "{R}", "{Ev}"], ["At most 4 characters", "5 chosen", "(p.8)"]),
    (["{S}", "{M}"], ["Sylvestia and Mira are both Healers", "one character of a given class", "(p.8)"]),
    (["{S}", "{S}"], ["listed twice"]),
    ([], ["Tick the characters who embarked."]),
], ids=["party-of-1", "party-of-5", "two-healers", "same-twice", "nobody"])
def test_a_party_against_the_rules_cannot_embark(app, table, crowd, form, party, words):
    url, data = fill(crowd, form, party=[p.format(**crowd) for p in party])
    with unchanged(app):
        resp = table.post(url, data)
    assert_refused(resp, "Characters who embarked", *words)


# -- import ----------------------------------------------------------------------

def upload(table, body: bytes, filename: str):
    return table.post("/campaigns/import", {"_form": "import", "file": (io.BytesIO(body), filename)}, htmx=False)


@pytest.mark.parametrize("change, words", [
    (lambda doc: doc["campaign"].pop("fame"), ["field campaign.fame", "Nothing was imported"]),
    (lambda doc: doc.update(format="phantom-epoch-campaign/2"), ["unsupported format"]),
    (lambda doc: doc["campaign"]["characters"][0].update(nova_cells=-5), ["campaign.characters.0.nova_cells"]),
    (lambda doc: doc["campaign"].update(name="x" * 500), ["campaign.name"]),
    (b"this is not JSON {", ["not valid JSON", "Nothing was imported"]),
    (b"[1, 2, 3]", ["expected a JSON object"]),
    (b"\xff\xfe\x00garbage", ["not valid JSON"]),
], ids=["missing-field", "wrong-version", "negative-count", "long-name", "not-json", "not-an-object", "not-utf8"])
def test_a_bad_campaign_file_is_not_imported(app, table, world, change, words):
    body = change
    if callable(change):  # an exported campaign file, edited
        doc = json.loads(table.get(f"{world['url']}/export").get_data(as_text=True))
        change(doc)
        body = json.dumps(doc).encode()
    with unchanged(app):
        resp = upload(table, body, "bad.json")
    assert_refused(resp, "Campaign file", "bad.json", *words)


def test_an_import_without_a_file_is_refused(app, table, world):
    with unchanged(app):
        resp = table.post("/campaigns/import", {"_form": "import"}, htmx=False)
    assert_refused(resp, "Campaign file", "Choose a campaign file")


def test_an_upload_over_2_mb_is_refused(app, table, world):
    with unchanged(app):
        resp = upload(table, b" " * 3_000_000, "big.json")
    assert resp.status_code == 413 and "larger than 2 MB" in resp.get_data(as_text=True)


# -- stale versions and missing CSRF tokens --------------------------------------

@pytest.mark.parametrize("form, fresh", [("rename", {"name": "Chroniclers"}), ("notes", {"notes": "Later"}),
                                         ("edit", {"name": "Sylvie"})])
def test_a_stale_form_is_refused_with_409(app, table, world, form, fresh):
    c = campaign_state(app)
    loaded = c.characters[0].version if form == "edit" else c.version  # what both devices show
    url, data = fill(world, form, **fresh, version=str(loaded))
    assert table.post(url, data).status_code == 200  # the other device saves first
    with unchanged(app):
        resp = table.post(url, data)
    assert resp.status_code == 409
    assert "changed on another device" in resp.get_data(as_text=True)


@pytest.mark.parametrize("form", ["new-campaign", "rename", "counter", "result", "buy", "upgrade"])
@pytest.mark.parametrize("token", [None, "forged"])
def test_a_request_without_the_csrf_token_is_refused(app, client, table, world, form, token):
    url, data = fill(world, form)
    headers = {"HX-Request": "true", **({"X-CSRFToken": token} if token else {})}
    with unchanged(app):
        resp = client.post(url, data=data, headers=headers)
    assert resp.status_code == 400
    assert "security token" in resp.get_data(as_text=True)


# -- names containing HTML display as text ---------------------------------------

@pytest.mark.parametrize("form, field, pages", [
    ("new-campaign", "name", ["/"]),
    ("rename", "name", ["/", "{url}", "{url}/history", "{url}/characters/{S}"]),
    ("new-character", "name", ["{url}", "{url}/missions", "{url}/history"]),
    ("edit", "name", ["{url}", "{url}/characters/{S}", "{url}/characters/{V}", "{url}/aboard"]),
    ("custom", "name", ["{url}", "{url}/characters/{S}"]),
    ("buy-card", "card_name", ["{url}/characters/{S}"]),
    ("item", "name", ["{url}/characters/{S}"]),
    ("attachment", "name", ["{url}/characters/{S}"]),
    ("buy", "name", ["{url}/aboard", "{url}/characters/{S}"]),
    ("expedition", "note", ["{url}/aboard"]),
    ("upgrade", "name", ["{url}/aboard"]),
])
def test_a_name_containing_html_is_kept_and_shown_as_text(table, world, form, field, pages):
    url, data = fill(world, form, **{field: BOLD})
    assert table.post(url, data).status_code in (200, 204)
    for page in pages:
        body = table.get(page.format(**world)).get_data(as_text=True)
        assert "&lt;b&gt;Bold&lt;/b&gt;" in body, page
        assert BOLD not in body, page


# -- found by these tests, then fixed ----------------------------------------------------

@pytest.mark.parametrize("form, field, value", [("result", "orbs", "²"), ("result", "treasures", "²"),
                                                ("token", "number", "1_0"), ("attachment", "charge_slots", "1_0")])
def test_digits_python_reads_but_a_player_would_not_type_are_refused(app, table, world, form, field, value):
    url, data = fill(world, form, **{field: value})
    with unchanged(app):
        resp = table.post(url, data)
    assert resp.status_code == 422


def test_a_deeply_nested_json_file_is_refused(app, table, world):
    with unchanged(app):
        resp = upload(table, b"[" * 100_000, "deep.json")
    assert_refused(resp, "Campaign file", "deep.json")


def test_a_second_treasure_pickup_on_the_result_form_names_the_treasures_field(app, table, world):
    url, data = fill(world, "result", treasures="2")
    assert_refused(table.post(url, data), "Campaign treasures retrieved", "already retrieved")


@pytest.mark.parametrize("form", ["charge", "vt", "fame", "counter"])
def test_a_change_of_zero_changes_nothing(app, table, world, form):
    url, data = fill(world, form, delta="0")
    with unchanged(app):
        table.post(url, data)


def test_a_bad_retire_request_shows_its_message(app, table, world):
    url, data = fill(world, "active", active=SCRIPT)
    with unchanged(app):
        resp = table.post(url, data)
    assert_refused(resp, "Active", "Tick or untick it.")
