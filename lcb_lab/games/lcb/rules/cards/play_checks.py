"""The checks of :func:`lcb_lab.games.lcb.rules.cards.jcc.check_links` for many plays of one state
(the PlayCard options, 3.31, 9.2, 9.21, 9.44, 9.46): the same verdicts, each part made once.

:func:`iter_accepted_plays` keeps the plays ``check_links`` accepts, in order; the offers of
:func:`lcb_lab.games.lcb.legal_cards.iter_play_card_options` ask the same parts one by one.  A dict
``uses`` the caller keeps while the state does not change holds every verdict:

* ``(cid, option, aid)``: the checks that do not read the targets (``jcc._check_use``: the
  impulse, the card, its option, how it is paid), once per card, option and paying action;
* ``("targets", cid, option, targets, hex)``: the target checks (:func:`targets_ok`: 6.11, 7.31,
  7.32, 9.0, 9.41, 9.44, 13.x), once per card, option and targets, whatever action pays;
* ``("escort", cid, escort)``: the escort's (9.45, 9.46), once per card and escort.

``tests/engine/test_play_fast_paths.py`` checks the verdicts against ``check_links`` on the
states of random games.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator

from lcb_lab.games.lcb.rules.cards import jcc, own_impulse, targets as card_targets
from lcb_lab.games.lcb.rules.common import Ctx, GameLike
from lcb_lab.kernel.errors import IllegalAction, UnknownName

if TYPE_CHECKING:
    from lcb_lab.games.lcb.actions import PlayCard
    from lcb_lab.games.lcb.model.state import Card

__all__ = ["accepted_plays", "checked_use", "escort_ok", "iter_accepted_plays", "links_ok", "take_checked", "targets_ok"]


def accepted_plays(ctx: Ctx, plays: list, uses: dict | None = None) -> list:
    """The ``plays`` (:class:`lcb_lab.games.lcb.actions.PlayCard`) ``jcc.check_links`` accepts now,
    in order (module doc; ``uses``: the verdicts, kept by the caller across calls on the same
    state).  Changes nothing."""
    return list(iter_accepted_plays(ctx, plays, uses))


def iter_accepted_plays(ctx: Ctx, plays: Iterable, uses: dict | None = None) -> Iterator:
    """:func:`accepted_plays` one by one: each play of the iterable ``plays`` is checked only when
    the caller asks for the next accepted one (the state must not change meanwhile)."""
    if ctx.state.stage == "deployment":
        yield from (a for a in plays if links_ok(ctx, a))
        return
    uses = {} if uses is None else uses
    for a in plays:
        got = checked_use(ctx, uses, a.card, a.option, a.action)
        if not got:
            continue
        if a.option != jcc.DEPLOY:
            tkey = ("targets", a.card, a.option, a.targets, a.hex)     # whatever action pays (the card decides)
            ok = uses.get(tkey)
            if ok is None:
                ok = uses[tkey] = targets_ok(ctx, got, a.targets, a.hex)
            if not ok:
                continue
            if a.escort:                # whatever the targets: the card and its escort decide (check_escort)
                ekey = ("escort", a.card, a.escort)
                ok = uses.get(ekey)
                if ok is None:
                    ok = uses[ekey] = escort_ok(ctx, got[0], a.escort)
                if not ok:
                    continue
        yield a


def targets_ok(ctx: Ctx, use: tuple, targets: tuple, hex_: str | None) -> bool:
    """The target checks of ``jcc.check_links`` for ``targets`` / ``hex_`` of a use that passed
    ``jcc._check_use`` (its result ``use``): ``own_impulse.check_aim`` or
    :func:`~lcb_lab.games.lcb.rules.cards.targets.check_targets`.  False where they refuse."""
    card, ct, eff, paid, d, aim = use
    try:
        if aim:
            own_impulse.check_aim(ctx, card.team, ct, eff, list(targets))
        else:
            card_targets.check_targets(ctx, card.team, card, ct, eff, list(targets), hex_)
    except (IllegalAction, UnknownName):
        return False
    return True


def checked_use(ctx: Ctx, uses: dict, cid: str, option: str, aid: int | None) -> tuple:
    """``jcc._check_use`` of card ``cid``'s ``option`` paid by action ``aid``, kept in ``uses``
    (module doc): its result, or ``()`` when refused."""
    key = (cid, option, aid)
    got = uses.get(key)
    if got is None:
        try:
            got = jcc._check_use(ctx, cid, option, aid)
        except (IllegalAction, UnknownName):
            got = ()
        uses[key] = got
    return got


def escort_ok(ctx: Ctx, card: Card, escort: str | None) -> bool:
    """The escort check of ``jcc.check_links`` (``own_impulse.check_escort``)."""
    if not escort:
        return True
    try:
        own_impulse.check_escort(ctx, card.team, card, escort)
    except (IllegalAction, UnknownName):
        return False
    return True


def links_ok(ctx: Ctx, a: PlayCard) -> bool:
    """Whether ``jcc.check_links`` accepts PlayCard ``a``."""
    try:
        jcc.check_links(ctx, a.card, a.option, list(a.targets), a.hex, a.action, a.escort)
    except (IllegalAction, UnknownName):
        return False
    return True


def take_checked(game: GameLike, ctx: Ctx, play: PlayCard) -> tuple | None:
    """For the PlayCard handler: the use :func:`lcb_lab.games.lcb.legal_cards.apply_checked` checked for this very act object
    ``play`` on this very state (``ctx.state``), else None; taken once (``game.checked_play`` is
    cleared: a replay of the act is checked in full)."""
    pre = getattr(game, "checked_play", None)
    game.checked_play = None
    return pre[2] if pre is not None and pre[0] is play and pre[1] is ctx.state else None
