"""Decisions, chance and draws laid out as blocks (for UnitGen, units.py).

A decision starts a block of its own that works its options out (their conditions and labels
written with the parts that read no option kept once per decision: hoist.py), leaves the
decision pending and returns SUSPEND; the option taken resumes at its body's block. A chance
`let` and a `draw` stop likewise where chance is explicit. Menus are menus.py's.
"""
from __future__ import annotations

from contextlib import contextmanager

from ...check.decisions import is_chance_let
from ...ir import nodes as n
from ...ir.walk import nodes
from ..engine.library import MEMO_SEARCHES
from .certain import Certain
from .code import SPEND, Code, Name, fmt, read, text
from .menus import MenuGen

MEMO = Name("memo")         # the display memo of a decision's labels (each component's text worked out once)


def searches(s, defines: dict) -> bool:
    """Whether working a decision's options out may search a board for distances (which st.memo
    keeps while they are worked out: engine/library._distances_from), in its own expressions or
    the defines they call."""
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
        self.passes.first("draw", self, unit, s, frame, end)       # (`draws`: one drawn here where it may be)
        unit.add(fmt("{} = ({}, {}, {})", slot, count, self.x(s.source, frame), self.x(s.dest, frame)), s.span)
        unit.place(top, s.span)
        where = fmt("{}, {}", self.k(s.dest_end), self.k(s.facing))
        unit.add(fmt("return _draw_step(prog, st, fr, {}, {}, {}, {}, {}, {})", text(slot.literal), self.k(s.end),
                     where, apply_, end, self.k(s.span)), s.span)
        unit.end_block()
        unit.place(apply_, s.span)
        unit.add(fmt("_draw_apply(prog, st, fr, {}, {}, {}, {})", text(slot.literal), where, top, self.k(s.span)),
                 s.span)
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
        return self.passes.first("chooser", self, s, code) or fmt("_chooser(st, {}, {})", code, self.k(s.span))

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
        # (`fixed`: the conditions that read only where the items lie, remembered apart)
        head, rest = (self.passes.first("fixed_head", self, s) if s.where is not None else None) or (None, s.where)
        # (`fuse`: `choose x from [each y in L where c]`: L gone through, c tested with each option)
        fused = self.passes.first("filtered", self, s) if s.count_min is None and head is None else None
        spend, source, items = self.exprs.loop_source(fused.source if fused else s.source, frame)
        low = high = None
        if s.count_min is not None:
            high = self.x(s.count_max, frame) if s.count_max is not None else None
            low = self.x(s.count_min, frame)
            if not together and self.passes.first("selections", self, unit, s, frame, var, inner, source, items, spend,
                                                   low, high, _shows_alone(s.label, s.var), key, body, orelse, end,
                                                   exits, loops):
                return
            tail = fmt("{}, {}, {}, {}", low, high if high else low, self.k(s.ordered), self.k(s.span))
            select = lambda items: fmt("_selections(st, {}, {})", items, tail)     # noqa: E731
            fewest = low.value
            if items is not None and type(fewest) is int:
                # each selection: a list of at least `low` of the items
                self.exprs.know(item, Certain(tuple, items, None, fewest))
        else:
            select = lambda items: items                                    # noqa: E731
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
        if not self.passes.first("choice_options", self, unit, s, item, source, select, label, where, kept, note, low,
                                 high, together):
            unit.add(fmt("for {} in {}:", item, select(source)), s.span)
            self.found_lines(unit, s, item, label, where, note)
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

    def found_lines(self, unit, s, item, label, where, note, distinct: bool = False) -> None:
        """The lines in a choice's loop that add an item's option (and its help text, when asked
        for) to those found, where the condition left to test passes. distinct: no label is made
        twice (no test that it is there already)."""
        pad = 1
        if where is not None:
            unit.add(fmt("if {}:", where), s.span, depth=1)
            pad = 2
        if distinct:
            unit.add(fmt("found[{}] = {}", label, item), s.span, depth=pad)
        elif note is None:
            unit.add(fmt("found.setdefault({}, {})", label, item), s.span, depth=pad)
        else:
            unit.add(fmt("found.setdefault(_l := {}, {})", label, item), s.span, depth=pad)
            unit.add("if notes is not _LATER:", s.span, depth=pad)
            unit.add(fmt("notes.setdefault(_l, {})", note), s.span, depth=pad + 1)

    def fixed_counts(self, s) -> bool:
        """Whether a choice of several takes a number of items written as numbers."""
        return all(type(c) is n.Literal and type(c.value) is int for c in (s.count_min, s.count_max) if c is not None)

    def after_choice(self, unit, s, frame, inner, body, orelse, end, exits, loops, together=None) -> None:
        """A choice's body, then its `else` (in a `simultaneously`, each goes on to the next pick's
        body, at `end`)."""
        self.option_body(unit, body, s.body, inner, exits, loops, end, s.span)
        self.choice_else(unit, s, frame, orelse, end, exits, loops, together)

    def searches(self, s) -> bool:
        return searches(s, self.prog.defn.defines)

    @contextmanager
    def options_of(self, unit, span, varying: set, chooser, notes: bool = False, searches: bool = True):
        """A decision's block: who chooses and the options found so far (and, with notes, their
        `help` texts, when asked for). Yields a function frame -> the frame the decision's
        conditions and labels are written in: their parts that read no option (varying: the
        Names that do) are worked out once per decision."""
        exprs = self.exprs
        hoist = self.passes.first("decision_level", self, varying, span)    # (`hoist`: parts kept once a decision)
        hoists = (hoist,) if hoist is not None else ()
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
            unit.add("memo = {None: chooser}", span)     # each component's text as chooser reads it, once
        if searches:
            unit.add("st.memo = {}", span)      # the searches made, kept while the options are worked out
        for name in hoist.names if hoist is not None else ():
            unit.add(fmt("{} = {}", name, hoist.entered(name)), span)

    def option_body(self, unit, label, body, frame, exits, loops, end, span) -> None:
        """A taken option's body; it ends as an action does (after-each-action rules)."""
        unit.place(label, span)
        action_end = self.compiler.action_end
        self.block(unit, body, frame, exits + [action_end], loops)
        action_end(unit, span)
        unit.jump(end, span)

