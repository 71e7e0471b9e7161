"""Tillinghast: what each seat reads and sees (views, events, announcements), and a property:
a seat's view does not change with the other ghosts' hidden positions and secret choices.

Positions are set up by a small variant of the game written here (`extends
"tillinghast.rules"` with its own `setup:`), so every test starts from a
position on the village map (games/tillinghast.rules, board Village):

    A1 c  B1    C1    D1  | E1 #  F1 # | G1  | H1 c
    A2  | B2 s  C2    D2  | E2 #  F2 # | G2    H2
    A3    B3    C3  | D3 i  E3    F3  | G3 g  H3
    A4 x  B4 x  C4    D4    E4 h| F4 x G4 x| H4 g
    A5 c  B5    C5    D5    E5 h| F5 x G5 x| H5
    A6    B6  | C6 s  D6    E6    F6 h  G6 g  H6
    A7  | B7 #  C7 #| D7    E7  | F7    G7    H7 i
    A8 g| B8 #  C8 #| D8    E8 c  F8  | G8 s  H8 c

(c Cursed Ground, h Holy Ground, g Grave, s Shelter, i Illuminated, x shaded,
# empty; see the map in the rules file for every wall.)
"""
from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruledsl

from .conftest import GAMES

RULES = GAMES / "tillinghast.rules"
MILL = GAMES / "tillinghast_mill.rules"


def position(players: int, arrange: str):
    """A game whose set-up puts the ghosts where `arrange` says (rules statements, one a line)."""
    body = "\n".join("    " + line.strip() for line in arrange.strip().splitlines())
    text = f'extends "tillinghast.rules"\nsetup:\n    set placing to true\n{body}\n    set placing to false\n'
    return ruledsl.load(str(GAMES / "position.rules"), players=players, text=text).new_game(seed=0)


def play(state, *labels):
    for label in labels:
        state.apply(label)
    return state


def quiet_turn(state, take="take no cubes"):
    """The current player stays put, casts nothing and draws `take`."""
    return play(state, "go on to movement", "do not move", "end turn", take)


def new_events(state, seat, since):
    return state.events(seat)[since:]


def said(state, since, seat=None):
    """What was announced since `since` (the log less the notes of secret choices)."""
    return [e for e in state.events(seat)[since:] if not e.endswith("makes a secret choice")]


def ghost_squares(view):
    """Where the view shows ghosts: {owner: square}."""
    return {c["owner"]: sq for sq, loc in view["board"]["Village"].items()
            for c in loc["contents"] if c["kind"] == "Ghost"}


# ----------------------------------------------------------------- §3, §4.1: the hidden ghost

def test_each_seat_sees_its_own_ghost_and_no_other():
    state = ruledsl.load(str(RULES), players=3).new_game(seed=1)
    play(state, "start on G3", "start on A8", "start on H4")
    assert ghost_squares(state.view(0)) == {"P1": "G3"}
    assert ghost_squares(state.view(1)) == {"P2": "A8"}
    assert ghost_squares(state.view(None)) == {}
    for seat in range(3):
        zones = state.view(seat)["zones"]
        assert all(c["owner"] == state.game.seats[seat] for name, z in zones.items() for c in z)
    assert "P1: start on G3" not in state.events(1) and "P1 makes a secret choice" in state.events(1)
    assert not any("G3" in e for e in state.events(1) + state.events(None))


def test_a_normal_move_is_written_only_in_the_mover_s_log_and_map_book():
    state = position(2, "move ghost(P1) to C4\nmove ghost(P2) to H4")
    before = len(state.events(1))
    play(state, "go on to movement", "move D4", "end turn")
    assert ghost_squares(state.view(0)) == {"P1": "D4"}
    assert ghost_squares(state.view(1)) == {"P2": "H4"}
    seen_by_p2 = new_events(state, 1, before)
    assert seen_by_p2 == ["P1 makes a secret choice"] * 3 + ["Drawing power cubes"]
    assert state.view(0)["vars"]["track"] == {"P1": ["hour 1: moves to D4"]}
    assert state.view(1)["vars"]["track"] == {"P2": []}
    for private in ("quiet", "discorporate", "moved", "left_start", "passed_holy", "summoned_at", "track"):
        assert set(state.view(1)["vars"][private]) == {"P2"}
        assert private not in state.view(None)["vars"]
    for bookkeeping in ("cubes_due", "acting", "placing"):       # hidden: no seat is shown them
        assert all(bookkeeping not in state.view(s)["vars"] for s in (0, 1, None))


# ----------------------------------------------------------------- §4.2, §5: cubes paid and taken are public

def test_cubes_paid_and_taken_are_declared_but_not_the_spell():
    state = position(2, "move ghost(P1) to C4\nmove ghost(P2) to H4\nset P1.power to 6")
    before = len(state.events(None))
    play(state, "cast Quiet", "pay 4", "go on to movement", "do not move", "end turn", "take 1 cube")
    public = new_events(state, None, before)
    assert "P1 pays 4 cubes for a spell" in public and "P1 takes 1 cube" in public
    assert not any("Quiet" in e for e in state.events(1))
    assert "P1: cast Quiet" in state.events(0)
    assert state.view(1)["vars"]["power"] == {"P1": 3, "P2": 0}


# ----------------------------------------------------------------- §4.3: declarations are public

def test_opportunistic_declarations_are_public_and_the_spells_are_not():
    state = position(3, "move ghost(P1) to C4\nmove ghost(P2) to H4\nmove ghost(P3) to C3\n"
                        "set P2.power to 5\nset P3.power to 5")
    quiet_turn(state)
    before = len(state.events(None))
    play(state, "declare opportunistic spells", "pass")
    assert new_events(state, None, before)[-2:] == ["P2 will cast opportunistic spells", "P3 passes"]
    play(state, "cast Flee to H5", "pay 2", "end opportunistic spells")
    assert not any("H5" in e for e in state.events(0) + state.events(2))
    assert ghost_squares(state.view(1)) == {"P2": "H5"}


def test_a_spell_missing_from_the_map_cannot_be_cast():
    """§5: "A spell that is not listed on a map may not be cast in that game." A map without
    Quench and with a dearer Strike (a variant written here):"""
    text = ('extends "tillinghast.rules"\n'
            'const spell_costs = {Dissipate: 1, Discorporate: 2, Flee: 2, Illuminate: 3, Quiet: 3,'
            ' Strike: 6, Vortex: 5, Summon: 6}\n'
            'setup:\n    set placing to true\n    move ghost(P1) to D3\n    move ghost(P2) to H4\n'
            '    set P1.power to 8\n    set placing to false\n')
    state = ruledsl.load(str(GAMES / "position.rules"), players=2, text=text).new_game(seed=0)
    assert not any(label.startswith("cast Quench") for label in state.legal_labels())
    play(state, "cast Strike at D4")
    assert state.legal_labels() == ["pay 6", "pay 7", "pay 8"]


# ----------------------------------------------------------------- §5.3, §5.6: declared squares

def test_illuminate_and_quench_declare_the_square_and_change_every_map():
    state = position(2, "move ghost(P1) to C4\nmove ghost(P2) to H4\nset P1.power to 8")
    play(state, "cast Illuminate", "pay 3")
    assert "P1 illuminates C4" in state.events(1)
    assert "Illuminated" in state.view(1)["board"]["Village"]["C4"]["tags"]
    play(state, "go on to movement", "move D4")
    assert not any("D4" in e for e in state.events(1))
    state = position(2, "move ghost(P1) to D3\nmove ghost(P2) to H4\nset P1.power to 8")
    play(state, "cast Quench", "pay 4")
    assert "P1 quenches the illumination at D3" in state.events(None)
    assert "Illuminated" not in state.view(1)["board"]["Village"]["D3"]["tags"]


# ----------------------------------------------------------------- §5.5: Strike, flash, banishment

def test_a_strike_declares_its_square_banishes_and_flashes_the_squares_around_it():
    # P1 at D2 strikes C2: B2 (a Shelter, P2) resists, C1 (P3) and C3 (P4) are lit, and so is P1.
    state = position(5, "move ghost(P1) to D2\nmove ghost(P2) to B2\nmove ghost(P3) to C1\n"
                        "move ghost(P4) to C3\nmove ghost(P5) to C2\nset P1.power to 5\nset P5.power to 4")
    before = len(state.events(None))
    play(state, "cast Strike at C2", "pay 5")
    public = said(state, before)
    assert public[:3] == ["P1 pays 5 cubes for a spell", "P1 calls down a spectral strike on C2",
                          "P5's ghost is banished"]
    assert sorted(public[3:]) == ["P1: A spectral vision is seen at D2", "P3: A spectral vision is seen at C1",
                                  "P4: A spectral vision is seen at C3"]
    assert state.view(0)["vars"]["power"]["P5"] == 0
    assert state.view(0)["vars"]["banished"]["P5"] is True
    assert ghost_squares(state.view(4)) == {}                         # P5's ghost is off the map
    assert "C2" not in " ".join(state.view(0)["board"]["Village"]["C2"]["tags"])


def test_the_flash_does_not_pass_walls_and_a_quiet_caster_is_not_seen():
    # P1 at D4 strikes D3: C3 is behind a wall (P2 unseen), E3 is lit (P3 seen).
    state = position(3, "move ghost(P1) to D4\nmove ghost(P2) to C3\nmove ghost(P3) to E3\nset P1.power to 8")
    before = len(state.events(None))
    play(state, "cast Quiet", "pay 3", "cast Strike at D3", "pay 5")
    public = new_events(state, None, before)
    assert "P3: A spectral vision is seen at E3" in public
    assert not any("P2: A spectral" in e or "P1: A spectral" in e for e in public)


def test_a_banished_player_s_spirit_choice_is_secret_and_the_loss_public():
    state = position(2, "move ghost(P1) to H3\nmove ghost(P2) to G3\nset P1.power to 5\n"
                        "set P2.spirits to 2\nset P2.summoned_at to [A1, H1]")
    play(state, "cast Strike at G3", "pay 5", "lose the spirit summoned at H1")
    assert "P2 loses a summoning cube" in state.events(0)
    assert not any("H1" in e or "A1" in e for e in state.events(0))
    assert "summoned_at" not in state.view(None)["vars"]
    assert state.view(1)["vars"]["summoned_at"] == {"P2": ["A1"]}
    quiet_turn(state)
    assert "P2's ghost is banished: P2 loses this turn" in state.events(0)


# ----------------------------------------------------------------- §5.7, §5.8

def test_vortex_declares_where_it_leaves_and_the_grave_cry_where_it_lands():
    state = position(2, "move ghost(P1) to C4\nmove ghost(P2) to H4\nset P1.power to 5")
    before = len(state.events(None))
    play(state, "cast Vortex to A8", "pay 5")
    assert said(state, before) == ["P1 pays 5 cubes for a spell", "P1 vanishes in a vortex from C4",
                                               "P1: The dead seem restless."]
    assert not any("A8" in e for e in state.events(1))


def test_a_summon_is_public_but_not_its_square():
    state = position(2, "move ghost(P1) to E8\nmove ghost(P2) to H4\nset P1.power to 6")
    play(state, "cast Summon", "pay 6")
    assert "P1 summons an elemental spirit (1 of 4)" in state.events(1)
    assert not any("E8" in e for e in state.events(1))
    assert state.view(1)["vars"]["spirits"] == {"P1": 1, "P2": 0}


# ----------------------------------------------------------------- §6.4, §6.5, §5.4

def test_a_ghost_that_stays_on_its_grave_says_so_at_the_end_of_its_movement():
    state = position(2, "move ghost(P1) to G3\nmove ghost(P2) to H4")
    play(state, "go on to movement", "do not move")
    assert "P1: The dead seem restless." not in state.events(1)
    play(state, "end turn")
    assert state.events(1)[-3:] == ["P1 makes a secret choice", "P1: The dead seem restless.", "Drawing power cubes"]


def test_entering_a_grave_or_a_lit_square_is_cried_unless_quiet():
    state = position(2, "move ghost(P1) to H3\nmove ghost(P2) to C4")
    play(state, "go on to movement", "move G3")
    assert state.events(1)[-1] == "P1: The dead seem restless."
    play(state, "end turn", "take 1 cube", "go on to movement", "move D4", "end turn", "take 1 cube",
         "pass", "go on to movement", "move H3", "end turn", "take 1 cube", "pass", "go on to movement", "move D3")
    assert state.events(0)[-1] == "P2: A spectral vision is seen at D3"
    state = position(2, "move ghost(P1) to D4\nmove ghost(P2) to H4\nset P1.power to 8")
    play(state, "cast Quiet", "pay 3", "go on to movement", "move D3", "cast Vortex to G3", "pay 5", "end turn")
    assert not any("spectral vision" in e or "restless" in e for e in state.events(1))


def test_a_grave_entered_in_the_opportunistic_phase_is_cried():
    state = position(2, "move ghost(P1) to C4\nmove ghost(P2) to H3\nset P2.power to 2")
    quiet_turn(state)
    play(state, "declare opportunistic spells", "cast Flee to G3", "pay 2")
    assert state.events(0)[-1] == "P2: The dead seem restless."


def test_a_lit_shelter_hides_the_ghost_that_enters_it():
    state = position(2, "move ghost(P1) to C2\nmove ghost(P2) to H4\nmark B2 as Illuminated")
    play(state, "go on to movement", "move B2", "end turn")
    assert not any("spectral vision" in e for e in state.events(1))


# ----------------------------------------------------------------- §7.3 Spectral Light

def test_spectral_light_shows_every_ghost_but_the_sheltered_and_the_banished_even_if_quiet():
    # hour 8 is a Spectral Light hour; P3 is Quiet from the last opportunistic phase.
    state = position(4, "set hour to 7\nmove ghost(P1) to C4\nmove ghost(P2) to B2\nmove ghost(P3) to E3\n"
                        "move ghost(P4) to D4\nset P4.power to 5\nset P3.power to 3")
    quiet_turn(state)
    play(state, "pass", "pass")                                        # P3, P4 after P1's turn
    quiet_turn(state)
    play(state, "pass", "pass")                                        # P3, P4 after P2's turn
    quiet_turn(state)
    play(state, "pass")                                                # P4 after P3's turn
    # P4 banishes P1, then P3 casts Quiet in P4's opportunistic phase
    play(state, "cast Strike at C4", "pay 5", "go on to movement", "do not move", "end turn", "take 2 cubes")
    play(state, "declare opportunistic spells", "cast Quiet", "pay 3", "end opportunistic spells")
    light = state.events(None)[state.events(None).index("Hour 8: Spectral Light fills the village"):]
    assert light[:3] == ["Hour 8: Spectral Light fills the village",
                     "P3: A spectral vision is seen at E3", "P4: A spectral vision is seen at D4"]


# ----------------------------------------------------------------- §4.4 the end

def test_at_the_end_every_round_track_is_laid_open():
    state = position(2, "set hour to 35\nmove ghost(P1) to C4\nmove ghost(P2) to H4\n"
                        "set P1.track to [\"start: G3\"]\nset P2.track to [\"start: H4\"]")
    assert "P1" not in state.view(1)["vars"]["track"]
    play(state, "go on to movement", "move D4", "end turn", "take 1 cube")
    play(state, "go on to movement", "do not move", "end turn", "take 2 cubes", "pass")
    assert state.is_terminal()
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["vars"]["track"] == {"P1": ["start: G3", "hour 36: moves to D4"], "P2": ["start: H4"]}
    assert "P1's round track: start: G3, hour 36: moves to D4" in state.events(None)
    assert state.returns() == [0.0, 1.0]                               # a tie: P2 has more power


# ----------------------------------------------------------------- the property

SQUARE = re.compile(r"\b[A-I][1-8]\b")
SECRET_SPELLS = re.compile(r"^cast (Dissipate|Discorporate|Quiet|Flee to \w+)$")


def public_class(label: str) -> str:
    """Labels whose choice the other seats cannot tell apart (at the moment it is made)."""
    if SECRET_SPELLS.match(label):
        return "secret spell"
    if label.startswith(("start on", "return on", "lose the spirit", "cast Vortex to")) or \
            label.startswith("move") or label == "do not move":
        return SQUARE.sub("*", label.replace("do not move", "move *"))
    return label


def coupled_games(path, players: int, observer: int, seed: int, steps: int, lookahead: int = 6):
    """Play game A at random; then play game B alongside it, with the observer's choices equal
    and every other seat choosing again, where it can, among choices that look the same to the
    others (a choice is kept only if B can then follow A's next few actions with the same
    public log). Yields (a, b) after each step while the public logs are equal."""
    game = ruledsl.load(str(path), players=players)
    rng = random.Random(seed)
    a = game.new_game(seed=seed)
    labels, public_len = [], []
    while len(labels) < steps and not a.is_terminal():
        labels.append(rng.choice(a.legal_labels()))
        a.apply(labels[-1])
        public_len.append(len(a.events(None)))
    public = a.events(None)

    def follows(state, start):
        for i in range(start, min(start + lookahead, len(labels))):
            if state.events(None) != public[:public_len[i - 1]]:
                return False
            if state.is_terminal() or labels[i] not in state.legal_labels():
                return True
            state.apply(labels[i])
        return True

    a, b = game.new_game(seed=seed), game.new_game(seed=seed)
    for i, la in enumerate(labels):
        if a.current_player != b.current_player:
            return
        seat = a.current_player
        a.apply(la)
        lb = la
        if seat != observer:
            same = [label for label in b.legal_labels() if public_class(label) == public_class(la)]
            rng.shuffle(same)
            lb = next((label for label in same if follows(b.clone().apply(label), i + 1)), None)
            if lb is None:
                lb = la if la in b.legal_labels() else rng.choice(b.legal_labels())
        b.apply(lb)
        if a.events(None) != b.events(None) or a.current_player != b.current_player:
            # told apart: by the log, or by who acts next (a seat that chose a spell pays for it
            # at once; one that ended its spells does not), which every seat sees
            return
        yield a, b


SQ = r"[A-I][1-8]"
PUBLIC = re.compile("|".join([
    r"P\d makes a secret choice", r"P\d's turn",
    r"Movement and spell-casting", r"Drawing power cubes", r"Opportunistic spells",
    r"P\d pays (1 cube|[2-8] cubes) for a spell", r"P\d takes (no cubes|1 cube|[2-8] cubes)",
    r"P\d returns (no cubes|1 cube|[2-8] cubes)",
    r"P\d will cast opportunistic spells", r"P\d passes",
    r"P\d: The dead seem restless\.", rf"P\d: A spectral vision is seen at {SQ}",
    rf"P\d illuminates {SQ}", rf"P\d quenches the illumination at {SQ}",
    rf"P\d calls down a spectral strike on {SQ}", rf"P\d vanishes in a vortex from {SQ}",
    r"P\d's ghost is banished", r"P\d's ghost is banished: P\d loses this turn",
    r"P\d loses a summoning cube", r"P\d's ghost returns from banishment",
    r"P\d summons an elemental spirit \([1-4] of 4\)",
    r"Hour \d+ is a (Cursed|Holy) hour", r"Hour \d+: Spectral Light fills the village",
]))


def assert_same_view(a, b, observer):
    assert all(PUBLIC.fullmatch(e) for e in a.events(None)), [e for e in a.events(None) if not PUBLIC.fullmatch(e)]
    assert a.view(observer) == b.view(observer)
    assert a.events(observer) == b.events(observer)
    assert a.view(None) == b.view(None)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3, 5]), observer=st.integers(0, 4), seed=st.integers(0, 2**32))
def test_a_seat_s_view_ignores_other_ghosts_hidden_squares_and_secret_choices(players, observer, seed):
    observer %= players
    for a, b in coupled_games(RULES, players, observer, seed, steps=250):
        assert_same_view(a, b, observer)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 4]), seed=st.integers(0, 2**32))
def test_the_mill_keeps_the_same_secrets(players, seed):
    for a, b in coupled_games(MILL, players, 0, seed, steps=150):
        assert_same_view(a, b, 0)


def test_the_coupled_games_really_differ_in_secret():
    """The property has teeth: the two games often differ where others cannot see."""
    differing = 0
    for seed in range(6):
        for a, b in coupled_games(RULES, 3, 0, seed, steps=250):
            if a.view(1) != b.view(1) or a.view(2) != b.view(2):
                differing += 1
                assert ghost_squares(a.view(0)) == ghost_squares(b.view(0))
    assert differing > 100


# ----------------------------------------------------------------- purposeful play reaches every ending

STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


class SummoningBot:
    """Walks (from what its own view shows) to Cursed Ground it has not used, summons there,
    strikes now and then, and always takes every cube it may: enough to play whole games
    that end by a fourth spirit, with strikes and banishments along the way."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def distances(self, board, targets):
        at = {(loc["column"], loc["row"]): name for name, loc in board.items()}
        dist = {t: 0 for t in targets}
        frontier = list(targets)
        while frontier:                                           # paths are two-way: walk back from the targets
            nxt = []
            for name in frontier:
                loc = board[name]
                for d in loc["exits"]:
                    dx, dy = STEP[d]
                    other = at.get((loc["column"] + dx, loc["row"] + dy))
                    if other is not None and other not in dist:
                        dist[other] = dist[name] + 1
                        nxt.append(other)
            frontier = nxt
        return dist

    def choose(self, state):
        seat = state.current_player
        view = state.view(seat)
        labels = view["actions"]
        me = view["seat"]
        pick = lambda label: next(a for a in state.legal_actions() if a.label == label)
        if "cast Summon" in labels:
            return pick("cast Summon")
        strikes = [l for l in labels if l.startswith("cast Strike at")]
        if strikes and self.rng.random() < 0.3:
            return pick(self.rng.choice(strikes))
        for prefix, best in (("pay ", min), ("take ", max)):
            amounts = [l for l in labels if l.startswith(prefix)]
            if amounts:
                value = lambda l: 0 if "no cubes" in l else int(re.search(r"\d+", l).group())
                return pick(best(amounts, key=value))
        for label in ("go on to movement", "end turn", "end opportunistic spells", "pass"):
            if label in labels:
                return pick(label)
        moves = [l for l in labels if l.startswith("move ")]
        if moves:
            board = view["board"]["Village"]
            used = view["vars"]["summoned_at"][me]
            targets = [sq for sq, loc in board.items() if "CursedGround" in loc["tags"] and sq not in used]
            dist = self.distances(board, targets)
            here = next(sq for sq, loc in board.items() if any(c.get("owner") == me for c in loc["contents"]))
            best = min(moves, key=lambda l: dist.get(l[5:], 99))
            if dist.get(here, 99) <= dist.get(best[5:], 99):
                return pick("do not move")
            return pick(best)
        return self.rng.choice(state.legal_actions())


def test_purposeful_games_end_by_a_fourth_spirit_with_strikes_and_banishments():
    from ruledsl.agents import play_out
    endings, banished = [], 0
    for path, players in ((RULES, 2), (RULES, 3), (MILL, 3), (RULES, 5)):
        game = ruledsl.load(str(path), players=players)
        for seed in range(3):
            state = game.new_game(seed=seed)
            assert play_out(state, {s: SummoningBot(seed * 10 + s) for s in range(players)}, max_actions=20000)
            public = state.view(None)["vars"]
            endings.append(public["fourth_spirit_summoned"])
            banished += sum(public["banishments"].values())
            if public["fourth_spirit_summoned"]:
                assert max(public["spirits"].values()) >= 3
                assert state.returns().count(1.0) == 1
    assert sum(endings) >= 6, endings
    assert banished > 0
