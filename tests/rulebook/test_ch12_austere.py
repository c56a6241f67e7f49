"""12.31 and 12.44 on the central-Baltic map, which has large ports, small ports (sandbox), airports
and austere airports (sandbox): a card that says "any friendly port / airport" uses either kind;
a card may be limited to the small / austere kind, or barred from it (args ``small_port`` and
``airport``).  The packaged C-130 lands at "a friendly airport hex" (read as "any"), the packaged
LCU-2000 uses large ports only."""
import pytest

from lcb_lab import situation
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.passes import pass_empty_windows
from lcb_lab.games.lcb.model.cards import CardType, Decks, load_decks
from lcb_lab.kernel import datacodec
from tests.refusals import refused

B = "TF Blue"
VISBY, ROMA, SLITE, LJUGARN, BURGSVIK = "L-4", "M-4", "N-4", "N-6", "L-7"   # central_baltic.json


def _variant(deck, name: str, new: str, **args) -> CardType:
    d = deck[name].model_dump(exclude_defaults=True)
    d.update(name=new, aliases=[])
    d["effects"][0]["args"].update(args)
    return CardType.model_validate(d)


def _decks():
    base = load_decks()
    us = dict(base.cards["US"])
    for card in (_variant(us, "C-130 Hercules", "C-130 Austere Only", airport="austere_only"),
                 _variant(us, "C-130 Hercules", "C-130 No Austere", airport="no_austere"),
                 _variant(us, "LCU-2000", "LCU Any Port", small_port=True),
                 _variant(us, "LCU-2000", "LCU Small Ports Only", small_port="only")):
        us[card.name] = card
    return Decks(cards={"US": us, "RU": base.cards["RU"]})


DECKS = _decks()


@pytest.fixture(scope="module")
def decks():
    return DECKS


def _game(decks, card, units=None):
    g = situation(units or {"1 Alpha": ("usmc_infantry_platoon", "L-5")}, map="central_baltic",
                  cards={"US": [card]}, decks=decks, forced=[1] * 10)
    g.state.reinforcements["US"] = [{"uid": "R1", "type": "usmc_iamd_section", "task_force": B}]
    datacodec.touched(g.state, "reinforcements")          # a test's in-place edit of a tracked field
    cid = next(c.cid for c in g.state.cards.values() if c.name == card)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc=card),)))
    return g, cid


def test_the_map_has_every_kind_of_port_and_airport():
    g = situation({"DDG-51": ("usn_ddg_51", "W700.1")}, map="central_baltic")
    kinds = {h: {f.kind for f in g.board.hex(h).features} for h in (VISBY, ROMA, SLITE, LJUGARN)}
    assert {"port", "airfield"} <= kinds[VISBY] and kinds[ROMA] == {"austere_airfield"}
    assert "port" in kinds[SLITE] and "small_port" in kinds[LJUGARN]
    assert all("(sandbox)" in f.name for h in g.board.hexes.values() for f in h.features if f.kind == "austere_airfield")


@pytest.mark.parametrize("card, ok, bad", [("C-130 Hercules", (VISBY, ROMA), ()),
                                           ("C-130 Austere Only", (ROMA,), (VISBY,)),
                                           ("C-130 No Austere", (VISBY,), (ROMA,))])
def test_12_44_any_friendly_airport_austere_only_or_never(decks, card, ok, bad):
    for h in bad:
        g, cid = _game(decks, card)
        before = g.to_json()
        e = refused(g, A.PlayCard(cid, "A", ("R1",), h, action=1), "12.44")
        assert "austere" in e.reason and g.to_json() == before
    for h in ok:
        g, cid = _game(decks, card)
        g.apply(A.PlayCard(cid, "A", ("R1",), h, action=1))
        pass_empty_windows(g)
        assert g.state.units["R1"].hex == h and g.state.reinforcements["US"] == []


@pytest.mark.parametrize("card, ok, bad", [("LCU-2000", (VISBY,), (LJUGARN,)),
                                           ("LCU Any Port", (VISBY, LJUGARN), ()),
                                           ("LCU Small Ports Only", (LJUGARN, BURGSVIK), (VISBY,))])
def test_12_31_any_friendly_port_small_only_or_never(decks, card, ok, bad):
    units = {"1 Alpha": ("usmc_infantry_platoon", SLITE)}       # Slite: a large port
    for h in bad:
        g, cid = _game(decks, card, units)
        e = refused(g, A.PlayCard(cid, "A", ("1 Alpha",), h, action=1), "12.31")
        assert "port" in e.reason
    for h in ok:
        g, cid = _game(decks, card, units)
        if card == "LCU Small Ports Only":          # it embarks in a small port too
            g, cid = _game(decks, card, {"1 Alpha": ("usmc_infantry_platoon", "L-7" if h != "L-7" else "N-6")})
        g.apply(A.PlayCard(cid, "A", ("1 Alpha",), h, action=1))
        assert g.state.units["1 Alpha"].hex == h


def test_12_44_the_offered_landing_hexes_follow_the_card():
    from lcb_lab.games.lcb.rules.transport.offers import options
    got = {}
    for card in ("C-130 Hercules", "C-130 Austere Only", "C-130 No Austere"):
        g = situation({"1 Alpha": ("usmc_infantry_platoon", "L-5")}, map="central_baltic",
                      cards={"US": [card]}, decks=DECKS)
        g.state.reinforcements["US"] = [{"uid": "R1", "type": "usmc_iamd_section", "task_force": B}]
        datacodec.touched(g.state, "reinforcements")          # a test's in-place edit of a tracked field
        c = next(c for c in g.state.cards.values() if c.name == card)
        got[card] = {o["hex"] for o in options(g, c, g._ctx().ctype(card, "US").effect())}
    assert ROMA in got["C-130 Austere Only"] and VISBY not in got["C-130 Austere Only"]
    assert VISBY in got["C-130 No Austere"] and ROMA not in got["C-130 No Austere"]
    assert got["C-130 Hercules"] == got["C-130 Austere Only"] | got["C-130 No Austere"]
