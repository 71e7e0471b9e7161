"""The `ruledsl` command line: a click group with one module per subcommand."""
from __future__ import annotations

import click

from .. import __version__
from .check import check_command
from .play import play_command
from .replay import replay_command
from .run import run_command
from .simulate import simulate_command
from .test import test_command


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ruledsl")
def cli():
    """Write board games as rules files; check, play, test and simulate them."""


for command in (check_command, play_command, run_command, simulate_command, replay_command, test_command):
    cli.add_command(command)


def main() -> None:
    cli(prog_name="ruledsl")
