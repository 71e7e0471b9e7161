"""Code that can stop for a decision, laid out as resumable blocks.

A code unit (the flow, the set-up, a rule that makes decisions, an option
offered during each turn) is a list of blocks, each one generated Python
function `block(st, frame)`. The run loop calls the top frame's block at
`frame.pc`; a block runs a straight stretch of statements (written by
stmts.py), then sets `frame.pc` to the block that comes next, pushes or pops
a frame, or, at a decision, leaves the decision pending in the state and
returns SUSPEND. A frame is (unit, pc, env), so the interpreter's whole place
is plain data in the state. Names that must outlive a decision live in the
frame's env.

Blocks are written with symbolic labels (__L3__) that `link` replaces by
block numbers once every block is placed.
"""
from __future__ import annotations

import re

from collections import Counter
from contextlib import contextmanager

from ...errors import RulesError, error
from ...check.decisions import escapes, is_chance_let
from ...ir import nodes as n
from ...ir.walk import nodes
from ..effects.flow import turn_event
from ..engine.library import MEMO_SEARCHES
from ..fastpaths import on
from ..model.values import Location
from .certain import Certain
from .exprs import filtering
from .fixed import FIXED_MEMO, FIXED_POOLS, fixed, fixed_label, fixed_prefix
from .hoist import Hoist
from .keyed import key_text, kept_reads
from .reads import ITEM, Reads
from .together import TogetherGen
from .unit import Unit


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


# A rule that makes decisions is written into its callers' units (fast path splice) when at most
# this many `do`s name it (each writes it again: few, so that the code stays small), and no more
# than SPLICE_COPIES times in all.
SPLICE_SITES = 2
SPLICE_COPIES = 4


class UnitGen(TogetherGen):
    """Lays out statements that may stop for a decision as blocks (see the module docstring)."""

    def __init__(self, compiler):
        self.compiler = compiler
        self.prog = compiler.prog
        self.ns = compiler.ns
        self.stmts = compiler.stmts
        self.analysis = compiler.analysis
        self.spliced: list = []         # (rule, end label, len(exits)) of each rule written in place
        self.laid_out: list = []        # the rules whose units are being laid out, innermost last
        self._sites = None              # rule -> how many `do` statements name it
        self.reads = None               # what menus read (compiler/reads.py), made when first asked
        self.copies: Counter = Counter()    # rule -> how many times it was written in place
        self._memos: dict = {}          # (id of a decision statement, n) -> its n-th dict (memo())
        self._memo_node, self._memo_count = None, 0

    def memo(self) -> str:
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

    @contextmanager
    def laying_out(self, rule: str):
        """While a rule's own unit is laid out (in the middle of a caller's, maybe one written in
        place): its `return` ends its own frame."""
        self.laid_out.append(rule)
        spliced, self.spliced = self.spliced, []
        apart, self.stmts.apart = self.stmts.apart, 0
        try:
            yield
        finally:
            self.laid_out.pop()
            self.spliced, self.stmts.apart = spliced, apart

    def k(self, value) -> str:
        return self.ns.const(value)

    def x(self, e, names) -> str:
        return self.compiler.exprs.gen(e, names)

    def slot(self, what: str) -> str:
        return f"#{what}{self.ns.fresh('')}"

    def env_name(self, name: str, names: dict) -> tuple:
        return self.stmts.bind(name, names, persist=True)

    # ---------------------------------------------------------------- blocks
    def block(self, unit: Unit, stmts, names: dict, exits: list, loops: list) -> dict:
        """exits: code writers that undo enclosing turns, phases and actions (innermost last);
        loops: (exit label, len(exits) at the loop) for `stop`."""
        for s in stmts:
            if not self.analysis.suspends(s) and not escapes(s):
                names = self.stmts.stmt(s, names, unit, persist=True)
                continue
            handler = getattr(self, "u_" + type(s).__name__, None)
            if handler is None:
                raise error(s.span, f"{type(s).__name__} cannot stop for a decision")
            found = handler(unit, s, names, exits, loops)
            names = names if found is None else found
        return names

    # ---------------------------------------------------------------- jumps
    def u_Jump(self, unit, s, names, exits, loops):
        if s.kind == "stop":
            target, depth = loops[-1]
            for cleanup in reversed(exits[depth:]):
                cleanup(unit, s.span)
            unit.jump(target, s.span)
        elif s.kind == "return":
            if self.spliced:        # out of a rule written in place: on after it, in its caller
                _rule, end, depth = self.spliced[-1]
                for cleanup in reversed(exits[depth:]):
                    cleanup(unit, s.span)
                unit.jump(end, s.span)
                return
            for cleanup in reversed(exits):
                cleanup(unit, s.span)
            unit.add("st.frames.pop()", s.span)
            unit.add("return", s.span)
            unit.end_block()

    def branch_unless(self, unit, cond: str, label: int, span) -> None:
        unit.add(f"if not ({cond}):", span)
        unit.add(f"    fr.pc = __L{label}__", span)
        unit.add("    return", span)

    # ---------------------------------------------------------------- control
    def u_If(self, unit, s, names, exits, loops):
        end = unit.label()
        for branch in s.branches:
            nxt = unit.label()
            lines, test = self.compiler.exprs.test_lines(branch.cond, names)
            for line in lines:
                unit.add(line, branch.span)
            self.branch_unless(unit, test, nxt, branch.span)
            self.block(unit, branch.body, names, exits, loops)
            unit.jump(end, branch.span)
            unit.place(nxt, branch.span)
        self.block(unit, s.orelse, names, exits, loops)
        unit.place(end, s.span)

    def u_Match(self, unit, s, names, exits, loops):
        # Every case is tested in one block, in order, and the first that matches is jumped to
        # (the subject is a Python local there: nothing else reads it).
        subject = self.ns.fresh("m")
        unit.add(f"{subject} = {self.x(s.subject, names)}", s.span)
        end, orelse = unit.label(), unit.label()
        arms = [(case, unit.label()) for case in s.cases]
        for case, label in arms:
            test = " or ".join(f"({self.x(v, names)}) == {subject}" for v in case.values)
            unit.add(f"if {test}:", case.span)
            unit.add(f"    fr.pc = __L{label}__", case.span)
            unit.add("    return", case.span)
        unit.jump(orelse, s.span)
        for case, label in arms:
            unit.place(label, case.span)
            self.block(unit, case.body, names, exits, loops)
            unit.jump(end, case.span)
        unit.place(orelse, s.span)
        self.block(unit, s.orelse, names, exits, loops)
        unit.place(end, s.span)

    def u_ForEach(self, unit, s, names, exits, loops):
        slot = self.slot("for")
        top, end = unit.label(), unit.label()
        source, certain = self.compiler.exprs.items_source(s.source, names, statement=True)
        unit.add(f"env[{slot!r}] = ({source}, 0)", s.span)
        unit.place(top, s.span)
        var, inner = self.env_name(s.var, names)
        unit.add(f"items, i = env[{slot!r}]", s.span)
        unit.add("if i >= len(items):", s.span)
        unit.add(f"    fr.pc = __L{end}__", s.span)
        unit.add("    return", s.span)
        unit.add(f"{var} = items[i]", s.span)
        unit.add(f"env[{slot!r}] = (items, i + 1)", s.span)
        with self.certain_as(var, certain), self.compiler.exprs.written_through() as through:
            self.block(unit, s.body, inner, exits, loops + [(end, len(exits))])
        self.stmts.spend_through(through(), s.span, unit)
        unit.jump(top, s.span)
        unit.place(end, s.span)
        unit.add(f"env.pop({slot!r}, None)", s.span)

    def u_Repeat(self, unit, s, names, exits, loops):
        top, end = unit.label(), unit.label()
        slot = self.slot("rep")
        if s.kind == "times":
            unit.add(f"env[{slot!r}] = {self.x(s.arg, names)}", s.span)
        unit.place(top, s.span)
        with self.compiler.exprs.written_through() as through:
            if s.kind == "times":
                unit.add(f"if env[{slot!r}] <= 0:", s.span)
                unit.add(f"    fr.pc = __L{end}__", s.span)
                unit.add("    return", s.span)
                unit.add(f"env[{slot!r}] -= 1", s.span)
            elif s.kind == "until":
                self.branch_unless(unit, f"not ({self.x(s.arg, names)})", end, s.span)
            elif s.kind == "while":
                self.branch_unless(unit, self.x(s.arg, names), end, s.span)
            self.block(unit, s.body, names, exits, loops + [(end, len(exits))])
        self.stmts.spend_through(through(), s.span, unit)
        unit.jump(top, s.span)
        unit.place(end, s.span)
        if s.kind == "times":
            unit.add(f"env.pop({slot!r}, None)", s.span)

    def u_Phase(self, unit, s, names, exits, loops):
        unit.add(f"_enter_phase(st, {self.x(s.name, names)})", s.span)
        self.around(unit, s, names, exits, loops, lambda u, span: u.add("st.phase = st.phase[:-1]", span))

    def u_Quietly(self, unit, s, names, exits, loops):
        unit.add("st.quiet += 1", s.span)
        self.around(unit, s, names, exits, loops, lambda u, span: u.add("st.quiet -= 1", span))

    def u_Turn(self, unit, s, names, exits, loops):
        slot = self.slot("turn")
        unit.add(f"env[{slot!r}] = st.current", s.span)
        player = self.x(s.player, names)
        seat = self.compiler.exprs.sure(player, "Player") if on("typed") else None
        if seat is None:
            unit.add(f"_enter_turn(st, {player})", s.span)
        else:       # effects/flow.enter_turn, written out for a value certain to be a seat
            told = self.k(tuple(turn_event(p) for p in self.prog.players))
            if not seat.isidentifier():
                read, seat = seat, self.ns.fresh("t")
                unit.add(f"{seat} = {read}", s.span)
            unit.add(f"st.current = {seat}", s.span)
            unit.add(f"if {seat}.index == 0:", s.span)
            unit.add("    st.round += 1", s.span)
            unit.add("if not st.muted:", s.span)
            unit.add("    log = st.log", s.span)
            unit.add(f"    st.log = ({told}[{seat}.index], log, log[2] + 1 if log is not None else 1)", s.span)
        self.around(unit, s, names, exits, loops, lambda u, span: u.add(f"st.current = env.pop({slot!r}, None)", span))

    def around(self, unit, s, names, exits, loops, leave) -> None:
        """s's body, then leave (which every stop or return out of the body runs too)."""
        self.block(unit, s.body, names, exits + [leave], loops)
        leave(unit, s.span)

    def u_Do(self, unit, s, names, exits, loops):
        if self.splices(s.rule):
            return self.splice(unit, s, names, exits)
        index = self.compiler.rule_unit(s.rule)
        params = self.prog.defn.rules[s.rule].params
        env = "{" + ", ".join(f"{p!r}: {self.x(a, names)}" for p, a in zip(params, s.args)) + "}"
        after = unit.label()
        unit.add(f"st.frames.append(_Frame({index}, 0, {env}))", s.span)
        unit.jump(after, s.span)
        unit.place(after, s.span)

    def splices(self, rule: str) -> bool:
        """Whether `do rule(…)` is written in place (fast path splice): a rule named by at most
        SPLICE_SITES `do`s in the whole game, not one being laid out already (a rule that calls
        itself), written in place no more than SPLICE_COPIES times (a rule written twice that
        names another twice would write it four times)."""
        if not on("splice") or rule in self.laid_out or any(r == rule for r, _, _ in self.spliced):
            return False
        if self._sites is None:
            self._sites = Counter(x.rule for x in nodes([self.prog.defn]) if type(x) is n.Do)
        return self._sites[rule] <= SPLICE_SITES and self.copies[rule] < SPLICE_COPIES

    def splice(self, unit, s, names, exits):
        """A rule's body written into its caller's unit (no frame of its own, no turns of the run
        loop to enter and leave it): its arguments worked out into slots of the caller's frame,
        its own names kept apart from the caller's (stmts.bind makes each new), `return` going on
        after it."""
        decl = self.prog.defn.rules[s.rule]
        inner, exprs = {}, self.compiler.exprs
        for p, a in zip(decl.params, s.args):
            slot = self.slot("arg")
            text = self.x(a, names)
            unit.add(f"env[{slot!r}] = {text}", s.span)
            inner[p] = f"env[{slot!r}]"
            certain = exprs.certain_of(text) if on("typed") else None
            if certain is not None:         # the slot holds that value: as certain as it is
                exprs.certain[inner[p]] = certain
        end = unit.label()
        self.copies[s.rule] += 1
        unit.parts.append((decl.span, f"rule {s.rule}"))       # a failure in it names the rule
        self.spliced.append((s.rule, end, len(exits)))
        try:
            with self.stmts.kept_apart():
                self.block(unit, decl.body, inner, exits, [])
        finally:
            self.spliced.pop()
        unit.place(end, s.span)

    # ---------------------------------------------------------------- decisions and chance
    def decision_block(self, unit, span) -> None:
        """Decisions start a block of their own: working a decision out again (after a scenario
        changed the position) runs that block again."""
        unit.place(unit.label(), span)

    def u_Let(self, unit, s, names, exits, loops):
        if not is_chance_let(s):
            return self.stmts.stmt(s, names, unit, persist=True)
        var, names = self.env_name(s.name, names)
        key = var[len("env["):-1]
        after = unit.label()
        arg = self.x(s.value.args[0], names)
        self.decision_block(unit, s.span)
        seen = ""
        if s.seen is not None:
            seen_slot = self.slot("seen")
            unit.add(f"env[{seen_slot!r}] = _seen_by(st, {self.x(s.seen, names)}, {self.k(s.seen.span)})", s.span)
            seen = f", env[{seen_slot!r}]"
        unit.add(f"return _chance(st, fr, {self.k(s.value.func)}, {arg}, {key}, __L{after}__, {self.k(s.span)}{seen})",
                 s.span)
        unit.end_block()
        unit.place(after, s.span)
        if s.value.func == "roll":
            unit.add(f"_rolled(st, {arg}, {var}{seen})", s.span)
        if seen:
            unit.add(f"env.pop({seen_slot!r}, None)", s.span)
        return names

    def u_Draw(self, unit, s, names, exits, loops):
        slot = self.slot("draw")
        count = self.x(s.count, names) if s.count is not None else "1"
        top, apply_, end = unit.label(), unit.label(), unit.label()
        if s.count is None and on("draws"):
            # one component, where chance is not explicit (it cannot suspend): drawn here
            unit.add("if not st.explicit:", s.span)
            with unit.indented():
                unit.add(f"_draw_single(prog, st, {self.x(s.source, names)}, {self.k(s.end)}, "
                         f"{self.x(s.dest, names)}, {self.k(s.dest_end)}, {self.k(s.facing)}, {self.k(s.span)})",
                         s.span)
                unit.add(f"fr.pc = __L{end}__", s.span)
                unit.add("return", s.span)
        unit.add(f"env[{slot!r}] = ({count}, {self.x(s.source, names)}, {self.x(s.dest, names)})", s.span)
        unit.place(top, s.span)
        where = f"{self.k(s.dest_end)}, {self.k(s.facing)}"
        unit.add(f"return _draw_step(prog, st, fr, {slot!r}, {self.k(s.end)}, {where}, __L{apply_}__, "
                 f"__L{end}__, {self.k(s.span)})", s.span)
        unit.end_block()
        unit.place(apply_, s.span)
        unit.add(f"_draw_apply(prog, st, fr, {slot!r}, {where}, __L{top}__, {self.k(s.span)})", s.span)
        unit.end_block()
        unit.place(end, s.span)
        unit.add(f"env.pop({slot!r}, None)", s.span)

    def label(self, template, names, item=None) -> str:
        """Python text of an option's label (a template, or the item as shown), each component's
        text worked out once per decision."""
        exprs = self.compiler.exprs
        exprs.memo = "memo"
        try:
            return self.x(template, names) if template is not None else exprs.shown(item)
        finally:
            exprs.memo = None

    def chooser(self, s, names) -> str:
        if s.chooser is None:
            # whoever's turn it is (a seat, set by `turn`), or the helper's error when nobody's is
            return f"(st.current if st.current is not None else _chooser(st, None, {self.k(s.span)}))"
        text = self.x(s.chooser, names)
        if on("typed") and self.compiler.exprs.sure(text, "Player") is not None:
            return text         # a seat, certainly (a loop's over the players): nothing to ask of it
        return f"_chooser(st, {text}, {self.k(s.span)})"

    def u_Choose(self, unit, s, names, exits, loops, together=None):
        """together: the Together of a `simultaneously` this decision is made in (its seat
        chooses; taking an option records it, and the bodies run when all are revealed)."""
        self.memos_of(s)
        body, orelse, end = unit.label(), unit.label(), unit.label()
        var, inner = self.env_name(s.var, names)
        key = var[len("env["):-1]
        item = self.ns.fresh("v")
        local = {**names, s.var: item}
        head, rest = (fixed_prefix(s.where, s.var, self.prog.defn.defines)
                      if s.where is not None and on("fixed") else (None, s.where))
        # `choose x from [each y in L where c]`: L gone through, c tested with each option
        fused = filtering(s.source) if s.count_min is None and head is None and on("fuse") else None
        spend, source, items = self.compiler.exprs.loop_source(fused.source if fused else s.source, names)
        if s.count_min is not None:
            high = self.x(s.count_max, names) if s.count_max is not None else None
            low = self.x(s.count_min, names)
            around = _shows_alone(s.label, s.var)
            if s.where is None and around is not None and on("lazy") and not together and not s.automatic:
                self.decision_block(unit, s.span)
                for line in spend:
                    unit.add(line, s.span)
                prefix, suffix = around
                unit.add(f"return _offer_selections(st, fr, {self.chooser(s, names)}, {source}, {low}, "
                         f"{high if high else low}, {s.ordered}, {self.k(prefix)}, {self.k(suffix)}, __L{body}__, "
                         f"{key}, __L{orelse}__, {bool(s.orelse)}, {s.secretly}, {self.k(s.span)})", s.span)
                unit.end_block()
                with self.certain_as(var, Certain(tuple, items, None, self.ns.known(low)) if items is not None
                                     and type(self.ns.known(low)) is int else None):
                    self.after_choice(unit, s, names, inner, body, orelse, end, exits, loops)
                return
            tail = f"{low}, {high if high else low}, {s.ordered}, {self.k(s.span)}"
            select = lambda items: f"_selections(st, {items}, {tail})"     # noqa: E731
            fewest = self.ns.known(low)
            if items is not None and type(fewest) is int and on("typed"):
                # each selection: a list of at least `low` of the items
                self.compiler.exprs.certain[item] = Certain(tuple, items, None, fewest)
        else:
            select = lambda items: items                                    # noqa: E731
            if items is not None and on("typed"):
                self.compiler.exprs.certain[item] = items
        chooser = together.chooser if together else self.chooser(s, names)
        with self.options_of(unit, s.span, {item}, chooser, s.help is not None, self.searches(s)):
            label = self.label(s.label, local, item)
            where = self.x(rest, local) if rest is not None else None
            if fused is not None and fused.where is not None:
                kept_in = self.x(fused.where, {**names, fused.var: item})
                where = kept_in if where is None else f"({kept_in}) and ({where})"
            kept = self.x(head, local) if head is not None else None
            note = self.label(s.help, local) if s.help is not None else None
        for line in spend:
            unit.add(line, s.span)
        counts = s.count_min is None or self.fixed_counts(s)
        # Nothing but where the items lie decides the options and their labels: all of them are
        # remembered per list of items given (fixed.py), when the items are board locations.
        whole = (where is None and note is None and not together and counts and on("fixed")
                 and fixed_label(s.label, s.var, self.prog.defn.defines))
        fixed_ok = labelled = kept_for = None
        if kept is not None or whole:
            # whether the items are board locations, once for the decision (fixed.py)
            pool, fixed_ok = self.ns.fresh("s"), self.ns.fresh("ok")
            unit.add(f"{pool} = {source}", s.span)
            if whole or (where is None and counts):
                # what the decision keeps per list of items (only lists of board locations are
                # kept): looked up first, so that a list seen before is not tested again
                # (f_…: its options; p_…: the items that pass)
                memo, kept_for = self.memo(), self.ns.fresh("f" if whole else "p")
                unit.add("try:", s.span)
                unit.add(f"    {kept_for} = {memo}.get({pool})", s.span)
                unit.add("except TypeError:", s.span)      # (an item that cannot be a key: no list of locations)
                unit.add(f"    {kept_for} = None", s.span)
                unit.add(f"{fixed_ok} = {kept_for} is not None or _fixed_items({pool})", s.span)
                kept_for = (memo, kept_for)
            else:
                unit.add(f"{fixed_ok} = _fixed_items({pool})", s.span)
            source = pool
        board = None
        if s.count_min is not None and kept is not None and counts:
            # the selections of the whole board that pass, less those with an item not given
            board = (f"_fixed_selections({self.memo()}, {source}, {low}, {high if high else low}, {s.ordered}, "
                     f"lambda {item}: {kept}, prog.all_locations)")
        if whole:
            self.remembered_options(unit, s, item, kept, label, select(source), source, fixed_ok, kept_for, board)
        elif kept is not None and where is None and counts:
            # the whole condition is fixed: which items pass depends only on the items given
            passed = self.passing(unit, s.span, item, kept, select(source), source, fixed_ok, kept_for, board)
            unit.add(f"for {item} in {passed}:", s.span)
            kept = None
        else:
            labelled = self.labelled(s, source) if kept is None and note is None and not together else None
            if labelled is None:
                unit.add(f"for {item} in {select(source)}:", s.span)
            else:
                pairs, distinct = labelled
                label = self.ns.fresh("l")
                unit.add(f"for {label}, {item} in {self.k(pairs)}:", s.span)
        if not whole:
            pad = "    "
            if kept is not None:
                where = self.remembered(unit, s.span, item, kept, where, fixed_ok)
            if where is not None:
                unit.add(f"    if {where}:", s.span)
                pad = "        "
            if labelled is not None and distinct:
                unit.add(f"{pad}found[{label}] = {item}", s.span)
            elif note is None:
                unit.add(f"{pad}found.setdefault({label}, {item})", s.span)
            else:
                unit.add(f"{pad}found.setdefault(_l := {label}, {item})", s.span)
                unit.add(f"{pad}if notes is not _LATER:", s.span)
                unit.add(f"{pad}    notes.setdefault(_l, {note})", s.span)
        take, nothing = (together.picked(body, key), together.picked(orelse, None, False)) if together else (body, orelse)
        unit.add(f"return _offer_choice(st, fr, chooser, found, __L{take}__, {key}, __L{nothing}__, "
                 f"{bool(s.orelse)}, {s.secretly or bool(together)}, {self.k(s.span)}, {bool(s.automatic)}"
                 f"{_parts(s)}{', notes=notes' if s.help is not None else ''})", s.span)
        unit.end_block()
        if together:
            together.record(unit)
            end = together.next_body
        chosen = self.compiler.exprs.certain.get(item) if not together else None
        with self.certain_as(var, chosen):     # the body reads the chosen item(s) as the options did
            self.after_choice(unit, s, names, inner, body, orelse, end, exits, loops, together)

    def labelled(self, s, source: str):
        """(((label, item), …) of a choice of one among a list of board locations fixed when the
        game is compiled, whose label reads only where its item lies (fixed.py), worked out now;
        whether those labels are distinct), or None. The options are then found with no label
        made (and, the labels distinct, with no test that one is already there)."""
        items = self.ns.known(source)
        if s.count_min is not None or type(items) is not tuple or not items or not on("fixed") \
                or any(type(x) is not Location for x in items) \
                or not fixed_label(s.label, s.var, self.prog.defn.defines):
            return None
        try:
            with self.compiler.exprs.detached():
                labels = tuple(x.label if s.label is None else self.compiler.evaluate(s.label, {s.var: x})
                               for x in items)
        except RulesError:
            return None         # told when the decision is offered, as without this
        if any(type(label) is not str for label in labels):
            return None
        return tuple(zip(labels, items)), len(set(labels)) == len(labels)

    def remembered(self, unit, span, item: str, kept: str, where, fixed_ok: str, pad: str = ""):
        """Lines in a decision's loop that work out the fixed head of its `where` (fixed.py) once
        per selection for the whole game, when the items are board locations (fixed_ok); the
        condition left to test."""
        memo, got = self.memo(), self.ns.fresh("g")
        unit.add(f"{pad}    {got} = {memo}.get({item}) if {fixed_ok} else None", span)
        unit.add(f"{pad}    if {got} is None:", span)
        unit.add(f"{pad}        {got} = bool({kept})", span)
        unit.add(f"{pad}        if {fixed_ok} and len({memo}) < {FIXED_MEMO}:", span)
        unit.add(f"{pad}            {memo}[{item}] = {got}", span)
        return got if where is None else f"{got} and ({where})"

    def remembered_options(self, unit, s, item: str, kept, label: str, options: str, pool: str,
                           fixed_ok: str, kept_for: tuple, board=None) -> None:
        """Lines that make a decision's options ({label: item}) when which items pass and how they
        read depend only on the items given (fixed.py): made once per list of items for the whole
        game when they are board locations, and offered as made (offer_choice only reads them).
        kept_for: (the dict they are kept in, the name of what it held for pool). board: the text
        that reads the passing selections off the whole board's, or None."""
        memo, made = kept_for
        unit.add(f"if {made} is None:", s.span)
        unit.add(f"    {made} = {{}}", s.span)
        indent = "    "
        # each item's option made once for the game, when the items are board locations
        pairs = self.memo()
        known = lambda items: f"_known_options({made}, {pairs}, {items}, lambda {item}: ({label}, {item}))"  # noqa: E731
        if board is not None:
            sels = self.ns.fresh("b")
            unit.add(f"    {sels} = {board} if {fixed_ok} else None", s.span)
            unit.add(f"    if {sels} is not None:", s.span)
            unit.add(f"        {made} = {known(sels)}", s.span)
            unit.add("    else:", s.span)
            indent = "        "
        elif kept is None:
            unit.add(f"    if {fixed_ok}:", s.span)
            unit.add(f"        {made} = {known(options)}", s.span)
            unit.add("    else:", s.span)
            indent = "        "
        unit.add(f"{indent}for {item} in {options}:", s.span)
        pad = indent + "    "
        if kept is not None:
            got = self.remembered(unit, s.span, item, kept, None, fixed_ok, indent)
            unit.add(f"{pad}if {got}:", s.span)
            pad += "    "
        unit.add(f"{pad}{made}.setdefault({label}, {item})", s.span)
        unit.add(f"    if {fixed_ok} and len({memo}) < {FIXED_POOLS}:", s.span)
        unit.add(f"        {memo}[{pool}] = {made}", s.span)
        unit.add(f"found = {made}", s.span)

    def fixed_counts(self, s) -> bool:
        """Whether a choice of several takes a number of items written as numbers."""
        return all(type(c) is n.Literal and type(c.value) is int for c in (s.count_min, s.count_max) if c is not None)

    def passing(self, unit, span, item: str, kept: str, options: str, pool: str, fixed_ok: str, kept_for: tuple,
                board=None) -> str:
        """Lines that list the options passing a condition wholly fixed (fixed.py), remembered
        per list of items given for the whole game when they are board locations; the name of
        that list. kept_for, board: as for remembered_options."""
        memo, passed = kept_for
        if board is not None:
            unit.add(f"if {passed} is None and {fixed_ok}:", span)
            unit.add(f"    {passed} = {board}", span)
        unit.add(f"if {passed} is None:", span)
        unit.add(f"    {passed} = []", span)
        unit.add(f"    for {item} in {options}:", span)
        got = self.remembered(unit, span, item, kept, None, fixed_ok, "    ")
        unit.add(f"        if {got}:", span)
        unit.add(f"            {passed}.append({item})", span)
        unit.add(f"    if {fixed_ok} and len({memo}) < {FIXED_POOLS}:", span)
        unit.add(f"        {memo}[{pool}] = {passed}", span)
        return passed

    def after_choice(self, unit, s, names, inner, body, orelse, end, exits, loops, together=None) -> None:
        """A choice's body, then its `else` (in a `simultaneously`, each goes on to the next pick's
        body, at `end`)."""
        self.option_body(unit, body, s.body, inner, exits, loops, end, s.span)
        unit.place(orelse, s.span)
        self.block(unit, s.orelse, names, exits, loops)
        if together:
            unit.jump(end, s.span)
        else:
            unit.place(end, s.span)

    def u_Menu(self, unit, s, names, exits, loops, together=None):
        """together: as for u_Choose."""
        self.memos_of(s)
        end, orelse = unit.label(), unit.label()
        arms = [(option, unit.label()) for option in s.options]
        items = {option: self.ns.fresh("v") for option, _ in arms if option.var is not None}
        lines, bodies = [], []
        chosen = {}         # a `for each` option -> (its name in env, Certain of its items)
        chooser = together.chooser if together else self.chooser(s, names)

        def target(label, key):
            return together.picked(label, key) if together else label
        helped = any(option.help is not None for option in s.options)
        whole = not together and not helped and on("fixed") and self.fixed_menu(s)
        sources = []        # (the items' source, the option's loop) of each option, when whole
        # (a menu with no `for each` option tests its few conditions faster than it makes a key)
        keyed = not together and not whole and on("keyed") and any(option.var is not None for option in s.options)
        read = []           # the texts of the conditions and labels, when keyed
        with self.options_of(unit, s.span, set(items.values()), chooser, helped, self.searches(s)):
            hoist = self.compiler.exprs.hoists[0] if self.compiler.exprs.hoists else None
            for option, label in arms:
                if option.var is None:
                    cond = self.x(option.cond, names) if option.cond is not None else "True"
                    text = self.label(option.label, names)
                    read += [cond, text]
                    lines += [(f"if {cond}:", option.span),
                              (f"    found.setdefault({'_l := ' if option.help else ''}{text}, "
                               f"(__L{target(label, None)}__, None, None))", option.span)]
                    if option.help is not None:
                        lines += [("    if notes is not _LATER:", option.span),
                                  (f"        notes.setdefault(_l, {self.label(option.help, names)})", option.span)]
                    bodies.append((option, label, names))
                    continue
                var, inner = self.env_name(option.var, names)
                item = items[option]
                local = {**names, option.var: item}
                # what is certain of the items first: the condition and the label read them so
                if whole:       # its items spent by remembered_menu
                    spend, (source, certain) = [], self.compiler.exprs.items_source(option.source, names, statement=True)
                else:
                    spend, source, certain = self.compiler.exprs.loop_source(option.source, names)
                if certain is not None and on("typed"):
                    self.compiler.exprs.certain[item] = certain
                chosen[option] = (var, certain if not together else None)
                test = self.x(option.cond, local) if option.cond is not None else "True"
                text = self.label(option.label, local)
                key = var[len('env['):-1]
                read += [test, text]
                keyed = keyed and type(self.ns.known(source)) is tuple     # items fixed when compiled
                if whole:
                    sources.append((source, item))
                    source = f"__S{len(sources) - 1}__"
                lines += [(line, option.span) for line in spend]
                if whole and option.cond is None:
                    # its items' options made once for the game, when they are board locations
                    # (remembered_menu names the test)
                    lines += [("if __OK__:", option.span),
                              (f"    found = _known_options(found, {self.k({})}, {source}, lambda {item}: "
                               f"({text}, (__L{target(label, key)}__, {key}, {item})))", option.span),
                              ("else:", option.span),
                              (f"    for {item} in {source}:", option.span),
                              (f"        found.setdefault({text}, (__L{target(label, key)}__, {key}, {item}))",
                               option.span)]
                    bodies.append((option, label, inner))
                    continue
                lines += [(f"for {item} in {source}:", option.span),
                          (f"    if {test}:", option.span),
                          (f"        found.setdefault({'_l := ' if option.help else ''}{text}, "
                           f"(__L{target(label, key)}__, {key}, {item}))", option.span)]
                if option.help is not None:
                    lines += [("        if notes is not _LATER:", option.span),
                              (f"            notes.setdefault(_l, {self.label(option.help, local)})", option.span)]
                bodies.append((option, label, inner))
        values = self.read_values(s, names) if not together and not whole and \
            any(option.var is not None for option in s.options) else None
        reads = kept_reads(read, set(items.values()), hoist.kept) if keyed and hoist is not None and \
            values is None else None
        if whole:
            self.remembered_menu(unit, s.span, sources, lines)
        elif values:
            self.keyed_menu(unit, s.span, values, lines, helped, plain=True)
        elif reads:     # (a menu that reads no kept part is cheap enough as it is)
            self.keyed_menu(unit, s.span, reads, lines, helped)
        else:
            for line, span in lines:
                unit.add(line, span)
        unit.add(f"return _offer_menu(st, fr, chooser, found, __L{together.picked(orelse, None, False) if together else orelse}__, {bool(s.orelse)}, "
                 f"{s.secretly or bool(together)}, {self.k(s.span)}, {bool(s.automatic)}"
                 f"{', notes=notes' if helped else ''})", s.span)
        unit.end_block()
        if together:
            together.record(unit)
            end = together.next_body
        for option, label, inner in bodies:
            with self.certain_as(*chosen.get(option, (None, None))):
                self.option_body(unit, label, option.body, inner, exits, loops, end, option.span)
        unit.place(orelse, s.span)
        self.block(unit, s.orelse, names, exits, loops)
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

    def remembered_menu(self, unit, span, sources: list, lines: list) -> None:
        """A menu's options made as remembered_options makes a choice's: once per lists of items
        given (one list per option), when they are all board locations."""
        pools = [self.ns.fresh("s") for _ in sources]
        ok, memo, made = self.ns.fresh("ok"), self.k({}), self.ns.fresh("f")     # (its own: options hold its blocks)
        for pool, (source, _item) in zip(pools, sources):
            unit.add(f"{pool} = {source}", span)
            unit.add(f"st.steps += len({pool})", span)      # as loop_source spends a loop's items
        unit.add(f"{ok} = {' and '.join(f'_fixed_items({pool})' for pool in pools)}", span)
        key = f"({', '.join(pools)},)"
        unit.add(f"{made} = {memo}.get({key}) if {ok} else None", span)
        unit.add(f"if {made} is None:", span)
        unit.add("    found = {}", span)
        for line, line_span in lines:
            for i, pool in enumerate(pools):
                line = line.replace(f"__S{i}__", pool)
            line = line.replace("__OK__", ok)
            unit.add("    " + line, line_span)
        unit.add(f"    {made} = found", span)
        unit.add(f"    if {ok} and len({memo}) < {FIXED_POOLS}:", span)
        unit.add(f"        {memo}[{key}] = {made}", span)
        unit.add(f"found = {made}", span)

    def read_values(self, s, names: dict):
        """The Python texts of the values a menu's options read (compiler/reads.py): the lists its
        `for each` options go through, their conditions and their labels, when they read nothing
        else and each option has a label; else None."""
        if not on("reads") or any(option.label is None for option in s.options):
            return None
        if self.reads is None:
            self.reads = Reads(self.compiler.exprs)
        parts = []
        for option in s.options:
            scope = dict(names)
            if option.var is not None:
                parts.append((option.source, scope, True))
                scope = {**names, option.var: ITEM}
            parts += [(x, scope, False) for x in (option.cond, option.label) if x is not None]
        return self.reads.key(parts)

    def keyed_menu(self, unit, span, parts: list, lines: list, helped: bool, plain: bool = False) -> None:
        """A menu's options kept per the values of the parts kept once per decision that its
        conditions and labels read (compiler/keyed.py), worked out when those values are new.
        The parts are worked out first, all of them: one that fails (which the options may never
        have asked) leaves the decision to work its options out as it would without a key. Its
        loops over lists fixed when compiled spend their items whether or not they run (a menu
        offered again and again in a runaway loop is told as soon); a list worked out at play is
        spent where it is made, on a new key. plain: the parts are the values read (compiler/reads.py),
        which key the menu only where what lies in a place is settled and the values kept all
        game long are."""
        memo, key, made = self.k({}), self.ns.fresh("key"), self.ns.fresh("f")   # (its own: options hold its blocks)
        if plain:
            values = "".join(p + ", " for p in parts)
            key_parts, alive = f"(({values}) if not st.lazy and not st.unfolded else None)", "()"
        else:
            key_parts, alive = key_text(parts, self.compiler.exprs.searches, lambda: self.ns.fresh("m"))
        spend = [re.fullmatch(r"st\.steps \+= \d+", line) is not None for line, _ in lines]
        for (line, line_span), spent in zip(lines, spend):
            if spent:
                unit.add(line, line_span)
        unit.add(f"{key} = {made} = None", span)
        pad = ""
        if helped:      # help texts asked for: worked out with the options, never kept
            unit.add("if notes is _LATER:", span)
            pad = "    "
        unit.add(f"{pad}try:", span)
        unit.add(f"{pad}    {made} = {memo}.get({key} := {key_parts})", span)
        unit.add(f"{pad}except Exception:", span)
        unit.add(f"{pad}    {key} = None", span)
        unit.add(f"if {made} is None:", span)
        for (line, line_span), spent in zip(lines, spend):
            if not spent:
                unit.add("    " + line, line_span)
        unit.add(f"    if {key} is not None and len({memo}) < {FIXED_POOLS}:", span)
        unit.add(f"        {memo}[{key}] = (found, {alive})", span)
        unit.add("else:", span)
        unit.add(f"    found = {made}[0]", span)

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
    def options_of(self, unit, span, varying: set, chooser: str, notes: bool = False, searches: bool = True):
        """A decision's block: who chooses and the options found so far (and, with notes, their
        `help` texts, when asked for); the parts of its conditions and labels written inside are worked out once
        per decision where they read no option."""
        exprs = self.compiler.exprs
        hoist = Hoist(self.ns, varying)
        exprs.hoists = [hoist] if on("hoist") else []
        exprs.memo_used = False
        try:
            with exprs.written_through() as through:
                yield
        finally:
            exprs.hoists = []
        self.decision_block(unit, span)
        unit.add(f"chooser = {chooser}", span)
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
        for name in hoist.names:
            unit.add(f"{name} = {hoist.entered(name)}", span)

    @contextmanager
    def certain_as(self, var, certain):
        """While a body is written: every value of var (a name kept in env) is as certain says
        (compiler/certain.py), as the list it was taken from."""
        table = self.compiler.exprs.certain
        if var is None or certain is None or not on("typed"):
            yield
            return
        before = table.get(var)
        table[var] = certain
        try:
            yield
        finally:
            if before is None:
                table.pop(var, None)
            else:
                table[var] = before

    def option_body(self, unit, label, body, names, exits, loops, end, span) -> None:
        """A taken option's body; it ends as an action does (after-each-action rules)."""
        unit.place(label, span)
        action_end = self.compiler.action_end
        self.block(unit, body, names, exits + [action_end], loops)
        action_end(unit, span)
        unit.jump(end, span)

