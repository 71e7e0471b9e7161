"""Menus laid out as blocks (for UnitGen): `choose:` with options, plain and `for each`.

A menu's block works out every option open now (its condition, its label), keeps the first of
equal labels, and offers them; each option's body is a block of its own. A menu whose options
read only where their items lie keeps its options per lists of items (fixed.py), and one whose
options read only a few values of the state keeps them per those values (reads.py).
"""
from __future__ import annotations

from .code import SPEND, Code, Line, fmt, read, text
from .fixed import FIXED_POOLS, fixed, fixed_label
from .reads import ITEM, Reads


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
        whole = not together and not helped and self.on("fixed") and self.fixed_menu(s)
        sources = []        # (the items' source, the Name of its pool) of each option, when whole
        ok = self.ns.fresh("ok") if whole else None
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
                if certain is not None and self.on("typed"):
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
                    # (remembered_menu names the test)
                    taken = target(label, key)
                    lines += [Line(0, fmt("if {}:", ok), option.span),
                              Line(1, fmt("found = _known_options(found, {}, {}, lambda {}: ({}, ({}, {}, {})))",
                                          self.k({}), source, item, shown, taken, key, item), option.span),
                              Line(0, text("else:"), option.span),
                              Line(1, fmt("for {} in {}:", item, source), option.span),
                              Line(2, fmt("found.setdefault({}, ({}, {}, {}))", shown, taken, key, item), option.span)]
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
        values = self.read_values(s, frame) if not together and not whole and \
            any(option.var is not None for option in s.options) else None
        if whole:
            self.remembered_menu(unit, s.span, sources, lines, ok)
        elif values:
            self.keyed_menu(unit, s.span, values, lines, helped)
        else:
            for line in lines:
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
        unit.place(orelse, s.span)
        self.block(unit, s.orelse, frame, exits, loops)
        if together:
            unit.jump(end, s.span)
        else:
            unit.place(end, s.span)

    def fixed_menu(self, s) -> bool:
        """Whether a menu's options are all `for each` options whose conditions and labels read only
        where their items lie (fixed.py)."""
        defines = self.prog.defn.defines
        return all(option.var is not None and fixed_label(option.label, option.var, defines) and
                   (option.cond is None or fixed(option.cond, frozenset([option.var]), frozenset(), defines))
                   for option in s.options)

    def remembered_menu(self, unit, span, sources: list, lines: list, ok) -> None:
        """A menu's options made as remembered_options makes a choice's: once per lists of items
        given (one list per option), when they are all board locations."""
        memo, made = self.k({}), self.ns.fresh("f")     # (its own: options hold its blocks)
        for source, pool in sources:
            unit.add(fmt("{} = {}", pool, source), span)
            unit.add(fmt("st.steps += len({})", pool), span)      # as loop_source spends a loop's items
        tests = [fmt("_fixed_items({})", pool) for _, pool in sources]
        unit.add(fmt("{} = {}", ok, _joined(" and ", tests)), span)
        key = fmt("({},)", _joined(", ", [read(pool) for _, pool in sources]))
        unit.add(fmt("{} = {}.get({}) if {} else None", made, memo, key, ok), span)
        unit.add(fmt("if {} is None:", made), span)
        unit.add("found = {}", span, depth=1)
        for line in lines:
            unit.add(line.code, line.span, line.kind, depth=line.depth + 1)
        unit.add(fmt("{} = found", made), span, depth=1)
        unit.add(fmt("if {} and len({}) < " + str(FIXED_POOLS) + ":", ok, memo), span, depth=1)
        unit.add(fmt("{}[{}] = {}", memo, key, made), span, depth=2)
        unit.add(fmt("found = {}", made), span)

    def read_values(self, s, frame):
        """The Codes of the values a menu's options read (compiler/reads.py): the lists its
        `for each` options go through, their conditions and their labels, when they read nothing
        else and each option has a label; else None."""
        if not self.on("reads") or any(option.label is None for option in s.options):
            return None
        if self.reads is None:
            self.reads = Reads(self.exprs)
        parts = []
        for option in s.options:
            scope = dict(frame.names)
            if option.var is not None:
                parts.append((option.source, scope, True))
                scope = {**frame.names, option.var: ITEM}
            parts += [(x, scope, False) for x in (option.cond, option.label) if x is not None]
        return self.reads.key(parts)

    def keyed_menu(self, unit, span, parts: list, lines: list, helped: bool) -> None:
        """A menu's options kept per the values its conditions and labels read (compiler/reads.py),
        worked out when those values are new, where what lies in a place is settled and the
        values kept all game long are. The values are worked out first, all of them: one that
        fails (which the options may never have asked) leaves the decision to work its options
        out as it would without a key. Its loops over lists fixed when compiled spend their items
        whether or not they run (a menu offered again and again in a runaway loop is told as
        soon); a list worked out at play is spent where it is made, on a new key. Help texts are
        never kept."""
        memo, key, made = self.k({}), self.ns.fresh("key"), self.ns.fresh("f")   # (its own: options hold its blocks)
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


def _joined(separator: str, codes: list) -> Code:
    parts = []
    for i, code in enumerate(codes):
        parts += ([separator] if i else []) + [code]
    return Code(tuple(parts))
