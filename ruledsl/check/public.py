"""Pass: what every seat is shown without anyone telling it (a board's paths, the progress text,
a phase's name, a map every seat sees) reads only what every seat may see.

A board lies open on the table: every seat's view lists a grid square's exits and a graph's
edges as they are now, so an edge's `when` or a grid's `connect … when` that read a secret would
show it to all (a door one player opens in secret appears to every seat). The progress text and
the phases' names are on every screen. So these may not read, directly or through the defines
they call: a variable `visible to owner` or `nobody`, or kept `hidden`; a field `visible to
owner` or `nobody`, or `hidden`; what lies in a zone that hides faces from some seat (a hand, a
deck, a bag: only how many, `count(p.hand)`); every component wherever it lies (`components`);
or where a component lies whose kind hides its position. Faces of components read there are
taken as what lies on the board, face up. docs/language.md#visibility says why the checker
refuses rather than the engine hiding the result: a path hidden from a seat's view would
still show in the moves it is offered and in every distance the rules work out from it.

A map every seat sees may not be keyed (`set v[c] to x`) by a component that may lie hidden:
which entries it has would tell every seat which of the cards it cannot see are one.
"""
from __future__ import annotations

from ..ir import nodes as n
from ..ir.walk import nodes
from .builtins import ZONE_SHAPES
from .context import Context
from .walk import statements

# Builtins that read where components of a kind lie, by the position of their argument that
# names the kind or the component.
_WHERE = ("where_is", "location_of")


def check(ctx: Context) -> None:
    g = ctx.game
    for board in g.boards.values():
        for edges in board.edges:
            if edges.when is not None:
                _public(ctx, edges.when, f"the `when` of board {board.name}'s {edges.kind} edges",
                        "every seat sees which edges of a board exist now")
        for connect in board.connects:
            _public(ctx, connect.when, f"the `connect … when` of board {board.name}",
                    "every seat sees a grid square's exits as they are now")
    if g.progress is not None:
        _public(ctx, g.progress.text, "the progress text", "every seat's screen shows it")
    for stmt in statements(g):
        if isinstance(stmt, n.Phase):
            _public(ctx, stmt.name, "a phase's name", "every seat's view shows it")
        elif isinstance(stmt, n.Set):
            _keyed(ctx, stmt)


def _keyed(ctx: Context, stmt: n.Set) -> None:
    """`set v[c] to x` of a map every seat sees, keyed by a component that may lie hidden: which
    entries the map has tells every seat which of the components it cannot see are one (a card
    noted twice makes one entry), however its keys are shown."""
    target = stmt.target
    if type(target) is not n.Index or type(target.obj) is not n.Name:
        return
    decl = ctx.resolved.get(id(target.obj))
    var = ctx.game.vars.get(target.obj.name) if decl is not None and decl.category == "variable" else None
    key = ctx.types.get(id(target.index))
    if var is None or _secret_var(var) or key is None or key.head != "kind":
        return
    kind = ctx.game.kinds.get(key.name)
    if kind is not None and _may_hide(ctx, kind):
        ctx.error(target.index.span, f"{var.name} is a map every seat sees, keyed here by a {kind.name}, which "
                  f"may lie where some seat cannot see it: which entries {var.name} has would tell every seat "
                  f"which {kind.name}s are one",
                  f"key it by what every seat sees (a player, a number), or make {var.name} visible to owner "
                  f"or nobody and reveal it when all may know")


def _may_hide(ctx: Context, kind: n.KindDecl) -> bool:
    """Whether a component of kind may lie where some seat cannot see its face or its place."""
    return _position_hidden(kind) or any(zone.of == kind.name and _hides(ctx, zone)
                                         for zone in ctx.game.zones.values())


def _public(ctx: Context, root, what: str, why: str) -> None:
    """Report each read of something some seat may not see under root (one per thing read)."""
    told = set()
    for span, thing, through in _secrets(ctx, root, (), set()):
        if thing in told:
            continue
        told.add(thing)
        via = f" through {', '.join(through)}" if through else ""
        ctx.error(span, f"{what} reads {thing}{via}, which not every seat may see: {why}, so it would "
                  "show it to them",
                  "read only what every seat sees there (a variable visible to all, a field on the face or "
                  "visible to all, how many things a hidden zone holds); check the secret in a rule instead, "
                  "where a player acts on it")


def _secrets(ctx: Context, root, through: tuple, defines: set):
    """(span, what is read, the defines it is read through) for every secret root reads."""
    counted = _counted(root)
    for node in nodes([root]):
        cls = type(node)
        if cls is n.Name:
            yield from _name(ctx, node, counted, through)
        elif cls is n.Attr:
            yield from _attr(ctx, node, counted, through)
        elif cls is n.Call:
            yield from _call(ctx, node, counted, through, defines)


def _counted(root) -> set:
    """The ids of the zone references root only counts (`count(p.hand)`, `count(contents(deck))`):
    how many things a zone holds is seen by all."""
    out = set()
    for node in nodes([root]):
        if type(node) is n.Call and node.func == "count" and len(node.args) == 1 and not node.kwargs:
            arg = node.args[0]
            if type(arg) is n.Call and arg.func == "contents" and len(arg.args) == 1:
                arg = arg.args[0]
            out.add(id(arg))
    return out


def _name(ctx: Context, node: n.Name, counted: set, through: tuple):
    decl = ctx.resolved.get(id(node))
    category = decl.category if decl is not None else None
    if category == "variable":
        var = ctx.game.vars.get(node.name)
        if var is not None and not var.per_player and _secret_var(var):
            yield node.span, f"the variable {node.name} ({_var_reason(var)})", through
    elif category == "zone" and id(node) not in counted:
        zone = ctx.game.zones.get(node.name)
        if zone is not None and _hides(ctx, zone):
            yield node.span, f"what lies in {node.name} ({_zone_reason(ctx, zone)})", through


def _attr(ctx: Context, node: n.Attr, counted: set, through: tuple):
    g = ctx.game
    typ = ctx.types.get(id(node.obj))
    head = typ.head if typ is not None else "any"
    name = node.name
    if head in ("player", "any"):
        var = g.vars.get(name)
        if var is not None and var.per_player and _secret_var(var):
            yield node.span, f"the variable {name} ({_var_reason(var)})", through
        zone = g.zones.get(name)
        if zone is not None and zone.per_player and id(node) not in counted and _hides(ctx, zone):
            yield node.span, f"what lies in each {name} ({_zone_reason(ctx, zone)})", through
    if head in ("kind", "any"):
        kinds = [g.kinds[typ.name]] if head == "kind" and typ.name in g.kinds else list(g.kinds.values())
        for kind in kinds:
            field = next((f for f in kind.fields if f.name == name), None)
            if field is not None and (field.hidden or field.visibility is not None and field.visibility.who != "all"):
                reason = "hidden" if field.hidden else f"visible to {field.visibility.who}"
                yield node.span, f"the field {name} of {kind.name} ({reason})", through
                break


def _call(ctx: Context, node: n.Call, counted: set, through: tuple, defines: set):
    g = ctx.game
    func = node.func
    define = g.defines.get(func)
    if define is not None:
        if func not in defines:
            defines.add(func)
            for _span, thing, _via in _secrets(ctx, define.body, through + (func,), defines):
                yield node.span, thing, through + (func,)
        return
    if func == "components" and id(node) not in counted:
        yield node.span, "every component wherever it lies (components)", through
    elif func in _WHERE or func == "item_at" or (func == "at" and len(node.args) > 1):
        kind = _kind_named(ctx, node)
        hiding = [kind] if kind is not None else [k for k in g.kinds.values() if _position_hidden(k)]
        if any(k is not None and _position_hidden(k) for k in hiding):
            yield node.span, f"where components of {', '.join(k.name for k in hiding if _position_hidden(k))} lie", \
                through
    elif func in ("at", "contents") and any(_position_hidden(k) for k in g.kinds.values()):
        hidden = [k.name for k in g.kinds.values() if _position_hidden(k)]
        if func == "at" or _on_board(ctx, node):
            yield node.span, f"where components of {', '.join(hidden)} lie", through


def _kind_named(ctx: Context, node: n.Call):
    """The kind a where-reading builtin asks about: its kind argument, or its component's kind."""
    g = ctx.game
    for arg in node.args:
        typ = ctx.types.get(id(arg))
        if typ is None:
            continue
        if typ.head == "kind type" and typ.name in g.kinds:
            return g.kinds[typ.name]
        if typ.head == "kind" and typ.name in g.kinds and node.func in _WHERE:
            return g.kinds[typ.name]
    return None


def _on_board(ctx: Context, node: n.Call) -> bool:
    """Whether `contents(x)` may read a board location."""
    if not node.args:
        return False
    typ = ctx.types.get(id(node.args[0]))
    return typ is None or typ.head in ("location", "any")


def _secret_var(var: n.VarDecl) -> bool:
    return var.hidden or (var.visibility is not None and var.visibility.who != "all")


def _var_reason(var: n.VarDecl) -> str:
    return "hidden: bookkeeping" if var.hidden else f"visible to {var.visibility.who}"


def _zone_reason(ctx: Context, zone: n.ZoneDecl) -> str:
    if zone.hidden:
        return "hidden: bookkeeping"
    kind = ctx.game.kinds.get(zone.of)
    if kind is not None and _position_hidden(kind):
        return f"{kind.name}: position visible to {kind.position.who}"
    return f"a {zone.shape}, its faces seen by {_visibility(zone)}"


def _visibility(zone: n.ZoneDecl) -> str:
    shape = ZONE_SHAPES.get(zone.shape)
    return zone.visibility.who if zone.visibility else shape.visibility if shape else "all"


def _position_hidden(kind: n.KindDecl) -> bool:
    return kind.position is not None and kind.position.who != "all"


def _hides(ctx: Context, zone: n.ZoneDecl) -> bool:
    """Whether some seat may not see the faces of what lies in zone, or where it lies."""
    kind = ctx.game.kinds.get(zone.of)
    return zone.hidden or _visibility(zone) != "all" or (kind is not None and _position_hidden(kind))
