"""Rendering diagnostics for a terminal: headline, source line, caret, hint."""
from __future__ import annotations

from ..errors import Diagnostic


def render(diagnostic: Diagnostic, sources: dict) -> str:
    lines = [diagnostic.headline()]
    source = sources.get(diagnostic.span.path)
    if source is not None and diagnostic.span.line > 0:
        excerpt = source.excerpt(diagnostic.span)
        if excerpt:
            lines.extend("    " + line for line in excerpt.split("\n"))
    if diagnostic.hint:
        lines.append(f"    hint: {diagnostic.hint}")
    return "\n".join(lines)
