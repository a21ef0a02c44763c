"""(e) A seeded fuzzer over every form route of the URL map and (f) over every import path: 0 answers 5xx and
the database unchanged on every refusal. Longer runs (3,000 requests): scripts/faults."""
from __future__ import annotations

from . import fuzz


def test_every_post_route_survives_malformed_forms(tmp_path):
    figures = fuzz.fuzz_forms(tmp_path, requests=500, seed=16)
    assert figures["routes_covered"] == figures["post_routes"] >= 60
    assert figures["server_errors"] == 0, figures["examples"]
    assert figures["changed_on_refusal"] == 0, figures["examples"]
    assert int(figures["answers"].get("422", 0)) > 100  # the fuzzer reached the forms' checks, not only 404s


def test_every_import_path_survives_malformed_files(tmp_path):
    figures = fuzz.fuzz_imports(tmp_path, files=160, seed=16)
    assert figures["server_errors"] == 0, figures["examples"]
    assert figures["changed_on_refusal"] == 0, figures["examples"]
    assert figures["refused"] > 100
