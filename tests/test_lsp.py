"""The language server in a real LSP session: `ruledsl lsp` started over stdio and driven by
pygls's language client, on the bundled games."""
from __future__ import annotations

import asyncio
import re
import sys
import threading

import pytest

pytest.importorskip("pygls")

from lsprotocol import types as t  # noqa: E402
from pygls import uris  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

from ruledsl.load import load_definition  # noqa: E402

from .conftest import BUNDLED, EXAMPLES, GAMES  # noqa: E402

WAIT = 120   # seconds: only a guard against a hung server, never a measure of speed


class Session:
    """A server process and a client talking to it, the client's event loop in a thread so
    that tests read as plain calls."""

    def __init__(self, debounce: float = 0.0, *flags: str):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.changed = threading.Condition()
        self.published: list[t.PublishDiagnosticsParams] = []
        self.messages: list[t.ShowMessageParams] = []
        self.logged: list[t.LogMessageParams] = []
        self.client = LanguageClient("ruledsl-tests", "1")

        @self.client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def diagnostics(ls, params):
            with self.changed:
                self.published.append(params)
                self.changed.notify_all()

        @self.client.feature(t.WINDOW_SHOW_MESSAGE)
        def message(ls, params):
            with self.changed:
                self.messages.append(params)
                self.changed.notify_all()

        @self.client.feature(t.WINDOW_LOG_MESSAGE)
        def log(ls, params):
            with self.changed:
                self.logged.append(params)
                self.changed.notify_all()

        self.call(self.client.start_io(sys.executable, "-m", "ruledsl", "lsp", "--debounce", str(debounce), *flags))
        self.call(self.client.initialize_async(t.InitializeParams(capabilities=t.ClientCapabilities())))
        self.send(self.client.initialized, t.InitializedParams())
        self.versions: dict[str, int] = {}
        self.first: dict[str, list] = {}
        self.opened_at: dict[str, int] = {}   # how many had been published when a document was last opened

    def call(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(WAIT)

    def send(self, notify, params) -> None:
        async def go():
            notify(params)
        self.call(go())

    def close(self) -> None:
        self.call(self.client.shutdown_async(None))
        self.send(self.client.exit, None)
        self.call(self.client.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(WAIT)

    # -- documents --------------------------------------------------------------
    def open(self, path) -> str:
        """Open a file as it is on disk and wait for its diagnostics (kept in self.first[uri])."""
        uri = uris.from_fs_path(str(path))
        self.versions[uri] = 1
        seen = len(self.published)
        self.send(self.client.text_document_did_open,
                  t.DidOpenTextDocumentParams(t.TextDocumentItem(uri, "ruledsl", 1, path.read_text(encoding="utf-8"))))
        self.opened_at[uri] = seen
        self.first[uri] = self.diagnostics(uri, 1)
        return uri

    def edit(self, uri: str, line: int, start: int, end: int, new: str) -> int:
        """Replace characters start..end of a line (0-based) with new text; returns the version."""
        self.versions[uri] += 1
        change = t.TextDocumentContentChangePartial(
            range=t.Range(t.Position(line, start), t.Position(line, end)), text=new)
        self.send(self.client.text_document_did_change, t.DidChangeTextDocumentParams(
            t.VersionedTextDocumentIdentifier(version=self.versions[uri], uri=uri), [change]))
        return self.versions[uri]

    def diagnostics(self, uri: str, version: int | None = None, after: int | None = None) -> list[t.Diagnostic]:
        """The first diagnostics published for a document (at a version) after the `after`-th
        (by default, since it was opened)."""
        after = self.opened_at.get(uri, 0) if after is None else after

        def found():
            return next((p for p in self.published[after:]
                         if p.uri == uri and (version is None or p.version == version)), None)
        with self.changed:
            assert self.changed.wait_for(found, WAIT), f"no diagnostics for {uri} v{version}"
            return list(found().diagnostics)

    def message(self) -> t.ShowMessageParams:
        with self.changed:
            assert self.changed.wait_for(lambda: self.messages, WAIT)
            return self.messages.pop(0)

    # -- requests ------------------------------------------------------------------
    def at(self, uri, line, character):
        return t.TextDocumentIdentifier(uri), t.Position(line, character)

    def hover(self, uri, line, character):
        return self.call(self.client.text_document_hover_async(t.HoverParams(*self.at(uri, line, character))))

    def definition(self, uri, line, character):
        return self.call(self.client.text_document_definition_async(t.DefinitionParams(*self.at(uri, line, character))))

    def references(self, uri, line, character, declaration=True):
        doc, pos = self.at(uri, line, character)
        return self.call(self.client.text_document_references_async(
            t.ReferenceParams(context=t.ReferenceContext(declaration), text_document=doc, position=pos)))

    def completion(self, uri, line, character):
        return self.call(self.client.text_document_completion_async(t.CompletionParams(*self.at(uri, line, character))))


@pytest.fixture(scope="module")
def session():
    s = Session()
    yield s
    s.close()


def find(path, pattern: str, group: int = 0) -> tuple[int, int]:
    """The 0-based (line, character) of the first match of a pattern in a file."""
    text = path.read_text(encoding="utf-8")
    match = re.search(pattern, text, re.M)
    assert match, pattern
    before = text[: match.start(group)]
    return before.count("\n"), len(before) - (before.rfind("\n") + 1)


DICE = EXAMPLES[0].parent / "dice_race.rules"


# ------------------------------------------------------------------ diagnostics

@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_bundled_games_open_without_diagnostics(session, path):
    assert session.first[session.open(path)] == []


def test_an_edit_gets_the_diagnostics_the_command_line_prints(session, tmp_path):
    path = tmp_path / "race.rules"
    path.write_text(DICE.read_text(encoding="utf-8"), encoding="utf-8")
    uri = session.open(path)
    line, character = find(path, r"increase p\.(position) by pot", 1)
    version = session.edit(uri, line, character, character + len("position"), "positon")
    (shown,) = session.diagnostics(uri, version)
    text = path.read_text(encoding="utf-8").replace("increase p.position", "increase p.positon", 1)
    (expected,) = load_definition(str(path), text).diagnostics
    assert shown.message == expected.message == "a player has no 'positon'"
    assert shown.severity == t.DiagnosticSeverity.Error and shown.source == "ruledsl"
    assert (shown.range.start.line + 1, shown.range.start.character + 1) == (expected.line, expected.column)
    assert shown.range.end.character + 1 == expected.span.end_column
    (hint,) = shown.related_information
    assert hint.message == f"hint: {expected.hint}" and hint.location.uri == uri
    fixed = session.edit(uri, line, character, character + len("positon"), "position")
    assert session.diagnostics(uri, fixed) == []


def test_a_syntax_error_as_you_type(session, tmp_path):
    path = tmp_path / "race.rules"
    path.write_text(DICE.read_text(encoding="utf-8"), encoding="utf-8")
    uri = session.open(path)
    line, character = find(path, r"repeat:\n")
    version = session.edit(uri, line, character + len("repeat"), character + len("repeat:"), "")
    (shown,) = session.diagnostics(uri, version)
    assert shown.message == "unexpected end of line"
    assert shown.range.start.line == line


def test_edits_in_quick_succession_are_checked_once():
    session = Session(debounce=1.0)
    try:
        uri = session.open(DICE)
        line, character = find(DICE, r"var pot: int = (0)", 1)
        seen = len(session.published)
        for digit in "12345":
            last = session.edit(uri, line, character, character + 1, digit)
        assert session.diagnostics(uri, last, after=seen) == []
        assert [p.version for p in session.published[seen:]] == [last]
    finally:
        session.close()


def test_a_variant_is_checked_with_its_bases_unsaved_text(session):
    base, variant = GAMES / "shining.rules", GAMES / "shining_harsh.rules"
    base_uri, variant_uri = session.open(base), session.open(variant)
    line, character = find(base, r"^zone pool: bag of (Willpower)", 1)
    seen = len(session.published)
    session.edit(base_uri, line, character, character + len("Willpower"), "Willpowr")
    shown = session.diagnostics(variant_uri, after=seen)
    assert any(d.message.startswith("1 error(s) in the file this one extends") and d.range.start.line == 5 for d in shown)
    (first,) = [d for d in shown if d.range.start.line == 5]
    assert first.related_information[0].location.uri == base_uri
    seen = len(session.published)
    session.edit(base_uri, line, character, character + len("Willpowr"), "Willpower")
    assert session.diagnostics(variant_uri, after=seen) == []


# ------------------------------------------------------------------ names

def test_hover_shows_kind_type_and_declaration(session):
    uri = session.open(DICE)
    line, character = find(DICE, r"p\.position >= (target)", 1)
    hover = session.hover(uri, line, character + 2).contents.value
    assert "(option) target: int" in hover
    assert "How far the race runs" in hover
    assert "declared at dice_race.rules:8" in hover


def test_hover_on_a_builtin_shows_its_signature_and_doc(session):
    uri = session.open(DICE)
    line, character = find(DICE, r"let r = (roll)\(d6\)", 1)
    hover = session.hover(uri, line, character + 1).contents.value
    assert "roll(a) -> any" in hover
    assert "roll a die: one of its faces, each equally likely" in hover
    assert "declared at" not in hover


def test_hover_on_a_local_names_its_type_and_owner(session):
    path = GAMES / "haunting_house.rules"
    uri = session.open(path)
    line, character = find(path, r"^\s+for each (\w+) in ", 1)
    hover = session.hover(uri, line, character).contents.value
    assert hover.startswith("```ruledsl\n(local) ")


def test_definition_and_references_across_extends(session):
    base, variant = GAMES / "shining.rules", GAMES / "shining_harsh.rules"
    variant_uri = session.open(variant)
    line, character = find(variant, r"zone event_deck: deck of (Event)", 1)
    target = session.definition(variant_uri, line, character + 1)
    declared = find(base, r"^kind (Event)", 1)
    assert target.uri == uris.from_fs_path(str(base))
    assert (target.range.start.line, target.range.start.character) == declared
    refs = session.references(variant_uri, line, character + 1)
    places = {(r.uri, r.range.start.line) for r in refs}
    assert (uris.from_fs_path(str(variant)), line) in places
    assert (uris.from_fs_path(str(base)), declared[0]) in places


@pytest.mark.parametrize("category", ["kind", "zone", "variable", "function", "rule", "location", "enum value",
                                      "constant", "field"])
def test_every_kind_of_name_can_be_followed(session, category):
    """For each kind of declared name in a bundled game: from a use, go to definition lands on
    the declaration, and find references lists every use the checker found."""
    for path in BUNDLED:
        loaded = load_definition(str(path))
        index = loaded.index
        decls = [d for d in index.declarations if d.category == category and d.span.path == str(path)
                 and index.uses_of(d)]
        if decls:
            break
    else:
        pytest.skip(f"no bundled game uses a {category}")
    decl = decls[0]
    uses = index.uses_of(decl)
    uri = session.open(path)
    use = uses[-1].span
    target = session.definition(uri, use.line - 1, use.column - 1)
    assert (target.range.start.line + 1, target.range.start.character + 1) == (decl.span.line, decl.span.column)
    refs = session.references(uri, use.line - 1, use.column - 1, declaration=False)
    assert sorted((r.range.start.line + 1, r.range.start.character + 1) for r in refs) == \
        sorted({(u.span.line, u.span.column) for u in uses})


# ------------------------------------------------------------------ completion, outline, scenarios

def labels(completion) -> dict:
    return {item.label: item for item in completion.items}


def test_completion_after_a_dot_offers_the_fields_of_its_type(session, tmp_path):
    path = tmp_path / "race.rules"
    path.write_text(DICE.read_text(encoding="utf-8"), encoding="utf-8")
    uri = session.open(path)
    line, character = find(path, r"increase p\.position by pot")
    version = session.edit(uri, line, character, character + len("increase p.position by pot"), "increase p.")
    session.diagnostics(uri, version)                   # it no longer parses; the last version that did answers
    items = labels(session.completion(uri, line, character + len("increase p.")))
    assert {"position", "seat", "name"} <= set(items)
    assert "pot" not in items                           # not per player: no field of a player
    assert items["position"].kind == t.CompletionItemKind.Field


def test_completion_offers_names_in_scope_keywords_and_builtins(session):
    uri = session.open(DICE)
    line, character = find(DICE, r"if r == 1:", 0)
    items = labels(session.completion(uri, line, character))
    assert items["r"].kind == t.CompletionItemKind.Variable          # a local of this block
    assert items["pot"].kind == t.CompletionItemKind.Variable
    assert items["announce"].kind == t.CompletionItemKind.Keyword
    assert items["count"].detail.startswith("count(")
    top = find(DICE, r"^flow:")
    assert "r" not in labels(session.completion(uri, top[0] - 1, 0))  # outside its block


def test_document_symbols_outline_the_file(session):
    path = GAMES / "haunting_house.rules"
    uri = session.open(path)
    symbols = session.call(session.client.text_document_document_symbol_async(
        t.DocumentSymbolParams(t.TextDocumentIdentifier(uri))))
    by_kind: dict = {}
    for s in symbols:
        by_kind.setdefault(s.kind, []).append(s.name)
    assert by_kind[t.SymbolKind.File][0].startswith('game "')
    assert by_kind[t.SymbolKind.Namespace] == ["flow"]
    for kind in (t.SymbolKind.Class, t.SymbolKind.Array, t.SymbolKind.Struct, t.SymbolKind.Method, t.SymbolKind.Event):
        assert by_kind.get(kind), kind
    kind = next(s for s in symbols if s.kind == t.SymbolKind.Class and s.children)
    assert all(c.kind == t.SymbolKind.Field for c in kind.children)
    assert all(s.range.start.line <= s.selection_range.start.line <= s.range.end.line for s in symbols)


def test_a_code_lens_runs_its_scenario(session, tmp_path):
    path = tmp_path / "race.rules"
    path.write_text(DICE.read_text(encoding="utf-8"), encoding="utf-8")
    uri = session.open(path)
    lenses = session.call(session.client.text_document_code_lens_async(t.CodeLensParams(t.TextDocumentIdentifier(uri))))
    assert len(lenses) == 2 and all(lens.command.command == "ruledsl.runScenario" for lens in lenses)
    run = lenses[0].command
    result = session.call(session.client.workspace_execute_command_async(
        t.ExecuteCommandParams(command=run.command, arguments=run.arguments)))
    assert result["passed"] is True and result["title"] == "a 1 loses the turn's total and passes the turn"
    assert session.message().message.startswith("✓ a 1 loses")
    line, character = find(path, r"expect pot == (5)", 1)
    session.diagnostics(uri, session.edit(uri, line, character, character + 1, "6"))
    result = session.call(session.client.workspace_execute_command_async(
        t.ExecuteCommandParams(command=run.command, arguments=run.arguments)))
    assert result["passed"] is False and result["message"].startswith(f"line {line + 1}: expected pot == 6, but pot is 5")
    shown = session.message()
    assert shown.type == t.MessageType.Error and "expected pot == 6" in shown.message


def test_hover_on_a_described_thing_shows_its_description(session):
    path = GAMES / "tillinghast.rules"
    uri = session.open(path)
    line, character = find(path, r"opportunistic_spells = \[(Dissipate)", 1)
    hover = session.hover(uri, line, character + 1).contents.value
    assert "*described:* Does nothing: paid for with more cubes, it looks like another spell." in hover
    line, character = find(path, r"^var (hour): int", 1)
    assert "described" not in session.hover(uri, line, character + 1).contents.value
