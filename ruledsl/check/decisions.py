"""Which statements can stop the flow for a decision, and which rules make decisions.

The compiler writes a statement that can never stop for a decision as plain
Python statements; one that can is laid out as resumable blocks. Triggers
must not make decisions (they run inside an effect), which the checker
enforces with `decides`.
"""
from __future__ import annotations

from .builtins import BUILTINS
from .walk import bodies
from ..ir import nodes as n


def is_chance_let(stmt) -> bool:
    return (isinstance(stmt, n.Let) and isinstance(stmt.value, n.Call) and stmt.value.func in BUILTINS
            and BUILTINS[stmt.value.func].chance)


def _decides(stmt) -> bool:
    return isinstance(stmt, (n.Choose, n.Menu, n.Draw)) or is_chance_let(stmt)


class Analysis:
    """Per-rule facts, computed once: does it decide, can it suspend (decisions or draws)."""

    def __init__(self, rules: dict):
        self.rules = rules
        self._decides = self._fixpoint(_decides)
        self._suspends = self._fixpoint(lambda s: isinstance(s, (n.Choose, n.Menu, n.Draw)) or is_chance_let(s))

    def _fixpoint(self, direct) -> set:
        found = set()
        changed = True
        while changed:
            changed = False
            for name, rule in self.rules.items():
                if name not in found and self._block_has(rule.body, direct, found):
                    found.add(name)
                    changed = True
        return found

    def _block_has(self, block, direct, rules_found) -> bool:
        for stmt in block:
            if direct(stmt):
                return True
            if isinstance(stmt, n.Do) and stmt.rule in rules_found:
                return True
            for body in bodies(stmt):
                if self._block_has(body, direct, rules_found):
                    return True
        return False

    def decides(self, block) -> bool:
        """Whether the block asks a player, rolls, or draws (a draw may be a chance event)."""
        return self._block_has(block, _decides, self._decides)

    def suspends(self, stmt) -> bool:
        return self._block_has((stmt,), lambda s: isinstance(s, (n.Choose, n.Menu, n.Draw)) or is_chance_let(s),
                               self._suspends)

    def rule_suspends(self, name: str) -> bool:
        return name in self._suspends

    def rule_decides(self, name: str) -> bool:
        return name in self._decides


def escapes(stmt) -> bool:
    """Whether a stop in stmt leaves a loop outside it, or a return leaves the rule."""
    return _escapes(stmt, 0)


def _escapes(stmt, depth) -> bool:
    if isinstance(stmt, n.Jump):
        return stmt.kind == "return" or (stmt.kind == "stop" and depth == 0)
    inner = depth + 1 if isinstance(stmt, (n.ForEach, n.Repeat)) else depth
    for body in bodies(stmt):
        for s in body:
            if _escapes(s, inner):
                return True
    return False
