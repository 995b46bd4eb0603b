"""Where the exercises' data is, and what the rule statements they practise are.

- :func:`data_dir`: the kit's ``data`` folder (records, exercise files, ``rule-statements.csv``).
- :func:`rule_statements`: ``{statement id: game}`` from ``data/rule-statements.csv``.
- :func:`rules_items`: the rules.md items of statement ids, read from ``rule-items.csv`` beside
  this module (one row per topic of the statements, ``501-play``, or per statement that sits in
  another item than its topic's, ``500-score-1``; the item as the engine cites it,
  ``rules.md 501 §8``). The file travels with the package, so an installed kit cites rules too.
"""

from __future__ import annotations

import csv
import os
import sys
from functools import cache
from pathlib import Path
from typing import Iterable

#: The rules.md item of each topic (or statement) id: ``topic,item`` rows.
RULE_ITEMS = Path(__file__).with_name("rule-items.csv")


def data_dir() -> Path:
    """The kit's ``data`` folder: ``$CARDKIT_DATA``, else the first ``data/exercises`` above the
    working folder, else the one beside the package, else ``<prefix>/share/cardkit/data``."""
    env = os.environ.get("CARDKIT_DATA")
    if env:
        return Path(env)
    cwd = Path.cwd()
    for p in [cwd, *cwd.parents]:
        if (p / "data" / "exercises").is_dir():
            return p / "data"
    beside = Path(__file__).resolve().parents[2] / "data"
    if (beside / "exercises").is_dir():
        return beside
    return Path(sys.prefix) / "share" / "cardkit" / "data"


_STATEMENTS: dict[str, str] | None = None


def rule_statements() -> dict[str, str]:
    """``{statement id: game}`` from ``data/rule-statements.csv`` (empty when it cannot be found)."""
    global _STATEMENTS
    if _STATEMENTS is None:
        path = data_dir() / "rule-statements.csv"
        out: dict[str, str] = {}
        if path.is_file():
            with path.open(encoding="utf-8") as f:
                for row in csv.DictReader(f):
                    out[row["id"]] = row["game"]
        _STATEMENTS = out
    return _STATEMENTS


@cache
def rule_items_table() -> dict[str, str]:
    """``{topic or statement id: rules.md item}`` from :data:`RULE_ITEMS` (the topic ``501-play``
    gives ``rules.md 501 §8``, the statement ``500-score-1`` ``rules.md 500 §11``)."""
    with RULE_ITEMS.open(encoding="utf-8") as f:
        return {row["statements"]: row["item"] for row in csv.DictReader(f)}


def rules_items(statements: Iterable[str]) -> list[str]:
    """The rules.md items of rule statement ids, in order, once each (a statement's own row
    first, else its topic's: the id without its number).

    >>> rules_items(["501-play-2", "501-play-3", "500-score-1"])
    ['rules.md 501 §8', 'rules.md 500 §11']
    """
    table = rule_items_table()
    out: list[str] = []
    for sid in statements:
        item = table.get(sid) or table.get(sid.rsplit("-", 1)[0])
        if item and item not in out:
            out.append(item)
    return out


__all__ = ["RULE_ITEMS", "data_dir", "rule_items_table", "rule_statements", "rules_items"]
