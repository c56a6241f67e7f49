"""Chapter 10 (Embarking) worked examples, staged through the typed actions.

Each ``ex_*`` function returns ``(game, lines)`` (see :mod:`lcb_lab.games.lcb.content.worked`).  The board is
the synthetic one of :func:`lcb_lab.situation`: columns A-E sea, F coast, G-L land.

* :func:`ex_10_34` -- LHD 1 (25 GPSV / 5 ASV, helicopter and fighter) takes MEU Rotary
  Attack and 2 MUX (3 ASV);
* :func:`ex_10_35_1` -- the 9 GPSV / 6 ASV ship of the 10.35 examples: 5 infantry platoons,
  2 tank platoons, 2 MEU Rotary Lift and 1 MEU Fixed-Wing.  The example prints the two tank
  platoons as "4 GPSV total"; 10.11 gives a tank platoon 3 GPSV, and with 3 the second tank
  does not fit (11 > 9): lcb_lab follows 10.11 (facts §6.7) and stages both readings;
* :func:`ex_10_35_2` -- the same ship: 4 infantry platoons, a fifth carrying Combat
  Engineers (2 GPSV together), a logistics company (3), 2 MEU Rotary Lift, 1 MEU Fixed-Wing:
  exactly 9 / 6;
* :func:`ex_10_310` -- Doug's LSD 41 moves 5 hexes and uses Unmanned Boats, Attached to a unit
  it carries (the 10.310 EXCEPTION), for 1 AP: deployed, then expended;
* :func:`ex_10_311` -- a hit on a carrying ship (the attacker's choice of losses).

The ship of the 10.35 examples and the tank platoon are example-only unit types
(:func:`example_catalog`), not part of the game catalog.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choices import InterceptChoice
from lcb_lab.games.lcb.model.catalog import Catalog, load_catalog
from lcb_lab.games.lcb.rules.embarking import embark
from lcb_lab.games.lcb.content.situation import situation

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

SEA = [f"{c}-{r}" for c in "ABCDE" for r in range(1, 13)]
COAST = [f"F-{r}" for r in range(1, 13)]
EXAMPLE_SHIP = "example_embark_ship"
EXAMPLE_TANK = "example_tank_platoon"


def example_catalog(tank_gpsv: int = 3) -> Catalog:
    """The game catalog plus the 10.35 examples' ship (9 GPSV / 6 ASV, both symbols) and a US
    tank platoon of ``tank_gpsv`` GPSV (10.11: usually 3; the 10.35 example 1 prints 2)."""
    cat = load_catalog()
    lhd = cat.unit("usn_lhd")
    ship = lhd.model_copy(update={
        "type_id": EXAMPLE_SHIP, "name": "Embark-capable ship of the 10.35 examples", "abbrev": "SHIP",
        "embark_gpsv": 9, "embark_asv": 6,
        "sources": {**lhd.sources, "name": "rulebook 10.35 ex.", "embark_gpsv": "rulebook 10.35 ex. (9 GPSV)",
                    "embark_asv": "rulebook 10.35 ex. (6 ASV)",
                    "embark_rotary": "rulebook 10.35 ex. (black helicopter)",
                    "embark_fixed": "rulebook 10.35 ex. (black fighter)"}})
    inf = cat.unit("usmc_infantry_platoon")
    tank = inf.model_copy(update={
        "type_id": EXAMPLE_TANK, "name": "US tank platoon (10.35 example)", "abbrev": "TK", "symbol": "armor",
        "armor": True, "gpsv": tank_gpsv,
        "sources": {**inf.sources, "name": "rulebook 10.35 ex. 1", "armor": "rulebook 10.35 ex. 1 (tank)",
                    "gpsv": "rulebook 10.11 (3)" if tank_gpsv == 3 else "rulebook 10.35 ex. 1 (printed: 4 for 2)"}})
    return Catalog(units={**cat.units, EXAMPLE_SHIP: ship, EXAMPLE_TANK: tank}, markers=cat.markers)


def _board(**kw) -> dict:
    return dict(naval=SEA, mixed=COAST, **kw)


def load_lines(game: Game, ship: str) -> list[str]:
    """The ship's load as text: the capacity bar, then what is aboard."""
    ctx = game._ctx()
    d = embark.load(ctx, ship)
    out = [embark.capacity_text(ctx, ship)]
    for uid in d["units"]:
        g, a = embark.unit_space(ctx, uid)
        extra = [c.name for c in game.state.cards.values() if c.in_play and c.where == "attached" and c.host == uid]
        out.append(f"  unit  {uid:<10} {g} GPSV" + (f" (with {', '.join(extra)})" if extra else ""))
    for cid in d["cards"]:
        ct = ctx.ctype(game.state.cards[cid])
        g, a = embark.card_space(ct)
        sym = embark.aviation_symbol(ct)
        space = f"{a} ASV, {'helicopter' if sym == 'rotary' else 'fighter'}" if a else (
            f"{g} GPSV" if g else "no Space Value (well deck)" if ct.amphibious else "no Space Value")
        out.append(f"  card  {ct.name:<22} {space}")
    return out


def try_lines(game: Game, action: A.Action, what: str) -> list[str]:
    """Apply ``action`` (then pass the card-response windows nothing may answer,
    :func:`~lcb_lab.games.lcb.content.passes.pass_empty_windows`); one line: done, or refused
    with the rule."""
    from lcb_lab.games.lcb.content.passes import pass_empty_windows
    from lcb_lab.kernel.errors import IllegalAction
    try:
        game.apply(action)
        pass_empty_windows(game)
        return [f"{what}: done"]
    except IllegalAction as e:
        return [f"{what}: refused by rule {e.rule} -- {e.reason}"]


# ------------------------------------------------------------------ 10.34
def ex_10_34() -> tuple[Game, list[str]]:
    """LHD 1 Embarks MEU Rotary Attack and 2 MUX: 3 of its 5 ASV (10.34 ex.)."""
    g = situation({"LHD 1": {"type": "usn_lhd", "hex": "B-6"}, "LSD 41": {"type": "usn_lsd", "hex": "B-8"}},
                  stage="planning", cp={"US": 12, "RU": 0}, planning_stages=1, **_board())
    lines = ["10.34 example: LHD 1 (25 GPSV / 5 ASV, helicopter and fighter symbols)"]
    for name in ("MEU Rotary Attack", "MUX: Unmanned", "MUX: Unmanned"):
        lines += try_lines(g, A.BuyCard("US", name, embark_on="LHD 1"), f"Embark {name} on LHD 1")
    lines += load_lines(g, "LHD 1")
    return g, lines


# ------------------------------------------------------------------ 10.35
def _ship_game(tank_gpsv: int = 3, units: dict | None = None, cards=()):
    units = {"SHIP": {"type": EXAMPLE_SHIP, "hex": "B-6"}, **(units or {})}
    return situation(units, stage="deployment", catalog=example_catalog(tank_gpsv),
                     cards={"US": list(cards)}, **_board())


def ex_10_35_1(printed: bool = False) -> tuple[Game, list[str]]:
    """5 infantry platoons, 2 tank platoons, 2 MEU Rotary Lift and 1 MEU Fixed-Wing on the 9 GPSV
    / 6 ASV ship (10.35 ex. 1).  ``printed``: tank platoons of 2 GPSV as the example prints;
    else 3 GPSV (10.11), and the second tank platoon is refused (10.21)."""
    tank = 2 if printed else 3
    units = {f"{i} Alpha": {"type": "usmc_infantry_platoon", "embark_area": "SHIP"} for i in range(1, 6)}
    units.update({f"{i} Tank": {"type": EXAMPLE_TANK, "embark_area": "SHIP"} for i in (1, 2)})
    g = _ship_game(tank, units, ["MEU Rotary Lift", "MEU Rotary Lift", "MEU Fixed-Wing"])
    lines = [f"10.35 example 1: the ship has 9 GPSV / 6 ASV; a tank platoon has {tank} GPSV "
             + ("(as the example prints: '2x tank platoons (4 GPSV total)')" if printed else "(10.11)")]
    for uid in units:                      # the infantry first, then the tanks
        lines += try_lines(g, A.DeployUnit(uid), f"Embark {uid}")
    for c in sorted(g.state.cards.values(), key=lambda c: c.cid):
        lines += try_lines(g, A.PlaceCard(c.cid, embark_on="SHIP"), f"Embark {c.name} ({c.team})")
    lines += load_lines(g, "SHIP")
    return g, lines


def ex_10_35_2() -> tuple[Game, list[str]]:
    """4 infantry platoons, a fifth with Combat Engineers Attached (2 GPSV together), a
    logistics company (3 GPSV), 2 MEU Rotary Lift and 1 MEU Fixed-Wing: 9 GPSV / 6 ASV exactly
    (10.35 ex. 2)."""
    units = {f"{i} Alpha": {"type": "usmc_infantry_platoon", "embark_area": "SHIP"} for i in range(1, 6)}
    units["Echo"] = {"type": "usmc_logistics_company", "embark_area": "SHIP"}
    g = _ship_game(3, units, ["Combat Engineers", "MEU Rotary Lift", "MEU Rotary Lift", "MEU Fixed-Wing"])
    cards = sorted(g.state.cards.values(), key=lambda c: c.cid)
    lines = ["10.35 example 2: the same ship, 9 GPSV / 6 ASV"]
    lines += try_lines(g, A.PlaceCard(cards[0].cid, attach_to="5 Alpha"), "Attach Combat Engineers to 5 Alpha")
    for uid in sorted(units):
        lines += try_lines(g, A.DeployUnit(uid), f"Embark {uid}")
    for c in cards[1:]:
        lines += try_lines(g, A.PlaceCard(c.cid, embark_on="SHIP"), f"Embark {c.name} ({c.team})")
    lines += load_lines(g, "SHIP")
    return g, lines


# ------------------------------------------------------------------ 10.310
def ex_10_310() -> tuple[Game, list[str]]:
    """Doug's LSD 41 moves five hexes and deploys Unmanned Boats -- Attached to 1 Alpha, which
    it carries -- for 1 AP through Move and/or Play an Embarked Persistent JCC (10.310 ex.);
    Combat Engineers, Attached to 2 Alpha aboard too, cannot be used (10.310)."""
    g = situation({"LSD 41": {"type": "usn_lsd", "hex": "B-1"},
                   "1 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LSD 41"},
                   "2 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LSD 41"},
                   "1 Anna": ("runi_naval_infantry_platoon", "K-11")},
                  cards={"US": [{"name": "Unmanned Boats", "attach_to": "1 Alpha"},
                                {"name": "Combat Engineers", "attach_to": "2 Alpha"}]}, **_board())
    boats = next(c.cid for c in g.state.cards.values() if c.name == "Unmanned Boats")
    lines = ["10.310 example: LSD 41 carries 1 Alpha (Unmanned Boats) and 2 Alpha (Combat Engineers)"]
    lines += load_lines(g, "LSD 41")
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LSD 41",), jcc="Unmanned Boats"),)))
    g.apply(A.Move(1, ("B-2", "B-3", "B-4", "B-5", "B-6")))
    lines.append("Move and/or Play an Embarked Persistent JCC (1 AP): LSD 41 moves B-1 -> B-6 (5 hexes)")
    lines += try_lines(g, A.PlayCard(boats, "A", hex="B-6", action=1), "Unmanned Boats (Attached, aboard) option A")
    c = g.state.cards[boats]
    lines.append(f"Unmanned Boats: deployed={c.deployed}, expended={c.expended}, still attached to {c.host} aboard "
                 f"{g.state.units[c.host].embarked_on}; LSD 41 revealed={g.state.units['LSD 41'].revealed}")
    return g, lines


# ------------------------------------------------------------------ 10.311
def ex_10_311(forced: Iterable[int] = (3, 4, 20, 20), auto: dict[str, str] | None = None, extra_cards: Iterable[str | dict] = ()) -> tuple[Game, list[str]]:
    """An RU destroyer's LRS hits LHD 1 (revealed, carrying units and cards): per HP lost the
    attacker takes 2 Embarked cards, 4 GPSV of units, or 1 card and 2 GPSV (10.311).  The
    game stops at the RU team's ``embark_losses`` choice (``auto``: the Game's auto policies;
    ``extra_cards``: more US cards as :func:`lcb_lab.situation` takes them)."""
    g = situation({"LHD 1": {"type": "usn_lhd", "hex": "B-6", "face_up": True},
                   "1 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LHD 1"},
                   "2 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LHD 1"},
                   "1 Kilo": {"type": "usmc_iamd_section", "embarked_on": "LHD 1"},
                   "1 Whiskey": {"type": "usmc_himars_section", "embarked_on": "LHD 1"},
                   "DDG-605": {"type": "rubf_ddg", "hex": "D-6", "face_up": True}},
                  cards={"US": [{"name": "MEU Rotary Attack", "embark_on": "LHD 1", "face_up": True},
                                {"name": "Amphibious: LCU", "embark_on": "LHD 1"},
                                {"name": "MUX: Unmanned", "embark_on": "LHD 1"}, *extra_cards]},
                  initiative="RU", forced=list(forced), seed=0, naval_zor=False, auto=auto, **_board())
    lines = ["10.311: DDG-605 fires LRS at LHD 1, which carries:"] + load_lines(g, "LHD 1")
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-605",)),)))
    g.apply(A.CommitCombat((A.LrsAttack("DDG-605", "LRS1", "LHD 1", len(forced)),)))
    if g.pending is not None and isinstance(g.pending, InterceptChoice):
        g.apply(A.Answer())                              # LHD 1 does not INTERCEPT
    g.apply(A.ResolveCombat())
    lhd = g.state.units["LHD 1"]
    lines.append(f"LHD 1 loses {ctx_hp(g)} HP (HP {lhd.hp})" + (" and is destroyed with everything aboard (10.311)"
                                                                 if lhd.destroyed else ""))
    if g.pending is not None:
        lines.append(f"the attacker ({g.pending.team}) chooses: {g.pending.prompt}")
        cards = g.pending.options.cards
        shown = [g.state.cards[c].name for c in cards if not str(c).startswith("hidden:")]
        hidden = f"{len(cards) - len(shown)} hidden" if len(cards) > len(shown) else ""
        lines.append(f"options: cards {', '.join(shown + ([hidden] if hidden else [])) or 'none'}, units "
                     + ", ".join(f"{u.uid} ({u.gpsv} GPSV)" for u in g.pending.options.units))
    return g, lines


def pick_words(game: Game, picks: Iterable[str]) -> str:
    """An ``embark_losses`` answer's picks as the class reads them (10.311): unit designators as
    they are, a card by its name, a card the attacker may not see as "a hidden card"; never a
    card id.  ``picks``: unit uids and card ids (``"US-1"``, ``"hidden:..."``)."""
    def word(p: str) -> str:
        if p in game.state.units:
            return p
        card = game.state.cards.get(p)
        return card.name if card is not None else "a hidden card"    # "hidden:<n>": concealed (10.311)
    return ", ".join(word(str(p)) for p in picks) or "none"


def ctx_hp(game: Game) -> int:
    """HP LHD 1 has lost (of the catalog's HP)."""
    return game.catalog.unit("usn_lhd").hp - game.state.units["LHD 1"].hp
