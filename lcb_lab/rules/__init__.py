"""The rules, one module per subject; pure functions over a ``Ctx`` (state, board, catalog, dice).

sequence (3.x: impulses, AP, Core Actions, Initiative/Victory Checks), movement (5.x),
conceal (6.x: conceal, reveal, ground and naval ZOR), lrs (7.3), intercept (7.5),
ground_assault (7.1, 7.19-7.111), continuing (7.2x, 7.18), combat (7.010 sequence),
network (7.6, 7.09 modifiers), resupply (8.x), influence (15.0 events), victory (3.5),
effects (scripted card outcomes).  No UI library is imported here.
"""
