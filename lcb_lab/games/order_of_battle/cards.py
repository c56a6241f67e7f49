"""The sandbox card set (the text prints none): read from ``data/sandbox_cards.toml`` through the
kernel's one file reader, every card tagged ``source = "sandbox"``.

A :class:`Card` is one card's printed values; :class:`CardSet` holds the catalog by name, each
deck's list (a card name once per copy, in file order), the printed maxima (Fame hand 5, l.17;
Fortune draw 5, l.39; retreat 2 Fame, l.95) and the sandbox numbers (starting Fame, the victory
total, the last turn, the home Hotspot).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from lcb_lab.kernel import files

KINDS = ("battlelord", "pud", "equipment", "matrix", "hotspot", "mission", "battle")
"""Card kinds: the Fortune deck's assets (Battlelords, PUDs, Equipment, Matrices, l.43) and the
Fame deck's cards (Hotspots l.131, Mission cards l.69, Battle cards l.91)."""


@dataclass(frozen=True)
class Card:
    """One card: ``name``, ``kind`` (:data:`KINDS`), ``cost`` (Credits; a Fortune card's cost also
    decides initiative, l.33), ``command`` (a Battlelord's Command score, l.53), the scores
    ``melee`` / ``ranged`` / ``defense`` (or a Battle card's ``attack`` / ``defense`` modifiers),
    an Equipment ``slot`` (weapon, armor, gizmo, l.94), ``skills``, a Matrix's Fame cost to
    ``generate`` it (l.93), a Hotspot's ``sector`` and ``legit`` / ``criminal`` revenue (l.25),
    a Mission's ``primary_sector``, ``primary_fame`` and ``secondary_fame`` (l.110)."""

    name: str
    kind: str
    cost: int = 0
    command: int = 0
    melee: int = 0
    ranged: int = 0
    defense: int = 0
    attack: int = 0
    slot: str = ""
    skills: tuple[str, ...] = ()
    generate: int = 0
    sector: int = 0
    legit: int = 0
    criminal: int = 0
    primary_sector: int = 0
    primary_fame: int = 0
    secondary_fame: int = 0
    source: str = "sandbox"

    def score(self, form: str) -> int:
        """The card's score in attack form ``form`` (``"melee"`` / ``"ranged"``) or ``"defense"``."""
        return getattr(self, form)

    def revenue(self, affiliation: str) -> int:
        """A Hotspot's revenue for ``affiliation`` (``"legit"`` / ``"criminal"``), l.25."""
        return self.legit if affiliation == "legit" else self.criminal


@dataclass(frozen=True)
class CardSet:
    """The catalog (``cards`` by name), the decks (``fortune`` and ``fame``: names, one per copy),
    the ``home`` Hotspot and the numbers of the file (module doc)."""

    cards: dict
    fortune: tuple[str, ...]
    fame: tuple[str, ...]
    home: str
    hand_max: int
    fortune_max: int
    starting_fame: int
    victory_reputation: int
    max_turns: int
    retreat_fame: int

    def __getitem__(self, name: str) -> Card:
        return self.cards[name]


def _card(d: dict) -> Card:
    if d.get("source") != "sandbox":
        raise ValueError(f"card {d.get('name')!r}: the text prints no card: it must say source = \"sandbox\"")
    if d.get("kind") not in KINDS:
        raise ValueError(f"card {d.get('name')!r}: kind {d.get('kind')!r} is not one of {', '.join(KINDS)}")
    fields = {k: (tuple(v) if k == "skills" else v) for k, v in d.items() if k != "copies"}
    return Card(**fields)


@lru_cache(maxsize=4)
def load(name: str = "sandbox_cards.toml") -> CardSet:
    """The packaged card set, read through :mod:`lcb_lab.kernel.files`.  Raises ScenarioError for
    a file that is no TOML, ValueError / KeyError / TypeError for a malformed or untagged card."""
    d = files.load_toml(resources.files("lcb_lab.games.order_of_battle").joinpath("data", name), "card set")
    if d.get("source") != "sandbox" or d["home"].get("source") != "sandbox":
        raise ValueError(f"{name}: the card set is sandbox data and must say source = \"sandbox\"")
    cards = {c["name"]: _card(c) for c in d["fortune"] + d["fame"]}
    deck = {k: tuple(c["name"] for c in d[k] for _ in range(c["copies"])) for k in ("fortune", "fame")}
    if cards[d["home"]["name"]].kind != "hotspot":
        raise ValueError(f"{name}: the home card must be a Hotspot")
    return CardSet(cards, deck["fortune"], deck["fame"], d["home"]["name"], d["hand_max"], d["fortune_max"],
                   d["starting_fame"], d["victory_reputation"], d["max_turns"], d["retreat_fame"])
