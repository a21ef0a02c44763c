"""A refusal has one look (issue 37): every page's refused or unsaved tap is rendered by templates/_refusal.html's
macro — the field in words, then the rule's message with its page — and no template writes an error list of
its own."""
from __future__ import annotations

from pathlib import Path

from companion import ROOT

TEMPLATES = [p for d in ("templates", "companion/kits") for p in sorted((Path(ROOT) / d).rglob("*.html"))]


def test_no_template_but_the_macro_writes_an_error_list():
    own = [str(p.relative_to(ROOT)) for p in TEMPLATES
           if 'class="errors' in p.read_text(encoding="utf-8") and p.name != "_refusal.html"]
    assert own == []


def test_a_refused_form_names_its_field_in_words_then_the_message(table, campaign):
    resp = table.post(f"{campaign}/fame", {"_form": "fame-Berkav", "planet": "Berkav", "delta": "x"})
    assert resp.status_code == 422
    body = resp.get_data(as_text=True)
    assert '<p class="errors inline" role="alert">' in body  # the counter's answer, beside the counter
    resp = table.post(f"{campaign}/missions/result", {"_form": "result", "mission": "", "outcome": "success"})
    assert resp.status_code == 422
    assert '<li><strong>Mission</strong>: Required.</li>' in resp.get_data(as_text=True)
    assert '<ul class="errors" role="alert"><li><strong>' in resp.get_data(as_text=True)
