"""`ruledsl test FILE...`: run the scenarios written in rules files; exit 1 if any fails."""
from __future__ import annotations

import click

from .common import no_traceback


@click.command("test")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("-v", "--verbose", is_flag=True, help="List passing scenarios too.")
@no_traceback
def test_command(files, verbose):
    """Run the scenarios in rules files.

    Prints each failing scenario as `path:line: FAIL title: message` (and,
    with -v, each passing one as `path:line: ok title`), then a summary such
    as `12 passed, 1 failed`. A file that does not load counts as one failure.
    Exit status 1 if any scenario failed.
    """
    from ..scenarios import run_file

    passed = failed = 0
    for path in files:
        try:
            results = run_file(path)
        except Exception as err:  # run_file should never raise; if it does, the file fails, others still run
            click.echo(f"{path}: FAIL {path}: internal error: {type(err).__name__}: {err}")
            failed += 1
            continue
        for result in results:
            where = f"{result.path}:{result.line}" if result.line and result.line > 0 else result.path
            if result.passed:
                passed += 1
                if verbose:
                    click.echo(f"{where}: ok {result.title}")
            else:
                failed += 1
                click.echo(f"{where}: FAIL {result.title}: {result.message}")
    click.echo(f"{passed} passed, {failed} failed")
    raise SystemExit(1 if failed else 0)
