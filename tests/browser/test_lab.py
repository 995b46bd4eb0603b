"""``make lab``'s JupyterLab, in a real browser: the worked-example notebook run from a clean slate.

JupyterLab is started as ``make lab`` starts it (``--notebook-dir`` on the course), on a free port
of 127.0.0.1 with no token, over a *copy* of the course in a temporary folder so that nothing the
browser does (saving, autosave) can touch the repository's notebooks. Headless Chromium opens
``501/06_worked_blind_contract.ipynb``, clears every output, runs all cells through JupyterLab's
own command, waits for the "check yourself" cell's fresh exercises, then uses the live table
widget: "⏮ Start", then "End ⏭" plays the record to its end, and the page shows 701, 469, 481
(rules.md 501 §9). The kernel starts in the notebook's folder, as for a student, so this also
proves that the kit is installed (not merely importable from the repository's top).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from .conftest import BIN, REPO, screenshot, wait_until
from .test_worked_example import ANSWERS, CHANGE, FINAL, score_rows

pytestmark = pytest.mark.browser

NOTEBOOK = "501/06_worked_blind_contract.ipynb"


def course_copy(tmp_path: Path) -> Path:
    """A copy of ``notebooks/`` and ``data/`` under ``tmp_path``; returns the notebooks' copy."""
    root = tmp_path / "course"
    shutil.copytree(REPO / "notebooks", root / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    shutil.copytree(REPO / "data", root / "data")
    return root / "notebooks"


def lab_argv(notebooks: Path, settings: Path, port: int) -> list[str]:
    """``make lab``'s command (``jupyter lab --notebook-dir=...``), bound to 127.0.0.1:``port``
    with no token, no browser, JupyterLab's app object exposed to the page, autosave off."""
    argv = [str(BIN / "jupyter"), "lab", f"--notebook-dir={notebooks}", "--no-browser",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
            "--IdentityProvider.token=", "--ServerApp.password=",
            "--LabApp.expose_app_in_browser=True", f"--LabApp.user_settings_dir={settings}",
            f"--LabApp.workspaces_dir={settings / 'workspaces'}"]
    if os.geteuid() == 0:
        argv.append("--allow-root")
    return argv


def test_make_lab_runs_the_worked_example_and_its_widget(serve, page, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    original = (REPO / "notebooks" / NOTEBOOK).read_bytes()
    notebooks = course_copy(tmp_path)
    settings = tmp_path / "lab-settings"
    plugin = settings / "@jupyterlab" / "docmanager-extension" / "plugin.jupyterlab-settings"
    plugin.parent.mkdir(parents=True)
    plugin.write_text(json.dumps({"autosave": False}))
    env = {"JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"), "JUPYTER_CONFIG_DIR": str(tmp_path / "config")}
    server = serve(lambda port: lab_argv(notebooks, settings, port), cwd=notebooks, env=env)

    page.goto(f"{server.url}lab/tree/{NOTEBOOK}")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.sessionContext", timeout=90_000)
    page.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget;"
                           " return w.context.isReady && w.sessionContext.session && w.sessionContext.session.kernel; }",
                           timeout=90_000)
    app = "window.jupyterapp.commands"
    page.evaluate(f"{app}.execute('notebook:clear-all-cell-outputs')")
    outputs = page.locator(".jp-NotebookPanel .jp-OutputArea-output")
    expect(outputs).to_have_count(0)
    page.evaluate(f"{app}.execute('notebook:run-all-cells')")

    # The last cell shows the lesson's exercises, built now by the kernel (their progress line).
    expect(page.locator(".jp-NotebookPanel .jp-OutputArea-output", has_text=ANSWERS)).to_have_count(1, timeout=90_000)
    errors = page.locator(".jp-NotebookPanel .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.all_inner_texts()

    table = page.locator(".jp-NotebookPanel .cardkit-table").first
    table.scroll_into_view_if_needed()
    expect(table).to_be_visible()
    status = table.locator(".cardkit-status")
    # The notebook's cells step a table of their own: the one on the page is still at the start.
    expect(status).to_contain_text("step 0 of 30", timeout=60_000)
    table.locator(".cardkit-next").click()
    expect(status).to_contain_text("step 1 of 30")
    table.locator(".cardkit-start").click()
    expect(status).to_contain_text("step 0 of 30")
    assert wait_until(page, lambda: "score" not in score_rows(table)), score_rows(table)
    table.locator(".cardkit-end").click()
    expect(status).to_contain_text("step 30 of 30")
    assert wait_until(page, lambda: "score" in score_rows(table)), score_rows(table)
    rows = score_rows(table)
    assert rows["score"] == [str(s) for s in FINAL] and rows["change"] == CHANGE
    screenshot(page, "lab_worked_blind_contract")

    assert page.recorded.foreign_hosts() == []
    # The copy was served: the repository's notebook is as it was.
    assert (REPO / "notebooks" / NOTEBOOK).read_bytes() == original
