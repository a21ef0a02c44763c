"""Issue 36 item 7 without a browser: no inline style for the page's Content-Security-Policy to refuse, the
condition toggles' order classes for every condition, and answers compressed when the browser asks (and only
then, and never a server-sent event stream). The browser side: tests/browser/test_accessible_pages.py."""
from __future__ import annotations

import gzip
import re
from pathlib import Path

from flask import Response

from companion import ROOT
from companion.phantom.conditions import CONDITIONS
from companion.web.security import CSP
from helpers.mission_table import start_first_steps, to_first_turn

TEMPLATES = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("companion/kits/*/templates/**/*.html")]
INLINE_STYLE = re.compile(r"""\sstyle\s*=|<style[\s>]""", re.I)
# in a script: a style attribute set, or written into markup (element.style.x = … is the CSSOM: allowed)
SCRIPT_STYLE = re.compile(r"""setAttribute\(\s*["']style["']|["'][^"']*\sstyle\s*=|<style[\s>]""", re.I)


def test_no_template_or_script_writes_an_inline_style():
    """style-src 'self' refuses a style attribute and a <style> element (one console error each, every swap)."""
    assert "style-src 'self'" in CSP and "unsafe-inline" not in CSP
    found = [f"{p.relative_to(ROOT)}:{n}" for pattern, files in ((INLINE_STYLE, TEMPLATES),
                                                               (SCRIPT_STYLE, ROOT.glob("static/js/*.js")))
             for p in files for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert not found, found


def test_every_condition_has_its_order_class():
    """The toggles are drawn in the rulebook's order by an order-N class each (templates/mission_table/
    _controls.html): a condition added to conditions.json needs its class in app.css."""
    css = (ROOT / "static" / "css" / "app.css").read_text(encoding="utf-8")
    missing = [n for n in range(len(CONDITIONS)) if f".conditions .order-{n} {{ order: {n}; }}" not in css]
    assert not missing, missing


def test_a_page_asked_for_gzip_comes_compressed_and_smaller(app, table):
    url = start_first_steps(table)
    to_first_turn(table)
    plain = table.client.get(url)
    packed = table.client.get(url, headers={"Accept-Encoding": "gzip"})
    assert plain.status_code == packed.status_code == 200
    assert "Content-Encoding" not in plain.headers  # not asked: not compressed
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    body, page = packed.get_data(), plain.get_data()
    # the same page (each drawing has its own form request ids and CSRF token: those are set aside)
    assert fresh_ids(gzip.decompress(body)) == fresh_ids(page)
    assert len(body) < len(page) / 4, (len(body), len(page))


def fresh_ids(page: bytes) -> bytes:
    return re.sub(rb'name="request_id" value="[0-9a-f]{32}"|name="csrf-token" content="[^"]+"', b"", page)


def test_an_htmx_fragment_and_a_static_file_are_compressed_too(app, table):
    table.get("/")
    fragment = table.client.get("/rules/phantom-epoch?q=range", headers={"Accept-Encoding": "gzip",
                                                                         "HX-Request": "true"})
    assert fragment.headers["Content-Encoding"] == "gzip"
    css = table.client.get("/static/css/app.css", headers={"Accept-Encoding": "gzip, deflate"})
    assert css.headers.get("Content-Encoding") in ("gzip", "deflate", "br")


def test_an_event_stream_is_never_compressed(app):
    """A stream's events must reach the tablet as each is written; a compressor would hold them back."""
    app.add_url_rule("/test-stream", "test_stream",
                     lambda: Response((f"data: {n}\n\n" * 100 for n in range(3)), mimetype="text/event-stream"))
    resp = app.test_client().get("/test-stream", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert "Content-Encoding" not in resp.headers
    assert resp.get_data(as_text=True).startswith("data: 0")


def test_a_citations_name_begins_with_the_text_it_shows(table):
    """Voice control taps "p.37" by what it reads (WCAG 2.5.3); the rest of the name says what the tap opens."""
    page = table.get("/rules/phantom-epoch").get_data(as_text=True)
    cites = re.findall(r'<button type="button" class="cite"[^>]*aria-label="([^"]+)">([^<]+)</button>', page)
    assert ("p.37: what the rule on page 37 says", "p.37") in cites
    assert all(name.startswith(shown + ": ") for name, shown in cites), cites
