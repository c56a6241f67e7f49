"""What the benchmark scripts share on their command lines: argparse value types that refuse a wrong
value in argparse's one ``error:`` line (exit 2), and the scripts' exit (Ctrl-C: ``interrupted``, 130).

A benchmark reports, it never gates: a figure that fails is printed as ``n/a`` and the run goes on
(run.py, browser.py).  A command line it cannot run is another matter: it is refused, not run as
something else (``--repeat 0`` is no median; ``--only abc`` measured nothing and exited 0)."""
from __future__ import annotations

import argparse
import re
import sys
from typing import Callable, NoReturn


def whole(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``least`` (a refusal names the value and the range)."""
    def parse(text: str) -> int:
        shown = text if len(text) <= 40 else text[:40] + "..."
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{shown!r} is not a whole number ({least} or more)") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{shown} is below {least}")
        return value
    return parse


def viewport(text: str) -> tuple[int, int]:
    """An argparse type: ``WxH`` in CSS pixels, each 100 .. 10000 (``1366x768``)."""
    m = re.fullmatch(r"\s*(\d{1,5})\s*[xX]\s*(\d{1,5})\s*", text)
    if not m or not all(100 <= int(v) <= 10000 for v in m.groups()):
        shown = text if len(text) <= 40 else text[:40] + "..."
        raise argparse.ArgumentTypeError(f"{shown!r}: a viewport is WxH, each 100..10000 pixels (e.g. 1366x768)")
    return int(m.group(1)), int(m.group(2))


def exit_with(main: Callable[[], int]) -> NoReturn:
    """``sys.exit(main())``; Ctrl-C ends with the line ``interrupted`` and exit status 130, no traceback
    (nothing is written: the scripts rewrite their README block only at the very end)."""
    try:
        code = main()
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        sys.exit(130)
    sys.exit(code)
