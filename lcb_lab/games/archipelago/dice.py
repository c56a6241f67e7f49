"""The three dice of *Naval Battle in Archipelago* as kernel die types.

* **red**: a plain six-sided die, 1-6 (the reference table's legend, l.1584);
* **green**: faces 1, 2, 2, 3, 3, 4 (l.1584);
* **blue** (the movement die): its faces are not printed. The text gives its range: a helicopter's
  progressive flight is 2 + 5 to 5 + 5 steps (l.457) and a torpedo boat's top speed 7 is blue + 2
  (l.1577), so it shows 2 to 5. *Sandbox reading*: the classic "average die" 2, 3, 3, 4, 4, 5 (the
  green die's pattern moved up by one), so that each value 2-5 can come up and the blue dice match
  (the bonus move, l.172) as often as a plain die's would not. Tagged :data:`BLUE_SOURCE`.

>>> RED.faces, GREEN.probabilities()[2], BLUE.values()
((1, 2, 3, 4, 5, 6), 0.3333333333333333, (2, 3, 4, 5))
"""
from __future__ import annotations

from lcb_lab.kernel.dice import Die

RED = Die("red", (1, 2, 3, 4, 5, 6))
GREEN = Die("green", (1, 2, 2, 3, 3, 4))
BLUE = Die("blue", (2, 3, 3, 4, 4, 5))

#: where each die's faces come from: the text, or a sandbox reading (shown wherever a blue roll is).
RED_SOURCE = "rulebook l.1584"
GREEN_SOURCE = "rulebook l.1584"
BLUE_SOURCE = "sandbox (faces not printed; range 2-5 from l.457 and l.1577)"

DICE = {d.name: d for d in (RED, GREEN, BLUE)}
