"""Grid boards: squares from the map, tags from the legend, the three grid edge kinds."""
from __future__ import annotations

from ..errors import Diagnostic
from . import nodes as n
from .places import OFFSETS, Board, Location
from .maps import parse_map, square_name

PLAIN_GLYPHS = ("", ".")
GRID_MODES = ("orthogonal", "wall", "diagonal")


def build_grid(decl: n.BoardDecl) -> tuple[Board, list[Diagnostic]]:
    problems: list[Diagnostic] = []
    steps: list = []
    if decl.map is None:
        problems.append(Diagnostic("error", decl.span, f"grid board {decl.name} has no map",
                                   'draw it: map: """ … """'))
        return Board(decl.name, True, {}, steps, GRID_MODES), problems
    for loc in decl.locations:
        problems.append(Diagnostic("error", loc.span, "a grid's squares come from its map",
                                   "tag squares through the legend instead of `location` lines"))
    for edges in decl.edges:
        problems.append(Diagnostic("error", edges.span, "a grid's edges come from its map",
                                   "draw walls in the map, or use `connect` for conditional steps"))
    legend = {}
    for entry in decl.legend:
        if entry.glyph in legend:
            problems.append(Diagnostic("error", entry.span, f"the glyph \"{entry.glyph}\" is in the legend twice"))
        legend[entry.glyph] = entry.tags
    grid, map_problems = parse_map(decl.map.text, decl.map.span)
    problems += map_problems
    if grid is None:
        return Board(decl.name, True, {}, steps, GRID_MODES), problems
    locations = {}
    by_position = {}
    for sq in grid.squares:
        if sq.glyph in PLAIN_GLYPHS:
            tags = ()
        elif sq.glyph in legend:
            tags = legend[sq.glyph]
        else:
            problems.append(Diagnostic("error", sq.span, f"the glyph \"{sq.glyph}\" is not in the legend",
                                       f'add it to the legend, e.g. "{sq.glyph}": SomeTag, or use "." for a plain square'))
            tags = ()
        if "void" in tags:
            continue
        locations[sq.name] = Location(sq.name, sq.name, decl.name, frozenset(tags), (), sq.column, sq.row, span=sq.span)
        by_position[(sq.column, sq.row)] = sq.name
    for (c, r), name in by_position.items():
        for direction, (dc, dr) in OFFSETS.items():
            other = by_position.get((c + dc, r + dr))
            if other is None:
                continue
            if len(direction) == 2:
                kind = "diagonal"
            elif frozenset((name, other)) in grid.walls:
                kind = "wall"
            else:
                kind = "orthogonal"
            steps.append((name, other, {"kind": kind, "when": None, "direction": direction}))
    connects = {}
    for connect in decl.connects:
        if connect.mode not in GRID_MODES:
            problems.append(Diagnostic("error", connect.span, f"'{connect.mode}' is not a kind of grid step",
                                       "use orthogonal, wall or diagonal"))
            continue
        if connect.mode in connects:
            problems.append(Diagnostic("error", connect.span, f"steps of kind {connect.mode} already have a `connect` condition",
                                       "join the conditions with `and` in one line"))
        connects[connect.mode] = connect
    return Board(decl.name, True, locations, steps, GRID_MODES, grid.columns, grid.rows, connects, by_position), problems


__all__ = ["build_grid", "square_name"]
