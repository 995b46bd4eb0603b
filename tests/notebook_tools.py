"""Reading saved notebooks for the tests that check the courses' shape (no execution here)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


def load(path: Path) -> dict:
    """The notebook at ``path`` as plain JSON."""
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell: dict) -> str:
    """A cell's source as one string."""
    s = cell["source"]
    return s if isinstance(s, str) else "".join(s)


def engine_names() -> set[str]:
    """Names of the engine's public functions, classes and methods (widgets excluded)."""
    names: set[str] = set()
    for py in (ROOT / "cardkit").rglob("*.py"):
        if "widgets" in py.parts:
            continue
        for node in ast.walk(ast.parse(py.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith("_"):
                names.add(node.name)
    return names
