"""The forms a rendered page offers, read from its HTML, and a submission of exactly what one of them holds:
its hidden fields as given, a radio or select among its own options, a number within its own min and max.
A test that posts through these fails when the page's form and the server's schema disagree (a hidden field
rendered as text, a field the form lacks)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class PageForm:
    action: str
    id: str | None
    tap: str | None = None  # the field a tap on the map fills (data-tap)
    hidden: dict = field(default_factory=dict)  # name -> value, as the page sends it
    options: dict = field(default_factory=dict)  # radio/checkbox/select name -> [values]
    numbers: dict = field(default_factory=dict)  # name -> (min, max, value)
    texts: dict = field(default_factory=dict)  # name -> value
    buttons: list = field(default_factory=list)  # the submit buttons' texts
    checked: dict = field(default_factory=dict)  # radio name -> the value checked on the page

    def fill(self, **chosen) -> dict:
        """The data this form sends with `chosen` values; each must be one the form itself offers."""
        data = dict(self.hidden)
        data.update(self.checked)
        for name, value in chosen.items():
            value = str(value)
            if name in self.options:
                assert value in self.options[name], f"{name}={value!r} is not offered: {self.options[name]}"
            elif name in self.numbers:
                lo, hi, _ = self.numbers[name]
                assert (lo is None or int(value) >= int(lo)) and (hi is None or int(value) <= int(hi)), \
                    f"{name}={value} is outside {lo}..{hi}"
            elif name in self.texts:
                pass
            else:
                raise AssertionError(f"the form {self.action} has no field {name!r} the user can fill "
                                     f"(hidden: {sorted(self.hidden)})")
            data[name] = value
        for name, (_, _, value) in self.numbers.items():
            data.setdefault(name, value or "")
        for name, value in self.texts.items():
            data.setdefault(name, value)
        return data


class _Forms(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[PageForm] = []
        self.current: PageForm | None = None
        self.select: str | None = None
        self.button: list | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.current = PageForm(a.get("action", ""), a.get("id"), a.get("data-tap"))
            self.forms.append(self.current)
            return
        f = self.current
        if f is None:
            return
        if tag == "input":
            kind, name = a.get("type", "text"), a.get("name")
            if kind == "submit":
                f.buttons.append(a.get("value", ""))
            elif not name:
                return
            elif kind == "hidden":
                f.hidden[name] = a.get("value", "")
            elif kind in ("radio", "checkbox"):
                f.options.setdefault(name, []).append(a.get("value", "on"))
                if "checked" in a:
                    f.checked[name] = a.get("value", "on")
            elif kind == "number":
                f.numbers[name] = (a.get("min"), a.get("max"), a.get("value"))
            else:
                f.texts[name] = a.get("value", "")
        elif tag == "select":
            self.select = a.get("name")
            f.options.setdefault(self.select, [])
        elif tag == "option" and self.select:
            f.options[self.select].append(a.get("value", ""))
        elif tag == "button" and a.get("type", "submit") == "submit":
            self.button = []
            if a.get("name") and "disabled" not in a:  # a named button sends its value: one of the form's options
                f.options.setdefault(a["name"], []).append(a.get("value", ""))

    def handle_data(self, data):
        if self.button is not None:
            self.button.append(data)

    def handle_endtag(self, tag):
        if tag == "form":
            self.current = None
        elif tag == "select":
            self.select = None
        elif tag == "button" and self.button is not None:
            if self.current is not None:
                self.current.buttons.append(" ".join("".join(self.button).split()))
            self.button = None


def page_forms(html: str) -> list[PageForm]:
    parser = _Forms()
    parser.feed(html)
    return parser.forms


def find_form(html: str, action_end: str, button: str | None = None, **hidden) -> PageForm:
    """The one form whose action ends with `action_end` (and whose button reads `button`, and whose hidden
    fields hold `hidden`)."""
    found = [f for f in page_forms(html) if f.action.endswith(action_end)
             and (button is None or any(button in b for b in f.buttons))
             and all(f.hidden.get(k) == str(v) for k, v in hidden.items())]
    assert len(found) == 1, f"{len(found)} forms for {action_end} {button or ''} {hidden}: " \
                            f"{[(f.action, f.buttons, f.hidden) for f in page_forms(html)]}"
    return found[0]


def submitted(form_html: str) -> dict:
    """What a browser sends for the form as shown: its boxes, ticked checkboxes only, selected options."""
    values = {}
    for tag in re.findall(r"<input[^>]*>", form_html):
        name, value = re.search(r'name="([^"]+)"', tag), re.search(r'value="([^"]*)"', tag)
        if name and (' type="checkbox"' not in tag or re.search(r"\schecked", tag)):
            values[name.group(1)] = value.group(1) if value else ""
    for name, options in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', form_html, re.S):
        chosen = re.search(r'<option value="([^"]*)"\s+selected', options)
        values[name] = chosen.group(1) if chosen else ""
    return {k: v for k, v in values.items() if k != "csrf_token" and v != ""}


def move_reach(html: str) -> dict[str, int]:
    """The spaces the page's move form says the figure reaches, with the fewest MP (its data-reach: each cost
    followed by its spaces, as missiontable.js reads it); {} when the page offers no move."""
    found = re.search(r'<form[^>]*id="move-form"[^>]*data-reach="([^"]*)"', html)
    reach, cost = {}, 0
    for word in (found.group(1).split() if found else ()):
        if word.isdigit():
            cost = int(word)
        else:
            reach[word] = cost
    return reach


class _Sent(HTMLParser):
    """What a browser sends for each form as the page draws it: every hidden, text and number input's value,
    the checked boxes and radios (a name may repeat), each select's selected option (else its first)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[tuple[str, list]] = []
        self.select: list | None = None  # [name, first value, selected value]

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.forms.append((a.get("action", ""), []))
        elif not self.forms or not a.get("name") and tag != "option":
            return
        elif tag == "input" and a.get("type", "text") not in ("submit", "button"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.forms[-1][1].append((a["name"], a.get("value", "on" if a.get("type") == "checkbox" else "")))
        elif tag == "select":
            self.select = [a["name"], None, None]
        elif tag == "option" and self.select is not None:
            value = a.get("value", "")
            self.select[1] = value if self.select[1] is None else self.select[1]
            self.select[2] = value if "selected" in a else self.select[2]

    def handle_endtag(self, tag):
        if tag == "select" and self.select is not None and self.forms:
            name, first, chosen = self.select
            self.forms[-1][1].append((name, chosen if chosen is not None else first or ""))
            self.select = None


def as_sent(html: str, action_end: str, form_id: str | None = None, **changed) -> dict:
    """The one form whose action ends with `action_end` (and whose `_form` is `form_id`), as a browser sends it
    untouched, with `changed` (a value, or a list for a name sent more than once) put in: what "one tap on its
    button" submits."""
    parser = _Sent()
    parser.feed(html)
    found = [pairs for action, pairs in parser.forms if action.endswith(action_end)
             and (form_id is None or ("_form", form_id) in pairs)]
    assert len(found) == 1, f"{len(found)} forms end with {action_end!r}"
    data: dict = {}
    for name, value in found[0]:
        data.setdefault(name, []).append(value)
    data.update({k: v if isinstance(v, list) else [str(v)] for k, v in changed.items()})
    return data
