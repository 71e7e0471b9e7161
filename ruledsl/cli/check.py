"""`ruledsl check FILE...`: check rules files; exit 0 when clean, 1 on any error."""
from __future__ import annotations

import click

from ..load import reported
from .common import echo, no_traceback
from .report import FORMATS


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
    caret under the place. Exit status: 0 when every file is clean, 1 when any
    has an error, 2 for a usage error.
    """
    results = []
    for path in files:
        loaded = reported(path)
        shown = [d for d in loaded.diagnostics if warnings or d.severity == "error"]
        results.append((path, loaded, shown))
    echo(FORMATS[fmt](results, warnings))
    raise SystemExit(1 if any(loaded.errors for _, loaded, _ in results) else 0)
