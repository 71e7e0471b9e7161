"""Hover, go to definition and find references: the checker's index asked about a place."""
from __future__ import annotations

import os
import re
from typing import Optional

from ..check import builtins as b
from ..check.index import Declaration, Use
from ..source import Span
from .analysis import Analysis, Documents, norm

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# Where the language documents its own names, by the category the checker gives them.
_BUILTIN_DOCS = {
    "builtin name": b.BUILTIN_NAMES,
    "player field": b.PLAYER_FIELDS,
    "component field": b.COMPONENT_FIELDS,
    "location field": b.LOCATION_FIELDS,
}


def at(analysis: Analysis, line: int, column: int) -> Optional[Use | Declaration]:
    """The use or declaration of the name at a place (the word there, when there is one)."""
    index = analysis.loaded.index
    if index is None:
        return None
    word = word_at(analysis.text, line, column)
    return index.at(analysis.path, line, column, word) if word else index.at(analysis.path, line, column)


def word_at(text: str, line: int, column: int) -> str:
    """The name written at (line, column), the cursor being on it or just after it."""
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return ""
    for match in _NAME.finditer(lines[line - 1]):
        if match.start() + 1 <= column <= match.end() + 1:
            return match.group()
    return ""


def declaration(found) -> Optional[Declaration]:
    return found.decl if isinstance(found, Use) else found


def hover(analysis: Analysis, line: int, column: int) -> Optional[tuple[str, Span]]:
    """Markdown about the name at a place, and the span it covers."""
    found = at(analysis, line, column)
    if found is None:
        return None
    decl = declaration(found)
    here = found.type if isinstance(found, Use) else decl.type
    return describe(decl, here, analysis), found.span


def describe(decl: Declaration, here, analysis: Analysis) -> str:
    parts = [f"```ruledsl\n{_headline(decl)}\n```"]
    if here is not None and here != decl.type and str(here) != "any":
        parts.append(f"here: `{here}`")
    doc = _doc(decl, analysis)
    if doc:
        parts.append(doc)
    told = _described(decl, analysis)
    if told:
        parts.append(f"*described:* {told}")
    if not decl.builtin and decl.span.line > 0:
        where = f"{_short(decl.span.path, analysis.path)}:{decl.span.line}"
        parts.append(f"declared at {where}" + (f", in {decl.owner}" if decl.owner else ""))
    return "\n\n".join(parts)


def _described(decl: Declaration, analysis: Analysis) -> str:
    """What the rules' `describe NAME "…"` says of a declared thing (what players are shown in play)."""
    definition = analysis.loaded.definition
    if decl.builtin or definition is None or decl.category in ("local", "parameter", "field"):
        return ""
    return next((d.text for d in getattr(definition, "descriptions", ()) if d.name == decl.name), "")


def _headline(decl: Declaration) -> str:
    node = decl.node
    if decl.category == "builtin function":
        return b.signature(decl.name)
    if decl.category in ("rule", "function"):
        keyword = "rule" if decl.category == "rule" else "define"
        return f"{keyword} {decl.name}({', '.join(getattr(node, 'params', ()))})"
    if decl.category == "zone" and node is not None:
        return f"zone {decl.name}: {node.shape} of {node.of}" + (", per player" if node.per_player else "")
    if decl.category == "variable" and node is not None:
        return f"var {decl.name}: {decl.type}" + (", per player" if node.per_player else "")
    if decl.category == "field" and decl.owner:
        return f"{decl.owner}.{decl.name}: {decl.type}"
    if decl.category in ("kind", "enum", "board", "tag", "die"):
        return f"{decl.category} {decl.name}"
    return f"({decl.category}) {decl.name}: {decl.type}"


def _doc(decl: Declaration, analysis: Analysis) -> str:
    table = _BUILTIN_DOCS.get(decl.category)
    if decl.builtin and table is not None and decl.name in table:
        return table[decl.name][1]
    if decl.category == "builtin function":
        return b.BUILTINS[decl.name].doc
    if decl.category == "zone" and decl.node is not None and decl.node.shape in b.ZONE_SHAPES:
        return f"a {decl.node.shape}: {b.ZONE_SHAPES[decl.node.shape].doc}"
    if decl.category == "option" and getattr(decl.node, "doc", ""):
        return decl.node.doc
    return _comment_above(decl, analysis)


def _comment_above(decl: Declaration, analysis: Analysis) -> str:
    """The comment lines just above a declaration: its documentation, as the file's author wrote it."""
    source = analysis.loaded.sources.get(decl.span.path)
    start = getattr(decl.node, "span", decl.span).line
    if source is None or start <= 1 or decl.scope is not None:   # a local's line is inside its rule
        return ""
    lines = []
    for number in range(start - 1, 0, -1):
        text = source.line_text(number).strip()
        if not text.startswith("#"):
            break
        lines.insert(0, text.lstrip("#").strip())
    return " ".join(lines)


def _short(path: str, relative_to: str) -> str:
    try:
        return os.path.relpath(path, os.path.dirname(relative_to))
    except ValueError:
        return path


def definition(analysis: Analysis, line: int, column: int) -> Optional[Span]:
    found = at(analysis, line, column)
    decl = declaration(found) if found is not None else None
    if decl is None or decl.builtin or decl.span.line <= 0:
        return None
    return decl.span


def references(documents: Documents, analysis: Analysis, line: int, column: int,
               include_declaration: bool) -> list[Span]:
    """Every use of the name at a place: in this document's check and in those of the other
    open documents that read the file it is declared in (a base's names used by its variants)."""
    found = at(analysis, line, column)
    decl = declaration(found) if found is not None else None
    if decl is None:
        return []
    spans: dict = {}
    others = [] if decl.builtin else [a for a in documents.all_good() if a is not analysis]
    for other in [analysis] + others:
        same = _same_declaration(other, decl)
        if same is None or other.loaded.index is None:
            continue
        if include_declaration and not same.builtin and same.span.line > 0:
            spans.setdefault(_key(same.span), same.span)
        for use in other.loaded.index.uses_of(same):
            spans.setdefault(_key(use.span), use.span)
    return sorted(spans.values(), key=_key)


def _same_declaration(analysis: Analysis, decl: Declaration) -> Optional[Declaration]:
    index = analysis.loaded.index
    if index is None:
        return None
    if decl.builtin:
        return index.builtins.get(f"{decl.category}:{decl.name}")
    for d in index.declarations:
        if d.name == decl.name and _key(d.span) == _key(decl.span):
            return d
    return None


def _key(span: Span) -> tuple:
    return (norm(span.path), span.line, span.column, span.end_line, span.end_column)
