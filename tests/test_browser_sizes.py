"""The browser tests' screen sizes in `make test`: flows at one size each, taking turns; a class's
walks and the layout tests at both (tests/browser/conftest.py ``one_size_each``)."""
from __future__ import annotations

import importlib.util
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[1]


def _conftest():
    spec = importlib.util.spec_from_file_location("browser_conftest", ROOT / "tests/browser/conftest.py")
    mod = importlib.util.module_from_spec(spec)
    import sys
    sys.path.insert(0, str(ROOT / "tests/browser"))
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.path.remove(str(ROOT / "tests/browser"))
    return mod


def _item(nodeid: str) -> SimpleNamespace:
    ident = nodeid.split("[", 1)[1].rstrip("]") if "[" in nodeid else ""
    return SimpleNamespace(nodeid=nodeid, callspec=SimpleNamespace(id=ident))


def test_flows_take_turns_and_the_walks_keep_both_sizes():
    one_size_each = _conftest().one_size_each
    ids = ["tests/browser/test_a.py::test_x[chromium-1366-768]", "tests/browser/test_a.py::test_x[chromium-1920-1080]",
           "tests/browser/test_b.py::test_y[1366x768-chromium]", "tests/browser/test_b.py::test_y[1920x1080-chromium]",
           "tests/browser/test_classroom.py::test_z[chromium-1366x768]", "tests/browser/test_classroom.py::test_z[chromium-1920x1080]",
           "tests/browser/test_c.py::test_plain[chromium]", "tests/widgets/test_d.py::test_w[1366x768]"]
    kept, dropped = one_size_each([_item(i) for i in ids])
    assert [i.nodeid for i in dropped] == [ids[1], ids[2]]
    assert [i.nodeid for i in kept] == [ids[0], ids[3], ids[4], ids[5], ids[6], ids[7]]
