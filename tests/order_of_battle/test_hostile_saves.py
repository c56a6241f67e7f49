"""A hand-edited Order of Battle save naming a card, a Commander or a phase the game has not is
refused when it is read -- one ScenarioError naming the file, the key down to the value and what is
wrong (lcb_lab/games/order_of_battle/state_check.py) -- not loaded as a game no rule can play.
Before: the state was checked for its types only, and each of these loaded."""
from __future__ import annotations

import numpy as np
import pytest

from lcb_lab.games.order_of_battle.state_check import state_problem
from lcb_lab.kernel.autoplay import pick
from lcb_lab.ui.order_of_battle.game_ui import OOB_UI
from tests import hostile_saves as H


def _saved(tmp_path) -> dict:
    return H.good_save(OOB_UI, OOB_UI.new_game(OOB_UI.default_scenario, 1, None), tmp_path, 25)


_set = H.set_to


def _append(value):
    return lambda inner, k: inner[k].append(value)


HOSTILE = [
    (("commanders", "Ash", "hand"), _append("No Such Card"), "commanders.Ash.hand[{n}]",
     "'No Such Card' is not a card of the card set"),
    (("commanders", "Birch", "fame_deck", "draw"), _set(["Bogus"]), "commanders.Birch.fame_deck.draw[0]",
     "'Bogus' is not a card of the card set"),
    (("commanders", "Ash", "display", 0, "card"), _set("Nobody"), "commanders.Ash.display[0].card",
     "'Nobody' is not a card of the card set"),
    (("phase",), _set("lunch"), "phase", "'lunch' is not a phase of the turn (draw, revenue, initiative, "
     "purchase, organization, assignment, mission, victory, hotspot, l.9) or 'over'"),
    (("lead",), _set("Zed"), "lead", "'Zed' is not a seated Commander (Ash, Birch, Cedar)"),
    (("pending",), _set(["Birch", "Zed"]), "pending[1]", "'Zed' is not a seated Commander (Ash, Birch, Cedar)"),
    (("turn",), _set(0), "turn", "the turns count from 1, not 0"),
    (("commanders", "Cedar", "name"), _set("Ash"), "commanders.Cedar.name", "'Ash' under the Commander 'Cedar'"),
]


@pytest.mark.parametrize("at", H.AT)
@pytest.mark.parametrize("case", range(len(HOSTILE)), ids=[k for _, _, k, _ in HOSTILE])
def test_a_state_naming_what_the_game_has_not_is_refused_in_one_line(tmp_path, case, at):
    where, change, key, problem = HOSTILE[case]
    saved = H.edited(_saved(tmp_path), at, where, change)
    state = saved["state"] if at == "state" else saved["record"]["initial"]["state"]
    n = len(state["commanders"]["Ash"]["hand"]) - 1
    e, path = H.refusal(OOB_UI, saved, tmp_path)
    assert (e.file, e.key, e.problem) == (path, f"{at}.{key.format(n=n)}", problem)
    assert "\n" not in str(e)


@pytest.mark.parametrize("players", [2, 4])
def test_every_state_of_random_play_passes_the_check(players):
    """The check refuses no state the rules reach (random legal play through several turns)."""
    from lcb_lab.games.order_of_battle.game import new_game
    g = new_game(players, seed=players)
    rng = np.random.default_rng(players)
    phases = set()
    for _ in range(300):
        assert state_problem(g.state, g.cards) is None
        phases.add(g.state.phase)
        if g.to_act() is None:
            break
        g.apply(pick(g, rng))
    assert len(phases) >= 6


def test_every_key_path_of_a_save_edited_is_refused_in_one_line_or_plays_on(tmp_path):
    """Every key of the state edited to each JSON type, a huge or negative number, or removed: a
    ScenarioError naming the file, or a game that draws and plays.  Before: a log entry whose
    ``audience``, ``public`` or ``public.rules`` was of another type, or without its title, loaded and
    then broke every view that read the log (TypeError, AttributeError, KeyError)."""
    tried, faults = H.walk(OOB_UI, _saved(tmp_path), tmp_path)
    assert tried > 300 and faults == [], "\n".join(faults)


def test_a_log_entry_of_another_shape_is_refused_in_one_line(tmp_path):
    saved = _saved(tmp_path)
    i, entry = next((i, e) for i, e in enumerate(saved["state"]["log"]) if e.get("public"))
    for where, change, key, problem in [
            ((i, "audience"), _set(5), f"log[{i}].audience", "a list of the players who read the entry is expected"),
            ((i, "audience"), _set(["Zed"]), f"log[{i}].audience[0]", "'Zed' is not a player (Ash, Birch, Cedar)"),
            ((i, "public"), _set("all"), f"log[{i}].public", "an object (title, text, rules, data) is expected"),
            ((i, "public", "rules"), _set(None), f"log[{i}].public.rules", "a list of rules cited is expected")]:
        e, path = H.refusal(OOB_UI, H.edited(saved, "state", ("log", *where), change), tmp_path)
        assert (e.file, e.key, e.problem) == (path, f"state.{key}", problem)
