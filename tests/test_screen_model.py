"""A seat's screen (ruledsl.present) holds every field the seat may see, as view(seat) holds it, in the
rules' words: a property over random states of every bundled game, and the screen as the terminal
prints it."""
from __future__ import annotations

import io
import json
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from rich.console import Console

import ruledsl
from ruledsl.cli.render import render_menu, render_screen
from ruledsl.ir.labels import readable
from ruledsl.present import screen_of
from ruledsl.present.model import Group, Piece, groups
from ruledsl.present.texts import tables_of, text_of

from .conftest import BUNDLED

SOME = settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))


def played(path, seed: int, steps: int):
    """A state of the game after up to `steps` random actions (a seed of its own)."""
    game = ruledsl.load(str(path))
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_labels()))
    return state


def _same_piece(t, piece, comp: dict) -> None:
    assert piece.face_down == bool(comp.get("hidden")), (piece, comp)
    fields = {f.key: f for f in piece.fields}
    assert set(fields) == set(comp.get("fields", {})), (piece, comp)       # every field the seat may see
    for name, value in comp.get("fields", {}).items():
        typ = t.field_types.get((comp["kind"], name), "")
        assert fields[name].text == text_of(t, value, typ) and fields[name].value == value
    if not comp.get("hidden"):
        assert piece.id == comp["id"]


def check_screen(state, seat) -> None:
    view = state.view(seat)
    screen = screen_of(state, seat)
    t = tables_of(state.game)
    zones = {z.key: z for z in screen.zones}
    assert set(zones) == set(view["zones"])
    for key, contents in view["zones"].items():
        assert len(zones[key].pieces) == len(contents)
        for piece, comp in zip(zones[key].pieces, contents):
            _same_piece(t, piece, comp)
    places = {p.key: p for b in screen.boards for p in b.places}
    for board in view["board"].values():
        for key, place in board.items():
            assert len(places[key].pieces) == len(place["contents"])
            for piece, comp in zip(places[key].pieces, place["contents"]):
                _same_piece(t, piece, comp)
            assert places[key].label == place["label"]
    values = {v.key: v for v in screen.values}
    assert set(values) == set(view["vars"])
    for key, value in view["vars"].items():
        if isinstance(value, dict) and values[key].per_player:
            assert [who for who, _text, _lines in values[key].entries] == [t.seat(s) for s in value]
    labels = view.get("actions")
    assert (screen.decision is None) == (not labels)
    if labels:
        assert [o.label for o in screen.decision.options] == labels
    assert screen.log == tuple(view["log"])
    json.dumps(screen.to_json())                        # plain data, for a web page as for the terminal
    assert json.dumps(screen.to_json()) == json.dumps(attrs.asdict(screen))     # its own walk: what attrs gives, as JSON
    # In the rules' words: every zone, variable and board by a label the rules give or a plain word.
    for key, zone in zones.items():
        decl = state.prog.places[[p.name for p in state.prog.places].index(key)].decl_name
        assert t.labels.given(decl) is not None or readable(decl), key
        assert "." not in zone.label and "_" not in zone.label
    for value in screen.values:
        assert "_" not in value.label
    # Printed, the screen shows each piece with its details (the backs of face-down ones included).
    console = Console(width=500, file=io.StringIO(), record=True)
    console.print(render_screen(screen, width=500))
    if screen.decision is not None:
        console.print(render_menu(screen.decision))
    printed = console.export_text()
    for zone in screen.zones:
        for group in zone.groups():
            assert group.piece.full in printed, (zone.label, group.piece.full)
    for value in screen.values:
        assert value.label in printed


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
@SOME
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120), seat=st.integers(-1, 5))
def test_the_screen_holds_what_the_view_holds(path, seed, steps, seat):
    state = played(path, seed, steps)
    who = None if seat < 0 else seat % state.game.players
    check_screen(state, who)


def test_a_face_down_card_shows_its_public_back():
    """The Shining's visions lie face down, not even their owner sees them: their ranges show."""
    state = played(BUNDLED[[p.stem for p in BUNDLED].index("shining")], 3, 12)
    [visions] = [z for z in screen_of(state, 0).zones if z.key == "Red.visions"]
    assert visions.label == "Shining cards" and visions.mine
    assert all(p.face_down and p.text == "Shining card" for p in visions.pieces)
    assert all(p.full.startswith("Shining card (face down, range ") for p in visions.pieces)


def test_a_track_is_shown_entry_by_entry():
    """Tillinghast's round track, private to its seat, is on its screen line by line."""
    path = BUNDLED[[p.stem for p in BUNDLED].index("tillinghast")]
    state = played(path, 5, 30)
    view = state.view(0)
    [track] = [v for v in screen_of(state, 0).values if v.key == "track"]
    assert track.label == "round track" and track.form == "track"
    assert track.entries == (("P1", ", ".join(view["vars"]["track"]["P1"]), tuple(view["vars"]["track"]["P1"])),)
    assert len(track.entries[0][2]) >= 1


def test_alike_pieces_of_an_ordered_place_are_counted_only_side_by_side():
    """In a row the order of the pieces is what matters: the second card is listed second."""
    card = Piece("card", "card", face_down=True)
    three = Piece("3", "card")
    assert groups((card, three, card, card), ordered=True) == [Group(card), Group(three), Group(card, 2)]
    assert groups((card, three, card, card), ordered=False) == [Group(card, 3), Group(three)]


ROW = '''game "Row"
players 2
kind Card:
    value: int
zone hand: hand of Card, per player:
    Card(value: v) for each v in [1, 3, 2, 4]
zone program: row of Card, per player
flow:
    turn P1:
        move contents(P1.hand) to P1.program
        reveal contents(P1.program)[1]
        announce "card 2 is a {contents(P1.program)[1].value}"
        choose n from [1] as "go":
            win [P1]
'''


def test_the_line_view_lists_a_row_in_its_order(tmp_rules):
    """Issue 43: alike face-down cards of a row were counted together, so the card the log called
    the second was listed fourth."""
    from .test_cli_play import play
    out = play(tmp_rules("row.rules", ROW), "--seed", "1", "--line", input="quit\nn\n").output
    assert "card 2 is a 2" in out        # (a hand moved whole lands in the order of how its cards read)
    assert "program   Card (face down), 2, Card (face down) ×2" in out


def test_the_decision_says_what_led_to_it_and_what_the_seat_is_resolving():
    from ruledsl.present.build import context
    log = ["Red: program A, B", "Red turns over Move 2", "Blue turns over Rotate 90", "Red's turn", "Red: move C6",
           "Red's pawn moves from D6 to C6"]
    assert context(log, "Red") == ("Red turns over Move 2", "Red: move C6", "Red's pawn moves from D6 to C6")
    log += ["Blue's turn", "Blue: rotate B2", "a corner on B2 is turned"]
    assert context(log, "Red") == ("Red turns over Move 2", "Blue: rotate B2", "a corner on B2 is turned")
    log += ["Red: move C7", "Red's pawn moves from C6 to C7", "Red turns over Rotate 90"]
    assert context(log, "Red")[0] == "Red: move C7"      # something it did is among the last lines
    assert context(["Redder turns", "a", "b", "c"], "Red") == ("a", "b", "c")      # a name as a whole word only
    assert context(["Red: x", "a"], "Red", most=3) == ("Red: x", "a")


def test_in_the_haunting_house_every_card_resolved_is_named_beside_its_decision():
    """The issue's complaint: a long list ("B2 ›, C2 ›") no longer said which card was being resolved."""
    game = ruledsl.load(str(next(p for p in BUNDLED if p.stem == "haunting_house")))
    state, rng, seen = game.new_game(seed=1), random.Random(1), 0
    while not state.is_terminal():
        if state.current_player == 0 and any(line.startswith("Red turns over") for line in state.view(0)["log"]):
            decision = screen_of(state, 0).decision
            if not decision.options[0].label.startswith("program"):
                seen += 1
                assert any(line.startswith("Red turns over") for line in decision.context), decision
        state.apply(rng.choice(state.legal_labels()))
    assert seen > 10
