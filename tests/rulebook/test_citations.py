"""The rule numbers the engine prints: the right rule for the words it says.

The sites fixed here (each test failed on the code before the fix): a NULLIFY card answering on
the opponent's impulse costs no AP by 9.41 (a Persistent one is then expended, 9.45), not by the
Persistent rule 9.2; a NULLIFIED one-time card is spent by 9.1, not by 9.21 (Persistent cards);
a Deployment-Stage card after its team's one opportunity is refused by 9.5 (3.24), not by the
Deployment Stage's heading 3.2.
"""
from __future__ import annotations

from lcb_lab.games.lcb import actions as A
from tests.refusals import refused
from tests.rulebook.test_ch3_stages import _deployment_cards
from tests.rulebook.test_ch9_chains import answer, game, play, registered_test_effect, resp  # noqa: F401

B = "TF Blue"


def _lines(g, start: str) -> list[tuple[list[str], str]]:
    return [(e["rules"], e["text"]) for e in g.state.log if e["title"].startswith(start)]


def test_a_one_time_nullify_answering_costs_no_ap_by_9_41_and_is_spent_by_9_1():
    """App. B: RU answers Tactical Cyber Attack with the one-time Attack on Command and Control
    for no AP (9.41: no AP on the opponent's impulse); it rolls 5 and succeeds, so the one-time
    Tactical Cyber Attack is discarded (9.1, the 9.42 diagram), not expended (9.21)."""
    g, c = game({"tca": ("US", "Tactical Cyber Attack"), "c2": ("RU", "Attack on Command and Control")},
                forced=[5])
    play(g, B, c["tca"], targets=("Anna", "Yelena"))
    answer(g, resp(c["c2"]))
    [(rules, text)] = _lines(g, "RU answers with Attack on Command and Control")
    assert rules == ["9.4", "9.41", "9.46"] and text.endswith("Costs no AP (9.41).")
    [(rules, text)] = _lines(g, "Tactical Cyber Attack (US) is discarded")
    assert rules == ["9.1", "9.41", "9.42"] and text == "a NULLIFIED card is spent"


def test_a_persistent_ftr_nullify_answering_costs_no_ap_by_9_41_and_9_45():
    """A deployed Persistent Combat Air Patrols answers a B-1B on the opponent's impulse: no AP,
    and it is expended for the Action Stage (9.45's third point), not 9.2's 1 AP to play."""
    g, c = game({"b1": ("US", "B-1B Lancer"), "rucap": ("RU", "Combat Air Patrols", "deployed")},
                forced=[20, 20, 20])
    play(g, B, c["b1"], targets=("Ivan",))
    answer(g, resp(c["rucap"]))
    [(rules, text)] = _lines(g, "RU answers with Combat Air Patrols")
    assert rules == ["9.41", "9.44", "9.46"] and text.endswith("Costs no AP (9.41, 9.45).")


def test_a_deployment_stage_card_after_its_teams_one_opportunity_is_refused_by_9_5():
    """US (the initiative) ends its Deployment Stage without playing Military Deception: its one
    opportunity is over (9.5, 3.24), so the card is refused naming 9.5."""
    g = _deployment_cards()
    from lcb_lab.games.lcb.rules.stages.deployment import auto_deploy
    auto_deploy(g, "US")
    g.apply(A.EndDeployment("US"))
    refused(g, A.PlayCard("Military Deception"), "9.5", "US has ended its Deployment Stage: its one opportunity")
