"""The after-action review: one standalone HTML page of a finished (or paused) game.

Game-free part (no game import): the page's pieces as plain data and the page itself.  A game
(LC:B's :mod:`lcb_lab.ui.lcb.review`) reads its record as one viewer may, turns it into
:class:`ReviewSection` s (one per impulse, or whatever its turn is made of: a heading, a map
picture, the explained log lines with each roll's odds paired with what happened) and
:class:`Series` (e.g. kills and a meter over time), and :func:`review_page` assembles the page.

The page opens offline: everything is inside the one file (CSS inline, pictures and plots as
inline SVG, no script); its Content-Security-Policy forbids any request outside the file
(:data:`CSP`), so a browser fetches nothing even if a text held a link.  Every text is escaped
here; a ``picture`` is markup the game built (it escapes its own texts).

Hidden information: the page shows what the sections and series hold, nothing else; what a
viewer may know is decided by the game before (its observer), never here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence, Union

from lcb_lab.ui.lab.html import esc

__all__ = ["download_link_html", "ReviewLine", "ReviewRoll", "ReviewSection", "Series", "CSP", "pair_rolls", "line_plot_svg",
           "review_page"]

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
"""The page's Content-Security-Policy: inline styles and ``data:`` images only, no script, no request."""


@dataclass(frozen=True)
class ReviewLine:
    """One explained log line: its ``kind`` (the game's entry kind), ``rules`` (rule numbers),
    ``title`` and ``text`` (plain words)."""

    kind: str
    rules: tuple[str, ...]
    title: str
    text: str = ""


@dataclass(frozen=True)
class ReviewRoll:
    """A roll: ``odds`` (the line giving the odds before it) beside ``outcomes`` (the lines of what
    happened, the dice and their results)."""

    odds: ReviewLine
    outcomes: tuple[ReviewLine, ...]


Item = Union[ReviewLine, ReviewRoll]


@dataclass(frozen=True)
class ReviewSection:
    """One part of the game (LC:B: an impulse): ``heading``; ``picture`` (inline SVG or ``""``: the
    map after it, markup built by the game); ``caption`` (plain words under the picture);
    ``items`` (its lines and rolls, in order); ``anchor`` (the HTML id the contents link to)."""

    heading: str
    picture: str
    caption: str
    items: tuple[Item, ...]
    anchor: str


@dataclass(frozen=True)
class Series:
    """One line of a plot: ``name`` (its legend), ``colour`` (CSS), ``values`` (one per x point),
    ``dash`` (an SVG ``stroke-dasharray``, ``""`` for solid: the lines differ by more than colour)."""

    name: str
    colour: str
    values: tuple[float, ...]
    dash: str = ""


def pair_rolls(steps: Iterable[Sequence[dict]], line: Callable[[dict], ReviewLine],
               is_odds: Callable[[dict], bool]) -> list[Item]:
    """The log entries of a run of steps (``steps``: one list of entries per applied act) as review
    items: an entry for which ``is_odds`` holds opens a :class:`ReviewRoll` whose outcomes are
    the entries after it, up to the next odds entry or the end of its act (the act that rolled);
    every other entry is a :class:`ReviewLine`.  ``line`` makes a line of an entry."""
    out: list[Item] = []
    for entries in steps:
        roll: tuple[ReviewLine, list[ReviewLine]] | None = None
        for e in entries:
            if is_odds(e):
                if roll is not None:
                    out.append(ReviewRoll(roll[0], tuple(roll[1])))
                roll = (line(e), [])
            elif roll is not None:
                roll[1].append(line(e))
            else:
                out.append(line(e))
        if roll is not None:
            out.append(ReviewRoll(roll[0], tuple(roll[1])))
    return out


# ----------------------------------------------------------------- plots
PLOT_W, PLOT_H = 560, 220
"""A plot's size (px, the SVG's viewBox)."""
_PAD_L, _PAD_R, _PAD_T, _PAD_B = 44, 12, 26, 40


def line_plot_svg(title: str, x_labels: Sequence[str], series: Sequence[Series], y_label: str = "",
                  zero_line: bool = False) -> str:
    """A step plot of ``series`` over the points ``x_labels`` (one value of each series per label) as
    inline SVG markup (``PLOT_W`` x ``PLOT_H``, texts escaped), with its legend; ``zero_line``
    draws y = 0 (a meter that swings both ways).  Raises ValueError when a series' length differs
    from the labels'."""
    n = len(x_labels)
    for s in series:
        if len(s.values) != n:
            raise ValueError(f"series {s.name!r} has {len(s.values)} values for {n} points")
    vals = [v for s in series for v in s.values] + ([0.0] if zero_line else [])
    lo, hi = (min(vals), max(vals)) if vals else (0.0, 1.0)
    lo, hi = min(lo, 0.0), max(hi, lo + 1.0)
    w, h = PLOT_W - _PAD_L - _PAD_R, PLOT_H - _PAD_T - _PAD_B

    def px(i: int) -> float:
        return _PAD_L + (w * (i + 0.5) / n if n else 0.0)

    def py(v: float) -> float:
        return _PAD_T + h * (hi - v) / (hi - lo)

    parts = [f'<svg class="plot" viewBox="0 0 {PLOT_W} {PLOT_H}" role="img" aria-label="{esc(title)}">',
             f'<text x="{_PAD_L}" y="16" class="plot-title">{esc(title)}</text>',
             f'<rect x="{_PAD_L}" y="{_PAD_T}" width="{w}" height="{h}" class="plot-frame"/>']
    for v in _ticks(lo, hi):
        parts.append(f'<line x1="{_PAD_L}" x2="{_PAD_L + w}" y1="{py(v):.1f}" y2="{py(v):.1f}" class="plot-grid"/>'
                     f'<text x="{_PAD_L - 4}" y="{py(v) + 4:.1f}" text-anchor="end" class="plot-tick">{v:g}</text>')
    if zero_line:
        parts.append(f'<line x1="{_PAD_L}" x2="{_PAD_L + w}" y1="{py(0):.1f}" y2="{py(0):.1f}" class="plot-zero"/>')
    every = max(1, -(-n // 12))
    for i, lab in enumerate(x_labels):
        if i % every == 0:
            parts.append(f'<text x="{px(i):.1f}" y="{PLOT_H - _PAD_B + 14}" text-anchor="middle" '
                         f'class="plot-tick">{esc(lab)}</text>')
    if y_label:
        parts.append(f'<text x="{_PAD_L}" y="{PLOT_H - 6}" class="plot-tick">{esc(y_label)}</text>')
    for k, s in enumerate(series):
        pts = " ".join(f"{px(i):.1f},{py(v):.1f}" for i, v in enumerate(s.values))
        dash = f' stroke-dasharray="{esc(s.dash)}"' if s.dash else ""
        parts.append(f'<polyline points="{pts}" fill="none" stroke="{esc(s.colour)}" stroke-width="2.2"{dash}/>')
        parts.extend(f'<circle cx="{px(i):.1f}" cy="{py(v):.1f}" r="2.6" fill="{esc(s.colour)}"/>'
                     for i, v in enumerate(s.values))
        lx = PLOT_W - _PAD_R - 150
        ly = _PAD_T + 12 + 15 * k
        parts.append(f'<line x1="{lx}" x2="{lx + 22}" y1="{ly - 4}" y2="{ly - 4}" stroke="{esc(s.colour)}" '
                     f'stroke-width="2.2"{dash}/><text x="{lx + 27}" y="{ly}" class="plot-tick">{esc(s.name)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _ticks(lo: float, hi: float) -> list[float]:
    """Whole-number ticks from ``lo`` to ``hi``, at most about six."""
    step = max(1, round((hi - lo) / 5))
    first = int(lo // step) * step
    return [float(v) for v in range(first, int(hi) + 1, step) if lo <= v <= hi]


# ----------------------------------------------------------------- the page
_STYLE = """
body{font-family:Helvetica,Arial,sans-serif;margin:0 auto;max-width:1500px;padding:12px 20px;color:#1d2329;
background:#fbfaf6}
h1{font-size:22px;margin:6px 0}h2{font-size:17px;margin:18px 0 6px;border-bottom:1px solid #c9c3b4}
.sub{color:#4a5560;font-size:13px;margin-bottom:8px}
nav{font-size:12px;line-height:1.7}nav a{margin-right:10px;color:#1f4e79}
.plots{display:flex;flex-wrap:wrap;gap:14px}.plot{width:560px;max-width:100%;background:#fff;border:1px solid #ddd}
.plot-title{font-size:13px;font-weight:bold;fill:#1d2329}.plot-tick{font-size:10px;fill:#3b4650}
.plot-frame{fill:none;stroke:#8a8a8a}.plot-grid{stroke:#e4e0d6}.plot-zero{stroke:#555;stroke-dasharray:3 2}
section{display:grid;grid-template-columns:minmax(320px,46%) 1fr;gap:14px;align-items:start}
figure{margin:0}figure svg{width:100%;height:auto;border:1px solid #bbb;background:#cfe0ea}
figcaption{font-size:12px;color:#3b4650;margin-top:3px}
ol.log{list-style:none;padding:0;margin:0;font-size:13px}ol.log>li{margin:0 0 5px;line-height:1.35}
.rules{color:#6a4c00;font-family:monospace;font-size:12px;margin-right:4px}.title{font-weight:bold}
.roll{display:grid;grid-template-columns:1fr 1fr;gap:8px;border:1px solid #c9b98f;background:#fffaf0;padding:6px}
.roll h4{margin:0 0 3px;font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:#6a4c00}
.roll ol{list-style:none;padding:0;margin:0}.empty{color:#777;font-style:italic}
.note{font-size:12px;color:#4a5560}
"""


def _line_html(x: ReviewLine) -> str:
    rules = f'<span class="rules">[{esc(", ".join(x.rules))}]</span>' if x.rules else ""
    text = f": {esc(x.text)}" if x.text else ""
    return f'<li data-kind="{esc(x.kind)}">{rules}<span class="title">{esc(x.title)}</span>{text}</li>'


def _item_html(it: Item) -> str:
    if isinstance(it, ReviewLine):
        return _line_html(it)
    outs = "".join(_line_html(x) for x in it.outcomes) or '<li class="empty">nothing was rolled after all</li>'
    return (f'<li class="roll"><div class="odds"><h4>Odds before the roll</h4><ol>{_line_html(it.odds)}</ol></div>'
            f'<div class="outcome"><h4>What happened</h4><ol>{outs}</ol></div></li>')


def _section_html(s: ReviewSection) -> str:
    fig = (f'<figure>{s.picture}<figcaption>{esc(s.caption)}</figcaption></figure>' if s.picture
           else f'<div class="note">{esc(s.caption)}</div>')
    items = "".join(_item_html(it) for it in s.items) or '<li class="empty">nothing this view may read</li>'
    return (f'<h2 id="{esc(s.anchor)}">{esc(s.heading)}</h2>'
            f'<section>{fig}<ol class="log">{items}</ol></section>')


def review_page(title: str, subtitle: str, sections: Sequence[ReviewSection], plots: Sequence[str] = (),
                defs: str = "", notes: Sequence[str] = ()) -> str:
    """The whole page (a ``str`` of HTML, UTF-8, nothing outside it): ``title`` and ``subtitle``
    (plain words), ``notes`` (plain sentences under them, e.g. what is a sandbox value), the
    ``plots`` (SVG markup, e.g. from :func:`line_plot_svg`), a contents line and every section.
    ``defs``: SVG markup put once at the top, hidden (shapes the pictures ``<use>``: a board
    drawn once for every map picture)."""
    nav = "".join(f'<a href="#{esc(s.anchor)}">{esc(s.heading)}</a>' for s in sections)
    hidden = (f'<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>{defs}</defs></svg>'
              if defs else "")
    return ("<!DOCTYPE html>\n"
            f'<html lang="en"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{esc(title)}</title><style>{_STYLE}</style></head><body>{hidden}"
            f"<h1>{esc(title)}</h1><div class='sub'>{esc(subtitle)}</div>"
            + "".join(f"<p class='note'>{esc(n)}</p>" for n in notes)
            + (f"<div class='plots'>{''.join(plots)}</div>" if plots else "")
            + f"<nav>{nav}</nav>" + "".join(_section_html(s) for s in sections) + "</body></html>\n")



def download_link_html(name: str, page: str, words: str) -> str:
    """A link (``<a download>``) holding ``page`` itself as a ``data:`` URI, saved as ``name`` when
    clicked: it works wherever the lab runs (JupyterLab, Voila, a remote server), with no file
    served.  ``words``: the link's text."""
    import base64
    data = base64.b64encode(page.encode("utf-8")).decode("ascii")
    return (f'<a class="lcb-review-link" download="{esc(name)}" href="data:text/html;charset=utf-8;base64,{data}">'
            f'{esc(words)}</a> <span class="lcb-muted lcb-small">({len(page.encode("utf-8")) // 1024} KB, '
            f'{esc(name)})</span>')
