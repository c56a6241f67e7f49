"""LC:B's view model (``lcb_lab/games/lcb/view_model.py``): one viewer's picture, built from the
observer's outputs only -- never from ``game.state`` -- and fitting the kernel's protocol."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import view_model as vm_mod
from lcb_lab.games.lcb.offers import offers
from lcb_lab.games.lcb.view_model import view_model
from lcb_lab.kernel.view_model import PendingLike, ViewModel as ViewModelProtocol

SOURCE = Path(vm_mod.__file__)


def test_the_module_reads_no_state():
    """No ``.state`` attribute (nor ``_ctx``, the rules' door to it) is read anywhere in the module."""
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    reads = [f"line {n.lineno}: .{n.attr}" for n in ast.walk(tree)
             if isinstance(n, ast.Attribute) and n.attr in ("state", "_ctx", "_state")]
    assert reads == []


class _NoState:
    """A game that only answers the observer's questions: any other attribute is refused."""

    ALLOWED = {"view", "log_entries", "step_label_for", "history", "pending", "impulse", "next_team", "stage",
               "revision"}

    def __init__(self, game):
        self._g = game

    def __getattr__(self, name):
        if name not in self.ALLOWED:
            raise AttributeError(f"the view model asked the game for {name!r}")
        return getattr(self._g, name)


def test_built_from_a_game_with_no_state_for_each_viewer():
    """Given the viewer's offers (the engine's legal actions), the rest comes from the observer's
    questions alone: a game object that answers nothing else is enough."""
    g = load_scenario("gotland_redux", seed=1)
    g.apply(A.BeginImpulse("TF Memphis"))
    for viewer in ("US", "RU", "instructor"):
        vm = view_model(_NoState(g), viewer, shown_offers=offers(g, viewer))
        assert isinstance(vm, ViewModelProtocol) and vm.viewer == viewer
        assert vm == view_model(g, viewer)


def test_the_step_and_revision_tell_one_moment_of_the_game_from_a_later_one():
    """``step`` is the record's cursor and ``revision`` the engine's count of changes, the same for every
    viewer (the History tab numbers the steps for all): an act moves both, a refusal neither, an undo takes
    the step back but not the revision, and another act at the same step number is told apart by it."""
    g = load_scenario("gotland_redux", seed=1)
    start = view_model(g, "US")
    assert (start.step, start.revision) == (0, 0)
    g.apply(A.BeginImpulse("TF Memphis"))
    after = [view_model(g, v) for v in ("US", "RU", "instructor")]
    assert {(vm.step, vm.revision) for vm in after} == {(1, 1)}
    with pytest.raises(Exception):
        g.apply(A.BeginImpulse("TF Memphis"))                        # refused: the moment unchanged
    assert (view_model(g, "RU").step, view_model(g, "RU").revision) == (1, 1)
    g.undo()
    undone = view_model(g, "US")
    assert undone.step == 0 and undone.revision > 1
    g.apply(A.BeginImpulse("TF Boston"))                             # step 1 again, another act
    again = view_model(g, "US")
    assert again.step == 1 and again.revision > undone.revision


def test_what_each_viewer_gets_at_the_start_of_the_action_stage():
    g = load_scenario("gotland_redux", seed=1)
    us, ru, inst = (view_model(g, v) for v in ("US", "RU", "instructor"))
    assert (us.stage, us.playing, us.may_play, ru.may_play, inst.may_play) == ("action", "US", True, False, True)
    assert us.offers.task_forces == ["TF Memphis", "TF Boston"] and ru.offers.team is None
    assert "LHD 1" in us.units and "LHD 1" not in ru.units and "LHD 1" in inst.units
    assert {c["team"] for c in ru.own_cards()} == {"RU"} and {c["team"] for c in inst.own_cards()} == {"US", "RU"}
    assert "MARSOC HALO" in us.card_names() and "MARSOC HALO" not in ru.card_names()
    with pytest.raises(ValueError, match="viewer must be one of US, RU, instructor, not 'us'"):
        view_model(g, "us")


def test_a_pending_intercept_is_asked_of_the_deciding_team_only():
    g = load_scenario("gotland_redux", seed=1)
    g.apply(A.ScriptedEffect(effect="reveal", units=("1 Anna",)))
    g.apply(A.BeginImpulse("TF Boston"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG-51", "LRS1", "1 Anna", 4),)))
    us, ru, inst = (view_model(g, v) for v in ("US", "RU", "instructor"))
    assert isinstance(us.pending, PendingLike)
    assert (us.pending.kind, us.pending.player, us.pending.rule, us.pending.mine, us.pending.choice) == (
        "intercept", "RU", g.pending.rule, False, None)
    assert ru.pending.mine and ru.pending.choice == g.pending and inst.pending.choice == g.pending
    assert us.offers.team is None and ru.offers.may_answer
    assert us.step_label == g.step_label_for(g.history.cursor, "US") and us.step_label
    assert [e.get("kind") for e in us.log] == [e.get("kind") for e in g.log_entries("US")]


def _tca_played():
    """US's Tactical Cyber Attack played at 1 Anna: RU's card response is pending (9.4)."""
    import lcb_lab
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "F-8"},
                                 "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "F-6", "face_up": True}},
                          cards={"US": ["Tactical Cyber Attack"], "RU": ["Attack on Command and Control"]},
                          forced=[20, 4])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Tactical Cyber Attack"),)))
    g.apply(A.PlayCard("Tactical Cyber Attack", "A", targets=("1 Anna",), action=1))
    return g


def test_the_played_card_chain_is_public_without_its_targets():
    """A played card is face up (9.03): every viewer reads the chain's link -- its card, team,
    number and status -- the panels name it from the view model; no link carries its targets."""
    g = _tca_played()
    tca = next(c.cid for c in g.state.cards.values() if c.name == "Tactical Cyber Attack")
    for viewer in ("US", "RU", "instructor"):
        vm = view_model(g, viewer)
        assert vm.chain == [{"pid": 1, "card": tca, "team": "US", "responds_to": None, "status": "pending"}]
        assert tca in {c["cid"] for c in vm.cards}        # so the view names the card it links
    assert g.state.chain[0].targets == ["1 Anna"]          # the true link has them; the view's does not


def test_the_table_facts_a_panel_reads():
    """Turn, initiative, impulses begun, Task Forces' teams, rulings (13.14, public): the same for
    every viewer, from ``game.view``."""
    g = load_scenario("gotland_redux", seed=1)
    g.apply(A.InstructorRuling("US", "both LRS supplies of a rocket unit -1", 6, ("LRS1",)))
    g.apply(A.BeginImpulse("TF Memphis"))
    for viewer in ("US", "RU", "instructor"):
        vm = view_model(g, viewer)
        assert (vm.turn, vm.initiative, vm.tf_order, vm.impulses_begun) == (1, "US", (), 1)
        assert (vm.tf_team("TF Memphis"), vm.tf_team("TF Moscow"), vm.tf_team("TF Nowhere")) == ("US", "RU", None)
        assert [(r["n"], r["team"], r["succeeds_on"]) for r in vm.rulings] == [(1, "US", 6)]
        assert (vm.result, vm.is_ready("US"), vm.view["scenario"]) == ("", False, "gotland_redux")
    g.apply(A.EndImpulse())
    assert (view_model(g, "RU").tf_order, view_model(g, "RU").impulses_begun) == (("TF Memphis",), 1)


def test_marker_route_ship_load_and_redacted_names_ask_the_observer():
    """The lab's other questions go through the game, decided by the observer: a marker the view
    does not know has no route; the other team reads no load of a ship it does not see; a name it
    does not know is "an unseen counter"."""
    from lcb_lab.kernel.errors import LabError
    g = load_scenario("gotland_redux", seed=1)
    with pytest.raises(LabError, match="no card marker 'nope' this view knows"):
        g.marker_route("nope", "AL-21", "US")
    assert g.ship_load("LHD 1", "RU") is None and g.ship_load("LHD 1", "US")["ship"] == "LHD 1"
    assert g.redact_names("LHD 1 and 1 Anna", "RU") == "an unseen counter and 1 Anna"      # its own unit
    assert g.redact_names("LHD 1 and 1 Anna", "US") == "LHD 1 and an unseen counter"
    assert g.redact_names("LHD 1 and 1 Anna", "instructor") == "LHD 1 and 1 Anna"
