"""Seeded fuzzers over the app in-process: every POST route of the URL map gets malformed forms (empty, huge,
negative, unicode, nested and repeated keys), every import path malformed files. Counted: answers by status,
5xx (must be 0) and refusals that changed the database (must be 0)."""
from __future__ import annotations

import copy
import io
import json
import random
import re
import sqlite3
from html.parser import HTMLParser
from pathlib import Path

from werkzeug.exceptions import HTTPException
from werkzeug.routing import AnyConverter, IntegerConverter

from companion import create_app

NASTY = ["", " ", "-1", "0", "1", "2", "-99999999999999999999", "99999999999999999999", "1e309", "nan", "1.5",
         "０１", "²", "1_0", "Ω≈ç√∫ 🎲", "\u202eevil", "\x00", "<script>1</script>", "x" * 5000, "a,b,,c",
         "yes", "no", "on", "true", "red", "B-6", "Z-99", "../../etc/passwd", "%s%n", "{{7*7}}"]


def snapshot(path) -> dict:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {n: conn.execute(f'SELECT * FROM "{n}" ORDER BY rowid').fetchall() for n in names}
    finally:
        conn.close()


class Forms(HTMLParser):
    """Each <form method=post>: its action and its fields with the values the page drew."""

    def __init__(self):
        super().__init__()
        self.forms: list[tuple[str, list[tuple[str, str]]]] = []
        self._open = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and (a.get("method") or "").lower() == "post" and a.get("action"):
            self._open = (a["action"], [])
            self.forms.append(self._open)
        elif tag in ("input", "select", "textarea", "button") and self._open and a.get("name"):
            self._open[1].append((a["name"], a.get("value") or ""))

    def handle_endtag(self, tag):
        if tag == "form":
            self._open = None


class Tablet:
    def __init__(self, app):
        self.app = app
        self.client = app.test_client()
        self.token = None

    def get(self, url):
        resp = self.client.get(url)
        if resp.mimetype == "text/event-stream":  # a page's push stream holds its answer open: not read to its end
            resp.close()
            return resp
        m = re.search(r'name="csrf-token" content="([^"]+)"', resp.get_data(as_text=True))
        if m:
            self.token = m.group(1)
        return resp

    def post(self, url, data=None, htmx=True, **kw):
        if self.token is None:
            self.get("/")
        headers = {"X-CSRFToken": self.token, **({"HX-Request": "true"} if htmx else {})}
        return self.client.post(url, data=data if data is not None else {}, headers=headers, **kw)


def populated_app(workdir: Path):
    """Something of every kind to act on: a campaign with a character, a game, a map, the sample cards, a
    mission at the table with a boss."""
    # Not TESTING: an exception is answered with a 500 and counted, as on the table, instead of ending the run.
    app = create_app({"INSTANCE_PATH": str(Path(workdir) / "instance"), "GAME_SEED": 1})
    t = Tablet(app)
    t.post("/campaigns", {"name": "Fuzz"}, htmx=False)
    t.post("/campaigns/1/characters", {"name": "Vera", "class_name": "Healer", "species": "Slink"})
    t.post("/games/new", {"game": "lost-empires", "name": "Friday", "name_1": "Ann", "color_1": "red",
                          "name_2": "Bob", "color_2": "blue"})
    t.post("/cards/samples", htmx=False)
    t.post("/maps/samples", {"sample": "mutant-grallok-lair.json"}, htmx=False)
    t.post("/table", {"mission": "sample-1", "map": "1", "difficulty": "2", "character_1": "Vera", "hp_1": "10",
                      "ap_1": "6", "character_2": "Bram", "hp_2": "12", "ap_2": "7"}, htmx=False)
    return app, t


def get_urls(app) -> list[str]:
    ids = {"campaign_id": 1, "game_id": 1, "map_id": 1, "mission_id": 1}
    urls = []
    with app.test_request_context():
        for rule in app.url_map.iter_rules():
            if "GET" in rule.methods and rule.endpoint != "static" and set(rule.arguments) <= set(ids):
                urls.append(rule.build({a: ids[a] for a in rule.arguments}, append_unknown=False)[1])
    return sorted(set(urls))


def post_rules(app) -> list:
    return sorted((r for r in app.url_map.iter_rules() if "POST" in r.methods), key=lambda r: r.rule)


def built_url(app, rule, rnd: random.Random, character: str, plain: bool = False) -> str:
    """A URL of `rule`; `plain`: one that routes (ids 1, a well-formed backup name), for the CSRF check."""
    if plain:
        rnd = random.Random(0)
        rnd.choice = lambda seq: seq[0]
    values = {}
    for name in rule.arguments:
        conv = rule._converters[name]
        if isinstance(conv, IntegerConverter):
            values[name] = rnd.choice([1, 1, 1, 2, 999])
        elif isinstance(conv, AnyConverter):
            values[name] = rnd.choice(sorted(conv.items))
        elif name == "character_id":
            values[name] = character
        elif name == "name":
            values[name] = rnd.choice(["companion-20200101T000000000000-by-hand.sqlite3", "../x", "x"])
        else:
            values[name] = rnd.choice(["place", "hp", "die", "roll", "x", "next"])
    with app.test_request_context():
        return rule.build(values, append_unknown=False)[1]


def crawl_forms(app, t: Tablet) -> dict:
    """rule -> [(url, fields)] from every page's forms, so each route is also fuzzed from a realistic start."""
    found: dict = {}
    adapter = app.url_map.bind("localhost")
    for url in get_urls(app):
        resp = t.get(url)
        if resp.mimetype != "text/html":
            continue
        parser = Forms()
        parser.feed(resp.get_data(as_text=True))
        for action, fields in parser.forms:
            try:
                rule, _ = adapter.match(action.split("?")[0], method="POST", return_rule=True)
            except HTTPException:
                continue
            found.setdefault(rule.rule, []).append((action, [(k, v) for k, v in fields if k != "csrf_token"]))
    return found


def mutated(fields: list[tuple[str, str]], rnd: random.Random) -> list[tuple[str, str]]:
    shape = rnd.random()
    if shape < 0.08:
        return []
    names = [k for k, _ in fields] or ["name", "version", "delta", "figure", "space"]
    out = []
    for k, v in fields:
        r = rnd.random()
        if r < 0.15:
            continue  # dropped
        out.append((k, rnd.choice(NASTY) if r < 0.6 else v))
    for _ in range(rnd.randint(0, 3)):
        k = rnd.choice(names)
        r = rnd.random()
        if r < 0.3:
            out.append((k, rnd.choice(NASTY)))  # repeated key
        elif r < 0.55:
            out.append((f"{k}.{rnd.choice(['0', 'x', '0.type', '', '9999999999'])}", rnd.choice(NASTY)))  # nested
        elif r < 0.7:
            out.append((k.split(".")[0], rnd.choice(NASTY)))  # a group's name as a plain value
        elif r < 0.85:
            out.append((rnd.choice(["version", "request_id", "_form", "index", "kind", "seen"]), rnd.choice(NASTY)))
        else:
            out.append((rnd.choice(NASTY)[:40] or "x", rnd.choice(NASTY)))
    return out


def fuzz_forms(workdir: Path, requests: int = 400, seed: int = 1) -> dict:
    rnd = random.Random(seed)
    app, t = populated_app(workdir)
    db_path = app.config["DATABASE"]
    forms = crawl_forms(app, t)
    rules = [r for r in post_rules(app) if r.rule != "/pin"]  # the PIN's limiter has its own tests
    answers: dict[int, int] = {}
    server_errors, changed, covered = [], [], set()
    before = snapshot(db_path)
    for n in range(requests):
        rule = rules[n % len(rules)] if n < len(rules) else rnd.choice(rules)
        seen = forms.get(rule.rule)
        if seen and rnd.random() < 0.8:
            url, fields = rnd.choice(seen)
        else:
            url, fields = built_url(app, rule, rnd, "c1"), []
        data = mutated(fields, rnd)
        resp = t.post(url, data=_multi(data), htmx=rnd.random() < 0.7)
        covered.add(rule.rule)
        answers[resp.status_code] = answers.get(resp.status_code, 0) + 1
        after = snapshot(db_path)
        if resp.status_code >= 500:
            server_errors.append((url, data[:6], resp.status_code))
        elif resp.status_code >= 400 and after != before:
            changed.append((url, data[:6], resp.status_code))
        before = after
    return {"requests": requests, "post_routes": len(rules), "routes_covered": len(covered),
            "answers": {str(k): v for k, v in sorted(answers.items())}, "server_errors": len(server_errors),
            "changed_on_refusal": len(changed), "examples": (server_errors + changed)[:5]}


def _multi(pairs):
    from werkzeug.datastructures import MultiDict

    return MultiDict(pairs)


# -- imports -----------------------------------------------------------------------------------------------

IMPORTS = {  # kind -> (url, file field, form name)
    "campaign": ("/campaigns/import", "file", "import-campaign"),
    "game": ("/games/import", "game_file", "import-game"),
    "map": ("/maps/import", "file", "import"),
    "cards": ("/cards/import", "file", "import"),
}


def exports(t: Tablet) -> dict:
    return {"campaign": t.get("/campaigns/1/export").data, "game": t.get("/games/1/export").data,
            "map": t.get("/maps/1/export").data, "cards": t.get("/cards/export").data}


def _nodes(value, path=()):
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _nodes(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _nodes(v, (*path, i))


def _set(doc, path, new):
    if not path:
        return new
    node = doc
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = new
    return doc


WEIRD = [None, True, -1, 0, 2**70, -(2**70), 1.5, float("inf"), "", "x" * 5000, "Ω🎲", [], {}, [[[]]],
         {"a": {"b": {"c": {}}}}, "<b>x</b>", "A-1", "99999999999999999999", ["x"] * 500]


def weird(rnd: random.Random):
    return copy.deepcopy(rnd.choice(WEIRD))


def mutated_file(raw: bytes, rnd: random.Random) -> bytes:
    r = rnd.random()
    if r < 0.1:
        return raw[: rnd.randint(0, max(0, len(raw) - 1))]  # truncated
    if r < 0.15:
        data = bytearray(raw)
        for _ in range(rnd.randint(1, 20)):
            if data:
                data[rnd.randrange(len(data))] = rnd.randrange(256)
        return bytes(data)
    if r < 0.18:
        return b"[" * 100_000 + b"]" * 100_000  # nesting deeper than any parser's recursion
    if r < 0.2:
        return rnd.choice([b"", b"null", b"[]", b"{}", b"\xff\xfe", "{\"format\": \"Ω\"}".encode()])
    doc = json.loads(raw)
    for _ in range(rnd.randint(1, 4)):
        nodes = list(_nodes(doc))
        path, value = rnd.choice(nodes)
        choice = rnd.random()
        if choice < 0.6 or not path:
            doc = _set(doc, path, weird(rnd))
        elif choice < 0.8 and isinstance(value, (dict, list)) and value:
            key = rnd.choice(list(value.keys()) if isinstance(value, dict) else list(range(len(value))))
            del value[key]
        elif isinstance(value, dict):
            value[rnd.choice(["x", "", "Ω", "x" * 200, "format"])] = weird(rnd)
        elif isinstance(value, list):
            value.extend([copy.deepcopy(value[0]) if value else None] * rnd.randint(1, 50))
        else:
            doc = _set(doc, path, weird(rnd))
    return json.dumps(doc, ensure_ascii=rnd.random() < 0.5).encode()


def fuzz_imports(workdir: Path, files: int = 200, seed: int = 1) -> dict:
    rnd = random.Random(seed)
    app, t = populated_app(workdir)
    db_path = app.config["DATABASE"]
    sources = exports(t)
    answers: dict[int, int] = {}
    server_errors, changed = [], []
    accepted = 0
    before = snapshot(db_path)
    for n in range(files):
        kind = list(IMPORTS)[n % len(IMPORTS)]
        url, field, form = IMPORTS[kind]
        body = mutated_file(sources[kind], rnd)
        name = rnd.choice(["x.json", "Ω.json", "n" * 300 + ".json", "../../x.json", "<b>x</b>.json"])
        resp = t.post(url, {"_form": form, field: (io.BytesIO(body), name)}, htmx=rnd.random() < 0.5,
                      content_type="multipart/form-data")
        answers[resp.status_code] = answers.get(resp.status_code, 0) + 1
        after = snapshot(db_path)
        if resp.status_code >= 500:
            server_errors.append((kind, body[:200], resp.status_code))
        elif resp.status_code >= 400:
            if after != before:
                changed.append((kind, body[:200], resp.status_code))
        else:
            accepted += 1
        before = after
    return {"files": files, "accepted": accepted, "refused": files - accepted - len(server_errors),
            "answers": {str(k): v for k, v in sorted(answers.items())}, "server_errors": len(server_errors),
            "changed_on_refusal": len(changed), "examples": [repr(e)[:300] for e in (server_errors + changed)[:5]]}
