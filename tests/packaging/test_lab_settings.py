"""``make lab`` opens JupyterLab without the "Would you like to get notified about official Jupyter
news?" pop-up: the package's Jupyter config folder (first on ``JUPYTER_CONFIG_PATH``, set by
``shell_exports`` in the Makefile's ``lab`` target and Binder's ``start``) holds
``labconfig/default_setting_overrides.json``, which sets JupyterLab's notification settings to
never fetch news and never check for updates (JupyterLab asks only while ``fetchNews`` is "none").
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from lcb_lab.ui.lab import voila_app as V

ROOT = Path(__file__).resolve().parents[2]
CLEAN = {k: v for k, v in os.environ.items()
         if k not in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH", "PYTHONPATH")}
PLUGIN = "@jupyterlab/apputils-extension:notification"

# what JupyterLab's settings handler merges over a plugin's schema defaults (jupyterlab_server)
READ_OVERRIDES = """
import json, sys
from jupyterlab_server.settings_utils import _get_overrides
print(json.dumps(_get_overrides(sys.argv[1])[0]))
"""


def _overrides(env: dict, app_settings: Path) -> dict:
    r = subprocess.run([sys.executable, "-c", READ_OVERRIDES, str(app_settings)], env=env, cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout)


def test_make_lab_turns_off_the_news_question(tmp_path):
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    lab = make[make.index("\nlab: "):]
    assert "shell_exports()" in lab.split("\n\n")[0]          # the lab target uses the package's config path
    env = {**CLEAN, **V.jupyter_env(CLEAN)}
    assert _overrides(env, tmp_path).get(PLUGIN) == {"fetchNews": "false", "checkForUpdates": False}
    assert PLUGIN not in _overrides(CLEAN, tmp_path)          # JupyterLab's own default: it asks
