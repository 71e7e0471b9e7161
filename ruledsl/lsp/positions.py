"""Between ruledsl's places and LSP's: spans to ranges, positions to (line, column), diagnostics.

ruledsl counts lines and columns from 1 in characters; LSP counts from 0 in
the code units the client asked for (UTF-16 by default), so a line's text is
needed to convert a column: pygls's PositionCodec does that.
"""
from __future__ import annotations

from typing import Optional, Sequence

from lsprotocol import types
from pygls import uris
from pygls.workspace.position_codec import PositionCodec, ServerTextPosition, ServerTextRange

from ..errors import Diagnostic
from ..ir import nodes as n
from ..source import Span
from .analysis import Analysis, norm

SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning}


class Places:
    """Converts places for one client (its position encoding) using the files' texts."""

    def __init__(self, codec: PositionCodec, texts: dict):
        self.codec = codec
        self.texts = texts   # norm(path) -> text: the open documents, then files read while checking

    def lines(self, path: str) -> Sequence[str]:
        text = self.texts.get(norm(path))
        if text is None:
            try:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
            except OSError:
                text = ""
        return text.splitlines(True)

    def range(self, span: Span) -> types.Range:
        if span.line <= 0:
            return types.Range(types.Position(0, 0), types.Position(0, 0))
        end_line, end_column = (span.end_line, span.end_column) if span.end_line else (span.line, span.column + 1)
        server = ServerTextRange(ServerTextPosition(span.line - 1, max(span.column - 1, 0)),
                                 ServerTextPosition(end_line - 1, max(end_column - 1, 0)))
        return self.codec.range_to_client_units(self.lines(span.path), server)

    def location(self, span: Span) -> types.Location:
        return types.Location(uri(span.path), self.range(span))

    def position(self, path: str, position: types.Position) -> tuple[int, int]:
        """An LSP position as ruledsl's (line, column), both from 1."""
        server = self.codec.position_from_client_units(self.lines(path), position)
        return server.line + 1, server.character + 1

    def diagnostic(self, d: Diagnostic) -> types.Diagnostic:
        related = [types.DiagnosticRelatedInformation(self.location(d.span), f"hint: {d.hint}")] if d.hint else None
        return types.Diagnostic(range=self.range(d.span), message=d.message, severity=SEVERITY.get(d.severity),
                                source="ruledsl", related_information=related)

    def diagnostics(self, analysis: Analysis) -> list[types.Diagnostic]:
        """What the editor shows for a document: its own diagnostics, and those found in the
        files it extends gathered on its `extends` line (they would stop `ruledsl check` too)."""
        read = {norm(p) for p in analysis.loaded.sources}
        # A diagnostic of no file read (a place nobody knows) belongs to the document checked.
        mine = [norm(d.span.path) == norm(analysis.path) or norm(d.span.path) not in read
                for d in analysis.loaded.diagnostics]
        out = [self.diagnostic(d) for d, m in zip(analysis.loaded.diagnostics, mine) if m]
        foreign = [d for d, m in zip(analysis.loaded.diagnostics, mine) if not m and d.severity == "error"]
        extends = _extends_span(analysis)
        if foreign and extends is not None:
            related = [types.DiagnosticRelatedInformation(self.location(d.span), d.message + (f" (hint: {d.hint})" if d.hint else ""))
                       for d in foreign[:20]]
            first = foreign[0]
            out.append(types.Diagnostic(
                range=self.range(extends), severity=types.DiagnosticSeverity.Error, source="ruledsl",
                message=f"{len(foreign)} error(s) in the file this one extends; the first: {first.headline()}",
                related_information=related))
        return out


def _extends_span(analysis: Analysis) -> Optional[Span]:
    for decl in analysis.own.decls if analysis.own is not None else ():
        if isinstance(decl, n.Extends):
            return decl.span
    # Not parsed as a whole (the base failed): the line that says `extends` is still in the text.
    for number, line in enumerate(analysis.text.splitlines(), start=1):
        if line.startswith("extends"):
            return Span(analysis.path, number, 1, number, len(line) + 1)
    return None


def uri(path: str) -> str:
    return uris.from_fs_path(norm(path)) or path


def path_of(document_uri: str) -> str:
    return uris.to_fs_path(document_uri) or document_uri
