"""Checking decisions and scenario statements: a part of the scope pass's Checker.

Choices is mixed into scope.Checker and uses what it keeps (the scope chain,
the context, and its helpers expect, condition, collection, players, block).
"""
from __future__ import annotations

from ..ir import nodes as n
from ..limits import MAX_LABEL_CHARS, with_commas
from .builtins import BUILTINS
from .types import ANY, INT, PLAYER, a_type, item_of, list_of

# What a scenario may force besides chance's functions: the next draw from a zone, its next shuffle.
FORCED_PLACES = ("draw", "shuffle")


class Choices:
    """The decision and scenario statements of the Checker."""

    def s_Choose(self, s: n.Choose):
        source = self.collection(s.source)
        item = item_of(source)
        for count in {id(c): c for c in (s.count_min, s.count_max) if c is not None}.values():
            self.expect(count, INT, self.expr(count), "how many to choose")
        low, high = s.count_min, s.count_max
        if isinstance(low, n.Literal) and isinstance(high, n.Literal) and low.value > high.value:
            self.ctx.error(s.span, f"cannot choose {low.value}..{high.value}", "write the smaller number first")
        bound = self.local(s.var, list_of(item) if s.multiple else item, s.var_span, s.span)
        # With a count, `where` judges the whole selection (a pair that touches).
        self.scope.push({s.var: bound}, s.span)
        if s.where is not None:
            self.condition(s.where)
        self.scope.pop()
        if s.chooser is not None:
            self.player(s.chooser)
        self.scope.push({s.var: bound}, s.span)
        if s.label is not None:
            self.expr(s.label)
            self.label_length(s.label)
        if s.help is not None:
            self.expr(s.help)
        self.block(s.body)
        self.scope.pop()
        self.block(s.orelse)

    def s_Menu(self, s: n.Menu):
        if s.chooser is not None:
            self.player(s.chooser)
        labels = {}
        for option in s.options:
            names = {}
            if option.source is not None:
                item = item_of(self.collection(option.source))
                names[option.var] = self.local(option.var, item, option.var_span, option.span)
            self.scope.push(names, option.span)
            if option.cond is not None:
                self.condition(option.cond)
            self.expr(option.label)
            self.label_length(option.label)
            if option.help is not None:
                self.expr(option.help)
            self.block(option.body)
            self.scope.pop()
            key = tuple(p for p in option.label.parts if isinstance(p, str))
            if option.source is None and key in labels:
                self.ctx.error(option.span, "two options of this menu have the same label",
                               f"the other is on line {labels[key]}; labels must tell actions apart")
            labels[key] = option.span.line
        self.block(s.orelse)

    def label_length(self, label: n.Template) -> None:
        """An action's label is at most MAX_LABEL_CHARS long, as a record keeps it: its fixed text is
        measured here; what its {…} parts add, when the label is made in play."""
        fixed = sum(len(p) for p in label.parts if isinstance(p, str))
        if fixed > MAX_LABEL_CHARS:
            self.ctx.error(label.span, f"this label is {with_commas(fixed)} characters long; an action's label may "
                           f"be at most {with_commas(MAX_LABEL_CHARS)}",
                           "a record keeps the label of every action taken: say the rest in `help \"…\"`")

    def s_Simultaneous(self, s: n.Simultaneous):
        typ = self.collection(s.source)
        if item_of(typ) not in (PLAYER, ANY):
            self.ctx.error(s.source.span, f"this should be a list of players, but it is {a_type(typ)}")
        if s.decision.chooser is not None:
            self.ctx.error(s.decision.chooser.span, "every seat listed after `simultaneously` chooses for itself",
                           f"leave out `by`: each {s.var} makes this choice")
        if s.decision.automatic:
            self.ctx.error(s.decision.span, "a simultaneous choice is asked of every seat, even with one option",
                           "leave out `automatically when only one`")
        self.scope.push({s.var: self.local(s.var, PLAYER, s.var_span, s.span)}, s.span)
        self.stmt(s.decision)
        self.scope.pop()

    def s_Expect(self, s: n.Expect):
        self.condition(s.cond)

    def s_ExpectLegal(self, s: n.ExpectLegal):
        self.expr(s.label)
        if s.by is not None:
            self.players(s.by)

    def s_ExpectTold(self, s: n.ExpectTold):
        self.expr(s.text)
        if s.seat is not None:
            self.players(s.seat)

    def s_ExpectSees(self, s: n.ExpectSees):
        self.players(s.seat)
        self.expr(s.item)

    def s_Force(self, s: n.Force):
        event = s.event
        if isinstance(event, n.Call) and event.func in FORCED_PLACES:
            if len(event.args) != 1 or event.kwargs or event.comp is not None:
                self.ctx.error(event.span, f"{event.func}(…) takes the zone, as {event.func}(deck)",
                               f"force {event.func}(deck) = card, …")
            elif self.expr(event.args[0]).head not in ("zone", "zone of", "any"):
                self.ctx.error(event.args[0].span, f"{event.func}(…) in a force takes a zone",
                               f"force {event.func}(deck) = card, … where deck is a zone (p.hand for a seat's)")
            for outcome in (s.outcome,) + s.more:
                self.expr(outcome)
            return
        if not (isinstance(event, n.Call) and event.func in BUILTINS and BUILTINS[event.func].chance):
            self.ctx.error(event.span, "only a chance event can be forced",
                           "force roll(Die) = face, random(list) = item, draw(zone) = card or shuffle(zone) = cards")
            return
        self.call(s.event, chance_ok=True)
        for outcome in (s.outcome,) + s.more:
            self.expr(outcome)

    def s_ExpectOptions(self, s: n.ExpectOptions):
        for label in s.labels:
            self.expr(label)
        if s.by is not None:
            self.player(s.by)

    def s_Play(self, s: n.Play):
        self.expr(s.label)
        if s.by is not None:
            self.players(s.by)

