"""Menus laid out as blocks (for UnitGen): `choose:` with options, plain and `for each`.

A menu's block works out every option open now (its condition, its label), keeps the first of
equal labels, and offers them; each option's body is a block of its own. A menu whose options
read only where their items lie keeps its options per lists of items (the `fixed` pass), and one
whose options read only a few values of the state keeps them per those values (`reads`).
"""
from __future__ import annotations

from .code import SPEND, Line, fmt, read, text


class MenuGen:
    """Menus, for DecisionGen."""

    def u_Menu(self, unit, s, frame, exits, loops, together=None):
        """together: as for u_Choose."""
        self.memos_of(s)
        end, orelse = unit.label(), unit.label()
        arms = [(option, unit.label()) for option in s.options]
        items = {option: self.ns.fresh("v") for option, _ in arms if option.var is not None}
        lines, bodies = [], []
        chosen = {}         # a `for each` option -> (its slot in env, Certain of its items)
        chooser = together.chooser if together else self.chooser(s, frame)

        def target(label, key):
            return together.picked(label, key) if together else label
        helped = any(option.help is not None for option in s.options)
        # (`fixed`: options read only where their items lie: kept per lists of items; ok: the test
        # that they are all board locations)
        ok = self.passes.first("whole_menu", self, s) if not together and not helped else None
        whole = ok is not None
        sources = []        # (the items' source, the Name of its pool) of each option, when whole
        with self.options_of(unit, s.span, set(items.values()), chooser, helped, self.searches(s)) as options:
            here = options(frame)
            for option, label in arms:
                if option.var is None:
                    cond = self.x(option.cond, here) if option.cond is not None else text("True")
                    shown = self.label(option.label, here)
                    lines += [Line(0, fmt("if {}:", cond), option.span),
                              Line(1, fmt("found.setdefault(" + ("_l := " if option.help else "") + "{}, ({}, None, None))",
                                          shown, target(label, None)), option.span)]
                    if option.help is not None:
                        lines += [Line(1, text("if notes is not _LATER:"), option.span),
                                  Line(2, fmt("notes.setdefault(_l, {})", self.label(option.help, here)), option.span)]
                    bodies.append((option, label, frame))
                    continue
                var, inner = self.env_name(option.var, frame)
                item = items[option]
                local = here.bind(option.var, read(item))
                # what is certain of the items first: the condition and the label read them so
                if whole:       # its items spent by remembered_menu
                    spend, (source, certain) = [], self.exprs.items_source(option.source, here, statement=True)
                else:
                    spend, source, certain = self.exprs.loop_source(option.source, here)
                self.exprs.know(item, certain)
                chosen[option] = (var, certain if not together else None)
                test = self.x(option.cond, local) if option.cond is not None else text("True")
                shown = self.label(option.label, local)
                key = text(var.literal)
                if whole:
                    pool = self.ns.fresh("s")
                    sources.append((source, pool))
                    source = read(pool)
                lines += [Line(0, code, option.span, SPEND if code.spends else None) for code in spend]
                if whole and option.cond is None:
                    # its items' options made once for the game, when they are board locations
                    lines += self.passes.first("menu_option_lines", self, option, ok, item, source, shown,
                                               target(label, key), key)
                    bodies.append((option, label, inner))
                    continue
                lines += [Line(0, fmt("for {} in {}:", item, source), option.span),
                          Line(1, fmt("if {}:", test), option.span),
                          Line(2, fmt("found.setdefault(" + ("_l := " if option.help else "") + "{}, ({}, {}, {}))",
                                      shown, target(label, key), key, item), option.span)]
                if option.help is not None:
                    lines += [Line(2, text("if notes is not _LATER:"), option.span),
                              Line(3, fmt("notes.setdefault(_l, {})", self.label(option.help, local)), option.span)]
                bodies.append((option, label, inner))
        if whole:
            self.passes.first("remembered_menu", self, unit, s.span, sources, lines, ok)
        elif together or not self.passes.first("menu_lines", self, unit, s, frame, lines, helped):
            for line in lines:       # (`reads` keeps them per the values they read)
                unit.add(line.code, line.span, line.kind, depth=line.depth)
        nothing = together.picked(orelse, None, False) if together else orelse
        unit.add(fmt("return _offer_menu(st, fr, chooser, found, {}, {}, {}, {}, {}" + (", notes=notes" if helped else "")
                     + ")", nothing, self.k(bool(s.orelse)), self.k(s.secretly or bool(together)), self.k(s.span),
                     self.k(bool(s.automatic))), s.span)
        unit.end_block()
        if together:
            together.record(unit)
            end = together.next_body
        for option, label, inner in bodies:
            with self.certain_as(*chosen.get(option, (None, None))):
                self.option_body(unit, label, option.body, inner, exits, loops, end, option.span)
        self.choice_else(unit, s, frame, orelse, end, exits, loops, together)

    def choice_else(self, unit, s, frame, orelse, end, exits, loops, together) -> None:
        """A decision's `else`, after its options' bodies; then on to `end` (in a `simultaneously`,
        the next pick's body: a jump)."""
        unit.place(orelse, s.span)
        self.block(unit, s.orelse, frame, exits, loops)
        if together:
            unit.jump(end, s.span)
        else:
            unit.place(end, s.span)

