"""Every text a label's `{…}` part can show, worked out from the rules alone (no play).

A part's texts come from what the checker knows of it: a seat, an enum value,
a location, a zone, a direction or a truth value can only be one of the
game's few; a component of a kind whose shown fields no rule ever changes
reads as one of that kind's components; a name a decision binds ranges over
what it is chosen from (`1..7`, a constant list). Anything else (a number
the game computes, a text) has no fixed set of texts: `Unbounded` says which
part, where.
"""
from __future__ import annotations

from itertools import product

from ..check import types as T
from ..check.builtins import COMPONENT_FIELDS, PLAYER_FIELDS
from ..check.walk import statements
from ..errors import error
from ..ir import nodes as n
from ..runtime.model.values import display

# More labels than this from one template: the space is not worth fixing.
MAX_LABELS = 200_000


class Unbounded(Exception):
    """A label part whose texts cannot be listed before play; span says where it is written."""

    def __init__(self, span, why: str):
        super().__init__(why)
        self.span = span
        self.why = why

    def as_error(self):
        return error(self.span, f"this game's actions cannot be numbered in advance: {self.why}",
                     "use actions='positions' (an action is its place among the options offered), or label "
                     "the option with values from a fixed set (seats, enum values, locations, components)")


def changed_fields(defn) -> frozenset:
    """The names of fields some statement sets (`set x.f to …`): their values are not fixed."""
    return frozenset(stmt.target.name for stmt in statements(defn)
                     if isinstance(stmt, n.Set) and isinstance(stmt.target, n.Attr))


def changed_names(defn) -> frozenset:
    """The names some statement sets (`set x to …`): a `let` of such a name may change."""
    return frozenset(stmt.target.name for stmt in statements(defn)
                     if isinstance(stmt, n.Set) and isinstance(stmt.target, n.Name))


class Domains:
    """The texts each expression of a label can show, in a fixed order (first seen first)."""

    def __init__(self, checked, prog):
        self.checked = checked
        self.prog = prog
        self.st = prog.initial          # fields as the components are made: read only where never set
        self.changed = changed_fields(checked.definition)
        self.set_names = changed_names(checked.definition)
        self.defines = checked.definition.defines
        self.opened: set = set()
        self.calls: dict = {}
        for stmt in statements(checked.definition):
            if isinstance(stmt, n.Do):
                self.calls.setdefault(stmt.rule, []).append(stmt)

    # ---------------------------------------------------------------- templates
    def template(self, template, scope: dict) -> list:
        """Every label a template can make."""
        if isinstance(template, n.Literal):
            return [display(self.st, template.value)]
        choices = [[part] if isinstance(part, str) else self.texts(part, scope) for part in template.parts]
        total = 1
        for c in choices:
            total *= max(len(c), 1)
        if total > MAX_LABELS:
            raise Unbounded(template.span, f"this label can read {total} ways (more than {MAX_LABELS})")
        return ["".join(p) for p in product(*choices)]

    def selections(self, choose, scope: dict) -> list:
        """The labels of `choose N [ordered] from C as "…{x}…"`: each selection shown as its
        items' texts joined by ", " (with repeats: copies may read alike)."""
        low, high = self.constant_int(choose.count_min), self.constant_int(choose.count_max or choose.count_min)
        items = self.items(choose.source, scope)
        counts = range(max(low, 0), high + 1)
        total = sum(len(items) ** k for k in counts)
        if total > MAX_LABELS:
            raise Unbounded(choose.span, f"{total} selections of {len(items)} items could be offered")
        shown = [", ".join(combo) for k in counts for combo in product(items, repeat=k)]
        inner = dict(scope)
        inner[choose.var] = ("texts", shown)
        if choose.label is None:
            return shown
        return self.template(choose.label, inner)

    def constant_int(self, expr) -> int:
        value = self.constant(expr)
        if type(value) is not int:
            raise Unbounded(getattr(expr, "span", None), "how many items are chosen is not a fixed number")
        return value

    def constant(self, expr):
        """The value of a literal or a constant's name, else None."""
        if isinstance(expr, n.Literal):
            return expr.value
        if isinstance(expr, n.Name):
            decl = self.checked.declaration_of(expr)
            if decl is not None and decl.category in ("constant", "const") and expr.name in self.prog.consts:
                return self.prog.consts[expr.name]
            if decl is not None and decl.category == "option" and expr.name in self.prog.options:
                return self.prog.options[expr.name]
        if isinstance(expr, n.Unary) and getattr(expr, "op", None) == "-":
            inner = self.constant(expr.operand) if hasattr(expr, "operand") else None
            return -inner if type(inner) is int else None
        return None

    # ---------------------------------------------------------------- items of a collection
    def items(self, source, scope: dict) -> list:
        """The texts of the items a collection can hold."""
        if isinstance(source, n.Range):
            low, high = self.constant(source.low), self.constant(source.high)
            if type(low) is int and type(high) is int:
                return [str(i) for i in range(low, high + 1)]
            raise Unbounded(source.span, "a range whose ends are worked out in play")
        value = self.constant(source)
        if type(value) in (tuple, list):
            return _unique(display(self.st, v) for v in value)
        if isinstance(source, n.ListLit) and source.comp is None:
            return _unique(t for item in source.items for t in self.texts(item, scope))
        if isinstance(source, n.ListLit) and source.comp.inner is None:
            comp = source.comp
            if comp.body is None:
                return self.items(comp.source, scope)
            return self.texts(comp.body, {**scope, comp.var: ("source", comp.source)})
        t = self.checked.type_of(source)
        if (t is None or t.item is T.ANY) and isinstance(source, n.Call) and source.func in self.defines:
            return self._through_define(source, lambda body: self.items(body, {}), t, source.span)
        if (t is None or t.item is T.ANY) and isinstance(source, n.Name) and source.name in scope:
            return self.texts(source, scope)
        if t is None or not t.is_list:
            raise Unbounded(source.span, f"what {_what(t)} holds is not known before play")
        return self.by_type(t.item, source.span)

    # ---------------------------------------------------------------- one expression
    def texts(self, expr, scope: dict) -> list:
        if isinstance(expr, n.Name) and expr.name in scope:
            how, what = scope[expr.name]
            if how == "texts":
                return what
            if how == "value":
                return self.texts(what, what_scope(scope, expr.name))
            if how == "param":
                return self.param_texts(*what, expr.span)
            return self.items(what, what_scope(scope, expr.name))
        value = self.constant(expr)
        if value is not None:
            return [display(self.st, value)]
        if isinstance(expr, n.Conditional):
            return _unique(self.texts(expr.then, scope) + self.texts(expr.orelse, scope))
        if isinstance(expr, n.Attr):
            found = self.field_texts(expr)
            if found is not None:
                return found
        if isinstance(expr, n.Call) and expr.func in self.defines and self.checked.type_of(expr) in (None, T.ANY):
            return self._through_define(expr, lambda body: self.texts(body, {}), None, expr.span)
        if isinstance(expr, n.Index):
            t = self.checked.type_of(expr.obj)
            const = self.constant(expr.obj)
            if type(const) in (tuple, list):
                return _unique(display(self.st, v) for v in const)
            if t is not None and t.is_list:
                return self.by_type(t.item, expr.span)
        return self.by_type(self.checked.type_of(expr), expr.span)

    def _through_define(self, call, read, t, span):
        """What a define's expression can show (read(body)); one that calls itself: by its type."""
        if call.func in self.opened:
            return self.by_type(t.item if t is not None and t.is_list else t, span)
        self.opened.add(call.func)
        try:
            return read(self.defines[call.func].body)
        finally:
            self.opened.discard(call.func)

    def param_texts(self, rule: str, i: int, span) -> list:
        """A rule's parameter: whatever any `do rule(…)` passes it (each read where it is written,
        by what the checker knows of it there)."""
        key = (rule, i)
        if key in self.opened:
            raise Unbounded(span, f"parameter {i + 1} of rule {rule} passes itself on")
        self.opened.add(key)
        try:
            out = []
            for do in self.calls.get(rule, ()):
                if i >= len(do.args):
                    raise Unbounded(span, f"a call of rule {rule} passes no parameter {i + 1}")
                out.extend(self.texts(do.args[i], {}))
            return _unique(out)
        finally:
            self.opened.discard(key)

    def field_texts(self, attr):
        """A component's field: `location` any place, `owner` any seat; a field no rule sets, the
        values its kind's components are made with (every kind with such a field, where the
        checker does not know the kind)."""
        name = attr.name
        t = self.checked.type_of(attr.obj)
        if t is not None and t.head != "kind" and t is not T.ANY:
            return None
        if name == "location":
            return _unique(place.label for place in self.prog.places)
        if name in COMPONENT_FIELDS:
            return self.by_type(T.parse(COMPONENT_FIELDS[name][0]), attr.span)
        if name in self.changed:
            return None
        kinds = [t.arg] if t is not None and t.head == "kind" else \
            [k for k, info in self.prog.kinds.items() if name in info.field_index]
        if not kinds or t is T.ANY and (attr.name in PLAYER_FIELDS or self._player_var(name)):
            return None
        out = []
        for k in kinds:
            kind = self.prog.kinds.get(k)
            if kind is None or name not in kind.field_index:
                return None
            i = kind.field_index[name]
            out.extend(display(self.st, self.st.fields[c.id][i]) for c in self.prog.components_of.get(k, ()))
        return _unique(out)

    def _player_var(self, name: str) -> bool:
        decl = self.prog.var_decls.get(name)
        return decl is not None and decl.per_player

    def by_type(self, t, span) -> list:
        handler = BY_HEAD.get(t.head) if t is not None else None
        if handler is None:
            raise Unbounded(span, f"{_what(t)} can read in ways not known before play")
        found = handler(self, t, span)
        if found is None:
            raise Unbounded(span, f"{_what(t)} can read in ways not known before play")
        return found

    def _kind(self, t, span):
        kind = self.prog.kinds.get(t.arg)
        if kind is None or _shown_by(self.checked.definition.kinds.get(t.arg), kind) & self.changed:
            return None         # a field it is shown by changes in play
        return _unique(display(self.st, c) for c in self.prog.components_of.get(t.arg, ()))

    def _enum(self, t, span):
        enum = self.prog.enums.get(t.arg)
        return [v.label for v in enum.values] if enum is not None else None


def _names_in(node, out: set) -> set:
    """Every name and field name an expression reads."""
    if isinstance(node, n.Name):
        out.add(node.name)
    elif isinstance(node, n.Attr):
        out.add(node.name)
    for field in getattr(type(node), "__attrs_attrs__", ()):
        value = getattr(node, field.name)
        for v in (value if isinstance(value, tuple) else (value,)):
            if hasattr(type(v), "__attrs_attrs__"):
                _names_in(v, out)
    return out


def _shown_by(decl, kind) -> set:
    """The fields a component of this kind reads as (its `shown as`, its name, or its first field)."""
    if decl is not None and decl.shown is not None:
        return _names_in(decl.shown, set()) & set(kind.fields) or set(kind.fields)
    if kind.has_name:
        return {"name"}
    return {kind.fields[kind.first_shown]} if kind.first_shown is not None else set()


def what_scope(scope: dict, name: str) -> dict:
    """The names in force where `name` was bound (its source may read earlier names)."""
    return {k: v for k, v in scope.items() if k != name}


def _unique(texts) -> list:
    return list(dict.fromkeys(texts))


def _what(t) -> str:
    return f"a value of type {t}" if t is not None else "a value"


BY_HEAD = {
    "player": lambda d, t, s: [p.label for p in d.prog.players],
    "location": lambda d, t, s: _unique(loc.label for loc in d.prog.all_locations),
    "zone": lambda d, t, s: _unique(z.label for z in d.prog.places if not hasattr(z, "board")),
    "zone of": lambda d, t, s: _unique(z.label for z in d.prog.places if not hasattr(z, "board")),
    "direction": lambda d, t, s: [v.label for v in d.prog.directions.values()],
    "bool": lambda d, t, s: ["true", "false"],
    "enum": Domains._enum,
    "kind": Domains._kind,
    "none": lambda d, t, s: ["none"],
}
