"""`ruledsl check FILE...`: check rules files; exit 0 when clean, 1 on any error.

Each problem is reported once, at the file it is in: a base file's error is found
again when a variant that extends it is checked, and it is reported with the
base, not once per variant. A file whose own text is sound but that extends a
broken file is said to, in the summary and in JSON (`broken_by`).
"""
from __future__ import annotations

import os

import attrs
import click

from ..load import reported
from .common import echo, no_traceback
from .report import FORMATS


@attrs.frozen
class FileResult:
    """The problems of one file's own text, each once; broken_by: the files it extends whose
    errors keep it from loading."""
    diagnostics: list
    sources: dict
    broken_by: tuple = ()

    @property
    def errors(self) -> list:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> list:
        return [d for d in self.diagnostics if d.severity == "warning"]


def _same_file(path: str) -> str:
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):
        return path


def one_each(checked: list) -> list:
    """[(path, Loaded)] per file given -> [(path, FileResult)]: every diagnostic once, with the file it
    is in (a file not given, such as a base, is added after the others when it has any)."""
    order: list = []
    paths: dict = {}                 # real path -> the path as first named
    found: dict = {}                 # real path -> its diagnostics, each once
    sources: dict = {}
    seen: set = set()
    for path, _loaded in checked:
        key = _same_file(path)
        if key not in paths:
            paths[key] = path
            order.append(key)
    for path, loaded in checked:
        sources.update(loaded.sources)
        for d in loaded.diagnostics:
            where = d.span.path if d.span.path not in ("", "<unknown>", "<string>") else path
            key = _same_file(where)
            ident = (key, d.span.line, d.span.column, d.severity, d.message)
            if ident in seen:
                continue
            seen.add(ident)
            if key not in paths:
                paths[key] = where
                order.append(key)
            found.setdefault(key, []).append(d)
    out = []
    for key in order:
        broken_by: tuple = ()
        loaded = next((l for p, l in checked if _same_file(p) == key), None)
        if loaded is not None and loaded.errors and not found.get(key):
            broken_by = tuple(dict.fromkeys(paths[_same_file(d.span.path)] for d in loaded.errors))
        out.append((paths[key], FileResult(found.get(key, []), sources, broken_by)))
    return out


@click.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default="text", show_default=True,
              help="text for people; json for tools; github for workflow commands that annotate the "
                   "lines of a pull request; sarif (2.1.0) for code-scanning dashboards.")
@click.option("--warnings/--no-warnings", default=True, show_default=True, help="Show warnings too.")
@no_traceback
def check_command(files, fmt, warnings):
    """Check rules files for errors.

    Prints each problem as path:line:col: error: message, with the line and a
    caret under the place, once, at the file it is in (a base file's error is
    not repeated for each variant that extends it). Exit status: 0 when every
    file is clean, 1 when any has an error, 2 for a usage error.
    """
    merged = one_each([(path, reported(path)) for path in files])
    results = [(path, result, [d for d in result.diagnostics if warnings or d.severity == "error"])
               for path, result in merged]
    echo(FORMATS[fmt](results, warnings))
    raise SystemExit(1 if any(result.errors or result.broken_by for _, result, _ in results) else 0)
