"""Screenshots of the lab for the README: JupyterLab in Chromium, as an instructor projects it.

    make screenshots          # or: python scripts/screenshots.py [--out docs/screenshots]

Writes ``lab_1920x1080.png``, ``lab_1366x768.png``, ``lab_presentation_1920x1080.png`` and
``lab_presentation_1366x768.png`` (and each one's ``_fork.png``, after *Fork here*):
JupyterLab (file browser sidebar open) on the start notebook after *Run All*, the lab scrolled
into view, clicked like a person into a combat allocation -- 1 Anna revealed (card effect), TF
Boston's impulse begun, DDG-51's Move and/or Initiate Combat declared, the LRS row with its exact
odds showing, DDG-51 selected (its Unit Tracker and overlays).  The same servers and clicks as the
browser tests (tests/browser/driver.py, labui.py); the system Chromium (Playwright cannot
download browsers here).  PNGs are reduced to a 256-colour palette (< 400 KB each).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

import driver as D  # noqa: E402
import labui as L  # noqa: E402

SHOTS = [("lab_1920x1080.png", 1920, 1080, False), ("lab_1366x768.png", 1366, 768, False),
         ("lab_presentation_1920x1080.png", 1920, 1080, True), ("lab_presentation_1366x768.png", 1366, 768, True)]
"""(file, width, height, presentation mode).  Each also gets ``<file>_fork.png``: after *Fork here*, the
branch's lab scrolled into view below the first."""
MAX_BYTES = 400_000


def optimise(path: Path) -> int:
    """Reduce ``path`` to a 256-colour palette PNG (the lab's flat colours survive); returns bytes."""
    from PIL import Image
    img = Image.open(path).convert("RGB")
    img.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(path, optimize=True)
    return path.stat().st_size


def shoot(page, server: D.Server, out: Path, presentation: bool) -> None:
    L.open_notebook(page, server, D.START_NOTEBOOK)
    L.open_file_browser(page)
    L.run_all(page)
    L.wait_for_map(page)
    L.wait_kernel_idle(page)
    page.evaluate("() => document.querySelector('.lcb-app').scrollIntoView({block: 'start'})")
    L.wait_kernel_listening(page)
    if presentation:
        L.button(page, "Presentation").click()
        page.locator(".lcb-app.lcb-presentation").first.wait_for(state="attached", timeout=D.KERNEL_MS)
        page.wait_for_timeout(1500)
    L.to_combat(page)
    L.click_hex(page, "AL-29")                      # DDG-51: its Unit Tracker and overlays
    page.wait_for_timeout(1200)
    page.mouse.move(2, 300)                         # no hover tip over the panels
    page.evaluate("() => document.querySelector('.lcb-app').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(800)
    page.screenshot(path=str(out))
    L.tab(page, L.TAB_HISTORY).click()                  # Fork here: the branch below the first lab
    L.button(page, "Fork here").click()
    page.locator(".lcb-fork .lcb-app .bk-Canvas").first.wait_for(state="visible", timeout=D.LOAD_TIMEOUT_MS)
    page.evaluate("() => document.querySelector('.lcb-fork').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(2000)
    page.mouse.move(2, 300)
    page.screenshot(path=str(fork_path(out)))


def fork_path(out: Path) -> Path:
    """Where the shot after *Fork here* of ``out`` goes (``lab_1920x1080.png`` -> ``lab_1920x1080_fork.png``)."""
    return out.with_name(out.stem + "_fork" + out.suffix)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=REPO / "docs" / "screenshots")
    args = ap.parse_args(argv)
    chromium = D.chromium_path()
    if chromium is None:
        print("no system Chromium: run scripts/ensure_chromium.sh", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="lcb-shots-") as tmp, sync_playwright() as pw:
        server = D.start_jupyterlab(Path(tmp), [Path(D.START_NOTEBOOK).name])
        browser = pw.chromium.launch(executable_path=chromium, args=D.CHROMIUM_ARGS)
        try:
            for name, w, h, presentation in SHOTS:
                t0 = time.perf_counter()
                ctx = browser.new_context(viewport={"width": w, "height": h})
                ctx.route("**/*", lambda r: r.continue_() if D.is_local(r.request.url) else r.abort())
                page = ctx.new_page()
                path = args.out / name
                shoot(page, server, path, presentation)
                size = optimise(path)
                optimise(fork_path(path))
                ctx.close()
                flag = "" if size <= MAX_BYTES else f"  (over {MAX_BYTES // 1000} KB)"
                print(f"{path.relative_to(REPO) if path.is_relative_to(REPO) else path}: {w}x{h}"
                      f"{' presentation' if presentation else ''}, {size / 1000:.0f} KB, "
                      f"{time.perf_counter() - t0:.0f} s{flag}")
        finally:
            browser.close()
            server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
