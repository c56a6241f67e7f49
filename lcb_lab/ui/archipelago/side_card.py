"""Two small parts of the Archipelago lab's side column, drawn from the viewer's view (never the state).

* :func:`cards_html` -- the cards of the optional rule (l.757-781): the viewer's own cards face
  down in a *hand row* (each card's name, group and the sectors it marks, as the card shows them to
  its holder, l.769), the other side's as a count only (chosen cards are not shown, l.771; kept
  face down beside the panels, l.773); the umpire sees both hands.
* :func:`key_html` -- the key of the marks on the map (folded under its heading, so the explained
  log keeps its room): one row per kind drawn now (a piece's
  class, a marker, a written sector), its small drawing (the same outline the map draws,
  :func:`~lcb_lab.ui.archipelago.board_view.piece_outline`), its words and rule, and a *sandbox*
  tag where the text prints no mark (:data:`~lcb_lab.ui.archipelago.marks.KEY`).

>>> cards_html({"cards": {"Blue": 3, "Red": ["subs-1"]}}, "Red").count("face down")
2
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Sequence

from lcb_lab.kernel.hexgrid import Axial, Facing
from lcb_lab.kernel.observer import all_seeing
from lcb_lab.ui.archipelago.board_view import PieceMark, piece_outline, ssm_tick, SSM_KINDS
from lcb_lab.ui.archipelago.marks import AreaMark, key_rows
from lcb_lab.ui.archipelago.stacks import CROWD_MIN, PIECE_KINDS_ONLY
from lcb_lab.ui.lab.html import esc

__all__ = ["cards_html", "key_html", "mark_svg"]


def _card_words(name: str) -> str:
    from lcb_lab.games.archipelago.model.cards import card_set
    c = card_set().get(name)
    if c is None:
        return name
    where = ", ".join(c.sectors) or "-"
    return f"{c.name} \u00b7 {c.group} \u00b7 {where}"


def cards_html(v: dict, viewer: Any) -> str:
    """The hand row of view ``v`` for ``viewer`` (module docstring); "" when no cards are in play."""
    cards = v.get("cards") or {}
    if not cards:
        return ""
    rows = []
    for owner, held in sorted(cards.items(), key=lambda kv: kv[0] != viewer):
        if isinstance(held, list):
            chips = "".join(f'<span class="arch-card-chip">{esc(_card_words(n))}</span>' for n in held) \
                or '<span class="lcb-muted">none</span>'
            who = "Your cards" if owner == viewer else f"{owner}'s cards"
            rows.append(f"<b>{esc(who)}</b>, face down (l.773): {chips}")
        else:
            rows.append(f"<b>{esc(owner)}</b> holds {int(held)} card(s), face down (l.773)")
    note = "" if all_seeing(viewer) else " Used at the end of a turn, in the Turn tab's More acts."
    return ('<div class="lcb-card arch-hand"><span class="lcb-muted lcb-small">Cards (optional rule l.757; '
            f'the card set is sandbox).{esc(note)}</span><br>' + "<br>".join(rows) + "</div>")


def mark_svg(kind: str, colour: str = "#555555", dashed: bool = False, size: int = 26) -> str:
    """A small SVG of the drawing ``kind`` facing north-east (``size`` px square), as the map draws it."""
    scale = size / 1.6
    if kind in ("hidden_submarine", "rc_mines"):
        return (f'<svg width="{size}" height="{size}"><rect x="3" y="5" width="{size - 6}" height="{size - 10}" '
                f'fill="{colour}" fill-opacity="0.15" stroke="{colour}" stroke-width="2" stroke-dasharray="4 3"/></svg>')
    m = PieceMark("", "", Axial(0, 0), Facing.NE, kind)  # type: ignore[arg-type]
    pts = " ".join(f"{size / 2 + x * scale:.1f},{size / 2 - y * scale:.1f}" for x, y in piece_outline(m))
    dash = ' stroke-dasharray="3 2"' if dashed else ""
    tick = ""
    if kind in SSM_KINDS:
        (ax, ay), (bx, by) = ssm_tick(m)
        tick = (f'<line x1="{size / 2 + ax * scale:.1f}" y1="{size / 2 - ay * scale:.1f}" x2="{size / 2 + bx * scale:.1f}" '
                f'y2="{size / 2 - by * scale:.1f}" stroke="#ffd400" stroke-width="2"/>')
    return (f'<svg width="{size}" height="{size}"><polygon points="{pts}" fill="{colour}" stroke="{colour}" '
            f'stroke-width="1.5"{dash}/>{tick}</svg>')


def key_html(marks: Iterable[PieceMark], areas: Iterable[AreaMark] = ()) -> str:
    """The key of the kinds among ``marks`` and ``areas`` (module docstring): one row each."""
    marks, areas = list(marks), list(areas)
    kinds = {m.kind for m in marks} | {a.kind for a in areas}
    if not kinds:
        return ""
    dashed = {m.kind for m in marks if m.dashed}
    rows = []
    for kind, words, rule, sandbox in key_rows(kinds):
        tag = f' <span class="lcb-sandbox">{esc(sandbox)}</span>' if sandbox else ""
        rows.append(f'<div class="arch-key-row" data-kind="{esc(kind)}">{mark_svg(kind, dashed=kind in dashed)} '
                    f'{esc(words)} <span class="lcb-rule">{esc(rule)}</span>{tag}</div>')
    rows += _crowd_row(marks)
    return ('<div class="lcb-card arch-key"><details><summary><b>On the map</b> <span class="lcb-muted lcb-small">'
            f'({len(rows)} kinds: the lab\'s drawings of the pieces and markers; owner by colour)</span></summary>'
            + "".join(rows) + "</details></div>")


def _crowd_row(marks: Sequence[PieceMark]) -> list[str]:
    """The key's row of the count badge (:mod:`~lcb_lab.ui.archipelago.stacks`) when a side has pieces enough
    for one (at least ``CROWD_MIN``): the badge stands for that side's pieces too close for their numbers at
    the board's scale (the lab's drawing, not the rules')."""
    per_side = Counter(m.owner for m in marks if m.kind not in PIECE_KINDS_ONLY)
    if not any(n >= CROWD_MIN for n in per_side.values()):
        return []
    badge = ('<svg width="26" height="16"><rect x="1" y="2" width="24" height="12" rx="2" fill="#555555" '
             'stroke="#ffd400" stroke-width="2"/><text x="13" y="11.5" font-size="9" font-weight="bold" fill="#ffffff" '
             'text-anchor="middle">\u00d78</text></svg>')
    return [f'<div class="arch-key-row" data-kind="crowd">{badge} a count of one side\'s pieces ("\u00d78": 8 Blue pieces): '
            'their numbers would run together at this scale; hover it for their names, zoom in to see each '
            '<span class="lcb-sandbox">the lab\'s drawing</span></div>']
