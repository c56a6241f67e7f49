"""Hidden cards, deployments and submarines: the rules log facts, the observer decides who reads
what (design principle 8; 9.02, 3.21, 14.03).

A card bought, received, attached or embarked is logged ``about`` the card, a unit deployed face
down ``about`` the unit, a submarine's act off the map ``about`` its team's SOT, each with how it
reads without naming what is hidden (``public_title`` / ``public_text``); :func:`observer.knows`
decides whether the other team reads the entry or that form.  Saves written when the rules
handed the observer the other team's form themselves (``data["pub"]``) still load and replay.
"""
from __future__ import annotations

import json

import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A, observer
from lcb_lab.games.lcb.content.worked import ch14
from lcb_lab.games.lcb.game import Game

KINDS = ("deploy", "card_acquired", "card_placed", "submarine")


def _planned() -> Game:
    g = load_scenario("gotland_redux", start="planning", seed=1)
    g.apply(A.BuyCard("US", "Aegis Ballistic Missile Defense", attach_to="DDG-51"))
    g.apply(A.EndPlanning("US"))
    g.apply(A.EndPlanning("RU"))
    g.apply(A.DeployUnit("1 Alpha", embark_on="LHD 1"))
    return g


def _fresh(entry: dict) -> dict:
    """``entry`` as the rule logged it, before the observer annotated it."""
    return {k: v for k, v in entry.items() if k not in ("audience", "public")}


def test_a_card_line_is_about_the_card_and_secret_only_while_the_other_team_does_not_know_it():
    g = _planned()
    buy = next(e for e in g.log if e["title"] == "US buys Aegis Ballistic Missile Defense (0 CP)")
    cid = buy["data"]["card"]
    assert buy["data"]["about"] == {"card": cid} and "pub" not in buy["data"]
    assert buy["audience"] == ["US"]
    ru = observer.redact(buy, "RU")
    assert (ru["title"], ru["text"]) == ("US buys a card", "10 hidden cards: 4 in the pool, 4 attached to units, 2 embarked on ships")
    g.state.cards[cid].face_up = True                 # the same facts about a card RU knows
    assert "audience" not in observer.annotate(_fresh(buy), g.state)


def test_a_deployment_line_is_about_the_unit_deployed():
    g = _planned()
    e = g.log[-1]
    assert (e["kind"], e["title"], e["data"]["about"]) == ("deploy", "1 Alpha embarked on LHD 1", {"unit": "1 Alpha"})
    assert (observer.redact(e, "RU")["title"], e["audience"]) == ("US embarks a unit", ["US"])
    ship = g.state.units["LHD 1"]
    ship.hex, ship.revealed = "AM-26", True           # 10.34: a face-up ship's Embark Area is seen
    assert "audience" not in observer.annotate(_fresh(e), g.state)


def test_submarine_lines_are_about_their_teams_sot():
    g, _ = ch14.ling()
    subs = [e for e in g.log if e["kind"] == "submarine"]
    assert [e["title"] for e in subs] == ["Move Ling", "ZOR DETECT by Ling",
                                          "ZOR of Ling", "Submarine engagement: Ling", "Ling fires 2 torpedoes"]
    assert all(e["data"]["about"] == {"sot": "US"} and "pub" not in e["data"] for e in subs)
    assert [observer.redact(e, "RU") and observer.redact(e, "RU")["title"] for e in subs] == [
        None, "Submarine ZOR: DETECT", "Submarine ZOR", "Submarine engagement", "The US submarine fires 2 torpedoes"]
    assert observer.knows(g.state, "US", {"sot": "US"}) and not observer.knows(g.state, "RU", {"sot": "US"})


def _as_saved_before(entry: dict) -> dict:
    """``entry`` as the rules logged it before: the other team's form as ``data["pub"]``, no ``about``."""
    d = dict(entry["data"])
    if entry["kind"] not in KINDS or d.pop("about", None) is None:
        return entry
    title, text = d.pop("public_title", None), d.pop("public_text", "")
    d["pub"] = None if title is None else {"title": title, "text": text}
    return dict(entry, data=d)


@pytest.mark.parametrize("make", [_planned, lambda: ch14.ling()[0]], ids=["planning_and_deployment", "submarines"])
def test_a_save_from_before_loads_replays_and_reads_the_same(make):
    g = make()
    d = json.loads(g.to_json())
    for state in (d["state"], d["record"]["initial"]["state"]):
        state["log"] = [_as_saved_before(e) for e in state["log"]]
    assert sum("pub" in e["data"] for e in d["state"]["log"]) >= 4
    back = Game.from_json(json.dumps(d))
    assert back.log == g.log
    assert all(back.log_entries(t) == g.log_entries(t) for t in ("US", "RU", "instructor"))
