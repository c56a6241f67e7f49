"""The kernel: what every rule system on lcb_lab shares -- the engine (apply, record, undo / goto /
fork / replay, driven by a game's hooks), typed actions and their codec, the stack of pending
choices (a simultaneous commit among them), the legal-action protocol, the observer core on one
``knows``, errors, dice and decks, odds, explained steps, hex geometry, data copies; it imports no game."""
