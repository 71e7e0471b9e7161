"""A compiled board as data: its locations and its steps (built by boards.py from a graph
board's lines, by boards_grid.py from a grid's map)."""
from __future__ import annotations

from typing import Optional

import attrs

from ..source import Span

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
