"""`ruledsl test FILE...`: run the scenarios written in rules files; exit 1 if any fails."""
from __future__ import annotations

import os

import click

from .common import echo, no_traceback


@click.command("test")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("-v", "--verbose", is_flag=True, help="List passing scenarios too.")
@no_traceback
def test_command(files, verbose):
    """Run the scenarios in rules files.

    Prints each failing scenario as `path:line: FAIL title: message` (and,
    with -v, each passing one as `path:line: ok title`), then a summary such
    as `12 passed, 1 failed`. A file that does not load counts as one failure.
    A variant (a file that `extends` another) runs its base's scenarios too,
    against the variant's rules; its own are counted apart from them.
    Exit status 1 if any scenario failed.
    """
    from ..scenarios import run_file

    passed = failed = 0
    for path in files:
        try:
            results = run_file(path)
        except Exception as err:  # run_file should never raise; if it does, the file fails, others still run
            echo(f"{path}: FAIL {path}: internal error: {type(err).__name__}: {err}")
            failed += 1
            continue
        by_file: dict = {}
        for result in results:
            where = f"{result.path}:{result.line}" if result.line and result.line > 0 else result.path
            counts = by_file.setdefault(result.path, [0, 0])
            if result.passed:
                passed += 1
                counts[0] += 1
                if verbose:
                    echo(f"{where}: ok {result.title}")
            else:
                failed += 1
                counts[1] += 1
                echo(f"{where}: FAIL {result.title}: {result.message}")
        bases = [origin for origin in by_file if not _same_file(origin, path)]
        if bases:
            own = next((c for origin, c in by_file.items() if _same_file(origin, path)), None)
            echo(f"{path}: its own scenarios: " + (f"{own[0]} passed, {own[1]} failed" if own else "none"))
            for origin in bases:
                ok, bad = by_file[origin]
                echo(f"{path}: the scenarios of {origin}, which it extends: {ok} passed, {bad} failed")
    echo(f"{passed} passed, {failed} failed")
    raise SystemExit(1 if failed else 0)


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.normpath(a) == os.path.normpath(b)
