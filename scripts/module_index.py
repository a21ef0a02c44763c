"""Rewrite the "Every module" section of docs/ARCHITECTURE.md: each module of companion/ under its package, one
line each, from the first sentence of its docstring. Run it after adding, moving or renaming a module:
    python scripts/module_index.py
"""
import ast
from pathlib import Path

root = Path(__file__).resolve().parent.parent
pkg = root / "companion"
def first_line(p):
    doc = ast.get_docstring(ast.parse(p.read_text())) or ""
    line = " ".join(doc.strip().split("\n\n")[0].split())
    cut = line.find(". ")
    line = line if cut == -1 else line[:cut + 1]
    return line.rstrip(":")
groups = {}
for p in sorted(pkg.rglob("*.py")):
    if p.name == "__init__.py" and p.parent != pkg:
        continue
    groups.setdefault(p.parent, []).append(p)
out = ["## Every module", "", "One line each, under its package: the first sentence of the module's docstring, "
       "written here by `scripts/module_index.py` (`tests/test_docs.py` checks that every module is named).", ""]
for folder in sorted(groups, key=lambda f: (f != pkg, str(f))):
    rel = folder.relative_to(root)
    init = folder / "__init__.py"
    head = f"**`{rel}/`**" + (f" — {first_line(init)}" if init.exists() and folder != pkg and first_line(init) else "")
    out.append(head)
    out.append("")
    for p in groups[folder]:
        out.append(f"- `{p.relative_to(root)}` — {first_line(p) or '(no docstring)'}")
    out.append("")
doc = root / "docs" / "ARCHITECTURE.md"
text = doc.read_text(encoding="utf-8")
head = text.split("## Every module", 1)[0].rstrip("\n")
doc.write_text(head + "\n\n" + "\n".join(out).rstrip("\n") + "\n", encoding="utf-8")
