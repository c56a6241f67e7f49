"""The lab offers what ``legal_actions`` lists for the viewing team, and nothing to the other team
(3.3; :mod:`lcb_lab.games.lcb.offers`)."""
from __future__ import annotations

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab import load_scenario
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.legal_templates import Template
from lcb_lab.games.lcb.offers import NOTHING, declaration_refusal, offers
from lcb_lab.ui import LabApp


def _lab(team="instructor", reveal=True) -> LabApp:
    g = load_scenario("gotland_redux", seed=1)
    if reveal:
        g.apply(A.ScriptedEffect(effect="reveal", units=("1 Anna",)))
    return LabApp(g, team=team)


def _singles(game) -> list[A.CoreAction]:
    return [a.actions[0] for a in game.legal_actions() if isinstance(a, A.Declare) and len(a.actions) == 1]


def _template(game, kind) -> Template:
    return next(a for a in game.legal_actions() if isinstance(a, Template) and a.kind == kind)


# ---------------------------------------------------------------- between impulses, start of an impulse
def test_between_impulses_the_task_forces_and_relinquish_are_the_legal_ones():
    lab = _lab("US")
    p, g = lab.impulse_panel, lab.game
    legal = g.legal_actions("US")
    assert list(p.tf.options) == [a.task_force for a in legal if isinstance(a, A.BeginImpulse)]
    assert list(p.tf.options) == ["TF Memphis", "TF Boston"]
    assert (A.Relinquish() in legal) and not p.relinquish_button.disabled and not p.begin_button.disabled
    lab.relinquish()                                  # relinquished: RU begins, and may not relinquish back
    assert lab.offers() is NOTHING and p.locked       # the US view is offered nothing now
    lab.set_team("RU")
    assert A.Relinquish() not in g.legal_actions("RU") and p.relinquish_button.disabled
    assert list(p.tf.options) == [a.task_force for a in g.legal_actions("RU") if isinstance(a, A.BeginImpulse)]


def test_at_the_start_of_an_impulse_the_builder_offers_the_declare_options():
    lab = _lab("US")
    lab.relinquish()                                  # US hands over: RU begins
    lab.set_team("RU")
    lab.begin_impulse("TF St. Petersburg")
    assert lab.game.impulse is not None, lab.message.value
    p, g = lab.impulse_panel, lab.game
    singles = _singles(g)
    kinds = list(dict.fromkeys(c.kind for c in singles))
    assert [k for _n, k in p.kind.options] == kinds
    for kind in ("move_combat", "move_resupply"):
        p.kind.value = kind
        assert list(p.units.options) == list(dict.fromkeys(u for c in singles if c.kind == kind for u in c.units))
    assert "Ivan Co" in p.units.options and "1 Tanya" not in p.units.options   # only logistics stacks resupply
    assert list(p.jcc.options) == [c.jcc for c in singles if c.kind == "play_jcc"]
    # a kind the engine does not list is not offered, and refused in plain words from code
    lab2 = _lab("US")
    lab2.begin_impulse("TF Boston")
    assert "move_resupply" not in [k for _n, k in lab2.impulse_panel.kind.options]
    assert lab2.impulse_panel.add_declaration("move_resupply", ["DDG-51"]) == []
    assert "may be declared now" in lab2.message.value


def test_a_fourth_core_action_cannot_be_added_when_the_ap_are_spent():
    lab = _lab("US")
    lab.begin_impulse("TF Boston")
    p, g = lab.impulse_panel, lab.game
    assert g.impulse.ap == 3 and _template(g, "declare").limits == {"ap": 3}
    three = [A.CoreAction("move_combat", (u,)) for u in ("DDG-51", "DDG-80", "DDG(X)-106")]
    err = declaration_refusal(g, three, A.CoreAction("network_repair"))
    assert isinstance(err, IllegalAction) and err.rule == "3.32"
    assert declaration_refusal(g, three[:2], three[2]) is None
    for u in ("DDG-51", "DDG-80", "DDG(X)-106"):
        p.add_declaration("move_combat", [u])
    assert len(p.pending_decl) == 3
    p.kind.value = "network_repair"
    p.add_decl.click()                                # a fourth action (2 AP): refused, naming 3.32
    assert len(p.pending_decl) == 3 and "3.32" in lab.message.value and "Nothing added" in lab.message.value
    assert g.impulse.phase == "declare"
    # a unit named twice is refused at once too (the engine's rule)
    lab3 = _lab("US")
    lab3.begin_impulse("TF Boston")
    lab3.impulse_panel.add_declaration("move_combat", ["DDG-51"])
    assert len(lab3.impulse_panel.add_declaration("move_conceal", ["DDG-51"])) == 1
    assert "Refused by rule" in lab3.message.value


# ---------------------------------------------------------------- after declaring
def test_after_declaring_the_act_and_combat_controls_follow_the_legal_actions():
    lab = _lab("US")
    lab.begin_impulse("TF Boston")
    lab.declare([{"kind": "move_combat", "units": ["DDG-51"]}, {"kind": "move_conceal", "units": ["DDG-80"]}])
    p, g = lab.impulse_panel, lab.game
    legal = g.legal_actions("US")
    combat = _template(g, "commit_combat")
    assert list(p.shooter.options) == ["DDG-51"] == list(dict.fromkeys(o.shooter for o in combat.options))
    p.shooter.value = "DDG-51"
    assert list(p.slot.options) == [("LRS1", "LRS1")]          # (label, slot): INT1 is no attack CV
    assert list(p.target.options) == [o.target for o in combat.options] == ["1 Anna"]
    assert p.dice.max == combat.limits["max_dice"]["DDG-51/LRS1"] == 8
    assert not p.commit_button.disabled and p.resolve_button.disabled
    assert not p.end_button.disabled and A.EndImpulse() in legal
    p.action.value = 1                                          # Move and/or Initiate Combat: no conceal
    assert p.conceal_button.disabled and A.Conceal(1) not in legal
    p.action.value = 2
    assert not p.conceal_button.disabled and A.Conceal(2) in legal
    dests = {a.path[-1] for a in legal if isinstance(a, A.Move) and a.action == 1}
    p.action.value = 1
    lab.select_hex("AL-27")
    assert "AL-27" in dests and not p.move_button.disabled
    far = next(h for h in sorted(g.board.hexes) if h not in dests and h != "AL-29")
    lab.select_hex(far)
    assert p.move_button.disabled                               # not a legal destination: not offered
    assert p.zor_button.disabled                                # ships exercise no ground ZOR (6.21)
    lab.select_hex("AL-27")
    p.move_button.click()
    assert g.unit("DDG-51").hex == "AL-27" and g.history.steps[-1].action.KIND == "move"   # a typed Move


# ---------------------------------------------------------------- a pending INTERCEPT choice
def test_a_pending_intercept_offers_the_answer_template():
    lab = _lab("US")
    lab.begin_impulse("TF Boston")
    lab.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    lab.commit_combat([{"shooter": "DDG-51", "slot": "LRS1", "target": "1 Anna", "dice": 4}])
    g, p = lab.game, lab.impulse_panel
    assert g.to_act() == "RU" and g.pending.kind == "intercept"
    # the attacker's view: nothing is offered while RU decides (no Resolve, no End impulse)
    assert lab.offers() is NOTHING and p.resolve_button.disabled and p.end_button.disabled
    lab.set_team("RU")
    t = _template(g, "answer")
    offered = [(spec["interceptor"], spec["slot"], spec["target"]) for spec, _box in lab.decision._inputs]
    # 2 Anna's Attached Pantsir-SM (gotland_redux's card, App. B) and FFG-454
    assert offered == [(o.interceptor, o.slot, o.target) for o in t.options] == [
        ("2 Anna", "RU-3:INT1", "1 Anna"), ("FFG-454", "INT1", "1 Anna")]
    box = next(b for spec, b in lab.decision._inputs if spec["interceptor"] == "FFG-454")
    assert box.max == t.limits["max_dice"]["FFG-454/INT1"]
    assert not lab.decision.answer_button.disabled
    lab.decision.set_dice({("FFG-454", "1 Anna"): 2})
    lab.decision.answer_button.click()
    assert g.pending is None and g.to_act() == "chance"
    assert g.history.steps[-1].action == A.AnswerIntercept(intercepts=(A.Intercept("FFG-454", "INT1", "1 Anna", 2),))
    # the roll is offered to the impulse's team (and the instructor), not to the defender
    assert lab.offers() is NOTHING
    lab.set_team("US")
    assert lab.offers().resolve and not p.resolve_button.disabled
    p.resolve_button.click()
    assert g.impulse.phase == "combat_done" and not p.end_button.disabled


# ---------------------------------------------------------------- hidden information
def test_the_other_teams_view_computes_and_offers_nothing(monkeypatch):
    g = load_scenario("gotland_redux", seed=1)
    asked = []
    real = g.legal_actions

    def spy(team=None):
        asked.append(team)
        return real(team)
    monkeypatch.setattr(g, "legal_actions", spy)
    lab = LabApp(g, team="RU")
    lab.select_hex("AL-29")
    lab.set_team("US")
    lab.begin_impulse("TF Boston")
    lab.set_team("RU")
    lab.select_hex("AL-21")
    assert "RU" not in asked and "US" in asked                  # RU's view never computed US's (or its) list
    assert offers(g, "RU") is NOTHING and lab.offers() is NOTHING
    p = lab.impulse_panel
    assert p.locked and p.kind.options == () and p.units.options == () and p.tf.options == ()
    assert all(w.disabled for w in p.controls)


def test_offers_rejects_an_unknown_view():
    with pytest.raises(ValueError, match="viewer must be one of"):
        offers(load_scenario("gotland_redux", seed=1), "NATO")
