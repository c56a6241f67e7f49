"""HTML of the Order of Battle lab's table, from one viewer's observer view (no state read):

* :func:`card_html` -- one card face (name, kind, cost, scores, skills, the *sandbox* tag: the text
  prints no card); :func:`back_html` -- a card back (a hand card, a face-down PUD, l.43, a
  deactivated Hotspot, l.108);
* :func:`phase_track_html` -- the nine phases in order (l.9-131), the current one highlighted, the
  turn, who has completed the phase and who is still to act (each phase is completed by all
  players before the next, l.9), the clockwise seating and the Lead Commander (l.33);
* :func:`hand_html` -- the viewer's Fame hand and Fortune draw as cards, every other Commander's
  as a count of backs;
* :func:`display_html` -- each Commander's Command Display: Fame, Credits (its own), Reputation,
  Hotspots, squads with their PUDs and Equipment (face-down ones as backs to the others);
* :func:`battle_html` -- the skirmish being fought, a round's face-down placement shown as
  "committed" to the other side until revealed (l.91-93).

Pure functions of their arguments: ``v`` is :func:`lcb_lab.games.order_of_battle.observer.view`'s
dict for the viewer, ``cards`` the game's card set (public: the catalog).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.order_of_battle.state import PHASE_LINES, PHASES, TITLES
from lcb_lab.ui.lab.html import SANDBOX_MARK, esc, rule_badges, sandbox_value

__all__ = ["CSS", "MORE_BELOW", "card_html", "back_html", "phase_track_html", "hand_html", "display_html", "battle_html",
           "card_words"]

CSS = """<style>
.oob-track { display: flex; flex-wrap: wrap; gap: 3px; margin: 4px 0; }
.oob-phase { border: 1px solid #999; border-radius: 4px; padding: 2px 5px; font-size: 12px; background: #f4f4f4; }
.oob-phase.oob-now { background: #1f6feb; color: white; font-weight: bold; border-color: #1f6feb; }
.oob-phase.oob-done { color: #777; }
.oob-cards { display: flex; flex-wrap: wrap; gap: 4px; margin: 2px 0 6px 0; }
/* cards share a row's width (3 to a 400 px column, 2 to the narrowest table), their text wrapping inside */
.oob-card { border: 1px solid #555; border-radius: 6px; padding: 3px 6px; box-sizing: border-box; flex: 1 1 112px;
            min-width: 0; max-width: 156px; font-size: 11px; background: #fffdf5; overflow-wrap: anywhere; }
.oob-card b { font-size: 12px; }
.oob-back { border: 1px solid #555; border-radius: 6px; width: 54px; height: 46px; font-size: 10px;
            background: repeating-linear-gradient(45deg, #4a5a7a, #4a5a7a 6px, #5d6f94 6px, #5d6f94 12px);
            color: white; display: flex; align-items: center; justify-content: center; text-align: center; }
.oob-sandbox { color: #a15c00; font-size: 10px; }
.oob-display { border: 1px solid #ccc; border-radius: 6px; padding: 4px 6px; margin: 4px 0; }
.oob-display.oob-acting { border-color: #1f6feb; box-shadow: 0 0 0 1px #1f6feb; }
.oob-squad { border-left: 3px solid #999; padding-left: 6px; margin: 3px 0; }
/* the hands above the tabs take at most 45% of the column and scroll inside: a Purchase Phase's Fortune draw
   beside a full hand no longer pushes the Acts tab below a 1366x768 screen */
.lcb-app .lcb-right > .oob-hand { flex: 0 1 auto; min-height: 0; max-height: 45%; overflow: hidden auto; }
/* ... and more of the column while the Acts tab needs less (the hand gives way first, down to 45% of the
   column or its whole content): a Revenue Phase's short tab leaves the hands their room */
@supports (min-height: calc-size(max-content, size)) {
  .lcb-app .lcb-right > .oob-hand { flex-shrink: 1000; max-height: none; min-height: calc-size(max-content, min(size, 45%)); } }
/* "more below": a box that holds more than it shows says so at its bottom edge, over a fade (a scrollbar is
   no cue: a Mac hides it until scrolled, a projector's screenshot has none); shown only while the box can
   scroll on down (its scroll position drives it), gone at the end, where the last card shows whole */
.oob-more { position: sticky; bottom: 0; height: 0; z-index: 2; opacity: 0; pointer-events: none;
            animation: oob-more linear both; animation-timeline: scroll(nearest block); }
.oob-more > span { position: absolute; left: 0; right: 0; bottom: 0; display: block; padding: 16px 0 2px 0;
                   text-align: center; font-size: 11.5px; font-weight: bold; color: #0b5cad; line-height: 14px;
                   background: linear-gradient(rgba(251, 249, 243, 0), #fbf9f3 55%); }
@keyframes oob-more { 0%, 99% { opacity: 1; } 100% { opacity: 0; } }
</style>"""

SANDBOX = '<span class="oob-sandbox" title="the text prints no card: sandbox values">sandbox</span>'

MORE_BELOW = '<div class="oob-more" aria-hidden="true"><span>\u25bc more below: scroll</span></div>'
"""The "more below" cue, last in a box that may scroll (:data:`CSS`: shown only while there is more below)."""


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


def card_html(card: Any, label: str = "") -> str:
    """One card face: its name; its kind, ``label`` (an asset id) and the sandbox tag on one line; its values."""
    tag = SANDBOX if getattr(card, "source", "sandbox") == "sandbox" else ""
    extra = f" \u00b7 {esc(label)}" if label else ""
    return (f'<div class="oob-card"><b>{esc(card.name)}</b><br><span class="lcb-muted">{esc(card.kind)}{extra}</span>'
            f'{" " + tag if tag else ""}<br>{esc(card_words(card))}</div>')


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
        boxes.append(f'<span class="oob-phase{cls}" title="{esc(PHASE_LINES[p])}">{esc(TITLES[p])}</span>')
    seats = [c["name"] for c in v["commanders"]]
    if v["winner"]:
        who = f"Game over: {esc(v['winner'])}"
    else:
        done = [s for s in seats if s not in v["pending"]]
        who = (f"Completed the phase: {esc(', '.join(done) or 'nobody yet')} \u00b7 still to act: "
               f"{esc(', '.join(v['pending']) or 'nobody')}")
    lead = esc(v["lead"]) if v["lead"] else "not yet drawn this game"
    order = esc(" \u2192 ".join(seats))
    return (f'<div class="lcb-card"><b>Turn {esc(v["turn"])}</b> {rule_badges(["l.9"])} '
            f'<div class="oob-track">{"".join(boxes)}</div>{who}<br>'
            f'Clockwise: {order} \u00b7 Lead Commander (initiative): {lead} '
            f'{rule_badges(["l.33"])}</div>')


def _cards_row(names: list[str], cards: Any) -> str:
    return '<div class="oob-cards">' + "".join(card_html(cards[n]) for n in names) + "</div>"


def _backs_row(n: int, word: str) -> str:
    return '<div class="oob-cards">' + "".join(back_html(word) for _ in range(n)) + "</div>"


def hand_html(v: dict, cards: Any, viewer: str) -> str:
    """The hands (module doc): a list in a Commander's view is its own, a count another's."""
    parts = []
    for c in v["commanders"]:
        name = esc(c["name"])
        if isinstance(c["hand"], list):
            own = " (yours)" if c["name"] == viewer else ""
            parts.append(f"<b>{name}{own}</b>: Fame hand, {len(c['hand'])} card(s) {rule_badges(['l.17'])}"
                         + _cards_row(c["hand"], cards))
            if c["offer"]:
                parts.append(f"{name}'s Fortune draw to buy from {rule_badges(['l.39', 'l.41'])}"
                             + _cards_row(c["offer"], cards))
        else:
            offer = f", {c['offer']} Fortune card(s) drawn to buy from" if c["offer"] else ""
            parts.append(f"<b>{name}</b>: Fame hand, {c['hand']} card(s){offer}"
                         + _backs_row(c["hand"], "Fame") + (_backs_row(c["offer"], "Fortune") if c["offer"] else ""))
    return '<div class="lcb-card">' + "".join(parts) + MORE_BELOW + "</div>"


def _asset_html(a: dict, cards: Any) -> str:
    if a["card"] is None:
        return back_html(f"{a['id']} " + ("PUD face down" if a["kind"] == "pud" else f"{a['kind']} face down"))
    label = a["id"] + ("" if a["face_up"] else ", face down")
    return card_html(cards[a["card"]], label)


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
    key = (f'<div class="lcb-muted lcb-small oob-sandbox-key">{SANDBOX_MARK} sandbox value: the text prints none '
           "(hover a value for lcb_lab's choice)</div>")
    return "".join(out) + key + MORE_BELOW if out else ""


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
