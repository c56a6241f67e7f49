"""The pieces of a *Force on Force* game: units (:mod:`.units`) and the table (:mod:`.table`)."""
