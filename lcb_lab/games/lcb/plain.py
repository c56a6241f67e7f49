"""Values in words, for text a person reads (notebooks, worked examples, transcripts).

Nothing a student reads shows a Python repr: ``plain`` turns ``None``, dicts, lists and
booleans into words.

>>> plain({"GA": 14, "LRS1": 6})
'GA 14, LRS1 6'
>>> plain({"US": 1, "RU": 0}), plain(["AL-21", "AK-21"]), plain([]), plain(None), plain(True)
('US 1, RU 0', 'AL-21, AK-21', 'none', 'none', 'yes')
>>> plain([{"sub": "SSN-774", "hex": "AO-17", "public": False}])
'sub SSN-774, hex AO-17, public no'
>>> plain([("C-2", 2), ("D-3", 1)])
'C-2 2; D-3 1'
"""
from __future__ import annotations

from typing import Any, Mapping


def plain(value: Any, none: str = "none") -> str:
    """``value`` in words: a dict as ``"key value, ..."``, a list / tuple / set as its items
    joined by ``", "`` (``"; "`` when the items are themselves lists or dicts), ``None`` and an
    empty collection as ``none`` (the word given), a bool as ``yes`` / ``no``; any other value
    as ``str(value)``."""
    if value is None:
        return none
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k} {plain(v, none)}" for k, v in value.items()) or none
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=str) if isinstance(value, (set, frozenset)) else list(value)
        nested = any(isinstance(x, (dict, list, tuple, set, frozenset)) for x in items)
        if nested and all(isinstance(x, (list, tuple)) for x in items):
            return "; ".join(" ".join(plain(y, none) for y in x) for x in items) or none
        return ("; " if nested else ", ").join(plain(x, none) for x in items) or none
    return str(value)


def slot_words(slot: str, card_names: Mapping[str, str] | None = None) -> str:
    """A CV slot as a class reads it (9.31): a unit's own ``"INT1"`` stays; an Attached card's
    slot ``"RU-3:INT1"`` reads ``"INT1 of Pantsir-SM: IAMD"`` when ``card_names`` (card id ->
    name, the cards the reader may know) names the card, else ``"INT1 of an Attached card"``.
    The card id is never shown.

    >>> slot_words("INT1"), slot_words("RU-3:INT1", {"RU-3": "Pantsir-SM: IAMD"}), slot_words("RU-3:INT1")
    ('INT1', 'INT1 of Pantsir-SM: IAMD', 'INT1 of an Attached card')
    """
    if ":" not in str(slot):
        return str(slot)
    cid, track = str(slot).rsplit(":", 1)
    name = (card_names or {}).get(cid)
    return f"{track} of {name}" if name else f"{track} of an Attached card"


def cv_text(base: int, mods: list[tuple[str, int, str]]) -> str:
    """A Combat Value and its modifiers in words (7.09, 7.62): ``"CV 14, Tactical Network -4 (7.62) -> 10"``."""
    if not mods:
        return f"CV {base}"
    parts = ", ".join(f"{name} {val:+d} ({rule})" for name, val, rule in mods)
    return f"CV {base}, {parts} -> {base + sum(v for _, v, _ in mods)}"


def dice_text(rolls: list[int], cv: int) -> str:
    """d20 rolls against a CV in words (a hit is a roll <= CV, 7.02): ``"rolled 3*, 9*, 12, 18 needing 10 or less: 2 hits"``."""
    hits = sum(1 for r in rolls if r <= cv)
    shown = ", ".join(f"{r}{'*' if r <= cv else ''}" for r in rolls)
    return f"rolled {shown or 'nothing'} needing {cv} or less: {hits} hit{'s' if hits != 1 else ''}"
