"""The kernel speaks no game's words: its source (code, docstrings, doctests, comments) names no
LC:B term, no LC:B module and no LC:B default, so a naval, skirmish or card game reads it as its own.

A game's words live in ``lcb_lab/games/<game>/``; a kernel docstring may still say what a hook is
*for* in neutral words (a turn, a sub-turn, a player, a die).
"""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KERNEL_DIR = ROOT / "lcb_lab" / "kernel"

WORDS: dict[str, str] = {
    r"(?i)impulse": "LC:B's sub-turn (an impulse)",
    r"LcbError": "LC:B's old name of the error root",
    r"LC:B|\bLCB\b|\bLcb": "the game's name",
    r"lcb_lab\.games": "a game module",
    r"[\"']US[\"']|[\"']RU[\"']": "LC:B's teams",
    r"\bcv\b|\bCV\b": "LC:B's combat value",
    r"(?i)gotland|baltic": "LC:B's map",
    r"(?i)task force|\bTF\b": "LC:B's Task Forces",
    r"(?i)\bJCC\b|\bLRS\b|\bintercept\b|\bmildec\b|\bASW\b|\bSOT\b": "LC:B's rule terms",
    r"(?i)\brules?\s+\d{1,2}\.\d+|\b[1-9]\d?\.\d{2,3}\b(?!\d)|\([1-9]\d?\.\d{1,3}[,)]": "a rulebook number",
}
"""Pattern -> what it names.  The kernel may offer a d20 (``D20 = dN(20)``) among its dice, never as
a default (:func:`kernel_die_defaults`).  A rulebook number (``7.02``) is LC:B's rule, not the kernel's: it is
looked for only in prose (docstrings, comments), where a float literal of the code cannot be."""

def _prose_lines(text: str) -> set[int]:
    """Line numbers (1-based) inside a string literal or a comment: where prose is."""
    import io
    import tokenize
    out: set[int] = set()
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type in (tokenize.STRING, tokenize.COMMENT):
            out.update(range(tok.start[0], tok.end[0] + 1))
    return out


def _where(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name


def kernel_words(root: Path = KERNEL_DIR) -> list[str]:
    """``"file:line: word (what it names)"`` for every game word in the kernel's ``*.py`` files."""
    found = []
    for path in sorted(root.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        prose = _prose_lines(text)
        for i, line in enumerate(text.splitlines(), start=1):
            for pattern, what in WORDS.items():
                if what == "a rulebook number" and i not in prose:
                    continue
                m = re.search(pattern, line)
                if m:       # one word a line is enough to point at it
                    found.append(f"{_where(path)}:{i}: {m.group(0)} ({what})")
                    break
    return found


D20_DEFAULT = re.compile(r"=\s*D20\b|die\s*:\s*Die\s*=\s*(?!None)")
"""A parameter defaulting to a die (the game names its die, the kernel gives none)."""


def kernel_die_defaults(root: Path = KERNEL_DIR) -> list[str]:
    found = []
    for path in sorted(root.glob("*.py")):
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if D20_DEFAULT.search(line):
                found.append(f"{_where(path)}:{i}: {line.strip()}")
    return found


def test_the_kernel_names_no_game_word():
    assert kernel_words() == []


def test_no_kernel_parameter_defaults_to_a_die():
    assert kernel_die_defaults() == []


@pytest.mark.parametrize("line, word", [
    ('    turn: int\n    impulse: int\n', "impulse"),
    ('class LcbError(ValueError):\n', "LcbError"),
    ('def p_success(cv: int) -> float:\n', "cv"),
    ('x = {"US": 1}\n', '"US"'),
    ('# see lcb_lab.games.lcb.observer\n', "lcb_lab.games"),
    ('"""LC:B\'s die."""\n', "LC:B"),
    ('"""The Task Force moves."""\n', "Task Force"),
    ('"""Refused by rule 7.02."""\n', "rule 7.02"),
    ('"""The roll (7.02) ..."""\n', "(7.02)"),
    ('"""An impulse begins (3.3)."""\n', "impulse"),
])
def test_the_scan_sees_a_game_word(tmp_path, line, word):
    (tmp_path / "m.py").write_text(line, encoding="utf-8")
    found = kernel_words(tmp_path)
    assert len(found) == 1 and found[0].startswith("m.py:") and f": {word} (" in found[0]


def test_the_scan_sees_a_die_default(tmp_path):
    (tmp_path / "m.py").write_text("def roll(n: int, die: Die = D20):\n    pass\n", encoding="utf-8")
    assert len(kernel_die_defaults(tmp_path)) == 1


def test_a_float_is_no_rule_number(tmp_path):
    (tmp_path / "m.py").write_text('p = 1.0 - 0.25  # 0.25 = 1/4\n"""P = 0.1666666, 2.0"""\n', encoding="utf-8")
    assert kernel_words(tmp_path) == []
