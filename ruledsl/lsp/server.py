"""The pygls language server: open documents, debounced checks, one small handler per feature."""
from __future__ import annotations

import asyncio
from typing import Optional

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from .. import __version__
from . import complete, navigate, outline
from .analysis import Analysis, Documents, norm
from .positions import Places, path_of, uri


class RulesServer(LanguageServer):
    """A language server for rules files: checks a document debounce seconds after its last edit."""

    def __init__(self, debounce: float = 0.15):
        super().__init__("ruledsl", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.debounce = debounce
        self.documents = Documents()
        self.pending: dict[str, asyncio.Task] = {}

    # -- places ---------------------------------------------------------------
    def places(self, analysis: Optional[Analysis] = None) -> Places:
        texts = dict(self.documents.texts)
        if analysis is not None:
            for path, source in analysis.loaded.sources.items():
                texts.setdefault(norm(path), source.text)
        return Places(self.workspace.position_codec, texts)

    def analysis_at(self, document_uri: str, position: types.Position):
        """The analysis to answer a question with, and the position as (line, column) from 1."""
        path = path_of(document_uri)
        analysis = self.documents.best(path)
        if analysis is None:
            return None, (0, 0)
        return analysis, self.places(analysis).position(path, position)

    # -- checking ---------------------------------------------------------------
    def check_now(self, path: str, version: Optional[int] = None) -> Analysis:
        analysis = self.documents.analyse(path, version)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri(path), version=version, diagnostics=self.places(analysis).diagnostics(analysis)))
        return analysis

    def check_later(self, path: str, version: Optional[int]) -> None:
        """Check after `debounce` seconds unless another edit comes first; then its variants."""
        key = norm(path)
        if key in self.pending:
            self.pending[key].cancel()
        self.pending[key] = asyncio.ensure_future(self._check_after(path, version))

    async def _check_after(self, path: str, version: Optional[int]) -> None:
        if self.debounce:
            await asyncio.sleep(self.debounce)
        self.pending.pop(norm(path), None)
        self.check_now(path, version)
        for variant in self.documents.dependents(path):
            self.check_now(variant)


server = RulesServer()


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: RulesServer, params: types.DidOpenTextDocumentParams):
    path = path_of(params.text_document.uri)
    ls.documents.open(path, params.text_document.text)
    ls.check_now(path, params.text_document.version)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: RulesServer, params: types.DidChangeTextDocumentParams):
    path = path_of(params.text_document.uri)
    ls.documents.open(path, ls.workspace.get_text_document(params.text_document.uri).source)
    ls.check_later(path, params.text_document.version)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: RulesServer, params: types.DidSaveTextDocumentParams):
    path = path_of(params.text_document.uri)
    ls.check_now(path)
    for variant in ls.documents.dependents(path):
        ls.check_now(variant)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: RulesServer, params: types.DidCloseTextDocumentParams):
    path = path_of(params.text_document.uri)
    ls.documents.close(path)
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: RulesServer, params: types.HoverParams) -> Optional[types.Hover]:
    analysis, (line, column) = ls.analysis_at(params.text_document.uri, params.position)
    found = navigate.hover(analysis, line, column) if analysis else None
    if found is None:
        return None
    text, span = found
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text),
                       range=ls.places(analysis).range(span))


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
def definition(ls: RulesServer, params: types.DefinitionParams) -> Optional[types.Location]:
    analysis, (line, column) = ls.analysis_at(params.text_document.uri, params.position)
    span = navigate.definition(analysis, line, column) if analysis else None
    return ls.places(analysis).location(span) if span is not None else None


@server.feature(types.TEXT_DOCUMENT_REFERENCES)
def references(ls: RulesServer, params: types.ReferenceParams) -> list[types.Location]:
    analysis, (line, column) = ls.analysis_at(params.text_document.uri, params.position)
    if analysis is None:
        return []
    spans = navigate.references(ls.documents, analysis, line, column, params.context.include_declaration)
    places = ls.places(analysis)
    return [places.location(span) for span in spans]


@server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=["."]))
def completion(ls: RulesServer, params: types.CompletionParams) -> types.CompletionList:
    analysis, (line, column) = ls.analysis_at(params.text_document.uri, params.position)
    if analysis is None:
        return types.CompletionList(is_incomplete=False, items=[])
    document = ls.workspace.get_text_document(params.text_document.uri)
    lines = document.lines
    line_text = lines[line - 1].rstrip("\r\n") if line - 1 < len(lines) else ""
    return types.CompletionList(is_incomplete=False, items=complete.complete(analysis, line_text, line, column))


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbols(ls: RulesServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
    analysis = ls.documents.best(path_of(params.text_document.uri))
    return outline.symbols(analysis, ls.places(analysis).range) if analysis else []


@server.feature(types.TEXT_DOCUMENT_CODE_LENS)
def code_lens(ls: RulesServer, params: types.CodeLensParams) -> list[types.CodeLens]:
    analysis = ls.documents.best(path_of(params.text_document.uri))
    return outline.lenses(analysis, params.text_document.uri, ls.places(analysis).range) if analysis else []


@server.command(outline.RUN_SCENARIO)
def run_scenario(ls: RulesServer, document_uri: str, line: int) -> dict:
    """Run one scenario of a document as it is now (unsaved edits included) and show the result."""
    path = path_of(document_uri)
    analysis = ls.documents.latest.get(norm(path)) or ls.documents.analyse(path)
    result = outline.run_scenario(analysis, int(line))
    passed = result["passed"]
    title = result["title"] or f"line {line}"
    text = f"✓ {title}: passed" if passed else f"✗ {title}: {result['message']}"
    ls.window_show_message(types.ShowMessageParams(
        type=types.MessageType.Info if passed else types.MessageType.Error, message=text))
    return result


def serve(debounce: float = 0.15) -> None:
    """Serve over stdin and stdout until the editor says exit."""
    server.debounce = debounce
    server.start_io()
