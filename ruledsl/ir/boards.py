"""Boards as graphs: locations with tags and fields, and kinded edges (networkx on demand).

A graph board comes from its `location` and edge lines; a grid board from
its map and legend, with the grid's own edge kinds (orthogonal, wall,
diagonal). Edges may carry a condition (`when`, `connect`) that the runtime
evaluates against the state; here they are kept as expressions.
"""
from __future__ import annotations

from typing import Optional

import attrs

from ..errors import Diagnostic, did_you_mean
from ..source import Span
from . import nodes as n

# Offsets of each direction on a grid: (column, row), rows growing downward.
OFFSETS = {
    "N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0),
    "NE": (1, -1), "SE": (1, 1), "SW": (-1, 1), "NW": (-1, -1),
}


@attrs.frozen
class Location:
    """A place on a board: name, display label, starting tags, fields, grid position."""
    name: str
    label: str
    board: str
    tags: frozenset
    fields: tuple            # ((name, Expr), …)
    column: Optional[int] = None
    row: Optional[int] = None
    span: Span = attrs.field(default=None, eq=False, repr=False)


@attrs.define
class Board:
    """A compiled board.

    edges: every directed step (a, b, attributes) in order; the attributes are `kind`
    (str), `when` (an Expr or None) and, on grids, `direction`.
    graph: the same as a networkx MultiDiGraph (see below).
    connects: for grids, {mode: ConnectDecl} conditions on every step of that mode.
    """
    name: str
    grid: bool
    locations: dict
    edges: list
    edge_kinds: tuple
    columns: int = 0
    rows: int = 0
    connects: dict = attrs.Factory(dict)
    by_position: dict = attrs.Factory(dict)
    _graph: object = attrs.field(default=None, init=False, repr=False, eq=False)

    @property
    def graph(self):
        """The board as a networkx MultiDiGraph, nodes in location order. Built on first use:
        importing networkx takes longer than checking a whole game, and checking needs no graph."""
        if self._graph is None:
            import networkx as nx
            graph = nx.MultiDiGraph()
            graph.add_nodes_from(self.locations)
            for a, b, data in self.edges:
                graph.add_edge(a, b, **data)
            self._graph = graph
        return self._graph

    def linked(self) -> set:
        """The locations some edge starts or ends at."""
        return {a for a, _, _ in self.edges} | {b for _, b, _ in self.edges}


def compile_board(decl: n.BoardDecl) -> tuple[Board, list[Diagnostic]]:
    if decl.grid:
        return _grid(decl)
    return _graph(decl)


def _graph(decl: n.BoardDecl) -> tuple[Board, list[Diagnostic]]:
    problems: list[Diagnostic] = []
    edges_out: list = []
    locations = {}
    for loc in decl.locations:
        if loc.name in locations:
            problems.append(Diagnostic("error", loc.span, f"location '{loc.name}' is declared twice on board {decl.name}"))
            continue
        locations[loc.name] = Location(loc.name, loc.label or loc.name, decl.name, frozenset(loc.tags), loc.fields,
                                       span=loc.span)
    kinds = tuple(k for k, _ in decl.edge_kinds)
    for edges in decl.edges:
        if edges.kind not in kinds:
            problems.append(Diagnostic("error", edges.span, f"'{edges.kind}' is not an edge kind of board {decl.name}",
                                       did_you_mean(edges.kind, kinds) or f"declare it first: edge {edges.kind}"))
        for chain in edges.chains:
            names = chain[0::2]
            ops = chain[1::2]
            for name in names:
                if name not in locations:
                    problems.append(Diagnostic("error", edges.span, f"edge to '{name}', which is not a location of board {decl.name}",
                                               did_you_mean(name, locations) or f"declare it: location {name}"))
            for a, op, b in zip(names, ops, names[1:]):
                if a in locations and b in locations:
                    edges_out.append((a, b, {"kind": edges.kind, "when": edges.when}))
                    if op == "-":
                        edges_out.append((b, a, {"kind": edges.kind, "when": edges.when}))
    if decl.map is not None or decl.legend:
        problems.append(Diagnostic("error", decl.span, f"board {decl.name} has a map but is not a grid",
                                   f"write: board {decl.name} grid:"))
    for connect in decl.connects:
        problems.append(Diagnostic("error", connect.span, "`connect` is for grid boards",
                                   "on a graph board, add `when cond` to the edge line instead"))
    return Board(decl.name, False, locations, edges_out, kinds), problems


def _grid(decl: n.BoardDecl) -> tuple[Board, list[Diagnostic]]:
    from .boards_grid import build_grid
    return build_grid(decl)
