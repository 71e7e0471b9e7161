"""Generic traversal of statements, for passes that look at every one."""
from __future__ import annotations

from typing import Iterator

from ..ir import nodes as n
from ..ir.game import GameDef


def bodies(stmt) -> Iterator[tuple]:
    """The nested statement blocks of a statement."""
    if isinstance(stmt, n.If):
        for branch in stmt.branches:
            yield branch.body
        yield stmt.orelse
    elif isinstance(stmt, (n.ForEach, n.Repeat, n.Phase, n.Turn, n.Quietly)):
        yield stmt.body
    elif isinstance(stmt, n.Match):
        for case in stmt.cases:
            yield case.body
        yield stmt.orelse
    elif isinstance(stmt, n.Choose):
        yield stmt.body
        yield stmt.orelse
    elif isinstance(stmt, n.Menu):
        for option in stmt.options:
            yield option.body
        yield stmt.orelse
    elif isinstance(stmt, n.Simultaneous):
        yield (stmt.decision,)


def walk_block(block) -> Iterator:
    for stmt in block:
        yield stmt
        for body in bodies(stmt):
            yield from walk_block(body)


def top_blocks(game: GameDef) -> Iterator[tuple]:
    if game.setup:
        yield game.setup.body
    if game.flow:
        yield game.flow.body
    for rule in game.rules.values():
        yield rule.body
    for trigger in game.triggers:
        yield trigger.body
    for scenario in game.scenarios:
        yield scenario.body


def statements(game: GameDef) -> Iterator:
    for block in top_blocks(game):
        yield from walk_block(block)
