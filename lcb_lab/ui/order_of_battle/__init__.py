"""The lab of *Order of Battle* (the card game's turn) on the shared lab: a hand-and-phase view.

:mod:`~lcb_lab.ui.order_of_battle.app` (:func:`~lcb_lab.ui.order_of_battle.app.open_order_of_battle_lab`),
:mod:`~lcb_lab.ui.order_of_battle.game_ui` (the game's side of the shared lab),
:mod:`~lcb_lab.ui.order_of_battle.cards_html` (the table, the hands, the cards; their styles and layout in
:mod:`~lcb_lab.ui.order_of_battle.cards_css`) and
:mod:`~lcb_lab.ui.order_of_battle.acts_panel` (the *Acts* tab).  Importing this package loads no
UI library.
"""
