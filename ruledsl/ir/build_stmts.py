"""Parse tree to IR: statements."""
from __future__ import annotations

from lark import Token, v_args

from ..source import UNKNOWN
from . import nodes as n
from .build_support import is_opt, positional

class Statements:
    """The builder's methods for statements (mixed into build._Builder)."""

    # -- statements ------------------------------------------------------------
    def block(self, c):
        return tuple(c)

    @v_args(meta=True)
    def let_stmt(self, meta, c):
        return n.Let(str(c[0]), c[1], c[2], name_span=self.tspan(c[0]), span=self.span(meta))

    @v_args(meta=True)
    def set_stmt(self, meta, c):
        return n.Set(c[0], c[1], "=", span=self.span(meta))

    @v_args(meta=True)
    def increase_stmt(self, meta, c):
        return n.Set(c[0], c[1], "+", span=self.span(meta))

    @v_args(meta=True)
    def decrease_stmt(self, meta, c):
        return n.Set(c[0], c[1], "-", span=self.span(meta))

    @v_args(meta=True)
    def move_stmt(self, meta, c):
        item, end, dest, facing = c
        return n.Move(item, dest, str(end) if end else None, facing, span=self.span(meta))

    @v_args(meta=True)
    def draw_stmt(self, meta, c):
        count, end, source, dest_end, dest, facing = c
        return n.Draw(count, source, dest, str(end) if end else None, facing,
                      str(dest_end) if dest_end else None, span=self.span(meta))

    @v_args(meta=True)
    def shuffle_stmt(self, meta, c):
        return n.Effect("shuffle", c[0], span=self.span(meta))

    @v_args(meta=True)
    def reveal_stmt(self, meta, c):
        return n.Effect("reveal", c[0], span=self.span(meta))

    @v_args(meta=True)
    def hide_stmt(self, meta, c):
        return n.Effect("hide", c[0], span=self.span(meta))

    @v_args(meta=True)
    def show_stmt(self, meta, c):
        return n.Show(c[0], c[1], span=self.span(meta))

    @v_args(meta=True)
    def rotate_stmt(self, meta, c):
        return n.Rotate(c[0], c[1], span=self.span(meta))

    @v_args(meta=True)
    def swap_stmt(self, meta, c):
        return n.Swap(c[0], c[1], span=self.span(meta))

    @v_args(meta=True)
    def announce_stmt(self, meta, c):
        return n.Announce(c[0], c[1], span=self.span(meta))

    @v_args(meta=True)
    def mark_stmt(self, meta, c):
        return n.Mark(c[0], str(c[1]), True, tag_span=self.tspan(c[1]), span=self.span(meta))

    @v_args(meta=True)
    def unmark_stmt(self, meta, c):
        return n.Mark(c[0], str(c[1]), False, tag_span=self.tspan(c[1]), span=self.span(meta))

    @v_args(meta=True)
    def do_stmt(self, meta, c):
        name, args = c
        return n.Do(str(name), positional(args), name_span=self.tspan(name), span=self.span(meta))

    @v_args(meta=True)
    def win_stmt(self, meta, c):
        return n.Win(c[0], span=self.span(meta))

    @v_args(meta=True)
    def end_stmt(self, meta, c):
        if not c or c[0] is None:
            return n.EndGame(span=self.span(meta))
        var, source, *keys = c
        return n.EndGame(str(var), source, tuple(keys), var_span=self.tspan(var), span=self.span(meta))

    @v_args(meta=True)
    def end_returns_stmt(self, meta, c):
        value, var, source = c
        return n.EndGame(str(var), source, (), value, var_span=self.tspan(var), span=self.span(meta))

    @v_args(meta=True)
    def stop_stmt(self, meta, c):
        return n.Jump("stop", span=self.span(meta))

    @v_args(meta=True)
    def return_stmt(self, meta, c):
        return n.Jump("return", span=self.span(meta))

    @v_args(meta=True)
    def pass_stmt(self, meta, c):
        return n.Jump("pass", span=self.span(meta))

    @v_args(meta=True)
    def expect_stmt(self, meta, c):
        return n.Expect(c[0], span=self.span(meta))

    @v_args(meta=True)
    def expect_legal_stmt(self, meta, c):
        legality, label, by = c
        return n.ExpectLegal(str(legality) == "legal", self.template(label), by, span=self.span(meta))

    @v_args(meta=True)
    def expect_announced_stmt(self, meta, c):
        word, text = c
        return n.ExpectTold(self.template(text), None, str(word).startswith("not"), span=self.span(meta))

    @v_args(meta=True)
    def expect_reads_stmt(self, meta, c):
        seat, word, text = c
        return n.ExpectTold(self.template(text), seat, str(word).startswith("does"), span=self.span(meta))

    @v_args(meta=True)
    def expect_sees_stmt(self, meta, c):
        seat, word, item = c
        return n.ExpectSees(seat, item, str(word).startswith("does"), span=self.span(meta))

    @v_args(meta=True)
    def force_stmt(self, meta, c):
        return n.Force(c[0], c[1], tuple(c[2:]), span=self.span(meta))

    @v_args(meta=True)
    def expect_options_stmt(self, meta, c):
        _word, *rest = c
        by = rest.pop() if rest and not isinstance(rest[-1], Token) else None
        if rest and rest[-1] is None:
            rest.pop()
        return n.ExpectOptions(tuple(self.template(t) for t in rest), by, span=self.span(meta))

    @v_args(meta=True)
    def play_stmt(self, meta, c):
        return n.Play(self.template(c[0]), c[1], span=self.span(meta))

    @v_args(meta=True)
    def expr_stmt(self, meta, c):
        return n.ExprStmt(c[0], span=self.span(meta))

    @v_args(meta=True)
    def if_stmt(self, meta, c):
        cond, body, *rest = c
        orelse = rest.pop() if rest and (rest[-1] is None or isinstance(rest[-1], tuple)) else None
        branches = (n.Branch(cond, body, span=self.span(meta)),) + tuple(rest)
        return n.If(branches, orelse or (), span=self.span(meta))

    @v_args(meta=True)
    def elif_clause(self, meta, c):
        return n.Branch(c[0], c[1], span=self.span(meta))

    def else_clause(self, c):
        return c[0]

    @v_args(meta=True)
    def for_stmt(self, meta, c):
        return n.ForEach(str(c[0]), c[1], c[2], var_span=self.tspan(c[0]), span=self.span(meta))

    @v_args(meta=True)
    def repeat_times(self, meta, c):
        return n.Repeat("times", c[0], c[1], span=self.span(meta))

    @v_args(meta=True)
    def repeat_until(self, meta, c):
        return n.Repeat("until", c[0], c[1], span=self.span(meta))

    @v_args(meta=True)
    def repeat_forever(self, meta, c):
        return n.Repeat("forever", None, c[0], span=self.span(meta))

    @v_args(meta=True)
    def while_stmt(self, meta, c):
        return n.Repeat("while", c[0], c[1], span=self.span(meta))

    @v_args(meta=True)
    def match_stmt(self, meta, c):
        subject, *cases = c
        orelse = cases.pop() if cases and not isinstance(cases[-1], n.Case) else None
        return n.Match(subject, tuple(cases), orelse or (), span=self.span(meta))

    @v_args(meta=True)
    def case_clause(self, meta, c):
        *values, body = c
        return n.Case(tuple(values), body, span=self.span(meta))

    @v_args(meta=True)
    def choose_stmt(self, meta, c):
        count, var, source, where, *rest = c
        orelse = rest.pop() if rest and (rest[-1] is None or isinstance(rest[-1], tuple) and not is_opt(rest[-1])) else None
        body = rest.pop()
        opts = dict(rest)
        low, high, ordered, multiple = None, None, False, False
        if count is not None:
            low, high, ordered = count
            multiple = True
        return n.Choose(str(var), source, body, where, low, high, ordered, opts.get("by"),
                        opts.get("secretly", False), opts.get("label"), orelse or (), multiple,
                        opts.get("automatic", False), var_span=self.tspan(var), span=self.span(meta),
                        help=opts.get("help"))

    def choice_count(self, c):
        low, high, ordered = c
        return (low, high if high is not None else low, ordered is not None)

    def chooser(self, c):
        return ("by", c[0])

    def secretly(self, c):
        return ("secretly", True)

    def automatic(self, c):
        return ("automatic", True)

    def choice_label(self, c):
        return ("label", self.as_template(self.template(c[0])))

    def choice_help(self, c):
        return ("help", self.as_template(self.template(c[0])))

    @v_args(meta=True)
    def menu_stmt(self, meta, c):
        c = list(c)
        orelse = c.pop() if c and (c[-1] is None or isinstance(c[-1], tuple) and not is_opt(c[-1])) else None
        opts = dict(x for x in c if is_opt(x))
        options = tuple(x for x in c if isinstance(x, n.Option))
        return n.Menu(options, opts.get("by"), opts.get("secretly", False), orelse or (), opts.get("automatic", False),
                      span=self.span(meta))

    @v_args(meta=True)
    def option_clause(self, meta, c):
        label, var, source, cond, help_text, body = c
        return n.Option(self.as_template(self.template(label)), body, str(var) if var else None, source, cond,
                        var_span=self.tspan(var) if var else UNKNOWN, span=self.span(meta),
                        help=self.as_template(self.template(help_text)) if help_text else None)

    @v_args(meta=True)
    def simultaneous_stmt(self, meta, c):
        var, source, decision = c
        return n.Simultaneous(str(var), source, decision, var_span=self.tspan(var), span=self.span(meta))

    @v_args(meta=True)
    def phase_stmt(self, meta, c):
        return n.Phase(self.as_template(self.template(c[0])), c[1], span=self.span(meta))

    @v_args(meta=True)
    def quietly_stmt(self, meta, c):
        return n.Quietly(c[0], span=self.span(meta))

    @v_args(meta=True)
    def turn_stmt(self, meta, c):
        return n.Turn(c[0], c[1], span=self.span(meta))
