"""What `simulate` and `analyze` share: --jobs and --ray, the engine they choose, and a progress bar."""
from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Optional

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from ..analysis.engines import engine_for
from .common import CliError


def workers_options(command):
    command = click.option("--ray", "ray_address", metavar="ADDRESS",
                           help="Play the games as Ray tasks: `local` starts Ray on this machine, an address "
                                "(ray://host:10001, auto) joins a cluster whose workers have ruledsl installed. "
                                "Needs `pip install ruledsl[ray]`.")(command)
    return click.option("-j", "--jobs", type=click.IntRange(min=0), default=1, show_default=True,
                        help="Play the games on this many processes (0: one per core).")(command)


def choose_engine(jobs: int, ray_address: Optional[str]):
    """The engine for --jobs/--ray; a clear error when Ray is asked for but not installed."""
    if ray_address:
        try:
            import ray  # noqa: F401
        except ImportError:
            raise CliError("error: --ray needs Ray, which is not installed\n"
                           "    hint: pip install 'ruledsl[ray]'") from None
    return engine_for(jobs or os.cpu_count() or 1, ray_address)


@contextmanager
def progress_bar(description: str, total: int):
    """A progress bar on stderr (only when it is a terminal); yields advance(games)."""
    console = Console(stderr=True)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TimeRemainingColumn(), console=console, transient=True,
                  disable=not console.is_terminal) as progress:
        task = progress.add_task(description, total=total)
        yield lambda games: progress.advance(task, games)
