"""Naval Battle in Archipelago on the kernel: its board, pieces, dice, rules and lessons (imports nothing of LC:B).

Levels 1 (torpedo boats), 2 (ships), 3 (helicopters) and 4 (hovercraft, garrisons, commandos), with
the scenarios of levels 3-4; level 5, the expanded game, and its scenarios (``model/scenario_book``
with ``data/scenarios.toml``, ``scenario_setup``, ``rules/scenario``, ``rules/scenario_task``, ``rules/scenario_race``).  Where each concept lives: ``model/`` (``board``,
``state``, ``catalog`` with ``data/pieces.toml``), ``dice``, ``actions`` (typed acts),
``rules/`` (one module per subject -- level 3 ``air``, ``missiles``, ``machine_gun``; level 4
``commandos``; level 5, the expanded game: ``expanded`` (its board, dice, fleet, stock, garrisons),
``capital_ship``, ``dock`` (the DLS's well dock, the landing boat), ``landing_platform`` (the MLP, the
oil platform), ``submarine``, ``submerging``, ``hidden`` (the notepad), ``sonar`` (and MAD),
``depth_charge``, ``mines`` (contact and RC mines) with ``model/notepad``, ``armament``, ``airlift``, ``descent``, ``cargo``, ``seaplane``, ``blimp``,
``aircraft``, ``flight`` (the expanded air), ``ssm`` (S-S and S-A missiles, land launchers), ``cruise``, ``hydrofoil``, ``ekranoplan``;
the optional ``cards`` with ``model/cards``; ``scenarios``; ``forces`` the choice of forces of equal value; ``rules/optional.py`` the optional rules' switches), ``handlers`` (one per act), ``game`` (the kernel engine with
the game's hooks), ``legal`` (levels 3-4: ``legal_air``; level 5: ``legal_ships``, ``legal_ssm`` with the cards, ``legal_sub``, ``legal_xair``), ``observer`` (hidden information), ``rule_refs`` (the text is cited
by line, ``l.202``), ``chance`` (exact odds) and ``chance_steps`` (the chance node an act would open), ``stage`` (staged positions and openings).  The
readings chosen where the text is silent or contradicts itself: ``docs/archipelago.md``.
"""
