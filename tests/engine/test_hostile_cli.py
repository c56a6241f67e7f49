"""The command line over bad invocations and hostile files: every one exits non-zero with one line
on stderr and no traceback (``python -m lcb_lab ...`` in a subprocess), and the reader
(lcb_lab/kernel/files.py) reads only regular files, never more than the cap + 1 bytes."""
from __future__ import annotations

import io
import json
import os
import re
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from lcb_lab.kernel import files
from lcb_lab.kernel.errors import ScenarioError

ROOT = Path(__file__).resolve().parents[2]
POSIX = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes and sockets need POSIX")


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lcb_lab", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


def _make(tmp: Path, kind: str) -> str:
    """A hostile file of ``kind`` in ``tmp``; its path (relative to ``tmp``) or a special file's."""
    p = tmp / f"{kind}.json"
    if kind == "fifo":
        os.mkfifo(p)
    elif kind == "socket":
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(p))                       # the socket file stays after the test's socket closes
        s.close()
    elif kind == "dir":
        p.mkdir()
    elif kind == "unreadable":
        p.write_text("{}", encoding="utf-8")
        p.chmod(0)
    elif kind != "missing":
        p.write_bytes(CONTENT[kind]())
    return p.name


CONTENT = {
    "empty": lambda: b"",
    "binary": lambda: bytes(range(256)) * 4,
    "huge": lambda: b" " * (files.MAX_BYTES + 1),
    "deep": lambda: b"[" * 100_000 + b"]" * 100_000,
    "deep_object": lambda: b'{"a":' * 60 + b"1" + b"}" * 60,
    "wrong_types": lambda: json.dumps({"version": "two", "state": [1, 2], "dice": None}).encode(),
    "a_list": lambda: b"[1, 2, 3]",
    "nul_bytes": lambda: b"\x00" * 1000,
    "toml_not_json": lambda: b'[scenario]\nid = "x"\n',
    "duplicate_key": lambda: b'{"version": 3, "state": {}, "dice": {}, "version": 2}',
    "misspelt_key": lambda: json.dumps({"version": 3, "state": {}, "dice": {}, "recrod": {}}).encode(),
}

# (files to make, argv (FILE = the made file), the exact stderr line or None for "one line, any text")
CASES = {
    "load an empty file": ("empty", ("--load", "FILE"),
                           "error: FILE: (syntax): not JSON: Expecting value: line 1 column 1 (char 0)"),
    "load a binary file": ("binary", ("--load", "FILE"), "error: FILE: (file): not UTF-8 text (byte 128): "
                                                         "not a saved game file"),
    "load a huge file": ("huge", ("--load", "FILE"), "error: FILE: (file): larger than 64 MiB: not a saved game file"),
    "load deep JSON": ("deep", ("--load", "FILE"), "error: FILE: (syntax): nested more than 48 levels deep"),
    "load a deep object": ("deep_object", ("--load", "FILE"), "error: FILE: (syntax): nested more than 48 levels deep"),
    "load wrong types": ("wrong_types", ("--load", "FILE"), None),
    "load a JSON list": ("a_list", ("--load", "FILE"), None),
    "load NUL bytes": ("nul_bytes", ("--load", "FILE"), None),
    "load TOML as a save": ("toml_not_json", ("--load", "FILE"), None),
    "load a save giving a key twice": ("duplicate_key", ("--load", "FILE"),
                                       "error: FILE: (syntax): the key 'version' is given twice in one object"),
    "load a save with a misspelt key": ("misspelt_key", ("--load", "FILE"),
                                        "error: FILE: recrod: unknown key; a saved game has version, map, board, "
                                        "state, dice, auto_policies, scenario_info, record"),
    "load a FIFO": ("fifo", ("--load", "FILE"), "error: FILE: (file): is a named pipe (FIFO), not a saved game file "
                                               "(only regular files are read)"),
    "load a socket": ("socket", ("--load", "FILE"), "error: FILE: (file): is a socket, not a saved game file "
                                                   "(only regular files are read)"),
    "load /dev/zero": (None, ("--load", "/dev/zero"), "error: /dev/zero: (file): is a character device, not a saved "
                                                     "game file (only regular files are read)"),
    "load a directory": ("dir", ("--load", "FILE"), "error: FILE: (file): is a directory, not a saved game file "
                                                   "(only regular files are read)"),
    "load a missing file": ("missing", ("--load", "FILE"), "error: FILE: (file): no such saved game file"),
    "load an unreadable file": ("unreadable", ("--load", "FILE"),
                                "error: FILE: (file): cannot read the saved game file: Permission denied"),
    "lesson from a FIFO": ("fifo", ("./FILE",), "error: FILE: (file): is a named pipe (FIFO), not a lesson file "
                                                "(only regular files are read)"),
    "lesson from /dev/zero": (None, ("/dev/zero",), "error: /dev/zero: (file): is a character device, not a lesson "
                                                   "file (only regular files are read)"),
    "lesson that is binary": ("binary", ("./FILE",), "error: FILE: (file): not UTF-8 text (byte 128): not a "
                                                     "lesson file"),
    "lesson and --load": (None, ("appendix_b_combat", "--load", "save.json"),
                          "lcb-lab: error: give a lesson (appendix_b_combat) or --load (save.json), not both: a "
                          "lesson replays from its scenario's start, --load continues a saved game"),
    "--list and --json": (None, ("--list", "--json"),
                          "lcb-lab: error: --list lists the packaged scenarios and lessons and exits: it takes no "
                          "--json"),
    "--list and a lesson and --save": (None, ("--list", "appendix_b_combat", "--save", "x.json"),
                                       "lcb-lab: error: --list lists the packaged scenarios and lessons and exits: "
                                       "it takes no --save or lesson"),
    "--list and --team": (None, ("--list", "--team", "RU"),
                          "lcb-lab: error: --list lists the packaged scenarios and lessons and exits: it takes no "
                          "--team"),
    "--save an empty name": (None, ("appendix_b_combat", "--save", ""),
                             "lcb-lab: error: --save needs a file name, not an empty one"),
    "--save over the lesson": (None, ("./drill", "--save", "drill"),
                               "lcb-lab: error: --save drill would overwrite the lesson file it replays: "
                               "save to another file"),
    "--save as .toml": (None, ("appendix_b_combat", "--save", "game.toml"),
                        "lcb-lab: error: --save game.toml: a saved game is JSON, and a .toml name is read back as a "
                        "lesson: give the file a .json name"),
    "--save into a missing folder": (None, ("appendix_b_combat", "--save", "no/such/dir/x.json"), None),
    "an unknown option": (None, ("--bogus",), "lcb-lab: error: unrecognized arguments: --bogus"),
    "two lessons": (None, ("appendix_b_combat", "appendix_b_turn1"),
                    "lcb-lab: error: unrecognized arguments: appendix_b_turn1"),
    "--seed negative": (None, ("--scenario", "gotland_redux", "--seed", "-5"),
                        "lcb-lab: error: argument --seed: a dice seed: -5 is out of range: allowed 0..18446744073709551615 "
                        "(sandbox: a 64-bit dice seed)"),
    "--seed of 2**70": (None, ("--scenario", "gotland_redux", "--seed", str(2**70)),
                        "lcb-lab: error: argument --seed: a dice seed: a 22-digit number is out of range: allowed "
                        "0..18446744073709551615 (sandbox: a 64-bit dice seed)"),
    "--seed of 5001 digits": (None, ("--scenario", "gotland_redux", "--seed", "1" + "0" * 5000),
                              "lcb-lab: error: argument --seed: a dice seed is a whole number 0..18446744073709551615, not '1"
                              + "0" * 59 + "... (4941 characters more)'"),
    "--team without a value": (None, ("appendix_b_combat", "--team"),
                               "lcb-lab: error: argument --team: expected one argument"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_bad_invocation_is_one_line_and_no_traceback(tmp_path, name):
    kind, argv, expected = CASES[name]
    if kind in ("fifo", "socket") and not hasattr(os, "mkfifo"):
        pytest.skip("named pipes and sockets need POSIX")
    if kind == "unreadable" and os.geteuid() == 0:
        pytest.skip("root reads any file")
    if name == "--save over the lesson":
        (tmp_path / "drill").write_text((ROOT / "scenarios/lcb/lessons/appendix_b_combat.toml").read_text())
    made = _make(tmp_path, kind) if kind else ""
    argv = [a.replace("FILE", made) for a in argv]
    r = _cli(*argv, cwd=tmp_path)
    out = r.stdout + r.stderr
    assert "Traceback" not in out, out[-2000:]
    assert r.returncode == 2, (r.returncode, out[-2000:])
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    if expected is not None:
        assert lines[0] == expected.replace("FILE", made)
    assert r.stdout == ""
    if name == "--save over the lesson":
        assert (tmp_path / "drill").read_text().startswith("#")      # untouched


# ------------------------------------------------------------------ the reader itself
@POSIX
def test_a_fifo_is_refused_at_once_even_with_no_writer(tmp_path):
    """Before: open() of a named pipe waited for a writer forever."""
    os.mkfifo(tmp_path / "p")
    with pytest.raises(ScenarioError) as e:
        files.read_text(tmp_path / "p", "scenario")
    assert e.value.problem == "is a named pipe (FIFO), not a scenario file (only regular files are read)"


def test_a_device_is_refused_without_reading_it():
    """Before: /dev/zero was read up to the cap (64 MiB) before it was refused."""
    with pytest.raises(ScenarioError) as e:
        files.read_bytes("/dev/zero", "catalog")
    assert (e.value.file, e.value.key) == ("/dev/zero", "(file)")
    assert e.value.problem == "is a character device, not a catalog file (only regular files are read)"


@pytest.mark.parametrize("mode,kind", [
    (stat.S_IFREG, "a regular file"), (stat.S_IFDIR, "a directory"), (stat.S_IFIFO, "a named pipe (FIFO)"),
    (stat.S_IFCHR, "a character device"), (stat.S_IFBLK, "a block device"), (stat.S_IFSOCK, "a socket"),
    (0, "not a regular file"),
])
def test_file_kind_names_every_kind(mode, kind):
    assert files.file_kind(mode | 0o644) == kind


def test_a_file_swapped_after_the_check_is_checked_on_the_open_descriptor(tmp_path, monkeypatch):
    """The check runs again on the descriptor (fstat): a file replaced by a device between
    stat and open is refused too."""
    p = tmp_path / "save.json"
    p.write_text("{}", encoding="utf-8")
    real = os.open
    monkeypatch.setattr(os, "open", lambda path, flags, *a: real("/dev/null", flags))
    with pytest.raises(ScenarioError) as e:
        files.read_bytes(p, "saved game")
    assert e.value.problem == "is a character device, not a saved game file (only regular files are read)"


def test_the_cap_holds_for_any_reader_it_reads_at_most_cap_plus_one(monkeypatch):
    """A packaged file (a Traversable that only opens) is read through the same cap."""
    monkeypatch.setattr(files, "MAX_BYTES", 10)
    asked = []

    class Endless(io.BytesIO):
        def read(self, n=-1):
            asked.append(n)
            return b"x" * (n if n >= 0 else 10**9)

    class Packaged:
        def open(self, mode="r"):
            return Endless()

        def __str__(self):
            return "pkg/units.toml"

    with pytest.raises(ScenarioError) as e:
        files.read_text(Packaged(), "catalog")
    assert str(e.value) == "pkg/units.toml: (file): larger than 0 MiB: not a catalog file"
    assert asked == [11]


def test_a_regular_file_still_reads(tmp_path):
    p = tmp_path / "s.toml"
    p.write_text("a = 1\n", encoding="utf-8")
    assert files.load_toml(p, "scenario") == {"a": 1}
    assert files.read_text(str(p), "scenario") == "a = 1\n"


def test_a_file_without_read_permission_is_one_line(tmp_path, monkeypatch):
    """(Run as root, the CLI case above is skipped: root reads any file.)"""
    p = tmp_path / "save.json"
    p.write_text("{}", encoding="utf-8")

    def denied(path, flags, *a):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(os, "open", denied)
    with pytest.raises(ScenarioError) as e:
        files.read_text(p, "saved game")
    assert str(e.value) == f"{p}: (file): cannot read the saved game file: Permission denied"


def test_a_bug_reaches_the_command_line_as_one_line(monkeypatch, capsys):
    """Whatever escapes (a bug), the CLI prints one line and exits 70, no traceback."""
    import lcb_lab.__main__ as cli

    def boom(args):
        raise OverflowError("value too large to convert to uint32_t")

    monkeypatch.setattr(cli, "_run", boom)
    assert cli.main(["appendix_b_combat"]) == 70
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == (f"internal error: OverflowError: value too large to convert to uint32_t (a bug of lcb-lab "
                       f"{cli.__version__}: please report it with the command line)\n")


def test_contradiction_is_none_for_every_good_invocation():
    import argparse

    from lcb_lab.__main__ import contradiction
    ns = lambda **k: argparse.Namespace(**{"list": False, "lesson": None, "load": None, "save": None,  # noqa: E731
                                           "json": False, "team": "instructor", **k})
    for good in (ns(list=True), ns(lesson="appendix_b_combat", json=True, team="RU", save="g.json"),
                 ns(load="g.json", save="g.json"), ns(load="g.json", json=True)):
        assert contradiction(good) is None, good


READS = re.compile(r"\.read_text\(|\.read_bytes\(|(?<![\w.])open\(|\.open\((?:[\"']r|\))|json\.load\(|"
                   r"tomllib\.load\(|np\.load\(|os\.read\(|\.fdopen\(")


def test_every_file_lcb_lab_reads_goes_through_the_one_reader():
    """Only lcb_lab/kernel/files.py opens a file to read it (regular files only, capped); every
    other module reads through it, so a reader added later cannot forget the checks."""
    pkg = ROOT / "lcb_lab"
    found = [f"{p.relative_to(ROOT)}:{i}: {line.strip()}"
             for p in sorted(pkg.rglob("*.py")) if p != pkg / "kernel/files.py"
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if READS.search(line.split("#")[0]) and "def open(" not in line]
    assert found == [], "\n".join(found)


# ------------------------------------------------------------------ Ctrl-C and names from Python
def test_ctrl_c_while_a_save_replays_is_interrupted_not_a_broken_record(tmp_path, monkeypatch, capsys):
    """Before: the replay turned the KeyboardInterrupt into "the record does not replay at step 1"
    (exit 2, a false reason); now the state is put back and Ctrl-C stays Ctrl-C (exit 130)."""
    from lcb_lab.__main__ import main
    from lcb_lab.games.lcb.game import Game
    save = tmp_path / "game.json"
    assert main(["appendix_b_combat", "--save", str(save)]) == 0
    capsys.readouterr()

    def interrupted(self, action):
        raise KeyboardInterrupt

    monkeypatch.setattr(Game, "handle", interrupted)
    with pytest.raises(KeyboardInterrupt):
        Game.load(save)
    try:
        rc = main(["review", str(save), "-o", str(tmp_path / "r.html")])
    except KeyboardInterrupt:      # must not escape main; caught here so pytest goes on
        rc = "escaped"
    assert (rc, capsys.readouterr().err) == (130, "interrupted\n")
    assert not (tmp_path / "r.html").exists()


def test_ctrl_c_in_golden_is_one_line_and_exit_130(monkeypatch, capsys):
    """Before: ``lcb-lab golden`` ran outside the CLI's guard and Ctrl-C printed a traceback."""
    import lcb_lab.__main__ as cli
    from lcb_lab.kernel import transcript

    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(transcript, "main", interrupted)
    try:
        rc = cli.main(["golden"])
    except KeyboardInterrupt:
        rc = "escaped"
    assert (rc, capsys.readouterr().err) == (130, "interrupted\n")


def test_ctrl_c_while_the_cli_modules_load_is_one_line_and_exit_130(tmp_path):
    """Ctrl-C while ``lcb_lab.__main__`` imports its modules (the console script imports it first).
    Before: Python's traceback and no exit 130."""
    code = ("import builtins, runpy, sys\n"
            "real = builtins.__import__\n"
            "def hook(name, *a, **k):\n"
            "    if name == 'argparse':\n"
            "        raise KeyboardInterrupt\n"
            "    return real(name, *a, **k)\n"
            "builtins.__import__ = hook\n"
            "sys.argv = ['lcb-lab', '--list']\n"
            "runpy.run_module('lcb_lab', run_name='__main__', alter_sys=True)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert (r.returncode, r.stderr, r.stdout) == (130, "interrupted\n", "")


def test_an_empty_file_name_is_named_as_empty_not_as_a_directory():
    """Before: ``Game.load("")`` read the path ``.`` and said "is a directory"."""
    from lcb_lab.games.lcb.game import Game
    with pytest.raises(ScenarioError) as e:
        Game.load("")
    assert str(e.value) == "'': (file): no saved game file named: the name is empty"
    with pytest.raises(ScenarioError) as e:
        files.read_text(" ", "scenario")
    assert (e.value.key, e.value.problem) == ("(file)", "no scenario file named: the name is empty")


def test_a_misspelt_key_of_a_save_is_refused_from_python_too():
    """Before: an unknown top-level key was ignored, so a misspelt ``record`` loaded the game
    without its record (no undo past the load) and said nothing."""
    from lcb_lab.games.lcb.content.lesson import Lesson
    from lcb_lab.games.lcb.game import Game
    d = json.loads(Lesson("appendix_b_combat").run().to_json())
    d["recrod"] = d.pop("record")
    with pytest.raises(ScenarioError) as e:
        Game.from_json(json.dumps(d), file="game.json")
    assert (e.value.file, e.value.key) == ("game.json", "recrod")
    assert e.value.problem.startswith("unknown key; a saved game has version, map, board, state, dice")


@pytest.mark.parametrize("argv,line", [
    (["--scenario", "central_baltic"], "central_baltic: turn 1, action stage: nothing in the log yet "
                                       "(--json prints the state, --save writes the game)\n"),
    (["--scenario", "gotland_redux", "--team", "RU"], "gotland_redux: turn 1, action stage: nothing in the log "
                                                      "yet (--json prints the state, --save writes the game)\n"),
])
def test_a_new_game_with_an_empty_log_prints_a_line_not_a_blank(argv, line, capsys):
    """Before: a new game at its Action Stage printed one empty line (its log is empty)."""
    from lcb_lab.__main__ import main
    assert main(argv) == 0
    assert capsys.readouterr() == (line, "")


def test_a_lesson_naming_no_scenario_names_the_lesson_file_and_key(tmp_path, monkeypatch, capsys):
    """Before: the one line named only ``nope: (file): ...``, not the lesson file that said it."""
    from lcb_lab.__main__ import main
    from lcb_lab.games.lcb.content.lesson import Lesson
    from lcb_lab.games.lcb.io.resources import lesson_text
    monkeypatch.chdir(tmp_path)
    text = lesson_text("appendix_b_combat")
    assert 'scenario = "gotland_redux"' in text
    (tmp_path / "drill.toml").write_text(text.replace('scenario = "gotland_redux"', 'scenario = "nope"', 1),
                                         encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        Lesson("drill.toml")
    assert (e.value.file, e.value.key) == ("drill.toml", "lesson.scenario")
    assert main(["drill.toml"]) == 2
    assert capsys.readouterr().err.startswith("error: drill.toml: lesson.scenario: nope: no packaged scenario "
                                              "named 'nope' (packaged: central_baltic, ")


def test_a_huge_name_gives_a_line_of_at_most_a_thousand_characters(tmp_path):
    """Before: a 3000-character lesson name came back whole in the one line (3,200 characters); then cut
    at its end, so the line was the name and never said what was wrong.  Its middle is cut now."""
    r = _cli("x" * 3000, cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    line, = r.stderr.splitlines()
    assert line.startswith("error: xxx") and " characters cut) ... xxx" in line and len(line) <= 1040
    assert line.endswith("(packaged: appendix_b_combat, appendix_b_turn1, slite_landing_lesson); a file of your "
                         "own is a path: it holds a '/' or ends in .toml")


def test_load_scenario_names_the_seed_it_refuses():
    """Before: ``load_scenario(seed=-1)`` said ``load_scenario: (value): ...``, naming no argument."""
    from lcb_lab import load_scenario
    from lcb_lab.kernel.errors import InputError
    with pytest.raises(InputError) as e:
        load_scenario("gotland_redux", seed=-1)
    assert (e.value.what, e.value.where) == ("load_scenario seed", "(value)")


def test_a_save_whose_state_the_record_does_not_give_names_where_they_differ(tmp_path, capsys):
    """A unit added to the saved state by hand (well formed, so only the replay can tell).
    Before: "replaying the record does not give the saved state", naming no place."""
    from lcb_lab.__main__ import main
    from lcb_lab.games.lcb.content.lesson import Lesson
    d = json.loads(Lesson("appendix_b_combat").run().to_json())
    ghost = dict(d["state"]["units"]["LHD 1"], uid="Ghost")
    d["state"]["units"]["Ghost"] = ghost
    (tmp_path / "ghost.json").write_text(json.dumps(d), encoding="utf-8")
    assert main(["--load", str(tmp_path / "ghost.json")]) == 2
    assert capsys.readouterr().err == (f"error: {tmp_path / 'ghost.json'}: record: replaying the record does not "
                                       "give the saved state (they differ first at state.units.Ghost)\n")


def test_first_difference_walks_dicts_and_lists_to_the_first_differing_key():
    from lcb_lab.kernel.saved import first_difference
    assert first_difference({"a": 1, "b": [1, {"c": 2}]}, {"a": 1, "b": [1, {"c": 3}]}) == "state.b[1].c"
    assert first_difference({"a": 1}, {"a": 1, "z": 0}, "record") == "record.z"     # only the replay has it
    assert first_difference({"a": [1, 2]}, {"a": [1]}) == "state.a"                   # another length
    assert first_difference({"a": [1, {"b": None}]}, {"a": [1, {"b": None}]}) is None
    assert first_difference(1, "1") == "state"


def test_another_games_save_is_named_as_such(tmp_path, capsys):
    """An Archipelago save given to LC:B's CLI. Before: refused as LC:B's, "state: missing" or a
    state field's fault, never saying it is another game's save."""
    from lcb_lab.__main__ import main
    from lcb_lab.ui.archipelago.game_ui import ARCH_UI
    save = tmp_path / "arch.json"
    save.write_text(json.dumps(ARCH_UI.new_game("level_1", 1, None).save_data()), encoding="utf-8")
    assert main(["--load", str(save)]) == 2
    assert capsys.readouterr().err == (f"error: {save}: game: a saved game of 'archipelago', not of Littoral "
                                       "Commander: Baltic: open it in that game's lab\n")


def test_a_json_key_given_twice_is_refused_at_any_depth():
    """Before: JSON kept the last value silently (a save could say one thing and mean another)."""
    with pytest.raises(ScenarioError) as e:
        files.parse_json('{"state": {"units": {"a": 1, "b": 2, "a": 3}}}', "s.json")
    assert str(e.value) == "s.json: (syntax): the key 'a' is given twice in one object"
    assert files.parse_json('{"a": {"a": 1}, "b": [{"a": 2}, {"a": 3}]}', "s.json") == {"a": {"a": 1},
                                                                                         "b": [{"a": 2}, {"a": 3}]}
