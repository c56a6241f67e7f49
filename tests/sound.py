"""The state invariants checked after each step of a random-play or property test
(:mod:`lcb_lab.games.lcb.model.invariants`): a violation fails naming the step.

Every test marked ``fuzz`` runs inside :func:`checked_steps` (``tests/conftest.py``); other
random-play tests use it by hand."""
from __future__ import annotations

from contextlib import contextmanager

from lcb_lab.games.lcb.model.invariants import violations


def assert_sound(game, step: object) -> None:
    """Fail when ``game``'s state breaks an invariant; the message names ``step`` (the action
    applied, or where the walk is) and every violation, one per line."""
    found = violations(game.state, game.board, game.catalog, game.decks)
    assert not found, f"after {step}: the state breaks {len(found)} invariant(s):\n" + "\n".join(
        f"  {v.key}: {v.text()}" for v in found)


@contextmanager
def checked_steps():
    """Inside the block, every step a Game applies (``Game.apply``, and the random player's
    ``legal.apply_if_legal``: both run ``_apply``) is followed by :func:`assert_sound`, naming
    the step by its number in the record and its action."""
    from lcb_lab.games.lcb.game import Game
    own = Game.__dict__.get("_apply")
    inner = Game._apply

    def _apply(self, action, *args, **kwargs):
        out = inner(self, action, *args, **kwargs)
        assert_sound(self, f"step {len(self.history.steps)} ({action!r})")
        return out

    Game._apply = _apply
    try:
        yield
    finally:
        if own is None:
            del Game._apply
        else:
            Game._apply = own
