"""Indistinguishable worlds: two games differing only in where a hidden Red unit stands look the
same to Blue -- view, log, step labels, legal acts, to-act and refusal texts -- until some Blue
unit (or UAV) spots it or it gives itself away (kernel :mod:`lcb_lab.kernel.worlds`)."""
import numpy as np
import pytest

from lcb_lab.games.force_on_force import actions as A
from lcb_lab.games.force_on_force.game import new_game
from lcb_lab.games.force_on_force.observer import knows, view
from lcb_lab.kernel.autoplay import pick
from lcb_lab.kernel.errors import DiceExhausted, IllegalAction, LabError
from lcb_lab.kernel.worlds import differences, make_twin
from lcb_lab.ui.force_on_force.game_ui import FOF_UI

PLACES = [(19.0, 18.0), (6.0, 18.0), (20.5, 19.0)]      # in the House at its edge, deep in North Wood, deep in the House
PROBES = [A.Activate("SAS A", fire_at="Cell"), A.Artillery("SAS B", "Cell"), A.Breach("SAS B", "Cell"),
          A.Activate("Marines", to="orchard", fire_at="Cell"), A.Hide("SAS A"), A.Hide("Marines")]


def _move_cell(to):
    def change(state):
        cell = state.units["Cell"]
        cell.x, cell.y = to
        return f"Cell moved to {to}"
    return change


def _shown(a, b) -> bool:
    return any(knows(g.state, "Blue", {"unit": "Cell"}) for g in (a, b))


def _refusal(g, act) -> str:
    try:
        snap = g.fork()
        snap.apply(act)
        return "accepted"
    except (IllegalAction, LabError) as e:
        return str(e)


def _compare(a, b, since=(0, 0)) -> dict:
    found = differences(a, b, "Blue", view, since=since, undo=FOF_UI.undo_allowed)
    if a.to_act() == "Blue":
        for act in PROBES:
            ra, rb = _refusal(a, act), _refusal(b, act)
            if ra != rb:
                found[f"probe {act}"] = f"{ra} / {rb}"
    return found


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
@pytest.mark.parametrize("place", PLACES[1:])
def test_a_hidden_units_place_is_not_seen_by_the_other_side(seed, place):
    a = new_game(seed=seed)
    b, _ = make_twin(a, _move_cell(place), "Blue", view)
    rng = np.random.default_rng(seed)
    compared = 0
    for _ in range(150):
        if a.to_act() is None or _shown(a, b) or not a.state.units["Cell"].hidden:
            break
        assert _compare(a, b) == {}
        act, actor = pick(a, rng), a.to_act()
        try:
            a.apply(act)
        except (IllegalAction, DiceExhausted):
            continue
        try:
            b.apply(act)
        except IllegalAction:
            assert actor == "Red"                      # only Red's act on its own secret may not apply
            break
        compared += 1
    assert compared >= 3


def test_a_failed_search_tells_nothing():
    worlds = []
    for place in [(18.5, 18.0), (6.0, 18.0)]:           # in SAS A's sight and range at the House's edge, or not
        g = new_game(forced=[2, 5], phase="activate")  # SAS A: 2 + 1 (optics) = 3: fails wherever the Cell is
        _move_cell(place)(g.state)
        g.state.units["SAS A"].x, g.state.units["SAS A"].y = 17.5, 17.0
        g.apply(A.Spot("SAS A", "House"))
        worlds.append(g)
    assert differences(*worlds, "Blue", view) == {}
    red = [[e["title"] for e in g.state.log if e["kind"] == "hidden_roll"] for g in worlds]
    assert red[0][0].endswith(": not spotted") and red[1][0].endswith(": not in the search")   # Red's own log differs


def test_the_interrupt_question_does_not_tell_where_a_hidden_unit_is():
    """Whether Red is asked about interrupts (Opportunity Fire, l.324) must not depend on whether
    its hidden Cell sees the reacting Blue unit: in sight of SAS A in one world, deep in the wood in
    the other, Blue is shown the same."""
    worlds = []
    for place in [(8.5, 14.5), (6.0, 18.0)]:
        g = new_game(seed=0, initiative="Red", phase="activate")
        _move_cell(place)(g.state)
        g.apply(A.Activate("MG team", to="copse edge"))
        g.apply(A.React("SAS A", "fire"))
        g.apply(A.DoneReacting())
        worlds.append(g)
    assert [g.is_legal(A.Interrupt("Cell", "SAS A")) for g in worlds] == [True, False]
    assert differences(*worlds, "Blue", view) == {}
