"""The map draws a Task Force Counter (4.35) as ONE back reading "TF" to the other team, and its
own team's counters say which counter they stand under."""
from lcb_lab import situation
from lcb_lab.ui.lcb.map.counters import counter_layers

INF = "runi_naval_infantry_platoon"


def _game(n: int):
    units = {f"{i} Anna": (INF, "F-6", "TF Red") for i in range(1, n + 1)}
    units["1 Whiskey"] = ("usmc_himars_section", "B-2")
    return situation(units=units, task_force_counters={"TF 1": [f"{i} Anna" for i in range(1, n + 1)]})


def test_the_other_team_sees_one_tf_back_whatever_it_holds():
    small, big = (counter_layers(_game(n).view("US")) for n in (2, 4))
    assert small == big
    c = small["counters"]
    at = [i for i, h in enumerate(c["hex"]) if h == "F-6"]
    assert len(at) == 1
    i = at[0]
    assert (c["back"][i], c["t_hint"][i], c["uid"][i], c["tip"][i]) == (True, "TF", "", "Red Task Force Counter, face down")
    assert "stack of" not in small["stacks"]["tip"][small["stacks"]["hex"].index("F-6")]


def test_its_own_team_reads_each_unit_under_its_counter():
    layers = counter_layers(_game(2).view("RU"))
    tip = layers["stacks"]["tip"][layers["stacks"]["hex"].index("F-6")]
    assert "stack of 2" in tip and tip.count("under Task Force Counter TF 1") == 2
