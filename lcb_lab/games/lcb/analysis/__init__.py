"""Analyses of a position drawn from one viewer's knowledge (front layer).

* :mod:`~lcb_lab.games.lcb.analysis.kill_chain`: the F2T2EA kill chain on one target (find, fix
  and track, target, engage, defend, assess), its records and the find / fix links;
* :mod:`~lcb_lab.games.lcb.analysis.kill_chain_fires`: its target, engage, defend and assess links
  (LRS in range, exact odds, INTERCEPT, MILDECs);
* :mod:`~lcb_lab.games.lcb.analysis.kill_chain_cards`: the cards a viewer knows that reveal, strike
  or NULLIFY (9.0-9.46).

The project's reading of F2T2EA onto LC:B: ``docs/kill_chain.md``.
"""
