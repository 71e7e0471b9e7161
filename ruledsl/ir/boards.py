"""Boards as graphs: locations with tags and fields, and kinded edges (networkx on demand).

A graph board comes from its `location` and edge lines; a grid board from
its map and legend, with the grid's own edge kinds (orthogonal, wall,
diagonal). Edges may carry a condition (`when`, `connect`) that the runtime
evaluates against the state; here they are kept as expressions.
"""
from __future__ import annotations


from ..errors import Diagnostic, did_you_mean
from . import nodes as n
from .boards_grid import build_grid
from .places import Board, Location


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
    return build_grid(decl)
