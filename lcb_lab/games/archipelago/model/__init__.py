"""The game's records: the board (and, beside it, the state and the pieces)."""
