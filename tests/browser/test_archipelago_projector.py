"""The Archipelago board on a projector, in a real browser: the whole board on first view, a compact key, and
labels that leave the board in sight.

At 1366x768 in JupyterLab with the file browser open (the narrowest map column a class meets) and in Voila at
1366x768 and 1920x1080 (``lcb-lab voila``'s way), presentation off and on, at level 1 and at level 3:

* every point of the board lies inside the map's frame, 1 d as many px across as up: the board is letterboxed
  (bars beside it or above and below), never cropped -- in presentation at 1366x768 the title, key and key lines
  left the frame short and the board's top and bottom rows were cut off, reachable only by panning;
* the key above the board takes at most two rows (three beside the file browser in presentation: it took seven,
  one colour a row), and the key lines under it at most five;
* the bases' names and the crowds' count badges cover at most a twentieth of the board as drawn (measured as
  BokehJS paints their boxes): beside the file browser "Red Base A" and "8 Red pieces" at 16 px covered much of
  a board drawn 8 px a d.

Screenshots: ``test-results/archipelago_projector_<where>_<size>[_presentation].png``.
"""
from __future__ import annotations

import math

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

NOTEBOOK = "notebooks/archipelago_lab.ipynb"
COVER_MOST = 0.05
"""The largest share of the board's drawn area the bases' names and the count badges may cover."""

_BOARD_JS = """
([[x0, x1, y0, y1], bases]) => {
  const v = [...Bokeh.index.all_views()].filter(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected)[0];
  if (!v) return {error: "no map"};
  const m = v.model, f = v.frame.bbox, xs = v.frame.x_scale, ys = v.frame.y_scale;
  const board = [xs.compute(x0), ys.compute(y1), xs.compute(x1), ys.compute(y0)];   // left, top, right, bottom px
  const legend = [...v.renderer_views.values()].find(r => r.model.type === "Legend" && r.model.visible);
  const shown = legend.model.items.filter(i => i.visible).length;
  const boxes = [];
  for (const r of v.renderer_views.values()) {
    const g = r.glyph, d = r.model.data_source && r.model.data_source.data;
    if (!g || !r.model.visible || r.model.glyph.type !== "Text" || !g.swidth) continue;
    const texts = d.text || [];
    const names = texts.length > 0 && texts.every(t => bases.includes(t));
    if (!(names || d.names !== undefined)) continue;          // the bases' names, the badges
    for (let i = 0; i < g.data_size; i++) {
      const a = g.anchor_.get(i);
      if (g.labels[i] == null) continue;
      const l = g.sx[i] - a.x * g.swidth[i], t = g.sy[i] - a.y * g.sheight[i];
      boxes.push([g.text.get(i), l, t, l + g.swidth[i], t + g.sheight[i]]);
    }
  }
  return {frame: [f.left, f.top, f.right, f.bottom], board, boxes,
          scale: [f.width / (m.x_range.end - m.x_range.start), f.height / (m.y_range.end - m.y_range.start)],
          key_rows: Math.ceil(shown / legend.model.ncols), key_box: [legend.bbox.width, legend.bbox.height],
          key_lines: m.below.filter(t => t.type === "Title" && t.visible && t.text).length};
}
"""
"""The map's frame and the board's drawn box in canvas px, the names' and badges' boxes, the scale (px per d
across and up), the key's rows and box, and the key lines under the board."""


def _board() -> list:
    """The basic board's drawn box ``[x0, x1, y0, y1]`` (d) and its bases' names, whole and as letters."""
    from lcb_lab.games.archipelago.model.board_data import load_board
    from lcb_lab.ui.archipelago.board_view import BoardView
    board = load_board()
    names = [b.name for b in board.bases.values()]
    return [list(BoardView(board).extent), names + [n.split()[-1] for n in names]]


def _problems(page: Page, most_rows: int) -> tuple[list[str], dict]:
    got = page.evaluate(_BOARD_JS, _board())
    assert "error" not in got, got
    fl, ft, fr, fb = got["frame"]
    bl, bt, br, bb = got["board"]
    out = []
    if bl < fl - 1 or bt < ft - 1 or br > fr + 1 or bb > fb + 1:
        out.append(f"the board spans {bl:.0f}..{br:.0f} x {bt:.0f}..{bb:.0f} px, not inside the frame "
                   f"{fl:.0f}..{fr:.0f} x {ft:.0f}..{fb:.0f}: cropped")
    x, y = got["scale"]
    if abs(x / y - 1) > 0.02:
        out.append(f"the board is drawn {x:.1f} px per d across and {y:.1f} up: not its shape")
    if got["key_rows"] > most_rows:
        out.append(f"the key above the board takes {got['key_rows']} rows ({got['key_box'][1]:.0f} px), more than {most_rows}")
    if got["key_lines"] > 5:
        out.append(f"the key under the board takes {got['key_lines']} lines, more than 5")
    area = (br - bl) * (bb - bt)
    covered = sum(max(0.0, min(r, br) - max(l, bl)) * max(0.0, min(b, bb) - max(t, bt)) for _t, l, t, r, b in got["boxes"])
    if area > 0 and covered / area > COVER_MOST:
        out.append(f"the bases' names and badges {[b[0] for b in got['boxes']]} cover {covered / area:.1%} of the board, "
                   f"more than {COVER_MOST:.0%}")
    got["cover"] = covered / area if area else math.nan
    return out, got


def _level(page: Page, name: str) -> None:
    """A new game of ``name`` from the Game tab (confirmed: a game is in play)."""
    L.tab(page, "Game").click()
    L.labelled(page, "dropdown", "Scenario").select_option(name)
    L.button(page, "New game").click()
    confirm = L.button(page, "Confirm new game")
    try:
        confirm.wait_for(state="visible", timeout=3_000)
        confirm.click()
    except Exception:                       # noqa: BLE001 -- no confirmation asked: the game started
        pass
    expect(page.locator(".lcb-app .lcb-message").first).to_contain_text("level 3", timeout=D.KERNEL_MS)
    L.tab(page, "Turn").click()


def _check_both_modes(page: Page, where: str, size: str, narrow: bool) -> list[str]:
    """Presentation off, then on, then level 3 in presentation: each problem with where it was seen."""
    out = []
    D.RESULTS.mkdir(exist_ok=True)
    for step in ("", "_presentation", "_presentation_level3"):
        if step == "_presentation":
            L.presentation(page)
        if step == "_presentation_level3":
            _level(page, "level_3")
        problems, got = L.settled(page, _problems, 3 if narrow and step else 2)
        page.screenshot(path=str(D.RESULTS / f"archipelago_projector_{where}_{size}{step}.png"))
        out += [f"{where} {size}{step.replace('_', ' ')}: {p}" for p in problems]
    return out


@pytest.mark.browser
def test_beside_the_file_browser_at_1366x768_the_whole_board_shows_with_a_short_key(page: Page, jupyterlab_server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    L.open_notebook(page, jupyterlab_server, NOTEBOOK)
    L.open_file_browser(page)
    L.run_all(page)
    expect(page.locator(".lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    L.wait_kernel_idle(page)
    page.evaluate("() => document.querySelector('.lcb-app').scrollIntoView({block: 'start'})")
    problems = _check_both_modes(page, "jupyterlab", "1366x768", narrow=True)
    assert not problems, "\n  ".join(problems)


@pytest.mark.browser
@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)], ids=["1366x768", "1920x1080"])
def test_in_voila_the_whole_board_shows_with_a_short_key(page: Page, tmp_path, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    server = D.start_voila(NOTEBOOK, tmp_path)
    try:
        page.goto(server.url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
        expect(page.locator(".lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
        problems = _check_both_modes(page, "voila", f"{size[0]}x{size[1]}", narrow=False)
        assert not problems, "\n  ".join(problems)
    finally:
        page.goto("about:blank")                 # leave the page before its server goes
        server.stop()
