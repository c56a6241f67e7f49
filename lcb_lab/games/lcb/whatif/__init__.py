"""LC:B what-if tools: random legal play, many games at once, comparing games, timelines."""
