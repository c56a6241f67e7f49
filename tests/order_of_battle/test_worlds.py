"""Indistinguishable worlds: two games differing only in a card of Ash's hand, in the identity of
one of Ash's face-down PUDs, or in the order of Ash's Fame draw pile look the same to Birch --
view, log, step labels, legal acts, who acts and refusal texts (kernel :mod:`lcb_lab.kernel.worlds`)
-- until the rules show it (the card is played: Ash's own act on its own secret; the PUD turned
face up)."""
import numpy as np
import pytest

from lcb_lab.games.order_of_battle import actions as A
from lcb_lab.games.order_of_battle.game import new_game
from lcb_lab.games.order_of_battle.observer import view
from lcb_lab.kernel.autoplay import pick
from lcb_lab.kernel.errors import IllegalAction, LabError
from lcb_lab.kernel.worlds import differences, make_twin
from lcb_lab.ui.order_of_battle.game_ui import OOB_UI

PROBES = [A.Attack("Ash-0"), A.Reassign("Ash-1", ""), A.FormSquad("Ash-1"), A.Buy("Gunner"),
          A.ActivateHotspot("Data Haven"), A.Reactivate("Ash-0"), A.DrawFame(9), A.ConvertFame(99)]


def _refusal(g, act) -> str:
    try:
        g.fork().apply(act)
        return "accepted"
    except LabError as e:
        return str(e)


def _walk(a, b, shown, seed, steps=120) -> int:
    """Apply the same random acts to both worlds; compare what Birch is shown after each (and the
    refusals of Birch's probes when Birch acts) until ``shown`` or Ash's act on its secret is
    refused in world B.  Returns the acts compared."""
    rng = np.random.default_rng(seed)
    compared = 0
    for _ in range(steps):
        if a.to_act() is None or shown(a, b):
            break
        assert differences(a, b, "Birch", view, undo=OOB_UI.undo_allowed) == {}
        if a.to_act() == "Birch" and compared % 4 == 0:
            assert [_refusal(a, p) for p in PROBES] == [_refusal(b, p) for p in PROBES]
        act, actor = pick(a, rng), a.to_act()
        a.apply(act)
        try:
            b.apply(act)
        except IllegalAction:
            assert actor == "Ash"                   # only Ash's own act on its own secret may differ
            break
        compared += 1
    return compared


def _after_draw(seed):
    g = new_game(["Ash", "Birch"], seed=seed)
    g.apply(A.DrawFame(0))
    return g


def _swap_hand_card(state):
    ash = state.commanders["Ash"]
    pile = ash.fame_deck.draw
    other = next((i for i, c in enumerate(pile) if c != ash.hand[0]), None)
    if other is None:
        return None
    ash.hand[0], pile[other] = pile[other], ash.hand[0]
    return f"Ash's hand card swapped with its draw pile's card {other}"


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_a_card_in_anothers_hand_is_not_seen(seed):
    a = _after_draw(seed)
    b, what = make_twin(a, _swap_hand_card, "Birch", view)
    assert what and a.state.commanders["Ash"].hand != b.state.commanders["Ash"].hand
    assert differences(a, b, "Ash", view)                       # Ash sees its own hand
    assert _walk(a, b, lambda a, b: False, seed) >= 10


def test_the_order_of_a_draw_pile_is_nobodys():
    a = _after_draw(5)
    b, _ = make_twin(a, lambda s: s.commanders["Ash"].fame_deck.draw.reverse() or "pile reversed", "Birch", view)
    assert differences(a, b, "Ash", view) == {}                 # not even Ash's
    assert _walk(a, b, lambda a, b: False, 5, 60) >= 10


def _face_down(g):
    return [x for x in g.state.commanders["Ash"].display if x.kind == "pud" and not x.face_up]


def _rename_pud(aid):
    def change(state):
        x = state.commanders["Ash"].asset(aid)
        x.card = "Netrunner" if x.card != "Netrunner" else "Gunner"      # both cost 3 (sandbox cards)
        return f"{x.id} is a {x.card}"
    return change


def _revealed(a, b):
    return any(x.face_up for g in (a, b) for x in g.state.commanders["Ash"].display if x.kind == "pud"
               and x.id == b.twin_pud)


@pytest.mark.parametrize("seed", [0, 2, 6])
def test_a_face_down_pud_is_hidden_until_revealed(seed):
    a = new_game(["Ash", "Birch"], seed=seed)
    rng = np.random.default_rng(seed)
    while a.to_act() is not None and not [x for x in _face_down(a) if a.cards[x.card].cost == 3]:
        a.apply(pick(a, rng))
    if a.to_act() is None:
        pytest.skip("no PUD of cost 3 bought in this game")
    x = [x for x in _face_down(a) if a.cards[x.card].cost == 3][0]
    b, what = make_twin(a, _rename_pud(x.id), "Birch", view)
    assert b.state.commanders["Ash"].asset(x.id).card != x.card
    b.twin_pud = x.id
    assert _walk(a, b, _revealed, seed) >= 5


def test_another_commanders_fortune_pile_does_not_show_in_the_initiative_odds():
    """World B holds another card in Ash's Fortune pile: the instructor's odds of the Initiative
    draw differ, yet Birch reads only its own card's chances -- the same in both worlds -- until
    the draws are shown (l.33)."""
    a = _after_draw(7)
    def change(state):
        pile = state.commanders["Ash"].fortune_deck.draw
        i = pile.index("Iron Kade")
        pile[i] = "Street Tough"
        return "Iron Kade replaced"
    b, _ = make_twin(a, change, "Birch", view)
    drawn = lambda a, b: any(e["kind"] == "initiative" for e in a.state.log)   # noqa: E731
    assert _walk(a, b, drawn, 7) >= 2
    odds = [[e for e in g.state.log if e["kind"] == "odds"][0] for g in (a, b)]
    assert odds[0]["text"] != odds[1]["text"]                  # the instructor's odds differ
