"""Grid boards drawn as maps: walls where no step joins two squares, tile paths as pictures."""
from __future__ import annotations

import ruledsl
from ruledsl.cli.boardmap import path_picture, render_map
from ruledsl.present import screen_of

WALLED = '''game "Walls"
players 2
kind Pawn
zone box: area of Pawn, per player:
    Pawn
board Town grid:
    legend:
        "g": Grave
    map: """
+---+---+
| g |   |
+   +---+
|       |
+---+---+
"""
setup:
    for each p in players:
        move first(contents(p.box)) to A2
flow:
    turn P1:
        choose sq from [A1, B2] as "go {sq}":
            win [P1]
'''

TILES = '''game "Tiles"
players 2
enum Room: Hall, Trap "Trap Door"
kind Tile:
    open: list of direction
    room: Room = Hall
zone tiles: area of Tile:
    Tile(open: [N, E])
    Tile(open: [W, S], room: Trap)
board House grid:
    legend:
        "t": Floor
    map: """
t t
"""
    connect orthogonal(a, b, d) when any(each t in at(a, Tile) where d in t.open) and any(each t in at(b, Tile) where opposite(d) in t.open)
setup:
    move first(contents(tiles)) to A1
    move first(contents(tiles)) to B1
flow:
    turn P1:
        choose n from [90, 180] as "turn {n}":
            rotate first(at(B1, Tile)) by n
        win [P1]
'''


def draw(tmp_rules, text, seat=0, width=60, actions=()):
    game = ruledsl.load(tmp_rules("g.rules", text), 2)
    state = game.new_game(seed=1)
    for label in actions:
        state.apply(label)
    [board] = screen_of(state, seat).boards
    return str(render_map(board, width)).splitlines()


def test_a_path_picture_leaves_the_middle_towards_open_sides():
    assert path_picture(["N", "E"]) == ["  │  ", "  └──", "     "]
    assert path_picture(["W", "E", "S", "N"]) == ["  │  ", "──┼──", "  │  "]
    assert path_picture([]) == ["     ", "  ·  ", "     "]


def test_walls_are_drawn_where_no_step_joins_two_squares(tmp_rules):
    lines = draw(tmp_rules, WALLED)
    [a1] = [line for line in lines if "A1" in line]
    assert a1.startswith("|A1 Grave") and a1.count("|") == 3          # a wall between A1 and B1
    [a2] = [line for line in lines if "A2" in line]
    assert a2.count("|") == 2                                        # A2 and B2 open into each other
    border = lines[lines.index(a1) + 1]
    cell = border.index("+", 1)
    assert border[1:cell].strip() == "" and "-" in border[cell:]      # A1 opens down, B1 does not


def test_pieces_are_shown_by_their_owner(tmp_rules):
    lines = draw(tmp_rules, WALLED)
    below_a2 = lines[[i for i, line in enumerate(lines) if "A2" in line][0] + 1]
    assert "P1" in below_a2 and "P2" in lines[[i for i, line in enumerate(lines) if "A2" in line][0] + 2]


def test_tiles_draw_their_paths_and_walls_follow_them(tmp_rules):
    before = draw(tmp_rules, TILES)
    assert any("└──" in line and "──┐" in line for line in before)   # A1 opens N,E; B1 opens W,S
    assert any("Trap Door" in line for line in before)                 # a field away from its default
    assert not any("Hall" in line for line in before)                  # a field at its default is not
    [row] = [line for line in before if "A1" in line]
    assert row.count("|") == 2                                         # E of A1 meets W of B1: open
    after = draw(tmp_rules, TILES, actions=["turn 180"])               # B1 now opens E,N
    [row] = [line for line in after if "A1" in line]
    assert row.count("|") == 3


def test_a_map_too_wide_for_the_screen_is_not_drawn(tmp_rules):
    game = ruledsl.load(tmp_rules("g.rules", WALLED), 2)
    [board] = screen_of(game.new_game(seed=1), 0).boards
    assert render_map(board, width=12) is None


def test_a_tiles_name_is_left_to_its_picture_and_common_tags_are_said_once(tmp_rules):
    named = TILES.replace("    room: Room = Hall\n", "    room: Room = Hall\n    name: text = \"a tile\"\n")
    lines = draw(tmp_rules, named)
    assert not any("a tile" in line for line in lines)
    assert lines[-1] == "Squares not marked otherwise are Floor."
    assert not any("Floor" in line for line in lines[:-1])


LONG_TAGS = WALLED.replace('"g": Grave', '"g": HallowedGround').replace(
    "kind Pawn\n", "kind Pawn\nlabel HallowedGround \"Hallowed Ground\"\n")


def test_a_label_too_long_for_its_square_is_shortened_and_said_in_a_legend(tmp_rules):
    lines = draw(tmp_rules, LONG_TAGS, width=30)
    [a1] = [line for line in lines if "A1" in line]
    assert "|A1 HG" in a1 and "Hallowed" not in a1
    assert lines[1] == "Shortened: HG Hallowed Ground"
