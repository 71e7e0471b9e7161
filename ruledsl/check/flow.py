"""Pass: the game can end, every loop can be left, jumps and decisions sit where they make sense."""
from __future__ import annotations

from ..ir import nodes as n
from .context import Context
from .walk import bodies

LOOPS = (n.ForEach, n.Repeat)


class _Flow:
    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.rules = ctx.game.rules
        # A trigger that can end the game ends every loop with it.
        self.trigger_ends = any(self.ends_game(t.body) for t in ctx.game.triggers)

    # Does running this block possibly end the game (win / end game)?
    def ends_game(self, block, seen=None) -> bool:
        seen = set() if seen is None else seen
        for stmt in block:
            if isinstance(stmt, (n.Win, n.EndGame)):
                return True
            if isinstance(stmt, n.Do) and stmt.rule in self.rules and stmt.rule not in seen:
                seen.add(stmt.rule)
                if self.ends_game(self.rules[stmt.rule].body, seen):
                    return True
            for body in bodies(stmt):
                if self.ends_game(body, seen):
                    return True
        return False

    # Can this loop body leave the loop (stop at this level, return, win, end game)?
    def leaves(self, block, depth=0, seen=None) -> bool:
        seen = set() if seen is None else seen
        for stmt in block:
            if isinstance(stmt, (n.Win, n.EndGame)):
                return True
            if isinstance(stmt, n.Jump) and stmt.kind in ("stop", "return") and depth == 0:
                return True
            if isinstance(stmt, n.Do) and stmt.rule in self.rules and stmt.rule not in seen:
                seen.add(stmt.rule)
                if self.ends_game(self.rules[stmt.rule].body):
                    return True
            inner = depth + 1 if isinstance(stmt, LOOPS) else depth
            for body in bodies(stmt):
                if self.leaves(body, inner, seen):
                    return True
        return False

    def walk(self, block, *, in_loop: bool, in_rule: bool, in_turn: bool, where: str) -> None:
        for stmt in block:
            if isinstance(stmt, n.Jump):
                if stmt.kind == "stop" and not in_loop:
                    self.ctx.error(stmt.span, "`stop` outside a loop", "stop leaves a repeat, while or for each; use return to leave a rule")
                if stmt.kind == "return" and not in_rule:
                    self.ctx.error(stmt.span, "`return` outside a rule", "return leaves a rule; use stop to leave a loop")
            if isinstance(stmt, n.Repeat) and stmt.kind == "forever" and not self.trigger_ends \
                    and not self.leaves(stmt.body):
                self.ctx.error(stmt.span, "this `repeat:` never ends",
                               "add a stop, win or end game inside it, or write repeat until …:")
            if isinstance(stmt, (n.Choose, n.Menu)) and stmt.chooser is None and not in_turn and where != "rule":
                self.ctx.error(stmt.span, "no one is named to make this choice",
                               "add `by p`, or put it inside a `turn p:` block")
            loop = in_loop or isinstance(stmt, LOOPS)
            turn = in_turn or isinstance(stmt, (n.Turn, n.Simultaneous))   # the latter names its choosers
            for body in bodies(stmt):
                self.walk(body, in_loop=loop, in_rule=in_rule, in_turn=turn, where=where)


def check(ctx: Context, *, complete: bool):
    """Report flow problems; returns the game's decision analysis (decisions.Analysis)."""
    f = _Flow(ctx)
    g = ctx.game
    if g.setup:
        f.walk(g.setup.body, in_loop=False, in_rule=False, in_turn=False, where="setup")
    if g.flow:
        f.walk(g.flow.body, in_loop=False, in_rule=False, in_turn=False, where="flow")
    for rule in g.rules.values():
        f.walk(rule.body, in_loop=False, in_rule=True, in_turn=False, where="rule")
    from .decisions import Analysis
    analysis = Analysis(g.rules)
    for trigger in g.triggers:
        if trigger.event == "turn":
            # Options taken in the middle of a turn: their bodies run as that turn's.
            f.walk(trigger.body, in_loop=False, in_rule=False, in_turn=True, where="rule")
            continue
        f.walk(trigger.body, in_loop=False, in_rule=False, in_turn=False, where="rule")
        if analysis.decides(trigger.body):
            ctx.error(trigger.span, "a trigger cannot ask for a decision, roll or draw",
                      "triggers run in the middle of an effect; set a var here and decide in the flow")
    for scenario in g.scenarios:
        f.walk(scenario.body, in_loop=False, in_rule=False, in_turn=True, where="scenario")
    if complete and g.flow:
        blocks = [g.flow.body] + [t.body for t in g.triggers] + ([g.setup.body] if g.setup else [])
        if not any(f.ends_game(b) for b in blocks):
            ctx.error(g.flow.span, "the game can never end: nothing in the flow reaches `win` or `end game`",
                      "end the flow with win … or end game ranking …")
    _unused(ctx)
    return analysis


def _unused(ctx: Context) -> None:
    g = ctx.game
    for name, rule in g.rules.items():
        if name not in ctx.used:
            ctx.warning(rule.span, f"rule {name} is never run", f"run it with do {name}(…) or remove it")
    for name, define in g.defines.items():
        if name not in ctx.used:
            ctx.warning(define.span, f"function {name} is never used")
