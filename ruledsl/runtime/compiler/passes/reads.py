"""Pass `reads`: a menu keeps the options it offered per the values they read.

Recognises: a menu with a `for each` option, every option labelled, whose options read, through
every define, builtin and board condition they reach, only values of the state (variables, a
seat's variables, fields play sets, what lies in a place: compiler/reads.py finds them on the
rules' expressions); not within `simultaneously`.

Emits: the values read, worked out where the decision is made, as the key of a dict the menu keeps
for the whole game (`((v1, v2, …) if not st.lazy and not st.unfolded else None)`); the options
worked out only on a new key, and offered again from what was kept when the values come out the
same (help texts are never kept). A "move to each location you may reach" is offered again
from where the player stands and the few variables its search reads, with no search made.

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from ..code import SPEND, Code, fmt
from ..fixed import FIXED_POOLS
from ..reads import ITEM
from ..reads import Reads as Finder
from . import Pass


class Reads(Pass):
    name = "reads"

    def __init__(self, compiler):
        super().__init__(compiler)
        self.finder = None          # what menus read (compiler/reads.py), made when first asked

    def menu_lines(self, units, unit, s, frame, lines, helped):
        """The lines that find a menu's options, kept per the values they read; None when they
        read anything else."""
        if any(option.label is None for option in s.options) or all(option.var is None for option in s.options):
            return None
        if self.finder is None:
            self.finder = Finder(units.exprs)
        parts = []
        for option in s.options:
            scope = dict(frame.names)
            if option.var is not None:
                parts.append((option.source, scope, True))
                scope = {**frame.names, option.var: ITEM}
            parts += [(x, scope, False) for x in (option.cond, option.label) if x is not None]
        values = self.finder.key(parts)
        if not values:
            return None
        table = {}
        self.decided("options kept per the values read", s, table)
        self.keyed_menu(units, unit, s.span, values, lines, helped, table)
        return True

    def keyed_menu(self, units, unit, span, parts: list, lines: list, helped: bool, table: dict) -> None:
        """The options worked out when the values are new, where what lies in a place is settled
        and the values kept all game long are. The values are worked out first, all of them: one
        that fails (which the options may never have asked) leaves the decision to work its
        options out as it would without a key. Its loops over lists fixed when compiled spend
        their items whether or not they run (a menu offered again and again in a runaway loop is
        told as soon); a list worked out at play is spent where it is made, on a new key."""
        # (a table of its own: the options hold its blocks)
        memo, key, made = units.k(table), self.ns.fresh("key"), self.ns.fresh("f")
        values = Code(tuple(part for code in parts for part in (code, ", ")))
        key_parts = fmt("(({}) if not st.lazy and not st.unfolded else None)", values)
        for line in lines:
            if line.kind == SPEND and line.depth == 0:
                unit.add(line.code, line.span, line.kind)
        unit.add(fmt("{} = {} = None", key, made), span)
        pad = 0
        if helped:      # help texts asked for: worked out with the options, never kept
            unit.add("if notes is _LATER:", span)
            pad = 1
        unit.add("try:", span, depth=pad)
        unit.add(fmt("{} = {}.get({} := {})", made, memo, key, key_parts), span, depth=pad + 1)
        unit.add("except Exception:", span, depth=pad)
        unit.add(fmt("{} = None", key), span, depth=pad + 1)
        unit.add(fmt("if {} is None:", made), span)
        for line in lines:
            if not (line.kind == SPEND and line.depth == 0):
                unit.add(line.code, line.span, line.kind, depth=line.depth + 1)
        unit.add(fmt("if {} is not None and len({}) < " + str(FIXED_POOLS) + ":", key, memo), span, depth=1)
        unit.add(fmt("{}[{}] = (found, ())", memo, key), span, depth=2)
        unit.add("else:", span)
        unit.add(fmt("found = {}[0]", made), span, depth=1)
