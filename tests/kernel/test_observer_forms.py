"""A form per player: an entry two players each know a different part of (the kernel's observer)."""
from lcb_lab.kernel.observer import Observer, redact


def _both_halves(entry, data, secret):
    return [], None, {p: {"title": f"{p}'s half", "text": data[p], "rules": [], "data": {}} for p in ("Red", "Blue")}


def test_each_player_reads_its_own_form_and_the_all_seeing_viewer_the_entry():
    obs = Observer(lambda state, viewer, subject: False, ("Red", "Blue"), {"duel": _both_halves})
    e = obs.annotate({"kind": "duel", "title": "Duel", "text": "both rolls", "data": {"team": "Red", "Red": "mine",
                                                                                    "Blue": "theirs"}}, state={})
    assert e["audience"] == [] and sorted(e["public_for"]) == ["Blue", "Red"]
    assert redact(e, "Red") == {"kind": "duel", "title": "Red's half", "text": "mine", "rules": [], "data": {}}
    assert redact(e, "Blue")["text"] == "theirs"
    assert redact(e, None) is e and redact(e, "instructor") is e
    assert redact(e, "Green") is None           # a player with no form of its own reads nothing
