"""Boards drawn: graph boards in the terminal (where each location leads, who stands there), and
`ruledsl draw` pictures (needs the plots extra)."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from rich.console import Console

import ruledsl
from ruledsl.cli.main import cli
from ruledsl.cli.render import render_screen
from ruledsl.present import screen_of

from .conftest import GAMES

GRAPH = '''game "Stations"
players 2
var open: bool = false
var at: location = S1, per player, visible to owner
kind Pawn, shown as "{owner}'s pawn":
    size: int = 1
kind Ticket:
    worth: int = 1
zone start_hand: hand of Ticket, per player:
    Ticket(worth: 3)
board Map:
    edge road, ferry
    location S1 "Harbour"
    location S2 "Market" is Busy
    location S3 "Hill"
    road: S1 - S2 - S3
    ferry: S3 -> S1 when open
flow:
    turn P1:
        choose p from [1]:
            set open to true
    win [P1]
setup:
    let t = first(contents(P1.start_hand))
    quietly:
        move t to S2 face down
    show t to [P1]
'''


def text_of(state, seat, width=100) -> str:
    console = Console(width=width, record=True)
    console.print(render_screen(screen_of(state, seat), width=width))
    return console.export_text()


def test_seats_stand_where_their_location_variables_say_as_far_as_the_seat_sees(tmp_rules):
    state = ruledsl.load(tmp_rules("g.rules", GRAPH), 2).new_game()
    harbour = next(line for line in text_of(state, 1).splitlines() if "Harbour" in line)
    assert "P2" in harbour and "P1" not in harbour           # P1's place is P1's own secret


def test_a_graph_board_shows_where_each_location_leads_by_labels(tmp_rules):
    state = ruledsl.load(tmp_rules("g.rules", GRAPH), 2).new_game()
    text = text_of(state, 0)
    assert "Harbour" in text and "road: Market" in text and "S1" not in text
    assert "Hill" in text and "road: Market" in text
    assert "ferry" not in text                              # the ferry runs only when open
    state.apply(0)
    assert "ferry: → Harbour" in text_of(state, 0)          # one way, now open


def test_a_graph_board_shows_what_lies_there_as_the_seat_sees_it(tmp_rules):
    state = ruledsl.load(tmp_rules("g.rules", GRAPH), 2).new_game()
    row = next(line for line in text_of(state, 0).splitlines() if "Market" in line and "Busy" in line)
    assert "3" in row                                       # P1 sees its own ticket's face
    row = next(line for line in text_of(state, 1).splitlines() if "Market" in line and "Busy" in line)
    assert "Ticket (face down)" in row and " 3 " not in row


def test_connections_are_the_steps_that_exist_now(tmp_rules):
    state = ruledsl.load(tmp_rules("g.rules", GRAPH), 2).new_game()
    assert state.connections()["Map"]["S3"] == [("S2", "road", True)]
    state.apply(0)
    assert state.connections("Map")["Map"]["S3"] == [("S2", "road", True), ("S1", "ferry", False)]


@pytest.fixture
def plots():
    return pytest.importorskip("matplotlib")


@pytest.mark.parametrize("game", ["shining.rules", "unrelenting_other.rules", "tillinghast.rules"])
def test_draw_writes_an_svg_with_every_location_labelled(plots, tmp_path, game):
    out = tmp_path / "board.svg"
    result = CliRunner().invoke(cli, ["draw", str(GAMES / game), "--seed", "3", "--seat", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    texts = "".join(ET.fromstring(svg).itertext())          # well-formed, its words as text
    loaded = ruledsl.load(str(GAMES / game))
    board = next(iter(loaded.program.compiled_boards))
    labels = [loc["label"] for loc in loaded.new_game(seed=3).view(0)["board"][board].values()]
    assert labels and all(word in texts for label in labels for word in label.split())


def test_draw_shows_only_what_the_seat_sees(plots, tmp_rules, tmp_path):
    path = tmp_rules("g.rules", GRAPH)
    mine, theirs = tmp_path / "p1.svg", tmp_path / "p2.svg"
    for seat, out in (("1", mine), ("2", theirs)):
        result = CliRunner().invoke(cli, ["draw", path, "--seat", seat, "-o", str(out)])
        assert result.exit_code == 0, result.output
    assert "Ticket (face down)" in theirs.read_text() and "Ticket (face down)" not in mine.read_text()


def test_draw_writes_png_and_refuses_other_formats(plots, tmp_rules, tmp_path):
    path = tmp_rules("g.rules", GRAPH)
    out = tmp_path / "b.png"
    assert CliRunner().invoke(cli, ["draw", path, "-o", str(out)]).exit_code == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    bad = CliRunner().invoke(cli, ["draw", path, "-o", str(tmp_path / "b.gif")])
    assert bad.exit_code != 0 and ".svg, .png or .pdf" in bad.output


def test_draw_names_the_boards_when_one_is_missing(plots, tmp_rules, tmp_path):
    result = CliRunner().invoke(cli, ["draw", tmp_rules("g.rules", GRAPH), "--board", "Nope", "-o", str(tmp_path / "x.svg")])
    assert result.exit_code != 0 and "the boards are Map" in result.output


@pytest.mark.parametrize("game", ["unrelenting_other.rules", "shining.rules", "haunting_house.rules",
                                  "tillinghast.rules"])
@pytest.mark.parametrize("placed", [True, False], ids=["at", "force"])
def test_no_two_places_overlap_in_a_picture(game, placed):
    """Where the rules place the locations (`at`), and where a force layout must (the same board
    with its `at`s left out): no two boxes overlap (The Unrelenting Other's F1-7, F1-9, F1-10 did)."""
    from ruledsl.cli.picture import clear_of_each_other
    from ruledsl.present import screen_of
    loaded = ruledsl.load(str(GAMES / game))
    state = loaded.new_game(seed=3)
    for board in screen_of(state, 0).boards:
        decl = loaded.definition.boards[board.key]
        given = {loc.name: loc.at for loc in decl.locations if loc.at is not None} if placed else {}
        assert clear_of_each_other(board, loaded.program.compiled_boards[board.key], given)


def test_nothing_written_in_a_picture_is_cut(plots, tmp_path):
    """The Haunting House's tiles ("a T-junction with a trap door (room Trap Door)") are written whole."""
    import random
    loaded = ruledsl.load(str(GAMES / "haunting_house.rules"))
    state = loaded.new_game(seed=3)
    rng = random.Random(3)
    for _ in range(4):
        state.apply(rng.choice(state.legal_labels()))
    record = tmp_path / "r.json"
    record.write_text(__import__("json").dumps(state.record()))
    out = tmp_path / "h.svg"
    result = CliRunner().invoke(cli, ["draw", str(GAMES / "haunting_house.rules"), "--record", str(record),
                                      "--seat", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    words = " ".join("".join(ET.fromstring(out.read_text(encoding="utf-8")).itertext()).split())
    from ruledsl.present import screen_of
    [board] = screen_of(state, 0).boards
    texts = [g.text for p in board.places for g in p.groups()]
    assert any("with a trap door" in t for t in texts)
    assert all(t in words for t in texts) and "…" not in words
