"""LC:B's after-action review: a game, or one team's view of it, as one standalone HTML file.

:func:`review_html` reads the game's record impulse by impulse as one viewer may
(``"instructor"``, ``"US"`` or ``"RU"``) and hands the pieces to the shared page
(:mod:`lcb_lab.ui.lab.review`): per impulse (the History tab's groups,
:func:`lcb_lab.games.lcb.whatif.timeline.timeline`) the explained log lines with their rule
numbers, the map after it as a static SVG picture (:mod:`lcb_lab.ui.lcb.map.map_svg`), and
each roll's odds beside what happened; above them, kills (units destroyed, 4.21, as counted for
the Initiative Check, 3.42) and the Influence Meter (15.2) after each impulse, as plots, both read
from the viewer's view of the state after the impulse (the states the review walks): a kill the
viewer may not name (a counter destroyed face down) is still counted, as 3.42 counts it openly.

Odds: an ``odds`` log entry (combat, 7.02, 7.57) is paired with the entries after it in its act.
An act that drew dice without one (a card's DETECT, 9.06; mines, 13.33; ASW, 14.14 ...) gets its
odds computed here, before the act, by ``Game.chance_outcomes(action, viewer)``
(:mod:`lcb_lab.games.lcb.chance`: the preview the rules' own setup gives) -- for a team only
when it reads every log entry of that act in full (otherwise nothing is added: that a hidden
act rolled at all may be news to the team).

Hidden information: every log line is ``game.log_entries(team)`` (the observer's redaction),
every map picture ``game.view(team)``, every heading the timeline's (public: 3.3), the plots
read only those views.  Nothing reads the raw state for the page.

Size: the board is drawn once and each picture ``<use>`` s it, each APP-6 symbol once; a short
game (the Appendix B combat lesson, 4 impulses) makes a file of about 150 KB, a random game of
two turns (8 parts) about 190 KB, with no script at all.  The lab's Bokeh map saved with
``file_html`` and INLINE resources would carry BokehJS (about 3.8 MB) and about 180 KB of
document per map: some 4.6 MB for the same four impulses.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.model.state import TEAMS
from lcb_lab.games.lcb.whatif.timeline import timeline
from lcb_lab.kernel.errors import LabError
from lcb_lab.kernel.history import Step
from lcb_lab.kernel.timeline import step_log_range
from lcb_lab.ui.lab.review import ReviewLine, ReviewSection, Series, line_plot_svg, pair_rolls, review_page
from lcb_lab.ui.lcb.map import map_svg, palette
from lcb_lab.ui.lcb.map.map import title_text

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.games.lcb.game import Game

__all__ = ["review_html", "write_review", "review_sections", "Review", "VIEWERS"]

VIEWERS = ("instructor", "US", "RU")
"""Whose view a review shows: the instructor's (everything) or one team's."""


def _line(e: dict) -> ReviewLine:
    return ReviewLine(str(e.get("kind", "")), tuple(str(r) for r in e.get("rules", ())), str(e.get("title", "")),
                      str(e.get("text", "")))


def _is_odds(e: dict) -> bool:
    return e.get("kind") == "odds"


def _groups(game: "Game", team: str) -> list[tuple[str, list[int]]]:
    """The applied steps (1-based) in runs of one timeline group (an impulse, or between impulses)."""
    out: list[tuple[str, list[int]]] = []
    for row in timeline(game, team):
        if row.undone:
            continue
        if out and out[-1][0] == row.group:
            out[-1][1].append(row.step)
        else:
            out.append((row.group, [row.step]))
    return out


def _odds_entry(before: "Game", step: Step, team: str, full: list[dict]) -> dict | None:
    """The odds of ``step`` (a record step whose act rolled dice but logged no odds; ``full``: its
    log entries) computed on ``before`` (the game just before it) for ``team``, as a log-like
    entry (``"computed": True``); None when the act rolled nothing, logged its own odds, or
    ``team`` does not read all of ``full`` in full (no note either: that a hidden act rolled
    at all may be news to the team)."""
    if not step.dice or any(_is_odds(e) for e in full):
        return None
    if team != observer.INSTRUCTOR and any(observer.redact(e, team) is not e for e in full):
        return None        # not even a note: whether a hidden act rolled would itself be news
    try:
        steps = before.chance_outcomes(step.action, None if team == observer.INSTRUCTOR else team)
    except LabError as e:
        return {"kind": "odds", "title": "Odds before the roll", "rules": [],
                "text": f"not previewed: {' '.join(str(e).split())}", "computed": True}
    if not steps:
        return None
    texts = ["; ".join(line.strip() for line in s.text().splitlines()) for s in steps]
    return {"kind": "odds", "title": "Odds before rolling (computed for this review)", "text": " | ".join(texts),
            "rules": sorted({s.rule for s in steps}), "computed": True}


@dataclass(frozen=True)
class Review:
    """A review's pieces for one viewer: ``sections`` (one per impulse, after a *Start* section when
    the game logged anything before its first act), ``views`` (``game.view(team)`` after each
    section), ``seen`` (the log entries the viewer reads in each section) and ``defs`` (the SVG
    defs every picture uses: the board symbol and the APP-6 symbols)."""

    sections: list[ReviewSection]
    views: list[dict]
    seen: list[list[dict]]
    defs: str


def _parts(game: "Game", team: str, walk: "Game") -> list[tuple[str, int, list[list[dict]]]]:
    """``(heading, step shown after it (-1: the game as it stands), entries per act)`` per section;
    an act's entries are those ``team`` reads, after the odds computed for it (:func:`_odds_entry`,
    on ``walk``, a fork of ``game`` moved along its record)."""
    n_now = game.history.cursor
    parts: list[tuple[str, int, list[list[dict]]]] = []
    start_len = step_log_range(game, 1)[0] if n_now else len(game.log)
    if start_len or not n_now:
        heading = "Start: before the first act" if n_now else "The game as saved (no record of its acts)"
        parts.append((heading, 0 if n_now else -1, [game.log_entries(team, 0, start_len)]))
    for group, steps in _groups(game, team):
        acts = []
        for n in steps:
            since, until = step_log_range(game, n)
            walk.goto(n - 1)
            extra = _odds_entry(walk, game.history.steps[n - 1], team, game.log[since:until])
            acts.append(([extra] if extra else []) + game.log_entries(team, since, until))
        parts.append((group, steps[-1], acts))
    return parts


def review_sections(game: "Game", team: str = "instructor") -> Review:
    """The :class:`Review` of ``game`` for ``team``: per section its heading, the map picture after
    it (the view at its last step; the last section's is the game as it stands), its items (log
    lines, rolls with their odds).  ``game`` is not changed (a fork walks its record).  Raises
    InputError for an unknown ``team``."""
    game.log_entries(team, 0, 0)                       # checks the viewer's name (InputError)
    walk = game.fork()
    views, items, seen = [], [], []
    for heading, n, acts in _parts(game, team, walk):
        if n < 0 or n == game.history.cursor:
            views.append(game.view(team))
        else:
            walk.goto(n)
            views.append(walk.view(team))
        items.append((heading, tuple(pair_rolls(acts, _line, _is_odds))))
        seen.append([e for act in acts for e in act if not e.get("computed")])
    sym_defs, ids = map_svg.symbol_defs(u for v in views for u in map_svg.picture_urls(v))
    name = game.view(team)["scenario_name"]
    sections = []
    for i, ((heading, its), view) in enumerate(zip(items, views)):
        l1, l2 = title_text(view, name)
        sections.append(ReviewSection(heading, map_svg.map_picture(game.board, view, ids, f"Map after {heading}"),
                                      f"After it: {l1} \u00b7 {l2}", its, f"part-{i}"))
    return Review(sections, views, seen, map_svg.board_defs(game.board) + sym_defs)


def review_html(game: "Game", team: str = "instructor") -> str:
    """The after-action review of ``game`` as ``team`` (one of :data:`VIEWERS`) may know it: one
    standalone HTML page (``str``; nothing outside the file, no script): title, plots of kills and
    the Influence Meter after each impulse, then per impulse its map picture and its explained log
    with each roll's odds beside what happened.  Deterministic (the same game gives the same
    page).  Raises InputError for an unknown ``team``."""
    r = review_sections(game, team)
    sections, views = r.sections, r.views
    counts = [v.get("kills") or {t: 0 for t in TEAMS} for v in views]   # the walked states, as the viewer sees them
    labels = [_short(s.heading) for s in sections]
    kills = line_plot_svg("Units destroyed so far (4.21; as the Initiative Check counts them, 3.42)", labels,
                          [Series(f"by {palette.TEAM_NAME[t]}", palette.TEAM[t], tuple(c[t] for c in counts),
                                  "" if t == "US" else "5 3") for t in TEAMS], "after each impulse")
    infl = line_plot_svg("Influence Meter (15.2): + toward US, \u2212 toward RU", labels,
                         [Series("Influence Meter", "#5b4a8a", tuple(float(v.get("influence", 0)) for v in views))],
                         "after each impulse", zero_line=True)
    name = game.view(team)["scenario_name"]
    whose = palette.TEAM_NAME.get(team, team)
    notes = ["Each impulse: the map after it (this view's counters; a face-down enemy counter is a "
             "hatched \u201c?\u201d), then its explained log; every roll shows the odds before it "
             "beside what happened."]
    if team != observer.INSTRUCTOR:
        notes.append(f"The {whose} team's view: only what that team may know is shown.")
    n = len(sections)
    return review_page(f"After-action review: {name}", f"{whose} view \u00b7 {n} part{'' if n == 1 else 's'}", sections,
                       [kills, infl], r.defs, notes)


def _short(heading: str) -> str:
    """A plot's x label of a section heading: "T1 i3" for "Turn 1 · impulse 3 · TF Boston"."""
    bits = heading.split(" \u00b7 ")
    if bits and bits[0].startswith("Turn "):
        t = "T" + bits[0][5:]
        if len(bits) > 1 and bits[1].startswith("impulse "):
            return f"{t} i{bits[1][8:]}"
        return f"{t} \u2013"
    return "start"


def write_review(game: "Game", path: str | Path, team: str = "instructor") -> Path:
    """Write :func:`review_html` of ``game`` for ``team`` to ``path`` (UTF-8; the folder must
    exist); returns the path.  The page is written whole (:func:`lcb_lab.kernel.files.write_whole`):
    a file already there is replaced only by a complete review (a full disk leaves it as it was); a
    link, a pipe or a device is written through.  Raises InputError for an unknown ``team``, OSError."""
    from lcb_lab.kernel.files import write_whole
    return write_whole(path, review_html(game, team))
