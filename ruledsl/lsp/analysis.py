"""A document checked as `ruledsl check` checks it, reading open documents' unsaved text.

Each open document is analysed on its own: its text, and the files it extends
read from their open buffers when they have one, else from disk, go through
load_definition, which gives the same diagnostics the command line prints
and the checker's index of names. While a document does not parse, features
that need names (hover, completion, …) use the last analysis of it that did.
"""
from __future__ import annotations

import os
import time
from typing import Optional

import attrs

from ..errors import RulesError
from ..ir import nodes as n
from ..ir.incremental import build_file
from ..load import Loaded, load_definition


def norm(path: str) -> str:
    """One spelling of a path, to compare paths from an editor and from `extends`."""
    return os.path.normcase(os.path.normpath(os.path.abspath(path)))


@attrs.define
class Analysis:
    """One document's text checked: loaded (definition, sources, diagnostics, index), its own
    declarations (None when it does not parse), and how long checking took."""
    path: str
    text: str
    version: Optional[int]
    loaded: Loaded
    own: Optional[n.RulesFile]
    seconds: float

    @property
    def parsed(self) -> bool:
        return self.loaded.index is not None

    def reads(self, path: str) -> bool:
        """Whether checking this document read that file (it is the document or a base of it)."""
        return any(norm(p) == norm(path) for p in self.loaded.sources)


class Documents:
    """The open documents' texts and their latest analyses."""

    def __init__(self):
        self.texts: dict[str, str] = {}          # norm(path) -> text
        self.latest: dict[str, Analysis] = {}    # norm(path) -> the newest analysis
        self.good: dict[str, Analysis] = {}      # norm(path) -> the newest analysis that parsed

    def open(self, path: str, text: str) -> None:
        self.texts[norm(path)] = text

    def close(self, path: str) -> None:
        for table in (self.texts, self.latest, self.good):
            table.pop(norm(path), None)

    def reader(self, path: str) -> Optional[str]:
        return self.texts.get(norm(path))

    def analyse(self, path: str, version: Optional[int] = None) -> Analysis:
        """Check an open document now (its text as the editor has it), and remember the result."""
        analysis = self.compute(path, version, dict(self.texts))
        self.remember(analysis)
        return analysis

    @staticmethod
    def compute(path: str, version: Optional[int], texts: dict) -> Analysis:
        """Check a document whose text (and the open texts of the files it extends) is in texts
        ({norm(path): text}, taken when the check was asked for); changes nothing here, so that
        it may run on the server's worker thread while the documents change."""
        text = texts.get(norm(path), "")
        started = time.perf_counter()
        loaded = load_definition(path, text, reader=lambda other: texts.get(norm(other)))
        own = None
        if loaded.index is not None:
            try:
                own = build_file(text, path)   # already built by the check: taken from the cache
            except RulesError:
                own = None
        return Analysis(path, text, version, loaded, own, time.perf_counter() - started)

    def remember(self, analysis: Analysis) -> None:
        """Keep an analysis as its document's latest (and latest that parsed), if the document
        is still open."""
        key = norm(analysis.path)
        if key not in self.texts:
            return
        self.latest[key] = analysis
        if analysis.parsed:
            self.good[key] = analysis

    def best(self, path: str) -> Optional[Analysis]:
        """The newest analysis that parsed, else the newest."""
        return self.good.get(norm(path)) or self.latest.get(norm(path))

    def dependents(self, path: str) -> list[str]:
        """The other open documents whose last check read this file (variants of it)."""
        return [a.path for key, a in self.latest.items() if key != norm(path) and a.reads(path)]

    def all_good(self) -> list[Analysis]:
        return list(self.good.values())
