"""LC:B's files: scenarios, saves and the checks a file passes before it becomes a game."""
