"""The `ruledsl` command line: a click group with one module per subcommand."""
from __future__ import annotations

import importlib

import click

from .. import __version__

# Each subcommand and where it lives. A command's module is imported only when that command
# runs (or --help lists them), so `ruledsl check` never loads the interpreter or the terminal UI.
COMMANDS = {
    "check": "ruledsl.cli.check:check_command",
    "play": "ruledsl.cli.play:play_command",
    "run": "ruledsl.cli.run:run_command",
    "simulate": "ruledsl.cli.simulate:simulate_command",
    "analyze": "ruledsl.cli.analyze:analyze_command",
    "replay": "ruledsl.cli.replay:replay_command",
    "draw": "ruledsl.cli.draw:draw_command",
    "test": "ruledsl.cli.test:test_command",
    "lsp": "ruledsl.cli.lsp:lsp_command",
    "serve": "ruledsl.cli.serve:serve_command",
}


class LazyGroup(click.Group):
    """A click group that imports a subcommand's module on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS) + sorted(set(self.commands) - set(COMMANDS))

    def get_command(self, ctx: click.Context, name: str):
        if name in self.commands:
            return self.commands[name]
        if name not in COMMANDS:
            return None
        module, attr = COMMANDS[name].split(":")
        command = getattr(importlib.import_module(module), attr)
        self.add_command(command, name)
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ruledsl")
def cli():
    """Write board games as rules files; check, play, test and simulate them."""


def main() -> None:
    cli(prog_name="ruledsl")
