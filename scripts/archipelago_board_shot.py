"""Screenshots of the Archipelago board as a class sees it: a standalone page in Chromium.

    python scripts/archipelago_board_shot.py [--out docs/screenshots]

Writes ``archipelago_board_1920x1080.png`` and ``archipelago_board_1366x768.png`` (with ``--expanded``:
``archipelago_expanded_1920x1080.png`` and ``..._1366x768.png``, the board alone): the sandbox board
(:func:`lcb_lab.games.archipelago.model.board_data.load_board`) drawn by
:class:`lcb_lab.ui.archipelago.board_view.BoardView`, with a few pieces of the first level set up
in the zones of l.146 (torpedo boats, a torpedo in flight), one boat's reach and a gun's three
forward lines, sized to fill the screen's height.  The system Chromium (as scripts/screenshots.py).
"""
from __future__ import annotations

import argparse
import logging
import shutil
import tempfile
from pathlib import Path

from bokeh.embed import file_html
from bokeh.resources import INLINE

from lcb_lab.games.archipelago.model.board_data import load_board
from lcb_lab.kernel.hexgrid import Facing, within
from lcb_lab.ui.archipelago.board_view import BoardView, PieceMark

REPO = Path(__file__).resolve().parents[1]
SHOTS = [("archipelago_board_1920x1080.png", 1920, 1080), ("archipelago_board_1366x768.png", 1366, 768)]


def sample_view(frame_height: int) -> BoardView:
    """The board with a sample of the first level: boats in the zones of l.146, a reach, gun lines."""
    board = load_board()
    view = BoardView(board, frame_height=frame_height)
    at = board.from_col_row
    marks = [PieceMark(str(i + 1), "Red", at(c, r), Facing.SE, "torpedo_boat")
             for i, (c, r) in enumerate([(12, 2), (11, 9), (4, 8), (9, 12)])]
    marks += [PieceMark(str(i + 5), "Blue", at(c, r), Facing.NW, "torpedo_boat", hits=0)
              for i, (c, r) in enumerate([(29, 32), (30, 25), (37, 26), (32, 22)])]
    marks += [PieceMark("C-10", "Blue", at(24, 25), Facing.N, "ship", hits=1),
              PieceMark("H1", "Red", at(17, 8), Facing.SE, "helicopter"),
              PieceMark("T", "Red", at(16, 3), Facing.SE, "torpedo")]
    mobility = {"torpedo_boat": "boat", "ship": "ship", "helicopter": "flying", "torpedo": "boat"}
    assert all(board.admits(m.point, mobility[m.kind]) for m in marks), "a sample piece off its water"
    view.show_pieces(marks)
    start = at(11, 9)
    view.show_reach(p for p in within(start, 4) if board.admits(p, "boat"))
    view.show_firing_lines(at(24, 25), Facing.N, (-1, 0, 1), 10)
    view.select("11,9")
    return view


def optimise(path: Path) -> int:
    """Reduce ``path`` to a 256-colour palette PNG (as scripts/screenshots.py does); returns its bytes."""
    from PIL import Image
    img = Image.open(path).convert("RGB")
    img.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(path, optimize=True)
    return path.stat().st_size


def main() -> None:
    """Render the shots into ``--out``."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(REPO / "docs" / "screenshots"))
    ap.add_argument("--expanded", action="store_true", help="the expanded board A1-Q11, without pieces")
    args = ap.parse_args()
    logging.getLogger("bokeh.embed.util").setLevel(logging.ERROR)   # the tap's Python callback: unused on a still page
    from playwright.sync_api import sync_playwright
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        for name, w, h in SHOTS:
            if args.expanded:
                name = name.replace("_board_", "_expanded_")
                fig = BoardView(load_board("archipelago_expanded"), frame_height=h - 110).figure
            else:
                fig = sample_view(h - 110).figure
            page_file = Path(tmp) / f"{name}.html"
            page_file.write_text(file_html(fig, INLINE, "Archipelago"), encoding="utf-8")
            page = browser.new_page(viewport={"width": w, "height": h})
            page.goto(page_file.as_uri())
            page.wait_for_selector(".bk-Canvas, canvas", timeout=20000)
            page.wait_for_timeout(800)
            page.screenshot(path=str(Path(args.out) / name))
            optimise(Path(args.out) / name)
            page.close()
            print(Path(args.out) / name)
        browser.close()


if __name__ == "__main__":
    main()
