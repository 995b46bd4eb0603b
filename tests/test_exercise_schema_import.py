"""Exercise files are checked against their schema without loading jsonschema's optional IRI
grammars (issue 13: most of the time a lesson page with exercises took to open)."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import sys
from cardkit.exercises.schema import validate
problems = validate({"format": "cardkit-exercises"})
assert ("(top)", "'version' is a required property") in problems, problems
assert "rfc3987_syntax" not in sys.modules  # not loaded, and not left blocked either
import importlib.util
assert importlib.util.find_spec("rfc3987_syntax") is None or __import__("rfc3987_syntax")
print("ok")
"""


def test_schema_check_still_reports_problems_without_the_iri_grammars() -> None:
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
