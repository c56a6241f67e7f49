"""The rules of *Naval Battle in Archipelago*, one module per subject (levels 1 and 2):
:mod:`.turn` (blue dice, bonus move, the turn's end), :mod:`.movement` (steps, turns, one step
back), :mod:`.torpedo`, :mod:`.gun`, :mod:`.damage`, :mod:`.logistics` (restocking, repair,
transfers), :mod:`.victory`, :mod:`.setup` (placement and the suggested zones)."""
