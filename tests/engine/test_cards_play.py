"""Playing cards (9.0, 9.4x): the cards of the game replace the old pool of names, PlayCard
with its Core Action or a Persistent card's free use, refusals that change nothing, the 7.61
cubes, the other team's view, the legal PlayCard options and random play with cards."""
import json

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab import load_scenario, situation
from lcb_lab.games.lcb.content.passes import pass_empty_windows
from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.legal import legal_actions
from lcb_lab.games.lcb.rules.cards import jcc
from lcb_lab.games.lcb.model.state import GameState
from tests.card_deck import decks

B, R = "TF Blue", "TF Red"
SEA = [f"A-{r}" for r in range(1, 13)]


@pytest.fixture
def deck(tmp_path):
    return decks(tmp_path)


def _game(deck, forced=(), units=None, network=None, **kw):
    units = units or [("Inf", "usmc_infantry_platoon", "F-6", B), ("Whiskey", "usmc_himars_section", "F-8", B),
                      ("Anna", "runi_naval_infantry_platoon", "H-6", R), ("Boris", "runi_naval_infantry_platoon", "H-6", R),
                      ("Tanya", "runi_mlrs_section", "J-9", R)]
    g = situation(units, naval=SEA, forced=list(forced), network=network, **kw)
    g.decks = deck
    return g


class _Ref:
    """A card of the game read afresh each time (the Game replaces its state on each act)."""

    def __init__(self, g, cid):
        self.g, self.cid = g, cid

    def __getattr__(self, k):
        return getattr(self.g.state.cards[self.cid], k)

    def __setattr__(self, k, v):
        if k in ("g", "cid"):
            object.__setattr__(self, k, v)
        else:
            setattr(self.g.state.cards[self.cid], k, v)


def _card(g, team, name, **kw):
    return _Ref(g, jcc.add_card(g.state, team, name, **kw).cid)


def _refused(g, action, rule, text=""):
    before = json.dumps(g.state.to_dict(), sort_keys=True)
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert e.value.rule == rule, e.value
    assert text in e.value.reason
    assert json.dumps(g.state.to_dict(), sort_keys=True) == before
    return e.value


# ------------------------------------------------------------------ the old pool of names
def test_an_old_save_with_jccs_gets_pool_cards():
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B)], jccs={"US": ["MARSOC HALO", "MARSOC HALO"], "RU": ["Thermal Camo"]})
    assert g.state.jccs == {}
    assert [(c.cid, c.name, c.where) for c in g.state.cards.values()] == [
        ("US-1", "MARSOC HALO", "pool"), ("US-2", "MARSOC HALO", "pool"), ("RU-1", "Thermal Camo", "pool")]
    d = g.state.to_dict()
    d["cards"], d["jccs"] = {}, {"US": ["Space Satellites"]}
    s = GameState.from_dict(d)
    assert s.jccs == {} and s.cards["US-1"].name == "Space Satellites" and s.cards["US-1"].where == "pool"


def test_the_scenario_pools_are_cards_and_the_declaration_checks_them():
    g = load_scenario("gotland_redux")
    assert sum(c.team == "US" and c.where != "attached" for c in g.state.cards.values()) == 9   # + 3 Attached (App. B)
    g.apply(A.BeginImpulse("TF Memphis"))
    held = _refused(g, A.Declare((A.CoreAction("play_jcc", jcc="Thermal Camo"),)), "3.12")       # RU holds one
    lacked = _refused(g, A.Declare((A.CoreAction("play_jcc", jcc="Ballistic: Iskander"),)), "3.12")  # RU holds none
    assert held.reason.replace("Thermal Camo", "X") == lacked.reason.replace("Ballistic: Iskander", "X")   # 9.02
    _refused(g, A.Declare((A.CoreAction("play_jcc", jcc="Space Satellites"),)), "3.12")   # not in the pool
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="MARSOC HALO"),)))


# ------------------------------------------------------------------ PlayCard
def test_a_pool_card_is_played_by_its_declared_action_once(deck):
    g = _game(deck, forced=[4], network={"US": 0, "RU": 1})
    c = _card(g, "US", "Tactical Cyber Attack")
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Tactical Cyber Attack"), A.CoreAction("move_conceal", ("Inf",)))))
    _refused(g, A.PlayCard(c.cid, hex="H-6"), "3.31", "costs 1 AP")                 # no action named
    _refused(g, A.PlayCard(c.cid, hex="H-6", action=2), "3.31", "does not play")   # not its action
    _refused(g, A.PlayCard(c.cid, hex="F-6", action=1), "9.0", "no enemy unit")    # no enemy there
    g.apply(A.PlayCard(c.cid, hex="H-6", action=1))
    assert pass_empty_windows(g) == 1          # US cannot rule out an IAMD among the backs in H-6 (9.011)
    anna, boris = g.state.units["Anna"], g.state.units["Boris"]
    assert anna.revealed and boris.revealed and anna.paralysed and boris.paralysed
    assert g.state.network_cubes["RU"] == 2                                     # 7.61: +1 for the success
    assert c.where == "discarded" and c.face_up and g.impulse.actions[0].played == c.cid
    _refused(g, A.PlayCard(c.cid, hex="H-6", action=1), "3.12", "discarded")


def test_a_failed_roll_has_no_effect_and_adds_no_cube(deck):
    g = _game(deck, forced=[11])
    c = _card(g, "US", "Tactical Cyber Attack")
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc=c.cid),)))
    g.apply(A.PlayCard(c.cid, hex="H-6", action=1))
    pass_empty_windows(g)
    assert not g.state.units["Anna"].revealed and g.state.network_cubes["RU"] == 0 and c.where == "discarded"
    assert "fails" in g.log[-1]["title"] and "11" in g.log[-1]["text"]


def test_refusals_name_their_rule_and_change_nothing(deck):
    g = _game(deck, forced=[1, 1, 1])
    mine, theirs = _card(g, "US", "Space Satellites"), _card(g, "RU", "Tactical Cyber Attack")
    dep = _card(g, "US", "Deep Deployment")
    _refused(g, A.PlayCard(mine.cid, hex="H-6"), "3.31", "impulse of the Action Stage")      # no impulse
    g.apply(A.BeginImpulse(B))
    _refused(g, A.PlayCard(mine.cid, hex="H-6", action=1), "3.03")                           # nothing declared
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc=mine.cid), A.CoreAction("move_combat", ("Whiskey",)))))
    _refused(g, A.PlayCard(theirs.cid, hex="F-6", action=1), "9.02", "RU team")
    _refused(g, A.PlayCard(dep.cid, action=1), "9.5", "Deployment Stage")
    _refused(g, A.PlayCard(mine.cid, option="B", hex="H-6", action=1), "9.0", "no effect 'B'")
    _refused(g, A.PlayCard(mine.cid, targets=("Anna",), action=1), "6.11", "knows no unit")   # face down
    _refused(g, A.PlayCard(mine.cid, hex="Z-99", action=1), "9.0", "not a hex")
    g.apply(A.PlayCard(mine.cid, hex="H-6", action=1))                                        # Persistent: 1 AP
    assert mine.where == "deployed" and mine.deployed and mine.expended
    _refused(g, A.PlayCard(mine.cid, hex="H-6"), "9.21", "once a turn")                       # twice a turn


def test_a_persistent_card_is_free_once_a_turn_after_its_first_use(deck):
    """9.2: 1 AP to play; then once per turn for free, by any member of the team (9.21: flipped
    back as the next Action Stage begins)."""
    g = _game(deck, forced=[20, 3, 5], task_forces={B: "US", "TF Green": "US", R: "RU"},
              units=[("Inf", "usmc_infantry_platoon", "F-6", B), ("Kilo", "usmc_iamd_section", "F-7", "TF Green"),
                     ("Anna", "runi_naval_infantry_platoon", "H-6", R)])
    sat = _card(g, "US", "Space Satellites")
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Space Satellites"),)))
    g.apply(A.PlayCard(sat.cid, hex="H-6", action=1))           # rolls 20: fails, still used
    assert sat.expended and not g.state.units["Anna"].revealed
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(R))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Green"))                                  # another TF of the team, same turn
    g.apply(A.Declare())
    _refused(g, A.PlayCard(sat.cid, hex="H-6"), "9.21")
    g.apply(A.EndImpulse())
    assert not sat.expended and g.state.turn == 2                # refreshed for the next Action Stage
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare())
    g.apply(A.PlayCard(sat.cid, hex="H-6"))                      # free (9.2), rolls 3
    assert g.state.units["Anna"].revealed and g.impulse.ap == 3 and "free" in g.log[-3]["text"]
    _refused(g, A.PlayCard(sat.cid, hex="H-6"), "9.21")


def test_attached_cards_belong_to_their_hosts_task_force_and_die_with_it(deck):
    g = _game(deck, forced=[1, 1], task_forces={B: "US", "TF Green": "US", R: "RU"},
              units=[("Inf", "usmc_infantry_platoon", "F-6", B), ("Inf2", "usmc_infantry_platoon", "F-7", "TF Green"),
                     ("Anna", "runi_naval_infantry_platoon", "H-6", R)])
    boats = _card(g, "US", "Unmanned Boats", where="attached", host="Inf2")
    g.apply(A.BeginImpulse(B))
    _refused(g, A.Declare((A.CoreAction("play_jcc", jcc="Unmanned Boats"),)), "9.31", "another Task Force")
    g.apply(A.Declare())
    boats.deployed = True                                        # as if used in an earlier turn
    _refused(g, A.PlayCard(boats.cid, hex="F-7"), "9.31", "only that Task Force")
    from lcb_lab.games.lcb.rules.combat.sequence import destroy
    from lcb_lab.games.lcb.rules.common import Ctx
    destroy(Ctx(g.state, g.board, g.catalog, g.dice, deck), g.state.units["Inf2"], "RU")
    assert boats.where == "removed" and boats.host is None       # not cycled back (9.07, 9.31)


def test_network_cubes_7_61_mux_ems_and_own_repair(deck):
    """7.61: a successful cyber / EMS card adds 1 cube (EMS Jamming); a card stating its cubes
    adds only those (MUX: Unmanned); one removing own cubes adds none (Network Patch)."""
    g = _game(deck, forced=[2, 3], network={"US": 2, "RU": 0})
    mux, ems, patch = (_card(g, "US", n) for n in ("MUX: Unmanned", "EMS Jamming", "Network Patch"))
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare(tuple(A.CoreAction("play_jcc", jcc=x.cid) for x in (mux, ems, patch))))
    g.apply(A.PlayCard(mux.cid, action=1))
    assert g.state.network_cubes == {"US": 2, "RU": 1}
    g.apply(A.PlayCard(ems.cid, action=2))
    assert g.state.network_cubes == {"US": 2, "RU": 2} and g.state.ap_loss == {"RU": 2}
    g.apply(A.PlayCard(patch.cid, action=3))
    assert g.state.network_cubes == {"US": 1, "RU": 2}
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(R))
    assert g.impulse.ap == 1                                     # 3 - 2 (EMS Jamming, 9.41 ex.)
    g.apply(A.EndImpulse())
    assert g.state.ap_loss == {}                                 # for the rest of the turn only


def test_7_61_removing_a_cube_costs_2_ap_per_cube(deck):
    g = _game(deck, network={"US": 2, "RU": 0}, influence=8)     # 4 AP at Influence 6-8 (15.0)
    g.apply(A.BeginImpulse(B))
    assert g.impulse.ap == 4
    _refused(g, A.Declare((A.CoreAction("network_repair"),) * 2 + (A.CoreAction("move_conceal", ("Inf",)),)), "3.32")
    g.apply(A.Declare((A.CoreAction("network_repair"), A.CoreAction("network_repair"))))
    assert g.state.network_cubes["US"] == 0 and g.impulse.ap == 0
    g2 = _game(deck, network={"US": 0})
    g2.apply(A.BeginImpulse(B))
    _refused(g2, A.Declare((A.CoreAction("network_repair"),)), "7.61", "no cube")


def test_a_card_lrs_must_be_committed_and_joins_the_combat(deck):
    g = _game(deck, forced=[1, 2, 15, 16], initiative="RU")
    g.state.units["Inf"].revealed = True
    cms = _card(g, "RU", "Cruise Missile Strike")
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc=cms.cid),)))
    _refused(g, A.PlayCard(cms.cid, targets=("Whiskey",), action=1), "6.11")     # face down
    g.apply(A.PlayCard(cms.cid, targets=("Inf",), action=1))
    pass_empty_windows(g)
    assert g.impulse.card_lrs[0]["target"] == "Inf" and cms.where == "discarded"
    _refused(g, A.EndImpulse(), "9.05")
    assert any(isinstance(a, A.CommitCombat) for a in legal_actions(g))
    g.apply(A.CommitCombat())
    assert (g.to_act(), g.pending.kind) == ("US", "intercept")   # RU cannot rule out an IAMD in Whiskey's back
    g.apply(A.AnswerIntercept(()))
    g.apply(A.ResolveCombat())
    assert g.state.units["Inf"].destroyed                      # 2 of 4 dice at CV 12 hit its 2 HP
    rolled = next(e for e in g.log if e["kind"] == "lrs_roll")
    assert rolled["title"] == "LRS: Cruise Missile Strike -> Inf" and rolled["data"]["cv"] == 12


def test_a_deployment_stage_card_is_played_in_the_deployment_stage_only(deck):
    """9.5: no AP, in the Deployment Stage; refused in the Action Stage (9.5)."""
    g = _game(deck)
    dep = _card(g, "US", "Deep Deployment")
    g.state.stage = "deployment"
    _refused(g, A.PlayCard(_card(g, "US", "Space Satellites").cid, hex="H-6"), "9.5")
    g.apply(A.PlayCard(dep.cid))
    assert g.state.cp_bonus == {"US": 1} and dep.where == "discarded"


# ------------------------------------------------------------------ what the other team sees
def test_the_other_team_never_sees_a_hidden_card(deck):
    g = _game(deck, forced=[4])
    tca = _card(g, "US", "Tactical Cyber Attack")
    _card(g, "US", "Space Satellites")
    _card(g, "US", "Unmanned Boats", where="attached", host="Inf")
    g.state.units["Inf"].attachments = ["Unmanned Boats"]
    ru = g.view("RU")
    assert ru["cards"] == [] and ru["hidden_cards"] == {"US": {"pool": 2, "attached": 1}}
    assert ru["jccs"] == {"RU": []} and "US" not in ru["jccs"]
    us = g.view("US")
    assert {c["name"] for c in us["cards"]} == {"Tactical Cyber Attack", "Space Satellites", "Unmanned Boats"}
    g.state.units["Inf"].revealed = True
    inf = next(c for c in g.view("RU")["counters"] if c.get("uid") == "Inf")
    assert inf["attachments"] == ["1 card(s)"]
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Tactical Cyber Attack"),)))
    log = json.dumps(g.log_entries("RU"))
    assert "Tactical Cyber Attack" not in log and "Space Satellites" not in log
    g.apply(A.PlayCard(tca.cid, hex="H-6", action=1))             # played: face up, public
    ru = g.view("RU")
    assert [c["name"] for c in ru["cards"]] == ["Tactical Cyber Attack"] and ru["hidden_cards"]["US"] == {
        "pool": 1, "attached": 1}
    assert "Tactical Cyber Attack" in json.dumps(g.log_entries("RU")) and "Space Satellites" not in json.dumps(
        g.log_entries("RU"))


def test_an_attached_cards_use_does_not_name_a_face_down_host(deck):
    g = _game(deck, forced=[])
    boats = _card(g, "US", "Unmanned Boats", where="attached", host="Inf")
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Unmanned Boats"),)))
    g.apply(A.PlayCard(boats.cid, hex="F-6", action=1))
    assert not g.state.units["Inf"].revealed                     # 9.34: the host stays hidden
    seen = next(c for c in g.view("RU")["cards"] if c["cid"] == boats.cid)
    assert seen["host"] is None and seen["where"] == "attached"
    assert [m["back"] for m in g.view("RU")["card_markers"]] == [False]   # a placed marker is face up


# ------------------------------------------------------------------ legal actions
def test_legal_options_offer_the_declared_card_and_the_free_use(deck):
    g = _game(deck, forced=[4, 4])
    tca, sat = _card(g, "US", "Tactical Cyber Attack"), _card(g, "US", "Space Satellites")
    sat.where, sat.deployed, sat.face_up = "deployed", True, True
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Tactical Cyber Attack"),)))
    opts = [a for a in legal_actions(g) if isinstance(a, A.PlayCard)]
    assert A.PlayCard(tca.cid, "A", (), "H-6", 1) in opts and A.PlayCard(sat.cid, "A", (), "H-6", None) in opts
    assert {a.hex for a in opts} == {"H-6", "J-9"}
    for a in opts:
        assert g.is_legal(a)
    g.apply(A.PlayCard(sat.cid, hex="J-9"))
    assert not [a for a in legal_actions(g) if isinstance(a, A.PlayCard) and a.card == sat.cid]


def test_random_games_play_cards_and_keep_round_tripping():
    from tests.sound import checked_steps
    played = 0
    for seed in range(4):
        g = load_scenario("gotland_redux", seed=seed, auto_policies={})
        with checked_steps():                     # the state invariants hold after every step
            play_random_turns(g, 2, seed)
        played += sum(1 for s in g.history.steps if isinstance(s.action, A.PlayCard))
        again = GameState.from_dict(json.loads(json.dumps(g.state.to_dict())))
        assert again.to_dict() == g.state.to_dict()
        assert g.replay().state == g.state
    assert played > 0


def test_two_cards_of_one_name_may_be_declared_but_not_a_third(deck):
    g = _game(deck, forced=[4, 4])
    a, b = _card(g, "US", "Tactical Cyber Attack"), _card(g, "US", "Tactical Cyber Attack")
    g.apply(A.BeginImpulse(B))
    _refused(g, A.Declare((A.CoreAction("play_jcc", jcc="Tactical Cyber Attack"),) * 3), "9.0", "twice")
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Tactical Cyber Attack"),) * 2))
    g.apply(A.PlayCard(a.cid, hex="H-6", action=1))
    pass_empty_windows(g)
    g.apply(A.PlayCard(b.cid, hex="J-9", action=2))
    pass_empty_windows(g)
    assert a.where == b.where == "discarded" and g.state.units["Tanya"].revealed


def test_a_card_acting_on_concealed_units_does_not_name_them_to_its_player(deck):
    g = _game(deck)
    jam, camo = _card(g, "US", "Signal Jammer"), _card(g, "RU", "Thermal Camo")
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc=jam.cid),)))
    g.apply(A.PlayCard(jam.cid, hex="H-6", action=1))
    assert g.state.units["Anna"].paralysed and not g.state.units["Anna"].revealed
    us, ru = json.dumps(g.log_entries("US")), json.dumps(g.log_entries("RU"))
    assert "Anna" not in us and "Boris" not in us and "2 concealed counters" in us and "Anna" in ru
    g.apply(A.EndImpulse())
    g.state.units["Tanya"].revealed = True
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc=camo.cid),)))
    g.dice.force([3])
    _refused(g, A.PlayCard(camo.cid, targets=("Inf",), action=1), "6.11")     # not its own, and face down
    g.apply(A.PlayCard(camo.cid, targets=("Tanya",), action=1))
    assert not g.state.units["Tanya"].revealed
    assert "J-9" in json.dumps(g.log_entries("US")[-2:]) and "Thermal Camo" in json.dumps(g.log_entries("US"))


def test_a_conceal_card_obeys_6_22_in_a_contested_hex(deck):
    g = _game(deck, units=[("Inf", "usmc_infantry_platoon", "H-6", B), ("Anna", "runi_naval_infantry_platoon", "H-6", R, True)],
              initiative="RU", forced=[1])
    camo = _card(g, "RU", "Thermal Camo")
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc=camo.cid),)))
    _refused(g, A.PlayCard(camo.cid, targets=("Anna",), action=1), "6.22")


def test_a_card_attack_at_a_concealed_enemy_does_not_name_it():
    """The refusal of a card LRS at a concealed counter names the hex, not the unit (6.11, 6.14):
    the other team may not learn who stands there by trying (the card engine's review)."""
    g = load_scenario("gotland_redux")
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Combat Air Patrols"),)))
    cap = next(c.cid for c in g.state.cards.values() if c.team == "US" and c.name == "Combat Air Patrols")
    e = _refused(g, A.PlayCard(cap, option="B", hex="AJ-22", action=1), "7.32")
    assert "Ivan Co" not in e.reason and "AJ-22" in e.reason


def test_a_nullify_card_played_on_its_own_is_refused_by_9_41():
    """A NULLIFY answers an enemy card (9.41, 9.45): played alone it is refused as such, not as
    an effect 'not simulated' (the card engine's review)."""
    g = load_scenario("gotland_redux")
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Moscow"))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Signals Management"),)))
    e = _refused(g, A.PlayCard("Signals Management", action=1), "9.41")
    assert "answer" in e.reason


def test_a_second_copy_of_a_free_attachment_on_one_host_is_refused():
    """The 9.31 EXCEPTION keeps Aegis outside the one-attachment allotment; it does not let a
    ship carry two Aegis cards (the card engine's review)."""
    g = load_scenario("gotland_redux", start="planning")
    g.apply(A.BuyCard("US", "Aegis Ballistic Missile Defense", attach_to="DDG-51"))
    e = _refused(g, A.BuyCard("US", "Aegis Ballistic Missile Defense", attach_to="DDG-51"), "9.31")
    assert "already has" in e.reason


def test_an_attached_card_bought_beyond_its_hosts_is_bought_and_waits_for_one():
    """RU has two ships that may host Ballistic Missile Defense (one copy each, 9.31).  The text
    refuses no purchase: an Attached card not assigned by the end of the Deployment Stage is
    discarded (4.33; ``test_no_dead_ends``' 4.33 test plays that end).  So a third copy is
    bought without a host, and a fourth names a host another copy may also want: both go
    through, and the pool holds all four, hostless or named."""
    g = load_scenario("gotland_redux", start="planning")
    for _ in range(3):
        g.apply(A.BuyCard("RU", "Ballistic Missile Defense"))
    ships = [u.uid for u in g.state.living("RU") if g.utype(u.uid).is_naval]
    assert len(ships) == 2
    g.apply(A.BuyCard("RU", "Ballistic Missile Defense", attach_to=ships[0]))
    bmd = [c for c in g.state.cards.values() if c.team == "RU" and c.name == "Ballistic Missile Defense"]
    assert len(bmd) == 4