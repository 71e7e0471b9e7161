"""Decisions, chance and draws laid out as blocks (for UnitGen, units.py).

A decision starts a block of its own that works its options out (their conditions and labels
written with the parts that read no option kept once per decision: hoist.py), leaves the
decision pending and returns SUSPEND; the option taken resumes at its body's block. A chance
`let` and a `draw` stop likewise where chance is explicit. Menus are menus.py's.
"""
from __future__ import annotations

from contextlib import contextmanager

from ...errors import RulesError
from ...check.decisions import is_chance_let
from ...ir import nodes as n
from ...ir.walk import nodes
from ..engine.library import MEMO_SEARCHES
from ..model.values import Location, Player
from .certain import Certain
from .code import Code, Name, SPEND, fmt, read, text
from .comprehensions import filtering
from .fixed import FIXED_MEMO, FIXED_POOLS, fixed_label, fixed_prefix
from .hoist import Hoist
from .menus import MenuGen

MEMO = Name("memo")         # the display memo of a decision's labels (each component's text worked out once)


def _parts(s) -> str:
    """The `parts` argument of a choice of several items (Decision.parts), else nothing."""
    if s.count_min is None:
        return ""
    return f", parts={'ordered' if s.ordered else 'unordered'!r}"


def _shows_alone(template, var: str):
    """(text before, text after) when an option's label is the chosen items shown and nothing else
    computed (no `as`, or `as "…{var}…"`), else None."""
    if template is None:
        return "", ""
    parts = template.parts
    names = [i for i, p in enumerate(parts) if not isinstance(p, str)]
    if len(names) != 1 or not isinstance(parts[names[0]], n.Name) or parts[names[0]].name != var:
        return None
    i = names[0]
    return "".join(parts[:i]), "".join(parts[i + 1:])


class DecisionGen(MenuGen):
    """Decisions, chance and draws, for UnitGen."""

    def memo(self) -> Code:
        """A dict the choice being written keeps for the whole game (its options, the items that
        pass, …): the same one in every copy of the statement a rule written in place twice makes
        (splice), so that the copies share what they learn (what it keeps is a function of the
        statement and the key it is read by, wherever the statement is written). Not for what a
        menu keeps: its options name the blocks of the unit they are written in."""
        key = (id(self._memo_node), self._memo_count)
        self._memo_count += 1
        table = self._memos.get(key)
        if table is None:
            table = self._memos[key] = {}
        return self.k(table)

    def memos_of(self, s) -> None:
        """The decision s is being written: memo() gives its dicts, in the order asked."""
        self._memo_node, self._memo_count = s, 0

    def decision_block(self, unit, span) -> None:
        """Decisions start a block of their own: working a decision out again (after a scenario
        changed the position) runs that block again."""
        unit.place(unit.label(), span)

    def u_Let(self, unit, s, frame, exits, loops):
        if not is_chance_let(s):
            return self.stmts.stmt(s, frame, unit, persist=True)
        var, frame = self.env_name(s.name, frame)
        after = unit.label()
        arg = self.x(s.value.args[0], frame)
        self.decision_block(unit, s.span)
        seen = text("")
        if s.seen is not None:
            seen_slot = self.slot("seen")
            unit.add(fmt("{} = _seen_by(st, {}, {})", seen_slot, self.x(s.seen, frame), self.k(s.seen.span)), s.span)
            seen = fmt(", {}", seen_slot)
        unit.add(fmt("return _chance(st, fr, {}, {}, {}, {}, {}{})", self.k(s.value.func), arg, text(var.literal),
                     after, self.k(s.span), seen), s.span)
        unit.end_block()
        unit.place(after, s.span)
        if s.value.func == "roll":
            unit.add(fmt("_rolled(st, {}, {}{})", arg, var, seen), s.span)
        if s.seen is not None:
            unit.add(fmt("env.pop({}, None)", seen_slot.literal), s.span)
        return frame

    def u_Draw(self, unit, s, frame, exits, loops):
        slot = self.slot("draw")
        count = self.x(s.count, frame) if s.count is not None else text("1")
        top, apply_, end = unit.label(), unit.label(), unit.label()
        if s.count is None and self.on("draws"):
            # one component, where chance is not explicit (it cannot suspend): drawn here
            unit.add("if not st.explicit:", s.span)
            with unit.indented():
                unit.add(fmt("_draw_single(prog, st, {}, {}, {}, {}, {}, {})", self.x(s.source, frame), self.k(s.end),
                             self.x(s.dest, frame), self.k(s.dest_end), self.k(s.facing), self.k(s.span)), s.span)
                unit.goto(end, s.span)
                unit.back(s.span)
        unit.add(fmt("{} = ({}, {}, {})", slot, count, self.x(s.source, frame), self.x(s.dest, frame)), s.span)
        unit.place(top, s.span)
        where = fmt("{}, {}", self.k(s.dest_end), self.k(s.facing))
        unit.add(fmt("return _draw_step(prog, st, fr, {}, {}, {}, {}, {}, {})", text(slot.literal), self.k(s.end), where,
                     apply_, end, self.k(s.span)), s.span)
        unit.end_block()
        unit.place(apply_, s.span)
        unit.add(fmt("_draw_apply(prog, st, fr, {}, {}, {}, {})", text(slot.literal), where, top, self.k(s.span)), s.span)
        unit.end_block()
        unit.place(end, s.span)
        unit.add(fmt("env.pop({}, None)", slot.literal), s.span)

    def label(self, template, frame, item=None) -> Code:
        """The Code of an option's label (a template, or the item as shown), each component's text
        worked out once per decision."""
        shown = frame.showing(MEMO)
        return self.x(template, shown) if template is not None else self.exprs.shown(read(item), shown)

    def chooser(self, s, frame) -> Code:
        if s.chooser is None:
            # whoever's turn it is (a seat, set by `turn`), or the helper's error when nobody's is
            return fmt("(st.current if st.current is not None else _chooser(st, None, {}))", self.k(s.span))
        code = self.x(s.chooser, frame)
        if self.on("typed") and self.exprs.sure(code, Player) is not None:
            return code         # a seat, certainly (a loop's over the players): nothing to ask of it
        return fmt("_chooser(st, {}, {})", code, self.k(s.span))

    def spend(self, unit, lines: list, span) -> None:
        """The lines loop_source writes before a loop (the items it spends from the step budget)."""
        for code in lines:
            unit.add(code, span, SPEND if code.spends else None)

    def u_Choose(self, unit, s, frame, exits, loops, together=None):
        """together: the Together of a `simultaneously` this decision is made in (its seat
        chooses; taking an option records it, and the bodies run when all are revealed)."""
        self.memos_of(s)
        body, orelse, end = unit.label(), unit.label(), unit.label()
        var, inner = self.env_name(s.var, frame)
        key = text(var.literal)
        item = self.ns.fresh("v")
        head, rest = (fixed_prefix(s.where, s.var, self.prog.defn.defines)
                      if s.where is not None and self.on("fixed") else (None, s.where))
        # `choose x from [each y in L where c]`: L gone through, c tested with each option
        fused = filtering(s.source) if s.count_min is None and head is None and self.on("fuse") else None
        spend, source, items = self.exprs.loop_source(fused.source if fused else s.source, frame)
        low = high = None
        if s.count_min is not None:
            high = self.x(s.count_max, frame) if s.count_max is not None else None
            low = self.x(s.count_min, frame)
            around = _shows_alone(s.label, s.var)
            if s.where is None and around is not None and self.on("lazy") and not together and not s.automatic:
                self.decision_block(unit, s.span)
                self.spend(unit, spend, s.span)
                prefix, suffix = around
                unit.add(fmt("return _offer_selections(st, fr, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {})",
                             self.chooser(s, frame), source, low, high if high else low, self.k(s.ordered),
                             self.k(prefix), self.k(suffix), body, key, orelse, self.k(bool(s.orelse)),
                             self.k(s.secretly), self.k(s.span)), s.span)
                unit.end_block()
                fewest = low.value
                with self.certain_as(var, Certain(tuple, items, None, fewest) if items is not None
                                     and type(fewest) is int else None):
                    self.after_choice(unit, s, frame, inner, body, orelse, end, exits, loops)
                return
            tail = fmt("{}, {}, {}, {}", low, high if high else low, self.k(s.ordered), self.k(s.span))
            select = lambda items: fmt("_selections(st, {}, {})", items, tail)     # noqa: E731
            fewest = low.value
            if items is not None and type(fewest) is int and self.on("typed"):
                # each selection: a list of at least `low` of the items
                self.exprs.know(item, Certain(tuple, items, None, fewest))
        else:
            select = lambda items: items                                    # noqa: E731
            if items is not None and self.on("typed"):
                self.exprs.know(item, items)
        chooser = together.chooser if together else self.chooser(s, frame)
        with self.options_of(unit, s.span, {item}, chooser, s.help is not None, self.searches(s)) as options:
            here = options(frame)
            local = here.bind(s.var, read(item))
            label = self.label(s.label, local, item)
            where = self.x(rest, local) if rest is not None else None
            if fused is not None and fused.where is not None:
                kept_in = self.x(fused.where, here.bind(fused.var, read(item)))
                where = kept_in if where is None else fmt("({}) and ({})", kept_in, where)
            kept = self.x(head, local) if head is not None else None
            note = self.label(s.help, local) if s.help is not None else None
        self.spend(unit, spend, s.span)
        counts = s.count_min is None or self.fixed_counts(s)
        # Nothing but where the items lie decides the options and their labels: all of them are
        # remembered per list of items given (fixed.py), when the items are board locations.
        whole = (where is None and note is None and not together and counts and self.on("fixed")
                 and fixed_label(s.label, s.var, self.prog.defn.defines))
        fixed_ok = labelled = kept_for = None
        if kept is not None or whole:
            # whether the items are board locations, once for the decision (fixed.py)
            pool, fixed_ok = self.ns.fresh("s"), self.ns.fresh("ok")
            unit.add(fmt("{} = {}", pool, source), s.span)
            if whole or (where is None and counts):
                # what the decision keeps per list of items (only lists of board locations are
                # kept): looked up first, so that a list seen before is not tested again
                # (f_…: its options; p_…: the items that pass)
                memo, kept_for = self.memo(), self.ns.fresh("f" if whole else "p")
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
            board = fmt("_fixed_selections({}, {}, {}, {}, {}, lambda {}: {}, prog.all_locations)", self.memo(), source,
                        low, high if high else low, self.k(s.ordered), item, kept)
        if whole:
            self.remembered_options(unit, s, item, kept, label, select(source), source, fixed_ok, kept_for, board)
        elif kept is not None and where is None and counts:
            # the whole condition is fixed: which items pass depends only on the items given
            passed = self.passing(unit, s.span, item, kept, select(source), source, fixed_ok, kept_for, board)
            unit.add(fmt("for {} in {}:", item, passed), s.span)
            kept = None
        else:
            labelled = self.labelled(s, source) if kept is None and note is None and not together else None
            if labelled is None:
                unit.add(fmt("for {} in {}:", item, select(source)), s.span)
            else:
                pairs, distinct = labelled
                label = read(self.ns.fresh("l"))
                unit.add(fmt("for {}, {} in {}:", label, item, self.k(pairs)), s.span)
        if not whole:
            pad = 1
            if kept is not None:
                where = self.remembered(unit, s.span, item, kept, where, fixed_ok)
            if where is not None:
                unit.add(fmt("if {}:", where), s.span, depth=1)
                pad = 2
            if labelled is not None and distinct:
                unit.add(fmt("found[{}] = {}", label, item), s.span, depth=pad)
            elif note is None:
                unit.add(fmt("found.setdefault({}, {})", label, item), s.span, depth=pad)
            else:
                unit.add(fmt("found.setdefault(_l := {}, {})", label, item), s.span, depth=pad)
                unit.add("if notes is not _LATER:", s.span, depth=pad)
                unit.add(fmt("notes.setdefault(_l, {})", note), s.span, depth=pad + 1)
        take, nothing = (together.picked(body, key), together.picked(orelse, None, False)) if together else (body, orelse)
        unit.add(fmt("return _offer_choice(st, fr, chooser, found, {}, {}, {}, {}, {}, {}, {}" + _parts(s)
                     + (", notes=notes" if s.help is not None else "") + ")", take, key, nothing, self.k(bool(s.orelse)),
                     self.k(s.secretly or bool(together)), self.k(s.span), self.k(bool(s.automatic))), s.span)
        unit.end_block()
        if together:
            together.record(unit)
            end = together.next_body
        chosen = self.exprs.certain.get(item) if not together else None
        with self.certain_as(var, chosen):     # the body reads the chosen item(s) as the options did
            self.after_choice(unit, s, frame, inner, body, orelse, end, exits, loops, together)

    def labelled(self, s, source: Code):
        """(((label, item), …) of a choice of one among a list of board locations fixed when the
        game is compiled, whose label reads only where its item lies (fixed.py), worked out now;
        whether those labels are distinct), or None. The options are then found with no label
        made (and, the labels distinct, with no test that one is already there)."""
        items = source.value
        if s.count_min is not None or type(items) is not tuple or not items or not self.on("fixed") \
                or any(type(x) is not Location for x in items) \
                or not fixed_label(s.label, s.var, self.prog.defn.defines):
            return None
        try:
            with self.exprs.detached():
                labels = tuple(x.label if s.label is None else self.compiler.evaluate(s.label, {s.var: x}, folding=True)
                               for x in items)
        except RulesError:
            return None         # told when the decision is offered, as without this
        if any(type(label) is not str for label in labels):
            return None
        return tuple(zip(labels, items)), len(set(labels)) == len(labels)

    def remembered(self, unit, span, item, kept, where, fixed_ok, pad: int = 0):
        """Lines in a decision's loop that work out the fixed head of its `where` (fixed.py) once
        per selection for the whole game, when the items are board locations (fixed_ok); the
        condition left to test."""
        memo, got = self.memo(), self.ns.fresh("g")
        unit.add(fmt("{} = {}.get({}) if {} else None", got, memo, item, fixed_ok), span, depth=pad + 1)
        unit.add(fmt("if {} is None:", got), span, depth=pad + 1)
        unit.add(fmt("{} = bool({})", got, kept), span, depth=pad + 2)
        unit.add(fmt("if {} and len({}) < " + str(FIXED_MEMO) + ":", fixed_ok, memo), span, depth=pad + 2)
        unit.add(fmt("{}[{}] = {}", memo, item, got), span, depth=pad + 3)
        return read(got) if where is None else fmt("{} and ({})", got, where)

    def remembered_options(self, unit, s, item, kept, label, options, pool, fixed_ok, kept_for, board=None) -> None:
        """Lines that make a decision's options ({label: item}) when which items pass and how they
        read depend only on the items given (fixed.py): made once per list of items for the whole
        game when they are board locations, and offered as made (offer_choice only reads them).
        kept_for: (the dict they are kept in, the name of what it held for pool). board: the Code
        that reads the passing selections off the whole board's, or None."""
        memo, made = kept_for
        unit.add(fmt("if {} is None:", made), s.span)
        unit.add(fmt("{} = {}", made, text("{}")), s.span, depth=1)
        indent = 1
        # each item's option made once for the game, when the items are board locations
        pairs = self.memo()
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
            got = self.remembered(unit, s.span, item, kept, None, fixed_ok, indent)
            unit.add(fmt("if {}:", got), s.span, depth=pad)
            pad += 1
        unit.add(fmt("{}.setdefault({}, {})", made, label, item), s.span, depth=pad)
        unit.add(fmt("if {} and len({}) < " + str(FIXED_POOLS) + ":", fixed_ok, memo), s.span, depth=1)
        unit.add(fmt("{}[{}] = {}", memo, pool, made), s.span, depth=2)
        unit.add(fmt("found = {}", made), s.span)

    def fixed_counts(self, s) -> bool:
        """Whether a choice of several takes a number of items written as numbers."""
        return all(type(c) is n.Literal and type(c.value) is int for c in (s.count_min, s.count_max) if c is not None)

    def passing(self, unit, span, item, kept, options, pool, fixed_ok, kept_for, board=None):
        """Lines that list the options passing a condition wholly fixed (fixed.py), remembered
        per list of items given for the whole game when they are board locations; the Name of
        that list. kept_for, board: as for remembered_options."""
        memo, passed = kept_for
        if board is not None:
            unit.add(fmt("if {} is None and {}:", passed, fixed_ok), span)
            unit.add(fmt("{} = {}", passed, board), span, depth=1)
        unit.add(fmt("if {} is None:", passed), span)
        unit.add(fmt("{} = []", passed), span, depth=1)
        unit.add(fmt("for {} in {}:", item, options), span, depth=1)
        got = self.remembered(unit, span, item, kept, None, fixed_ok, 1)
        unit.add(fmt("if {}:", got), span, depth=2)
        unit.add(fmt("{}.append({})", passed, item), span, depth=3)
        unit.add(fmt("if {} and len({}) < " + str(FIXED_POOLS) + ":", fixed_ok, memo), span, depth=1)
        unit.add(fmt("{}[{}] = {}", memo, pool, passed), span, depth=2)
        return passed

    def after_choice(self, unit, s, frame, inner, body, orelse, end, exits, loops, together=None) -> None:
        """A choice's body, then its `else` (in a `simultaneously`, each goes on to the next pick's
        body, at `end`)."""
        self.option_body(unit, body, s.body, inner, exits, loops, end, s.span)
        unit.place(orelse, s.span)
        self.block(unit, s.orelse, frame, exits, loops)
        if together:
            unit.jump(end, s.span)
        else:
            unit.place(end, s.span)

    def searches(self, s) -> bool:
        """Whether working a decision's options out may search a board for distances (which
        st.memo keeps while they are worked out: engine/library._distances_from), in its own
        expressions or the defines they call."""
        defines = self.prog.defn.defines
        todo, seen = [s], set()
        while todo:
            for node in nodes([todo.pop()]):
                if type(node) is n.Call:
                    if node.func in MEMO_SEARCHES:
                        return True
                    if node.func in defines and node.func not in seen:
                        seen.add(node.func)
                        todo.append(defines[node.func].body)
        return False

    @contextmanager
    def options_of(self, unit, span, varying: set, chooser, notes: bool = False, searches: bool = True):
        """A decision's block: who chooses and the options found so far (and, with notes, their
        `help` texts, when asked for). Yields a function frame -> the frame the decision's
        conditions and labels are written in: their parts that read no option (varying: the
        Names that do) are worked out once per decision."""
        exprs = self.exprs
        hoist = Hoist(self.ns, varying)
        hoists = (hoist,) if self.on("hoist") else ()
        exprs.memo_used = False
        with exprs.written_through() as through:
            yield lambda frame: frame.looping(hoists)
        self.decision_block(unit, span)
        unit.add(fmt("chooser = {}", chooser), span)
        unit.add("found = {}", span)
        self.stmts.spend_through(through(), span, unit)
        if notes:
            # `help` texts are worked out only when asked for (GameState.option_help works the
            # decision out again with '#notes' in its frame)
            unit.add("notes = {} if '#notes' in env else _LATER", span)
        if exprs.memo_used:
            unit.add("memo = {}", span)         # each component's text, worked out once
        if searches:
            unit.add("st.memo = {}", span)      # the searches made, kept while the options are worked out
        for name in hoist.names:
            unit.add(fmt("{} = {}", name, hoist.entered(name)), span)

    def option_body(self, unit, label, body, frame, exits, loops, end, span) -> None:
        """A taken option's body; it ends as an action does (after-each-action rules)."""
        unit.place(label, span)
        action_end = self.compiler.action_end
        self.block(unit, body, frame, exits + [action_end], loops)
        action_end(unit, span)
        unit.jump(end, span)

