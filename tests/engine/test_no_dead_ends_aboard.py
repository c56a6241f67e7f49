"""No dead ends in the space-aboard corners (3.22, 4.33, 10.1, 10.21, 10.22, 10.33, 10.35).

Each test stages one corner -- Space Value cards, ships whose room is taken by embarked units
or other cards, one Amphibious card type per ship, a card bought when a ship is full -- and
checks at every state on the way that the team :meth:`Game.to_act` names has an offered
action, that every offered action is legal (``is_legal`` agrees with ``legal_actions``), and
that the game still reaches the Action Stage by the offered actions alone.
"""
from __future__ import annotations

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.io.loading import load_scenario
from lcb_lab.games.lcb.legal_templates import Template
from lcb_lab.games.lcb.rules.embarking.embark import load
from lcb_lab.games.lcb.rules.stages.deployment import auto_deploy
from tests.refusals import refused

FW_NO_ROOM = ("US could not Embark MEU Fixed-Wing by the end of the Deployment Stage (3.22): MEU Fixed-Wing "
              "needs 2 ASV but LHD 1 has 1 of 5 left")


def _planning(name: str = "gotland_redux", cp: int = 30) -> Game:
    g = load_scenario(name, seed=1, start="planning")
    g.state.cp = {**g.state.cp, "US": cp}                         # sandbox: CP enough to fill the ship (3.12)
    return g


def _cid(g: Game, name: str, where: str = "pool") -> str:
    return sorted(c.cid for c in g.state.cards.values() if c.team == "US" and c.name == name and c.where == where)[0]


def _sound(g: Game) -> list:
    """The team to act has an offered action and every offered action is legal; the offers."""
    team = g.to_act()
    offered = g.legal_actions()
    assert team is None or offered, f"{team} has nothing to do in the {g.state.stage} stage"
    for a in offered:
        for x in (list(a.options) if isinstance(a, Template) else [a]):
            assert g.is_legal(x), x
    return offered


def _to_deployment(g: Game) -> None:
    g.apply(A.EndPlanning("US"))
    g.apply(A.EndPlanning("RU"))
    auto_deploy(g, "US")
    _sound(g)


def _finish(g: Game, steps: int = 40) -> None:
    """Play the Deployment Stage out by offered actions only (must-Embark and Attached cards
    placed first, then the end of the stage), checking every state: it reaches the Action Stage."""
    for _ in range(steps):
        if g.state.stage == "action":
            return
        offered = _sound(g)
        pick = next((a for a in offered if isinstance(a, A.PlaceCard) and a.hex is None
                     and g.state.cards[a.card].name != "Unmanned Helo"), None) \
            or next((a for a in offered if isinstance(a, A.EndDeployment)), None) \
            or next((a for a in offered if isinstance(a, A.DeployUnit)), offered[0])
        g.apply(pick)
    assert g.state.stage == "action"


def _place_options(g: Game, cid: str) -> list:
    return [a for a in g.legal_actions("US") if isinstance(a, A.PlaceCard) and a.card == cid]


def test_a_card_bought_when_the_ship_is_full_is_not_offered_and_refused_10_21():
    g = _planning()
    g.apply(A.BuyCard("US", "MEU Fixed-Wing"))           # LHD 1: 2 of 5 ASV after it, 1 Whiskey's V-BAT counted
    assert [a for a in g.legal_actions("US") if isinstance(a, A.BuyCard) and a.card == "MEU Rotary Lift"] == []
    refused(g, A.BuyCard("US", "MEU Rotary Lift"), "10.21", "MEU Rotary Lift needs 2 ASV but LHD 1 has 1 of 5 left")
    assert A.BuyCard("US", "Unmanned Helo") in g.legal_actions("US")    # no ship needed: the pool
    _sound(g)
    _to_deployment(g)
    _finish(g)
    assert (g.state.cards[_cid(g, "MEU Fixed-Wing", "embarked")].host, load(g._ctx(), "LHD 1")["asv"]) == ("LHD 1", 4)


def test_a_space_value_card_may_not_take_the_room_a_must_embark_card_needs_10_1_3_22():
    """Found here: two Unmanned Helos (ASV 1 each, 10.1) Embarked on LHD 1 left the MEU Fixed-Wing
    (ASV 2, must be Embarked) no room: the Deployment Stage could not end and nothing was offered."""
    g = _planning()
    for name in ("MEU Fixed-Wing", "Unmanned Helo", "Unmanned Helo"):
        g.apply(A.BuyCard("US", name))
    _to_deployment(g)
    fw, helo, helo2 = _cid(g, "MEU Fixed-Wing"), *sorted(
        c.cid for c in g.state.cards.values() if c.name == "Unmanned Helo")
    assert _place_options(g, helo) == [A.PlaceCard(helo, embark_on="LHD 1")]
    g.apply(A.PlaceCard(helo, embark_on="LHD 1"))        # 3 of 5 ASV: the Fixed-Wing's 2 still fit
    assert _place_options(g, helo2) == []
    assert not g.is_legal(A.PlaceCard(helo2, embark_on="LHD 1"))
    e = refused(g, A.PlaceCard(helo2, embark_on="LHD 1"), "10.21")
    assert e.reason == FW_NO_ROOM
    assert _place_options(g, fw) == [A.PlaceCard(fw, embark_on="LHD 1")]
    _finish(g)
    assert g.state.cards[helo2].where == "pool"           # a Space Value card may stay in the pool (10.1)


def test_an_asv_card_attached_to_a_unit_aboard_may_not_take_that_room_and_is_discarded_4_33_10_35():
    """Found here: with LHD 1's ASV used up by the MEU Fixed-Wing, the Helo and 1 Whiskey's V-BAT,
    a second V-BAT (ASV 1, its hosts all aboard LHD 1) had a host by 9.31 but no room (10.35):
    ending the Deployment Stage was refused ("an Attached card with no host") and nothing was
    offered.  A card no unit can take is discarded at the end of the stage (4.33)."""
    g = _planning()
    for name in ("MEU Fixed-Wing", "V-BAT", "Unmanned Helo"):
        g.apply(A.BuyCard("US", name))
    _to_deployment(g)
    fw, vbat, helo = _cid(g, "MEU Fixed-Wing"), _cid(g, "V-BAT"), _cid(g, "Unmanned Helo")
    g.apply(A.PlaceCard(helo, embark_on="LHD 1"))
    assert _place_options(g, vbat) == []                 # every host is aboard LHD 1: no room left but the FW's
    assert refused(g, A.PlaceCard(vbat, attach_to="1 Kilo"), "10.21").reason == FW_NO_ROOM
    g.apply(A.PlaceCard(fw, embark_on="LHD 1"))
    assert load(g._ctx(), "LHD 1")["asv"] == 5
    assert A.EndDeployment("US") in _sound(g)
    g.apply(A.EndDeployment("US"))
    assert g.state.cards[vbat].where == "discarded"
    assert [e["title"] for e in g.log_entries("US")][-3:] == [
        "V-BAT discarded", "US places its Tactical Network by the map", "US ends its Deployment Stage"]
    _finish(g)


def test_one_amphibious_type_per_ship_the_second_type_goes_to_the_other_ship_10_22_10_33():
    """slite_landing: LHD 1 carries the LCU; an LCAC bought has LSD 41 (Embark-capable, its GPSV
    taken by the units the scenario embarks there: an Amphibious card takes no space)."""
    g = _planning("slite_landing")
    assert A.BuyCard("US", "Amphibious: LCAC") in g.legal_actions("US")
    refused(g, A.BuyCard("US", "Amphibious: LCAC", embark_on="LHD 1"), "10.22",
            "LHD 1 already carries the Amphibious card Amphibious: LCU")
    g.apply(A.BuyCard("US", "Amphibious: LCAC"))
    _to_deployment(g)
    lcac = _cid(g, "Amphibious: LCAC")
    assert _place_options(g, lcac) == [A.PlaceCard(lcac, embark_on="LSD 41")]
    refused(g, A.PlaceCard(lcac, embark_on="LHD 1"), "10.22", "a ship holds one type of Amphibious card at a time")
    refused(g, A.EndDeployment("US"), "3.22", "Amphibious: LCAC (US) must be Embarked on its host")
    _finish(g)
    assert g.state.cards[lcac].host == "LSD 41"


@pytest.mark.parametrize("name", ["gotland_redux", "slite_landing"])
def test_every_space_value_card_bought_into_the_pool_leaves_deployment_an_end(name):
    """Each US card with a Space Value (ASV or GPSV) or that must be Embarked, bought on its own
    into the pool: the Deployment Stage still ends by offered actions."""
    from lcb_lab.games.lcb.rules.embarking.embark import card_space
    from lcb_lab.games.lcb.rules.stages.planning import must_embark
    from lcb_lab.games.lcb.model.cards import load_decks
    decks = load_decks()
    names = [n for n in decks.names("US") if card_space(decks.card("US", n)) != (0, 0)
             or must_embark(decks.card("US", n))]
    assert len(names) >= 8
    bought = 0
    for n in names:
        g = _planning(name)
        if not g.is_legal(A.BuyCard("US", n)):
            assert A.BuyCard("US", n) not in g.legal_actions("US")
            continue
        g.apply(A.BuyCard("US", n))
        bought += 1
        _to_deployment(g)
        _finish(g)
    assert bought >= 6
