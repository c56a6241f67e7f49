"""Real-browser test: *Run All* on the start notebook in JupyterLab paints the map once.

The way the README opens the lab (JupyterLab on ``notebooks/00_start_here.ipynb``, *Run ▸ Run All
Cells*) at 1920x1080.  The map fills its grid cell and assumes the frame
``map_sizes.ASSUMED_FILL_FRAME`` until BokehJS reports its own; during *Run All* that report reaches
the kernel only after the notebook's other cells have run, so a wrong assumption paints the map a
second time, seconds after the first (the layout once grew the frame from 688 to 696 px wide, and
the map was painted twice).  Timed inside the page by ``probe.js``: the map's canvas draws in
bursts; after the kernel is idle and no paint for 4 s there must be one canvas and one burst.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page

import driver as D
import labui as L
from lcb_lab.ui.lcb.map.map_sizes import ASSUMED_FILL_FRAME

QUIET_MS = 4_000                  # a second paint, if there is one, comes within this after the kernel is idle

FRAME_JS = """() => [...Bokeh.index.all_views()].filter(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected)
                      .map(v => [Math.round(v.frame.bbox.width), Math.round(v.frame.bbox.height)])"""


@pytest.mark.browser
def test_run_all_paints_the_map_once(page: Page, jupyterlab_server) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    probe = D.Probe(page, 500)
    L.open_notebook(page, jupyterlab_server, D.START_NOTEBOOK)
    L.run_all(page, probe, "runall")
    L.wait_for_map(page)
    L.wait_kernel_idle(page)                       # every cell has run (the lesson replay included)
    ev = page.evaluate("() => window.__lcb.eventOf('runall')")
    got = probe.wait_paint_quiet(ev["t"], QUIET_MS, D.LOAD_TIMEOUT_MS)
    frames = page.evaluate(FRAME_JS)
    bursts = D.paint_bursts(got["paints"])
    at = [round(b[0] - ev["t"]) for b in bursts]
    assert len(got["hosts"]) == 1, f"{len(got['hosts'])} map canvases drew after Run All"
    assert len(bursts) == 1, (f"the map was painted {len(bursts)} times, at {at} ms after Run All (frame "
                              f"{frames}, map_sizes.ASSUMED_FILL_FRAME {ASSUMED_FILL_FRAME})")
    assert frames == [list(ASSUMED_FILL_FRAME)], (
        f"the map's frame is {frames}, map_sizes.ASSUMED_FILL_FRAME is {ASSUMED_FILL_FRAME}: re-measure it")
