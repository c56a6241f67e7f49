"""LC:B's pieces as data: the state, the map, the unit catalog, the card decks (2.0, 4.x, 9.0)."""
