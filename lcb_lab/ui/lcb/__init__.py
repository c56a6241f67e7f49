"""LC:B's lab: its map view (:mod:`lcb_lab.ui.lcb.map`), its panels and :class:`~lcb_lab.ui.lcb.app.LabApp`
with ``open_lab`` (UI layer: never imported by the rules).

    from lcb_lab.ui import open_lab
    lab = open_lab("gotland_redux", seed=1)
    lab.widget
"""
