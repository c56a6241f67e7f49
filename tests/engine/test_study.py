"""Plan studies (whatif/study): exact odds beside sampled ones, refusals per run, the same study
whatever the chunks or workers (serial against a 2-process Dask LocalCluster), the impulse in
progress as a plan, the viewer's knowledge, and no Dask in the light imports."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.whatif.study import Freq, Plan, compare, make_plan_from, study
from lcb_lab.games.lcb.whatif.study.run import run_chunk, run_seeds
from lcb_lab.kernel.errors import LabError

ROOT = Path(__file__).resolve().parents[2]


def _situation():
    """Example 7.37's units (1 Uran LRS CV 10, -2 in a brown hex, 7.09; 1 Kilo INTERCEPT CV 12)."""
    return lcb_lab.situation(
        units={"1 Uran": ("runi_coastal_missile_section", "F-2"),
               "1 Whiskey": {"type": "usmc_himars_section", "hex": "F-6", "face_up": True},
               "1 Kilo": ("usmc_iamd_section", "F-6")},
        colours={"F-6": "brown"}, initiative="RU", seed=3)


ACTS = (A.BeginImpulse("TF Red"), A.Declare((A.CoreAction("move_combat", ("1 Uran",)),)),
        A.CommitCombat(lrs=(A.LrsAttack("1 Uran", "LRS1", "1 Whiskey", 2),)))


def test_exact_odds_beside_the_sampled_frequency_without_intercept():
    # 2 LRS dice hitting on 8 or less of a d20 (7.02, 7.09): P(2 hits) = 0.4^2 destroys 2 HP (7.05)
    r = study(_situation(), Plan(ACTS, {"intercept": "no_intercept"}), runs=600, seed=4, workers=0, progress=False)
    (e,) = r.exact
    assert (e.unit, e.hp, e.rule) == ("1 Whiskey", 2, "7.57")
    assert e.pmf == pytest.approx({0: 0.36, 1: 0.48, 2: 0.16})
    assert e.p_destroyed == pytest.approx(0.16)
    (row,) = r.exact_vs_sampled()
    assert row["exact"] == pytest.approx(0.16) and row["agrees"] == row["sampled"].covers(0.16)
    assert abs(row["sampled"].p - 0.16) < 4 * (0.16 * 0.84 / 600) ** 0.5     # 4 standard errors: a 1-in-15,000 miss
    assert row["sampled"].k == r.destroyed()["1 Whiskey"].k
    hp = r.hp_lost()["1 Whiskey"]
    assert sum(hp.values()) == 600 and set(hp) <= {0, 1, 2}
    assert r.mean("supply_spent", "RU") == 2 and r.mean("supply_spent", "US") == 0   # 2 LRS dice, no INTERCEPT (7.36)


def test_the_defenders_answer_policy_changes_the_exact_odds():
    # match_incoming: 1 Kilo answers with 2 INTERCEPT dice at 12 (7.53, 7.57): destroyed only on
    # 2 LRS hits and 0 INTERCEPT hits: 0.16 * 0.4^2
    r = study(_situation(), Plan(ACTS, name="answered"), runs=300, seed=4, workers=0, progress=False)
    assert r.exact[0].p_destroyed == pytest.approx(0.16 * 0.16)
    assert r.mean("supply_spent", "US") == 2
    rows = compare(r, study(_situation(), Plan(ACTS, {"intercept": "no_intercept"}, name="unanswered"),
                            runs=300, seed=4, workers=0, progress=False))
    assert rows[0]["what"] == "1 Whiskey destroyed" and set(rows[0]) == {"what", "answered", "unanswered"}


def test_a_refused_plan_act_is_recorded_per_run_not_raised():
    plan = Plan(ACTS[:1] + ACTS[:1], name="twice")       # a second BeginImpulse: the impulse is running (3.3)
    r = study(_situation(), plan, runs=5, seed=0, workers=0, progress=False)
    assert r.runs == 5 and r.exact == ()
    ((reason, k),) = r.refused().items()
    assert k == 5 and reason.startswith("BeginImpulse (rule 3.3)")
    assert [o["refused"]["step"] for o in r.outcomes] == [2] * 5


def test_same_seed_same_study_whatever_the_chunks():
    g, plan = _situation(), Plan(ACTS, {"intercept": "no_intercept"})
    a = study(g, plan, runs=30, seed=11, workers=0, progress=False, chunk=7)
    b = study(g, plan, runs=30, seed=11, workers=0, progress=False, chunk=30)
    assert a.outcomes == b.outcomes
    assert run_chunk(g, plan, 11, 12, 15) == a.outcomes[12:15]
    c = study(g, plan, runs=30, seed=12, workers=0, progress=False)
    assert [o["hp_lost"] for o in c.outcomes] != [o["hp_lost"] for o in a.outcomes]
    assert run_seeds(11, 3)[0] == run_seeds(11, 3)[0] != run_seeds(11, 4)[0]


def test_a_local_cluster_of_two_workers_gives_the_serial_study():
    pytest.importorskip("distributed")
    g, plan = _situation(), Plan(ACTS, {"intercept": "no_intercept"}, horizon="turn")
    serial = study(g, plan, runs=40, seed=7, workers=0, progress=False)
    dist = study(g, plan, runs=40, seed=7, workers=2, progress=False, chunk=3)
    assert dist.workers == 2 and dist.outcomes == serial.outcomes
    assert dist.exact == serial.exact


def test_the_impulse_in_progress_becomes_the_plan():
    g = _situation()
    g.auto_policies = {}
    for a in ACTS:
        g.apply(a)
    g.apply(A.ResolveCombat())
    start, plan = make_plan_from(g, horizon="turn")
    assert plan.acts == ACTS and plan.horizon == "turn"
    assert start.state.impulse is None and g.state.impulse is not None   # the start: before BeginImpulse (3.3)
    r = study(start, plan, runs=20, seed=1, workers=0, progress=False)
    assert all(o["refused"] is None for o in r.outcomes)
    assert all(o["turn"] >= 2 or o["winner"] for o in r.outcomes)        # the turn played out (3.0)


def test_a_team_view_names_only_what_the_team_knows():
    r = study(_situation(), Plan(ACTS), runs=20, seed=2, workers=0, progress=False, viewer="RU")
    assert all(o["supply_spent"]["US"] is None and o["supply_spent"]["RU"] == 2 for o in r.outcomes)
    assert r.mean("supply_spent", "US") is None
    from lcb_lab.games.lcb.whatif.study.outcome import unit_name
    g = _situation()
    assert unit_name(g, "1 Kilo", "RU") == "a concealed US unit" and unit_name(g, "1 Kilo", None) == "1 Kilo"
    assert unit_name(g, "1 Whiskey", "RU") == "1 Whiskey"                 # face up (6.11)


def test_bad_arguments_are_refused():
    with pytest.raises(LabError):
        Plan(ACTS, horizon="week")
    with pytest.raises(LabError):
        Plan(ACTS, continuation="oracle")
    with pytest.raises(LabError):
        study(_situation(), Plan(ACTS), runs=0, workers=0)
    assert Freq(0, 10).interval[0] == 0.0 and Freq(10, 10).interval[1] == pytest.approx(1.0)
    lo, hi = Freq(50, 100).interval
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)   # Wilson 95 %


def test_the_light_imports_load_no_dask():
    probe = ("import sys, json, lcb_lab\nfrom lcb_lab import load_scenario\nimport lcb_lab.games.lcb.whatif.study\n"
             "import lcb_lab.ui.lcb.app\n"
             "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed'))))")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert json.loads(r.stdout.strip().splitlines()[-1]) == []


def test_the_shared_prefix_gives_the_outcomes_of_a_full_replay():
    from lcb_lab.games.lcb.whatif.study.run import prepare, run_one
    g = _situation()
    for plan in (Plan(ACTS), Plan(ACTS, {"intercept": "no_intercept"}, horizon="turn"), Plan(ACTS[:1] + ACTS[:1])):
        prep = prepare(g, plan)
        assert prep.done == min(3, len(plan.acts) - (plan.acts[0] == plan.acts[-1]))   # stops at the refused act
        assert run_chunk(g, plan, 5, 0, 12) == [run_one(g, plan, 5, i) for i in range(12)]


def test_the_attackers_exact_odds_average_over_what_its_back_may_be():
    """Example 7.37 committed (7.37: 1 Uran's 2 dice at the brown-hex 1 Whiskey, CV 10 - 2 = 8).
    The instructor knows the back at F-6 is 1 Kilo, an IAMD section that intercepts: P(1 Whiskey
    destroyed) = 0.0256.  RU sees only a back (6.11): its study draws it among the 6 US ground
    types, one of which intercepts like 1 Kilo, so RU's exact odds are (5 * 0.4 * 0.4 + 0.0256) / 6
    and its sampled share agrees with them, not with the instructor's."""
    from lcb_lab.games.lcb.content.worked.ch07 import example_737
    from lcb_lab.games.lcb.whatif.worlds import backs, each_world
    start, plan = make_plan_from(example_737("committed"))
    assert backs(start, "RU") == ["hidden:F-6:0"] and len(each_world(start, "RU")) == 6
    truth = study(start, plan, runs=50, seed=1, workers=0, progress=False)
    assert truth.exact[0].p_destroyed == pytest.approx(0.0256)
    ru = study(start, plan, runs=400, seed=1, workers=0, progress=False, viewer="RU")
    assert ru.exact[0].count == "HP lost by 1 Whiskey"
    assert ru.exact[0].p_destroyed == pytest.approx((5 * 0.16 + 0.0256) / 6)
    row = ru.exact_vs_sampled()[0]
    assert row["agrees"] and not row["sampled"].covers(0.0256), row


def test_more_bad_arguments_are_refused_in_one_line():
    """A chunk that is not a positive int, a viewer that is no team, a workers string that is no
    address, a game or plan of another type, a plan's acts or answers of the wrong type: each a
    LabError before anything runs (they were a TypeError, a study "as XX sees it", a ValueError of
    Dask's, an AttributeError, a TypeError and a ValueError)."""
    for kwargs, words in (({"chunk": -1}, "chunk must be a positive int"), ({"chunk": 2.5}, "chunk"),
                          ({"viewer": "XX"}, "viewer 'XX' is not US, RU or None"),
                          ({"workers": "abc"}, "'abc' is not a scheduler address"),
                          ({"game": "gotland_redux"}, "takes an LC:B game and a Plan, not str"),
                          ({"plan": ACTS}, "not Game and tuple")):
        with pytest.raises(LabError, match=words):
            args = {"game": _situation(), "plan": Plan(ACTS), "workers": 0, **kwargs}
            study(runs=5, progress=False, **args)
    with pytest.raises(LabError, match="acts must be a tuple of typed actions, not int"):
        Plan(5)
    with pytest.raises(LabError, match="answers"):                   # was a ValueError of dict()
        Plan(ACTS, answers="intercept")


def _serve(reply: bytes):
    """A local TCP server that accepts and sends ``reply`` (b"": says nothing); its address."""
    import socket
    import threading
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(4)
    held = []

    def loop():
        while True:
            try:
                conn, _ = srv.accept()
            except OSError:
                return
            held.append(conn)
            if reply:
                conn.sendall(reply)
    threading.Thread(target=loop, daemon=True).start()
    return srv, f"tcp://127.0.0.1:{srv.getsockname()[1]}"


@pytest.mark.parametrize("reply, words", [(b"", "no answer in time"),
                                          (b"HTTP/1.1 403 Forbidden\r\n\r\n" + b"\xff" * 64, "not as a Dask scheduler")],
                         ids=["silent", "not-dask"])
def test_a_scheduler_address_that_does_not_answer_is_one_line_after_a_short_wait(monkeypatch, reply, words):
    """A host that accepts and stays silent, or answers with something that is not Dask (a proxy's
    page): one LabError line naming the address within the connect timeout, not Dask's 30 s wait
    and its OSError, nor a MemoryError from reading a length out of the wrong protocol."""
    import time
    from lcb_lab.kernel import study as kernel_study
    monkeypatch.setattr(kernel_study, "CONNECT_TIMEOUT", 1.0)
    srv, address = _serve(reply)
    t0 = time.perf_counter()
    try:
        with pytest.raises(LabError) as e:
            study(_situation(), Plan(ACTS), runs=5, workers=address, progress=False)
    finally:
        srv.close()
    text = str(e.value)
    assert f"no Dask scheduler answered at {address} within 1 s" in text and "\n" not in text, text
    assert __import__("re").search(words, text), text
    assert time.perf_counter() - t0 < 8


def test_a_running_scheduler_by_its_address_gives_the_serial_study():
    """The address path (``workers="tcp://..."``) still connects through the handshake probe."""
    pytest.importorskip("distributed")
    from lcb_lab.kernel.study import local_cluster
    g, plan = _situation(), Plan(ACTS, {"intercept": "no_intercept"})
    cluster = local_cluster(1)
    try:
        dist = study(g, plan, runs=12, seed=5, workers=cluster.scheduler_address, progress=False, chunk=4)
    finally:
        cluster.close()
    assert dist.outcomes == study(g, plan, runs=12, seed=5, workers=0, progress=False).outcomes


def test_a_team_study_without_exact_odds_does_not_say_how_they_were_averaged():
    """US's study of a move in Gotland Redux (RU's backs on the board, no combat committed): no
    exact odds, so no line on how they were averaged over the backs (it read as if there were some)."""
    g = lcb_lab.load_scenario("gotland_redux", seed=1)
    g.apply(A.BeginImpulse("TF Boston"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    start, plan = make_plan_from(g)
    r = study(start, plan, runs=5, workers=0, progress=False, viewer="US")
    assert r.exact == [] or r.exact == ()
    text = r.summary()
    assert "US's study: each run plays a world drawn from what US knows" in text
    assert "exact odds: the mean over every draw" not in text, text


def test_ctrl_c_during_a_study_is_one_line_with_the_runs_done():
    """A kernel interrupt while the runs play (raised here from the progress hook after the second
    chunk): still a KeyboardInterrupt, which IPython shows as one line saying how far it got."""
    from lcb_lab.kernel.study import StudyInterrupted

    def ctrl_c(done, total):
        if done >= 4:
            raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt) as e:
        study(_situation(), Plan(ACTS), runs=10, workers=0, progress=False, chunk=2, on_progress=ctrl_c)
    assert isinstance(e.value, StudyInterrupted)
    assert e.value._render_traceback_() == [
        "StudyInterrupted: study interrupted (Ctrl-C or the notebook's Stop) after 4 of 10 runs; no result"]


SCRIPT_CTRL_C = """
import os, signal, sys
import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.whatif.study import Plan, study
from lcb_lab.kernel.errors import LabError
LabError.full_traceback = sys.argv[1] == "full"
signal.signal(signal.SIGINT, signal.default_int_handler)   # as in a terminal (a test runner's worker may ignore it)
g = lcb_lab.situation(units={"1 Uran": ("runi_coastal_missile_section", "F-2"),
                             "1 Whiskey": {"type": "usmc_himars_section", "hex": "F-6", "face_up": True}},
                      initiative="RU", seed=3)
acts = (A.BeginImpulse("TF Red"), A.Declare((A.CoreAction("move_combat", ("1 Uran",)),)),
        A.CommitCombat(lrs=(A.LrsAttack("1 Uran", "LRS1", "1 Whiskey", 2),)))

def ctrl_c(done, total):
    if done == 6:
        os.kill(os.getpid(), signal.SIGINT)       # the user's Ctrl-C, as the terminal sends it
study(g, Plan(acts), runs=10, workers=0, progress=False, chunk=3, on_progress=ctrl_c)
"""


@pytest.mark.parametrize("mode", ["one_line", "full"])
def test_ctrl_c_during_a_study_in_a_plain_script_is_one_line(tmp_path, mode):
    """``python script.py`` interrupted in a study: one line on stderr, no traceback (before: the
    traceback through run_study ending in StudyInterrupted); ``LabError.full_traceback`` keeps it."""
    (tmp_path / "script.py").write_text(SCRIPT_CTRL_C, encoding="utf-8")
    r = subprocess.run([sys.executable, "script.py", mode], capture_output=True, text=True, cwd=tmp_path,
                       timeout=120)
    assert r.returncode != 0 and r.stdout == ""
    line = "StudyInterrupted: study interrupted (Ctrl-C or the notebook's Stop) after 6 of 10 runs; no result"
    if mode == "one_line":
        assert r.stderr.splitlines() == [line]
    else:
        assert r.stderr.startswith("Traceback (most recent call last):") and "run_study" in r.stderr
        assert r.stderr.splitlines()[-1] == "lcb_lab.kernel.study." + line
