"""kg's packages form layers: data flows one way, and no module imports from a layer above it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

KG = Path(__file__).resolve().parents[1] / "kg"

#: Each package's layer; a module may import from its own package and from lower layers only.
LAYERS = {
    "records": 0,
    "text": 0,
    "title_text": 0.5,  # reads titles with text.py's keys
    "io": 1,
    "nlp": 1,
    "graph": 1,
    "vocab": 2,
    "rdf": 2,
    "export": 3,
    "engine": 4,
    "sparql": 5,
    "api": 6,
    "cli": 7,
    "__main__": 8,
}
#: ``kg/__init__.py`` is the library's front door: it re-exports the API (lazily).
FRONT_DOOR = Path("__init__.py")
MAX_LINES = 400


def _package(module: str) -> str:
    """``kg.nlp.mentions`` -> ``nlp``; ``kg`` itself (its version) is the bottom layer."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "records"


def _submodule(name: str) -> str:
    """What ``from kg import name`` imports: a package or module of kg, else a name of kg itself."""
    return f"kg.{name}" if (KG / name).is_dir() or (KG / f"{name}.py").exists() else "kg"


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every kg module ``path`` imports, at any depth (imports inside functions count too)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "kg" and node.level == 0:
            names = [node.module if node.module != "kg" else _submodule(a.name) for a in node.names]
            found += [(node.lineno, n) for n in names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.split(".")[0] == "kg"]
    return found


MODULES = sorted(p for p in KG.rglob("*.py") if "models" not in p.parts)


@pytest.mark.parametrize(
    "path", [p for p in MODULES if p.relative_to(KG) != FRONT_DOOR], ids=lambda p: str(p.relative_to(KG))
)
def test_layers_no_import_reaches_up(path: Path) -> None:
    own = _package("kg." + ".".join(path.relative_to(KG).with_suffix("").parts))
    upward = [
        f"{path.relative_to(KG)}:{line} imports {name}"
        for line, name in _imports(path)
        if _package(name) != own and LAYERS[_package(name)] >= LAYERS[own]
    ]
    assert not upward


def test_layers_cover_every_package() -> None:
    packages = {p.name for p in KG.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    modules = {p.stem for p in KG.glob("*.py") if p.stem != "__init__"}
    assert packages | modules == set(LAYERS)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(KG)))
def test_layers_modules_stay_small(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) <= MAX_LINES


def test_layers_catch_an_upward_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from kg.vocab import load_vocabulary\n")
    assert [name for _, name in _imports(bad)] == ["kg.vocab"]
    assert LAYERS[_package("kg.vocab")] > LAYERS["graph"]
