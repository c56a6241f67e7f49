"""HTML of the Order of Battle lab's table, from one viewer's observer view (no state read):

* :func:`card_html` -- one whole card face (name, kind, cost, scores, skills, the *sandbox* tag: the
  text prints no card); :func:`chip_html` -- a compact face (name, cost coin, :func:`compact_words`, skill
  tags; the whole face on hover and on a click); :func:`back_html` -- a card back (a hand card, a
  face-down PUD, l.43, a deactivated Hotspot, l.108);
* :func:`phase_track_html` -- the nine phases in order (l.9-131), the current one highlighted (its whole
  title, the others' without "Phase": two rows in a 500 px column), the
  turn, who has completed the phase and who is still to act (each phase is completed by all
  players before the next, l.9), the clockwise seating and the Lead Commander (l.33);
* :func:`hand_html` -- the viewer's Fame hand and Fortune draw as whole cards, every hand as a row of
  compact faces in the umpire's view, another Commander's as a count of backs;
* :func:`display_html` -- each Commander's Command Display in a column: Fame, Credits (its own),
  Reputation, Hotspots, squads with their PUDs and Equipment as compact faces (face-down ones as backs
  to the others), the key of the compact faces and of the sandbox mark, the "more below" cue;
* :func:`battle_html` -- the skirmish being fought, a round's face-down placement shown as
  "committed" to the other side until revealed (l.91-93).

The styles and the layout: :mod:`~lcb_lab.ui.order_of_battle.cards_css`.  Pure functions of their arguments: ``v`` is :func:`lcb_lab.games.order_of_battle.observer.view`'s
dict for the viewer, ``cards`` the game's card set (public: the catalog).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.order_of_battle.state import PHASE_LINES, PHASES, TITLES
from lcb_lab.ui.lab.html import SANDBOX_MARK, esc, rule_badges, sandbox_value
from lcb_lab.ui.order_of_battle.cards_css import CSS

__all__ = ["CSS", "MORE_BELOW", "KEY", "card_html", "chip_html", "compact_words", "skill_tag", "cards_key", "back_html",
           "phase_track_html", "hand_html", "display_html", "battle_html", "card_words"]


SANDBOX = '<span class="oob-sandbox" title="the text prints no card: sandbox values">sandbox</span>'

MORE_BELOW = ('<div class="oob-more" aria-hidden="true">\u25bc more below: scroll</div>'
              '<div class="oob-more-end"></div>')
"""The "more below" cue and its cover, last in a box that may scroll (:mod:`~.cards_css`: shown at the box's
bottom edge only while there is more below, in every browser; no script)."""


def card_words(card: Any) -> str:
    """A card's printed values in one line: cost, scores, skills ("cost 3 · melee 1 ranged 3 defense 2 · demolition")."""
    k = card.kind
    bits = [f"cost {card.cost}"] if k not in ("hotspot", "mission", "battle") else []
    if k == "battlelord":
        bits.append(f"command {card.command}")
    if k in ("battlelord", "pud", "equipment", "matrix"):
        scores = " ".join(f"{f} {getattr(card, f)}" for f in ("melee", "ranged", "defense") if getattr(card, f))
        bits += [scores] if scores else []
    if k == "equipment":
        bits.append(f"{card.slot} slot")
    if k == "matrix":
        bits.append(f"generate {card.generate} Fame")
    if k == "battle":
        bits.append(" ".join(f"{f} +{getattr(card, f)}" for f in ("attack", "defense") if getattr(card, f)))
    if k == "hotspot":
        bits.append(f"sector {card.sector} \u00b7 legit {card.legit} / criminal {card.criminal}")
    if k == "mission":
        bits.append(f"goal sector {card.primary_sector}: {card.primary_fame} Fame, else {card.secondary_fame}")
    if card.skills:
        bits.append(", ".join(card.skills))
    return " \u00b7 ".join(b for b in bits if b)


def card_html(card: Any, label: str = "", cls: str = "oob-card") -> str:
    """One whole card face: its name; its kind, ``label`` (an asset id) and the sandbox tag on one line; its
    values; ``cls``: the box's class (``"oob-face"`` inside a compact face)."""
    tag = SANDBOX if getattr(card, "source", "sandbox") == "sandbox" else ""
    extra = f" \u00b7 {esc(label)}" if label else ""
    return (f'<div class="{cls}"><b>{esc(card.name)}</b><br><span class="lcb-muted">{esc(card.kind)}{extra}</span>'
            f'{" " + tag if tag else ""}<br>{esc(card_words(card))}</div>')


def compact_words(card: Any) -> str:
    """A card's values in the compact face's short form (the key: :data:`KEY`): "M4 R3 D4 · C2", "atk +1 def +1",
    "sector 3 · L1 C4", "sector 2 · 4/2 Fame", "+2 Fame"; its cost is the face's coin, its skills a line of their own."""
    k = card.kind
    bits = []
    if k in ("battlelord", "pud", "equipment", "matrix"):
        bits.append(" ".join(f"{f[0].upper()}{getattr(card, f)}" for f in ("melee", "ranged", "defense")
                             if getattr(card, f)))
    if k == "battlelord":
        bits.append(f"C{card.command}")
    if k == "equipment":
        bits.append(str(card.slot))
    if k == "matrix":
        bits.append(f"+{card.generate} Fame")
    if k == "battle":
        bits.append(" ".join(f"{ {'attack': 'atk'}.get(f, 'def')} +{getattr(card, f)}" for f in ("attack", "defense") if getattr(card, f)))
    if k == "hotspot":
        bits.append(f"sector {card.sector} \u00b7 L{card.legit} C{card.criminal}")
    if k == "mission":
        bits.append(f"sector {card.primary_sector} \u00b7 {card.primary_fame}/{card.secondary_fame} Fame")
    return " \u00b7 ".join(b for b in bits if b)


def skill_tag(skill: str) -> str:
    """A skill's tag on a compact face: its first three letters in capitals ("recon" -> "REC")."""
    return skill[:3].upper()


def cards_key(cards: Any) -> str:
    """The compact faces' key (:data:`KEY`) and the skill tags of ``cards`` (the game's card set) spelt out."""
    skills = sorted({k for c in getattr(cards, "cards", {}).values() for k in c.skills})
    return KEY + "".join(f" \u00b7 {skill_tag(k)} {k}" for k in skills)


KEY = ("M R D: melee, ranged, defense \u00b7 C: command \u00b7 L C: legit, criminal revenue \u00b7 "
       "coin: cost in Credits \u00b7 hatched: face down \u00b7 hover or click a card for its whole face")
"""The compact faces' key (under the table)."""


def chip_html(card: Any, label: str = "", face_down: bool = False) -> str:
    """A compact card face (:mod:`~.cards_css`): the name, the cost as a coin, :func:`compact_words`, the skills
    as tags (:func:`skill_tag`: a Mission's to hold, l.110; a squad member's); the kind in
    its left edge's colour; its whole face (:func:`card_html`: kind, ``label``, sandbox tag, skills) on hover
    and, opened by a click or Enter, inside it (a ``<details>``: no script).  ``face_down``: a card its owner
    keeps face down (the others see its back), drawn hatched with a dashed edge -- only the owner's and the
    umpire's views draw its face."""
    k = card.kind
    down = " oob-down" if face_down else ""
    whole = f"{card.name}: {k}{', ' + label if label else ''}; {card_words(card)}"
    if getattr(card, "source", "sandbox") == "sandbox":
        whole += " (sandbox: the text prints no card)"
    cost = (f'<span class="oob-cost" title="cost {esc(card.cost)} Credit{"" if card.cost == 1 else "s"}">{esc(card.cost)}</span>'
            if k not in ("hotspot", "mission", "battle") else "")
    vals = compact_words(card)
    line = "".join(f'<span class="oob-skill" title="{esc(k)}">{esc(skill_tag(k))}</span>' for k in card.skills)
    line += f'<span class="oob-vals">{cost}{esc(vals)}</span>' if cost or vals else ""
    return (f'<details class="oob-card oob-chip oob-k-{esc(k)}{down}"><summary title="{esc(whole)}">'
            f'<b>{esc(card.name)}</b>{line}</summary>'
            + card_html(card, label, "oob-face") + "</details>")


def back_html(text: str) -> str:
    """A card back with a word on it ("Fame", "PUD", "Hotspot face down")."""
    return f'<div class="oob-back">{esc(text)}</div>'


def phase_track_html(v: dict) -> str:
    """The phase track (module doc)."""
    now = v["phase"]
    i_now = PHASES.index(now) if now in PHASES else len(PHASES)
    boxes = []
    for i, p in enumerate(PHASES):
        cls = " oob-now" if i == i_now else (" oob-done" if i < i_now else "")
        title = TITLES[p] if i == i_now else TITLES[p].removesuffix(" Phase")      # the track's other phases, short
        boxes.append(f'<span class="oob-phase{cls}" title="{esc(PHASE_LINES[p])}">{esc(title)}</span>')
    seats = [c["name"] for c in v["commanders"]]
    if v["winner"]:
        who = f"Game over: {esc(v['winner'])}"
    else:
        done = [s for s in seats if s not in v["pending"]]
        who = (f"Completed the phase: {esc(', '.join(done) or 'nobody yet')} \u00b7 still to act: "
               f"{esc(', '.join(v['pending']) or 'nobody')}")
    lead = esc(v["lead"]) if v["lead"] else "not yet drawn this game"
    order = esc(" \u2192 ".join(seats))
    return (f'<div class="lcb-card oob-trackcard"><b>Turn {esc(v["turn"])}</b> {rule_badges(["l.9"])} '
            f'<div class="oob-track">{"".join(boxes)}</div>{who}<br>'
            f'Clockwise: {order} \u00b7 Lead Commander (initiative): {lead} '
            f'{rule_badges(["l.33"])}</div>')


def _cards_row(names: list[str], cards: Any, compact: bool = False) -> str:
    face = chip_html if compact else card_html
    return '<div class="oob-cards">' + "".join(face(cards[n]) for n in names) + "</div>"


def _backs_row(n: int, word: str) -> str:
    return '<div class="oob-cards">' + "".join(back_html(word) for _ in range(n)) + "</div>"


def hand_html(v: dict, cards: Any, viewer: str) -> str:
    """The hands (module doc): a list in a Commander's view is its own, drawn as whole faces; the umpire's view
    lists every hand, each a row of compact faces (:func:`chip_html`); another's hand is a count of backs."""
    parts = []
    for c in v["commanders"]:
        name = esc(c["name"])
        if isinstance(c["hand"], list):
            own = c["name"] == viewer
            parts.append(f"<div class=\"oob-who\"><b>{name}{' (yours)' if own else ''}</b>: Fame hand, "
                         f"{len(c['hand'])} card(s) {rule_badges(['l.17'])}</div>"
                         + _cards_row(c["hand"], cards, compact=not own))
            if c["offer"]:
                parts.append(f"<div class=\"oob-who\">{name}'s Fortune draw to buy from "
                             f"{rule_badges(['l.39', 'l.41'])}</div>" + _cards_row(c["offer"], cards, compact=not own))
        else:
            offer = f", {c['offer']} Fortune card(s) drawn to buy from" if c["offer"] else ""
            parts.append(f"<div class=\"oob-counted\"><span class=\"oob-who\"><b>{name}</b>: Fame hand, {c['hand']} "
                         f"card(s){offer}</span>" + _backs_row(c["hand"], "Fame")
                         + (_backs_row(c["offer"], "Fortune") if c["offer"] else "") + "</div>")
    return '<div class="lcb-card">' + "".join(parts) + MORE_BELOW + "</div>"


def _asset_html(a: dict, cards: Any) -> str:
    if a["card"] is None:
        return back_html(f"{a['id']} " + ("PUD face down" if a["kind"] == "pud" else f"{a['kind']} face down"))
    label = a["id"] + ("" if a["face_up"] else ", face down")
    return chip_html(cards[a["card"]], label, face_down=not a["face_up"])


def _squad_html(q: dict, assets: dict, cards: Any) -> str:
    members = [q["leader"], *q["puds"], *q["equipment"]]
    mission = q["mission"] + (f" against {q['opponent']}'s {q['target']}" if q["opponent"] else "")
    mission += f" ({q['card']})" if q["card"] else ""
    return (f'<div class="oob-squad">Squad {esc(q["leader"])} \u00b7 {esc(mission)} mission'
            f'{" (acted)" if q["done"] else ""}<div class="oob-cards">'
            + "".join(_asset_html(assets[m], cards) for m in members if m in assets) + "</div></div>")


def display_html(v: dict, cards: Any, acting: str | None = None) -> str:
    """Each Commander's Command Display (module doc); ``acting``: the Commander the game waits for.  Fame
    (its start is sandbox) and the decks' counts (a sandbox card set) wear the sandbox mark
    (:func:`~lcb_lab.ui.lab.html.sandbox_value`), the start named on hover."""
    out = []
    fame_why = (f"sandbox: the text gives no starting Fame; each Commander starts with "
                f"{getattr(cards, 'starting_fame', '?')} (then the rules' gains and costs)")
    deck_why = "sandbox: the cards left in the deck, of lcb_lab's own card set (the text prints no card)"
    for c in v["commanders"]:
        assets = {a["id"]: a for a in c["display"]}
        squads = [q for q in v["squads"] if q["owner"] == c["name"]]
        in_squad = {m for q in squads for m in (q["leader"], *q["puds"], *q["equipment"])}
        loose = [a for a in c["display"] if a["id"] not in in_squad]
        credits = "?" if c["credits"] is None else c["credits"]
        draws = v["draws"].get(c["name"], [])
        drawn = f" \u00b7 initiative draw: {esc(', '.join(draws))}" if draws else ""
        cls = " oob-acting" if c["name"] == acting else ""
        out.append(
            f'<div class="oob-display{cls}"><b>{esc(c["name"])}</b> \u00b7 Fame {sandbox_value(c["fame"], fame_why)} '
            f'\u00b7 Credits {esc(credits)} \u00b7 Reputation {c["reputation"]} {rule_badges(["l.119"])} \u00b7 '
            f'{esc(c["affiliation"])} (revenue {c["revenue"]}) \u00b7 decks: Fame {sandbox_value(c["fame_deck"], deck_why)}, '
            f'Fortune {sandbox_value(c["fortune_deck"], deck_why)}{drawn}'
            '<div class="oob-cards">' + "".join(_asset_html(a, cards) for a in loose) + "</div>"
            + "".join(_squad_html(q, assets, cards) for q in squads) + "</div>")
    key = (f'<div class="lcb-muted oob-key">{esc(cards_key(cards))}</div><div class="lcb-muted oob-key oob-sandbox-key">'
           f"{SANDBOX_MARK} sandbox value: the text prints none, nor any card's values (hover a value for lcb_lab's "
           "choice)</div>")       # the compact faces carry no mark of their own
    return '<div class="oob-table">' + "".join(out) + "</div>" + key + MORE_BELOW if out else ""


def _placed_words(p: str, val: Any, cards: Any) -> str:
    if not isinstance(val, dict) or val.get("committed"):
        return f"{esc(p)}: committed, face down"
    bits = [f"PUD order {', '.join(val['order']) or 'as it stands'}",
            f"Battle {', '.join(val['battle']) or 'none'}", f"Matrices {', '.join(val['matrices']) or 'none'}"]
    return f"{esc(p)}: {esc('; '.join(bits))}"


def battle_html(v: dict, cards: Any) -> str:
    """The skirmish being fought, or "" (module doc)."""
    b = v["battle"]
    if b is None:
        return ""
    stacks = "; ".join(f"{p}: {', '.join(s) if isinstance(s, list) else f'{s} PUD(s) face down'}"
                       for p, s in b["stacks"].items())
    placed = b["placed"] or {}
    rows = [f"<b>Skirmish</b> {rule_badges(['l.87'])}: {esc(b['attacker'])}'s squad {esc(b['squad'])} attacks "
            f"{esc(b['defender'])}'s {esc(b['target'])} \u00b7 form {esc(b['form'] or 'not declared')} "
            f"\u00b7 defending squad {esc(b['defending'] or '-')} \u00b7 round {b['round']}",
            f"PUD stacks {rule_badges(['l.91'])}: {esc(stacks or '-')}"]
    if placed:
        rows.append(f"This round {rule_badges(['l.91', 'l.93'])}: "
                    + " \u00b7 ".join(_placed_words(p, val, cards) for p, val in placed.items()))
    return '<div class="lcb-card">' + "<br>".join(rows) + "</div>"
