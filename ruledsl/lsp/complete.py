"""Completion: the names in scope at the cursor, the fields after a dot, keywords and builtins.

The text being typed rarely parses, so names come from the last analysis of
the document that did (its locals by where the cursor is, its globals), and
what stands before a dot is typed from the same analysis: the first name by
its declaration, each `.field` after it by the checker's field rules.
"""
from __future__ import annotations

import re

from lsprotocol import types

from ..check import builtins as b
from ..check.types import ANY, LOCATION, PLAYER, Type, item_of, list_of, parse
from ..check.index import Declaration
from ..parse import keywords
from .analysis import Analysis

K = types.CompletionItemKind
_KIND = {
    "local": K.Variable, "parameter": K.Variable, "variable": K.Variable, "zone": K.Variable,
    "constant": K.Constant, "option": K.Constant, "die": K.Constant, "seat": K.Constant,
    "rule": K.Function, "function": K.Function, "builtin function": K.Function,
    "kind": K.Class, "enum": K.Enum, "enum value": K.EnumMember, "direction": K.EnumMember,
    "field": K.Field, "player field": K.Field, "component field": K.Field, "location field": K.Field,
    "zone field": K.Field, "location": K.Value, "board": K.Module, "tag": K.Reference,
    "edge kind": K.Reference, "builtin name": K.Variable,
}
_DOTTED = re.compile(r"([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\.([A-Za-z_0-9]*)$")
_GLOBAL = ("seat", "enum", "enum value", "kind", "zone", "variable", "constant", "die", "option", "function",
           "rule", "board", "edge kind", "location", "builtin name", "direction", "tag")


def complete(analysis: Analysis, line_text: str, line: int, column: int) -> list[types.CompletionItem]:
    """Completions at (line, column), line_text being the current text of that line."""
    before = line_text[: column - 1]
    dotted = _DOTTED.search(before)
    if dotted:
        return _fields(analysis, dotted.group(1).split("."), line, column)
    return _names(analysis, line, column)


def _item(decl: Declaration, detail: str = "") -> types.CompletionItem:
    doc = b.BUILTINS[decl.name].doc if decl.category == "builtin function" else None
    return types.CompletionItem(label=decl.name, kind=_KIND.get(decl.category, K.Text),
                                detail=detail or f"{decl.category}: {decl.type}", documentation=doc)


def _names(analysis: Analysis, line: int, column: int) -> list[types.CompletionItem]:
    index = analysis.loaded.index
    items: dict[str, types.CompletionItem] = {}
    if index is not None:
        for decl in reversed(index.locals_at(analysis.path, line, column)):   # innermost first
            items.setdefault(decl.name, _item(decl))
        for decl in index.declarations:
            if decl.scope is None and decl.category in _GLOBAL:
                items.setdefault(decl.name, _item(decl))
    for name in b.BUILTINS:
        items.setdefault(name, types.CompletionItem(label=name, kind=K.Function, detail=b.signature(name),
                                                    documentation=b.BUILTINS[name].doc))
    for name, (typ, doc) in b.BUILTIN_NAMES.items():
        items.setdefault(name, types.CompletionItem(label=name, kind=K.Variable, detail=typ, documentation=doc))
    for word in keywords():
        items.setdefault(word, types.CompletionItem(label=word, kind=K.Keyword))
    return list(items.values())


def _fields(analysis: Analysis, chain: list[str], line: int, column: int) -> list[types.CompletionItem]:
    index = analysis.loaded.index
    if index is None:
        return []
    typ = _type_of_name(analysis, chain[0], line, column)
    for name in chain[1:]:
        typ = _field_type(analysis, typ, name)
    return [types.CompletionItem(label=name, kind=K.Field, detail=str(field_typ)) for name, field_typ in
            sorted(fields_of(analysis, typ).items())]


def _type_of_name(analysis: Analysis, name: str, line: int, column: int) -> Type:
    index = analysis.loaded.index
    for decl in reversed(index.locals_at(analysis.path, line, column)):
        if decl.name == name:
            return decl.type
    for decl in index.declarations:
        if decl.scope is None and decl.name == name and decl.category in _GLOBAL:
            return decl.type
    return ANY


def fields_of(analysis: Analysis, typ: Type) -> dict[str, Type]:
    """What may follow a dot on something of this type: name -> type."""
    index = analysis.loaded.index
    per_player = {d.name: d.type for d in index.declarations
                  if d.category in ("variable", "zone") and getattr(d.node, "per_player", False)}
    kinds: dict[str, dict] = {}
    for d in index.declarations:
        if d.category == "field":
            kinds.setdefault(d.owner, {})[d.name] = d.type
    location = {d.name: ANY for d in index.declarations if d.category == "location field"}
    if typ is PLAYER:
        return {**per_player, **{k: parse(v[0]) for k, v in b.PLAYER_FIELDS.items()}}
    if typ.head == "kind":
        return {**kinds.get(typ.name, {}), **{k: parse(v[0]) for k, v in b.COMPONENT_FIELDS.items()}}
    if typ is LOCATION:
        return {**location, **{k: parse(v[0]) for k, v in b.LOCATION_FIELDS.items()}}
    if typ.head == "zone of":
        return {"contents": list_of(item_of(typ))}
    everything = {**per_player, **location}
    for fields in kinds.values():
        everything.update(fields)
    for table in (b.PLAYER_FIELDS, b.COMPONENT_FIELDS, b.LOCATION_FIELDS):
        everything.update({k: parse(v[0]) for k, v in table.items()})
    return everything


def _field_type(analysis: Analysis, typ: Type, name: str) -> Type:
    return fields_of(analysis, typ).get(name, ANY)
