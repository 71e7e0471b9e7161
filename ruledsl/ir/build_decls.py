"""Parse tree to IR: the file's header, components, boards, functions, rules and flow."""
from __future__ import annotations

from lark import Token, v_args

from ..source import UNKNOWN, Span
from . import nodes as n


class Declarations:
    """The builder's methods for declarations (mixed into build._Builder)."""

    # -- file and header -------------------------------------------------
    @v_args(meta=True)
    def start(self, meta, items):
        return n.RulesFile(self.path, tuple(i for i in items if i is not None), span=self.span(meta))

    @v_args(meta=True)
    def extends_decl(self, meta, c):
        return n.Extends(self.unquote(c[0]), span=self.span(meta))

    @v_args(meta=True)
    def game_decl(self, meta, c):
        return n.GameDecl(self.unquote(c[0]), span=self.span(meta))

    @v_args(meta=True)
    def progress_decl(self, meta, c):
        return n.ProgressDecl(self.as_template(self.template(c[0])), span=self.span(meta))

    @v_args(meta=True)
    def describe_decl(self, meta, c):
        return n.DescribeDecl(str(c[0]), self.unquote(c[1]), name_span=self.tspan(c[0]), span=self.span(meta))

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
        return n.OptionDecl(str(name), type_, default, self.unquote(doc) if doc else "", name_span=self.tspan(name),
                            span=self.span(meta))

    def labelled_names(self, c):
        return tuple(x for x in c if x is not None)

    @v_args(meta=True)
    def labelled_name(self, meta, c):
        return n.LabelledName(str(c[0]), self.unquote(c[1]) if c[1] is not None else None, span=self.span(meta))

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
        return n.ZoneDecl(str(name), str(shape), str(of), label=self.unquote(label) if label else None,
                          per_player=mods.get("per_player", False),
                          visibility=mods.get("visibility"), facing=mods.get("facing"),
                          capacity=mods.get("capacity"), contents=tuple(contents),
                          name_span=self.tspan(name), of_span=self.tspan(of), span=self.span(meta),
                          hidden=mods.get("hidden", False))

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
                         name_span=self.tspan(name), span=self.span(meta), hidden=mods.get("hidden", False))

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
        return n.LegendEntry(self.unquote(c[0]), self.strs(c[1]), span=self.span(meta))

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
        return n.ScenarioDecl(self.unquote(title), kwargs or (), body, span=self.span(meta))
