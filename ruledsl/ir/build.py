"""Parse tree to IR: one small method per grammar alias, no meaning checked here."""
from __future__ import annotations

import re

import attrs
from lark import Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedInput

from .. import parse as _parse
from ..errors import Diagnostic, RulesError
from ..limits import MAX_DIGITS, MAX_NESTING, with_commas
from ..source import UNKNOWN, Span
from . import nodes as n


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|.)", re.S)


def _unquote(token: str) -> str:
    """The text of a quoted string: \\n, \\t, \\", \\\\ and \\uXXXX stand for what they say; any
    other backslash is kept as typed (text is never decoded, so letters beyond ASCII stay whole)."""
    body = token[1:-1]
    if "\\" not in body:
        return body
    return _ESCAPE.sub(_escaped, body)


def _escaped(m) -> str:
    code = m.group(1)
    return chr(int(code[1:], 16)) if len(code) == 5 else _ESCAPES.get(code, m.group(0))


class _Builder(Transformer):
    """Turns a Lark tree into IR nodes. Methods are named after grammar rules/aliases."""

    def __init__(self, path: str):
        super().__init__(visit_tokens=True)
        self.path = path

    # -- helpers ---------------------------------------------------------
    def span(self, meta) -> Span:
        if getattr(meta, "empty", True):
            return Span(self.path, 0, 0)
        return Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)

    def tspan(self, tok: Token) -> Span:
        return Span(self.path, tok.line, tok.column, tok.end_line or tok.line,
                    tok.end_column or tok.column + len(tok))

    def template(self, tok: Token) -> n.Expr:
        """A STRING token: a Literal, or a Template when it has {expr} parts."""
        text = _unquote(str(tok))
        span = self.tspan(tok)
        if "{" not in text and "}" not in text:
            return n.Literal(text, span=span)
        parts: list = []
        buf = ""
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "{" and text.startswith("{{", i):
                buf += "{"
                i += 2
            elif ch == "}" and text.startswith("}}", i):
                buf += "}"
                i += 2
            elif ch == "{":
                close = _closing_brace(text, i)
                if close < 0:
                    raise RulesError(Diagnostic("error", span, "unclosed '{' in a string",
                                                "write {{ for a literal brace"))
                if buf:
                    parts.append(buf)
                    buf = ""
                inner = Span(self.path, tok.line, tok.column + i + 2, tok.line, tok.column + close + 1)
                parts.append(self.inner_expr(text[i + 1:close], inner))
                i = close + 1
            elif ch == "}":
                raise RulesError(Diagnostic("error", span, "unmatched '}' in a string",
                                            "write }} for a literal brace"))
            else:
                buf += ch
                i += 1
        if buf:
            parts.append(buf)
        if all(isinstance(p, str) for p in parts):
            return n.Literal("".join(parts), span=span)
        return n.Template(tuple(parts), span=span)

    def inner_expr(self, text: str, span: Span) -> n.Expr:
        if not text.strip():
            raise RulesError(Diagnostic("error", span, "empty {} in a string", "put an expression inside, like {p}"))
        try:
            tree = _parse.parser("expr").parse(text)
        except UnexpectedInput as err:
            raise RulesError(Diagnostic("error", span, f"cannot read {{{text}}} in a string",
                                        _parse.syntax_diagnostic(err, self.path, text, _parse.parser("expr")).hint)) from None
        try:
            expr = build(tree, self.path)
        except RulesError as err:
            d = err.diagnostic
            raise RulesError(Diagnostic("error", span, d.message, d.hint)) from None
        return _respan(expr, span)

    def as_template(self, expr) -> n.Template:
        if isinstance(expr, n.Template):
            return expr
        return n.Template((expr.value,), span=expr.span)

    # -- tokens ------------------------------------------------------------
    def INT(self, tok):
        return tok  # kept as a token so callers can read both value and position

    def number(self, tok: Token) -> int:
        """An INT token's value; a number too long to be a count or a score is an error
        (Python itself refuses to read one of over 4,300 digits)."""
        if len(tok) > MAX_DIGITS:
            raise RulesError(Diagnostic("error", self.tspan(tok), f"this number has {with_commas(len(tok))} digits; "
                                        f"numbers in rules have at most {MAX_DIGITS}",
                                        "no board game counts that high: check for a typing slip"))
        return int(tok)

    # -- file and header -------------------------------------------------
    @v_args(meta=True)
    def start(self, meta, items):
        return n.RulesFile(self.path, tuple(i for i in items if i is not None), span=self.span(meta))

    @v_args(meta=True)
    def extends_decl(self, meta, c):
        return n.Extends(_unquote(c[0]), span=self.span(meta))

    @v_args(meta=True)
    def game_decl(self, meta, c):
        return n.GameDecl(_unquote(c[0]), span=self.span(meta))

    @v_args(meta=True)
    def players_decl(self, meta, c):
        low = self.number(c[0])
        high = self.number(c[1]) if c[1] is not None else low
        return n.Players(low, high, span=self.span(meta))

    @v_args(meta=True)
    def seats_decl(self, meta, c):
        return n.Seats(c[0], span=self.span(meta))

    @v_args(meta=True)
    def option_decl(self, meta, c):
        name, type_, default, doc = c
        return n.OptionDecl(str(name), type_, default, _unquote(doc) if doc else "", name_span=self.tspan(name),
                            span=self.span(meta))

    def labelled_names(self, c):
        return tuple(x for x in c if x is not None)

    @v_args(meta=True)
    def labelled_name(self, meta, c):
        return n.LabelledName(str(c[0]), _unquote(c[1]) if c[1] is not None else None, span=self.span(meta))

    def names(self, c):
        return tuple(c)   # the NAME tokens: each user keeps the names and, where it names something, their spans

    def strs(self, tokens) -> tuple:
        return tuple(str(t) for t in tokens or ())

    def tspans(self, tokens) -> tuple:
        return tuple(self.tspan(t) for t in tokens or ())

    # -- components --------------------------------------------------------
    @v_args(meta=True)
    def enum_decl(self, meta, c):
        return n.EnumDecl(str(c[0]), c[1], name_span=self.tspan(c[0]), span=self.span(meta))

    @v_args(meta=True)
    def enum_block(self, meta, c):
        values = tuple(v for group in c[1:] for v in group)
        return n.EnumDecl(str(c[0]), values, name_span=self.tspan(c[0]), span=self.span(meta))

    @v_args(meta=True)
    def kind_decl(self, meta, c):
        name, mods, *fields = c
        return n.KindDecl(str(name), tuple(fields), mods.get("position"), mods.get("shown"), name_span=self.tspan(name),
                          span=self.span(meta))

    @v_args(meta=True)
    def field_decl(self, meta, c):
        name, type_, default, mods = c
        return n.FieldDecl(str(name), type_, default, mods.get("visibility"), mods.get("hidden", False),
                           name_span=self.tspan(name), span=self.span(meta))

    @v_args(meta=True)
    def zone_decl(self, meta, c):
        name, label, shape, of, mods, *contents = c
        return n.ZoneDecl(str(name), str(shape), str(of), label=_unquote(label) if label else None,
                          per_player=mods.get("per_player", False),
                          visibility=mods.get("visibility"), facing=mods.get("facing"),
                          capacity=mods.get("capacity"), contents=tuple(contents),
                          name_span=self.tspan(name), of_span=self.tspan(of), span=self.span(meta))

    @v_args(meta=True)
    def content(self, meta, c):
        count, kind, kwargs, var, source = c
        if isinstance(count, Token):
            count = n.Literal(self.number(count), span=self.tspan(count)) if count.type == "INT" else n.Name(str(count), span=self.tspan(count))
        return n.Content(str(kind), count, kwargs or (), str(var) if var else None, source, kind_span=self.tspan(kind),
                         var_span=self.tspan(var) if var else UNKNOWN, span=self.span(meta))

    @v_args(meta=True)
    def var_decl(self, meta, c):
        name, type_, init, mods = c
        return n.VarDecl(str(name), type_, init, mods.get("per_player", False), mods.get("visibility"),
                         name_span=self.tspan(name), span=self.span(meta))

    @v_args(meta=True)
    def const_decl(self, meta, c):
        return n.ConstDecl(str(c[0]), c[1], name_span=self.tspan(c[0]), span=self.span(meta))

    @v_args(meta=True)
    def die_decl(self, meta, c):
        return n.DieDecl(str(c[0]), c[1], name_span=self.tspan(c[0]), span=self.span(meta))

    # Modifiers come back as (key, value) pairs, gathered into a dict.
    def modifiers(self, c):
        return dict(c)

    def per_player(self, c):
        return ("per_player", True)

    @v_args(meta=True)
    def visible_to(self, meta, c):
        return ("visibility", n.Visibility(str(c[0]), span=self.span(meta)))

    @v_args(meta=True)
    def position_visible_to(self, meta, c):
        return ("position", n.Visibility(str(c[0]), span=self.span(meta)))

    def facing(self, c):
        return ("facing", str(c[0]))

    def stmt_facing(self, c):
        return str(c[0])

    def capacity(self, c):
        return ("capacity", c[0])

    def shown_as(self, c):
        return ("shown", self.template(c[0]))

    def hidden(self, c):
        return ("hidden", True)

    @v_args(meta=True)
    def type_name(self, meta, c):
        return n.TypeName(str(c[0]), span=self.span(meta))

    @v_args(meta=True)
    def list_type(self, meta, c):
        return n.ListType(c[0], span=self.span(meta))

    @v_args(meta=True)
    def range_type(self, meta, c):
        return n.RangeType(self.number(c[0]), self.number(c[1]), span=self.span(meta))

    # -- boards --------------------------------------------------------------
    @v_args(meta=True)
    def board_decl(self, meta, c):
        name, grid, *items = c
        parts = {"location": [], "edge_kinds": [], "edges": [], "legend": [], "map": [], "connect": []}
        for kind, value in items:
            parts[kind].extend(value if isinstance(value, list) else [value])
        map_decl = parts["map"][-1] if parts["map"] else None
        return n.BoardDecl(str(name), grid is not None, tuple(parts["location"]), tuple(parts["edge_kinds"]),
                           tuple(parts["edges"]), tuple(parts["legend"]), map_decl, tuple(parts["connect"]),
                           name_span=self.tspan(name), span=self.span(meta))

    @v_args(meta=True)
    def location_decl(self, meta, c):
        label, tags, fields = c
        at = label.span
        return ("location", n.LocationDecl(label.name, label.label, self.strs(tags), fields or (),
                                           name_span=Span(at.path, at.line, at.column, at.line, at.column + len(label.name)),
                                           tag_spans=self.tspans(tags), span=self.span(meta)))

    @v_args(meta=True)
    def edge_kinds(self, meta, c):
        return ("edge_kinds", [(str(name), self.span(meta)) for name in c[0]])

    @v_args(meta=True)
    def edges(self, meta, c):
        kind, *rest = c
        when = rest.pop() if rest and not isinstance(rest[-1], tuple) else None
        if rest and rest[-1] is None:
            rest.pop()
        spans = tuple(self.tspan(t) for chain in rest for t in chain[0::2])
        chains = tuple(self.strs(chain) for chain in rest)
        return ("edges", n.EdgesDecl(str(kind), chains, when, name_spans=spans, span=self.span(meta)))

    def chain(self, c):
        return tuple(c)

    @v_args(meta=True)
    def legend(self, meta, c):
        return ("legend", list(c))

    @v_args(meta=True)
    def legend_entry(self, meta, c):
        return n.LegendEntry(_unquote(c[0]), self.strs(c[1]), span=self.span(meta))

    @v_args(meta=True)
    def map_decl(self, meta, c):
        tok = c[0]
        return ("map", n.MapDecl(str(tok)[3:-3], span=self.tspan(tok)))

    @v_args(meta=True)
    def connect(self, meta, c):
        mode, a, b, d, when = c
        return ("connect", n.ConnectDecl(str(mode), str(a), str(b), str(d), when, var_spans=self.tspans((a, b, d)),
                                         span=self.span(meta)))

    # -- functions, rules, flow --------------------------------------------
    @v_args(meta=True)
    def define_decl(self, meta, c):
        return n.DefineDecl(str(c[0]), self.strs(c[1]), c[2], name_span=self.tspan(c[0]), param_spans=self.tspans(c[1]),
                            span=self.span(meta))

    @v_args(meta=True)
    def rule_decl(self, meta, c):
        return n.RuleDecl(str(c[0]), self.strs(c[1]), c[2], name_span=self.tspan(c[0]), param_spans=self.tspans(c[1]),
                          span=self.span(meta))

    @v_args(meta=True)
    def setup_decl(self, meta, c):
        return n.SetupDecl(c[0], span=self.span(meta))

    @v_args(meta=True)
    def flow_decl(self, meta, c):
        return n.FlowDecl(c[0], span=self.span(meta))

    @v_args(meta=True)
    def evaluate_decl(self, meta, c):
        return n.EvaluateDecl(str(c[0]), c[1], span=self.span(meta))

    @v_args(meta=True)
    def trigger_move(self, meta, c):
        var, verb, loc, where, body = c
        return n.TriggerDecl(str(verb), body, str(var), str(loc), where, var_span=self.tspan(var), loc_span=self.tspan(loc),
                             span=self.span(meta))

    @v_args(meta=True)
    def trigger_action(self, meta, c):
        return n.TriggerDecl("action", c[0], span=self.span(meta))

    @v_args(meta=True)
    def trigger_turn(self, meta, c):
        # The options live in a menu without a chooser: the checker reads them as any menu's.
        span = self.span(meta)
        return n.TriggerDecl("turn", (n.Menu(tuple(c), span=span),), span=span)

    @v_args(meta=True)
    def scenario_decl(self, meta, c):
        title, kwargs, body = c
        return n.ScenarioDecl(_unquote(title), kwargs or (), body, span=self.span(meta))

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
        return n.Do(str(name), _positional(args), name_span=self.tspan(name), span=self.span(meta))

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
        orelse = rest.pop() if rest and (rest[-1] is None or isinstance(rest[-1], tuple) and not _is_opt(rest[-1])) else None
        body = rest.pop()
        opts = dict(rest)
        low, high, ordered, multiple = None, None, False, False
        if count is not None:
            low, high, ordered = count
            multiple = True
        return n.Choose(str(var), source, body, where, low, high, ordered, opts.get("by"),
                        opts.get("secretly", False), opts.get("label"), orelse or (), multiple,
                        opts.get("automatic", False), var_span=self.tspan(var), span=self.span(meta))

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

    @v_args(meta=True)
    def menu_stmt(self, meta, c):
        c = list(c)
        orelse = c.pop() if c and (c[-1] is None or isinstance(c[-1], tuple) and not _is_opt(c[-1])) else None
        opts = dict(x for x in c if _is_opt(x))
        options = tuple(x for x in c if isinstance(x, n.Option))
        return n.Menu(options, opts.get("by"), opts.get("secretly", False), orelse or (), opts.get("automatic", False),
                      span=self.span(meta))

    @v_args(meta=True)
    def option_clause(self, meta, c):
        label, var, source, cond, body = c
        return n.Option(self.as_template(self.template(label)), body, str(var) if var else None, source, cond,
                        var_span=self.tspan(var) if var else UNKNOWN, span=self.span(meta))

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

    # -- expressions ---------------------------------------------------------
    @v_args(meta=True)
    def or_(self, meta, c):
        return n.Binary("or", c[0], c[1], span=self.span(meta))

    @v_args(meta=True)
    def and_(self, meta, c):
        return n.Binary("and", c[0], c[1], span=self.span(meta))

    @v_args(meta=True)
    def not_(self, meta, c):
        return n.Unary("not", c[0], span=self.span(meta))

    @v_args(meta=True)
    def compare(self, meta, c):
        return n.Binary(c[1], c[0], c[2], span=self.span(meta))

    def comp_op(self, c):
        return " ".join(str(t) for t in c)

    @v_args(meta=True)
    def range_(self, meta, c):
        return n.Range(c[0], c[1], span=self.span(meta))

    @v_args(meta=True)
    def binop(self, meta, c):
        return n.Binary(str(c[1]), c[0], c[2], span=self.span(meta))

    @v_args(meta=True)
    def neg(self, meta, c):
        return n.Unary("-", c[0], span=self.span(meta))

    @v_args(meta=True)
    def attr(self, meta, c):
        return n.Attr(c[0], str(c[1]), span=self.span(meta))

    @v_args(meta=True)
    def call(self, meta, c):
        func, args = c
        span = self.span(meta)
        if not isinstance(func, n.Name):
            raise RulesError(Diagnostic("error", span, "only a named function can be called",
                                        "call a builtin or a `define`d function by its name"))
        if isinstance(args, n.Comprehension):
            return n.Call(func.name, comp=args, span=span)
        return n.Call(func.name, _positional(args), _keywords(args), span=span)

    @v_args(meta=True)
    def index(self, meta, c):
        return n.Index(c[0], c[1], span=self.span(meta))

    @v_args(meta=True)
    def int_lit(self, meta, c):
        return n.Literal(self.number(c[0]), span=self.span(meta))

    @v_args(meta=True)
    def str_lit(self, meta, c):
        return self.template(c[0])

    @v_args(meta=True)
    def name(self, meta, c):
        return n.Name(str(c[0]), span=self.span(meta))

    @v_args(meta=True)
    def true_lit(self, meta, c):
        return n.Literal(True, span=self.span(meta))

    @v_args(meta=True)
    def false_lit(self, meta, c):
        return n.Literal(False, span=self.span(meta))

    @v_args(meta=True)
    def none_lit(self, meta, c):
        return n.Literal(None, span=self.span(meta))

    @v_args(meta=True)
    def list_lit(self, meta, c):
        return n.ListLit(tuple(x for x in c if x is not None), span=self.span(meta))

    @v_args(meta=True)
    def list_comp(self, meta, c):
        return n.ListLit((), c[0], span=self.span(meta))

    @v_args(meta=True)
    def map_lit(self, meta, c):
        return n.MapLit(tuple(x for x in c if x is not None), span=self.span(meta))

    def map_entry(self, c):
        return (c[0], c[1])

    def args(self, c):
        if len(c) == 1 and isinstance(c[0], n.Comprehension):
            return c[0]
        return [x for x in c if x is not None]

    @v_args(meta=True)
    def kwarg(self, meta, c):
        return ("kw", str(c[0]), c[1])

    def kwargs(self, c):
        c = [x for x in c if x is not None]
        return tuple((str(c[i]), c[i + 1]) for i in range(0, len(c), 2))

    @v_args(meta=True)
    def comp_each(self, meta, c):
        var, source, where, by = c
        return n.Comprehension(str(var), source, where, by, None, var_span=self.tspan(var), span=self.span(meta))

    @v_args(meta=True)
    def comp_map(self, meta, c):
        body, *clauses = c
        inner = None
        for var, source, where, span in reversed(clauses):
            # `body for each a in A for each b in B`: the first clause is the outer loop
            inner = n.Comprehension(str(var), source, where, None, body if inner is None else None, inner,
                                    var_span=self.tspan(var), span=span)
        return attrs.evolve(inner, span=self.span(meta))

    @v_args(meta=True)
    def comp_for(self, meta, c):
        var, source, where = c
        return (var, source, where, self.span(meta))

    @v_args(meta=True)
    def cond_expr(self, meta, c):
        return n.Conditional(c[1], c[0], c[2], span=self.span(meta))


def _closing_brace(text: str, start: int) -> int:
    """Where the `{…}` part opened at start closes, skipping quoted text inside it; -1 if it does not."""
    quoted = False
    i = start + 1
    while i < len(text):
        ch = text[i]
        if ch == '"':
            quoted = not quoted
        elif ch == "}" and not quoted:
            return i
        i += 1
    return -1


def _is_opt(x) -> bool:
    return isinstance(x, tuple) and len(x) == 2 and x[0] in ("by", "secretly", "label", "automatic")


def _positional(args) -> tuple:
    return tuple(a for a in (args or []) if not (isinstance(a, tuple) and a and a[0] == "kw"))


def _keywords(args) -> tuple:
    return tuple((a[1], a[2]) for a in (args or []) if isinstance(a, tuple) and a and a[0] == "kw")


def _respan(expr, span: Span):
    """Give an expression parsed from inside a string the string's place in the file."""
    if isinstance(expr, Span):
        return span
    if isinstance(expr, tuple):
        return tuple(_respan(v, span) for v in expr)
    if not attrs.has(type(expr)):
        return expr
    changes = {}
    for field in attrs.fields(type(expr)):
        value = getattr(expr, field.name)
        if attrs.has(type(value)) or isinstance(value, tuple):
            changes[field.name] = _respan(value, span)
    return attrs.evolve(expr, **changes)


def _check_depth(tree: Tree, path: str) -> None:
    """Refuse a tree nested deeper than MAX_NESTING, naming where it gets too deep: every later
    stage walks the tree recursively, and Python's stack is not a limit to report."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_NESTING:
            meta = node.meta
            line, column = (meta.line, meta.column) if not getattr(meta, "empty", True) else (1, 1)
            raise RulesError(Diagnostic("error", Span(path, line, column, line, column + 1),
                                        f"this nests more than {MAX_NESTING} levels deep",
                                        "split long expressions into `let` steps, and deep blocks into rules"))
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))


def build(tree: Tree, path: str) -> n.RulesFile:
    """The IR of one parsed file."""
    _check_depth(tree, path)
    try:
        return _Builder(path).transform(tree)
    except Exception as err:  # Lark wraps errors raised in callbacks, sometimes twice
        inner = err
        while hasattr(inner, "orig_exc"):
            inner = inner.orig_exc
        if isinstance(inner, (RulesError, RecursionError)):
            raise inner from None
        raise


def build_text(text: str, path: str = "<string>") -> n.RulesFile:
    """Parse and build: rules text to the IR of one file."""
    return build(_parse.parse_text(text, path), path)


def build_expr(text: str, path: str = "<string>") -> n.Expr:
    """Parse and build one expression (used for --option values and templates)."""
    try:
        tree = _parse.parser("expr").parse(text)
    except UnexpectedInput as err:
        raise RulesError(_parse.syntax_diagnostic(err, path, text, _parse.parser("expr"))) from None
    return build(tree, path)
