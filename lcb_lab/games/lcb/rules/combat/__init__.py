"""Combat: the combat sequence, Long-Range Strikes, GROUND ASSAULT, INTERCEPT, Continuing Combat and the Tactical Network (7.x)."""
