"""The INTERCEPT question asks per LRS attack when a unit is in reach of only some (7.53, 7.54)."""
from lcb_lab.ui.lcb.decisions import DecisionPanel
from tests.rulebook.test_intercept_per_attack import situation
from lcb_lab.games.lcb import actions as A


def test_the_panel_offers_dice_against_the_far_attack_and_answers_with_the_shooter():
    g, d = situation(forced=[1, 1, 1, 20, 1, 1])
    answers = []
    panel = DecisionPanel(answers.append, lambda _n: None, lambda _t: None,
                          preview=lambda ints: g.preview_lrs(
                              [{k: a[k] for k in ("shooter", "slot", "target", "dice")} for a in g.impulse.combat.lrs],
                              ints))
    panel.refresh(g.pending, "US")
    assert [spec for spec, _ in panel._inputs] == [
        {"interceptor": "Kilo", "slot": "INT1", "target": "A", "shooter": "Far"}]
    panel.set_dice({("Kilo", "A", "Far"): 2})
    assert panel.value() == [{"interceptor": "Kilo", "slot": "INT1", "target": "A", "shooter": "Far", "dice": 2}]
    assert "P(destroyed)" in panel._odds["A"].value
    panel.answer_button.click()
    g.apply(g.pending.answer_from(answers[0]))
    g.apply(A.ResolveCombat())
    assert g.state.units["A"].destroyed
