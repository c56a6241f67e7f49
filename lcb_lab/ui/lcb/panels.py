"""HTML of the lab's read-only panels: hex info, Unit Tracker, explained log, messages.

Pure functions of the engine's public API and of ``game.view(team)``: what
a team may not see never reaches them.  The CSS and the shared pieces (escaping, rule badges, messages)
are the lab's: :mod:`lcb_lab.ui.lab.style`, :mod:`lcb_lab.ui.lab.html`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable


from lcb_lab.kernel import explain
from lcb_lab.games.lcb import observer, plain
from lcb_lab.games.lcb.model.board import MP_BY_COLOUR
from lcb_lab.ui.lab.html import (LOG_EMPTY, LOG_HEAD, esc, message_html, refusal_note_html,  # noqa: F401 - the
                                 refusal_text, rule_badges)                     # panels' HTML pieces
from lcb_lab.ui.lcb.map import palette

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game
    from lcb_lab.games.lcb.model.board import Board

DAGGER = palette.SANDBOX_MARK

def view_name(team: str) -> str:
    """The one name of a team's view: "Red (RU) view", "Instructor view"."""
    return f"{palette.TEAM_NAME.get(team, team)} view"


def slot_words(slot: str, card_names: dict[str, str] | None = None) -> str:
    """A CV slot as a class reads it: :func:`lcb_lab.games.lcb.plain.slot_words` (an Attached card's
    slot by the card's name, or "an Attached card"; never its id, 9.31)."""
    return plain.slot_words(slot, card_names)


def hp_lost_rows(damage: Iterable[float]) -> str:
    """The damage distribution as a class reads it: ``damage[k]`` is P(k HP lost) (7.02, 7.05,
    7.57) -> ``"0 HP lost 0.8%, 1 HP lost 7.6%, 2 HP lost 91.6%"``."""
    return ", ".join(f"{k} HP lost {p * 100:.1f}%" for k, p in enumerate(damage))


def odds_bars_html(damage: Iterable[float]) -> str:
    """A small bar plot of ``damage[k]`` = P(k HP lost), k = 0..HP (7.02, 7.05, 7.57): one bar per
    outcome, 18 px at 100%, the last (the target destroyed) red like :mod:`lcb_lab.ui.lcb.odds_plot`'s;
    its words (:func:`lcb_lab.games.lcb.rules.combat.odds.pmf_words`) as the tooltip and the
    accessible name.  ``""`` for fewer than two outcomes."""
    from lcb_lab.games.lcb.rules.combat.odds import pmf_words
    from lcb_lab.ui.lcb.odds_plot import KILL, SAFE
    pmf = [float(p) for p in damage]
    if len(pmf) < 2:
        return ""
    words = esc("HP lost: " + pmf_words(pmf, "HP", "HP", zero="none"))
    cols = "".join(f'<span class="lcb-odds-col"><span class="lcb-odds-bar" style="height:{max(1, round(18 * p))}px;'
                   f'background:{KILL if k == len(pmf) - 1 else SAFE}"></span><span class="lcb-odds-k">{k}</span></span>'
                   for k, p in enumerate(pmf))
    return f'<span class="lcb-odds-bars" role="img" aria-label="{words}" title="{words}">{cols}</span>'


def team_span(team: str) -> str:
    """The team's display name (``"US"`` -> its palette name) in its colour span; an unknown team as given."""
    return f'<span class="lcb-team-{esc(team)}">{esc(palette.TEAM_NAME.get(team, team))}</span>'


# ------------------------------------------------------------------ hex info
HEX_KIND_WORDS = {"naval": "naval (water only)", "land": "land only", "mixed": "mixed (land and water)"}


def _stack_lines(view: dict, label: str) -> list[str]:
    team = view["team"]
    lines, backs = [], {}
    for c in view["counters"]:
        if c.get("hex") != label:
            continue
        if c.get("back"):
            backs[c["team"]] = backs.get(c["team"], 0) + 1
            continue
        status = "face up" if c.get("revealed") else "concealed"
        extra = []
        if c.get("paralysed"):
            extra.append("may not act this turn")
        if c.get("acted"):
            extra.append("acted")
        lines.append(f'{team_span(c["team"])} <b>{esc(c["uid"])}</b> {esc(c["abbrev"])} '
                     f'<span class="lcb-muted">({esc(c["task_force"])}, HP {c["hp"]}/{c["hp_max"]}, {status}'
                     f'{", " + ", ".join(extra) if extra else ""})</span>')
        carried = [e["uid"] for e in view["counters"] if e.get("embarked_on") == c["uid"]]
        if carried:
            lines.append(f'&nbsp;&nbsp;<span class="lcb-muted">embarked: {esc(", ".join(carried))}</span>')
    for m in view.get("markers", []):
        if m.get("hex") != label:
            continue
        if m.get("back"):
            backs[m["team"]] = backs.get(m["team"], 0) + 1
        else:
            lines.append(f'{team_span(m["team"])} MILDEC marker <b>{esc(m["id"])}</b>')
    from lcb_lab.ui.lcb.map.markers import KIND_RULE, KIND_WORDS, chip_text
    for m in view.get("card_markers") or []:          # card markers (13.x), as the view shows them
        if m.get("hex") != label:
            continue
        if m.get("back"):
            lines.append(f'{team_span(m["team"])} a card marker, face down <span class="lcb-rule">13.21</span>')
            continue
        kind = m.get("kind", "")
        extra = "" if m.get("revealed", True) else " (concealed)"
        cargo = m.get("cargo") or []
        carry = f' carrying {esc(", ".join(cargo))}' if cargo else (
            f" carrying {m['cargo_count']} unit(s)" if m.get("cargo_count") else "")
        if kind == "fortification":               # the attacker's CV modifiers on its team's units (13.51)
            from lcb_lab.games.lcb.rules.markers.fortify import LEVEL_MODS
            ga, lrs = LEVEL_MODS.get(int(m.get("level", 1)), (0, 0))
            extra += f": the attacker's GROUND ASSAULT CV {ga:+d}" + (f", LRS CV {lrs:+d}" if lrs else "")
        lines.append(f'{team_span(m["team"])} {esc(KIND_WORDS.get(kind, kind))} <b>{esc(m["id"])}</b> '
                     f'{esc(chip_text(m))}{esc(extra)}{carry} <span class="lcb-rule">{esc(KIND_RULE.get(kind, "13.0"))}</span>')
    for t, n in backs.items():
        lines.append(f'{team_span(t)} {n} concealed counter(s) <span class="lcb-muted">(face down: '
                     f'{"you cannot see what they are" if team != "instructor" else "hidden"})</span>')
    return lines


def hex_info_html(board: Board, label: str | None, view: dict | None = None) -> str:
    """The hex info panel: terrain, MP, features, note, and the visible stack."""
    if not label:
        return ('<div class="lcb-card"><h4>Hex info</h4><span class="lcb-muted">Click a hex on the map '
                'to see its terrain, features and the counters there.</span></div>')
    info = board.hex(label)
    if board.is_zone_place(label):
        return _zone_info_html(label, info, view)
    mp = MP_BY_COLOUR[info.colour]
    cost = "prohibited" if mp is None else f"{mp} MP to enter"
    sw = f'<span class="lcb-swatch" style="background:{palette.terrain_drawn(info.colour, info.kind)}"></span>'
    feats = ", ".join(f"{f.kind.replace('_', ' ')} {f.name}" for f in info.features) or "none"
    rows = [
        ("Terrain", HEX_KIND_WORDS.get(info.kind, info.kind)),
        ("MP colour", f"{sw}{esc(info.colour)}, {palette.TERRAIN_HATCH_WORDS[info.colour]} \u2014 {cost} "
                      "<span class='lcb-rule'>5.11</span>"),
        ("Land", f"{info.land_fraction * 100:.0f}% of the hex"),
        ("Features", esc(feats)),
    ]
    if info.terrain_modifier:
        rows.append(("Combat", f"ground targets here: offensive CV {info.terrain_modifier:+d} "
                               "<span class='lcb-rule'>7.09</span>"))
    body = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
    note = f'<div class="lcb-small lcb-muted">{esc(info.note)}</div>' if info.note else ""
    stack = _stack_lines(view, label) if view else []
    stack_html = ("<div><b>Counters</b><br>" + "<br>".join(stack) + "</div>") if stack else \
        '<div class="lcb-muted">No counters you can see.</div>'
    return (f'<div class="lcb-card"><h4>Hex {esc(label)}</h4><table class="lcb-table">{body}</table>'
            f"{note}{stack_html}</div>")


def _zone_info_html(label: str, info, view: dict | None) -> str:
    """The hex info panel of a naval-zone place (7.4, 7.41-7.44): its box, what may fire from
    and into it, no movement, and the visible stack."""
    rows = [("Terrain", esc(info.note)),
            ("Place", "each stack in a naval zone is its own hex <span class='lcb-rule'>7.43</span>"),
            ("Movement", "none into, out of or between the zones <span class='lcb-rule'>7.44</span>"),
            ("LRS", "infinite range only; CV -2 from or into a 700 km zone, -4 a 1,200 km zone, -2 zone to zone "
                    "(lcb_lab's reading of the truncated rule) <span class='lcb-rule'>7.41</span>"),
            ("INTERCEPT", "only for units stacked here <span class='lcb-rule'>7.42</span>")]
    body = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
    stack = _stack_lines(view, label) if view else []
    stack_html = ("<div><b>Counters</b><br>" + "<br>".join(stack) + "</div>") if stack else \
        '<div class="lcb-muted">No counters you can see.</div>'
    return f'<div class="lcb-card"><h4>Naval zone place {esc(label)}</h4><table class="lcb-table">{body}</table>{stack_html}</div>'


# ------------------------------------------------------------------ Unit Tracker
def provenance(value: object, source: str) -> str:
    """A value with its provenance: sandbox values get a dagger; rulebook refs on hover."""
    shown = "\u221e" if value is None else esc(value)
    if source.startswith("sandbox"):
        return f'<span class="lcb-sandbox" title="{esc(source)}">{shown}{DAGGER}</span>'
    return f'<span class="lcb-rulebook" title="{esc(source)}">{shown}</span>'


def _attachment_words(counter: dict, cards: list[dict] | None) -> list[str]:
    """The cards on a unit as the view knows them: from the view's cards (``cards``: Attached to it,
    or Embarked on it, 9.31, 10.34) when given -- the unit's own ``attachments`` strings are for
    display only and may be stale -- except the other team's count ("1 card(s)", 9.02)."""
    att = list(counter.get("attachments") or [])
    if cards is None or any(str(a).endswith("card(s)") for a in att):
        return att
    uid = counter["uid"]
    return ([c["name"] for c in cards if c.get("where") == "attached" and c.get("host") == uid]
            + [f'{c["name"]} (Embarked)' for c in cards if c.get("where") == "embarked" and c.get("host") == uid])


def unit_tracker_html(game: Game, counter: dict, cards: list[dict] | None = None) -> str:
    """The Unit Tracker of a counter the view shows face up (or own); ``cards``: the view's cards
    (``game.view(team)["cards"]``) for the line of its Attached / Embarked cards."""
    t = game.catalog.unit(counter["type_id"])
    uid = counter["uid"]
    flags = ["face up" if counter.get("revealed") else "concealed"]
    for k, w in (("acted", "acted this turn"), ("moved", "moved"), ("paralysed", "may not act (card)")):
        if counter.get(k):
            flags.append(w)
    head = (f'<h4>{team_span(counter["team"])} {esc(uid)} <span class="lcb-muted">\u2014 {esc(t.name)}</span></h4>'
            f'<div class="lcb-small">{esc(counter["task_force"])} \u00b7 '
            f'{"hex " + esc(counter["hex"]) if counter.get("hex") else "embarked on " + esc(counter.get("embarked_on"))}'
            f' \u00b7 {", ".join(flags)}</div>')
    extra = ""
    if getattr(t, "torpedo_cv", None) is not None:      # a submarine (14.x): TORPEDO ATTACK CV, required DETECT
        extra += f'<th>TORPEDO</th><td>{provenance(t.torpedo_cv, t.source("torpedo_cv"))} {rule_badges(["14.08"])}</td>'
    if getattr(t, "detect", None) is not None:
        extra += f'<th>DETECT</th><td>{provenance(t.detect, t.source("detect"))} {rule_badges(["14.12"])}</td>'
    basics = (f'<table class="lcb-table"><tr><th>HP</th><td>{counter["hp"]} / {provenance(t.hp, t.source("hp"))}</td>'
              f'<th>MP</th><td>{provenance(t.mp, t.source("mp"))}</td>{extra}</tr></table>')
    rows = []
    supply = counter.get("supply", {})
    for cv in t.cvs:
        left = supply.get(cv.slot)
        sup = "\u221e" if cv.supply is None else f"{left if left is not None else '?'} / {provenance(cv.supply, cv.sources.get('supply', 'sandbox'))}"
        rng = provenance(cv.range, cv.sources.get("range", "sandbox"))
        sw = f'<span class="lcb-swatch" style="background:{palette.CV_TRACK.get(cv.slot, "#999")}"></span>'
        rows.append(f"<tr><td>{sw}{esc(cv.slot)}</td><td>{provenance(cv.value, cv.sources.get('value', 'sandbox'))}</td>"
                    f"<td>{rng}</td><td>{sup}</td></tr>")
    for rv in t.rvs:
        left = supply.get("RP")
        rows.append(f"<tr><td>{esc(rv.slot)} (RV)</td><td>{provenance(rv.value, rv.sources.get('value', 'sandbox'))}</td>"
                    f"<td>{provenance(rv.range, rv.sources.get('range', 'sandbox'))}</td>"
                    f"<td>{'RP ' + str(left) if left is not None else ''}</td></tr>")
    cvs = ("<table class='lcb-table'><tr><th>Track</th><th>CV</th><th>Range</th><th>Supply</th></tr>"
           + "".join(rows) + "</table>") if rows else '<div class="lcb-muted">No combat values.</div>'
    att = _attachment_words(counter, cards)
    att_html = f'<div class="lcb-small">Attachments: {esc(", ".join(att))}</div>' if att else ""
    legend = (f'<div class="lcb-small lcb-muted lcb-tracker-note" title="hover a value for its rulebook reference '
              f'(the rulebook is not included)">{esc(palette.SANDBOX_LEGEND)}.</div>')
    return f'<div class="lcb-card">{head}{basics}{cvs}{att_html}{legend}</div>'


# ------------------------------------------------------------------ log
def visible_entries(game: Game, team: str) -> list[dict]:
    """Log entries ``team`` may read (``Game.log_entries``)."""
    return game.log_entries(team)


CARD_KINDS = ("card", "chain", "response", "detect", "nullify", "ftr", "card_intercept", "planning", "deployment")
"""Log entry kinds of the card engine and the stages (chapter 9, Planning and Deployment), marked by a blue edge in the log."""


def is_card_entry(e: dict) -> bool:
    """A step of a card, its chain or the Planning / Deployment Stage (a card kind, or a ``card`` fact)."""
    kind = str(e.get("kind", ""))
    return kind in CARD_KINDS or kind.startswith(("card", "chain")) or "card" in (e.get("data") or {})


def entry_html(e: dict, new: bool = False) -> str:
    """One log entry as an HTML line: an impulse heading, or the entry's rule badges, title and text
    (``new``: highlighted as the last act's)."""
    if e["kind"] == "impulse_start":
        return f'{LOG_HEAD}{esc(e["title"])} <span class="lcb-muted">{esc(e.get("text", ""))}</span></div>'
    cls = "lcb-log-line lcb-log-new" if new else "lcb-log-line"
    if is_card_entry(e):
        cls += " lcb-log-card"
    text = f": {esc(e['text'])}" if e.get("text") else ""
    damage = (e.get("data") or {}).get("damage") if e["kind"] == "odds" else None
    bars = odds_bars_html(damage) if isinstance(damage, list) else ""
    return f'<div class="{cls}">{rule_badges(e.get("rules", []))} <b>{esc(e["title"])}</b>{bars}{text}</div>'


def _indexed_entries(game, team: str) -> list[tuple[int, dict]] | None:
    """``game.log_entries(team)`` with each entry's index in ``game.log`` (each is an entry of
    the log as :func:`observer.redact` gives it to ``team``); None when they cannot be matched."""
    visible = game.log_entries(team)
    out, j = [], 0
    for i, e in enumerate(game.log):
        if j < len(visible) and (visible[j] is e or visible[j] == observer.redact(e, team)):
            out.append((i, visible[j]))
            j += 1
    return out if j == len(visible) else None


def log_parts(game: Game, team: str, notes: list[tuple[int, str]] = (), highlight_from: int | None = None,
              limit: int = 400) -> list[str]:
    """The explained log as ``game.log_entries(team)`` gives it, newest last, one HTML part per entry
    (:data:`LOG_HEAD` for an impulse's heading); ``notes`` = [(log length when made, html)] are
    interleaved where they happened (refused actions); at most the last ``limit`` parts."""
    parts: list[str] = []
    pending = sorted(notes, key=lambda n: n[0])
    k = 0
    entries = _indexed_entries(game, team)
    if entries is None:      # entries the log does not hold as such: notes last, highlight by count
        shown = game.log_entries(team)
        new = len(game.log_entries(team, since=highlight_from)) if highlight_from is not None else 0
        parts = [entry_html(e, new=n >= len(shown) - new) for n, e in enumerate(shown)]
        entries = []
    for i, e in entries:
        while k < len(pending) and pending[k][0] <= i:
            parts.append(pending[k][1])
            k += 1
        parts.append(entry_html(e, new=highlight_from is not None and i >= highlight_from))
    parts += [n[1] for n in pending[k:]]
    return parts[-limit:]


def render_entries_text(entries: list[dict]) -> str:
    """Plain text of some entries, as ``Game.explained_log`` prints them."""
    return explain.render_log(entries, ("impulse_start",))
