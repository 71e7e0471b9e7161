"""Pass: every `label` names something, once a file; what screens show has a label, or reads as a word.

Screens name things by their labels (ir/labels.py). A thing players are shown
whose name is not a plain word (`draw_pile`, `GreatHall`, `spare_key`) and
that has no label is a warning: the screen would fall back on the name made
readable ("draw pile"), which is a guess at the rules' words.
"""
from __future__ import annotations

from ..errors import did_you_mean
from ..ir import nodes as n
from ..ir.labels import declared_labels, readable
from .context import Context

_HINT = "give it a label where it is declared ({example}) or with: label {name} \"…\""


def check(ctx: Context) -> None:
    g = ctx.game
    labelled = _given(ctx)
    # what the rules declare that players see, with where to warn and how to label it there
    shown = [(s.name, s.span, f'seats {s.name} "…"') for s in (g.seats.seats if g.seats else ())]
    shown += [(z.name, z.name_span, f'zone {z.name} "…": …') for z in g.zones.values() if not z.hidden]
    shown += [(v.name, v.name_span, f'var {v.name} "…": …') for v in g.vars.values() if not v.hidden]
    shown += [(e.name, e.span, f'{e.name} "…"') for enum in g.enums.values() for e in enum.values]
    for board in g.boards.values():
        shown.append((board.name, board.name_span, f'board {board.name} "…":'))
        shown += [(loc.name, loc.name_span, f'location {loc.name} "…"') for loc in board.locations]
        shown += [(edge, span, f"label {edge} \"…\"") for edge, span in board.edge_kinds]
    shown += [(tag, span, f'label {tag} "…"') for tag, span in ctx.tags.items()]
    for kind in g.kinds.values():
        shown.append((kind.name, kind.name_span, f'kind {kind.name} "…"'))
        for field in kind.fields:
            if not field.hidden and (kind.name, field.name) not in labelled and not readable(field.name):
                ctx.warning(field.name_span, f"field {field.name} of {kind.name} is shown to players without a label",
                            _HINT.format(example=f'{field.name} "…": …', name=f"{kind.name}.{field.name}"))
    warned = set()
    for name, span, example in shown:
        if name in labelled or readable(name) or name in warned:
            continue
        warned.add(name)
        ctx.warning(span, f"'{name}' is shown to players without a label", _HINT.format(example=example, name=name))


def _given(ctx: Context) -> set:
    """Check the `label` declarations; the keys that have a label, however given."""
    g = ctx.game
    keys = {key for key, _text, _span in declared_labels(g)}
    inline = {(key, span.path): span.line for key, _text, span in declared_labels(g)}
    seen: dict = {}
    edge_kinds = {edge for board in g.boards.values() for edge, _span in board.edge_kinds}
    for decl in g.labels:
        key = _target(ctx, decl, edge_kinds)
        if key is None:
            continue
        where = (key, decl.span.path)
        first = seen.get(where) or inline.get(where)
        shown = decl.name + (f".{decl.field}" if decl.field else "")
        if first is not None:
            ctx.error(decl.span, f"'{shown}' is labelled twice", f"the first label is on line {first}; keep one")
        seen.setdefault(where, decl.span.line)
        if not decl.text.strip():
            ctx.error(decl.span, f"the label of '{shown}' is empty", "write the words players should read")
        keys.add(key)
    return keys


def _target(ctx: Context, decl: n.LabelDecl, edge_kinds: set):
    """What a `label` declaration labels (a name, or (kind, field)), or None after an error."""
    g = ctx.game
    if decl.field is not None:
        kind = g.kinds.get(decl.name)
        if kind is None:
            ctx.error(decl.name_span, f"'{decl.name}' is not a kind, so '{decl.name}.{decl.field}' is not a field",
                      did_you_mean(decl.name, g.kinds) or "write label Kind.field \"…\"")
            return None
        fields = [f.name for f in kind.fields]
        if decl.field not in fields:
            ctx.error(decl.field_span, f"kind {decl.name} has no field '{decl.field}'",
                      did_you_mean(decl.field, fields) or f"its fields are: {', '.join(fields) or 'none'}")
            return None
        ctx.use(decl.name_span, decl.name)
        return (decl.name, decl.field)
    symbol = ctx.symbols.get(decl.name)
    known = symbol is not None and (symbol.span.path != "<builtin>" or symbol.category in ("edge kind", "direction"))
    if not known and decl.name not in ctx.tags and decl.name not in edge_kinds:
        ctx.error(decl.name_span, f"'{decl.name}' is not declared, so it cannot be labelled",
                  did_you_mean(decl.name, list(ctx.symbols) + list(ctx.tags)) or
                  "label a seat, enum value, location, zone, variable, kind, board, die, option, tag or edge kind")
        return None
    if known:
        ctx.use(decl.name_span, decl.name)
    return decl.name
