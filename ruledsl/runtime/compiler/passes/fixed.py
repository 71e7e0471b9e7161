"""Pass `fixed`: what a decision's conditions and labels read of where its items lie on a board,
worked out once for the whole game and remembered.

Recognises: the leading conditions of a choice's `where` that read only where its items lie
(rows, columns, locations' declared fields, arithmetic of them: compiler/fixed.py says what
counts); a choice whose whole condition is such, or whose labels too read only its items; a choice
of one among locations fixed when compiled, labelled by where each lies; a menu whose options are
all `for each` options over such conditions and labels.

Emits: those conditions worked out once per selection for the whole game (a dict per decision,
checked each time for items that are board locations: `_fixed_items`); when the whole condition
is fixed, the options that pass kept per list of items given (a choice of several squares reads
them off the whole board's: engine/selections.fixed_selections); when the labels too, the whole
decision's options kept per list, each item's option made once (`_known_options`); for a fixed
list of locations, (label, location) pairs made when compiled; for a menu, its options kept per
the lists its options go through.

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from ....errors import RulesError
from ...model.values import Location
from ..code import Code, Line, fmt, read, text
from ..fixed import FIXED_MEMO, FIXED_POOLS, fixed, fixed_label, fixed_prefix
from . import Pass


class Fixed(Pass):
    name = "fixed"

    # ---------------------------------------------------------------- choices
    def fixed_head(self, units, s):
        """(the leading conditions of a choice's `where` that are fixed, joined, the rest), or None."""
        head, rest = fixed_prefix(s.where, s.var, self.prog.defn.defines)
        if head is None:
            return None
        self.decided("fixed head of the condition", s)
        return head, rest

    def choice_options(self, units, unit, s, item, source, select, label, where, kept, note, low, high, together):
        """The lines that find a choice's options when what is fixed of it is remembered (see the
        module docstring), ending at the options found; None when nothing is."""
        counts = s.count_min is None or units.fixed_counts(s)
        # Nothing but where the items lie decides the options and their labels: all of them are
        # remembered per list of items given, when the items are board locations.
        whole = (where is None and note is None and not together and counts
                 and fixed_label(s.label, s.var, self.prog.defn.defines))
        if kept is None and not whole:
            labelled = self.labelled(units, s, source) if note is None and not together else None
            if labelled is None:
                return None
            pairs, distinct = labelled
            name = read(self.ns.fresh("l"))
            self.decided("labels made when compiled", s, pairs)
            if distinct:
                self.decided("labels distinct: options stored with no test", s)
            unit.add(fmt("for {}, {} in {}:", name, item, units.k(pairs)), s.span)
            units.found_lines(unit, s, item, name, where, note, distinct=distinct)
            return True
        fixed_ok = kept_for = None
        # whether the items are board locations, once for the decision
        pool, fixed_ok = self.ns.fresh("s"), self.ns.fresh("ok")
        unit.add(fmt("{} = {}", pool, source), s.span)
        if whole or (where is None and counts):
            # what the decision keeps per list of items (only lists of board locations are kept):
            # looked up first, so that a list seen before is not tested again (f_…: its options;
            # p_…: the items that pass)
            memo, kept_for = units.memo(), self.ns.fresh("f" if whole else "p")
            unit.add("try:", s.span)
            unit.add(fmt("{} = {}.get({})", kept_for, memo, pool), s.span, depth=1)
            unit.add("except TypeError:", s.span)      # (an item that cannot be a key: no list of locations)
            unit.add(fmt("{} = None", kept_for), s.span, depth=1)
            unit.add(fmt("{} = {} is not None or _fixed_items({})", fixed_ok, kept_for, pool), s.span)
            kept_for = (memo, kept_for)
        else:
            unit.add(fmt("{} = _fixed_items({})", fixed_ok, pool), s.span)
        source = read(pool)
        board = None
        if s.count_min is not None and kept is not None and counts:
            # the selections of the whole board that pass, less those with an item not given
            board = fmt("_fixed_selections({}, {}, {}, {}, {}, lambda {}: {}, prog.all_locations)", units.memo(),
                        source, low, high if high else low, units.k(s.ordered), item, kept)
        if whole:
            self.decided("options remembered per list of items", s, kept_for[0].value)
            self.remembered_options(units, unit, s, item, kept, label, select(source), source, fixed_ok, kept_for,
                                    board)
            return True
        if where is None and counts:
            # the whole condition is fixed: which items pass depends only on the items given
            self.decided("items that pass remembered per list of items", s, kept_for[0].value)
            passed = self.passing(units, unit, s.span, item, kept, select(source), source, fixed_ok, kept_for, board)
            unit.add(fmt("for {} in {}:", item, passed), s.span)
            units.found_lines(unit, s, item, label, where, note)
            return True
        unit.add(fmt("for {} in {}:", item, select(source)), s.span)
        where = self.remembered(units, unit, s.span, item, kept, where, fixed_ok, s=s)
        units.found_lines(unit, s, item, label, where, note)
        return True

    def labelled(self, units, s, source):
        """(((label, item), …) of a choice of one among a list of board locations fixed when the
        game is compiled, whose label reads only where its item lies, worked out now; whether
        those labels are distinct), or None. The options are then found with no label made (and,
        the labels distinct, with no test that one is already there)."""
        items = source.value
        if s.count_min is not None or type(items) is not tuple or not items \
                or any(type(x) is not Location for x in items) \
                or not fixed_label(s.label, s.var, self.prog.defn.defines):
            return None
        try:
            with units.exprs.detached():
                labels = tuple(x.label if s.label is None else self.compiler.evaluate(s.label, {s.var: x}, folding=True)
                               for x in items)
        except RulesError:
            return None         # told when the decision is offered, as without this
        if any(type(label) is not str for label in labels):
            return None
        return tuple(zip(labels, items)), len(set(labels)) == len(labels)

    def remembered(self, units, unit, span, item, kept, where, fixed_ok, pad: int = 0, s=None):
        """Lines in a decision's loop that work out the fixed head of its `where` once per selection
        for the whole game, when the items are board locations (fixed_ok); the condition left to
        test. s: the decision, when only its head is remembered (the decision recorded)."""
        memo, got = units.memo(), self.ns.fresh("g")
        if s is not None:
            self.decided("fixed head remembered per selection", s, memo.value)
        unit.add(fmt("{} = {}.get({}) if {} else None", got, memo, item, fixed_ok), span, depth=pad + 1)
        unit.add(fmt("if {} is None:", got), span, depth=pad + 1)
        unit.add(fmt("{} = bool({})", got, kept), span, depth=pad + 2)
        unit.add(fmt("if {} and len({}) < " + str(FIXED_MEMO) + ":", fixed_ok, memo), span, depth=pad + 2)
        unit.add(fmt("{}[{}] = {}", memo, item, got), span, depth=pad + 3)
        return read(got) if where is None else fmt("{} and ({})", got, where)

    def remembered_options(self, units, unit, s, item, kept, label, options, pool, fixed_ok, kept_for, board=None):
        """Lines that make a decision's options ({label: item}) when which items pass and how they
        read depend only on the items given: made once per list of items for the whole game when
        they are board locations, and offered as made (offer_choice only reads them). kept_for:
        (the dict they are kept in, the name of what it held for pool). board: the Code that reads
        the passing selections off the whole board's, or None."""
        memo, made = kept_for
        unit.add(fmt("if {} is None:", made), s.span)
        unit.add(fmt("{} = {}", made, text("{}")), s.span, depth=1)
        indent = 1
        # each item's option made once for the game, when the items are board locations
        pairs = units.memo()
        if board is not None or kept is None:
            self.decided("each item's option made once", s, pairs.value)
        known = lambda items: fmt("_known_options({}, {}, {}, lambda {}: ({}, {}))",  # noqa: E731
                                  made, pairs, items, item, label, item)
        if board is not None:
            sels = self.ns.fresh("b")
            unit.add(fmt("{} = {} if {} else None", sels, board, fixed_ok), s.span, depth=1)
            unit.add(fmt("if {} is not None:", sels), s.span, depth=1)
            unit.add(fmt("{} = {}", made, known(read(sels))), s.span, depth=2)
            unit.add("else:", s.span, depth=1)
            indent = 2
        elif kept is None:
            unit.add(fmt("if {}:", fixed_ok), s.span, depth=1)
            unit.add(fmt("{} = {}", made, known(options)), s.span, depth=2)
            unit.add("else:", s.span, depth=1)
            indent = 2
        unit.add(fmt("for {} in {}:", item, options), s.span, depth=indent)
        pad = indent + 1
        if kept is not None:
            got = self.remembered(units, unit, s.span, item, kept, None, fixed_ok, indent)
            unit.add(fmt("if {}:", got), s.span, depth=pad)
            pad += 1
        unit.add(fmt("{}.setdefault({}, {})", made, label, item), s.span, depth=pad)
        unit.add(fmt("if {} and len({}) < " + str(FIXED_POOLS) + ":", fixed_ok, memo), s.span, depth=1)
        unit.add(fmt("{}[{}] = {}", memo, pool, made), s.span, depth=2)
        unit.add(fmt("found = {}", made), s.span)

    def passing(self, units, unit, span, item, kept, options, pool, fixed_ok, kept_for, board=None):
        """Lines that list the options passing a condition wholly fixed, remembered per list of
        items given for the whole game when they are board locations; the Name of that list.
        kept_for, board: as for remembered_options."""
        memo, passed = kept_for
        if board is not None:
            unit.add(fmt("if {} is None and {}:", passed, fixed_ok), span)
            unit.add(fmt("{} = {}", passed, board), span, depth=1)
        unit.add(fmt("if {} is None:", passed), span)
        unit.add(fmt("{} = []", passed), span, depth=1)
        unit.add(fmt("for {} in {}:", item, options), span, depth=1)
        got = self.remembered(units, unit, span, item, kept, None, fixed_ok, 1)
        unit.add(fmt("if {}:", got), span, depth=2)
        unit.add(fmt("{}.append({})", passed, item), span, depth=3)
        unit.add(fmt("if {} and len({}) < " + str(FIXED_POOLS) + ":", fixed_ok, memo), span, depth=1)
        unit.add(fmt("{}[{}] = {}", memo, pool, passed), span, depth=2)
        return passed

    # ---------------------------------------------------------------- menus
    def whole_menu(self, units, s):
        """A Name for the test that a menu's items are all board locations, when every option is
        a `for each` option whose condition and label read only where its item lies; else None."""
        defines = self.prog.defn.defines
        if all(option.var is not None and fixed_label(option.label, option.var, defines) and
               (option.cond is None or fixed(option.cond, frozenset([option.var]), frozenset(), defines))
               for option in s.options):
            return self.ns.fresh("ok")
        return None

    def menu_option_lines(self, units, option, ok, item, source, shown, taken, key) -> list:
        """The lines of a `for each` option with no condition of a menu whole_menu takes: its items'
        options made once for the game, when they are board locations."""
        made = {}
        self.decided("each item's option made once", option, made)
        return [Line(0, fmt("if {}:", ok), option.span),
                Line(1, fmt("found = _known_options(found, {}, {}, lambda {}: ({}, ({}, {}, {})))",
                            units.k(made), source, item, shown, taken, key, item), option.span),
                Line(0, text("else:"), option.span),
                Line(1, fmt("for {} in {}:", item, source), option.span),
                Line(2, fmt("found.setdefault({}, ({}, {}, {}))", shown, taken, key, item), option.span)]

    def remembered_menu(self, units, unit, span, sources: list, lines: list, ok) -> None:
        """A menu's options made as remembered_options makes a choice's: once per lists of items
        given (one list per option), when they are all board locations."""
        table = {}
        memo, made = units.k(table), self.ns.fresh("f")     # (its own: options hold its blocks)
        self.decided("options remembered per lists of items", span, table)
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


def _joined(separator: str, codes: list) -> Code:
    parts = []
    for i, code in enumerate(codes):
        parts += ([separator] if i else []) + [code]
    return Code(tuple(parts))
