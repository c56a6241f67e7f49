"""The browser tests' screen sizes in `make test`: flows at one size each, taking turns; a class's
walk and the layout tests at both, pairwise with their other parameters
(tests/browser/conftest.py ``one_size_each``)."""
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


def _item(nodeid: str, **params: tuple[int, str]) -> SimpleNamespace:
    """A collected test: ``params`` maps a parameter's name to (index, value)."""
    ident = nodeid.split("[", 1)[1].rstrip("]") if "[" in nodeid else ""
    return SimpleNamespace(nodeid=nodeid, callspec=SimpleNamespace(
        id=ident, indices={k: i for k, (i, _) in params.items()}, params={k: v for k, (_, v) in params.items()}))


def test_flows_take_turns_and_the_walk_keeps_both_sizes():
    one_size_each = _conftest().one_size_each
    ids = ["tests/browser/test_a.py::test_x[chromium-1366-768]", "tests/browser/test_a.py::test_x[chromium-1920-1080]",
           "tests/browser/test_b.py::test_y[1366x768-chromium]", "tests/browser/test_b.py::test_y[1920x1080-chromium]",
           "tests/browser/test_classroom.py::test_a_class_plays_gotland_redux[chromium-1366x768]",
           "tests/browser/test_classroom.py::test_a_class_plays_gotland_redux[chromium-1920x1080]",
           "tests/browser/test_classroom.py::test_z[chromium-1366x768]", "tests/browser/test_classroom.py::test_z[chromium-1920x1080]",
           "tests/browser/test_c.py::test_plain[chromium]", "tests/widgets/test_d.py::test_w[1366x768]"]
    kept, dropped = one_size_each([_item(i) for i in ids])
    assert [i.nodeid for i in dropped] == [ids[1], ids[2], ids[7]]
    assert [i.nodeid for i in kept] == [ids[0], ids[3], ids[4], ids[5], ids[6], ids[8], ids[9]]


def test_layout_tests_meet_each_size_with_each_mode_pairwise():
    """Three two-valued parameters (size, presentation, file browser) in four runs: every pair of
    values meets; a second function of the file takes the other diagonal."""
    one_size_each = _conftest().one_size_each
    items = []
    for size_i, size in enumerate(("1920x1080", "1366x768")):
        for pres_i, pres in enumerate(("", "presentation")):
            for fb_i, fb in enumerate(("browser-open", "browser-closed")):
                items.append(_item(f"tests/browser/test_projector_layout.py::test_lab[{size}-{pres}-chromium-{fb}]",
                                   screen=(size_i, size), presentation=(pres_i, pres), file_browser=(fb_i, fb)))
            items.append(_item(f"tests/browser/test_projector_layout.py::test_voila[{size}-{pres}-chromium]",
                               screen=(size_i, size), presentation=(pres_i, pres)))
        items.append(_item(f"tests/browser/test_projector_layout.py::test_only_size[{size}-chromium]", screen=(size_i, size)))
    kept, _ = one_size_each(items)
    lab = [(p["screen"], p["presentation"], p["file_browser"]) for p in
           (i.callspec.params for i in kept if "::test_lab[" in i.nodeid)]
    assert len(lab) == 4
    for a in range(3):
        for b in range(a + 1, 3):
            assert len({(r[a], r[b]) for r in lab}) == 4, lab
    voila = sorted((i.callspec.params["screen"], i.callspec.params["presentation"]) for i in kept if "::test_voila[" in i.nodeid)
    assert voila == [("1366x768", "presentation"), ("1920x1080", "")]     # shifted: index + 1
    assert sum("::test_only_size[" in i.nodeid for i in kept) == 2
