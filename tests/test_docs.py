"""The README's promises, checked: two commands, CI runs the test one, htmx vendored as documented."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from companion import ROOT

README = (Path(ROOT) / "README.md").read_text()


def section(title_start: str) -> str:
    m = re.search(rf"^## {re.escape(title_start)}.*?$(.*?)(?=^## )", README, re.S | re.M)
    assert m, f"README has no section starting {title_start!r}"
    return m.group(1)


def test_readme_gives_exactly_two_commands_for_a_fresh_machine():
    blocks = re.findall(r"```bash\n(.*?)```", section("On a fresh machine"), re.S)
    assert [b.strip() for b in blocks] == ["bash scripts/run", "bash scripts/test"]
    for script in ("scripts/run", "scripts/test"):
        assert (Path(ROOT) / script).is_file()


def test_ci_runs_the_readme_test_command():
    ci = (Path(ROOT) / ".ci" / "run").read_text()
    assert "bash scripts/test" in ci


def test_the_test_command_installs_chromium_when_missing():
    script = (Path(ROOT) / "scripts" / "test").read_text()
    assert "apt-get install" in script and "chromium" in script


def test_htmx_is_vendored_at_the_documented_version():
    vendor = Path(ROOT) / "static" / "vendor"
    names = [p.name for p in vendor.glob("htmx-*.min.js")]
    assert names == ["htmx-2.0.11.min.js"]
    assert "2.0.11" in (vendor / "README.md").read_text()
    assert "htmx-2.0.11.min.js" in (Path(ROOT) / "templates" / "base.html").read_text()


def test_every_vendored_file_is_listed_and_loaded_by_the_pages():
    """Every vendored script (the SSE extension the pages follow other tablets with among them) is listed and
    loaded from here, never fetched from a CDN."""
    vendor = Path(ROOT) / "static" / "vendor"
    listed = (vendor / "README.md").read_text()
    base = (Path(ROOT) / "templates" / "base.html").read_text()
    files = sorted(p.name for p in vendor.glob("*.js"))  # the scripts (a licence file beside one is not loaded)
    assert "htmx-ext-sse-2.2.4.js" in files
    assert [f for f in files if f"| {f} |" not in listed or f"vendor/{f}" not in base] == []
    assert "https://" not in base


def test_rules_readings_name_tests_that_exist():
    rules_doc = (Path(ROOT) / "docs" / "rules.md").read_text()
    named = set(re.findall(r"\b(test_\w+)", rules_doc))
    sources = "".join(p.read_text() for p in (Path(ROOT) / "tests").rglob("test_*.py"))
    missing = sorted(n for n in named if f"def {n}(" not in sources)
    assert named and missing == []


def test_readme_lists_every_command_line_command():
    from companion.cli import parser

    commands = parser()._subparsers._group_actions[0].choices
    table = section("Other commands")
    missing = [name for name in commands if name != "serve" and f"`companion {name}" not in table]
    assert missing == []


ARCHITECTURE = (Path(ROOT) / "docs" / "ARCHITECTURE.md").read_text()


def test_the_architecture_page_names_only_paths_that_exist():
    """A newcomer reads docs/ARCHITECTURE.md first: every module, folder and file it names is really there."""
    named = set(re.findall(r"`((?:companion|templates|tests|data|docs|static|scripts)/[^`\s]*)`", ARCHITECTURE))
    assert len(named) > 40  # it names the modules of every layer, not a few
    missing = sorted(p for p in named if "<" not in p and not (Path(ROOT) / p).exists())
    assert not missing, f"docs/ARCHITECTURE.md names paths that do not exist: {missing}"


def test_the_architecture_page_covers_what_a_newcomer_needs():
    for heading in ("The layers and which way imports go", "Where each game's rules live", "Adding a game",
                    "The path of a tap", "Undo and request ids"):
        assert f"## {heading}" in ARCHITECTURE or f"### {heading}" in ARCHITECTURE, heading


def test_readme_opens_with_what_it_is_a_screenshot_and_the_two_commands():
    """A newcomer reads one paragraph, sees the app, then the two commands, before any list of features."""
    headings = re.findall(r"^## (.*)$", README, re.M)
    assert headings[0].startswith("On a fresh machine")
    intro = README[: README.index("## On a fresh machine")]
    screenshot = re.search(r"!\[[^\]]*\]\(([^)]+\.png)\)", intro)
    assert screenshot and (Path(ROOT) / screenshot.group(1)).is_file()
    assert "Phantom Epoch" in intro and "mission" in intro
    assert headings[1].startswith("What each game offers")
    offers = section("What each game offers")
    for game in ("Phantom Epoch", "Lost Empires", "Aldarra Reborn", "Suriya 162", "Shattered Empires"):
        assert f"**{game}**" in offers, game


def top_level_edges() -> set[tuple[str, str]]:
    """Which top-level parts of companion/ import which (any import, in a function or not): a subpackage
    (web, store, kits, ...) or a top module (cli, db, errors, ...) counts as one part; `companion` is the factory."""
    package = Path(ROOT) / "companion"
    modules = {".".join(("companion",) + p.relative_to(package).with_suffix("").parts).removesuffix(".__init__"): p
               for p in package.rglob("*.py")}

    def part(module: str) -> str:
        return module.split(".")[1] if "." in module else "companion"

    edges = set()
    for name, path in modules.items():
        home = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                source = node.module or ""
                if node.level:
                    base = home.split(".")[: len(home.split(".")) - (node.level - 1)]
                    source = ".".join(base + ([node.module] if node.module else []))
                targets = [source] + [f"{source}.{a.name}" for a in node.names]
            else:
                continue
            edges |= {(part(name), part(t)) for t in targets
                      if t in modules and part(t) not in (part(name), "companion")}
    return edges


def drawn_edges() -> set[tuple[str, str]]:
    """The diagram of the layers section: lines `a ──► b, c` in its first code block."""
    block = re.search(r"## The layers and which way imports go.*?```\n(.*?)```", ARCHITECTURE, re.S).group(1)
    edges = set()
    for line in block.splitlines():
        if "──►" in line:
            source, targets = line.split("──►", 1)
            edges |= {(source.strip(), t.strip()) for t in targets.split("#")[0].split(",") if t.strip()}
    return edges


def test_the_architecture_diagram_is_the_real_imports_between_top_level_parts():
    drawn, real = drawn_edges(), top_level_edges()
    assert drawn == real, (f"drawn but not imported: {sorted(drawn - real)}; "
                           f"imported but not drawn: {sorted(real - drawn)}")


def test_the_architecture_page_names_every_module():
    package = Path(ROOT) / "companion"
    modules = sorted(str(p.relative_to(ROOT)) for p in package.rglob("*.py") if p.name != "__init__.py")
    missing = [m for m in modules if f"`{m}`" not in ARCHITECTURE]
    assert not missing, f"docs/ARCHITECTURE.md does not name: {missing}"
