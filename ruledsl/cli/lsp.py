"""`ruledsl lsp`: the language server for editors, over stdin and stdout."""
from __future__ import annotations

import click

from .common import CliError


@click.command("lsp")
@click.option("--debounce", type=click.FloatRange(min=0), default=0.15, show_default=True,
              help="Seconds to wait after an edit before checking the file again.")
def lsp_command(debounce):
    """Run the language server (LSP over stdio) for editors.

    Editors start it themselves: see docs/editors.md for VS Code, Neovim and
    others. It reports problems as you type, and offers hover, go to
    definition, find references, completion, an outline, and a lens to run
    each scenario. Needs the lsp extra: pip install "ruledsl[lsp]".
    """
    try:
        from ..lsp.server import serve
    except ImportError as err:
        if "pygls" not in str(err) and "lsprotocol" not in str(err):
            raise
        raise CliError('error: the language server needs pygls\n'
                       '    hint: install it with: pip install "ruledsl[lsp]"') from None
    serve(debounce=debounce)
