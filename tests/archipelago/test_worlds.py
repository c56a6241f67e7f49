"""Archipelago's indistinguishable worlds through the kernel's twin check (:mod:`lcb_lab.kernel.worlds`):
random legal level-2 games with the three secret options on (face-down Base A, l.283; the
ammunition ship's face-down cargo, l.370; the secret flagship, l.394); at sampled states a twin
changes one secret of a player, and the other player's view, log, step labels and offers stay the
same as both worlds follow the same random acts."""
from __future__ import annotations

import numpy as np
import pytest

from lcb_lab.games.archipelago.observer import view
from lcb_lab.games.archipelago.stage import opening
from lcb_lab.kernel.autoplay import pick
from lcb_lab.kernel.worlds import make_twin, follow
from lcb_lab.ui.archipelago.game_ui import ARCH_UI
from tests.budget import budget

RULES = ["l.283", "l.370", "l.394"]
FLAGS = {"Red": "Red C-9", "Blue": "Blue D-13"}


def stock_mix(owner):
    """One of ``owner``'s face-down Base A markers becomes another kind (the count stays, l.283)."""
    def change(state):
        st = state.stock[owner]
        have = [k for k in ("T", "G") if st.get(k, 0) > 0]
        if not have:
            return None
        k, other = have[0], "G" if have[0] == "T" else "T"
        st[k] -= 1
        st[other] = st.get(other, 0) + 1
        return f"{owner}'s Base A: one {k} is a {other}"
    return change


def cargo(owner):
    """``owner``'s ammunition ship carries another face-down marker kind (the count stays, l.370)."""
    def change(state):
        p = state.pieces.get(f"{owner} A-15")
        if p is None or not p.ammo:
            return None
        p.ammo[0] = {"T": "G", "G": "Repair"}.get(p.ammo[0], "T")
        return f"{owner} A-15 carries {sorted(p.ammo)}"
    return change


def flagship(owner):
    """``owner``'s secret flagship is another of its ships afloat (l.394)."""
    def change(state):
        ships = [pid for pid, p in sorted(state.pieces.items()) if p.owner == owner and p.kind != "torpedo_boat"
                 and pid != state.flagships[owner]]
        if state.over or not ships:
            return None
        state.flagships[owner] = ships[0]
        return f"{owner}'s flagship is {ships[0]}"
    return change


PERTURBATIONS = {"stock_mix": stock_mix, "cargo": cargo, "flagship": flagship}


def shown(a, b):
    """The rules showed the change: the game ended (the flagship is known to both then, l.394) in
    either world, or the worlds' pieces afloat differ (a flagship or a ship sunk in one only)."""
    return a.state.over or b.state.over or set(a.state.pieces) != set(b.state.pieces)


@pytest.mark.fuzz
@pytest.mark.parametrize("seed", range(budget(1, 8)))
def test_random_twins_look_the_same_to_the_other_player(seed):
    g = opening(level=2, seed=seed, turn_limit=12, optional_rules=RULES, flagships=dict(FLAGS))
    rng = np.random.default_rng(seed)
    pairs = 0
    for n in range(36):
        if g.to_act() is None:
            break
        if n % 6 == 0:
            for kind, perturb in PERTURBATIONS.items():
                viewer = ("Red", "Blue")[(n // 6 + len(kind)) % 2]
                owner = "Blue" if viewer == "Red" else "Red"
                a = g.fork()
                b, what = make_twin(a, perturb(owner), viewer, view)
                if b is None:
                    continue
                pairs += 1
                acts = (pick(a, rng) for _ in range(3))             # drawn in world A as it goes
                assert follow(a, b, viewer, acts, view, shown=shown, undo=ARCH_UI.undo_allowed) == [], \
                    f"{kind} ({what}) at step {n}"
        g.apply(pick(g, rng))
    assert pairs >= 6


def test_a_change_the_viewer_can_see_is_refused_as_a_twin():
    g = opening(level=2, seed=1, turn_limit=12, optional_rules=RULES, flagships=dict(FLAGS))

    def move_a_piece(state):
        state.pieces["Blue TB-1"].facing = (state.pieces["Blue TB-1"].facing + 1) % 6
        return "Blue TB-1 turned"
    with pytest.raises(ValueError, match="changed Red's view"):
        make_twin(g, move_a_piece, "Red", view)
    b, _ = make_twin(g, stock_mix("Blue"), "Red", view)
    assert follow(g.fork(), b, "Blue", [], view)[0].startswith("view before:")   # Blue sees its own panel
