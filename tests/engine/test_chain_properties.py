"""Card chains as properties over random chains (9.41-9.47).

Random games: the US plays a random card of the chapter 9 test deck against random RU and US
responders (in the pool or deployed) and IAMD units; then each window is answered at random --
a legal answer drawn from ``legal_actions`` (the pass or the ``answer_cards`` template), or a
random well-formed answer that is either accepted or refused with a rule and the state, the
dice and the record byte-identical.  Whatever happens, the chain ends: no choice is left on the
stack, ``state.chain`` is empty, the played card left the pool, and every card that answered
is expended or out of play (9.43).
"""
from __future__ import annotations

import json
import os

import numpy as np
import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.legal_templates import Template
from tests.budget import budget
from tests.rulebook.test_ch9_chains import B, UNITS, game, registered_test_effect  # noqa: F401 (the fixture)

GAMES = int(os.environ.get("LCB_CHAIN_GAMES", budget(150, 1500)))
PLAYED = [("B-1B Lancer", ("Ivan",)), ("B-2", ("Ivan",)), ("Orion Sirius: Unmanned", ("Ivan",)),
          ("Unmanned Helo", ("Ivan",)), ("Tactical Cyber Attack", ("Anna", "Yelena")),
          ("EMS Jamming", ()), ("MUX: Unmanned", ()), ("P-8A: Surveillance", ("Anna",))]
RESPONDERS = ["Tactical Cyber Defenses", "Attack on Command and Control", "MEF Information Group (MIG)",
              "EMS Defense", "Signal Management", "Malware in Space", "Combat Air Patrols", "F-22 Escorts",
              "EA-18G Growler"]
WHERE = {"pool", "deployed", "attached", "embarked", "discarded", "removed"}


def snap(g) -> str:
    return (json.dumps(g.state.to_dict(), sort_keys=True) + json.dumps(g.dice.state(), sort_keys=True)
            + str(len(g.history.steps)))


def random_game(rng, auto=None):
    name, targets = PLAYED[int(rng.integers(len(PLAYED)))]
    cards = {"played": ("US", name)}
    for team in ("US", "RU"):
        for i in range(int(rng.integers(1, 6))):
            where = "deployed" if rng.random() < 0.4 else "pool"
            cards[f"{team}{i}"] = (team, RESPONDERS[int(rng.integers(len(RESPONDERS)))], where)
    units = UNITS + [("FFG", "rubf_ffg_gorshkov", "H-8", "TF Red")]
    g, c = game(cards, units=units, naval=["H-8"], seed=int(rng.integers(1 << 30)))
    for cid in c.values():
        if g.state.cards[cid].where == "deployed" and g.state.cards[cid].name not in (
                "Signal Management", "Malware in Space", "Combat Air Patrols", "F-22 Escorts", "EA-18G Growler"):
            g.state.cards[cid].where = "pool"          # only Persistent cards are deployed (9.21)
            g.state.cards[cid].deployed = False
    more = [cid for k, cid in c.items() if k.startswith("US")][:2]
    names = [name] + [g.state.cards[m].name for m in more]
    g.auto_policies = auto
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare(tuple(A.CoreAction("play_jcc", jcc=n) for n in dict.fromkeys(names))))
    g.apply(A.PlayCard(c["played"], targets=targets, action=1))
    return g, c


def random_answer(g, rng) -> A.Answer:
    cids = sorted(g.state.cards)
    pids = [x.pid for x in g.state.chain] + [0, 9]
    resp = tuple(A.Response(cids[int(rng.integers(len(cids)))], option=("A", "B")[int(rng.integers(2))],
                            to=int(pids[int(rng.integers(len(pids)))]) if rng.random() < 0.5 else None)
                 for _ in range(int(rng.integers(0, 3))))
    units = sorted(g.state.units)
    ints = tuple(A.CardIntercept(units[int(rng.integers(len(units)))], ("INT1", "INT2")[int(rng.integers(2))],
                                 int(rng.integers(0, 6)))
                 for _ in range(int(rng.integers(0, 2))))
    return A.AnswerCards(responses=resp, card_intercepts=ints)


@pytest.mark.fuzz
@pytest.mark.parametrize("seed", range(3))
def test_random_chains_end_and_refusals_change_nothing(seed):
    rng = np.random.default_rng(seed)
    accepted = refusals = answered = deepest = 0
    for _ in range(GAMES // 3):
        g, c = random_game(rng)
        for _step in range(40):
            ch = g.pending
            if ch is None:
                break
            assert ch.kind == "card_response" and g.to_act() == ch.team
            if rng.random() < 0.4:
                a = random_answer(g, rng)
                before = snap(g)
                try:
                    g.apply(a)
                    accepted += 1
                except IllegalAction as e:
                    assert e.rule and snap(g) == before, (a, e)
                    refusals += 1
                continue
            legal = g.legal_actions()
            assert legal and isinstance(legal[0], A.Answer) and legal[0] == A.Answer()
            pick = legal[-1] if rng.random() < 0.8 else legal[0]     # mostly answer: chains grow
            g.apply(pick.sample(rng) if isinstance(pick, Template) else pick)
            answered += 1
            deepest = max(deepest, len(g.state.chain))
        assert g.pending is None and g.state.choices == [] and g.state.chain == []
        played = g.state.cards[c["played"]]
        assert played.where in ("discarded", "removed", "deployed")
        answered_by = {e["data"]["card"] for e in g.state.log if " answers with " in e["title"]}
        for cid, card in g.state.cards.items():
            assert card.where in WHERE
            if cid in answered_by:
                assert card.expended or not card.in_play, card      # 9.43: answered, so spent
    assert refusals > 10 and answered > 20 and deepest >= 3


def test_legal_card_answers_apply():
    """Every answer sampled from the listed template applies (on a fork)."""
    rng = np.random.default_rng(7)
    tried = 0
    for _ in range(40):
        g, _c = random_game(rng)
        ch = g.pending
        if ch is None:
            continue
        for a in g.legal_actions():
            for _k in range(3):
                act = a.sample(rng) if isinstance(a, Template) else a
                f = g.fork()
                f.apply(act)
                tried += 1
    assert tried > 20


@pytest.mark.parametrize("policy", ["pass", "respond_all", "respond_intercept_all"])
def test_auto_policies_close_every_chain(policy):
    """With ``Game.auto_policies`` every window is answered as it opens: the play returns with
    the chain closed; ``respond_all`` answers with free cards only, never a paid counter."""
    rng = np.random.default_rng(11)
    answered = 0
    for _ in range(40):
        g, c = random_game(rng, auto={"card_response": policy})
        assert g.pending is None and g.state.chain == [] and g.state.choices == []
        answered += sum(1 for e in g.state.log if " answers with " in e["title"])
        assert all(d.played in (None, c["played"]) for d in g.state.impulse.actions)
    assert (answered == 0) == (policy == "pass")
