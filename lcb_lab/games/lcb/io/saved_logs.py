"""Saves written before today's rules, upgraded on load so their record replays to the same state.

* Log entries from before the rules logged facts for what a team hides (9.02, 14.03): then the
  rules gave the other team's form of an entry themselves (``data["pub"]``); now they log facts
  (``about``, ``public_title`` / ``public_text``) and the observer decides who reads which.
  :func:`upgrade_logs` rewrites a loaded save's logs in today's form; what each team reads is
  unchanged.
* Destroyed units that kept their HP (lost aboard a ship or a transport marker, 10.311, 12.06;
  a torpedoed ship, 14.08): a destroyed unit now has 0 HP wherever it was lost (4.21).
  :func:`upgrade_destroyed_hp` sets it, as the rules now do.
* Saves from before 15.22 had a count of its own (``influence_kills``: the turn's kills without
  submarines): :func:`upgrade_influence_kills` starts it at the turn's ``kills`` (3.42).
* A card play's or a port transfer's cost was written in nested brackets ("(1 AP (action #1))",
  "(free: a deployed Persistent card (9.2))"); the rule now stands in the entry's rules only.
  :func:`upgrade_saved_entry` writes the cost as the rules log it now.
"""
from __future__ import annotations

import re


_DEPLOY_TITLES = (" embarked on ", " deployed face down in ")
_COSTS = ((re.compile(r"1 AP \(action #(\d+)\)"), r"1 AP, action #\1"),
          (re.compile(r"\(free: a deployed Persistent card \(9\.2\)\)"), "(free: a deployed Persistent card)"),
          (re.compile(r"\(Deployment Stage, no AP \(9\.5\)\)"), "(Deployment Stage, no AP)"))


def _upgrade_costs(e: dict) -> dict:
    """A card play's or a port transfer's entry with its cost in nested brackets, in today's words
    (module doc); a card played in the Deployment Stage names 9.5 among its rules. Others as they are."""
    text, title = e.get("text"), e.get("title")
    if not isinstance(text, str) or not isinstance(title, str) or (
            "AP (" not in text + title and "card (9.2))" not in text):
        return e
    new = dict(e)
    for key in ("text", "title"):
        for pattern, words in _COSTS:
            new[key] = pattern.sub(words, new[key])
    rules = e.get("rules")
    if "(Deployment Stage, no AP (9.5))" in text and isinstance(rules, list) and "9.5" not in rules:
        at = rules.index("9.03") + 1 if "9.03" in rules else len(rules)
        new["rules"] = rules[:at] + ["9.5"] + rules[at:]
    return new if new != e else e


def upgrade_saved_entry(e: dict) -> dict:
    """A log entry saved when the rules gave the other team's form themselves (``data["pub"]``:
    ``{"title", "text"}`` or None; kinds ``deploy``, ``card_acquired``, ``card_placed``,
    ``submarine``), in the facts they log now: ``about`` (the unit deployed, the card, the
    team's SOT) and ``public_title`` / ``public_text``.  What each team reads is unchanged (the
    entry keeps its ``audience`` / ``public``); a record saved then replays to the same log.
    A cost in nested brackets is written as the rules log it now (:func:`_upgrade_costs`).
    Any other entry is returned as it is."""
    e = _upgrade_costs(e)
    d = e.get("data")
    if not isinstance(d, dict) or "pub" not in d or "team" not in d:
        return e
    kind, title = e.get("kind"), str(e.get("title", ""))
    if kind == "submarine":
        about = {"sot": d["team"]}
    elif kind in ("card_acquired", "card_placed") and "card" in d:
        about = {"card": d["card"]}
    elif kind == "deploy" and any(t in title for t in _DEPLOY_TITLES):
        about = {"unit": next(title.split(t)[0] for t in _DEPLOY_TITLES if t in title)}
    else:
        return e
    data = {k: v for k, v in d.items() if k != "pub"}
    data["about"] = about
    if isinstance(d["pub"], dict):
        data.update(public_title=d["pub"].get("title", ""), public_text=d["pub"].get("text", ""))
    return dict(e, data=data)


def upgrade_logs(d: dict) -> None:
    """The logs of a checked save (its state's and its record's initial state's) with entries
    from before the rules logged facts for hidden cards, deployments and submarines in today's
    form (:func:`upgrade_saved_entry`), so its record replays; ``d``: the save's JSON, changed in place."""
    for state in _states(d):
        if isinstance(state.get("log"), list):
            state["log"] = [upgrade_saved_entry(e) if isinstance(e, dict) else e for e in state["log"]]


def _states(d: dict) -> list[dict]:
    """The saved states of a save's JSON ``d``: its state and its record's initial state."""
    initial = (d.get("record") or {}).get("initial") or {}
    return [st for st in (d.get("state"), initial.get("state")) if isinstance(st, dict)]


def upgrade_destroyed_hp(d: dict) -> None:
    """Set the HP of every destroyed unit of a checked save (its state and its record's initial
    state) to 0 (4.21): saves written when a unit lost aboard (10.311, 12.06) or a torpedoed
    ship (14.08) kept its HP load as the rules play today, and their record replays to the saved
    state.  ``d``: the save's JSON, changed in place; a living unit is left as it is."""
    for state in _states(d):
        units = state.get("units")
        for u in units.values() if isinstance(units, dict) else ():
            if isinstance(u, dict) and u.get("destroyed") is True:
                u["hp"] = 0


def upgrade_influence_kills(d: dict) -> None:
    """Give every state of a checked save written before 15.22's own count (``influence_kills``,
    the turn's enemy units eliminated without submarines) that count: the turn's ``kills``
    (3.42), which is what the meter then read (a submarine lost earlier in that turn is counted:
    the save cannot tell it apart).  ``d``: the save's JSON, changed in place."""
    for state in _states(d):
        if "influence_kills" not in state and isinstance(state.get("kills"), dict):
            state["influence_kills"] = dict(state["kills"])
