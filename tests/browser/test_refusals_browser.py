"""Five refusals a student makes on purpose, at the reviewers' 1366x768, in Voila and in JupyterLab:
a Move too far (5.12), an LRS out of range (7.31), a card out of its window (9.41), a Conceal by a Move
and/or Initiate Combat action (6.1), a Declare from the other team's view (3.3, 3.31).  A row of small
buttons above the lab makes each on a fresh game (clicks: the lab's message line says it); each must
read as the one expected line naming its rule and why, wholly visible on the message line (no part
scrolled away inside it, the line on screen) and say that nothing changed.  In JupyterLab a refusal
typed in a cell below the lab (``lab.move(1, "AL-20")``) also prints its line under that cell.
Screenshots for humans: ``test-results/refusal-<where>-<case>.png``.
"""
from __future__ import annotations

import nbformat
import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

STAGE = '''\
import ipywidgets as W
import lcb_lab
from lcb_lab import load_scenario
from lcb_lab.ui import open_lab

lab = open_lab("gotland_redux", seed=1, team="US")   # with BokehJS for its map, as a notebook opens it


def boston():
    lab.game = load_scenario("gotland_redux", seed=1)
    lab.set_team("US")
    lab.begin_impulse("TF Boston")
    lab.declare([{"kind": "move_combat", "units": ["DDG-51"]}, {"kind": "move_conceal", "units": ["DDG-80"]}])


def whiskey():
    lab.game = lcb_lab.situation(units={
        "1 Uran": {"type": "runi_coastal_missile_section", "hex": "B-2", "face_up": True},
        "1 Whiskey": {"type": "usmc_himars_section", "hex": "H-9", "face_up": True},
        "1 Kilo": ("usmc_iamd_section", "H-9")}, seed=1)
    lab.set_team("US")
    lab.begin_impulse("TF Blue")
    lab.declare([{"kind": "move_combat", "units": ["1 Whiskey", "1 Kilo"]}])
    lab.commit_combat(lrs=[{"shooter": "1 Whiskey", "slot": "LRS1", "target": "1 Uran", "dice": 2}])


def moscow():
    lab.game = load_scenario("gotland_redux", seed=1)
    lab.set_team("US")
    lab.begin_impulse("TF Boston")
    lab.pass_impulse()
    lab.set_team("RU")
    lab.begin_impulse("TF Moscow")
    lab.declare([{"kind": "play_jcc", "jcc": "Attack on Command and Control"}])
    lab.play_card("Attack on Command and Control", action=1)


def wrong_team():
    boston()
    lab.set_team("RU")
    lab.declare([{"kind": "move_combat", "units": ["1 Anna"]}])


TRIES = {"move": lambda: (boston(), lab.move(1, "AL-20")), "lrs": whiskey, "card": moscow,
         "conceal": lambda: (boston(), lab.conceal(1)), "team": wrong_team}
buttons = []
for name, fn in TRIES.items():
    b = W.Button(description=f"try {name}", layout=W.Layout(width="90px"))
    b.on_click(lambda _b, fn=fn: fn())
    buttons.append(b)
display(W.HBox(buttons))      # above the lab
lab.widget
'''

WANT = {
    "move": "Move #1 to AL-20: Refused by rule 5.12: AL-20 is out of reach for DDG-51 (MP 5). Nothing changed.",
    "lrs": "Commit combat: Refused by rule 7.31: 1 Uran is 10 hexes from 1 Whiskey; LRS1 range is 4. Nothing changed.",
    "card": ("Play Attack on Command and Control: Refused by rule 9.41: option A is a NULLIFY: it answers a "
             "card, or names a deployed enemy card. Nothing changed."),
    "conceal": ("Conceal #1: Refused by rule 6.1: action #1 is Move and/or Initiate Combat, not Move and/or Conceal. "
                "Nothing changed."),
    "team": ("Declare: not from the Red (RU) view: Blue (US) is playing its impulse (3.3, 3.31) \u2014 "
             "switch to the Blue (US) view. Nothing changed."),
}

_LINE_JS = """(e) => { const r = e.getBoundingClientRect();
  return {text: e.innerText.trim(), scroll: e.scrollHeight, client: e.clientHeight, top: r.top, bottom: r.bottom,
          left: r.left, right: r.right, vw: innerWidth, vh: innerHeight, wide: e.scrollWidth > e.clientWidth + 1}; }"""


def _try_each(page: Page, where: str) -> None:
    problems = []
    line = page.locator(".lcb-app .lcb-topbar .lcb-message").first
    for case, want in WANT.items():
        page.locator(".widget-button", has_text=f"try {case}").first.click()
        expect(line).to_have_text(want, timeout=D.KERNEL_MS)
        page.wait_for_timeout(300)                       # the message's last layout
        got = line.evaluate(_LINE_JS)
        if got["scroll"] > got["client"] + 1 or got["wide"]:
            problems.append(f"{case}: cut on the message line ({got['scroll']} px of text in {got['client']} px)")
        if got["top"] < 0 or got["bottom"] > got["vh"] or got["left"] < 0 or got["right"] > got["vw"]:
            problems.append(f"{case}: the message line is off screen ({got})")
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"refusal-{where}-{case}.png"))
    assert not problems, "\n  ".join(problems)


@pytest.fixture
def refusals_url(tmp_path):
    yield from D.serve_staged(tmp_path, "refusals", STAGE)


@pytest.mark.browser
def test_five_refusals_read_whole_in_voila_at_1366x768(page: Page, refusals_url: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    L.open_voila_lab(page, refusals_url)
    _try_each(page, "voila")


@pytest.mark.browser
def test_five_refusals_read_whole_in_jupyterlab_at_1366x768(page: Page, jupyterlab_server: D.Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(STAGE),
                                         nbformat.v4.new_code_cell('boston()\nlab.move(1, "AL-20")')])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, jupyterlab_server.root / "notebooks" / "refusals.ipynb")
    L.open_notebook(page, jupyterlab_server, "notebooks/refusals.ipynb")
    L.open_file_browser(page)                          # the narrower notebook a class sees
    L.run_all(page)
    try:
        L.wait_for_map(page)
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / "refusal-jupyterlab-run-all.png"))
    L.wait_kernel_idle(page)
    typed = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell").nth(1)
    out = typed.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stdout']")
    expect(out).to_have_text(WANT["move"], timeout=D.KERNEL_MS)          # under the cell that asked
    typed.scroll_into_view_if_needed()
    assert out.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the printed refusal is cut"
    page.locator(".widget-button", has_text="try move").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    L.wait_kernel_listening(page)
    _try_each(page, "jupyterlab")
