"""Movement, stacks, concealment and RESUPPLY (5.x, 6.x, 8.x)."""
