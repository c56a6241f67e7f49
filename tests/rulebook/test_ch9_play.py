"""Chapter 9 examples on playing cards, 7.6 (the Tactical Network) and the Appendix B card pieces,
with forced dice (9.0-9.47).  The card values come from a test deck
(tests/card_deck.py) where the rulebook gives none; every value the text gives is used as given."""
import json

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab import load_scenario, situation
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.rules.cards import effects as card_effects, use as card_use, jcc
from lcb_lab.games.lcb.rules.common import Ctx, max_supply
from lcb_lab.kernel.datacodec import touched
from tests.card_deck import decks

B, R = "TF Blue", "TF Red"
SEA = [f"A-{r}" for r in range(1, 13)]


@pytest.fixture
def deck(tmp_path):
    return decks(tmp_path)


def _game(deck, units, **kw):
    g = situation(units, naval=SEA, **kw)
    g.decks = deck
    return g


def _ctx(g):
    return Ctx(g.state, g.board, g.catalog, g.dice, g.decks)


def _add(g, team, name, **kw):
    return jcc.add_card(g.state, team, name, **kw).cid


def _refused(g, action, rule):
    before = json.dumps(g.state.to_dict(), sort_keys=True)
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert e.value.rule == rule, e.value
    assert json.dumps(g.state.to_dict(), sort_keys=True) == before


def _pass_turn(g):
    """Pass every impulse left in this turn (the next turn begins)."""
    turn = g.state.turn
    while g.state.turn == turn:
        if g.state.impulse is None:
            g.apply(A.BeginImpulse(g.available_task_forces()[0]))
        if g.impulse.phase == "declare":
            g.apply(A.Declare())
        g.apply(A.EndImpulse())


# ------------------------------------------------------------------ 9.04
def test_9_04_example_combat_air_patrols_cubes_over_two_turns(deck):
    """CAP is discarded after 2 successful FTR NULLIFY or INTERCEPTs, counted over the game:
    turn 1 an FTR NULLIFY success puts a red cube on it and expends it; turn 2 an INTERCEPT
    success is the second cube: discarded."""
    g = _game(deck, [("Inf", "usmc_infantry_platoon", "F-6", B), ("Anna", "runi_naval_infantry_platoon", "H-6", R)])
    cid = _add(g, "US", "Combat Air Patrols", where="deployed", face_up=True)
    g.state.cards[cid].deployed = True
    assert not card_use.hit(_ctx(g), g.state.cards[cid], 1, "RU FTR NULLIFY", ["9.44"])
    cap = g.state.cards[cid]
    assert (cap.cubes, cap.expended, cap.where) == (1, True, "deployed")
    _pass_turn(g)
    assert g.state.turn == 2 and not g.state.cards[cid].expended          # flipped back (9.21)
    assert card_use.hit(_ctx(g), g.state.cards[cid], 1, "RU INTERCEPT", ["7.512"])
    assert (g.state.cards[cid].cubes, g.state.cards[cid].where) == (2, "discarded")
    assert "2 of 2 cube(s)" in g.log[-1]["text"]


# ------------------------------------------------------------------ 9.2 / 9.21 / 9.24
def test_9_2_example_combat_air_patrols_played_for_1_ap_then_free_next_turn(deck):
    """Jeremy (Red) plays CAP and uses one of its effects for 1 AP; in the following turn's
    Action Stage any Red player may use it ONCE for free."""
    g = _game(deck, [("Inf", "usmc_infantry_platoon", "F-6", B, True), ("Anna", "runi_naval_infantry_platoon", "H-6", R)],
              initiative="RU", forced=[15, 16, 17, 18])
    cid = _add(g, "RU", "Combat Air Patrols")
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Combat Air Patrols"),)))
    assert g.impulse.ap == 2
    g.apply(A.PlayCard(cid, targets=("Inf",), action=1))
    g.apply(A.CommitCombat())
    g.apply(A.ResolveCombat())
    assert g.state.cards[cid].where == "deployed" and g.state.cards[cid].expended
    g.apply(A.EndImpulse())
    _pass_turn(g)
    assert g.state.turn == 2 and not g.state.cards[cid].expended
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare())
    g.apply(A.PlayCard(cid, targets=("Inf",)))                               # free: 0 AP
    assert g.impulse.ap == 3
    g.apply(A.CommitCombat())
    g.apply(A.ResolveCombat())
    _refused(g, A.PlayCard(cid, targets=("Inf",)), "9.21")                 # ONCE per turn


def test_9_24_diagram_space_satellites_turn_1_one_ap_turn_2_zero_ap(deck):
    g = _game(deck, [("Inf", "usmc_infantry_platoon", "F-6", B), ("Anna", "runi_naval_infantry_platoon", "H-6", R)],
              forced=[13, 12])
    cid = _add(g, "US", "Space Satellites")
    g.apply(A.BeginImpulse(B))
    _refused(g, A.PlayCard(cid, hex="H-6"), "3.31")                        # not yet deployed: 1 AP
    _refused(g, A.PlayCard(cid, hex="H-6", action=1), "3.03")
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc=cid),)))                          # Turn 1: 1 AP
    assert g.impulse.ap == 2
    g.apply(A.PlayCard(cid, hex="H-6", action=1))                          # 13 > 12: fails, used
    assert not g.state.units["Anna"].revealed and g.state.cards[cid].expended
    g.apply(A.EndImpulse())
    _pass_turn(g)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare())
    g.apply(A.PlayCard(cid, hex="H-6"))                                    # Turn 2: 0 AP
    assert g.impulse.ap == 3 and g.state.units["Anna"].revealed


# ------------------------------------------------------------------ 9.31 - 9.34
def test_9_31_attached_cards_die_with_their_host_and_only_its_tf_uses_them(deck):
    g = _game(deck, [("Inf", "usmc_infantry_platoon", "F-6", B), ("Kilo", "usmc_iamd_section", "F-7", "TF Green"),
                     ("Anna", "runi_naval_infantry_platoon", "F-6", R)],
              task_forces={B: "US", "TF Green": "US", R: "RU"})
    boats = _add(g, "US", "Unmanned Boats", where="attached", host="Kilo")
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare())
    g.state.cards[boats].deployed = True
    _refused(g, A.PlayCard(boats, hex="F-7"), "9.31")
    from lcb_lab.games.lcb.rules.combat.sequence import destroy
    destroy(_ctx(g), g.state.units["Kilo"], "RU")
    assert g.state.cards[boats].where == "removed"                         # 9.07: not cycled back


def _drop_scenario_aegis(g) -> None:
    """gotland_redux attaches the sandbox deck's Aegis to DDG(X)-106 (App. B [b]); these tests
    attach the test deck's instead (its card supply only: the host's own supply is untouched)."""
    cid = next(c.cid for c in g.state.cards.values() if c.name == "Aegis Ballistic Missile Defense")
    del g.state.cards[cid]
    touched(g.state, "cards")      # staged in place: the snapshot looks at the map again
    u = g.state.units["DDG(X)-106"]
    u.attachments = [x for x in u.attachments if x != "Aegis Ballistic Missile Defense"]


def test_9_31_aegis_adds_its_supply_to_its_host_app_b(deck):
    """App. B Deployment: DDG(X)-106 slides the free Aegis under its tracker and adds its
    supply; Aegis does not count against the allotment (9.31 EXCEPTION: free_attachment)."""
    g = load_scenario("gotland_redux")
    _drop_scenario_aegis(g)
    g.decks = deck
    assert deck.card("US", "Aegis Ballistic Missile Defense").free_attachment
    cid = _add(g, "US", "Aegis Ballistic Missile Defense", where="attached", host="DDG(X)-106", free=True)
    card_effects.on_attach(_ctx(g), g.state.cards[cid])
    ddg = g.state.units["DDG(X)-106"]
    assert ddg.supply["INT1"] == 15 + 4 and max_supply(_ctx(g), ddg, "INT1") == 19
    assert g.state.cards[cid].supply == {"INT2": 4}                        # its own BMD supply (9.33)
    bmd = _ctx(g).cvs_of(ddg, "INT")[-1]
    assert bmd.slot == f"{cid}:INT2" and bmd.bmd and bmd.value == 14
    assert "hidden card" in json.dumps(g.log_entries("RU")[-1:]) and "Aegis" not in json.dumps(g.log_entries("RU"))


def test_9_31_a_card_raising_its_hosts_hp_takes_effect_at_once_and_the_game_saves_and_loads():
    """9.31: an Attached card that modifies its host's HP takes effect immediately, on the host's
    tracker. With a T-14 that adds 1 HP (a test deck's variant; the deck's T-14 adds none), 1 Anna
    has 3 HP of its type's 2; its game saves and loads with the same state: the load's HP bound is
    the invariants' (type HP plus the Attached cards' change), not the type's alone."""
    from lcb_lab.games.lcb.game import Game
    from lcb_lab.games.lcb.model.cards import Decks, load_decks
    d = load_decks()
    ct = d.card("RU", "T-14 Tank: Unmanned")
    plus = Decks(cards=dict(d.cards, RU=dict(d.cards["RU"], **{ct.name: ct.model_copy(update={"hp_bonus": 1})})))
    g = situation({"1 Anna": ("runi_naval_infantry_platoon", "D-5"), "1 Alpha": ("usmc_infantry_platoon", "H-8")},
                  cards={"RU": [{"name": "T-14 Tank: Unmanned", "attach_to": "1 Anna"}]}, decks=plus)
    assert (g.unit("1 Anna").hp, g.unit("1 Anna").supply["GA"]) == (3, 14)
    back = Game.from_json(g.to_json(), decks=plus)
    assert back.state.to_dict() == g.state.to_dict()


def test_9_32_example_scatterable_landmines_fired_by_the_hosts_move_and_combat(deck):
    """Attached to a rocket artillery unit; with 1 AP for its normal Move and/or Combat the host
    fires 3 mine markers into 3 contiguous land hexes; the firing unit is revealed."""
    g = _game(deck, [("Whiskey", "usmc_himars_section", "F-8", B), ("Anna", "runi_naval_infantry_platoon", "J-6", R)])
    mines = _add(g, "US", "Scatterable Landmines", where="attached", host="Whiskey")
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Whiskey",)),)))
    assert g.impulse.ap == 2                                               # no extra AP (9.32)
    g.apply(A.Move(1, ("F-7",)))
    _refused(g, A.PlayCard(mines, targets=("H-4", "H-6", "H-8"), action=1), "9.32")   # not contiguous
    g.apply(A.PlayCard(mines, targets=("H-5", "H-6", "H-7"), action=1))
    assert sorted(m.hex for m in g.state.card_markers.values() if m.kind == "mine") == ["H-5", "H-6", "H-7"]
    assert g.state.units["Whiskey"].revealed and g.state.units["Whiskey"].hex == "F-7"
    assert g.state.cards[mines].where == "removed"                         # Attached: not cycled back (9.07)


def test_9_33_an_attached_cards_supply_is_its_own_and_never_above_the_original(deck):
    g = _game(deck, [("Whiskey", "usmc_himars_section", "F-8", B, True), ("Anna", "runi_naval_infantry_platoon", "F-6", R),
                     ("Ivan", "runi_logistics_company", "G-6", R)], forced=[20, 20, 20, 1, 1, 1], initiative="US")
    pantsir = _add(g, "RU", "Pantsir-SM: IAMD", where="attached", host="Anna")
    card_effects.on_attach(_ctx(g), g.state.cards[pantsir])
    g.state.units["Anna"].revealed = True
    slot = f"{pantsir}:INT1"
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Whiskey",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("Whiskey", "LRS1", "Anna", 3),)))
    opts = g.pending.options.targets[0].interceptors
    assert [o.slot for o in opts if o.eligible] == [slot]
    g.apply(g.pending.answer_from([{"interceptor": "Anna", "slot": slot, "target": "Anna", "dice": 3}]))
    assert g.state.cards[pantsir].supply == {"INT1": 1} and "INT1" not in g.state.units["Anna"].supply
    g.apply(A.ResolveCombat())
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_resupply", ("Ivan",)),)))
    _refused(g, A.Resupply(1, "Ivan", "RV1", (A.Grant("Anna", slot, 4),)), "8.02")   # 1 + 4 > 4
    g.apply(A.Resupply(1, "Ivan", "RV1", (A.Grant("Anna", slot, 3),)))
    assert g.state.cards[pantsir].supply == {"INT1": 4}


def test_9_34_example_unmanned_boats_first_use_1_ap_then_free(deck):
    """Attached to 1 Alpha; with 1 AP Maria moves it face down to a port hex and deploys the
    card, placing its ISR marker there; 1 Alpha stays unrevealed; later once per Action Stage
    free."""
    g = _game(deck, [("1 Alpha", "usmc_infantry_platoon", "F-8", B), ("Anna", "runi_naval_infantry_platoon", "J-6", R)],
              features={"F-7": "port:Visby"})
    boats = _add(g, "US", "Unmanned Boats", where="attached", host="1 Alpha")
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)))
    g.apply(A.Move(1, ("F-7",)))
    _refused(g, A.PlayCard(boats, hex="F-7"), "3.31")                      # the first use costs 1 AP
    _refused(g, A.PlayCard(boats, hex="F-6", action=1), "7.31")            # range 0: the host's hex
    g.apply(A.PlayCard(boats, hex="F-7", action=1))
    isr = [m for m in g.state.card_markers.values() if m.card == boats]
    assert [(m.kind, m.hex) for m in isr] == [("isr", "F-7")] and not g.state.units["1 Alpha"].revealed
    c = g.state.cards[boats]
    assert (c.where, c.deployed, c.expended) == ("attached", True, True)
    g.apply(A.EndImpulse())
    _pass_turn(g)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare())
    g.apply(A.PlayCard(boats, hex="F-7"))                                  # free (9.34)
    assert g.impulse.ap == 3
    _refused(g, A.PlayCard(boats, hex="F-7"), "9.21")


# ------------------------------------------------------------------ 7.6 / 7.61 / 7.62
@pytest.mark.parametrize("cubes,cv", [(1, 12), (2, 8), (3, 8), (4, 5)])
def test_7_62_the_network_modifier_applies_to_card_lrs_and_card_intercept_first(deck, cubes, cv):
    g = _game(deck, [("Whiskey", "usmc_himars_section", "F-8", B, True), ("Anna", "runi_naval_infantry_platoon", "F-6", R)],
              network={"US": 0, "RU": cubes}, initiative="RU", colours={"F-8": "brown"}, forced=[1] * 4 + [20] * 3)
    cms, pantsir = _add(g, "RU", "Cruise Missile Strike"), _add(g, "RU", "Pantsir-SM: IAMD", where="attached", host="Anna")
    card_effects.on_attach(_ctx(g), g.state.cards[pantsir])
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc=cms),)))
    g.apply(A.PlayCard(cms, targets=("Whiskey",), action=1))
    g.apply(A.CommitCombat())
    g.apply(A.ResolveCombat())
    roll = next(e for e in g.log if e["kind"] == "lrs_roll")
    mods = roll["data"]["modifiers"]
    assert roll["data"]["cv"] == max(0, cv - 2)                            # then the brown hex (7.09)
    assert mods[-1][2] == "7.09" and (cubes < 2 or mods[0][2] == "7.62")   # the network first (7.62)
    # the card's INTERCEPT value is reduced alike (7.62)
    from lcb_lab.games.lcb.rules.combat.intercept import interceptor_options
    o = next(o for o in interceptor_options(_ctx(g), "Anna", ["F-8"]) if o["slot"] == f"{pantsir}:INT1")
    from lcb_lab.games.lcb.rules.combat.network import apply, network_modifiers
    assert apply(o["cv"], network_modifiers(g.state, "RU")) == cv


# ------------------------------------------------------------------ Appendix B pieces
def _app_b(deck):
    g = load_scenario("gotland_redux", seed=1)
    g.decks = deck
    return g


def test_app_b_lcu_lands_five_units_face_down_in_al_23(deck):
    g = _app_b(deck)
    lcu = _add(g, "US", "Amphibious: LCU", where="embarked", host="LHD 1")
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="Amphibious: LCU"),)))
    g.apply(A.Move(1, ("AM-25", "AM-24", "AM-23")))
    landers = ("1 Alpha", "2 Alpha", "3 Alpha", "1 Kilo", "1 Whiskey")
    _refused(g, A.PlayCard(lcu, targets=landers, hex="AK-23", action=1), "12.22")      # beyond its 1 MP
    assert g.is_legal(A.PlayCard(lcu, targets=landers, hex="AM-24", action=1))  # at sea: the marker waits (12.25 ex.)
    _refused(g, A.PlayCard(lcu, targets=landers + ("4 Alpha", "LHD 1"), hex="AL-23", action=1), "10.0")
    g.apply(A.PlayCard(lcu, targets=landers, hex="AL-23", action=1))
    for uid in landers:
        u = g.state.units[uid]
        assert (u.hex, u.embarked_on, u.revealed, u.no_move) == ("AL-23", None, False, True)
    assert g.state.units["4 Alpha"].embarked_on == "LHD 1"
    c = g.state.cards[lcu]
    assert (c.where, c.deployed, c.expended) == ("embarked", True, True)   # expended (App. B)
    isr = next(m for m in g.state.card_markers.values() if m.card == lcu)
    assert (isr.kind, isr.hex, isr.revealed) == ("isr", "AL-23", False)
    ru = g.view("RU")
    assert next(m for m in ru["card_markers"])["back"] and "1 Kilo" not in json.dumps(g.log_entries("RU")[-3:])
    _refused(g, A.Move(1, ("AL-22",)), "5.16")


def test_app_b_marsoc_halo_sof_marker_reveals_1_zhuk(deck):
    g = _app_b(deck)
    halo = _add(g, "US", "MARSOC HALO")
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc=halo),)))
    _refused(g, A.PlayCard(halo, hex="AK-23", action=1), "13.4")          # no enemy there
    g.apply(A.PlayCard(halo, hex="AK-20", action=1))
    assert g.state.units["1 Zhuk"].revealed
    assert [(m.kind, m.hex) for m in g.state.card_markers.values()] == [("sof", "AK-20")]
    assert any(c["uid"] == "1 Zhuk" for c in g.view("US")["counters"] if not c["back"])


def test_app_b_cruise_missile_strike_1_kilo_intercepts_it_and_takes_1_hp(deck):
    """RU Imp. 2: 1 Tanya fires 5 LRS at 1 Whiskey and the Cruise Missile Strike 4 dice at 1
    Kilo, CV -4 for the RU network's 2 cubes (7.62); 1 Kilo intercepts 1 Whiskey's attacker
    with 3 dice and the missile with 4 (lcb_lab's reading of 7.53 for an off-map attacker: only
    the range counts, so 1 Kilo may defend itself); 3 successes against 4 hits: 1 HP."""
    g = _app_b(deck)
    s = g.state
    for uid in ("1 Alpha", "2 Alpha", "3 Alpha", "1 Kilo", "1 Whiskey"):
        s.units[uid].hex, s.units[uid].embarked_on = "AL-23", None
    s.units["1 Kilo"].revealed = s.units["1 Whiskey"].revealed = True
    s.network_cubes = {**s.network_cubes, "RU": 2}
    s.tf_order = ["TF Memphis", "TF Moscow", "TF Boston"]
    cms = _add(g, "RU", "Cruise Missile Strike", free=True)
    g.dice.force([4, 12, 15, 18, 20, 2, 6, 10, 1, 2, 3, 4, 5, 9, 11, 17])
    g.apply(A.BeginImpulse("TF St. Petersburg"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Tanya",)), A.CoreAction("play_jcc", jcc="Cruise Missile Strike"))))
    g.apply(A.PlayCard(cms, targets=("1 Kilo",), action=2))
    g.apply(A.Answer())      # the US passes the card's window: no INTERCEPT of the card itself (9.011)
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Tanya", "LRS1", "1 Whiskey", 5),)))
    kilo_t = next(t for t in g.pending.options.targets if t.target == "1 Kilo")
    attack = kilo_t.attacks[0]
    assert attack.shooter == cms and attack.distance is None and attack.dice == 4
    kilo = next(o for o in attack.interceptors if o.uid == "1 Kilo")
    assert kilo.eligible and kilo.distance == 0 and kilo.shooter_distance is None
    lhd = next(o for o in attack.interceptors if o.uid == "LHD 1")
    assert not lhd.eligible and "out of range" in lhd.reason          # range still applies
    ddg = next(o for o in attack.interceptors if o.uid == "DDG-51")
    assert ddg.eligible                       # 6 hexes, in range: it could defend against the missile...
    whiskey_t = next(t for t in g.pending.options.targets if t.target == "1 Whiskey")
    tanya = next(o for o in whiskey_t.attacks[0].interceptors if o.uid == "DDG-51")
    assert not tanya.eligible and "farther" in tanya.reason          # ...not against 1 Tanya (App. B)
    g.apply(g.pending.answer_from([{"interceptor": "1 Kilo", "slot": "INT1", "target": "1 Whiskey", "dice": 3},
              {"interceptor": "1 Kilo", "slot": "INT1", "target": "1 Kilo", "dice": 4, "shooter": cms}]))
    g.apply(A.ResolveCombat())
    # 4.22, 6.11: AL-23 holds US backs to RU, so US is asked about MILDECs for 1 Kilo's hit (none there)
    ch = g.pending
    assert (ch.kind, ch.team, ch.options.target, ch.options.damage, ch.options.mildecs) == ("mildec", "US", "1 Kilo", 1, 0)
    g.apply(A.AnswerMildec(0))
    u = g.state.units
    assert u["1 Whiskey"].hp == 2 and u["1 Kilo"].hp == 1 and u["1 Kilo"].supply["INT1"] == 8 - 7
    roll = next(e for e in g.log if e["kind"] == "lrs_roll" and "Cruise" in e["title"])
    assert roll["data"]["cv"] == 8 and roll["data"]["hits"] == 4 and roll["data"]["modifiers"][0][2] == "7.62"
    net = [e for e in g.log if e["kind"] == "lrs_result"]
    assert [e["data"]["net"] for e in net] == [0, 1]


def test_app_b_pantsir_on_a_paralysed_host_cannot_intercept(deck):
    g = _app_b(deck)
    pantsir = _add(g, "RU", "Pantsir-SM: IAMD", where="attached", host="2 Anna")
    card_effects.on_attach(_ctx(g), g.state.cards[pantsir])
    for uid in ("1 Anna", "2 Anna", "3 Anna"):
        g.state.units[uid].revealed = True
    g.state.units["2 Anna"].paralysed = True
    from lcb_lab.games.lcb.rules.combat.intercept import interceptor_options
    opts = {o["slot"]: o for o in interceptor_options(_ctx(g), "1 Anna", ["AL-29"]) if o["uid"] == "2 Anna"}
    assert not opts[f"{pantsir}:INT1"]["eligible"] and "may not act" in opts[f"{pantsir}:INT1"]["reason"]
    g.state.units["2 Anna"].paralysed = False
    opts = {o["slot"]: o for o in interceptor_options(_ctx(g), "1 Anna", ["AL-29"]) if o["uid"] == "2 Anna"}
    assert opts[f"{pantsir}:INT1"]["eligible"]


def test_7_510_a_ballistic_card_lrs_is_answered_only_by_bmd(deck):
    g = _app_b(deck)
    _drop_scenario_aegis(g)
    aegis = _add(g, "US", "Aegis Ballistic Missile Defense", where="attached", host="DDG(X)-106")
    card_effects.on_attach(_ctx(g), g.state.cards[aegis])
    g.state.units["DDG(X)-106"].revealed = True
    isk = _add(g, "RU", "Ballistic: Iskander")
    g.state.tf_order = ["TF Memphis"]
    g.apply(A.BeginImpulse("TF Moscow"))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc=isk),)))
    g.apply(A.PlayCard(isk, targets=("DDG(X)-106",), action=1))
    g.apply(A.CommitCombat())
    t = g.pending.options.targets[0].attacks[0]
    ok = {(o.uid, o.slot) for o in t.interceptors if o.eligible}
    assert ok == {("DDG(X)-106", f"{aegis}:INT2")}
    bad = next(o for o in t.interceptors if o.uid == "DDG(X)-106" and o.slot == "INT1")
    assert "only BMD" in bad.reason


def test_the_intercept_odds_preview_counts_a_committed_card_lrs(deck):
    g = _app_b(deck)
    g.state.units["1 Kilo"].hex, g.state.units["1 Kilo"].embarked_on, g.state.units["1 Kilo"].revealed = "AL-23", None, True
    g.state.tf_order = ["TF Memphis"]
    g.state.network_cubes = {**g.state.network_cubes, "RU": 2}
    cms = _add(g, "RU", "Cruise Missile Strike")
    g.apply(A.BeginImpulse("TF Moscow"))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc=cms),)))
    g.apply(A.PlayCard(cms, targets=("1 Kilo",), action=1))
    g.apply(A.Answer())      # the US passes the card's window (9.011)
    g.apply(A.CommitCombat())
    odds = g.preview_lrs([], [{"interceptor": "1 Kilo", "slot": "INT1", "target": "1 Kilo", "dice": 4, "shooter": cms}])
    from lcb_lab.games.lcb.rules.combat.odds import engagement_odds
    want = engagement_odds([], [], 2, answered=[([(4, 8)], [(4, 12)])])
    assert odds["1 Kilo"]["p_destroy"] == pytest.approx(want.p_destroy) and 0 < want.p_destroy < 1


def test_app_b_cruise_missile_strike_with_the_packaged_deck():
    """The same narration with the sandbox deck's Cruise Missile Strike (4 dice; its CV is a
    sandbox value): CV -4 for the RU network (7.62), 1 Kilo's 4 INTERCEPT dice, 3 successes
    against 4 hits: 1 HP on 1 Kilo."""
    g = load_scenario("gotland_redux", seed=1)
    ct = _ctx(g).ctype("Cruise Missile Strike", "RU")
    eff = ct.effect()
    assert (eff.fn, eff.dice) == ("lrs_attack", 4)
    s = g.state
    s.units["1 Kilo"].hex, s.units["1 Kilo"].embarked_on, s.units["1 Kilo"].revealed = "AL-23", None, True
    s.network_cubes = {**s.network_cubes, "RU": 2}
    s.tf_order = ["TF Memphis", "TF Moscow", "TF Boston"]
    cms = next(c.cid for c in s.cards.values() if c.name == "Cruise Missile Strike")
    g.dice.force([1, 2, 3, 4, 5, 9, 11, 17])
    g.apply(A.BeginImpulse("TF St. Petersburg"))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Cruise Missile Strike"),)))
    g.apply(A.PlayCard(cms, targets=("1 Kilo",), action=1))
    g.apply(A.CommitCombat())
    g.apply(g.pending.answer_from([{"interceptor": "1 Kilo", "slot": "INT1", "target": "1 Kilo", "dice": 4, "shooter": cms}]))
    g.apply(A.ResolveCombat())
    roll = next(e for e in g.log if e["kind"] == "lrs_roll")
    assert roll["data"]["cv"] == eff.cv - 4 and roll["data"]["hits"] == 4
    assert g.state.units["1 Kilo"].hp == 1 and g.state.cards[cms].where == "discarded"
