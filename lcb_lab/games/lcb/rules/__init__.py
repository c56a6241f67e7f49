"""LC:B's rules, one subpackage per rulebook subject; pure functions over a ``Ctx`` (state, board, catalog, dice).

No UI library is imported here.  Every module, with its purpose and rule numbers:

* ``common``: the context (``Ctx``), what the engine needs of a game (``GameLike``) and small shared queries.

``stages`` -- the sequence of play and the stages (chapters 3 and 15)

* ``stages.sequence``: impulses, Action Points, Core Actions, Initiative and Victory Checks (3.x).
* ``stages.planning``: the Planning Stage -- Command Points, buying cards, Attached and Embarked hosts (3.1, 9.3, 10.0).
* ``stages.deployment``: the Deployment Stage -- units face down in their areas, hosts for cards (3.2, 9.5, 10.0).
* ``stages.placeable``: whether a team's cards that must be Embarked can all still go aboard its ships (3.22, 10.22).
* ``stages.victory``: the Victory Check against the scenario's conditions (3.5).
* ``stages.scheduled``: the scenario's scheduled reinforcements, arriving at the start of their turn (3.11, 4.31).
* ``stages.influence``: Influence Meter events (15.0 and the 1.1 summary).

``movement`` -- movement, stacks, concealment, resupply (chapters 5, 6 and 8)

* ``movement.move``: movement (5.1-5.19).
* ``movement.stacks``: one definition of a stack (3.23, 3.34, 3.36, 3.37, 5.11, 5.13, 5.15).
* ``movement.conceal``: conceal and reveal, ground and naval ZOR (6.0-6.23).
* ``movement.resupply``: RESUPPLY (8.0-8.09).
* ``movement.tf_counters``: Task Force Counters, one stack under one counter (4.35; its readings are sandbox).

``combat`` -- combat (chapter 7)

* ``combat.sequence``: the combat sequence of one impulse (7.010, 7.03, 3.38).
* ``combat.answers``: the defender's answers recorded in the combat plan (7.54, 7.13, 4.22; optional 17.33).
* ``combat.ground_assault``: GROUND ASSAULT (7.1-7.16, 7.19-7.111).
* ``combat.continuing``: Continuing Combat (7.2-7.27) and Combined Arms Activation (7.18).
* ``combat.lrs``: Long-Range Strikes (7.3, 7.02-7.08, 7.31-7.37).
* ``combat.intercept``: INTERCEPT -- who may defend a target against an LRS (7.5-7.58).
* ``combat.intercept_pause``: whether the defender is asked to INTERCEPT, from what the attacker knows (7.53, 7.54).
* ``combat.offensive``: offensive INTERCEPT and offensive BMD INTERCEPT on the own impulse (7.59, 7.510, 7.512, 9.06).
* ``combat.on_marker``: LRS on a revealed card marker, and INTERCEPT defending a transport marker (12.24, 7.53, 7.57).
* ``combat.chance``: the outcome distribution of the next engagement while combat waits on its dice (7.02-7.08, 7.1).
* ``combat.odds``: exact engagement odds for one LRS target (7.02, 7.05, 7.52, 7.57, 4.22).
* ``combat.network``: the Tactical Network (7.6, 7.61, 7.62) and the other CV modifiers (7.09, 7.17).
* ``combat.naval_zones``: LRS and INTERCEPT to and from the naval zones: range, reach, CV penalties, INTERCEPT only within the stack (7.4, 7.41, 7.42, 7.510).
* ``combat.destruction``: destroying a unit for every rule that does -- kills, its cards and markers, the units aboard (4.21, 3.42, 9.31, 10.311, 12.06, 13.25).

``cards`` -- Joint Capability Cards (chapters 9 and 11)

* ``cards.jcc``: playing cards on the own impulse (3.31, 9.02, 9.03, 9.1, 9.2, 9.3, 9.5, 11.1).
* ``cards.play_checks``: the checks of many card plays of one state, each part made once (3.31, 9.2, 9.21, 9.44, 9.46).
* ``cards.use``: a card link's effect and the card's fate after use (9.04, 9.07, 9.08, 9.21, 9.31, 7.61).
* ``cards.effects``: the card effect functions of chapter 9 and running a link's effect (9.0, 9.013).
* ``cards.registry``: every card effect function by name, registered in this one place (9.0, 9.013).
* ``cards.hooks``: the card-effect tables the rules read, complete by path before their modules are loaded (9.0, 9.013).
* ``cards.targets``: the targets of a card's effect, checked when it is played (9.0, 6.11, 7.31, 7.32, 12.2, 13.x).
* ``cards.cvs``: Combat Values an Attached card gives its host (9.32, 9.33, 7.51, 7.510).
* ``cards.intercept``: which IAMD units may INTERCEPT a card in a response window (9.011, 9.012, 7.510, 7.512).
* ``cards.responses``: response windows and card chains (9.06, 9.4, 9.41-9.47, 9.010-9.012, 7.512).
* ``cards.chain``: resolving a card chain, the order of its steps (9.42-9.47, 9.010, 7.512).
* ``cards.own_impulse``: NULLIFY / FTR NULLIFY on the own impulse at a deployed enemy card, and escorts (9.21, 9.41, 9.44-9.46).
* ``cards.ftr_nullify``: the rolls of a chain -- DETECT, NULLIFY, FTR NULLIFY, INTERCEPT of cards (9.04, 9.06, 9.21, 9.4-9.46, 7.512).
* ``cards.scripted``: card outcomes scripted by a lesson or the instructor, logged as scripted (9.0, 6.13, 7.61).

``embarking`` -- embarkation (chapter 10)

* ``embarking.embark``: Space and Embarkation Values, capacity, embarked cargo (10.x).
* ``embarking.losses``: embarked cargo lost when its ship is hit, the ``embark_losses`` choice (10.311).

``transport`` -- transport (chapter 12)

* ``transport.disembark``: disembarking -- face down, MP spent, expended; the one landing of every transport method (12.07).
* ``transport.carrying``: what every transport card shares -- own units, host ship, destination, the enemy's successes removing GPSV (12.0x, 12.08, 12.11, 12.12, 12.42).
* ``transport.rotary_wing``: ROTARY WING -- the ``rotary_lift`` effect, ship to shore, shore to ship and resupply runs (12.1, 12.11-12.13, 12.52).
* ``transport.reinforcements``: REINFORCEMENTS -- the ``reinforce``, ``sealift`` and ``littoral_move`` effects (12.4, 12.41-12.44, 13.38).
* ``transport.offers``: a transport card's play checked before any roll, and the targets offered (12.x).
* ``transport.cargo``: what transport carries -- Space Values, RP, units picked up ashore (10.1, 12.05, 12.08, 12.26, 12.53).
* ``transport.landing``: amphibious landing through a card's ISR marker, its first use (12.2, 12.21-12.22, 12.25-12.26, 12.53).
* ``transport.marker_action``: the landing craft's marker's free action -- move, unload, load, re-embark (12.21, 12.22, 12.27, 12.53).
* ``transport.exposed``: a transport marker revealed by naval ZOR, hit by LRS, discarded with its cargo (12.23, 12.24, 12.06).
* ``transport.ports``: port disembarkation and embarkation, the orange cube (12.3, 12.54).

``markers`` -- special markers (chapter 13)

* ``markers.placement``: markers that cards put on the map (13.x; 4.22 for MILDECs).
* ``markers.free_actions``: the free action of a card's marker (13.21, 13.12, 12.2x).
* ``markers.proxy``: Proxy Force markers and instructor rulings (13.1, 13.14).
* ``markers.isr``: ISR markers, concealed or revealed, one free action per turn (13.2).
* ``markers.mines``: mine markers, secret cubes that attack counters entering or leaving their hex (13.3).
* ``markers.sof``: Special Operations Forces markers (13.4).
* ``markers.fortify``: Fortification markers built by Combat Engineers (13.5).

``submarines`` -- submarines (chapter 14)

* ``submarines.sot``: the Submarine Operations Tracker and the submarine marker (14.01-14.06, 14.010).
* ``submarines.operations``: submarine operations -- movement, TORPEDO ATTACK, the voluntary ZOR (14.x).
* ``submarines.asw``: anti-submarine warfare -- DETECT, then one ASW die per DETECT (14.1).
* ``submarines.chance``: the odds of the DETECT / ASW / torpedo rolls (14.09-14.15) before they are
  rolled, for the instructor or for a team (counting only what it knows).

``events`` -- Event Cards (chapter 16), gray cubes (3.26), the Action Pool (3.312)

* ``events.draw``: which events a turn draws and when they resolve -- before any action of the turn (16.0).
* ``events.effects``: the event effect functions, by the Influence Meter's position (16.0, 15.0).
* ``events.cubes``: gray cubes on the map -- civilians under LRS, objectives held (3.26, 15.25).
* ``events.action_pool``: the "Action Pool" event's team pool, -3 AP per eliminated Task Force (3.312).
* ``events.negation``: no JCC negates an Event Card (16.0).

``optional`` -- the optional rules (chapter 17, and 7.514's CIWS), each a switch a scenario turns on

* ``optional.switches``: which optional rules exist, which a game has on (``is_on``), how a file names them (17.0).
* ``optional.preload``: Pre-loaded disembarkation (17.6, 17.61, 17.62): units on an Embarked LCU / LCAC at Deployment.
* ``optional.dual_cv``: Dual Combat Values (17.8, 17.81, 17.82): every CV in one combat Core Action.
* ``optional.naval_supply``: Naval supply values (17.9, 17.91): a ship's LRS / INTERCEPT split at Deployment.
* ``optional.naval_gunfire``: NAVAL GUNFIRE (17.3, 17.31-17.36): a ship's gun (slot ``GUN``) at range 0,
  the hex's simultaneous exchange with the defender's return fire.
* ``optional.shore_bombardment``: SHORE BOMBARDMENT (17.4, 17.41, 17.42): the gun at ground units in a mixed
  hex, cannon artillery's counterfire, a level-2 Fortification's -2.
* ``optional.artillery_direct_fire``: ARTILLERY DIRECT FIRE (17.5, 17.51-17.54): cannon artillery's LRS at
  range 0, offensively or (CV -4) in answer to a GROUND ASSAULT.
* ``optional.interoperability``: the Interoperability Network (17.1) of a team of several nations -- cubes,
  National Markers, LRS / INTERCEPT across nations reduced, RESUPPLY within a nation.
* ``optional.advanced_submarines``: Quiet / Normal / Noisy submarine movement, its MP and DETECT modifier (17.2).
* ``optional.asw_bonus``: expended ASW cards (17.2 +4, 17.71 +2), +1 per friendly ASW unit (17.72), the ASW
  value raised alike (17.73).
* ``optional.ciws``: CIWS, a ship out of INTERCEPT supply rolls 4 dice at CV 4 against an incoming LRS (7.514).

``docs/rule_index.md`` lists, for every rule number, the modules and functions whose docstrings cite
it (``make rule-index`` rewrites it).
"""
