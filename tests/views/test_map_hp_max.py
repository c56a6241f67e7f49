"""The map's HP top of a counter (4.21, 9.31): an Attached card that raises its host's HP raises
the top the map draws (its HP pips and hover line), read from the view model -- for the host's
own team; the other team, which knows the face-down card only as "a card" (9.02), reads the
type's HP (never below the HP shown)."""
from __future__ import annotations

from lcb_lab import situation
from lcb_lab.games.lcb.model.cards import Decks, load_decks
from lcb_lab.games.lcb.view_model import view_model
from lcb_lab.ui.lcb.map.counters import counter_layers


def _t14_plus_one():
    """1 Anna (naval infantry, type HP 2) hosts a T-14 that adds 1 HP (a test deck's variant)."""
    d = load_decks()
    ct = d.card("RU", "T-14 Tank: Unmanned")
    plus = Decks(cards=dict(d.cards, RU=dict(d.cards["RU"], **{ct.name: ct.model_copy(update={"hp_bonus": 1})})))
    return situation({"1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "D-5", "face_up": True},
                      "1 Alpha": ("usmc_infantry_platoon", "H-8")},
                     cards={"RU": [{"name": "T-14 Tank: Unmanned", "attach_to": "1 Anna"}]}, decks=plus)


def _anna(viewer, g):
    return next(c for c in view_model(g, viewer).counters if c.get("uid") == "1 Anna")


def _hp_pips(view):
    pips = counter_layers(view)["pips"]
    return [f for f, s in zip(pips["fill"], pips["shape"]) if s == "hp"]


def test_9_31_the_map_draws_an_attached_cards_hp_bonus_from_the_view_model():
    g = _t14_plus_one()
    assert g.unit("1 Anna").hp == 3
    for viewer in ("RU", "instructor"):
        assert (_anna(viewer, g)["hp"], _anna(viewer, g)["hp_max"]) == (3, 3)
    g.unit("1 Anna").hp = 2                                          # one hit taken
    assert _anna("RU", g)["hp_max"] == 3
    view = view_model(g, "RU").view
    assert len(_hp_pips(view)) == 3 and _hp_pips(view).count("#ffffff") == 2    # 2 of 3 pips filled
    tip = [t for t in counter_layers(view)["counters"]["tip"] if t.startswith("1 Anna")]
    assert tip and "HP 2/3" in tip[0]


def test_9_02_the_other_team_does_not_read_the_bonus_of_a_face_down_attached_card():
    g = _t14_plus_one()
    assert _anna("US", g)["hp_max"] == 3                             # 3 HP shown: never below it
    g.unit("1 Anna").hp = 2
    assert _anna("US", g)["hp_max"] == 2 and _anna("US", g)["attachments"] == ["1 card(s)"]
