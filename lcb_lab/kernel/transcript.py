"""Golden transcripts ("playthroughs") for any game on the kernel: a record as explained text.

Modelled on OpenSpiel's ``integration_tests/playthroughs/*.txt``.  :func:`transcript` walks a
game's whole record (:meth:`Engine.goto <lcb_lab.kernel.engine.Engine.goto>`, which replays the
recorded acts with their dice) and writes, for every step: its number and place (the game's
:attr:`~lcb_lab.kernel.engine.Engine.place_keys`), who acts before it and how many legal acts it
had (concrete + :class:`~lcb_lab.kernel.legal.Template` s), the act as one line of JSON (the
game's codec, sorted keys), the dice it drew, the new log lines each player reads (after the
game's observer: :func:`~lcb_lab.kernel.observer.redact_log`, rendered with their rules by
:func:`~lcb_lab.kernel.explain.render`) and each player's observation (a game's hook).

:func:`main` is the command line a game's golden module runs (``--regen`` rewrites the files of a
source checkout's ``tests/golden``); ``make golden`` regenerates every game's
(``python -m lcb_lab golden --regen``).  The output is deterministic: sorted keys, no ``id()``.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from lcb_lab.kernel import explain
from lcb_lab.kernel.files import write_whole
from lcb_lab.kernel.legal import Template
from lcb_lab.kernel.observer import redact_log

Observe = Callable[[Any, str], list[str]]
"""``observe(engine, player) -> lines``: what ``player`` sees now, in a compact, stable text form."""
LogFor = Callable[[Any, str, int, int], list[dict]]
"""``log_for(engine, player, since, until) -> entries``: the log entries ``player`` reads."""


def read_log(engine: Any, player: str, since: int, until: int) -> list[dict]:
    """Entries ``since .. until-1`` of the game's log as ``player`` reads them (the kernel observer)."""
    return redact_log(engine.state.log[since:until], player, engine.place_keys[:2])


def legal_text(actions: list) -> str:
    """``"N (C concrete + T templates)"``."""
    n_t = sum(1 for a in actions if isinstance(a, Template))
    return f"{len(actions)} ({len(actions) - n_t} concrete + {n_t} templates)"


def transcript(engine: Any, title: str, about: Iterable[str] = (), observe: Observe | None = None,
               log_for: LogFor = read_log, players: Sequence[str] | None = None,
               end: Callable[[Any], list[str]] | None = None) -> str:
    """The transcript of ``engine``'s whole record (module doc); the engine is left at the end.
    ``players``: whose logs and observations (default: the game's players); ``end(engine)``:
    the last block's lines after ``ToAct`` (e.g. the winner)."""
    h = engine.history
    n = len(h.steps)
    players = tuple(players or engine.players)
    engine.goto(0)
    out = [f"playthrough: {title}", *about, f"steps: {n}", "", "# State 0"]
    log_at = len(engine.state.log)
    if log_at:
        _log_block(engine, players, log_for, 0, log_at, out)
    _state_block(engine, players, observe, out)
    turn, sub = engine.place_keys[:2]
    for i, st in enumerate(h.steps):
        who = engine.to_act()
        actions = engine.legal_actions(who)
        engine.goto(i + 1)
        out += ["", f"# Step {i + 1} ({turn} {st.turn}, {sub} {st.sub_turn})",
                f"ToAct: {who}", f"LegalActions: {legal_text(actions)}",
                "Action: " + json.dumps(engine.codec.to_json(st.action), sort_keys=True),
                "Dice: " + (" ".join(str(v) for v in st.dice) or "-")]
        _log_block(engine, players, log_for, log_at, st.log_len, out)
        log_at = st.log_len
        _state_block(engine, players, observe, out)
    last = engine.to_act()
    out += ["", "# End", f"ToAct: {last if last is not None else 'nobody (the game is over)'}",
            *(end(engine) if end else []), ""]
    return "\n".join(out)


def _log_block(engine: Any, players: Sequence[str], log_for: LogFor, since: int, until: int, out: list[str]) -> None:
    for p in players:
        lines = [explain.render(e) for e in log_for(engine, p, since, until)]
        out.append(f"Log({p}): {len(lines)} new line{'s' if len(lines) != 1 else ''}")
        out += ["  " + line for line in lines]


def _state_block(engine: Any, players: Sequence[str], observe: Observe | None, out: list[str]) -> None:
    if observe is None:
        return
    for p in players:
        out.append(f"Observation({p}):")
        out += ["  " + line for line in observe(engine, p)]


def source_checkout(root: Path) -> bool:
    """True when ``root`` is a source checkout of lcb_lab (``pyproject.toml`` and ``tests/golden``),
    not site-packages."""
    return (root / "pyproject.toml").is_file() and (root / "tests" / "golden").is_dir()


def main(kinds: dict[str, tuple[str, Callable[[], str]]], prog: str, root: Path, golden_dir: Path,
         argv: list[str] | None = None, doc: str = "") -> int:
    """``PROG [--regen] [--out DIR] [KIND ...]`` over ``kinds`` (kind -> (file name, generator)):
    print the transcripts, or (``--regen``) rewrite them in ``golden_dir`` (or ``--out DIR``).
    Returns the exit code: 0 done, 2 refused (one line on stderr): ``--regen`` without ``--out``
    when ``root`` is not a source checkout never writes into site-packages; ``--out`` without
    ``--regen`` would be ignored."""
    p = argparse.ArgumentParser(prog=prog, description=doc or "golden transcripts")
    p.add_argument("kinds", nargs="*", metavar="KIND", help=f"which transcripts ({', '.join(kinds)}; default: all)")
    p.add_argument("--regen", action="store_true", help="rewrite the files in the golden folder")
    p.add_argument("--out", type=Path, default=None,
                   help="the golden folder (default: tests/golden of the source checkout)")
    args = p.parse_args(argv)
    unknown = [k for k in args.kinds if k not in kinds]
    if unknown:
        p.error(f"unknown playthrough {unknown[0]!r}; known: {', '.join(kinds)}")
    if args.out is not None and not args.regen:
        p.error(f"--out {args.out} names the folder --regen writes; without --regen the transcripts are printed: "
                "add --regen, or leave --out out")
    if args.regen and args.out is None and not source_checkout(root):
        print(f"{prog}: error: --regen rewrites tests/golden of a source checkout, and lcb_lab is installed in "
              f"{root}: run it from a checkout (make golden) or give --out DIR", file=sys.stderr)
        return 2
    for kind in args.kinds or list(kinds):
        name, make = kinds[kind]
        text = make()
        if not args.regen:
            sys.stdout.write(text)
            continue
        path = (args.out or golden_dir) / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_whole(path, text, newline="\n")      # a Ctrl-C while writing leaves the older file whole
        except OSError as e:
            print(f"{prog}: error: cannot write {path}: {e.strerror or e}", file=sys.stderr)
            return 2
        print(f"wrote {path} ({len(text.encode())} bytes)")
    return 0
