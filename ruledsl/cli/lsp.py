"""`ruledsl lsp`: the language server for editors, over stdin and stdout."""
from __future__ import annotations

import click

from .common import CliError


@click.command("lsp")
@click.option("--debounce", type=click.FloatRange(min=0), default=0.15, show_default=True,
              help="Seconds to wait after an edit before checking the file again.")
@click.option("--scenario-seconds", type=click.FloatRange(min=0, min_open=True), default=10.0, show_default=True,
              help="Stop a scenario run from a code lens after this many seconds.")
def lsp_command(debounce, scenario_seconds):
    """Run the language server (LSP over stdio) for editors.

    Editors start it themselves: see docs/editors.md for VS Code, Neovim and
    others. It reports problems as you type, and offers hover, go to
    definition, find references, completion, an outline, and a lens to run
    each scenario. Checks run beside the server's loop, so it answers while
    one runs; a check made stale by a newer edit is stopped, and so is a
    scenario that runs past --scenario-seconds. Needs the lsp extra: pip
    install "ruledsl[lsp]".
    """
    try:
        from ..lsp.server import serve
    except ImportError as err:
        if "pygls" not in str(err) and "lsprotocol" not in str(err):
            raise
        raise CliError('error: the language server needs pygls\n'
                       '    hint: install it with: pip install "ruledsl[lsp]"') from None
    serve(debounce=debounce, scenario_seconds=scenario_seconds)
