"""Pass: every board compiles (maps, legends, edges) and no location is cut off."""
from __future__ import annotations

from ..ir.boards import compile_board
from .context import Context, Symbol


def check(ctx: Context) -> None:
    for decl in ctx.game.boards.values():
        board, problems = compile_board(decl)
        ctx.diagnostics.extend(problems)
        ctx.compiled_boards[decl.name] = board
        if decl.grid:
            ctx.grid_boards.add(decl.name)
            for loc in board.locations.values():
                ctx.define(loc.name, Symbol("location", "location", loc.span, loc))
        elif not problems:
            _unreached(ctx, board)


def _unreached(ctx: Context, board) -> None:
    if board.graph.number_of_nodes() < 2:
        return
    for name, loc in board.locations.items():
        if board.graph.degree(name) == 0:
            ctx.warning(loc.span, f"no edge reaches location {name} on board {board.name}",
                        "join it to the board with an edge line, or remove it")
