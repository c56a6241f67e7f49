"""Checkpoints a class answers on staged Order of Battle positions (kernel
:class:`~lcb_lab.kernel.checkpoints.Checkpoint`): every answer is computed by the engine.

* :func:`initiative_table` -- two Fortune piles of three cards; the chance Ash leads on the first
  Initiative draw (l.33; :mod:`.chance`);
* :func:`purchase_table` -- Ash in its Purchase Phase with 4 Credits, 3 Fame and Vex Marlowe (cost
  6) on offer: the Fame it keeps after converting, buying and ending the purchase (l.41, l.45);
* :func:`skirmish_table` -- a Ranged round with both placements chosen: which cards die when both
  sides' totals are compared at once (l.94).

The positions are sandbox (the text prints no cards and no worked example with numbers).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.order_of_battle import actions as A
from lcb_lab.games.order_of_battle.chance import initiative_step
from lcb_lab.games.order_of_battle.game import OrderOfBattle, new_game
from lcb_lab.games.order_of_battle.lab_api import read_log
from lcb_lab.games.order_of_battle.observer import view
from lcb_lab.games.order_of_battle.state import Asset, Squad
from lcb_lab.kernel.checkpoints import Checkpoint

TITLE = "Order of Battle: initiative, purchase, skirmish"
"""The checkpoints' title."""
DEATHS = ("Ash's Supporting PUD", "Ash's leader", "Birch's Supporting PUD", "Birch's leader")
"""The options of the skirmish checkpoint."""


def _table(fortune: dict[str, list[str]] | None = None) -> OrderOfBattle:
    piles = fortune or {"Ash": [], "Birch": []}
    return new_game(["Ash", "Birch"], stacked={p: {"fame": [], "fortune": list(v)} for p, v in piles.items()},
                    start=False)


def _put(g: OrderOfBattle, who: str, card: str) -> str:
    c = g.state.commanders[who]
    aid = f"{who}-{c.next_id}"
    c.next_id += 1
    kind = g.cards[card].kind
    c.display.append(Asset(aid, card, kind, face_up=kind != "pud"))
    return aid


def initiative_table() -> OrderOfBattle:
    """Ash's Fortune pile: Gunner, Iron Kade, Street Tough; Birch's: Vex Marlowe, Netrunner, Flak
    Vest (order unknown to both: the chance is over the cards)."""
    return _table({"Ash": ["Gunner", "Iron Kade", "Street Tough"], "Birch": ["Vex Marlowe", "Netrunner", "Flak Vest"]})


def purchase_table() -> OrderOfBattle:
    """Ash's Purchase Phase: 4 Credits, 3 Fame; the offer holds Vex Marlowe and a Scanner."""
    g = _table({"Ash": ["Vex Marlowe", "Scanner"], "Birch": []})
    s = g.state
    s.phase, s.pending, s.lead = "purchase", ["Ash", "Birch"], "Ash"
    ash = s.commanders["Ash"]
    ash.credits, ash.fame = 4, 3
    from lcb_lab.games.order_of_battle.economy import open_purchase
    open_purchase(g)
    return g


def skirmish_table() -> OrderOfBattle:
    """Ash's Iron Kade with a Gunner attacks (a Face Mission); Birch's Vex Marlowe with a Street
    Tough defends; Ranged; Ash will place an Ambush, Birch a Take Cover."""
    g = _table()
    s = g.state
    kade, gunner = _put(g, "Ash", "Iron Kade"), _put(g, "Ash", "Gunner")
    vex, tough = _put(g, "Birch", "Vex Marlowe"), _put(g, "Birch", "Street Tough")
    s.squads[kade] = Squad(kade, "Ash", [gunner], mission="face", opponent="Birch", target="Birch-0")
    s.squads[vex] = Squad(vex, "Birch", [tough])
    for c, ids in ((s.commanders["Ash"], (kade, gunner)), (s.commanders["Birch"], (vex, tough))):
        for aid in ids:
            c.asset(aid).squad = ids[0]
    s.commanders["Ash"].hand, s.commanders["Birch"].hand = ["Ambush"], ["Take Cover"]
    s.phase, s.pending, s.lead = "mission", ["Ash", "Birch"], "Ash"
    for act in (A.Attack(kade), A.OfferDefense(True), A.DeclareForm("ranged"), A.ChooseDefender(vex)):
        g.apply(act)
    return g


def lead_chance() -> float:
    """P(Ash leads on the first draw) at :func:`initiative_table`."""
    g = initiative_table()
    return initiative_step(list(g.state.commanders.values()), g.cards).probability(0)


def fame_kept() -> int:
    """Ash's Fame after converting 2 Fame, buying Vex Marlowe and ending its purchase."""
    g = purchase_table()
    for act in (A.ConvertFame(2), A.Buy("Vex Marlowe"), A.EndPurchase()):
        g.apply(act)
    return g.state.commanders["Ash"].fame


def deaths() -> frozenset[str]:
    """Who dies in the round of :func:`skirmish_table` (a subset of :data:`DEATHS`)."""
    g = skirmish_table()
    g.apply(A.PlaceFaceDown("Ash", battle=("Ambush",)))
    g.apply(A.PlaceFaceDown("Birch", battle=("Take Cover",)))
    out = set()
    for e in g.state.log:
        if e["kind"] == "kill":
            side = e["title"].split("'s ")[0]
            out.add(f"{side}'s {'leader' if 'leader' in e['title'] else 'Supporting PUD'}")
    return frozenset(out)


def checkpoints() -> list[Checkpoint]:
    """The three checkpoints (module doc)."""
    return [
        Checkpoint("oob.initiative", "Ash's Fortune pile holds Gunner (3), Iron Kade (8), Street Tough (2); Birch's "
                   "Vex Marlowe (6), Netrunner (3), Flak Vest (2). What is the chance Ash becomes the Lead Commander "
                   "on the first Initiative draw, without a tie?", "probability", lead_chance, "l.33",
                   "The highest cost leads; count the pairs of cards in which Ash's costs more (9 pairs in all).",
                   lambda: f"Ash's card costs more in 4 of the 9 pairs: {lead_chance():.1%}."),
        Checkpoint("oob.purchase", "Ash has 4 Credits and 3 Fame. It converts 2 Fame into Credits, buys Vex Marlowe "
                   "(6 Credits) and ends its purchase. How many Fame Points does it have then?", "number", fame_kept,
                   "l.41", "Fame becomes Credits one for one; Credits left become Fame two for one (l.45).",
                   lambda: f"3 - 2 = 1 Fame; no Credit is left to convert back: {fame_kept()}."),
        Checkpoint("oob.skirmish", "Ranged round: Ash's Iron Kade (Ranged 4, Defense 5) with Supporting Gunner "
                   "(Ranged 3, Defense 2) and an Ambush (+2 attack); Birch's Vex Marlowe (Ranged 3, Defense 4) with "
                   "Supporting Street Tough (Ranged 1, Defense 2) and a Take Cover (+2 defense). Who dies?",
                   "choices", deaths, "l.94", "Compare each side's attack total with the other's defense total, "
                   "both at once; only a total greater than the other kills.",
                   "Ash attacks 9 against 8: Birch's Supporting Street Tough dies; Birch attacks 4 against 7.",
                   options=DEATHS),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The checkpoints (answers computed when asked)."""


def lines(g: OrderOfBattle, viewer: str, since: int = 0) -> list[str]:
    """The log from entry ``since`` on as ``viewer`` reads it (the observer decides), one line an entry:
    ``"[l.33] Ash draws Monoblade (cost 2): III. Initiative Phase, l.33"``."""
    return [f"[{', '.join(e['rules'])}] {e['title']}" + (f": {e['text']}" if e.get("text") else "")
            for e in read_log(g, viewer)[since:]]


def placement(g: OrderOfBattle, viewer: str, who: str) -> str:
    """What ``viewer`` sees of ``who``'s placement in the skirmish round (the observer's view, l.91-93):
    ``"committed, face down"`` before the reveal for another Commander, ``"Battle cards Ambush;
    Matrices none"`` (and the Supporting PUDs' order, if any) for its owner; ``"nothing yet"``."""
    placed = (view(g, viewer).get("battle") or {}).get("placed", {}).get(who)
    if not placed:
        return "nothing yet"
    if placed.get("committed") and len(placed) == 1:
        return "committed, face down"
    order = ", ".join(placed.get("order", []))
    return ((f"order {order}; " if order else "") + f"Battle cards {', '.join(placed.get('battle', [])) or 'none'}; "
            f"Matrices {', '.join(placed.get('matrices', [])) or 'none'}")


def staged() -> dict[str, Any]:
    """Each staged position by name (for a lesson or a test)."""
    return {"initiative": initiative_table(), "purchase": purchase_table(), "skirmish": skirmish_table()}
