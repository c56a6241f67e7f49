"""A small test deck for the card-play tests (values chosen for the tests, not the sandbox decks).

The packaged decks are the decks helper's (and change); these cards fix the numbers a test
relies on.  ``decks(tmp_path)`` writes and loads them; ``cards_game(...)`` is a situation
with them.
"""
from pathlib import Path

from lcb_lab.games.lcb.model.cards import load_decks

US = '''
[[card]]
name = "Tactical Cyber Attack"
cost = 2
function = "information_operations"
symbols = ["intercept"]
categories = ["tactical_cyber"]
text = "t"
  [[card.effect]]
  fn = "reveal_paralyse"
  target = "stack"
  succeeds_on = 10
  text = "Reveal and paralyze the target stack."

[[card]]
name = "Space Satellites"
cost = 5
function = "c5isr"
symbols = ["persist"]
hits = 2
categories = ["space"]
text = "t"
  [[card.effect]]
  fn = "reveal"
  target = "units"
  succeeds_on = 12
  text = "Reveal the units in a hex."

[[card]]
name = "Combat Air Patrols"
cost = 3
function = "interception"
symbols = ["persist", "intercept", "ftr"]
detect = 10
discard_after = 2
categories = ["fixed_wing", "aviation"]
text = "t"
  [[card.effect]]
  label = "A"
  fn = "lrs_attack"
  target = "unit"
  dice = 2
  cv = 12
  text = "An LRS attack of 2 dice."

[[card]]
name = "MARSOC HALO"
cost = 2
function = "maneuver"
categories = ["sof"]
text = "t"
  [[card.effect]]
  fn = "place_marker"
  target = "hex"
  args = {marker = "sof", reveal = true, enemy_occupied = true}
  text = "A SOF marker on an enemy-occupied hex reveals its units."

[[card]]
name = "Amphibious: LCU"
cost = 3
function = "maneuver"
symbols = ["persist"]
categories = ["amphibious"]
gpsv = 0
mp = 1
capacity_gpsv = 10
text = "t"
  [[card.effect]]
  fn = "transport"
  target = "units"
  text = "Land up to 10 GPSV through the ISR marker."

[[card]]
name = "Aegis Ballistic Missile Defense"
cost = 0
function = "interception"
symbols = ["attach"]
free_attachment = true
text = "t"
cvs = [{slot = "INT2", value = 14, range = 8, supply = 4, sources = {value = "sandbox (test deck)"}}]
  [[card.effect]]
  label = "A"
  fn = "attached_cv"
  when = "passive"
  args = {bmd = true}
  text = "BMD INTERCEPT."
  [[card.effect]]
  label = "B"
  fn = "add_supply"
  when = "passive"
  args = {slot = "INT1", n = 4}
  text = "+4 INT1 supply."

[[card]]
name = "Scatterable Landmines"
cost = 2
function = "fires"
symbols = ["attach"]
text = "t"
  [[card.effect]]
  fn = "place_marker"
  target = "hexes"
  cv = 13
  core_action = "combat"
  args = {marker = "mine", count = 3, contiguous = true}
  text = "Three mine markers in three contiguous land hexes."

[[card]]
name = "Unmanned Boats"
cost = 2
function = "maneuver"
symbols = ["attach", "persist"]
categories = ["unmanned"]
text = "t"
  [[card.effect]]
  fn = "place_marker"
  target = "hex"
  range = 0
  args = {marker = "isr"}
  text = "Deploy the ISR marker in the host's hex."

[[card]]
name = "MUX: Unmanned"
cost = 2
function = "information_operations"
categories = ["unmanned", "tactical_cyber"]
text = "t"
  [[card.effect]]
  fn = "network_cube"
  target = "network"
  succeeds_on = 10
  args = {n = 1}
  text = "One cube on the enemy network."

[[card]]
name = "EMS Jamming"
cost = 2
function = "information_operations"
categories = ["ems"]
text = "t"
  [[card.effect]]
  fn = "ap_loss"
  succeeds_on = 10
  args = {n = 2}
  text = "The enemy loses 2 AP this turn."

[[card]]
name = "Network Patch"
cost = 1
function = "information_operations"
categories = ["tactical_cyber"]
text = "t"
  [[card.effect]]
  fn = "network_repair"
  target = "network"
  args = {n = 1}
  text = "Remove one own cube."

[[card]]
name = "Signal Jammer"
cost = 1
function = "information_operations"
text = "t"
  [[card.effect]]
  fn = "paralyse"
  target = "stack"
  text = "The target stack may not act this turn."

[[card]]
name = "Thermal Camo"
cost = 1
function = "maneuver"
text = "t"
  [[card.effect]]
  fn = "conceal"
  target = "stack"
  succeeds_on = 15
  text = "Own stack flips face down."

[[card]]
name = "Deep Deployment"
cost = 1
function = "maneuver"
deployment_only = true
text = "t"
  [[card.effect]]
  fn = "cp_gain"
  when = "deployment"
  args = {n = 1}
  text = "t"
'''

RU = '''
[[card]]
name = "Thermal Camo"
cost = 1
function = "maneuver"
text = "t"
  [[card.effect]]
  fn = "conceal"
  target = "stack"
  succeeds_on = 15
  text = "Own stack flips face down."

[[card]]
name = "Combat Air Patrols"
cost = 3
function = "interception"
symbols = ["persist", "intercept", "ftr"]
detect = 10
discard_after = 2
categories = ["fixed_wing", "aviation"]
text = "t"
  [[card.effect]]
  label = "A"
  fn = "lrs_attack"
  target = "unit"
  dice = 2
  cv = 12
  text = "An LRS attack of 2 dice."

[[card]]
name = "Cruise Missile Strike"
cost = 3
function = "fires"
symbols = ["intercept"]
text = "t"
  [[card.effect]]
  fn = "lrs_attack"
  target = "unit"
  dice = 4
  cv = 12
  text = "An LRS attack of 4 dice at CV 12."

[[card]]
name = "Pantsir-SM: IAMD"
cost = 2
function = "interception"
symbols = ["attach"]
text = "t"
cvs = [{slot = "INT1", value = 12, range = 2, supply = 4, sources = {value = "sandbox (test deck)"}}]
  [[card.effect]]
  fn = "attached_cv"
  when = "passive"
  text = "INTERCEPT 12, range 2, 4 supply."

[[card]]
name = "Tactical Cyber Attack"
cost = 2
function = "information_operations"
categories = ["tactical_cyber"]
text = "t"
  [[card.effect]]
  fn = "reveal_paralyse"
  target = "stack"
  succeeds_on = 10
  text = "Reveal and paralyze the target stack."

[[card]]
name = "Ballistic: Iskander"
cost = 3
function = "fires"
categories = ["ballistic"]
text = "t"
  [[card.effect]]
  fn = "lrs_attack"
  target = "unit"
  dice = 2
  cv = 14
  args = {bmd = true}
  text = "A ballistic LRS."
'''


def decks(tmp: Path):
    tmp = Path(tmp)
    (tmp / "us.toml").write_text(US)
    (tmp / "ru.toml").write_text(RU)
    return load_decks(str(tmp))
