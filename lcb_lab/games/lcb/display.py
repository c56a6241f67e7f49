"""How a game, a unit, a card and a pending choice show in a notebook: a short ``repr`` and a
small HTML table (``_repr_html_``), in words, with no Python reprs.

What they show is what the instructor's view shows of that object (these are the engine's own
records, not a team's view): a unit's HP, hex and supply; a card's place and state; the
question a choice asks.  A choice shows its prompt and, for INTERCEPT, the targets and the IAMD
values the answering team may use -- that team's own units, which the question is put to.
"""
from __future__ import annotations

from html import escape
from typing import Any

from lcb_lab.games.lcb.plain import plain, slot_words

# This module sits below the records it draws (state, decisions and game call it), so it names
# them in annotations only, never by import: an import, even under TYPE_CHECKING, would close a cycle.
Game = Unit = Card = Choice = Any

STYLE = "border-collapse:collapse;font-size:13px"
CELL = "text-align:left;padding:1px 8px 1px 0;vertical-align:top"
DASH = "\u2014"


def table(title: str, rows: list[tuple[str, Any]]) -> str:
    """An HTML table: a bold ``title`` caption, then ``(label, value)`` rows; every value in
    words (:func:`lcb_lab.games.lcb.plain.plain`, ``None`` as a dash) and escaped."""
    body = "".join(f'<tr><th style="{CELL}">{escape(k)}</th><td style="{CELL}">{escape(plain(v, DASH))}</td></tr>'
                   for k, v in rows)
    return (f'<table class="lcb-lab-record" style="{STYLE}"><caption style="text-align:left;font-weight:bold;white-space:nowrap">'
            f"{escape(title)}</caption>{body}</table>")


# ---------------------------------------------------------------- the game
def game_rows(game: "Game") -> list[tuple[str, Any]]:
    """Scenario, turn, stage, initiative, the impulse under way, who acts, the pending question,
    Influence Meter, Tactical Network cubes, units destroyed and the winner."""
    s = game.state
    imp = s.impulse
    choice = game.pending
    alive = {t: sum(1 for u in s.units.values() if u.team == t and not u.destroyed) for t in ("US", "RU")}
    return [("scenario", s.scenario), ("turn", f"{s.turn} of {s.max_turns}"), ("stage", s.stage),
            ("initiative", s.initiative),
            ("impulse", f"{imp.task_force} ({imp.team}), {imp.ap} AP left" if imp else "none under way"),
            ("to act", game.to_act() or "nobody: the game is over"),
            ("waiting for", f"{choice.team}: {choice.prompt} ({choice.rule})" if choice else "no answer"),
            ("influence", s.influence), ("network cubes", s.network_cubes),
            ("units in play", alive), ("units destroyed", s.total_kills),
            ("winner", s.winner or "none yet")]


def game_repr(game: "Game") -> str:
    """``<Game gotland_redux: turn 1, action stage, to act US>``."""
    s = game.state
    return f"<Game {s.scenario}: turn {s.turn}, {s.stage} stage, to act {game.to_act() or 'nobody'}>"


def game_html(game: "Game") -> str:
    """The game as a small HTML table for notebooks: the rows of :func:`game_rows` under ``Game: <scenario>``."""
    return table(f"Game: {game.state.scenario}", game_rows(game))


# ---------------------------------------------------------------- a unit
def unit_rows(u: "Unit") -> list[tuple[str, Any]]:
    """Designator, team and Task Force, hex (or aboard / off the map), HP, supply, face,
    and the turn's flags that are set; for a counter seen only as a back, its team and hex."""
    if u.stand_in:
        return [("counter", f"a concealed {u.team} counter"), ("hex", u.hex)]
    where = u.hex or (f"aboard {u.embarked_on}" if u.embarked_on else "off the map")
    flags = [w for w, on in (("destroyed", u.destroyed), ("acted", u.acted), ("moved", u.moved),
                             ("paralysed", u.paralysed)) if on]
    return [("unit", u.uid), ("team", f"{u.team}, {u.task_force}"), ("hex", where),
            ("HP", u.hp), ("supply", u.supply), ("face", "up (revealed)" if u.revealed else "down (concealed)"),
            ("attached cards", u.attachments), ("this turn", flags)]


def unit_repr(u: "Unit") -> str:
    """``<Unit 1 Kilo (US) in F-6: HP 2, face down>``; a counter seen only as a back:
    ``<Unit: a concealed RU counter in AL-21>``."""
    if u.stand_in:
        return f"<Unit: a concealed {u.team} counter in {u.hex}>"
    where = f"in {u.hex}" if u.hex else (f"aboard {u.embarked_on}" if u.embarked_on else "off the map")
    state = "destroyed" if u.destroyed else f"HP {u.hp}"
    return f"<Unit {u.uid} ({u.team}) {where}: {state}, face {'up' if u.revealed else 'down'}>"


# ---------------------------------------------------------------- a card
def card_title(c: "Card") -> str:
    """``"Card: Open Source Intel (US, pool)"``: the card's name, team and place (9.0); never
    its internal id."""
    return f"Card: {c.name} ({c.team}, {c.where})"


def card_rows(c: "Card") -> list[tuple[str, Any]]:
    """Card name, team, where it is (pool, attached to, embarked on, deployed, ...), face,
    expended, enemy cubes and supply."""
    where = c.where + (f" ({c.host})" if c.host else "") + (f" in {c.hex}" if c.hex else "")
    return [("card", c.name), ("team", c.team), ("where", where),
            ("face", "up" if c.face_up else "down"), ("expended", c.expended), ("enemy cubes", c.cubes),
            ("supply", c.supply)]


def card_repr(c: "Card") -> str:
    """``<Card Amphibious: LCU (US), embarked (LHD 1), face down>``."""
    host = f" ({c.host})" if c.host else ""
    return f"<Card {c.name} ({c.team}), {c.where}{host}, face {'up' if c.face_up else 'down'}>"


# ---------------------------------------------------------------- a pending choice
def choice_rows(ch: "Choice", intercept: Any = None) -> list[tuple[str, Any]]:
    """Who answers, the question and its rule; for INTERCEPT (``intercept``: the choice's
    :class:`~lcb_lab.games.lcb.choice_options.InterceptOptions`) each target's eligible IAMD values,
    an Attached card's value by the card's name (``"2 Anna INT1 of Pantsir-SM: IAMD (up to 6
    dice)"``, the options' ``card_names``; 9.31), never its id."""
    rows: list[tuple[str, Any]] = [("answers", ch.team), ("question", ch.prompt), ("rule", ch.rule)]
    if intercept is None:
        return rows
    names = intercept.card_names
    for t in intercept.targets:
        ok = [f"{o.uid} {slot_words(o.slot, names)} (up to {o.max_dice} dice)" for o in t.interceptors if o.eligible]
        rows.append((f"INTERCEPT for {t.target}", f"{t.incoming_dice} LRS dice incoming; may intercept: "
                                                  f"{plain(ok)}"))
    return rows


def choice_repr(ch: "Choice") -> str:
    """``<Choice intercept for US (7.54): Allocate INTERCEPT dice ...>``."""
    return f"<Choice {ch.kind} for {ch.team} ({ch.rule}): {ch.prompt}>"
