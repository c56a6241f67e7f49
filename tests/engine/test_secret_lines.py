"""Log lines and refusals say only what the reading team knows (3.03, 6.11, 9.02, 14.02).

Each test plays two worlds that differ only in a fact one team may not know and asserts that
team's log (``game.log_entries(team)``, every field) is the same in both, while the
instructor still reads the full line."""
from __future__ import annotations

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked.ch14 import B, R, SSK, SSN, sea


def _since(g, n: int, team: str) -> list[dict]:
    return g.log_entries(team, since=n)


# ------------------------------------------------------------------ a roll names only what it revealed
def _engagement(boat: str, forced=(15, 15)):
    """Ling (US) attacks the submarine she suspects in C-4; the hidden RU boat there is ``boat``."""
    g = sea({"Ling": (SSN, "C-4", B), boat: (SSK, "C-4", R)}, forced=list(forced))
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Ling",)),)))
    n = len(g.state.log)
    g.apply(A.TorpedoAttack(1, "Ling", ("submarine",)))
    return g, n


def test_a_failed_detect_in_a_submarine_engagement_names_no_boat_to_the_attacker():
    (g1, n1), (g2, n2) = _engagement("Kilo 1"), _engagement("Kilo 7")
    assert not g1.state.units["Kilo 1"].revealed and not g2.state.units["Kilo 7"].revealed
    us = _since(g1, n1, "US")
    assert us == _since(g2, n2, "US")
    assert [(e["title"], e["text"]) for e in us] == [(
        "Submarine engagement: Ling",
        "Ling DETECT rolled 15: no enemy submarine DETECTED")]
    assert [(e["title"], e["text"]) for e in _since(g1, n1, "RU")] == [(
        "Submarine engagement", "a US submarine engages in C-4: Kilo 1 DETECT the US submarine (needs 8): 15")]
    assert [e["text"] for e in _since(g1, n1, "instructor")] == [
        "Ling DETECT Kilo 1 (needs 12): 15; Kilo 1 DETECT Ling (needs 8): 15"]


def test_a_successful_detect_names_the_boat_it_detected():
    g, n = _engagement("Kilo 1", forced=(5, 15, 20, 20))      # Ling DETECTs; the Kilo fails; 2 misses
    assert g.state.units["Kilo 1"].revealed
    texts = [e["text"] for e in _since(g, n, "US") if e["title"] == "Submarine engagement: Ling"]
    assert texts == ["Ling DETECT Kilo 1 (needs 12): 5; Kilo 1 DETECT Ling (needs 8): 15"]


def test_a_hidden_submarine_firing_back_is_not_named_to_the_attacker():
    (g1, n1), (g2, n2) = _engagement("Kilo 1", (15, 3, 20, 20)), _engagement("Kilo 7", (15, 3, 20, 20))
    assert g1.state.units["Ling"].revealed and not g1.state.units["Kilo 1"].revealed
    us = _since(g1, n1, "US")
    assert us == _since(g2, n2, "US")
    assert "An enemy submarine fires back" in [e["title"] for e in us]
    assert "Kilo 1 fires back" in [e["title"] for e in _since(g1, n1, "instructor")]
    assert "Kilo 1 fires back" in [e["title"] for e in _since(g1, n1, "RU")]


def _zor(boat: str, roll: int = 14):
    g = sea({"Jin": (SSN, "E-5", B), boat: (SSK, "E-6", R)}, forced=[roll])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Jin",)),)))
    n = len(g.state.log)
    g.apply(A.SubmarineZor(1, "Jin"))
    return g, n


def test_a_zor_detect_that_fails_tells_the_searcher_neither_the_boat_nor_its_detect_value():
    (g1, n1), (g2, n2) = _zor("Kilo 1"), _zor("Kilo 7")
    us = _since(g1, n1, "US")
    assert us == _since(g2, n2, "US")
    assert ("ZOR DETECT", "rolled 14: no enemy submarine DETECTED") in [(e["title"], e["text"]) for e in us]
    assert "Kilo 1 in an adjacent hex: DETECT needs 12: rolled 14: it stays hidden" in \
        [e["text"] for e in _since(g1, n1, "instructor")]
    assert "a US submarine searches around E-5: Kilo 1 stays hidden (rolled 14, needed 12)" in \
        [e["text"] for e in _since(g1, n1, "RU")]


def test_a_zor_detect_that_succeeds_names_the_boat_to_the_searcher():
    g, n = _zor("Kilo 1", roll=12)
    assert "Kilo 1 DETECTED (needs 12): rolled 12" in [e["text"] for e in _since(g, n, "US")]


def test_per_team_forms_survive_a_save_checked_on_load():
    from lcb_lab.games.lcb.game import Game
    g, n = _engagement("Kilo 1")
    back = Game.from_json(g.to_json())
    for team in ("US", "RU", "instructor"):
        assert back.log_entries(team, since=n) == _since(g, n, team)
    assert sorted(back.state.log[n]["public_for"]) == ["RU", "US"]


# ------------------------------------------------------------------ transport: a concealed host and its RP
def _rp_lift(rp: int):
    from lcb_lab.games.lcb.content.worked import ch12
    g, lift = ch12._lift_game(0, extra={"Ashore": {"type": "usmc_infantry_platoon", "hex": "J-8", "supply": {"GA": 5}}})
    g.state.units["LHA 8"].supply = {**g.state.units["LHA 8"].supply, "RP": rp}
    ch12._lift_declare(g)
    n = len(g.state.log)
    g.apply(A.PlayCard(lift, "B", ("Ashore", "rp:3"), "J-8", action=1))
    return g, n


def test_a_rotary_lift_of_rp_names_neither_the_concealed_host_nor_its_rp():
    (g1, n1), (g2, n2) = _rp_lift(20), _rp_lift(25)
    assert not g1.state.units["LHA 8"].revealed
    ru = _since(g1, n1, "RU")
    assert ru == _since(g2, n2, "RU")
    assert ("MEU Rotary Lift flies RP", "from its host") in [(e["title"], e["text"]) for e in ru]
    assert ("MEU Rotary Lift flies 3 RP from LHA 8", "deducted from the host (17 RP left)") in \
        [(e["title"], e["text"]) for e in _since(g1, n1, "instructor")]
    assert ("MEU Rotary Lift flies 3 RP from LHA 8", "deducted from the host (17 RP left)") in \
        [(e["title"], e["text"]) for e in _since(g1, n1, "US")]


# ------------------------------------------------------------------ CP: the team's own (3.12, 3.13, 9.02)
def _planning(card: str):
    from lcb_lab import load_scenario
    g = load_scenario("gotland_redux", seed=1, start="planning")
    n = len(g.state.log)
    g.apply(A.BuyCard("RU", card))
    g.apply(A.EndPlanning("RU"))
    return g, n


def test_what_a_team_spent_on_cards_is_not_in_the_other_teams_view_or_log():
    (g1, n1), (g2, n2) = _planning("Cruise Missile Strike"), _planning("Thermal Camo")
    from lcb_lab.games.lcb.model.cards import load_decks
    costs = {x: load_decks().card("RU", x).cost for x in ("Cruise Missile Strike", "Thermal Camo")}
    assert costs["Cruise Missile Strike"] != costs["Thermal Camo"]
    assert _since(g1, n1, "US") == _since(g2, n2, "US")
    assert [(e["title"], e["text"]) for e in _since(g1, n1, "US")][-1] == ("RU ends its Planning Stage", "")
    assert g1.view("US") == g2.view("US") and g1.view("US")["cp"] == {"US": 6}
    lost = 6 - costs["Cruise Missile Strike"]
    assert _since(g1, n1, "RU")[-1]["text"] == _since(g1, n1, "instructor")[-1]["text"] == \
        (f"{lost} unspent CP lost (3.13)" if lost else "every CP spent")


# ------------------------------------------------------------------ a face-down Attached card's INTERCEPT
def _intercepted(extra_cards: int):
    """Whiskey (US) fires LRS at Anna, who INTERCEPTs with her face-down Attached Pantsir;
    ``extra_cards`` hidden RU cards were bought before it (its id differs)."""
    from lcb_lab import situation
    from lcb_lab.games.lcb.rules.cards import effects as card_effects, jcc
    g = situation([("Whiskey", "usmc_himars_section", "F-8", B, True), ("Anna", "runi_naval_infantry_platoon", "F-6", R)],
                  forced=[20, 20, 20, 1, 1, 1], initiative="US")
    for _ in range(extra_cards):
        jcc.add_card(g.state, "RU", "Thermal Camo")
    pantsir = jcc.add_card(g.state, "RU", "Pantsir-SM: IAMD", where="attached", host="Anna")
    card_effects.on_attach(g._ctx(), pantsir)
    g.state.units["Anna"].revealed = True
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Whiskey",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("Whiskey", "LRS1", "Anna", 3),)))
    n = len(g.state.log)
    g.apply(g.pending.answer_from([{"interceptor": "Anna", "slot": f"{pantsir.cid}:INT1", "target": "Anna",
                                    "dice": 3}]))
    return g, n, pantsir.cid


def test_an_intercept_allocation_does_not_carry_a_face_down_attached_cards_id():
    (g1, n1, c1), (g2, n2, c2) = _intercepted(0), _intercepted(1)
    assert c1 != c2 and not g1.state.cards[c1].face_up
    us = _since(g1, n1, "US")
    assert us == _since(g2, n2, "US")
    alloc = [e for e in us if e["kind"] == "allocate"]
    assert [(e["title"], e["text"], e["data"]) for e in alloc] == [(
        "INTERCEPT allocated: Anna for Anna", "3 Attached card INT1 dice; INTERCEPT supply is spent even if unused", {})]
    full = [e for e in _since(g1, n1, "instructor") if e["kind"] == "allocate"]
    assert full[0]["data"]["slot"] == f"{c1}:INT1"
    assert [e for e in _since(g1, n1, "RU") if e["kind"] == "allocate"] == full


def test_an_lrs_allocation_from_an_attached_cards_slot_does_not_carry_its_id():
    """No packaged card gives an LRS slot; a deck may: the line is built the same way."""
    from lcb_lab import situation
    from lcb_lab.games.lcb.content.worked.ch14 import SEA
    from lcb_lab.games.lcb.rules.cards import jcc
    from lcb_lab.games.lcb.rules.combat.sequence import _log_allocations
    g = situation([("DDG", "usn_ddg_51", "C-4", B, True), ("Anna", "rubf_ddg", "C-6", R, True)], naval=SEA)
    card = jcc.add_card(g.state, "US", "Naval Strike Missile", where="attached", host="DDG")
    n = len(g.state.log)
    _log_allocations(g._ctx(), [{"shooter": "DDG", "slot": f"{card.cid}:LRS9", "target": "Anna", "dice": 2},
                                {"shooter": "DDG", "slot": "LRS1", "target": "Anna", "dice": 1}], [])
    ru = _since(g, n, "RU")
    assert [(e["title"], e["text"], e["data"]) for e in ru] == [
        ("LRS allocated: DDG -> Anna", "2 Attached card LRS9 dice committed; supply is spent now, hit or miss", {}),
        ("LRS allocated: DDG -> Anna", "1 LRS1 dice committed; supply is spent now, hit or miss",
         {"shooter": "DDG", "slot": "LRS1", "target": "Anna", "dice": 1})]
    assert _since(g, n, "US")[0]["data"]["slot"] == f"{card.cid}:LRS9"


# ------------------------------------------------------------------ what a craft carried: its team's (12.2x)
def _craft_lost(first: int, how: str):
    """A revealed US ISR marker carrying two face-down platoons ("<first> Inf", ...) is lost."""
    from lcb_lab.games.lcb.content.worked import ch12
    from lcb_lab.games.lcb.rules.markers import isr, placement
    from lcb_lab.games.lcb.rules.transport import carrying, exposed
    from lcb_lab.games.lcb.rules.transport.cargo import board
    g, card = ch12._lift_game(0, extra=ch12.infantry(2, at="J-8", first=first))
    ctx = g._ctx()
    inf = [g.state.units[f"{i} Inf"] for i in (first, first + 1)]
    n = len(g.state.log)
    if how == "lift":
        carrying.destroy_lost(ctx, inf, "US", "MEU Rotary Lift")
        return g, n
    m = placement.new_marker(ctx, "isr", "US", card, "H-8", revealed=True)
    m.hp = 1
    for u in inf:
        board(ctx, m, u)
    n = len(g.state.log)
    if how == "discard":
        exposed.discard(ctx, m, "sunk", ["12.24"])
    else:
        isr.hit(ctx, m, 1)
    return g, n


def test_units_lost_aboard_a_craft_are_counted_not_named_to_the_other_team():
    for how, line in (("lift", ("MEU Rotary Lift loses 2 unit(s)", "the GPSV the enemy's successes remove are lost "
                                "(lcb_lab's reading of 12.12: destroyed)")),
                      ("discard", ("ISR-1 is discarded with 2 unit(s) aboard", "sunk")),
                      ("hit", ("ISR-1 destroyed", "1 hit(s) on 1 HP: the marker and its card are discarded, with "
                               "2 unit(s) aboard"))):
        (g1, n1), (g2, n2) = _craft_lost(1, how), _craft_lost(11, how)
        ru = _since(g1, n1, "RU")
        assert ru == _since(g2, n2, "RU"), how
        assert (ru[0]["title"], ru[0]["text"]) == line, how
        assert "1 Inf, 2 Inf" in _since(g1, n1, "instructor")[0]["title"] + _since(g1, n1, "instructor")[0]["text"]


# ------------------------------------------------------------------ a card's face-down host (9.31)
def _fortified(host: str):
    from lcb_lab import situation
    g = situation(units={host: {"type": "usmc_infantry_platoon", "hex": "B-4"},
                         "2 Alpha": {"type": "usmc_infantry_platoon", "hex": "D-4"},
                         "1 Anna": ("runi_naval_infantry_platoon", "H-8")},
                  cards={"US": [{"name": "Combat Engineers", "attach_to": host}]})
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Combat Engineers"),)))
    n = len(g.state.log)
    g.apply(A.PlayCard("Combat Engineers", "A", hex="D-4", action=1))
    return g, n


def test_a_fortification_built_by_a_face_down_host_does_not_name_it():
    (g1, n1), (g2, n2) = _fortified("1 Alpha"), _fortified("7 Alpha")
    assert not g1.state.units["1 Alpha"].revealed
    ru = _since(g1, n1, "RU")
    assert ru == _since(g2, n2, "RU")
    assert ("Combat Engineers: Fortification level 1 in D-4",
            "built by its host; attackers' GA CV -2 on top of the terrain (7.09)") in [(e["title"], e["text"]) for e in ru]
    assert any(e["text"].startswith("built by 1 Alpha, which may not move") for e in _since(g1, n1, "instructor"))


def _lcu_seen_by(ship: str):
    from lcb_lab.games.lcb.content.worked import ch12
    g, lcu = ch12._amphib_game("Amphibious: LCU", "D-14", {**ch12.infantry(1, host="LHA 8"),
                                                           ship: {"type": "rubf_ddg", "hex": "D-20"}})
    g.apply(A.BeginImpulse(ch12.BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCU"),)))
    n = len(g.state.log)
    g.apply(A.PlayCard(lcu, "A", ("1 Inf",), "D-15", action=1))
    return g, n


def test_a_landing_craft_revealed_by_a_face_down_ships_zor_is_not_told_which_ship():
    (g1, n1), (g2, n2) = _lcu_seen_by("DDG"), _lcu_seen_by("DDG-9")
    assert not g1.state.units["DDG"].revealed
    us = _since(g1, n1, "US")
    assert us == _since(g2, n2, "US")
    assert ("Revealed: ISR-1 (Amphibious: LCU) in D-15",
            "within an enemy naval ZOR (a landing craft's marker has none of its own)") in \
        [(e["title"], e["text"]) for e in us]
    assert "within DDG's naval ZOR (a landing craft's marker has none of its own)" in \
        [e["text"] for e in _since(g1, n1, "RU")]
