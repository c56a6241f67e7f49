"""Saves of the chapter 10-14 state without a record (``"record": null``, as Game.to_json writes it for
a game with no step yet): their card markers, Submarine Operations Tracker, port cubes,
``embark_losses`` choices and Embarked cards are checked by the save check itself (save_check_cards.py)
-- one corrupted key per case is refused naming the file and the key, and the CLI exits 2 with a
one-line error and no traceback (the reviewer's hostile-file findings)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.content.lesson import Lesson
from lcb_lab.games.lcb.io.loading import load_scenario

ROOT = Path(__file__).resolve().parents[2]


def _save(g: Game) -> dict:
    d = json.loads(g.to_json())
    d["record"] = None
    return d


@pytest.fixture(scope="module")
def saves() -> dict[str, dict]:
    """``start``: slite_landing at seed 3 (a secret mine field MINE-1, both SOTs, Embarked
    cards); ``losses``: the lesson with RU's embark_losses choice on LSD 41 pending (ISR-1 on
    the map with its cargo); ``port``: the lesson after the port wave (the orange cube in AL-21)."""
    out = {"start": _save(load_scenario("slite_landing", seed=3))}
    lesson = Lesson("slite_landing_lesson")
    for _ in lesson.steps():
        g = lesson.game
        if "losses" not in out and g.pending is not None and g.pending.kind == "embark_losses":
            out["losses"] = _save(g)
        if g.state.port_cubes and "port" not in out:
            out["port"] = _save(g)
        if len(out) == 3:
            break
    assert set(out) == {"start", "losses", "port"}
    return out


def _marker(d, mid="ISR-1"):
    return d["state"]["card_markers"][mid]


def _sot(d, team="US", i=0):
    return d["state"]["sot"][team][i]


def _losses(d):
    return next(c for c in d["state"]["choices"] if c["kind"] == "embark_losses")["options"]


def _choice_key(d) -> str:
    i = next(i for i, c in enumerate(d["state"]["choices"]) if c["kind"] == "embark_losses")
    return f"state.choices[{i}].options"


CASES = [
    # card markers (13.x, 12.2)
    ("losses", lambda d: _marker(d).update(card="US-99"), "state.card_markers[ISR-1].card"),
    ("start", lambda d: _marker(d, "MINE-1").update(card="US-99"), "state.card_markers[MINE-1].card"),
    ("losses", lambda d: _marker(d).update(kind="bogus"), "state.card_markers[ISR-1].kind"),
    ("losses", lambda d: _marker(d).update(hex="ZZ-99"), "state.card_markers[ISR-1].hex"),
    ("losses", lambda d: _marker(d).update(hp=-5), "state.card_markers[ISR-1].hp"),
    ("start", lambda d: _marker(d, "MINE-1").update(level=0), "state.card_markers[MINE-1].level"),
    ("losses", lambda d: _marker(d).update(team="XX"), "state.card_markers[ISR-1].team"),
    ("losses", lambda d: _marker(d).update(cargo=["NOPE"]), "state.card_markers[ISR-1].cargo[0]"),
    ("losses", lambda d: _marker(d).update(cargo=["DDG-51"]), "state.card_markers[ISR-1].cargo[0]"),
    ("losses", lambda d: _marker(d).update(host="NOPE"), "state.card_markers[ISR-1].host"),
    ("losses", lambda d: d["state"]["card_markers"].update({"ISR-9": _marker(d)}), "state.card_markers[ISR-9]"),
    # the Submarine Operations Tracker (14.02, 14.03)
    ("start", lambda d: _sot(d).update(hex="ZZ-99"), "state.sot[US][0].hex"),
    ("start", lambda d: _sot(d).update(hex="AK-23"), "state.sot[US][0].hex"),    # 1 Lima's coastal hex
    ("start", lambda d: _sot(d).update(hex="AL-23"), "state.sot[US][0].hex"),    # the beach: coastal
    ("start", lambda d: _sot(d).update(sub="NOPE"), "state.sot[US][0].sub"),
    ("start", lambda d: _sot(d).update(sub="DDG-51"), "state.sot[US][0].sub"),
    ("start", lambda d: _sot(d).update(sub="B-271"), "state.sot[US][0].sub"),    # RU's boat on US's track
    ("start", lambda d: _sot(d).pop("hex"), "state.sot[US][0].hex"),
    ("start", lambda d: _sot(d).update(public="yes"), "state.sot[US][0].public"),
    ("start", lambda d: d["state"]["sot"].update(XX=[]), "state.sot[XX]"),
    # port cubes (12.3)
    ("port", lambda d: d["state"]["port_cubes"].update({"ZZ-99": "US"}), "state.port_cubes[ZZ-99]"),
    ("port", lambda d: d["state"]["port_cubes"].update({"AK-23": "US"}), "state.port_cubes[AK-23]"),
    ("port", lambda d: d["state"]["port_cubes"].update({"AL-21": "XX"}), "state.port_cubes[AL-21]"),
    # Embarked cards (10.2)
    ("start", lambda d: d["state"]["cards"]["US-3"].update(host="DDG-51"), "state.cards[US-3].host"),
]

LOSSES = [
    (lambda o: o.update(ship="NOPE"), ".ship"),
    (lambda o: o.update(ship="DDG-51"), ".ship"),
    (lambda o: o["units"].append({"uid": "GHOST", "gpsv": 1}), ".units"),
    (lambda o: o["units"].append({"uid": "1 Lima", "gpsv": 1}), ".units"),   # on the map, not aboard
    (lambda o: o["cards"].append("US-99"), ".cards"),
    (lambda o: o["cards"].append("hidden:9"), ".cards"),
]


def _refused_key(d: dict) -> str:
    with pytest.raises(ScenarioError) as e:
        Game.from_json(json.dumps(d), file="hostile.json")
    return str(e.value)


def test_the_untouched_saves_load(saves):
    for name, d in saves.items():
        g = Game.from_json(json.dumps(d))
        assert g.state.to_dict() == Game.from_json(json.dumps(d)).state.to_dict(), name


def test_every_lesson_step_saved_without_its_record_loads():
    """No false alarm: the lesson's states (mines mid-attack, markers with cargo, a port cube,
    an embark_losses choice, the SOTs) all pass the new checks."""
    lesson = Lesson("slite_landing_lesson")
    for done in lesson.steps():
        Game.from_json(json.dumps(_save(lesson.game)), file=done.title)


@pytest.mark.parametrize("start, edit, key", CASES, ids=[c[2] for c in CASES])
def test_a_corrupted_ch10_14_key_is_refused_naming_it(saves, start, edit, key):
    d = json.loads(json.dumps(saves[start]))
    edit(d)
    msg = _refused_key(d)
    assert "hostile.json" in msg and key in msg, msg


@pytest.mark.parametrize("edit, tail", LOSSES, ids=[f"options{t}-{i}" for i, (_, t) in enumerate(LOSSES)])
def test_a_corrupted_embark_losses_choice_is_refused_naming_it(saves, edit, tail):
    d = json.loads(json.dumps(saves["losses"]))
    edit(_losses(d))
    msg = _refused_key(d)
    assert _choice_key(d) + tail in msg, msg


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lcb_lab", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


CLI_CASES = [CASES[0], CASES[2], CASES[4], CASES[11], CASES[14], CASES[17], CASES[18], CASES[20], CASES[23]]


@pytest.mark.parametrize("start, edit, key", CLI_CASES, ids=[c[2] for c in CLI_CASES])
def test_the_cli_refuses_the_save_in_one_line(tmp_path, saves, start, edit, key):
    d = json.loads(json.dumps(saves[start]))
    edit(d)
    p = tmp_path / "save.json"
    p.write_text(json.dumps(d), encoding="utf-8")
    r = _cli("--load", str(p), "--json")
    out = r.stdout + r.stderr
    assert "Traceback" not in out, out
    assert r.returncode != 0, out
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {p}: {key}"), r.stderr


def test_the_cli_refuses_a_ghost_in_the_embark_losses_choice(tmp_path, saves):
    d = json.loads(json.dumps(saves["losses"]))
    _losses(d).update(ship="NOPE")
    p = tmp_path / "save.json"
    p.write_text(json.dumps(d), encoding="utf-8")
    r = _cli("--load", str(p), "--json")
    assert "Traceback" not in r.stdout + r.stderr and r.returncode != 0
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and f"{_choice_key(d)}.ship" in lines[0], r.stderr
