"""A file's IR built one top-level declaration at a time, reusing the ones that did not change.

An editor re-checks a file after every keystroke, and a variant re-reads its
base: parsing is most of the cost of a check, and most of a file is the same
as last time. A file is cut where a line starts in the first column outside
brackets and strings (a new declaration: nothing in the grammar continues
there); each piece is parsed alone, after newlines so that its lines keep
their numbers, and kept by its text; a piece met again lower or higher in
the file (lines were added above it) has its spans moved, which is ten times
cheaper than parsing it again.

The result is the one parsing the whole file gives. When every piece parses,
the whole file parses to the same declarations (the pieces meet where the
parser is between two declarations). When one does not, it is parsed again
after the piece before it, which leaves the parser in the state the whole
file's parse reaches it in, and with the rest of the file when it failed for
want of more text; that error is the whole file's first. tests/test_incremental.py checks both against the
whole-file parser on every bundled game and on broken copies of them.
"""
from __future__ import annotations

import bisect
import re
from collections import OrderedDict

import attrs

from ..errors import RulesError
from ..source import Span
from . import nodes as n
from . import stored


def _parse_text(text: str, path: str):
    """The parse tree of text (Lark is imported here, when a file is not found on disk: a check
    of files built before needs no parser)."""
    from ..parse import parse_text
    return parse_text(text, path)


def build(tree, path: str):
    from .build import build as build_tree
    return build_tree(tree, path)

# What the lexer treats as one piece when looking for brackets: long strings, strings,
# comments, brackets and newlines (the patterns of LONG_STRING, STRING and COMMENT in the grammar).
_TOKENS = re.compile(r'"""(?:.|\n)*?"""|"(?:[^"\\\n]|\\.)*"|#[^\n]*|[\[({]|[\])}]|\n')
_OPEN = "[({"
_NOT_A_START = " \t\r\n#"


def split(text: str) -> list[tuple[int, str]]:
    """The text in pieces, each (its first line, its text): a piece starts at a line whose
    first character is code, outside brackets; blank and comment lines stay with the piece above."""
    pieces: list[tuple[int, str]] = []
    depth = 0
    start, start_line, line = 0, 1, 1
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token == "\n":
            line += 1
            after = match.end()
            if depth <= 0 and after < len(text) and text[after] not in _NOT_A_START:
                pieces.append((start_line, text[start:after]))
                start, start_line = after, line
        elif token[0] in _OPEN:
            depth += 1
        elif token[0] in "])}":
            depth -= 1
        elif token.startswith('"""'):
            line += token.count("\n")
    pieces.append((start_line, text[start:]))
    return pieces


def _padded(first_line: int, text: str) -> str:
    return "\n" * (first_line - 1) + text


class FileBuilder:
    """Builds files piece by piece, keeping the pieces (and whole files) it has built.

    limit: how many pieces to keep; the least recently used go first.
    """

    def __init__(self, limit: int = 8192):
        self.limit = limit
        self.pieces: OrderedDict = OrderedDict()   # (path, text) -> (first line, declarations)
        self.files: OrderedDict = OrderedDict()    # (path, text) -> RulesFile or RulesError

    def build(self, text: str, path: str = "<string>", *, keep_on_disk: bool = False) -> n.RulesFile:
        """The IR of one file; raises RulesError just as parsing the whole file at once would.
        keep_on_disk: look for it in (and put it into) the cache between runs (stored.py)."""
        key = (path, text)
        if key in self.files:
            self.files.move_to_end(key)
            found = self.files[key]
            if isinstance(found, RulesError):
                raise found
            return found
        result = stored.fetch(path, text) if keep_on_disk else None
        if result is None:
            try:
                result = self._build(text, path)
            except RulesError as err:
                result = err
            if keep_on_disk and not isinstance(result, RulesError):
                stored.store(path, text, result)
        self._keep(self.files, key, result, 64)
        if isinstance(result, RulesError):
            raise result
        return result

    def _build(self, text: str, path: str) -> n.RulesFile:
        pieces = split(text)
        unknown = sum((path, piece) not in self.pieces for _, piece in pieces)
        if len(pieces) > self.limit or unknown > max(WHOLE_AFTER, len(pieces) // 2):
            return self._build_whole(pieces, text, path)
        trees: dict = {}
        for index, (first, piece) in enumerate(pieces):
            if (path, piece) in self.pieces:
                # Kept as recently used now: the pieces parsed below must not push it out first.
                self.pieces.move_to_end((path, piece))
                continue
            try:
                trees[index] = _parse_text(_padded(first, piece), path)
            except RulesError as err:
                return self._whole_file_error(pieces, index, getattr(err, "at_end", False), text, path)
        decls: list = []
        for index, (first, piece) in enumerate(pieces):
            key = (path, piece)
            if index in trees:
                self._keep(self.pieces, key, (first, build(trees[index], path).decls), self.limit)
            else:
                self.pieces.move_to_end(key)
                was, built = self.pieces[key]
                if was != first:
                    self.pieces[key] = (first, shifted(built, first - was))
            decls.extend(self.pieces[key][1])
        return n.RulesFile(path, tuple(decls), span=_whole(path, text))

    def _build_whole(self, pieces: list, text: str, path: str) -> n.RulesFile:
        """The file parsed at once, when most of it is new (a file opened, a first check): one
        parse is linear in the file's length, where a piece parsed alone after the newlines
        before it costs as much as its line number (a file of 10,000 one-line declarations:
        4.2 s of CPU piece by piece for 4,800 of its lines, 1.1 s at once). Its declarations are
        then kept piece by piece, for the edits to come."""
        decls = build(_parse_text(text, path), path).decls
        if len(pieces) <= self.limit:
            firsts = [first for first, _ in pieces]
            groups: list = [[] for _ in pieces]
            for decl in decls:
                groups[max(bisect.bisect_right(firsts, decl.span.line) - 1, 0)].append(decl)
            for (first, piece), group in zip(pieces, groups):
                self._keep(self.pieces, (path, piece), (first, tuple(group)), self.limit)
        return n.RulesFile(path, tuple(decls), span=_whole(path, text))

    @staticmethod
    def _whole_file_error(pieces: list, index: int, at_end: bool, text: str, path: str) -> n.RulesFile:
        """Raise the error parsing the whole file meets, piece `index` being the first that fails alone.

        The parser reads a piece from the state the declaration before it left it in (which
        tokens it expects next depends on how that one ended), so the piece is parsed again
        after the one before it; when it failed only for want of more text, with the rest of
        the file after it."""
        start = max(index - 1, 0)
        end = len(pieces) if at_end else index + 1
        window = "".join(p for _, p in pieces[start:end])
        _parse_text(_padded(pieces[start][0], window), path)
        return build(_parse_text(text, path), path)   # not met: no piece is to blame after all

    @staticmethod
    def _keep(cache: OrderedDict, key, value, limit: int) -> None:
        cache[key] = value
        while len(cache) > limit:
            cache.popitem(last=False)


# A file with more new pieces than this (and than half its pieces) is parsed at once.
WHOLE_AFTER = 8

_INIT_NAMES: dict = {}


def shifted(value, lines: int):
    """An IR value with every span moved down by `lines` (up, when negative)."""
    if isinstance(value, Span):
        if not value.line:
            return value
        return Span(value.path, value.line + lines, value.column,
                    value.end_line + lines if value.end_line else 0, value.end_column)
    if isinstance(value, tuple):
        return tuple([shifted(v, lines) for v in value])
    cls = type(value)
    names = _INIT_NAMES.get(cls)
    if names is None:
        names = _INIT_NAMES[cls] = tuple((f.name, f.alias) for f in attrs.fields(cls) if f.init) \
            if attrs.has(cls) else ()
    if not names:
        return value
    return cls(**{alias: shifted(getattr(value, name), lines) for name, alias in names})


def _whole(path: str, text: str) -> Span:
    lines = text.splitlines() or [""]
    return Span(path, 1, 1, len(lines), len(lines[-1]) + 1)


_BUILDER = FileBuilder()


def build_file(text: str, path: str = "<string>", *, keep_on_disk: bool = False) -> n.RulesFile:
    """The IR of one file, built from the pieces that changed since it was last built."""
    return _BUILDER.build(text, path, keep_on_disk=keep_on_disk)
