"""A notebook does not give away a checkpoint's answer: its saved outputs (what a student reads
before running anything) hold no *Correct* verdict and no opened instructor key (widget state is
kept out by ``tests/test_notebooks.py``).  The key is shown only when asked for."""
import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


def _outputs(nb: dict) -> list[str]:
    texts = []
    for c in nb["cells"]:
        for o in c.get("outputs", []):
            texts.append("".join(o.get("text", "")))
            for v in (o.get("data") or {}).values():
                texts.append(v if isinstance(v, str) else "".join(v) if isinstance(v, list) else json.dumps(v))
    return texts


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_saved_output_shows_a_checkpoints_answer(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    leaks = [t[:120] for t in _outputs(nb) for line in t.splitlines() if line.startswith("Correct: ")]
    assert leaks == []
    assert "Hide the answers" not in "".join(_outputs(nb))              # the key's button, once clicked


def test_the_check_sees_a_correct_verdict():
    nb = {"cells": [{"cell_type": "code", "outputs": [{"output_type": "stream", "text": ["Correct: 2. Because.\n"]}]}]}
    assert any(line.startswith("Correct: ") for t in _outputs(nb) for line in t.splitlines())
