"""``binder/`` installs what the notebooks import (no browser needed; runs in every ``make test``).

Binder (repo2docker) reads ``binder/`` and ignores the top of the repository: it uses the Python of
``binder/runtime.txt`` and runs ``pip install -r binder/requirements.txt`` from the repository's
top, after copying the whole repository (because a line starts with ``.``, a local reference).
These tests read every notebook's imports, follow them into the kit's own modules (an import
inside a function counts; one guarded by ``except ImportError`` does not), name the distribution
each third-party module comes from, and check that it is among the requirements that
``binder/requirements.txt`` pulls in, directly or through other packages' requirements.
"""

from __future__ import annotations

import ast
import importlib.metadata as md
import importlib.util
import json
import re
import sys
import tomllib
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

from .conftest import REPO

BINDER = REPO / "binder"
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())


def notebook_sources() -> dict[str, str]:
    """``{notebook path: code of its code cells}``, IPython magics and shell lines dropped."""
    out = {}
    for path in sorted((REPO / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        cells = json.loads(path.read_text())["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        out[str(path.relative_to(REPO))] = "\n".join(
            ln for ln in code.splitlines() if not ln.lstrip().startswith(("%", "!")))
    return out


def _guarded(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether ``node`` sits in a ``try`` whose handlers catch ImportError (an optional import)."""
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.Try):
            for h in node.handlers:
                names = [n.id for n in ast.walk(h.type) if isinstance(n, ast.Name)] if h.type is not None else ["ImportError"]
                if {"ImportError", "ModuleNotFoundError"} & set(names):
                    return True
    return False


def imports(source: str, module: str = "") -> set[str]:
    """Dotted names of the modules that ``source`` imports, unguarded (relative ones resolved
    against ``module``, the importing module's dotted name)."""
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)) and _guarded(node, parents):
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")[: len(module.split(".")) - node.level]
                name = ".".join(base + ([node.module] if node.module else []))
                found.add(name)
                found.update(f"{name}.{a.name}" for a in node.names)
            else:
                found.add(node.module)
                found.update(f"{node.module}.{a.name}" for a in node.names)
    return found


def kit_module_file(name: str) -> Path | None:
    """The source file of the kit's module ``name`` (``cardkit...``), or None when it is not one."""
    parts = name.split(".")
    base = REPO.joinpath(*parts)
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


#: altair's offline SVG renderer (or chart.save to a file), which imports vl_convert when it draws.
SVG_RENDERER = re.compile(r"renderers\.enable\(\s*['\"]svg|\.save\(")


def third_party_modules() -> dict[str, set[str]]:
    """``{top-level third-party module: {who imports it}}`` for the notebooks and the kit's modules
    that they reach."""
    needed: dict[str, set[str]] = {}
    todo = [(src, nb, "") for nb, src in notebook_sources().items()]
    seen: set[str] = set()
    while todo:
        src, who, module = todo.pop()
        for name in imports(src, module):
            top = name.split(".")[0]
            if top == "cardkit":
                path = kit_module_file(name)
                if path is not None and name not in seen:
                    seen.add(name)
                    pkg = name if path.name == "__init__.py" else name.rpartition(".")[0]
                    todo.append((path.read_text(), str(path.relative_to(REPO)), pkg + ".x"))
            elif top not in sys.stdlib_module_names and top != "__future__":
                needed.setdefault(top, set()).add(who)
        if SVG_RENDERER.search(src):  # altair draws SVG offline through vl-convert, imported lazily
            needed.setdefault("vl_convert", set()).add(who)
    return needed


def binder_requirements() -> list[str]:
    lines = (BINDER / "requirements.txt").read_text().splitlines()
    return [ln.split("#", 1)[0].strip() for ln in lines if ln.split("#", 1)[0].strip()]


def requirement_closure(roots: list[str]) -> set[str]:
    """Canonical names of the distributions that installing ``roots`` brings in, followed through
    the installed packages' own requirements (with their extras and this Python's markers)."""
    env = default_environment()
    found: set[str] = set()
    todo = [Requirement(r) for r in roots]
    while todo:
        req = todo.pop()
        key = canonicalize_name(req.name)
        tag = (key, tuple(sorted(req.extras)))
        if tag in found:
            continue
        found.add(tag)
        if key == "cardkit":
            reqs = list(PYPROJECT["project"]["dependencies"])
            for extra in req.extras:
                reqs += PYPROJECT["project"]["optional-dependencies"][extra]
            todo += [Requirement(r) for r in reqs]
            continue
        try:
            dist = md.distribution(req.name)
        except md.PackageNotFoundError:
            continue  # not installed here: its name still counts, its own requirements unknown
        for spec in dist.requires or []:
            r = Requirement(spec)
            if r.marker is None or any(r.marker.evaluate({**env, "extra": e}) for e in ("", *req.extras)):
                todo.append(r)
    return {name for name, _extras in found}


def test_runtime_is_a_python_the_kit_supports() -> None:
    runtime = (BINDER / "runtime.txt").read_text().strip()
    m = re.fullmatch(r"python-(3\.\d+)", runtime)
    assert m, f"binder/runtime.txt should read like python-3.11, not {runtime!r}"
    assert SpecifierSet(PYPROJECT["project"]["requires-python"]).contains(m.group(1) + ".0")


def test_requirements_install_the_kit_itself_with_its_notebook_extra() -> None:
    reqs = binder_requirements()
    local = [r for r in reqs if r.lstrip("-e ").startswith(".")]
    # repo2docker copies the whole repository before installing only when a line starts with "."
    assert local, f"binder/requirements.txt must install the kit from the repository ('.[notebooks]'): {reqs}"
    extras = set(re.findall(r"\[([^\]]*)\]", " ".join(local))[0].split(",")) if "[" in local[0] else set()
    assert "notebooks" in extras, local
    # No browser and no test tools on Binder: it needs what the notebooks use, and Voila.
    assert not (set(PYPROJECT["project"]["optional-dependencies"]) - {"notebooks"}) & {e.strip() for e in extras}


def test_binder_installs_every_module_the_notebooks_import() -> None:
    needed = third_party_modules()
    # The notebooks use the widgets and the engine: these at least must be found by the scan.
    assert {"ipywidgets", "pandas"} <= set(needed), sorted(needed)
    installed = requirement_closure(["cardkit[notebooks]"])
    by_module = md.packages_distributions()
    missing = {}
    for module, who in sorted(needed.items()):
        dists = {canonicalize_name(d) for d in by_module.get(module, [])}
        assert dists or importlib.util.find_spec(module) is None, module
        if not dists & installed:
            missing[module] = (sorted(dists) or ["(not installed here either)"], sorted(who)[:3])
    assert missing == {}, f"imported by the notebooks but not installed by binder/requirements.txt: {missing}"


def test_the_package_carries_every_notebook_and_record() -> None:
    # pip installs the course under <prefix>/share/cardkit/, keeping the folders (pyproject.toml's
    # data-files), so that a JupyterHub image can hand it to every student.
    shipped: dict[Path, str] = {}
    for target, patterns in PYPROJECT["tool"]["setuptools"]["data-files"].items():
        for pattern in patterns:
            for path in REPO.glob(pattern):
                shipped[path.relative_to(REPO)] = target
    course = [p for p in (REPO / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts]
    course += list((REPO / "data" / "examples").glob("*.json"))
    assert len(course) > 5
    for path in course:
        rel = path.relative_to(REPO)
        assert rel in shipped, f"{rel} is not installed with the package: add its folder to data-files"
        assert shipped[rel] == f"share/cardkit/{rel.parent.as_posix()}", (rel, shipped[rel])


def test_the_engine_alone_installs_no_notebook_stack() -> None:
    # The check above can fail: without the notebooks extra, the widgets' modules are not there.
    bare = requirement_closure(["cardkit"])
    assert not {"pandas", "altair", "ipywidgets", "voila"} & bare, sorted(bare)


def test_binder_serves_the_course_with_voila_too() -> None:
    # A Binder link can open the course as classroom pages: …?urlpath=voila/tree/notebooks
    assert {"voila", "jupyterlab", "ipykernel"} <= requirement_closure(["cardkit[notebooks]"])
