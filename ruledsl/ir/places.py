"""A compiled board as data: its locations and its graph of kinded edges (built by boards.py
from a graph board's lines, by boards_grid.py from a grid's map)."""
from __future__ import annotations

from typing import Optional

import attrs
import networkx as nx

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

    graph: a networkx MultiDiGraph; each edge has attributes `kind` (str),
    `when` (an Expr or None) and, on grids, `direction`.
    connects: for grids, {mode: ConnectDecl} conditions on every step of that mode.
    """
    name: str
    grid: bool
    locations: dict
    graph: nx.MultiDiGraph
    edge_kinds: tuple
    columns: int = 0
    rows: int = 0
    connects: dict = attrs.Factory(dict)
    by_position: dict = attrs.Factory(dict)
