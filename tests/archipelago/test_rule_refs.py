"""Line references (the text has no rule numbers: a rule is its paragraph's first line, ``l.N``):
every ``l.N`` the package writes lies in a known section of the text and on a line that is not
blank; :func:`cite` words a reference with its heading.  Also the set-up checks (l.146-155, l.279)
and the exact odds of :mod:`lcb_lab.games.archipelago.chance`."""
import re
from pathlib import Path

import pytest

from lcb_lab.games.archipelago import chance
from lcb_lab.games.archipelago.rule_refs import SECTIONS, cite, section_of
from lcb_lab.games.archipelago.rules.setup import ZONES
from lcb_lab.games.archipelago.stage import opening, stage
from lcb_lab.kernel.errors import IllegalAction
from tests.archipelago.helpers import SEA

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "lcb_lab" / "games" / "archipelago"
TEXT = Path("/work/shared/rulebook/other_games/naval_battle_in_archipelago.txt")


def cited_lines() -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for f in list(PKG.rglob("*.py")) + list(PKG.rglob("*.toml")):
        for m in re.finditer(r"\bl\.(\d+)\b", f.read_text(encoding="utf-8")):
            out.setdefault(int(m.group(1)), []).append(f.name)
    return out


def test_every_cited_line_lies_in_a_known_section():
    bad = {n: files for n, files in cited_lines().items() if not any(s.first <= n <= s.last for s in SECTIONS)}
    assert bad == {}


@pytest.mark.skipif(not TEXT.exists(), reason="the rulebook text is not on this machine")
def test_every_cited_line_starts_text_and_sections_match_their_headings():
    lines = TEXT.read_text(encoding="utf-8").splitlines()
    blank = sorted(n for n in cited_lines() if not lines[n - 1].strip())
    assert blank == []
    for s in SECTIONS:
        head = lines[s.first - 1].strip()
        assert head.startswith(s.heading.split(" (")[0]), (s, head)


def test_cite_and_section_of():
    assert cite("l.209") == "Torpedo Launching, l.209" and section_of(386).level == 2
    with pytest.raises(KeyError):
        section_of(50)
    with pytest.raises(ValueError):
        cite("4.2")


def test_placement_refusals_and_zones():
    with pytest.raises(IllegalAction) as e:
        stage(SEA.with_points({SEA.from_col_row(1, 1): "light_blue"}), [("Red C-9", (1, 1), "N")], level=2)
    assert e.value.rule == "l.279"                                           # ships on dark blue only
    with pytest.raises(IllegalAction) as e:
        stage(SEA.with_points({SEA.from_col_row(1, 1): "red"}), [("Red TB-1", (1, 1), "N")])
    assert e.value.rule == "l.155"
    with pytest.raises(IllegalAction) as e:
        stage(SEA, [("Red TB-1", (1, 1), "N"), ("Red TB-2", (1, 1), "S")])
    assert e.value.rule == "l.155"
    with pytest.raises(IllegalAction) as e:
        stage(SEA, [("Red TB-1", (13, 15), "N")], zone=1)                     # G7 is Blue's zone
    assert e.value.rule == "l.146"
    a6 = SEA.points_in("A6")
    with pytest.raises(IllegalAction) as e:
        stage(SEA, [(f"Red TB-{i + 1}", p, "N") for i, p in enumerate(a6[:3])], zone=3)
    assert e.value.rule == "l.148"                                           # at most 2 in A6
    g = opening(level=1, zone=4)
    assert {SEA.sector(p.at) for p in g.state.afloat("Blue")} <= set(ZONES[4]["Blue"][0])
    assert all(p.ammo == ["T", "T"] for p in g.state.afloat())              # l.159


def test_exact_odds():
    assert chance.torpedo_hit(5) == pytest.approx(2 / 6) and chance.torpedo_hit(7) == 0.0
    assert chance.continuation_hit(3) == pytest.approx(3 / 6) and chance.continuation_hit(1) == pytest.approx(1.0)
    assert chance.gun_hit(2) == pytest.approx(35 / 36)                      # only the double 1 fails
    assert chance.gun_hit(10) == pytest.approx(1 / 36) and chance.gun_hit(5) == pytest.approx(27 / 36)
    assert chance.bonus(2) == pytest.approx(2 * (1 / 6) ** 2 + 2 * (2 / 6) ** 2) and chance.bonus(1) == 0.0


def test_every_test_the_readings_name_exists():
    """``docs/archipelago.md`` ties each reading to a test: each named test is defined."""
    doc = (ROOT / "docs" / "archipelago.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(?:test_\w+\.py::)?(test_\w+\.py)::(test_\w+)`", doc))
    assert len(named) >= 20
    missing = [(f, t) for f, t in named if f"def {t}(" not in (ROOT / "tests" / "archipelago" / f).read_text()]
    assert missing == []
    files = set(re.findall(r"`(test_\w+\.py)`", doc))
    assert files and all((ROOT / "tests" / "archipelago" / f).exists() for f in files)
    for s in SECTIONS:
        if s.level in (1, 2) and s.first not in (138, 264):               # the level headings have no rule
            assert f"(l.{s.first}-{s.last})" in doc, s                    # each section in the coverage table


def test_chance_outcomes_before_the_roll_match_the_logged_odds():
    from lcb_lab.games.archipelago import actions as A
    from tests.archipelago.helpers import N, at
    g = stage(SEA, [("Red D-13", at(), "N"), ("Blue C-9", at((N, 5)), "S")], forced=[3, 6], level=2)
    roll = g.chance_outcomes(A.RollMovement())
    assert roll.probability(1) == pytest.approx(0.0) and roll.probability(0) == pytest.approx(1.0)   # one die
    assert g.chance_outcomes(A.EndTurn()) is None
    g.apply(A.RollMovement())
    shot = g.chance_outcomes(A.FireGun("Red D-13", "Blue C-9"))
    assert shot.probability(1) == pytest.approx(chance.gun_hit(5)) and shot.rule == "l.329"
    launch = g.chance_outcomes(A.LaunchTorpedo("Red D-13", "Blue C-9"))
    assert launch.probability(1) == pytest.approx(2 / 6) and "5 or more" in launch.dice[0]
    with pytest.raises(IllegalAction):
        g.chance_outcomes(A.LaunchTorpedo("Red D-13", "Red D-13"))
    g.apply(A.LaunchTorpedo("Red D-13", "Blue C-9"))
    odds = [e for e in g.state.log if e["kind"] == "odds"][-1]
    assert odds["data"]["p_hit"] == pytest.approx(launch.probability(1)) and g.state.pieces["Blue C-9"].hits == ["T"]
