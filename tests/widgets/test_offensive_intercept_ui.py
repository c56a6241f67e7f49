"""The lab offers an offensive INTERCEPT (7.59) among the Impulse tab's special actions."""
from lcb_lab.games.lcb import actions as A


def test_the_offensive_intercept_button_words_and_rules():
    from lcb_lab.ui.lcb.special_actions import SPECIAL_KINDS, action_label, action_rules, special_offers
    a = A.OffensiveIntercept(1, "1 Kilo", "INT1", "UAS-1", 8)
    assert A.OffensiveIntercept in SPECIAL_KINDS
    assert action_label(a) == "Offensive INTERCEPT: 1 Kilo INT1, 8 d20 at UAS-1 (action #1)"
    assert action_rules(a) == ["7.59", "7.512"]
    assert special_offers([A.EndImpulse(), a]) == [a]
