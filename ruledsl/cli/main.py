"""The `ruledsl` command line: a click group with one module per subcommand."""
from __future__ import annotations

import click

from .. import __version__
from .check import check_command


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ruledsl")
def cli():
    """Write board games as rules files; check, play, test and simulate them."""


cli.add_command(check_command)


def main() -> None:
    cli(prog_name="ruledsl")
