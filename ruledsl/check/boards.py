"""Pass: every board compiles (maps, legends, edges) and no location is cut off."""
from __future__ import annotations

from ..ir.boards import compile_board
from ..ir import nodes as n
from .context import Context, Symbol
from .index import name_span
from .types import LOCATION


def check(ctx: Context) -> None:
    for decl in ctx.game.boards.values():
        _uses(ctx, decl)
        board, problems = compile_board(decl)
        ctx.diagnostics.extend(problems)
        ctx.compiled_boards[decl.name] = board
        if decl.grid:
            ctx.grid_boards.add(decl.name)
            for loc in board.locations.values():
                ctx.define(loc.name, Symbol("location", LOCATION, loc.span, loc))
        elif not problems:
            _unreached(ctx, board)
        _drawn_apart(ctx, decl)


def _unreached(ctx: Context, board) -> None:
    if len(board.locations) < 2:
        return
    linked = board.linked()
    for name, loc in board.locations.items():
        if name not in linked:
            ctx.warning(loc.span, f"no edge reaches location {name} on board {board.name}",
                        "join it to the board with an edge line, or remove it")


def _drawn_apart(ctx: Context, decl: n.BoardDecl) -> None:
    """`at X, Y`: two locations of a board are not drawn at one place."""
    taken: dict = {}
    for loc in decl.locations:
        if loc.at is None:
            continue
        if loc.at in taken:
            ctx.error(loc.span, f"locations {taken[loc.at]} and {loc.name} are both at {loc.at[0]}, {loc.at[1]}",
                      "give each location a place of its own")
        taken.setdefault(loc.at, loc.name)


def _uses(ctx: Context, decl: n.BoardDecl) -> None:
    """The names an edge line uses: its edge kind and the locations it joins."""
    for edges in decl.edges:
        ctx.use(name_span(edges.span, edges.kind), edges.kind)
        names = [name for chain in edges.chains for name in chain[0::2]]
        for name, span in zip(names, edges.name_spans):
            ctx.use(span, name)
