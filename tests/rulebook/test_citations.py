"""The rule numbers the engine prints: each exists in the rulebook, and each refusal names the
rule whose text its reason paraphrases.

How a refusal's rule is checked: :data:`KEYWORDS` maps each rule a refusal cites to key words
of that rule's own paragraph (checked against the rulebook text when it is present); every
``IllegalAction`` written with its rule in place (read statically) and every refusal raised
while replaying the lessons and seeded random games (the corpus) must say one of its rule's key
words, or be a malformed-act refusal (:data:`GENERIC`), or be one of the refusals read one by
one against the text (:data:`REVIEWED`).
Other helpers' fixes (15.21-15.25 for Influence moves, 9.06 for IAMD DETECT, 12.03 for card
capacity, 9.41 for a NULLIFY after the roll, 10.33 / 10.39 for an attached card's embarking)
land at merge: their sites must then satisfy the same checks.

The sites fixed here (each test failed on the code before the fix): a NULLIFY card answering on
the opponent's impulse costs no AP by 9.41 (a Persistent one is then expended, 9.45), not by the
Persistent rule 9.2; a NULLIFIED one-time card is spent by 9.1, not by 9.21 (Persistent cards);
a Deployment-Stage card after its team's one opportunity is refused by 9.5 (3.24), not by the
Deployment Stage's heading 3.2; found by the check below: a paralyzed defender is refused by
the card's instructions (9.013), not 7.13, and a transport beyond its card's range by 12.03, not
12.41.
"""
from __future__ import annotations

import ast
import importlib.util
import re
import sys
from functools import cache
from pathlib import Path

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel.errors import IllegalAction
from tests.refusals import refused
from tests.rulebook.test_ch3_stages import _deployment_cards
from tests.rulebook.test_ch9_chains import answer, game, play, registered_test_effect, resp  # noqa: F401

B = "TF Blue"


def _lines(g, start: str) -> list[tuple[list[str], str]]:
    return [(e["rules"], e["text"]) for e in g.state.log if e["title"].startswith(start)]


def test_a_one_time_nullify_answering_costs_no_ap_by_9_41_and_is_spent_by_9_1():
    """App. B: RU answers Tactical Cyber Attack with the one-time Attack on Command and Control
    for no AP (9.41: no AP on the opponent's impulse); it rolls 5 and succeeds, so the one-time
    Tactical Cyber Attack is discarded (9.1, the 9.42 diagram), not expended (9.21)."""
    g, c = game({"tca": ("US", "Tactical Cyber Attack"), "c2": ("RU", "Attack on Command and Control")},
                forced=[5])
    play(g, B, c["tca"], targets=("Anna", "Yelena"))
    answer(g, resp(c["c2"]))
    [(rules, text)] = _lines(g, "RU answers with Attack on Command and Control")
    assert rules == ["9.4", "9.41", "9.46"] and text.endswith("Costs no AP (9.41).")
    [(rules, text)] = _lines(g, "Tactical Cyber Attack (US) is discarded")
    assert rules == ["9.1", "9.41", "9.42"] and text == "a NULLIFIED card is spent"


def test_a_persistent_ftr_nullify_answering_costs_no_ap_by_9_41_and_9_45():
    """A deployed Persistent Combat Air Patrols answers a B-1B on the opponent's impulse: no AP,
    and it is expended for the Action Stage (9.45's third point), not 9.2's 1 AP to play."""
    g, c = game({"b1": ("US", "B-1B Lancer"), "rucap": ("RU", "Combat Air Patrols", "deployed")},
                forced=[20, 20, 20])
    play(g, B, c["b1"], targets=("Ivan",))
    answer(g, resp(c["rucap"]))
    [(rules, text)] = _lines(g, "RU answers with Combat Air Patrols")
    assert rules == ["9.41", "9.44", "9.46"] and text.endswith("Costs no AP (9.41, 9.45).")


def test_a_deployment_stage_card_after_its_teams_one_opportunity_is_refused_by_9_5():
    """US (the initiative) ends its Deployment Stage without playing Military Deception: its one
    opportunity is over (9.5, 3.24), so the card is refused naming 9.5."""
    g = _deployment_cards()
    from lcb_lab.games.lcb.rules.stages.deployment import auto_deploy
    auto_deploy(g, "US")
    g.apply(A.EndDeployment("US"))
    refused(g, A.PlayCard("Military Deception"), "9.5", "US has ended its Deployment Stage: its one opportunity")


# ---------------------------------------------------------------- every rule number printed

ROOT = Path(__file__).resolve().parents[2]


def _tool(name: str):
    """``tools/<name>.py`` as a module (loaded once, under its own name)."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
        sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules[name])
    return sys.modules[name]


LEDGER, RULE_INDEX = _tool("rules_ledger"), _tool("rule_index")
ITEMS = {it.key: it for it in LEDGER.rulebook_items()}
"""The rulebook's items (tools/rules_ledger.py): what "a rule number exists" means."""


def _exists(cited: str) -> bool:
    """``cited`` (a number, a range ``9.41-9.47``, a group ``13.4x`` or an appendix) names items."""
    if cited.startswith("App. "):
        return cited[-1] in "ABC"
    for part in cited.split("-"):
        if part.endswith("x"):
            if not any(k.startswith(part[:-1]) for k in ITEMS):
                return False
        elif part not in ITEMS:
            return False
    return True


def _docstring_ids(tree: ast.AST) -> set[int]:
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.body:
            first = n.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _literal(node: ast.AST | None) -> list[str]:
    """The texts a rule or reason argument can be: a literal, an f-string's literal parts
    (``{}`` for the rest), each branch of ``a if c else b``; [] when not written in place."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return ["".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)]
    if isinstance(node, ast.IfExp):
        return _literal(node.body) + _literal(node.orelse)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return [a + b for a in (_literal(node.left) or ["{}"]) for b in (_literal(node.right) or ["{}"])]
    return []


@cache
def _sources() -> list[tuple[str, ast.AST]]:
    return [(str(p.relative_to(ROOT)), ast.parse(p.read_text(encoding="utf-8")))
            for p in sorted((ROOT / "lcb_lab").rglob("*.py"))]


def printed_rules_static() -> dict[str, list[str]]:
    """Rule number -> where: every number in the engine's strings (``lcb_lab/games``: refusals,
    log titles and texts, rule lists; docstrings are the rule index's) and every string of the
    lab (``lcb_lab/ui``) that is one rule number (its rule badges)."""
    out: dict[str, list[str]] = {}
    for path, tree in _sources():
        docs, engine = _docstring_ids(tree), path.startswith("lcb_lab/games/")
        for n in ast.walk(tree):
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
                found = RULE_INDEX.rules_in(n.value) if engine else (
                    [n.value] if LEDGER.KEY.match(n.value) and "example" not in n.value else [])
                for r in found:
                    out.setdefault(r, []).append(f"{path}:{n.lineno}")
    return out


def refusal_sites() -> list[tuple[str, int, str, str]]:
    """(file, line, rule, reason) of every ``IllegalAction(rule, reason)`` written with its rule
    in place (a branch each for ``a if c else b``); the reason's computed parts are ``{}``."""
    out = []
    for path, tree in _sources():
        for n in ast.walk(tree):
            if (isinstance(n, ast.Call) and getattr(n.func, "id", getattr(n.func, "attr", None)) == "IllegalAction"
                    and len(n.args) == 2):
                for rule in _literal(n.args[0]):
                    for reason in _literal(n.args[1]) or ["{}"]:
                        out.append((path, n.lineno, rule, reason))
    return out + _passed_rule_sites()


def _passed_rule_sites() -> list[tuple[str, int, str, str]]:
    """The refusals of a helper that takes its rule as a parameter named ``rule``
    (``IllegalAction(rule, ...)`` inside it), paired with each rule its callers pass written in
    place: (caller file, caller line, rule, the helper's reason)."""
    helpers: dict[str, tuple[int, list[str]]] = {}
    for _, tree in _sources():
        for f in ast.walk(tree):
            if isinstance(f, ast.FunctionDef) and "rule" in [a.arg for a in f.args.args]:
                reasons = [r for n in ast.walk(f) if isinstance(n, ast.Call)
                           and getattr(n.func, "id", None) == "IllegalAction" and len(n.args) == 2
                           and getattr(n.args[0], "id", None) == "rule" for r in _literal(n.args[1])]
                if reasons:
                    helpers[f.name] = ([a.arg for a in f.args.args].index("rule"), reasons)
    out = []
    for path, tree in _sources():
        for n in ast.walk(tree):
            name = getattr(n.func, "id", getattr(n.func, "attr", None)) if isinstance(n, ast.Call) else None
            if name in helpers:
                pos, reasons = helpers[name]
                pos -= 1 if isinstance(n.func, ast.Attribute) and name != "IllegalAction" and pos > 0 \
                    and getattr(n.func.value, "id", "") in ("self", "cls") else 0
                arg = next((k.value for k in n.keywords if k.arg == "rule"), n.args[pos] if len(n.args) > pos else None)
                for rule in _literal(arg):
                    out += [(path, n.lineno, rule, reason) for reason in reasons]
    return out


@cache
def corpus() -> tuple[tuple[dict, ...], tuple[tuple[str, str], ...]]:
    """The logs and the refusals of played games: the three packaged lessons replayed and five
    seeded random walks over the legal actions (a template's sampled act may be refused: those
    refusals, and every other raised while playing, are recorded)."""
    from lcb_lab.games.lcb.content import playthrough
    refusals: list[tuple[str, str]] = []
    init = IllegalAction.__init__

    def record(self, rule: str, reason: str) -> None:
        refusals.append((rule, reason))
        init(self, rule, reason)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(IllegalAction, "__init__", record)
        games = [playthrough.lesson_game(p) for p in (playthrough.LESSON, playthrough.TURN1_LESSON,
                                                      playthrough.SECOND_LESSON)]
        games += [playthrough.random_game(seed=s) for s in (12, 3, 7, 21, 40)]
    return tuple(e for g in games for e in g.state.log), tuple(refusals)


def test_the_corpus_has_logs_and_refusals():
    log, refusals = corpus()
    assert len(log) > 500 and len({r for e in log for r in e["rules"]}) > 80
    assert len(refusals) > 100 and len({r for r, _ in refusals}) >= 10


def test_every_rule_number_the_engine_prints_is_a_rulebook_item():
    """Every rule number in the engine's strings (read statically), every ``rules`` entry of the
    corpus's log entries and every number in their titles and texts, every refusal's rule and
    every number its reason cites, names a rulebook item: a bracketed rule, a chapter header
    with rule text (``9.0``) or a range / group of them."""
    bad = {r: where[:3] for r, where in printed_rules_static().items() if not _exists(r)}
    log, refusals = corpus()
    for e in log:
        for r in list(e["rules"]) + RULE_INDEX.rules_in(f"{e['title']} {e['text']}"):
            if not _exists(r):
                bad.setdefault(r, []).append(f"log: {e['title']}")
    for rule, reason in refusals:
        for r in [rule] + RULE_INDEX.rules_in(reason):
            if not _exists(r):
                bad.setdefault(r, []).append(f"refusal: {reason}")
    assert bad == {}


def test_a_number_the_rulebook_does_not_print_is_caught():
    """The check can fail: 7.07 and 9.41-9.47 exist; 7.7, 9.48 and 9.41-9.48 do not."""
    assert _exists("7.07") and _exists("9.41-9.47") and _exists("13.4x") and _exists("App. B")
    assert not _exists("7.7") and not _exists("9.48") and not _exists("9.41-9.48") and not _exists("18.1x")


# ---------------------------------------------------------------- the rule a refusal paraphrases
KEYWORDS: dict[str, tuple[str, ...]] = {
    "3.02": ("deployment stage",), "3.03": ("declare", "impulse", "core action"),
    "3.1": ("planning stage",), "3.12": ("cp", "pool", "planning stage"), "3.14": ("host",),
    "3.2": ("scenario", "deployment stage", "place"), "3.21": ("deploy", "embark"), "3.22": ("host", "attached", "embarked", "assigned"),
    "3.23": ("hex", "stack"), "3.24": ("deployment stage", "initiative"),
    "3.3": ("impulse", "action stage"), "3.31": ("action", "core action", "jcc", "activat"), "3.32": ("ap",),
    "3.33": ("belong", "unit"), "3.34": ("core action", "turn"), "3.36": ("conceal", "activat"),
    "3.37": ("split", "stack"), "3.38": ("combat",), "3.39": ("one impulse",), "3.41": ("initiative",), "3.5": ("game",),
    "4.22": ("mildec", "hp", "assigned"), "4.34": ("task force",),
    "5.11": ("naval", "ground"), "5.12": ("mp", "move"), "5.13": ("stack", "move"),
    "5.14": ("mp", "prohibited"), "5.16": ("move",), "5.17": ("mildec", "moves"), "5.18": ("ground", "stop"),
    "5.19": ("disembark", "transport"), "6.1": ("conceal",), "6.11": ("concealed", "revealed"),
    "6.21": ("zor", "adjacent"), "6.22": ("reveal",), "6.23": ("naval zor",),
    "7.02": ("combat value", "cv"), "7.03": ("attack",), "7.05": ("allocate",), "7.08": ("supply",),
    "7.010": ("combat",), "7.12": ("ground assault", "hex"), "7.13": ("defend", "ground assault", "dice"),
    "7.14": ("ground assault", "allocate", "target", "enemy"), "7.16": ("ground assault",),
    "7.18": ("combined arms activation", "lrs unit", "ground assault", "committed"), "7.19": ("armor breakthrough", "ground assault",
                                                                          "opposing", "armor", "breakthrough"),
    "7.110": ("opposing", "mp"), "7.111": ("mp",), "7.22": ("continuing combat",), "7.26": ("contested",),
    "7.3": ("lrs",), "7.31": ("range",), "7.41": ("naval zone", "infinite"), "7.42": ("intercept", "stacked"),
    "7.44": ("naval zone",), "7.32": ("revealed", "face up", "enemy"), "7.34": ("infinite", "lrs"),
    "7.5": ("intercept",), "7.52": ("intercept", "lrs", "friendly"), "7.53": ("intercept",),
    "7.54": ("intercept", "lrs", "dice", "target", "allocate"), "7.55": ("dice", "infinite"), "7.56": ("intercept value",),
    "7.58": ("allocate", "die", "intercept"), "7.59": ("offensive", "move and/or initiate combat"),
    "7.510": ("bmd", "ballistic"), "7.512": ("isr marker", "intercept range", "target hex"), "7.514": ("intercept supply", "ciws"), "7.6": ("tactical network", "zero cp", "deploy"), "7.61": ("tactical network", "cube"),
    "8.0": ("resupply", "logistics", "friendly"), "8.01": ("resupply", "rp", "supply", "unit"), "8.02": ("supply",),
    "8.05": ("resupply", "contested", "hexes"), "8.08": ("naval unit",),
    "9.0": ("jcc", "card", "effect", "target"), "9.013": ("supersede",), "9.02": ("team",), "9.05": ("lrs",), "9.011": ("intercept",),
    "9.2": ("persistent",), "9.21": ("persistent", "expended"), "9.24": ("condition",), "9.3": ("attached",),
    "9.31": ("attached", "host"), "9.32": ("attached", "core action", "contiguous"),
    "9.41": ("nullify", "ap", "play", "respond", "opponent", "jcc"), "9.43": ("nullify", "expended"), "9.44": ("target", "eligible"), "9.09": ("categor",),
    "9.45": ("respond", "nullify", "expended"), "9.46": ("chain",), "9.5": ("deployment stage", "order", "played"),
    "10.0": ("embark",), "10.1": ("space value", "gpsv", "requires"), "10.31": ("ship",),
    "10.36": ("player", "commanding"), "10.38": ("core action",), "10.39": ("attached",),
    "10.310": ("attached", "embarked"), "10.311": ("card", "gpsv", "hp"), "11.0": ("embark-capable",),
    "11.1": ("embarked", "core action"), "12.0": ("disembark",), "12.02": ("embark-capable",), "12.03": ("range", "space value", "capacity"),
    "12.04": ("hex 0", "range"), "12.07": ("expended", "ground assault", "turn"), "12.08": ("expended",),
    "12.1": ("light", "land", "units", "friendly", "unoccupied"), "12.13": ("rp", "friendly unit"),
    "12.21": ("coastal hex", "isr marker", "embarked", "transport", "red hex", "ap"),
    "12.22": ("isr marker", "mp"), "12.24": ("isr marker", "revealed"), "12.25": ("range",),
    "12.26": ("rp",), "12.27": ("re-embark",), "12.3": ("embark-capable ship", "rp"), "12.31": ("port",),
    "12.44": ("austere",),
    "12.4": ("reinforcement",), "12.52": ("unit",), "12.41": ("port", "airport", "gpsv", "transport", "requirement", "friendly", "units"), "12.43": ("coastal hex", "gpsv", "isr marker", "mp", "ground units", "friendly", "hex"),
    "12.53": ("coastal hex", "unit"), "12.54": ("rp", "unit"), "13.0": ("marker",), "13.11": ("proxy force",),
    "13.12": ("proxy force", "turn", "mp", "hex"), "13.14": ("roll", "effect", "narrative"), "13.21": ("marker", "mp", "free", "move"),
    "13.23": ("conceal",), "13.25": ("marker",), "13.28": ("resuppl", "supply"), "13.3": ("marker",),
    "13.31": ("mines", "placement", "cube"), "13.32": ("clear",), "13.33": ("mine", "cube", "target"),
    "13.34": ("mines", "target", "counter"), "13.4": ("sof", "marker"), "13.41": ("sof",), "13.42": ("sof", "reveal"),
    "13.44": ("concealed",), "13.45": ("contest", "resupply"), "13.5": ("marker",),
    "13.51": ("fortif", "host"), "13.52": ("fortif", "contested", "naval", "friendly"), "13.53": ("fortif",),
    "14.0": ("submarine",), "14.01": ("acquired",), "14.02": ("submarine", "move", "coastal"),
    "14.04": ("lrs", "torpedo", "submarine"), "14.05": ("lrs",), "14.06": ("submarine",),
    "14.07": ("torpedo", "naval", "revealed"), "14.09": ("zor",), "14.011": ("submarine",),
    "14.11": ("asw",), "14.12": ("naval unit",), "14.14": ("asw", "initiate combat"), "14.15": ("hex",),
    "15.14": ("attached", "action stage", "team pool"),
    "17.6": ("pre-load",), "17.61": ("pre-load", "gpsv", "lcu or lcac", "units"),
    "17.62": ("action stage", "composition", "pre-loaded"), "17.8": ("combat value", "cv"),
    "17.9": ("optional rule", "supply"), "17.91": ("supply", "allocation", "lrs", "intercept", "naval units"),
    "17.3": ("naval gunfire",), "17.31": ("naval gunfire", "four dice"),
    "17.32": ("naval gunfire", "one hex", "contested"), "17.33": ("naval gunfire", "defend"),
    "17.4": ("shore bombardment", "mixed"), "17.41": ("shore bombardment", "artillery", "counterfire"),
    "17.1": ("interoperability", "planning stage", "cp", "resupply"), "17.2": ("movement", "persistent", "submarine"),
    "17.71": ("asw-capable", "expend"),
    "3.26": ("gray cube",), "16.0": ("event card",),
}
"""Rule -> key words of its text (each checked to be in the rule's paragraph when the rulebook
is present), one of which every refusal naming the rule says: the curated map a refusal's rule
is checked against (reviewed rule by rule against the text and the refusals that cite it)."""

GENERIC = re.compile(
    r"^\{\}$|is not on the map|is not a hex of the map|knows no (unit|MILDEC) named|no (unit|ship|Task Force|"
    r"MILDEC|marker) named|there is no (card|ruling|unit named)|is named twice|is picked twice|^name the |"
    r": name (it|the hex)|^unknown |: unknown |write the RP carried|must be at least 1 RP|no [\w-]+ choice is pending|"
    r"no choice is pending|is not the pending one|no decision is pending|is not a marker of|"
    r"has no marker named|has no option|takes no target|targets (exactly|at most) |unit {}: {}$|has been destroyed|"
    r"both teams hold a|has no card |sees no face-up enemy unit named", re.I)
"""Refusals of a malformed act (an unknown or doubled name, a missing field, a value out of
its shape): they paraphrase no rule and cite the rule of the act they refuse."""


ENGINE_WORDS = {"answer": "respond"}
"""The engine's word -> the rulebook's: a card *answers* where the rulebook says it *responds* (9.41)."""

REVIEWED: dict[tuple[str, str], str] = {
    ("9.43", "{} answers once in a chain"): "9.43: a card's attempt expends it whatever the outcome",
    ("9.43", "{} already answers in this chain"): "9.43: a card's attempt expends it whatever the outcome",
    ("7.18", "{} is expended for this turn"): "7.18: only units that have not committed actions join",
    ("7.19", "{} is not one ground step from {}"): "7.19: the breakthrough is one free movement (7.110: 1 MP)",
    ("7.52", "{} is not on the defending team"): "7.52: friendly IAMD units intercept in defense",
    ("4.22", "{} has no land for a {} marker"): "4.22: a MILDEC is a ground counter, a Naval MILDEC a naval one",
    ("5.17", "no {} connection from {} to {}"): "5.17: a MILDEC moving alone moves as land (2 MP) or naval (4 MP)",
    ("8.01", "{} has no {}"): "8.01: the logistics unit's RV named does not exist",
    ("3.22", "{} ({}) is already {}"): "3.22: each Attached / Embarked item is assigned to one host",
    ("3.22", "{} ({}) is already {} on {}"): "3.22: each Attached / Embarked item is assigned to one host",
    ("9.5", "{} ({}) is {}"): "9.5: only a Deployment-Stage card still in the pool is played (its place is named)",
    ("9.0", "{} is played twice in one impulse"): "9.0: a card is one card; it is played once",
    ("12.21", "{}'s action is free once its card is deployed (action=None)"): "12.21: after its initial use (1 AP)",
    ("10.36", "{} belongs to {}'s card: only that Task Force uses it"): "10.36: other players cannot use it",
    ("3.33", "{} is not a ship of {}"): "3.33: only units assigned to the player act",
    ("12.31", "{} has no {}"): "12.31: the port or small port the card requires (named in the computed part)",
    ("12.22", "{} is a red hex"): "12.22: the ISR marker moves through passable hexes (5.14: red is prohibited)",
    ("3.12", "{} ({}) is {}"): "3.12: only a card of the team's pool is bought or played (its place is named)",
    ("10.311", "{} is not aboard {} (offered: {})"): "10.311: the losses are chosen among what is Embarked",
    ("12.03", "{} need {} GPSV; {} carries {}"): "12.03: the method's Space Value capacity",
    ("12.03", "{} and their Attached cards need {} GPSV; {} carries {}"): "12.03: the method's Space Value capacity",
    ("12.03", "{} would carry {} GPSV; its card carries {}"): "12.03: the method's Space Value capacity",
    ("9.02", "{} is not an enemy card {} sees"): "9.02: purchased JCCs are kept hidden until deployed or used",
    ("9.45", "{} has no deployed card {} to escort with"): "9.45 (its diagram): the escort is a deployed Persistent FTR card",
    ("9.45", "{} is {}: only a deployed card escorts (its free use, 9.2)"): "9.45 (its diagram): the escort is a deployed Persistent FTR card",
    ("12.43", "a Littoral Movement marker has no host ship"): "12.43: its units come from a coastal hex, not a ship",
    ("14.07", "{} is not an enemy unit"): "14.07: torpedoes attack (enemy) revealed naval units",
    ("9.41", "{} is not an enemy card waiting in the chain"): "9.41: a response answers an opponent's card",
    ("9.41", "link {} is not an enemy link waiting in the chain"): "9.41: a response answers an opponent's card",
    ("7.13", "{} may fire back only at {} from {}, with at least one die"): "7.13: the defender's dice answer the attack",
    ("7.32", "a concealed {} marker cannot be targeted"): "7.32: only revealed (face-up) counters are LRS targets",
    ("10.21", "{} would count toward {}'s Embarkation Value again: {} of {} GPSV"):
        "10.21: units taken off a pre-loaded craft (17.61) count toward the ship's Embarkation Value, never exceeded",
}
"""Refusals whose rule was read against the text one by one and stands although the reason
shares no key word with it (rule, reason as written) -> why."""


def _norm(text: str) -> str:
    """Lower case, one space for a hyphen or a run of white space (``Deployment-Stage``, ``face-up``)."""
    return re.sub(r"[\s-]+", " ", text.lower().replace("’", "'"))


def _says(reason: str, rule: str) -> bool:
    said = _norm(reason)
    for word, book in ENGINE_WORDS.items():
        said = said.replace(word, book)
    return (bool(GENERIC.search(reason)) or (rule, reason) in REVIEWED
            or any(_norm(k) in said for k in KEYWORDS.get(rule, ())))


def test_each_refusal_says_what_its_rule_says():
    """Every IllegalAction written with its rule in place (read statically, each branch of an
    ``a if c else b``; a helper's refusal with each rule its callers pass) and every refusal of
    the corpus names a rule of :data:`KEYWORDS`, and its
    reason says one of that rule's key words (or is a malformed-act refusal, :data:`GENERIC`)."""
    bad = [f"{f}:{n}: {rule}: {reason}" for f, n, rule, reason in refusal_sites()
           if LEDGER.KEY.match(rule) and not _says(reason, rule)]
    bad += [f"corpus: {rule}: {reason}" for rule, reason in corpus()[1] if not _says(reason, rule)]
    assert sorted(set(bad)) == []


@pytest.mark.skipif(not LEDGER.RULEBOOK.exists(), reason="rulebook text not available")
def test_each_key_word_is_in_its_rules_text():
    """The map is read from the text: each key word is in its rule's own paragraph(s)."""
    bad = {r: [k for k in ks if _norm(k) not in _norm(ITEMS[r].text)] for r, ks in KEYWORDS.items()}
    assert {r: ks for r, ks in bad.items() if ks} == {}


def test_a_refusal_citing_the_wrong_rule_is_caught():
    """The check can fail: "has ended its Deployment Stage" said under 9.41 (NULLIFY) or a cost
    in AP under 7.53 (INTERCEPT range) is caught; a malformed name is not held against its rule."""
    assert not _says("US has ended its Deployment Stage", "9.41")
    assert not _says("playing it costs 1 AP", "7.53")
    assert _says("US has ended its Deployment Stage: its one opportunity", "9.5")
    assert _says("there is no unit named 'X'", "7.53")


# ---------------------------------------------------------------- other helpers' sites
def _calls(path: str, name: str) -> list[ast.Call]:
    tree = dict(_sources())[path]
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call)
            and getattr(n.func, "attr", getattr(n.func, "id", None)) == name]


def _influence_rules() -> list[str]:
    """The rules every Influence Meter move cites (the last argument of ``influence.move`` and
    of ``move`` inside the influence module)."""
    out = []
    for path, _ in _sources():
        if path.startswith("lcb_lab/games/"):
            for c in _calls(path, "move"):
                inside = path.endswith("stages/influence.py") and getattr(c.func, "id", None) == "move"
                if (getattr(getattr(c.func, "value", None), "id", None) == "influence" or inside) and c.args:
                    last = c.args[-1]
                    if isinstance(last, ast.List):
                        out += [e.value for e in last.elts if isinstance(e, ast.Constant)]
    return out


def _capacity_rules() -> list[str]:
    """The rules of the refusals of a card carrying more GPSV than it may."""
    return [rule for path, _, rule, reason in refusal_sites()
            if path.endswith(("transport/landing.py", "transport/marker_action.py")) and "carr" in reason
            and "GPSV" in reason]


def test_influence_moves_cite_the_event_rules_15_21_to_15_25_not_15_0():
    rules = _influence_rules()
    assert rules and "15.0" not in rules


def test_a_cards_gpsv_capacity_refusal_cites_12_03_not_10_1():
    rules = _capacity_rules()
    assert rules and set(rules) == {"12.03"}


# ---------------------------------------------------------------- citations found wrong by the check
def test_a_paralyzed_defender_is_refused_by_the_cards_instructions_9_013_not_7_13():
    """A unit paralyzed by a card (Tactical Cyber Attack: no Core Action and no INTERCEPT for the
    rest of the turn) may not fire back in a GROUND ASSAULT: the card's instructions supersede
    the rule set (9.013); 7.13 (both sides declare their dice) is what it would otherwise do."""
    from lcb_lab import situation
    g = situation([("1 Alpha", "usmc_infantry_platoon", "F-7", B), ("1 Anna", "runi_naval_infantry_platoon", "F-6", "TF Red"),
                   ("2 Anna", "runi_naval_infantry_platoon", "F-6", "TF Red")], forced=[1, 20])
    g.state.units["1 Anna"].paralysed = True
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)))
    g.apply(A.Move(1, ("F-6",)))
    g.apply(A.CommitCombat(ga=(A.GroundAssault("1 Alpha", "1 Anna", 1),)))
    assert g.pending.kind == "ga_defence"
    refused(g, A.AnswerDefense(defence=(A.Defense("1 Anna", "1 Alpha", 1),)), "9.013", "may not act this turn")


def test_a_sealift_beyond_its_range_is_refused_by_12_03_not_12_41():
    """A transport card's range (here an LCU-2000 given a 5-hex range) bounds the move: 12.03
    (each method is constrained by its range and its Space Value capacity); 12.41 is the GPSV
    limit and the ports or airports the card requires."""
    from tests.rulebook.test_ch12_transport import BLUE, _sealift_game
    from lcb_lab.games.lcb.model.cards import Decks, load_decks
    g, lcu = _sealift_game()
    g.decks = g.decks or load_decks()
    ct = g.decks.cards["US"]["LCU-2000"]
    eff = ct.effects[0].model_copy(update={"args": {**ct.effects[0].args, "range": 5}})
    g.decks = Decks(cards={**g.decks.cards, "US": {**g.decks.cards["US"], "LCU-2000": ct.model_copy(
        update={"effects": (eff,) + tuple(ct.effects[1:])})}})
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="LCU-2000"),)))
    refused(g, A.PlayCard(lcu, "A", ("1 Inf",), "I-18", action=1), "12.03", "is beyond LCU-2000's range of 5")
