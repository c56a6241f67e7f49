"""Headless CLI: replay a lesson and print the explained log (or the final state as JSON).

    lcb-lab appendix_b_combat            # a packaged lesson, by name
    lcb-lab my_lessons/drill.toml --json # a lesson file of your own (a path)
    lcb-lab LESSON --save game.json      # save the game after the replay
    lcb-lab --load game.json --json      # print a saved game
    lcb-lab --scenario gotland_redux --start planning --save game.json   # a new game at its Planning Stage
    lcb-lab --list                       # the packaged scenarios and lessons
    lcb-lab voila                        # the lab as an offline Voila app (lcb_lab.ui.lab.voila_app)
    lcb-lab review game.json -o review.html --team US   # a saved game's after-action review (one HTML file)
    lcb-lab golden --regen               # rewrite every game's golden transcripts (tests/golden, make golden)
    lcb-lab key 5                        # the instructor's answers to lesson 5's checkpoints (docs/syllabus.md)

A LESSON holding a '/' or ending in .toml is a path; a bare name is a packaged lesson
(lcb_lab.games.lcb.io.resources).  Without the command installed, `python -m lcb_lab` is the same CLI.
"""
from __future__ import annotations

import sys

try:   # Ctrl-C while the CLI's own modules load (the console script imports this one first): no traceback
    import argparse
    import json
    from pathlib import Path

    from lcb_lab import __version__
    from lcb_lab.kernel.errors import LabError
except KeyboardInterrupt:
    print("interrupted", file=sys.stderr)
    raise SystemExit(130) from None

PROG = "lcb-lab"
"""The CLI's name in its help and errors, run as the console script or as ``python -m lcb_lab``."""


class _Parser(argparse.ArgumentParser):
    """argparse with every refusal on one line (``lcb-lab: error: ...``, exit 2): no usage block."""

    def error(self, message: str):  # noqa: D102 (argparse's hook)
        self.exit(2, f"{self.prog}: error: {_one_line(message)}\n")


def main(argv: list[str] | None = None) -> int:
    """Run the CLI. Returns the exit code: 0 done, 2 bad input or contradictory arguments (one line
    ``error: ...`` on stderr), 70 a bug of lcb_lab (one line ``internal error: ...``), 130 interrupted.
    Never a traceback; output piped into a reader that stops early (``| head``) ends quietly, exit 0."""
    try:
        return _main(argv)
    except KeyboardInterrupt:   # Ctrl-C outside a guarded run (golden, an import, the arguments): no traceback
        _print("interrupted", sys.stderr)
        return 130
    except BrokenPipeError:     # --list, golden, help piped into a reader that stopped (`| head`): done
        _stdout_to_devnull()
        return 0


def _stdout_to_devnull() -> None:
    """Point stdout at the null device, so the interpreter's last flush of what the closed pipe did not
    take prints no second ``BrokenPipeError`` (Python's documented way for a command piped into ``head``)."""
    import os
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):   # no real stdout (tests capture it): nothing to quiet
        pass


def _main(argv: list[str] | None) -> int:
    """:func:`main` without its last guard against Ctrl-C."""
    if (sys.argv[1:] if argv is None else argv)[:1] == ["voila"]:   # the lab as a Voila app
        from lcb_lab.ui.lab.voila_app import main as voila_main
        return voila_main((sys.argv[1:] if argv is None else argv)[1:])
    if (sys.argv[1:] if argv is None else argv)[:1] == ["review"]:  # the after-action review (HTML)
        return review_main((sys.argv[1:] if argv is None else argv)[1:])
    if (sys.argv[1:] if argv is None else argv)[:1] == ["golden"]:  # every game's golden transcripts
        return golden_main((sys.argv[1:] if argv is None else argv)[1:])
    if (sys.argv[1:] if argv is None else argv)[:1] == ["key"]:     # a lesson's answers, for the instructor
        return key_main((sys.argv[1:] if argv is None else argv)[1:])
    head, _, examples = __doc__.partition("\n")
    ap = _Parser(prog=PROG, description=head, epilog=examples.strip("\n"),
                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    ap.add_argument("lesson", nargs="?",
                    help="a packaged lesson's name (see --list), or a lesson TOML file's path (holds a '/' "
                         "or ends in .toml)")
    ap.add_argument("--list", action="store_true", help="list the packaged scenarios and lessons, and exit")
    ap.add_argument("--json", action="store_true", help="print the final state as JSON instead of the log")
    ap.add_argument("--team", default="instructor", choices=["instructor", "US", "RU"],
                    help="whose view to print (log or --json state); default: the instructor's")
    ap.add_argument("--save", help="save the game (JSON) after the replay")
    ap.add_argument("--load", help="load a saved game instead of replaying a lesson")
    ap.add_argument("--scenario", help="start a new game of a packaged scenario (see --list) or a scenario file, "
                                       "instead of replaying a lesson")
    ap.add_argument("--start", choices=["planning", "action"],
                    help="with --scenario: begin at the Planning Stage (buy cards, then deploy; 3.1, 3.2) or the "
                         "Action Stage; default: the scenario's own start")
    ap.add_argument("--seed", type=_seed, default=1, help="with --scenario: the dice seed (default 1)")
    args = ap.parse_args(argv)
    clash = contradiction(args)
    if clash:
        ap.error(clash)
    if args.list:
        from lcb_lab.games.lcb.io.resources import lesson_names, scenario_names
        _print(f"scenarios: {', '.join(scenario_names())}\nlessons: {', '.join(lesson_names())}", sys.stdout)
        return 0
    if not (args.load or args.lesson or args.scenario):
        ap.error("give a lesson (a packaged name or a file), --scenario or --load")
    return _guarded(lambda: _run(args))


def _seed(text: str) -> int:
    """``--seed``'s value: a whole number 0 .. 2**64-1, the kernel's seed rule
    (:func:`lcb_lab.kernel.dice.seed_problem`; argparse words a refusal as ``argument --seed: ...``)."""
    from lcb_lab.kernel.dice import SEED_MAX, seed_problem
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a dice seed is a whole number 0..{SEED_MAX}, not {_short(text)!r}") from None
    problem = seed_problem(value)
    if problem:
        raise argparse.ArgumentTypeError(f"a dice seed: {problem}")
    return value


def _guarded(run) -> int:
    """Call ``run()`` (the text to print) and print it: the CLI's exit codes, every error on one line."""
    try:
        out = run()
    except LabError as e:
        _print(f"error: {_one_line(e)}", sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C during a long replay: no traceback
        _print("interrupted", sys.stderr)
        return 130
    except (MemoryError, RecursionError, OSError) as e:   # the machine's limits: one line, no traceback
        _print(f"error: {type(e).__name__}: {_one_line(e) or 'no detail'}", sys.stderr)
        return 2
    except Exception as e:  # noqa: BLE001 -- a bug of lcb_lab: one line, no traceback, and say so
        _print(f"internal error: {type(e).__name__}: {_one_line(e) or 'no detail'} (a bug of {PROG} "
               f"{__version__}: please report it with the command line)", sys.stderr)
        return 70
    try:
        _print(out, sys.stdout)
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
    return 0


def key_main(argv: list[str]) -> int:
    """``lcb-lab key N [N ...]``: the instructor's key to lessons N of the syllabus
    (:func:`lcb_lab.games.lcb.course.syllabus.answer_key`: each checkpoint's answer and rule, computed
    by the engine).  Exit codes: 0 printed, 2 refused (one line on stderr: no such lesson)."""
    from lcb_lab.games.lcb.course.syllabus import LESSONS, answer_key
    ap = _Parser(prog=f"{PROG} key", description="Print the answers to a lesson's checkpoints (for the "
                 "instructor; the lessons are numbered as in docs/syllabus.md).")
    ap.add_argument("lesson", nargs="+", help=f"a lesson's number, 0 to {len(LESSONS) - 1}")
    args = ap.parse_args(argv)
    return _guarded(lambda: "\n".join(answer_key(n) for n in args.lesson))


def golden_main(argv: list[str]) -> int:
    """``lcb-lab golden [--regen] [--out DIR] [KIND ...]``: every game's golden transcripts (LC:B's,
    :mod:`lcb_lab.games.lcb.content.playthrough`; Archipelago's,
    :mod:`lcb_lab.games.archipelago.playthrough`; Force on Force's,
    :mod:`lcb_lab.games.force_on_force.playthrough`; Order of Battle's,
    :mod:`lcb_lab.games.order_of_battle.playthrough`) through the kernel's
    :func:`lcb_lab.kernel.transcript.main`: printed, or rewritten in ``tests/golden`` of the source
    checkout.  Exit codes: 0 done, 2 refused (one line on stderr)."""
    from lcb_lab.games.archipelago import playthrough as arch
    from lcb_lab.games.force_on_force import playthrough as fof
    from lcb_lab.games.lcb.content import playthrough as lcb
    from lcb_lab.games.order_of_battle import playthrough as oob
    from lcb_lab.kernel import transcript
    return transcript.main({**lcb.KINDS, **arch.KINDS, **fof.KINDS, **oob.KINDS}, f"{PROG} golden", lcb.ROOT, lcb.GOLDEN_DIR, argv,
                           "Print or rewrite every game's golden transcripts.")


def review_main(argv: list[str]) -> int:
    """``lcb-lab review SAVE.json -o review.html [--team US|RU|instructor]``: write the after-action
    review of a saved game (:func:`lcb_lab.ui.lcb.review.review_html`: one standalone HTML file, the
    explained log and a map picture per impulse, odds beside each roll, kills and Influence plots)
    as the team may know it.  Exit codes as :func:`main` (a missing file: one line naming it)."""
    ap = _Parser(prog=f"{PROG} review", description="Write the after-action review of a saved game: one "
                 "standalone HTML file that opens offline.")
    ap.add_argument("save", help="a saved game (JSON: --save of the CLI, or Save in the lab)")
    ap.add_argument("-o", "--output", help="the HTML file to write (default: the save's name with .html)")
    ap.add_argument("--team", default="instructor", choices=["instructor", "US", "RU"],
                    help="whose view: a team's holds only what that team may know; default: the instructor's")
    args = ap.parse_args(argv)
    out = args.output if args.output is not None else str(Path(args.save).with_suffix(".html"))
    if not out.strip():
        ap.error("-o needs a file name, not an empty one")
    if _same_file(args.save, out):
        ap.error(f"-o {out} would overwrite the saved game: write the review to another file")
    return _guarded(lambda: _review(args.save, out, args.team))


def _review(save: str, out: str, team: str) -> str:
    """Load ``save``, write its review for ``team`` to ``out``; the line to print. Raises LabError, OSError."""
    from lcb_lab.kernel.files import read_text
    from lcb_lab.games.lcb.game import Game
    from lcb_lab.ui.lcb.review import write_review
    game = Game.from_json(read_text(save, "saved game"), file=save)
    try:
        path = write_review(game, out, team)
    except OSError as e:
        raise LabError(f"-o {out}: {_write_problem(out, e)}") from None
    return f"wrote {path} ({team} view, {path.stat().st_size // 1024} KB): open it in a browser, offline"


def _write_problem(out: str, e: OSError) -> str:
    """Why the file ``out`` could not be written, in words (a missing folder, a folder, the OS's reason)."""
    import os
    folder = os.path.dirname(out) or "."
    if os.path.isdir(out):
        return "is a folder: give a file name in it"
    if not os.path.isdir(folder):
        return f"the folder {folder} does not exist"
    return e.strerror or str(e)


def contradiction(args: argparse.Namespace) -> str | None:
    """Why the arguments contradict each other (one line), or None.

    ``--list`` lists and exits (nothing to replay, load, save or print as JSON); a lesson
    replays from the scenario's start while ``--load`` continues a saved game: one of them;
    ``--save`` needs a name that is no lesson's (not ``.toml``, not the lesson replayed);
    ``--scenario`` starts a new game (no lesson, no ``--load``), and ``--start`` / ``--seed`` go with it.
    """
    if args.list:
        given = [f"--{k}" for k in ("load", "save", "json", "scenario", "start") if getattr(args, k, None)]
        given += ["lesson"] if args.lesson else []
        given += ["--team"] if args.team != "instructor" else []
        if given:
            return f"--list lists the packaged scenarios and lessons and exits: it takes no {' or '.join(given)}"
    for k in ("load", "save"):
        if getattr(args, k) == "":
            return f"--{k} needs a file name, not an empty one"
    if args.save and args.save.lower().endswith(".toml"):
        return (f"--save {args.save}: a saved game is JSON, and a .toml name is read back as a lesson: "
                "give the file a .json name")
    if args.lesson and args.save and _same_file(args.lesson, args.save):
        return f"--save {args.save} would overwrite the lesson file it replays: save to another file"
    if args.lesson and args.load:
        return (f"give a lesson ({args.lesson}) or --load ({args.load}), not both: a lesson replays from its "
                "scenario's start, --load continues a saved game")
    scenario, start, seed = (getattr(args, k, d) for k, d in (("scenario", None), ("start", None), ("seed", 1)))
    if scenario is not None and (args.lesson or args.load or scenario == ""):
        return ("--scenario starts a new game: give a scenario name, and no lesson or --load with it"
                if scenario else "--scenario needs a scenario's name or file, not an empty one")
    if scenario is None and (start or seed != 1):
        given = " and ".join(k for k, v in (("--start", start), ("--seed", seed != 1)) if v)
        return f"{given} set how a new game begins: use it with --scenario (a lesson and a save begin where they do)"
    return None


def _same_file(a: str, b: str) -> bool:
    """Whether the paths ``a`` and ``b`` name one file (``b`` need not exist yet)."""
    import os
    try:
        return os.path.exists(a) and (os.path.samefile(a, b) if os.path.exists(b) else
                                      os.path.abspath(a) == os.path.abspath(b))
    except (OSError, ValueError):
        return False


def _run(args: argparse.Namespace) -> str:
    """Load or replay, save if asked; the text to print. Raises LabError."""
    from lcb_lab.kernel.files import read_text
    from lcb_lab.games.lcb.game import Game
    from lcb_lab.games.lcb.content.lesson import Lesson, summary
    if args.load:
        game = Game.from_json(read_text(args.load, "saved game"), file=args.load)
    elif args.scenario:
        from lcb_lab.games.lcb.io.loading import load_scenario
        game = load_scenario(args.scenario, seed=args.seed, start=args.start)
    else:
        game = Lesson(args.lesson).run()
    if args.save:
        game.save(args.save)
        _print(_saved_line(args.save, game), sys.stderr)     # stdout stays the log or the JSON
    if args.json:
        return json.dumps(summary(game, args.team), indent=2, ensure_ascii=False)
    return game.explained_log(args.team) or _empty_log(summary(game, args.team))


def _saved_line(path: str, game) -> str:
    """The line that confirms ``--save``: the file, where the game stands, how to go on from it."""
    import shlex
    s = game.state
    return f"saved {path} (turn {s.turn}, {s.stage} stage): go on with {invoked_as()} --load {shlex.quote(path)}"


def invoked_as(argv0: str | None = None, executable: str | None = None) -> str:
    """The command that runs this CLI again from the current folder, the way it was started (``argv0``:
    ``sys.argv[0]``): ``lcb-lab`` when that is the console script on PATH, the script's path as typed
    otherwise (``.venv/bin/lcb-lab``), ``<python> -m lcb_lab`` for ``python -m lcb_lab`` (the interpreter
    relative to the current folder when inside it: ``.venv/bin/python -m lcb_lab``)."""
    import os
    import shlex
    import shutil
    argv0 = (sys.argv[0] if sys.argv else "") if argv0 is None else argv0
    if os.path.basename(argv0) == PROG:
        found = shutil.which(PROG)
        try:
            on_path = found is not None and os.path.samefile(found, argv0)
        except OSError:
            on_path = False
        return PROG if on_path or os.sep not in argv0 else shlex.quote(argv0)
    if os.path.basename(argv0) != "__main__.py":        # main() called from Python (tests, tools)
        return PROG
    python = executable or sys.executable
    rel = os.path.relpath(python) if os.path.isabs(python) else python
    return f"{shlex.quote(rel if not rel.startswith('..') else python)} -m lcb_lab"


def _empty_log(s: dict) -> str:
    """The line printed for a game whose log is still empty (a new game at its Action Stage), not a blank."""
    return (f"{s['scenario']}: turn {s['turn']}, {s['stage']} stage: nothing in the log yet "
            "(--json prints the state, --save writes the game)")


def _print(text: str, stream) -> None:
    """The one place the CLI writes: every line goes through :func:`terminal_safe`."""
    print(terminal_safe(text), file=stream)


def terminal_safe(text: str) -> str:
    """``text`` with every control or formatting character except the newline escaped
    (``"\\x1b"``): lessons and saves may hold anything, the terminal must not obey it."""
    from lcb_lab.kernel.errors import printable
    return "\n".join(printable(line) for line in text.split("\n"))


ONE_LINE_MAX = 1000
"""The longest message the CLI prints (characters): a 5000-digit number or name is cut, its length said."""


def _one_line(e: Exception | str) -> str:
    """The message on one line, at most :data:`ONE_LINE_MAX` characters and a note (its control characters
    are escaped when printed).  A longer one loses its middle -- ``<start> ... (N characters cut) ... <end>`` --
    so the file and key at its start and what is wrong at its end both stay."""
    text = " ".join(str(e).split())
    if len(text) <= ONE_LINE_MAX:
        return text
    head = ONE_LINE_MAX * 3 // 5
    tail = ONE_LINE_MAX - head
    return f"{text[:head]} ... ({len(text) - ONE_LINE_MAX} characters cut) ... {text[-tail:]}"


def _short(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters, saying how many more there were."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text) - limit} characters more)"


if __name__ == "__main__":
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="replace")  # a terminal without UTF-8 still gets the log
    sys.exit(main())
