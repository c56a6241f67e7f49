"""Headless CLI: replay a lesson and print the explained log (or the final state as JSON).

    python -m lcb_lab scenarios/lessons/appendix_b_combat.toml
    python -m lcb_lab scenarios/lessons/appendix_b_combat.toml --json
    python -m lcb_lab LESSON --save game.json      # save the game after the replay
    python -m lcb_lab --load game.json --json      # print a saved game
"""
from __future__ import annotations

import argparse
import json
import sys

from .errors import LcbError


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m lcb_lab", description=__doc__.splitlines()[0])
    ap.add_argument("lesson", nargs="?", help="lesson TOML (path, or a name in scenarios/lessons)")
    ap.add_argument("--json", action="store_true", help="print the final state as JSON instead of the log")
    ap.add_argument("--team", default="instructor", choices=["instructor", "US", "RU"],
                    help="whose view to print (log or --json state); default: the instructor's")
    ap.add_argument("--save", help="save the game (JSON) after the replay")
    ap.add_argument("--load", help="load a saved game instead of replaying a lesson")
    args = ap.parse_args(argv)
    from .game import Game
    from .lesson import Lesson, summary
    try:
        if args.load:
            game = Game.load(args.load)
        elif args.lesson:
            game = Lesson(args.lesson).run()
        else:
            ap.error("give a lesson file or --load")
    except LcbError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    try:
        if args.save:
            game.save(args.save)
    except LcbError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary(game, args.team), indent=2, ensure_ascii=False))
    else:
        print(game.explained_log(args.team))
    return 0


if __name__ == "__main__":
    sys.exit(main())
