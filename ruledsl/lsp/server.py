"""The pygls language server: open documents, debounced checks off the event loop, one small handler per feature."""
from __future__ import annotations

import asyncio
from typing import Optional

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from .. import __version__
from . import complete, navigate, outline
from .analysis import Analysis, Documents, norm
from .positions import Places, path_of, uri
from .worker import Stopped, Worker


class RulesServer(LanguageServer):
    """A language server for rules files: checks a document debounce seconds after its last edit,
    on a worker thread (worker.py), so that requests are answered while a check runs; a check
    made stale by a newer edit is stopped; a scenario lens runs at most scenario_seconds."""

    def __init__(self, debounce: float = 0.15, scenario_seconds: float = 10.0):
        super().__init__("ruledsl", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.debounce = debounce
        self.scenario_seconds = scenario_seconds
        self.documents = Documents()
        self.worker = Worker()
        self.pending: dict[str, asyncio.Task] = {}     # norm(path) -> the check waiting or running for it
        self.running: dict[str, tuple] = {}             # norm(path) -> (its check's Job, the version checked)

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
    async def check(self, path: str, version: Optional[int] = None) -> Optional[Analysis]:
        """Check a document on the worker and publish its diagnostics; None if the check was
        stopped (a newer edit came) or the document was closed meanwhile."""
        key = norm(path)
        job = self.worker.submit(Documents.compute, path, version, dict(self.documents.texts))
        self.running[key] = (job, version)
        try:
            analysis = await self.worker.result(job)
        except Stopped:
            return None
        except Exception as err:      # a bug in ruledsl: said in the editor's log, the server goes on
            self.window_log_message(types.LogMessageParams(
                type=types.MessageType.Error, message=f"ruledsl: internal error checking {path}: {err!r}"))
            return None
        finally:
            if self.running.get(key, (None,))[0] is job:
                del self.running[key]
        if key not in self.documents.texts:
            return None
        self.documents.remember(analysis)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri(path), version=version, diagnostics=self.places(analysis).diagnostics(analysis)))
        return analysis

    def check_later(self, path: str, version: Optional[int], delay: Optional[float] = None) -> None:
        """Check after `delay` (default: debounce) seconds unless another edit comes first, then
        the open variants of it. A check of the document still waiting is dropped, one running
        is stopped: its text is no longer the editor's."""
        key = norm(path)
        stale = self.pending.get(key)
        if stale is not None and not stale.done():
            if key in self.running:
                self.window_log_message(types.LogMessageParams(
                    type=types.MessageType.Log,
                    message=f"ruledsl: stopped checking {path} (version {self.running[key][1]}): it was edited again"))
            stale.cancel()
        self.pending[key] = asyncio.ensure_future(
            self._check_after(path, version, self.debounce if delay is None else delay))

    async def _check_after(self, path: str, version: Optional[int], delay: float) -> None:
        if delay:
            await asyncio.sleep(delay)
        if await self.check(path, version) is None:
            return
        for variant in self.documents.dependents(path):
            await self.check(variant)

    async def scenario(self, path: str, line: int) -> dict:
        """Run the scenario written at `line` of a document (as the editor has it), stopped after
        scenario_seconds: a runaway scenario must not take the server with it."""
        analysis = self.documents.latest.get(norm(path)) or await self.check(path)
        if analysis is None:
            return {"title": "", "line": line, "passed": False, "message": "the document is not open"}
        job = self.worker.submit(outline.run_scenario, analysis, line)
        try:
            return await self.worker.result(job, self.scenario_seconds)
        except (asyncio.TimeoutError, Stopped):
            return {"title": outline.scenario_title(analysis, line), "line": line, "passed": False,
                    "message": f"stopped after {self.scenario_seconds:g} s: the scenario ran longer than the "
                               "language server lets one run"}


server = RulesServer()


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: RulesServer, params: types.DidOpenTextDocumentParams):
    path = path_of(params.text_document.uri)
    ls.documents.open(path, params.text_document.text)
    ls.check_later(path, params.text_document.version, delay=0)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: RulesServer, params: types.DidChangeTextDocumentParams):
    path = path_of(params.text_document.uri)
    ls.documents.open(path, ls.workspace.get_text_document(params.text_document.uri).source)
    ls.check_later(path, params.text_document.version)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: RulesServer, params: types.DidSaveTextDocumentParams):
    ls.check_later(path_of(params.text_document.uri), None, delay=0)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: RulesServer, params: types.DidCloseTextDocumentParams):
    path = path_of(params.text_document.uri)
    waiting = ls.pending.pop(norm(path), None)
    if waiting is not None:
        waiting.cancel()
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
async def run_scenario(ls: RulesServer, document_uri: str, line: int) -> dict:
    """Run one scenario of a document as it is now (unsaved edits included) and show the result."""
    result = await ls.scenario(path_of(document_uri), int(line))
    passed = result["passed"]
    title = result["title"] or f"line {line}"
    text = f"✓ {title}: passed" if passed else f"✗ {title}: {result['message']}"
    ls.window_show_message(types.ShowMessageParams(
        type=types.MessageType.Info if passed else types.MessageType.Error, message=text))
    return result


def serve(debounce: float = 0.15, scenario_seconds: float = 10.0) -> None:
    """Serve over stdin and stdout until the editor says exit."""
    server.debounce = debounce
    server.scenario_seconds = scenario_seconds
    try:
        server.start_io()
    finally:
        server.worker.close()
