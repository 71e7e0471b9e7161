"""The compiler's optimisation passes, by name: what build_program(optimizations=...) chooses from.

Every pass is optional: the code the compiler writes with none of them does what the rules say,
and each pass only makes it cheaper (tests/test_differential.py proves the games unchanged with
all of them off, and with each off in turn). The list a program is built with is the caller's
(build_program, ruledsl.load); the environment variable RULEDSL_SLOW is only a convenience that
makes the default list for a run: RULEDSL_SLOW=all leaves every pass out, RULEDSL_SLOW=lift,jumps
those two. docs/architecture.md ("The passes") says what each does and what it gains.
"""
from __future__ import annotations

import importlib
import os

# Every pass, in the order their decisions are tried where two may decide one site (a pass's module
# is named for it, and holds one subclass of Pass).
ALL = ("typed", "compare", "calls", "fold", "remember", "inline", "hoist", "lift", "fuse", "fixed", "reads", "lazy",
       "splice", "jumps", "bulk", "draws", "started", "walks")
DEFAULT = ALL


def from_environment(environ=os.environ) -> tuple:
    """The passes of DEFAULT that RULEDSL_SLOW does not leave out (`all`: every one)."""
    words = {w.strip() for w in environ.get("RULEDSL_SLOW", "").split(",") if w.strip()}
    if "all" in words:
        return ()
    return tuple(p for p in DEFAULT if p not in words)


def chosen(optimizations) -> frozenset:
    """The passes a program is built with: optimizations (names of passes), or when None the
    default list as RULEDSL_SLOW leaves it. An unknown name is an error (a typo would otherwise
    leave a pass on unseen)."""
    if optimizations is None:
        return frozenset(from_environment())
    unknown = [name for name in optimizations if name not in ALL]
    if unknown:
        raise ValueError(f"no optimisation pass named {', '.join(map(repr, unknown))}; the passes are {', '.join(ALL)}")
    return frozenset(optimizations)


class Pass:
    """One optimisation pass: a module of compiler/passes holds one subclass, named for the pass.
    Its methods are named for the decisions of the code generator they may make (the hooks the
    generator asks, in the order of ALL, until one answers other than None); each that decides
    something records it (Compiler.decided), so that a test asserts what a pass decided at a
    site of the rules, not the text it wrote."""
    name = ""

    def __init__(self, compiler):
        self.compiler = compiler
        self.prog = compiler.prog
        self.ns = compiler.ns

    def decided(self, what: str, where, made=None) -> None:
        """Record that this pass decided what at where (a node of the rules, or a span); made: a
        table the decision keeps, filled at play (Compiler.decided)."""
        self.compiler.decided(self.name, what, where, made)


class Pipeline:
    """The passes a program is made with, by the hooks they answer."""

    def __init__(self, names, compiler):
        self.passes = [_pass_class(name)(compiler) for name in ALL if name in names]
        self._hooks: dict = {}

    def hook(self, name: str) -> tuple:
        """The passes' methods named name, in the order of ALL."""
        found = self._hooks.get(name)
        if found is None:
            found = self._hooks[name] = tuple(getattr(p, name) for p in self.passes if hasattr(p, name))
        return found

    def first(self, name: str, *args):
        """The first answer other than None of the passes' methods named name, or None."""
        for method in self.hook(name):
            found = method(*args)
            if found is not None:
                return found
        return None


def _pass_class(name: str):
    module = importlib.import_module(f"{__name__}.{name}")
    found = [value for value in vars(module).values()
             if isinstance(value, type) and issubclass(value, Pass) and value is not Pass]
    if len(found) != 1:
        raise AssertionError(f"the module of pass {name} holds {len(found)} passes, not one")
    return found[0]
