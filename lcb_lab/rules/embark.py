"""Embarkation (10.x): Space Values, Embarkation Values, capacity, embarked cargo losses.

Issue 8 contract -- owned by the embark helper.  Public API (used by planning, deployment,
transport and the lab):

* ``load(ctx, ship) -> dict``: ``{"gpsv": used, "asv": used, "gpsv_max", "asv_max"}`` (10.21);
* ``check_fits(ctx, ship, units=(), cards=()) -> None``: IllegalAction ("10.21"/"10.35"/"10.22")
  when adding those units (uids, with their Attached cards) and cards (cids) would not fit;
* ``on_ship_damaged(ctx, ship_uid, hp, attacker_team) -> None``: 10.311, pushes the
  ``embark_losses`` choice (or discards everything when the ship is destroyed).
"""
from __future__ import annotations
