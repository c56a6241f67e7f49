"""The kernel: what every rule system on lcb_lab shares (errors, dice, odds, explained steps, the record of a game, hex geometry, data copies); it imports no game."""
