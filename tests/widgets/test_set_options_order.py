"""``lab.sync.set_options`` sends a selection widget's new labels before its new selection, in one
message, whatever the process's string hashes: ``hold_sync`` alone sent them in a Python set's
order, and a browser that applied the new ``index`` first logged "Error setting state: Cannot set
properties of undefined (setting 'selected')" now and then (a browser walk failed on it once)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

SCRIPT = r"""
import json, ipywidgets as W
from lcb_lab.ui.lab.sync import set_options
sent = []
for w, opts, value in ((W.SelectMultiple(options=["a"]), ["a", "b", "c", "d"], ("c", "d")),
                       (W.Dropdown(options=["a"]), ["x", "y", "z"], "z")):
    w._send = lambda msg, buffers=None: sent.append(list(msg["state"]))
    set_options(w, opts, value)
    set_options(w, opts, value)              # nothing changed: no message
print(json.dumps(sent))
"""


def test_the_labels_go_before_the_selection_in_one_message_under_any_hash_seed():
    for seed in range(6):
        env = dict(os.environ, PYTHONHASHSEED=str(seed))
        out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, check=True)
        sent = json.loads(out.stdout)
        assert len(sent) == 2, (seed, sent)                       # one message a widget
        for keys in sent:
            assert keys[0] == "_options_labels" and "index" in keys, (seed, keys)
