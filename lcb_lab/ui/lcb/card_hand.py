"""What a view shows of the Joint Capability Cards: the hand, the other team's counts, a card's detail (9.0).

Pure functions of ``game.view(viewer)["cards"]`` (the observer decides what a team may
know, :mod:`lcb_lab.games.lcb.observer`) and of the card types (:mod:`lcb_lab.games.lcb.model.cards`, public data:
the decks are the game's catalogue).  A team view never reads ``state.cards``: the
viewing team's own cards come in full; the other team's hidden cards (pool, Attached,
Embarked, face-down deployed) only as counts per place; face-up cards (played, placed face
up, revealed) by name.

:func:`seen_cards` reads the view's ``cards`` in any of the shapes below and returns
``(cards, counts)``: ``cards`` the card dicts the view names (``cid``, ``name``, ``team``,
``where``, ``host``, ``hex``, ``face_up``, ``deployed``, ``expended``, ``cubes``, ``used``,
``supply``, ``free``), ``counts`` ``{team: {where: n}}`` of the cards it may not name.
The observer gives ``view["cards"]`` (the card dicts the team may see) and
``view["hidden_cards"]`` (``{team: {where: n}}``).  Also accepted: hidden card dicts in the
list (no ``name``, or ``"hidden": True``), a dict by cid, a dict by team of such lists, or
``{"cards": [...], "counts": {team: {where: n}}}``.

Sandbox values carry the catalog's dagger (:func:`lcb_lab.ui.lcb.panels.provenance`), rule
references show on hover and as badges.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from lcb_lab.games.lcb.model.cards import CardType, Decks, load_decks
from lcb_lab.kernel.errors import LabError
from lcb_lab.ui.lcb.map import palette
from lcb_lab.ui.lcb.panels import esc, provenance, rule_badges, team_span

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

__all__ = ["seen_cards", "deck_of", "ctype", "card_label", "place_words", "told_apart", "short_labels", "names_known",
           "card_detail_html", "hand_html", "counts_text",
           "FUNCTION_WORDS", "FUNCTION_HEX", "SYMBOL_WORDS", "WHERE_WORDS"]

FUNCTION_WORDS = {"fires": "Fires", "maneuver": "Maneuver", "interception": "Interception",
                  "information_operations": "Information Operations", "c5isr": "C5ISR"}
"""A card's colour by its function (9.0)."""
FUNCTION_HEX = {"fires": "#c8423b", "maneuver": "#3f8f3a", "interception": "#7b4fa0",
                "information_operations": "#2f6db3", "c5isr": "#d6b300"}
"""The swatch of each function colour (red, green, purple, blue, yellow; the colour is also named)."""
SYMBOL_WORDS = {"intercept": ("INTERCEPT", "9.011"), "persist": ("PERSIST", "9.2"), "attach": ("ATTACH", "9.3"),
                "nullify": ("NULLIFY", "9.4"), "ftr": ("FTR", "9.44")}
"""The five card symbols (9.0): badge text and the rule that gives it meaning."""
WHERE_WORDS = {"pool": "in the pool", "attached": "attached to a unit", "embarked": "embarked on a ship",
               "deployed": "deployed face down", "discarded": "discarded", "removed": "removed from the game"}
CATEGORY_WORDS = {"tactical_cyber": "tactical cyber", "strategic_cyber": "strategic cyber", "ems": "EMS",
                  "rotary_wing": "rotary-wing aviation", "fixed_wing": "fixed-wing aviation", "air_defence": "air defense"}
_CARD_KEYS = ("cid", "name", "team", "where", "host", "hex", "face_up", "deployed", "expended", "cubes", "used",
              "supply", "free")


# ------------------------------------------------------------------ the view's cards
def _is_hidden(c: dict) -> bool:
    return bool(c.get("hidden")) or c.get("back") is True or not c.get("name")


def seen_cards(view: dict) -> tuple[list[dict], dict[str, dict[str, int]]]:
    """``(cards, counts)`` of ``view["cards"]`` (shapes in the module doc); discarded and removed
    cards are left out.  ``([], {})`` when the view holds no cards."""
    raw: Any = view.get("cards") or []
    counts: dict[str, dict[str, int]] = {}
    if isinstance(raw, dict) and ("counts" in raw or "cards" in raw or "seen" in raw):
        for team, per in (raw.get("counts") or {}).items():
            if isinstance(per, dict):
                for where, n in per.items():
                    counts.setdefault(team, {})[where] = counts.get(team, {}).get(where, 0) + int(n)
            elif isinstance(per, int):
                counts.setdefault(team, {})["pool"] = per
        raw = raw.get("cards", raw.get("seen", []))
    if isinstance(raw, dict):
        vals = list(raw.values())
        if vals and all(isinstance(v, list) for v in vals):       # by team
            raw = [dict(c, team=c.get("team", t)) for t, cs in raw.items() for c in cs]
        else:                                                       # by cid
            raw = [dict(c, cid=c.get("cid", k)) for k, c in raw.items() if isinstance(c, dict)]
    cards: list[dict] = []
    for c in raw:
        if not isinstance(c, dict):
            continue
        where = c.get("where", "pool")
        if where in ("discarded", "removed"):
            continue
        if _is_hidden(c):
            n = int(c.get("count", 1))
            counts.setdefault(c.get("team", "?"), {})[where] = counts.get(c.get("team", "?"), {}).get(where, 0) + n
            continue
        cards.append({k: c.get(k) for k in _CARD_KEYS} | {"where": where})
    for team, per in (view.get("hidden_cards") or {}).items():       # the observer's counts (9.02)
        for where, n in (per or {}).items():
            if where not in ("discarded", "removed"):
                counts.setdefault(team, {})[where] = counts.get(team, {}).get(where, 0) + int(n)
    cards.sort(key=lambda c: (c.get("team") or "", _cid_key(c.get("cid"))))
    return cards, counts


def _cid_key(cid) -> tuple:
    team, _, n = str(cid).rpartition("-")
    return (team, int(n)) if n.isdigit() else (str(cid), 0)


def deck_of(game: Game) -> Decks:
    """The game's decks (``game.decks``; None: the packaged sandbox decks)."""
    return getattr(game, "decks", None) or load_decks()


def ctype(game: Game, card: dict | str, team: str | None = None) -> CardType | None:
    """The card type of a card dict (or of a name in ``team``'s deck); None when unknown."""
    name, team = (card.get("name"), card.get("team")) if isinstance(card, dict) else (card, team)
    try:
        return deck_of(game).card(team, name)
    except (LabError, KeyError):
        return None


# ------------------------------------------------------------------ small pieces
def _swatch(function: str) -> str:
    return (f'<span class="lcb-swatch" style="background:{FUNCTION_HEX.get(function, "#999")}" '
            f'title="{esc(FUNCTION_WORDS.get(function, function))}"></span>')


def symbol_badges(ct: CardType) -> str:
    """The card's symbols as badges (INTERCEPT, PERSIST, ATTACH, NULLIFY, FTR), each with its rule."""
    src = ct.source("symbols")
    out = []
    for s in ct.symbols:
        word, rule = SYMBOL_WORDS.get(s, (s.upper(), "9.0"))
        out.append(f'<span class="lcb-symbol lcb-symbol-{esc(s)}" title="{esc(rule)}; {esc(src)}">{esc(word)}</span>')
    return "".join(out)


def place_words(card: dict) -> str:
    """Where a card is, in a few words: "in the pool", "attached to 2 Anna", "deployed in AK-20"."""
    where, host = card.get("where"), card.get("host")
    if where == "attached" and host:
        return f"attached to {host}"
    if where == "embarked" and host:
        return f"embarked on {host}"
    if where == "deployed":
        return "deployed" + (f" in {card['hex']}" if card.get("hex") else "")
    return WHERE_WORDS.get(where, str(where or "in play"))


def card_label(card: dict, ct: CardType | None = None) -> str:
    """Plain text naming a card for a dropdown by its name and place, never its card id:
    "Space Satellites (in the pool, 5 CP)"."""
    cost = f", {ct.cost} CP" if ct is not None else ""
    return f"{card.get('name')} ({place_words(card)}{cost})"


def _state_words(card: dict, ct: CardType | None) -> str:
    bits = []
    where = card.get("where")
    if where == "attached":          # the observer gives no host the view may not know (a face-down host)
        bits.append(f"attached to {card['host']}" if card.get("host") else "attached to a unit")
    elif where == "embarked":
        bits.append(f"embarked on {card['host']}" if card.get("host") else "embarked on a ship")
    elif where == "deployed":
        bits.append("deployed" + (f" in {card.get('hex')}" if card.get("hex") else ""))
    elif where:
        bits.append(WHERE_WORDS.get(where, where))
    if card.get("deployed") or where == "deployed":
        bits.append("expended" if card.get("expended") else "ready")
    if card.get("face_up"):
        bits.append("face up")
    if card.get("cubes"):
        hits = ct.hits if ct is not None else "?"
        bits.append(f"{card['cubes']} cube{'s' if card['cubes'] != 1 else ''} of {hits} hits")
    if card.get("free"):
        bits.append("prescribed (free)")
    return ", ".join(bits)


def _chip(game, card: dict) -> str:
    ct = ctype(game, card)
    fn = ct.function if ct is not None else ""
    state = _state_words(card, ct)
    syms = symbol_badges(ct) if ct is not None else ""
    words = f' <span class="lcb-small">{esc(state)}</span>' if state else ""
    return (f'<div class="lcb-card-chip">{_swatch(fn)}<b>{esc(card.get("name"))}</b>'
            f'{" " + syms if syms else ""}{words}</div>')


def counts_text(per: dict[str, int]) -> str:
    """"3 in the pool, 1 attached to a unit" (the other team's hidden cards)."""
    order = ["pool", "attached", "embarked", "deployed"]
    keys = sorted(per, key=lambda w: order.index(w) if w in order else len(order))
    return ", ".join(f"{per[w]} {WHERE_WORDS.get(w, w)}" for w in keys if per[w]) or "none hidden"


# ------------------------------------------------------------------ the hand
_GROUPS = [("pool", "Pool"), ("attached", "Attached (host)"), ("embarked", "Embarked (ship)"),
           ("deployed", "Deployed Persistent / on the map")]


def hand_html(game: Game, seen: tuple[list[dict], dict[str, dict[str, int]]], viewer: str, view: dict | None = None) -> str:
    """The Cards panel's read-only part from ``seen`` = ``(cards, counts)`` of the view
    (:func:`view_cards`): the viewing team's cards by place (both teams' for the instructor), the
    other team's counts and its face-up cards (9.0; hidden information); the card markers
    ``view`` shows (``view["card_markers"]``: the other team's unrevealed ones as backs)."""
    cards, counts = seen
    view = view or {}
    own = ("US", "RU") if viewer == "instructor" else (viewer,)
    parts = []
    for team in own:
        mine = [c for c in cards if c.get("team") == team]
        rows = []
        for where, title in _GROUPS:
            group = [c for c in mine if c.get("where") == where]
            if group:
                rows.append(f'<div class="lcb-small lcb-muted">{esc(title)}</div>'
                            + "".join(_chip(game, c) for c in group))
        body = "".join(rows) or '<div class="lcb-muted">No cards.</div>'
        whose = "Your cards" if viewer != "instructor" else "Cards"
        parts.append(f'<div class="lcb-card lcb-hand"><h4>{whose}: {team_span(team)} '
                     f'{rule_badges(["9.0", "9.02"])}</h4>{body}</div>')
    for team in [t for t in ("US", "RU") if t not in own]:
        up = [c for c in cards if c.get("team") == team]
        hidden = counts.get(team, {})
        face = "".join(_chip(game, c) for c in up) or '<div class="lcb-muted lcb-small">No face-up card.</div>'
        parts.append(f'<div class="lcb-card lcb-hand-other"><h4>{team_span(team)} cards</h4>'
                     f'<div class="lcb-small">Hidden: {esc(counts_text(hidden))} '
                     f'<span class="lcb-muted">(face down: you see how many, not which)</span></div>'
                     f'<div class="lcb-small lcb-muted">Face up</div>{face}</div>')
    markers = view.get("card_markers") or []
    marks = [m for m in markers if not m.get("back")]
    names = {c.get("cid"): c.get("name") for c in cards if c.get("cid") and c.get("name")}
    backs = len(markers) - len(marks)
    if marks or backs:
        rows = [f'{team_span(m.get("team"))} {esc(m.get("kind"))} marker in {esc(m.get("hex"))}'
                + (f' <span class="lcb-muted">({esc(names.get(m["card"], "a card"))})</span>' if m.get("card") else "")
                for m in marks]
        if backs:
            rows.append(f"{backs} face-down marker{'s' if backs != 1 else ''} of the other team")
        parts.append(f'<div class="lcb-card lcb-small"><b>Card markers</b> {rule_badges(["13.0"])}<br>'
                     + "<br>".join(rows) + "</div>")
    return "".join(parts)


# ------------------------------------------------------------------ a card's detail
def _effect_html(ct: CardType, e) -> str:
    key = f"effects.{e.label}"
    src = ct.source(key)
    rules = [ct.rulebook[key]] if key in ct.rulebook else []
    mark = "" if rules else (f' <span class="lcb-sandbox" title="sandbox: the effect is lcb_lab\'s own choice">'
                             f'{palette.SANDBOX_MARK}</span>')
    odds = ""
    if e.succeeds_on is not None:
        p = e.succeeds_on / 20
        dice = f"{e.dice} d20, " if e.dice != 1 else ""
        odds = (f" \u00b7 {dice}succeeds on 1\u2013{e.succeeds_on} "
                f"({p * 100:.0f}% a die)")
    extra = []
    if e.cv is not None:
        extra.append(f"{e.dice} d20 at CV {e.cv}")
    if e.range is not None:
        extra.append(f"range {e.range}")
    if e.counters:
        extra.append("answers " + ", ".join(CATEGORY_WORDS.get(c, c.replace("_", " ")) for c in e.counters))
    if e.max_targets > 1:
        extra.append(f"up to {e.max_targets} targets")
    unsim = (' <span class="lcb-refused">not simulated in this version</span>' if e.fn == "unsimulated" else "")
    return (f'<div class="lcb-card-effect-row"><b>{esc(e.label)}</b> <span class="lcb-muted">'
            f'{esc(e.when)} \u00b7 target {esc(e.target)}{esc(odds)}'
            f'{" · " + esc(", ".join(extra)) if extra else ""}</span>{unsim}<br>'
            f'<span title="{esc(src)}">{esc(e.text)}</span>{mark} {rule_badges(rules)}</div>')


def card_detail_html(game: Game, card: dict | None, ct: CardType | None = None) -> str:
    """One card's detail: name, colour (function), cost, symbols as badges, DETECT, hits,
    categories, each effect's text with its rule badges and its odds; sandbox values marked
    with the dagger (hover for the source).  ``card`` a card dict the view names (or None with
    ``ct``: a card type of the deck, e.g. in the Planning panel)."""
    if ct is None and card is not None:
        ct = ctype(game, card)
    if ct is None:
        return '<div class="lcb-card lcb-muted">Choose a card to see its detail.</div>'
    rows = [("Colour", f'{_swatch(ct.function)}{esc(FUNCTION_WORDS.get(ct.function, ct.function))} '
                       f'<span class="lcb-muted">({esc(ct.colour)})</span>'),
            ("Cost", f"{provenance(ct.cost, ct.source('cost'))} CP {rule_badges(['3.12'])}"),
            ("Symbols", symbol_badges(ct) or '<span class="lcb-muted">none</span>'),
            ("DETECT", (provenance(f"{ct.detect}", ct.source("detect")) + f" (1\u2013{ct.detect}: "
                        f"{ct.detect * 5}%) {rule_badges(['9.06'])}") if ct.detect else
             '<span class="lcb-muted">none (no DETECT roll needed)</span>'),
            ("Hits", f"{provenance(ct.hits, ct.source('hits'))} {rule_badges(['9.04'])}")]
    if ct.categories:
        rows.append(("Categories", provenance(", ".join(CATEGORY_WORDS.get(c, c.replace("_", " "))
                                                        for c in ct.categories), ct.source("categories"))))
    fate = "removed from the game after use" if ct.removed_after_use else "discarded after use"
    rows.append(("After use", f"{'stays deployed, expended (9.21)' if ct.persistent else esc(fate)} "
                              f"{rule_badges(['9.21'] if ct.persistent else ['9.08' if ct.removed_after_use else '9.07'])}"))
    if ct.requires:
        rows.append(("Host", provenance(", ".join(ct.requires), ct.source("requires"))))
    for slot_cv in ct.cvs:
        rows.append((f"CV {slot_cv.slot}", f"{provenance(slot_cv.value, slot_cv.sources.get('value', 'sandbox'))}"
                                           f" range {provenance(slot_cv.range, slot_cv.sources.get('range', 'sandbox'))}"))
    if ct.gpsv is not None or ct.asv is not None:
        rows.append(("Space", f"GPSV {ct.gpsv if ct.gpsv is not None else '-'}, ASV {ct.asv if ct.asv is not None else '-'} "
                              f"{rule_badges(['10.1'])}"))
    if ct.deployment_only:
        rows.append(("Stage", f"Deployment Stage only {rule_badges(['9.5'])}"))
    body = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
    state = ""
    if card is not None:
        words = _state_words(card, ct)
        state = (f'<div class="lcb-small">{team_span(card.get("team"))}'
                 f'{": " + esc(words) if words else ""}</div>')
    effects = "".join(_effect_html(ct, e) for e in ct.effects) or '<div class="lcb-muted">No effect.</div>'
    legend = f'<div class="lcb-small lcb-muted">{esc(palette.SANDBOX_LEGEND)}.</div>'
    return (f'<div class="lcb-card lcb-card-detail"><h4>{_swatch(ct.function)}{esc(ct.name)} '
            f'<span class="lcb-muted">\u2014 {esc(ct.team)} card</span></h4>{state}'
            f'<div class="lcb-small">{esc(ct.text)}</div><table class="lcb-table">{body}</table>'
            f'<div class="lcb-small lcb-muted">Effects</div>{effects}{legend}</div>')


def names_known(cards: Iterable[dict]) -> list[tuple[str, str]]:
    """(label, cid) of every card a view names, for the detail dropdown: "Pantsir-SM: IAMD (Red (RU),
    attached to 2 Anna)" (the card id is only the value)."""
    return [(f"{c.get('name')} ({palette.TEAM_NAME.get(c.get('team'), c.get('team'))}, {place_words(c)})", c["cid"])
            for c in cards if c.get("cid")]


def told_apart(rows: Iterable[tuple[str, dict, Any]]) -> list[tuple[str, Any]]:
    """(label, value) of ``rows`` of (label, card, value): a label two rows share gets its card's place
    ("Combat Air Patrols (deployed in AL-19)"), the others stay as they are (short, for a dropdown)."""
    rows = list(rows)
    labels = [lab for lab, _c, _v in rows]
    return [(lab if labels.count(lab) == 1 else f"{lab} ({place_words(card)})", v) for lab, card, v in rows]


def short_labels(cards: Iterable[dict], team: bool = False) -> list[tuple[str, str]]:
    """(label, cid) of every card a view names, short enough for a dropdown in a narrow column (about 300 px
    of text at 1366x768 beside JupyterLab's file browser): its name, its team in a word when ``team`` ("Space
    Satellites \u00b7 Blue"), and its place only when another card listed has the same label ("Combat Air
    Patrols (deployed in AL-19)").  The full words (:func:`names_known`) go in the line beside the control."""
    return told_apart((f"{c.get('name')}" + (f" \u00b7 {palette.TEAM_WORD.get(c.get('team'), c.get('team'))}"
                                             if team else ""), c, c["cid"]) for c in cards if c.get("cid"))


def view_cards(game: Game, view: dict, viewer: str) -> tuple[list[dict], dict[str, dict[str, int]]]:
    """:func:`seen_cards` of ``view`` -- ``game.view(viewer)``: the observer decides (9.02); the
    game's own cards are never read here."""
    return seen_cards(view)
