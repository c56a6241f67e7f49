"""Log entries of saves written before the rules logged facts for what a team hides (9.02, 14.03).

Then the rules gave the other team's form of an entry themselves (``data["pub"]``); now they log
facts (``about``, ``public_title`` / ``public_text``) and the observer decides who reads which.
:func:`upgrade_logs` rewrites a loaded save's logs in today's form, so its record replays to the
same log; what each team reads is unchanged.
"""
from __future__ import annotations


_DEPLOY_TITLES = (" embarked on ", " deployed face down in ")


def upgrade_saved_entry(e: dict) -> dict:
    """A log entry saved when the rules gave the other team's form themselves (``data["pub"]``:
    ``{"title", "text"}`` or None; kinds ``deploy``, ``card_acquired``, ``card_placed``,
    ``submarine``), in the facts they log now: ``about`` (the unit deployed, the card, the
    team's SOT) and ``public_title`` / ``public_text``.  What each team reads is unchanged (the
    entry keeps its ``audience`` / ``public``); a record saved then replays to the same log.
    Any other entry is returned as it is."""
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
    initial = (d.get("record") or {}).get("initial") or {}
    for state in (d.get("state"), initial.get("state")):
        if isinstance(state, dict) and isinstance(state.get("log"), list):
            state["log"] = [upgrade_saved_entry(e) if isinstance(e, dict) else e for e in state["log"]]
