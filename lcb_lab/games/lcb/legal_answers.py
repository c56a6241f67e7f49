"""The answers to a pending choice as legal actions, by its class: MILDEC absorption (4.22),
embarked losses (10.311), mines (13.33), an event's gray cubes (16.0), INTERCEPT (7.52) and GA defense (7.13) templates, and
card-response windows (9.41-9.46).
"""
from __future__ import annotations

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import choices
from lcb_lab.games.lcb.legal_templates import Template, _akey, _answer
from lcb_lab.games.lcb.legal_trial import _kept, trial
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.rules.common import GameLike


def _answers(game: GameLike, choice) -> list:
    """The answers listed for the pending choice, by its class."""
    if isinstance(choice, choices.CardResponseChoice):
        return _card_answers(game, choice)
    if isinstance(choice, choices.MineAttackChoice):          # 13.33: hold, or all the cubes at one target
        n = choice.options.cubes
        return _kept(game, [A.Answer()] + [A.AnswerMines((A.MineShot(t, n),)) for t in choice.options.targets])
    if isinstance(choice, choices.EventChoice):               # 16.0, 3.26: each set of hexes (no empty answer)
        from itertools import combinations
        return _kept(game, [A.AnswerEvent(tuple(hs)) for hs in combinations(choice.options.hexes, choice.picks)])
    if isinstance(choice, choices.MildecChoice):
        return _kept(game, [A.AnswerMildec(k) for k in range(choice.most + 1)])
    if isinstance(choice, choices.EmbarkLossesChoice):       # 10.311: each named policy's picks, and taking nothing
        embark = choice.POLICIES
        picks = dict.fromkeys(tuple(embark[n](choice)) for n in sorted(embark))
        return _kept(game, [A.AnswerEmbarkLosses(p) for p in picks])
    out: list = _kept(game, [A.Answer()])
    if isinstance(choice, choices.InterceptChoice):
        opts = tuple(A.Intercept(o.uid, o.slot, t.target, 1)
                     for t in choice.options.targets for o in t.interceptors if o.eligible)
        limits = {f"{o.uid}/{o.slot}": (4 if o.max_dice is None else o.max_dice)
                  for t in choice.options.targets for o in t.interceptors if o.eligible}
    else:
        atk = [a.uid for a in choice.options.attackers]
        opts = tuple(A.Defense(d.uid, t, 1) for d in choice.options.defenders for t in atk)
        limits = {f"{d.uid}/GA": (4 if d.supply is None else min(4, d.supply))
                  for d in choice.options.defenders}
    opts = tuple(o for o in opts if limits.get(_akey(o), 0) > 0 and trial(game, _answer([o])))
    if opts:
        out.append(Template("answer", opts, {"max_dice": limits, "choice": choice.kind}, game))
    return out


def _card_answers(game: GameLike, choice) -> list:
    """A card-response window (9.41-9.46): the pass, and a template of the cards (each option
    against each link it may answer) and card INTERCEPTs (one die each; ``max_dice`` bounds)."""
    from lcb_lab.games.lcb.rules.cards import responses
    out: list = [A.Answer()]          # a pass is always open (9.46); its roll-out may need dice
    opts = [A.Response(o.cid, option=o.option, targets=(str(t),), action=aid)
            for o in choice.options.cards for t in o.targets for aid in (o.actions or [None])]
    opts += [A.CardIntercept(o.uid, o.slot, 1, to=o.to) for o in choice.options.interceptors
             if o.max_dice > 0]
    ctx = game._ctx()

    def ok(o) -> bool:      # the rules' own checks, changing nothing (no roll-out on a copy)
        try:
            responses.check(ctx, choice.team, *((o,), ()) if isinstance(o, A.Response) else ((), (o,)))
            return True
        except IllegalAction:
            return False
    opts = [o for o in opts if ok(o)]
    limits = {f"{o.uid}/{o.slot}": o.max_dice for o in choice.options.interceptors}
    if opts:
        out.append(Template("answer_cards", tuple(opts), {"max_dice": limits}, game))
    return out
