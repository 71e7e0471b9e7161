"""`ruledsl check FILE...`: check rules files; exit 0 when clean, 1 on any error."""
from __future__ import annotations

import json

import click

from ..load import load_definition
from .render import render


@click.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text for people, json for CI tools.")
@click.option("--warnings/--no-warnings", default=True, show_default=True, help="Show warnings too.")
def check_command(files, fmt, warnings):
    """Check rules files for errors.

    Prints each problem as path:line:col: error: message, with the line and a
    caret under the place. Exit status: 0 when every file is clean, 1 when any
    has an error, 2 for a usage error.
    """
    results = []
    any_error = False
    for path in files:
        loaded = load_definition(path)
        shown = [d for d in loaded.diagnostics if warnings or d.severity == "error"]
        any_error = any_error or bool(loaded.errors)
        results.append((path, loaded, shown))
    if fmt == "json":
        payload = {
            "ok": not any_error,
            "files": [{"path": path, "ok": not loaded.errors, "diagnostics": [d.as_json() for d in shown]}
                      for path, loaded, shown in results],
        }
        click.echo(json.dumps(payload, indent=2))
    else:
        for path, loaded, shown in results:
            for d in shown:
                click.echo(render(d, loaded.sources), err=False)
        errors = sum(len(l.errors) for _, l, _ in results)
        warns = sum(len(l.warnings) for _, l, _ in results)
        bad = sum(1 for _, l, _ in results if l.errors)
        if errors:
            click.echo(f"{errors} error(s), {warns} warning(s); {bad} of {len(results)} file(s) failed")
        else:
            click.echo(f"{len(results)} file(s) checked: no errors" + (f", {warns} warning(s)" if warns and warnings else ""))
    raise SystemExit(1 if any_error else 0)
