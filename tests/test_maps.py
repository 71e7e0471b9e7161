"""ASCII maps and compiled boards: squares, walls, void, edge kinds."""
from __future__ import annotations

from ruledsl.ir.build import build_text
from ruledsl.ir.boards import compile_board
from ruledsl.ir.maps import square_name

WALLED = '''board V grid:
    legend:
        "g": Grave, Illuminated
        "#": void
    map: """
+---+---+---+
| g   . | g |
+   +---+   +
| #   .   . |
+---+---+---+
"""
'''


def board(text):
    decl = build_text(text).decls[0]
    compiled, problems = compile_board(decl)
    assert problems == []
    return compiled


def kinds(b, a, c):
    return sorted(d["kind"] for d in b.graph.get_edge_data(a, c, default={}).values())


def test_square_names():
    assert [square_name(c, 1) for c in (1, 2, 26, 27, 28)] == ["A1", "B1", "Z1", "AA1", "AB1"]


def test_walled_map_squares_tags_and_walls():
    b = board(WALLED)
    assert sorted(b.locations) == ["A1", "B1", "B2", "C1", "C2"]
    assert b.locations["A1"].tags == frozenset({"Grave", "Illuminated"})
    assert (b.locations["C2"].column, b.locations["C2"].row) == (3, 2)
    assert kinds(b, "A1", "B1") == ["orthogonal"]
    assert kinds(b, "B1", "C1") == ["wall"]
    assert kinds(b, "B1", "B2") == ["wall"]
    assert kinds(b, "C1", "C2") == ["orthogonal"]
    assert kinds(b, "B1", "C2") == ["diagonal"]
    assert kinds(b, "A1", "A2") == []  # A2 is void


def test_plain_map_has_no_walls():
    b = board('board P grid:\n    map: """\n. . .\n. . .\n"""\n')
    assert len(b.locations) == 6
    assert {d["kind"] for _, _, d in b.graph.edges(data=True)} == {"orthogonal", "diagonal"}
    assert b.graph.get_edge_data("A1", "B1")[0]["direction"] == "E"


def test_graph_board_edges_both_ways_and_one_way():
    b = board('board H:\n    edge hall, chute\n    location A\n    location B\n    location C\n'
              '    hall: A - B\n    chute: B -> C when true\n')
    assert kinds(b, "A", "B") == kinds(b, "B", "A") == ["hall"]
    assert kinds(b, "B", "C") == ["chute"] and kinds(b, "C", "B") == []
    assert b.graph.get_edge_data("B", "C")[0]["when"] is not None
