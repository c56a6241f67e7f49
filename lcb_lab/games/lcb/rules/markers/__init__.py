"""Special markers: Proxy Force, ISR, mines, SOF, fortifications and their free actions (13.x)."""
