"""A player that drives any page of the app through a Flask test client using only what the page offers.

It reads a rendered page (stdlib html.parser), lists every form and button a person could press there,
fills each control from what the control itself offers (a select's options, a radio group's values, a
number within its min/max/step, text within its maxlength, a datalist's suggestions, hidden fields as
given), picks one with a seeded `random.Random`, submits it as the browser would (htmx headers and the
CSRF header where the form is an htmx one), follows redirects and HX-Redirect, and returns the new page.

What it reports as failures (`Player.failures`):
- `5xx`: any server error;
- `malformed`: a 422 whose message is a form-level refusal ("Choose one of the options.", "Enter a whole
  number…", "This field is required.", …) for a field the player filled from the control itself: the page
  offered a value its own form refuses. A rule's refusal ("Only 1 Activate a Unit order per turn (p.8).") is
  fine: it is counted in `refusals`, and listed in `unsourced` when it cites no rulebook page;
- `literal-html`: escaped markup ("&lt;div") shown as visible text;
- `missing-name`: a sentence built with an empty name ("… on the map for .", "( )");
- whatever an invariant hook raises (AssertionError), named `invariant`.

Used by the game player tests (tests/test_game_player.py) and meant for any other page (the mission table's).
"""
from __future__ import annotations

import html as _html
import json
import random
import re
import string
from collections import Counter
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser
from typing import Callable, Iterable
from urllib.parse import urlencode, urljoin, urlsplit

from werkzeug.datastructures import MultiDict

# Messages the form layer gives (companion/schemas/fields.py, marshmallow's defaults): the input's shape
# was refused before any rule saw it.
SCHEMA_MESSAGES = (
    "Required.", "Choose one of the options", "Enter a whole number", "This field is required", "Missing data for required field",
    "The form is damaged", "Tick or untick it", "At most ", "Not a valid", "Must be one of", "Unknown field",
    "Field may not be null", "Length must be", "Must be greater", "Must be less", "Invalid input", "got None",
)
RULE_SOURCE = re.compile(r"\bpp?\.\s?\d|\bFAQ\b|errata|[Rr]ulebook|Limitations|\brule\b", re.I)
LITERAL_TAG = re.compile(r"</?(?:div|span|p|a|b|i|em|strong|small|ul|ol|li|table|tr|td|th|form|input|button|select|"
                         r"option|label|section|br|svg|img|h[1-6]|script|details|summary)\b[^<]{0,80}>?", re.I)
# A sentence whose name was empty when it was built: "Tap an entry point (E) on the map for ." (issue 38)
MISSING_NAME = re.compile(r"\b(?:for|of|to|by|from|with|on|at)[ \t]+[.,;:!?](?![\w.])|^[ \t]*: \w|'[ \t]*'|\([ \t]*\)",
                          re.M)
SKIP_TEXT_IN = {"script", "style", "template"}
VOID = {"input", "br", "img", "meta", "link", "hr", "source", "area", "base", "col", "embed", "param", "track", "wbr"}


@dataclass
class Control:
    name: str
    kind: str  # hidden, text, number, select, radio, checkbox, textarea, file, ...
    value: str = ""
    options: list[str] = field(default_factory=list)  # a select's or a radio group's values, a datalist's
    checked: bool = False
    attrs: dict = field(default_factory=dict)

    @property
    def required(self) -> bool:
        return "required" in self.attrs


@dataclass
class Form:
    method: str
    action: str
    htmx: bool
    attrs: dict
    controls: list[Control] = field(default_factory=list)
    buttons: list[dict] = field(default_factory=list)  # the submit buttons' attributes
    label: str = ""


@dataclass
class Offer:
    """One thing a person can press: a form with one of its submit buttons, or a lone hx-post button."""
    method: str
    url: str
    htmx: bool
    controls: list[Control]
    button: dict
    form: Form | None
    text: str = ""

    @property
    def path(self) -> str:
        return urlsplit(self.url).path

    @property
    def key(self) -> tuple:
        return (self.path, next((c.value for c in self.controls if c.name == "_form"), ""), self.text)

    def describe(self) -> str:
        form_id = next((c.value for c in self.controls if c.name == "_form"), "")
        return f"{self.method} {self.path} [{form_id or '-'}] {self.text!r}"


@dataclass
class Page:
    url: str
    status: int
    html: str
    offers: list[Offer]
    text: str
    csrf: str | None

    def find(self, pred: Callable[[Offer], bool]) -> list[Offer]:
        return [o for o in self.offers if pred(o)]


@dataclass
class Failure:
    kind: str
    detail: str
    offer: str = ""
    values: list = field(default_factory=list)
    url: str = ""

    def __str__(self):
        return f"{self.kind}: {self.detail} (at {self.url}, {self.offer} with {self.values})"


class _Parser(HTMLParser):
    """Forms, their controls and buttons (also those outside a form with form="id" or hx-post), the visible text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.by_id: dict[str, Form] = {}
        self.orphans: list[tuple[str, dict]] = []  # (kind, attrs) with a form="id" attribute
        self.lone_buttons: list[dict] = []
        self.links: list[dict] = []  # <a href>: offered as GET presses when the player's `follow` says so
        self.datalists: dict[str, list[str]] = {}
        self.text: list[str] = []
        self.csrf = None
        self._form: Form | None = None
        self._stack: list[str] = []
        self._select: Control | None = None
        self._select_form: Form | None = None
        self._textarea: Control | None = None
        self._datalist: str | None = None
        self._button: dict | None = None
        self._disabled_depth: int | None = None

    def _owner(self, a: dict) -> Form | None:
        return self.by_id.get(a["form"]) if "form" in a else self._form

    def handle_starttag(self, tag, attrs):
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag not in VOID:
            self._stack.append(tag)
        if tag == "fieldset" and "disabled" in a and self._disabled_depth is None:
            self._disabled_depth = len(self._stack)
        disabled = "disabled" in a or self._disabled_depth is not None
        if tag == "meta" and a.get("name") == "csrf-token":
            self.csrf = a.get("content")
        elif tag == "form":
            action = a.get("hx-post") or a.get("action") or ""
            method = "post" if "hx-post" in a else a.get("method", "get").lower()
            self._form = Form(method, action, "hx-post" in a or "hx-get" in a, a)
            self.forms.append(self._form)
            if "id" in a:
                self.by_id[a["id"]] = self._form
        elif tag == "datalist":
            self._datalist = a.get("id", "")
            self.datalists[self._datalist] = []
        elif tag == "option" and self._datalist is not None:
            self.datalists[self._datalist].append(a.get("value", ""))
        elif tag == "input":
            kind = a.get("type", "text").lower()
            if kind in ("submit", "image"):
                self._add_button(a, tag)
                return
            if disabled or "name" not in a or kind in ("button", "reset"):
                return
            control = Control(a["name"], kind, a.get("value", "on" if kind in ("checkbox", "radio") else ""),
                              checked="checked" in a, attrs=a)
            if "form" in a and a["form"] not in self.by_id:
                self.orphans.append(("control", a, control))
            elif self._owner(a) is not None:
                self._owner(a).controls.append(control)
        elif tag == "select" and not disabled and "name" in a:
            self._select = Control(a["name"], "select", attrs=a)
            self._select_form = self._owner(a)
            if self._select_form is not None:
                self._select_form.controls.append(self._select)
        elif tag == "option" and self._select is not None:
            if "disabled" not in a:
                self._select.options.append(a.get("value", ""))
                if "selected" in a:
                    self._select.value = a.get("value", "")
                    self._select.checked = True
        elif tag == "textarea" and not disabled and "name" in a:
            self._textarea = Control(a["name"], "textarea", attrs=a)
            owner = self._owner(a)
            if owner is not None:
                owner.controls.append(self._textarea)
        elif tag == "button":
            self._button = {**a, "_text": "", "_disabled": disabled}
            self._add_button(self._button, tag)
        elif tag == "a" and "href" in a:
            self._button = {**a, "_text": "", "_link": True}  # its text is gathered like a button's
            self.links.append(self._button)

    def _add_button(self, a, tag):
        if a.get("_disabled") or ("disabled" in a and tag == "input"):
            a["_skip"] = True
        kind = a.get("type", "submit").lower()
        owner = self._owner(a)
        if kind == "submit" and owner is not None and "hx-get" not in a:
            owner.buttons.append(a)
        elif "hx-post" in a:
            self.lone_buttons.append(a)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if self._disabled_depth is not None and len(self._stack) == self._disabled_depth and tag == "fieldset":
            self._disabled_depth = None
        while self._stack:
            if self._stack.pop() == tag:
                break
        if tag == "form":
            self._form = None
        elif tag == "select":
            if self._select is not None and not self._select.checked and self._select.options:
                self._select.value = self._select.options[0]  # the browser sends the first option
            self._select = None
        elif tag == "textarea":
            self._textarea = None
        elif tag == "datalist":
            self._datalist = None
        elif tag in ("button", "a"):
            self._button = None

    def handle_data(self, data):
        if self._textarea is not None:
            self._textarea.value += data
        if self._button is not None:
            self._button["_text"] += data
        if not any(t in SKIP_TEXT_IN for t in self._stack):
            self.text.append(data)


def parse_page(url: str, status: int, html: str) -> Page:
    p = _Parser()
    p.feed(html)
    p.close()
    for _, a, control in p.orphans:
        if a["form"] in p.by_id:
            p.by_id[a["form"]].controls.append(control)
    for form in p.forms:
        for c in form.controls:
            if c.kind in ("text", "search") and c.attrs.get("list") in p.datalists:
                c.options = p.datalists[c.attrs["list"]]
    offers = []
    for form in p.forms:
        radios: dict[str, Control] = {}
        controls = []
        for c in form.controls:  # one Control per radio group, its values as options
            if c.kind == "radio":
                group = radios.get(c.name)
                if group is None:
                    group = radios[c.name] = Control(c.name, "radio", "", [], False, {})
                    controls.append(group)
                group.options.append(c.value)
                group.attrs.update({k: v for k, v in c.attrs.items() if k == "required"})
                if c.checked:
                    group.value, group.checked = c.value, True
            else:
                controls.append(c)
        # a form without a submit button is sent only by Enter in a text box (implicit submission), or by the
        # page's script when the form says so (data-tap: a tap on the mission map fills and sends it)
        typed = any(c.kind in ("text", "number", "search", "email", "url", "tel", "password") for c in controls)
        sendable = typed or "data-tap" in form.attrs or "data-moves" in form.attrs
        buttons = [b for b in form.buttons if not b.get("_skip")] or ([{"_text": ""}] if not form.buttons and sendable else [])
        for b in buttons:
            action = b.get("hx-post") or b.get("formaction") or form.action or url
            htmx = form.htmx or "hx-post" in b
            method = "post" if "hx-post" in b else b.get("formmethod", form.method)
            offers.append(Offer(method, urljoin(url, action), htmx, controls, b, form, " ".join(b.get("_text", "").split())))
    for b in p.lone_buttons:
        if b.get("_skip"):
            continue
        offers.append(Offer("post", urljoin(url, b["hx-post"]), True, [], b, None, " ".join(b.get("_text", "").split())))
    for a in p.links:
        href = a.get("hx-get") or a["href"]
        if href.startswith(("#", "javascript:", "mailto:")):
            continue
        offers.append(Offer("get", urljoin(url, href), "hx-get" in a, [], a, None, " ".join(a.get("_text", "").split())))
    return Page(url, status, html, offers, " ".join("".join(p.text).split()), p.csrf)


def _board_get(offer: Offer) -> bool:
    """A GET form a board's taps send (data-moves, static/js/app.js): Suriya's attack chosen on the map."""
    return offer.form is not None and bool(offer.form.attrs.get("data-moves", "{}").strip("{} "))


def _hx_vals(button: dict) -> list[tuple[str, str]]:
    raw = button.get("hx-vals", "")
    if not raw or raw.startswith(("js:", "javascript:")):
        return []
    return [(k, str(v)) for k, v in json.loads(raw).items()]


class Player:
    """Plays pages through `client` (a Flask test client); `rng` is a seeded random.Random.

    `invariants` are called as hook(player, page) after every answered request and raise AssertionError to
    report a broken invariant. `skip(offer)` leaves offers out (delete, import…); `weight(offer)` biases the pick.
    `strict_sources` makes a rule's refusal that cites no rulebook page a failure too; `blank_is_choice` picks
    a select's blank option now and then (by default it is a placeholder).
    """

    def __init__(self, client, rng: random.Random, invariants: Iterable[Callable] = (),
                 skip: Callable[[Offer], bool] = lambda o: False, weight: Callable[[Offer], float] = lambda o: 1.0,
                 strict_sources: bool = False, blank_is_choice: bool = False,
                 follow: Callable[[Offer, Page], bool] | None = None):
        self.client, self.rng = client, rng
        self.invariants = list(invariants)
        self.skip, self.weight, self.strict_sources = skip, weight, strict_sources
        self.blank_is_choice = blank_is_choice
        self.follow = follow or (lambda o, page: o.path == urlsplit(page.url).path and bool(urlsplit(o.url).query))
        self.failures: list[Failure] = []
        self.refusals: Counter = Counter()  # rule refusals, by message
        self.unsourced: Counter = Counter()
        self.actions: Counter = Counter()  # submitted offers, by path
        self.requests = 0
        self.page: Page | None = None
        self.refused_here: set = set()  # offers refused since the last change
        self.last: tuple | None = None  # (offer, values, status) of the latest press, for invariant hooks
        self.answer: Page | None = None  # what the latest press was answered with (a refusal's own page)

    # -- reading -------------------------------------------------------------
    def open(self, url: str) -> Page:
        resp = self.client.get(url)
        self.requests += 1
        return self._settle(url, resp, None, [])

    # -- choosing ------------------------------------------------------------
    def offers(self, page: Page | None = None) -> list[Offer]:
        """What the player may press: every POST offer, and the links `follow(offer, page)` accepts (by default
        a link to the same page with a query, such as a card picked to fill the play form)."""
        page = page or self.page
        return [o for o in page.offers if (o.method == "post" or (o.method == "get" and (self.follow(o, page) or _board_get(o))))
                and not self.skip(o) and not any(c.kind == "file" and c.required for c in o.controls)]

    def fill(self, offer: Offer, overrides: dict | None = None) -> list[tuple[str, str]]:
        """The values a person could send with this offer, each from what its control offers."""
        overrides = overrides or {}
        if offer.form is not None and offer.form.attrs.get("data-moves"):
            overrides = {**self._board_move(offer, json.loads(offer.form.attrs["data-moves"])), **overrides}
        values: list[tuple[str, str]] = []
        for c in offer.controls:
            if c.name in overrides:
                v = overrides[c.name]
                values.extend((c.name, x) for x in (v if isinstance(v, (list, tuple)) else [v]) if x is not None)
                continue
            v = self._value(c)
            if v is not None:
                values.append((c.name, v))
        if offer.button.get("name"):
            values.append((offer.button["name"], offer.button.get("value", "")))
        values.extend(_hx_vals(offer.button))
        if offer.form is not None:
            values.extend(_hx_vals(offer.form.attrs))
        return values

    def _board_move(self, offer: Offer, moves: dict) -> dict:
        """Two taps on a drawn board (static/js/app.js, data-moves): a territory a piece may leave, with the
        choice it depends on ("C3 Frigate"), then one of the places the engine says it may go."""
        if not moves:
            return {}
        key = self.rng.choice(sorted(moves))
        frm, _, by = key.partition(" ")
        to = self.rng.choice(sorted(moves[key]))
        out = {}
        for c in offer.controls:
            role = c.attrs.get("data-board")
            if role in ("from", "to"):
                out[c.name] = frm if role == "from" else to
            elif by and c.kind == "radio" and by in c.options:
                out[c.name] = by
        for name, v in moves[key][to].items():
            if name == "_max":
                out.update({n: str(self.rng.randint(1, most)) for n, most in v.items()})
            elif not name.startswith("_"):
                out[name] = str(v)
        return out

    def _value(self, c: Control) -> str | None:
        r = self.rng
        if c.kind == "hidden":
            return c.value
        if c.kind == "file":
            return None
        if c.kind == "select":
            # a blank first option is read as a placeholder ("— choose —"), as the app's select macro writes
            # it; `blank_is_choice` sends it now and then, to find the selects that should say `required`
            filled = [o for o in c.options if o != ""]
            choices = c.options if (self.blank_is_choice and not c.required and r.random() < 0.15) else filled
            return r.choice(choices or c.options) if (choices or c.options) else None
        if c.kind == "radio":
            return r.choice(c.options) if c.options else None
        if c.kind == "checkbox":
            return c.value if (c.required or r.random() < 0.5) else None
        if c.kind in ("number", "range"):
            return self._number(c)
        # text-like: keep what is there, take a suggestion, or type a short word within maxlength
        if c.value and r.random() < 0.6:
            return c.value
        if c.options and r.random() < 0.8:
            return r.choice(c.options)
        if not c.required and r.random() < 0.3:
            return ""
        longest = int(c.attrs.get("maxlength") or 12)
        shortest = int(c.attrs.get("minlength") or 1)
        n = max(shortest, min(longest, r.randint(3, 10)))
        return "".join(r.choice(string.ascii_letters) for _ in range(n)).capitalize()

    def _number(self, c: Control) -> str | None:
        r = self.rng
        if not c.required and r.random() < 0.15:
            return ""
        lo = _num(c.attrs.get("min"), 0)
        hi = _num(c.attrs.get("max"), lo + 10)
        step = c.attrs.get("step", "1")
        step = 1 if step in ("", "any") else _num(step, 1)
        if c.value not in ("", None) and r.random() < 0.4:
            return c.value
        if hi < lo:
            return str(lo)
        n = lo + step * r.randint(0, int((hi - lo) // step))
        # small values are what a table mostly types: bias towards the low end
        if r.random() < 0.6:
            n = lo + step * r.randint(0, int(min(hi - lo, 6 * step) // step))
        return str(int(n)) if float(n).is_integer() else str(n)

    def choose(self, offers: list[Offer] | None = None) -> Offer | None:
        offers = self.offers() if offers is None else offers
        if not offers:
            return None
        # what was just refused on this same state is tried again rarely: a person reads the message
        weights = [max(0.0, self.weight(o)) * (0.1 if o.key in self.refused_here else 1.0) for o in offers]
        if not any(weights):
            return None
        return self.rng.choices(offers, weights)[0]

    # -- acting --------------------------------------------------------------
    def submit(self, offer: Offer, values: list[tuple[str, str]] | None = None, overrides: dict | None = None) -> Page:
        values = self.fill(offer, overrides) if values is None else values
        headers = {}
        if offer.htmx:
            headers["HX-Request"] = "true"
            headers["HX-Current-URL"] = self.page.url if self.page else offer.url
            if self.page and self.page.csrf:
                headers["X-CSRFToken"] = self.page.csrf
        self.requests += 1
        self.actions[offer.path] += 1
        here = self.page.url if self.page else offer.url
        if offer.method == "get":
            if offer.form is not None:  # a GET form (two taps on a board choosing what the page shows next)
                offer = replace(offer, url=urljoin(offer.url, "?" + urlencode(values)))
            return self._follow(offer, here)
        try:
            resp = self.client.post(offer.url, data=MultiDict(values), headers=headers)
        except Exception as exc:  # a TESTING app raises what a server would answer with a 500
            self._fail("5xx", f"{type(exc).__name__}: {exc}", offer, values)
            self.page = self.open_quietly(here)
            return self.page
        self.last = (offer, values, resp.status_code)
        if resp.status_code >= 400:
            self.refused_here.add(offer.key)
        elif resp.status_code < 300 or resp.status_code in (301, 302, 303):
            self.refused_here.clear()
        return self._settle(here, resp, offer, values)

    def step(self) -> Page | None:
        """Pick one offer, fill and submit it; None when the page offers nothing."""
        offer = self.choose()
        return None if offer is None else self.submit(offer)

    def play(self, steps: int, stop: Callable[["Player"], bool] = lambda p: False) -> int:
        """Up to `steps` submissions, stopping early when `stop(player)` or nothing is offered; the count made."""
        made = 0
        while made < steps and not stop(self):
            if self.step() is None:
                break
            made += 1
        return made

    def _follow(self, offer: Offer, here: str) -> Page:
        """A link: the page it shows becomes the view; an hx-get link leaves the address where it was."""
        page = self.open_quietly(offer.url)
        self._check_page(page, offer, [])
        if offer.htmx:
            page.url = here
        self.page = page
        for hook in self.invariants:
            try:
                hook(self, self.page)
            except AssertionError as exc:
                self._fail("invariant", str(exc), offer, [])
        return self.page

    def _settle(self, url: str, resp, offer: Offer | None, values) -> Page:
        """Follow redirects as the browser (or htmx) would, check the answer, and make it the current page."""
        hops = 0
        while True:
            self._check_status(url, resp, offer, values)
            target = resp.headers.get("HX-Redirect") or resp.headers.get("HX-Location")
            if resp.status_code in (301, 302, 303, 307, 308):
                target = resp.headers["Location"]
            if not target or hops > 5:
                break
            url = urljoin(url, target if not target.startswith("{") else json.loads(target)["path"])
            resp = self.client.get(url)
            self.requests += 1
            hops += 1
        pushed = resp.headers.get("HX-Push-Url")
        if pushed and pushed != "false":
            url = urljoin(url, pushed)
        html = resp.get_data(as_text=True)
        answered = parse_page(url, resp.status_code, html)
        self.answer = answered
        self._check_page(answered, offer, values)
        if resp.status_code == 422 and offer is not None:
            self._classify_refusal(answered, offer, values)
        if "<html" in html[:500].lower():
            self.page = answered
        else:  # htmx swapped a block (or sent nothing): what a person now sees is the whole page at that address
            self.page = self.open_quietly(url)
        for hook in self.invariants:
            try:
                hook(self, self.page)
            except AssertionError as exc:
                self._fail("invariant", str(exc), offer, values)
        return self.page

    def open_quietly(self, url):
        try:
            resp = self.client.get(url)
        except Exception as exc:
            self._fail("5xx", f"{type(exc).__name__} at {url}: {exc}", None, [])
            raise
        self.requests += 1
        self._check_status(url, resp, None, [])
        return parse_page(url, resp.status_code, resp.get_data(as_text=True))

    # -- checking ------------------------------------------------------------
    def _fail(self, kind, detail, offer, values):
        self.failures.append(Failure(kind, detail, offer.describe() if offer else "",
                                     [(n, v) for n, v in values if n not in ("csrf_token", "request_id")],
                                     self.page.url if self.page else ""))

    def _check_status(self, url, resp, offer, values):
        if resp.status_code >= 500:
            self._fail("5xx", f"{resp.status_code} at {url}: {resp.get_data(as_text=True)[-600:]}", offer, values)

    def _check_page(self, page: Page, offer, values):
        m = LITERAL_TAG.search(page.text)
        if m:
            at = page.text[max(0, m.start() - 60):m.end() + 40]
            self._fail("literal-html", f"markup shown as text: …{at}…", offer, values)
        m = MISSING_NAME.search(page.text)
        if m:
            at = page.text[max(0, m.start() - 60):m.end() + 20]
            self._fail("missing-name", f"a sentence with a name left out: …{at}…", offer, values)

    def _classify_refusal(self, page: Page, offer: Offer, values):
        errors = re.findall(r"<li><strong>(.*?)</strong>: (.*?)</li>", page.html, re.S)
        errors += [("", m) for m in re.findall(r'<p class="errors inline" role="alert">(.*?)</p>', page.html, re.S)]
        invalid = set(re.findall(r'name="([^"]+)"[^>]*aria-invalid="true"', page.html))
        invalid |= set(re.findall(r'aria-invalid="true"[^>]*name="([^"]+)"', page.html))
        filled = {n for n, _ in values}
        if not errors:
            self._fail("malformed", "422 without a message naming the field", offer, values)
            return
        for label, message in errors:
            message = _html.unescape(" ".join(message.split()))
            if any(s in message for s in SCHEMA_MESSAGES) and (invalid & filled or not invalid or label):
                self._fail("malformed", f"{_html.unescape(label)}: {message}", offer, values)
            else:
                self.refusals[message] += 1
                if not RULE_SOURCE.search(message):
                    self.unsourced[message] += 1
                    if self.strict_sources:
                        self._fail("unsourced", f"{_html.unescape(label)}: {message}", offer, values)


def _num(raw, default: float) -> float:
    try:
        n = float(raw)
    except (TypeError, ValueError):
        return default
    return int(n) if n.is_integer() else n
