#!/usr/bin/env python
"""Write ``docs/cards.md``: every card of the sandbox decks, each value and its source.

Usage::

    python tools/cards_doc.py            # rewrite docs/cards.md from lcb_lab/games/lcb/data/cards/*.toml
    python tools/cards_doc.py --check    # exit 1 if docs/cards.md is not what it would write

The output is deterministic (decks in file order, no dates).  ``render()`` is what
``tests/engine/test_card_decks.py`` compares with the committed file.  Sources: ``rulebook
<ref>`` (the text gives the value), ``sandbox (bounded by rulebook <ref>)`` (a sandbox value
a rule or example constrains), ``sandbox``, or ``default (<rule>)`` for a value the card
leaves at the rules' default.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lcb_lab.games.lcb.model.cards import HOST_TAGS, CardType, Decks, Effect, load_decks  # noqa: E402

OUT = ROOT / "docs" / "cards.md"
SYMBOLS = {"intercept": "INTERCEPT", "persist": "PERSIST", "attach": "ATTACH", "nullify": "NULLIFY",
           "ftr": "FTR"}
FUNCTIONS = {"fires": "Fires", "maneuver": "Maneuver", "interception": "Interception",
             "information_operations": "Information Operations", "c5isr": "C5ISR"}


def _cell(x: object) -> str:
    return str(x).replace("|", "\\|").replace("\n", " ")


def _src(ct: CardType, key: str, default: str | None = None) -> str:
    """The source of ``key``; a value left unset shows the rule of its default."""
    if key not in ct.model_fields_set and key not in ct.rulebook and key not in ct.bounds and default:
        return f"default ({default})"
    return ct.source(key)


def _fate(ct: CardType) -> tuple[str, str]:
    if ct.permanent:
        return "stays in play for the whole game", ct.source("permanent")
    if ct.attached and ct.effects and all(e.when == "passive" for e in ct.effects):
        return "stays attached; destroyed with its host", "9.31"
    if ct.persistent:
        return "stays deployed, expended until the next Action Stage (Persistent)", "9.2, 9.21"
    if ct.removed_after_use:
        return "removed from the game", ct.source("removed_after_use")
    if ct.attached:
        return "one-time: discarded, not bought again (an Attached card)", "default (9.07, 9.1)"
    return "one-time: discarded back to the deck", "default (9.07, 9.1)"


def _host(ct: CardType) -> str:
    parts = []
    if ct.requires:
        parts.append("requires " + " or ".join(HOST_TAGS.get(r, f"`{r}`") for r in ct.requires))
    if ct.automatic_on:
        parts.append("given automatically to every " + ", ".join(f"`{r}`" for r in ct.automatic_on))
    if ct.free_attachment:
        parts.append("free attachment (not counted against the one-attachment allotment)")
    if ct.usable_embarked:
        parts.append("usable while its host is Embarked")
    return "; ".join(parts) or ("any unit" if ct.attached else "none")


def _host_src(ct: CardType) -> str:
    keys = [k for k in ("requires", "automatic_on", "free_attachment", "usable_embarked")
            if k in ct.model_fields_set]
    if not keys:
        return "default (9.31)"
    return "; ".join(f"{k}: {ct.source(k)}" for k in keys)


def _space(ct: CardType) -> str:
    sv = [f"GPSV {ct.gpsv}" if ct.gpsv is not None else "", f"ASV {ct.asv}" if ct.asv is not None else ""]
    sv = ", ".join(x for x in sv if x)
    if sv:
        return sv
    if ct.embarkable:
        return "none (Embarked without a Space Value, 10.22)"
    return "none (travels with its host, 10.39)" if ct.attached else "none (cannot be Embarked, 10.1)"


def _space_src(ct: CardType) -> str:
    keys = [k for k in ("gpsv", "asv") if k in ct.model_fields_set]
    return "; ".join(f"{k}: {ct.source(k)}" for k in keys) if keys else "default (10.1)"


def _rows(ct: CardType) -> list[tuple[str, str, str]]:
    rows = [("Team", ct.team, ct.source("team")),
            ("Cost", f"{ct.cost} CP", _src(ct, "cost")),
            ("Colour", f"{ct.colour} ({FUNCTIONS[ct.function]})", _src(ct, "function")),
            ("Symbols", ", ".join(SYMBOLS[s] for s in ct.symbols) or "none", _src(ct, "symbols", "9.0: none")),
            ("DETECT", f"{ct.detect} or less" if ct.detect else "no DETECT requirement", _src(ct, "detect", "9.06")),
            ("Hits to destroy", str(ct.hits), _src(ct, "hits", "9.04: 1 HP")),
            ("Categories", ", ".join(ct.categories) or "none", _src(ct, "categories", "9.09: none")),
            ("Host", _host(ct), _host_src(ct)),
            ("After use", *_fate(ct)),
            ("Space Values", _space(ct), _space_src(ct))]
    optional = [("deployment_only", "Deployment Stage only", "yes (9.5)"),
                ("discard_after", "Discarded after", "{} enemy successes"),
                ("bmd_only", "Only BMD INTERCEPT engages it", "yes (7.510)"),
                ("intercept_min_cv", "INTERCEPT needs an IAMD CV of", "{} or more (9.011)"),
                ("mp", "MP (marker / transport)", "{}"),
                ("capacity_gpsv", "Transport capacity", "{} GPSV"),
                ("hp_bonus", "Host HP change", "{:+d}")]
    for key, label, fmt in optional:
        if key in ct.model_fields_set:
            rows.append((label, fmt.format(getattr(ct, key)), ct.source(key)))
    for cv in ct.cvs:
        rng = "∞" if cv.range is None else cv.range
        sup = "∞" if cv.supply is None else cv.supply
        rows.append((f"CV {cv.slot}", f"{cv.value}, range {rng}, supply {sup}",
                     "; ".join(f"{k}: {ct.source(f'cvs.{cv.slot}.{k}')}" for k in ("value", "range", "supply"))))
    return rows


def _effect_values(e: Effect) -> list[tuple[str, str]]:
    out = [("when", f"used: {e.when}; target: {e.target}")]
    if e.succeeds_on is not None:
        out.append(("succeeds_on", f"succeeds on a roll of {e.succeeds_on} or less"))
    if e.succeeds_on is not None or e.fn == "lrs_attack" or "dice" in e.model_fields_set:
        out.append(("dice", f"{e.dice} d20"))
    if e.cv is not None:
        out.append(("cv", f"CV {e.cv}"))
    if e.when != "passive" and e.target not in ("none", "network"):
        out.append(("range", "anywhere" if e.range is None else f"{e.range} hexes"))
    if e.counters:
        out.append(("counters", "answers " + ", ".join(e.counters) + " cards"))
    if e.fn == "ftr_nullify":
        out.append(("max_targets", f"up to {e.max_targets} target{'s' if e.max_targets > 1 else ''}"))
    if e.network_cube is not None:
        out.append(("network_cube", "a success adds a network cube" if e.network_cube else "no network cube for a success"))
    if "ap" in e.model_fields_set:
        out.append(("ap", f"{e.ap} AP"))
    if e.core_action:
        out.append(("core_action", f"used through the {e.core_action} Core Action"))
    for k, v in e.args.items():
        if not (e.fn == "unsimulated" and k == "chapter"):
            out.append((f"args.{k}", f"{k} = {str(v).lower() if isinstance(v, bool) else v}"))
    return out


def _effect(ct: CardType, e: Effect) -> list[str]:
    head = f"- **{e.label}** `{e.fn}`"
    if not e.simulated:
        head += f" (**not simulated** in this version: chapter {e.args['chapter']})"
    lines = [head + f": {e.text} — *{ct.source(f'effects.{e.label}')}*"]
    defaults = {"range": "no range limit", "dice": "1 d20", "max_targets": "9.44: one target"}
    for key, val in _effect_values(e):
        full = f"effects.{e.label}" if key == "when" else f"effects.{e.label}.{key}"
        src = ct.source(full)
        if key in defaults and key not in e.model_fields_set and full not in ct.rulebook and full not in ct.bounds:
            src = f"default ({defaults[key]})"
        lines.append(f"  - {val} — {src}")
    return lines


def card_section(ct: CardType) -> list[str]:
    """The markdown of one card."""
    lines = [f"### {ct.team}: {ct.name}", ""]
    if ct.aliases:
        lines += ["Also written: " + ", ".join(f"“{a}”" for a in ct.aliases) + ".", ""]
    lines += [f"> {ct.text}", ""]
    if ct.flavour:
        lines += [f"*{ct.flavour}*", ""]
    lines += ["| Field | Value | Source |", "|---|---|---|"]
    lines += [f"| {_cell(a)} | {_cell(b)} | {_cell(c)} |" for a, b, c in _rows(ct)]
    lines += ["", "Effects:", ""]
    for e in ct.effects:
        lines += _effect(ct, e)
    if ct.notes:
        lines += ["", f"Notes: {ct.notes}"]
    return lines + [""]


def summary(decks: Decks, team: str) -> list[str]:
    """One table row per card of ``team``'s deck."""
    lines = ["| Card | CP | Colour | Symbols | Effects |", "|---|---|---|---|---|"]
    for ct in decks.cards[team].values():
        fns = ", ".join(f"{e.label} `{e.fn}`" + ("" if e.simulated else " (not simulated)") for e in ct.effects)
        lines.append(f"| {_cell(ct.name)} | {ct.cost} | {ct.colour} | "
                     f"{', '.join(SYMBOLS[s] for s in ct.symbols) or '—'} | {fns} |")
    return lines


def render(decks: Decks | None = None) -> str:
    """The whole of ``docs/cards.md``."""
    decks = decks or load_decks()
    n = {t: len(decks.cards[t]) for t in decks.cards}
    lines = ["# Joint Capability Cards: the sandbox decks", "",
             "<!-- Written by tools/cards_doc.py from lcb_lab/games/lcb/data/cards/us.toml and ru.toml: do not edit. -->", "",
             "The rulebook prints no card texts, so lcb_lab's decks are *sandbox decks*. A value the "
             "rulebook gives names its rule (`rulebook 9.24 diagram`); a sandbox value that a rule or example "
             "bounds names that rule (`sandbox (bounded by rulebook ...)`); any other value is `sandbox`; a value "
             "left at the rules' default names the default's rule. The texts are lcb_lab's own words. Effects are "
             "data over the effect-function catalogue (`lcb_lab.games.lcb.model.cards.EFFECT_FUNCTIONS`); an `unsimulated` effect "
             "belongs to a later chapter and is only logged.", "",
             f"The US deck has {n['US']} card types, the RU deck {n['RU']}. A card both teams have is in both decks.",
             ""]
    for team, title in (("US", "US deck"), ("RU", "RU deck")):
        lines += [f"## {title}", ""] + summary(decks, team) + [""]
    for team in ("US", "RU"):
        lines += [f"## {team} cards", ""]
        for ct in decks.cards[team].values():
            lines += card_section(ct)
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if docs/cards.md is out of date")
    args = ap.parse_args(argv)
    text = render()
    if args.check:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.relative_to(ROOT)} is out of date: run python tools/cards_doc.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
