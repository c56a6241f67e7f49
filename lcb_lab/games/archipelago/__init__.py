"""Naval Battle in Archipelago on the kernel: its board, pieces, dice, rules and lessons (imports nothing of LC:B)."""
