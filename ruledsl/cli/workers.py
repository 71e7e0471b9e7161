"""What `simulate` and `analyze` share: --jobs and --ray, the engine they choose, and a progress bar."""
from __future__ import annotations

import os
import signal
import socket
from contextlib import contextmanager
from typing import Optional

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from ..analysis.engines import engine_for
from ..printable import printable
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
        _reachable(ray_address)
    return engine_for(jobs or os.cpu_count() or 1, ray_address)


REACH_SECONDS = 5       # Ray itself keeps trying an address that never answers for minutes


def _reachable(address: str) -> None:
    """A cluster's address answers, or a clear error now (`local` and `auto` need no check)."""
    if address in ("local", "auto"):
        return
    client = address.startswith("ray://")
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host:
        host, port = port, ""
    try:
        number = int(port) if port else (10001 if client else 6379)
        socket.create_connection((host, number), timeout=REACH_SECONDS).close()
    except (OSError, ValueError) as err:
        raise CliError(f"error: cannot reach a Ray cluster at {address}: {err}\n"
                       "    hint: give ray://HOST:10001 (Ray Client) or HOST:6379 of a running cluster, "
                       "or --ray local") from None


@contextmanager
def progress_bar(description: str, total: int):
    """A progress bar on stderr (only when it is a terminal); yields advance(games)."""
    console = Console(stderr=True)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TimeRemainingColumn(), console=console, transient=True,
                  disable=not console.is_terminal) as progress:
        task = progress.add_task(escape(printable(description)), total=total)   # a game's title, shown as written
        yield lambda games: progress.advance(task, games)


class Terminated(KeyboardInterrupt):
    """SIGTERM while games are played, taken as an interruption (see stopped_by_signals)."""


@contextmanager
def stopped_by_signals():
    """While games are played, SIGTERM stops them as Ctrl-C does: the worker processes are ended
    and the games played so far summed up, where the signal's default would kill this process
    and leave its workers playing on."""
    def stop(signum, frame):
        raise Terminated()
    try:
        old = signal.signal(signal.SIGTERM, stop)
    except ValueError:              # not the main thread (a test's runner): nothing to set
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)
