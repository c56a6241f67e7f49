"""Saves with cards (chapter 9): a game saved in a response window loads back; malformed cards and
chains are refused naming the file and the key (the review's hostile-file findings)."""
import json

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.io.loading import load_scenario


def _in_a_window() -> Game:
    g = load_scenario("gotland_redux", seed=3)
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Tactical Cyber Attack"),)))
    g.apply(A.PlayCard("Tactical Cyber Attack", hex="AL-21", action=1))
    assert g.pending is not None and g.pending.kind == "card_response"
    return g


def test_a_game_saved_while_a_team_may_answer_a_card_loads_and_goes_on():
    g = _in_a_window()
    h = Game.from_json(g.to_json())
    assert h.state.to_dict() == g.state.to_dict()
    assert h.pending.kind == "card_response" and h.to_act() == "RU"
    h.apply(A.Answer())                       # RU passes: the chain resolves
    assert h.state.chain == [] and h.pending is None


@pytest.mark.parametrize("edit, key", [
    (lambda d: d["state"]["cards"]["US-1"].update(name="Death Star"), "state.cards[US-1].name"),
    (lambda d: d["state"]["cards"]["US-1"].update(supply={"X": -5}), "state.cards[US-1].supply[X]"),
    (lambda d: d["state"]["chain"][0].update(card="ZZ-9"), "state.chain[0].card"),
    (lambda d: d["state"].update(choices=[]), "state.chain"),
    (lambda d: d["state"]["choices"][-1]["options"].update(cards="junk"), "options.cards"),
])
def test_malformed_cards_and_chains_name_the_key(edit, key):
    d = json.loads(_in_a_window().to_json())
    d.pop("record", None)
    edit(d)
    with pytest.raises(ScenarioError) as e:
        Game.from_json(json.dumps(d))
    assert key in str(e.value)


def test_an_isr_marker_cards_lrs_supply_saves_and_loads():
    """13.28: Unmanned Boats' ISR marker attacks on its card's LRS supply (4 dice, 2 an attack); a save
    after one attack loads (random play of Slite Landing, seed 539, was refused: "Unmanned Boats has
    no 'LRS' value"); another slot on that card is still refused, naming the key."""
    g = load_scenario("slite_landing", seed=539)
    cid = next(c.cid for c in g.state.cards.values() if c.name == "Unmanned Boats")
    g.state.cards[cid].supply = {"LRS": 2}
    h = Game.from_json(g.to_json())
    assert h.state.cards[cid].supply == {"LRS": 2} and h.state.to_dict() == g.state.to_dict()
    d = json.loads(g.to_json())
    d["state"]["cards"][cid]["supply"] = {"GA": 2}
    with pytest.raises(ScenarioError) as e:
        Game.from_json(json.dumps(d))
    assert e.value.key == f"state.cards[{cid}].supply[GA]" and "Unmanned Boats has no 'GA' value" in str(e.value)
