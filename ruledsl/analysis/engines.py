"""Where an analysis's batches are played: here, on N processes, or as Ray tasks.

Each worker loads a variant once (a cache per worker process) and plays whole
batches; results come back as small records and are put in batch order, so the
same seeds give the same report whatever the engine and however the work was shared.
"""
from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
from typing import Callable, Optional

from .play import BatchResult, play_batch
from .spec import Batch, load_variant

Progress = Callable[[Batch, BatchResult], None]     # called as each batch ends, with its result

# Per worker process: variant key -> GameDefinition (loaded, checked and compiled once).
_GAMES: dict = {}


def game_of(variant):
    game = _GAMES.get(variant.key)
    if game is None:
        game = _GAMES[variant.key] = load_variant(variant)
    return game


def remember(variant, game) -> None:
    """Use an already loaded game for variant in this process (no second load and compile)."""
    _GAMES[variant.key] = game


def run_batch(variant, batch: Batch) -> BatchResult:
    """Play one batch in this process (the worker's entry point for every engine)."""
    return play_batch(game_of(variant), batch)


class Serial:
    """Every batch in this process, one after another."""
    name = "1 process"

    def run(self, variants: list, batches: list, progress: Progress) -> list:
        out = []
        for batch in batches:
            out.append(run_batch(variants[batch.variant], batch))
            progress(batch, out[-1])
        return out


class Processes:
    """Batches shared among N worker processes (multiprocessing.Pool).

    Stopping is the parent's: workers ignore Ctrl-C (the terminal sends it to them too), and
    when the run is interrupted (Ctrl-C, or SIGTERM turned into an interruption by the command)
    the workers are ended at once and the batches not yet played are dropped, so the parent can
    sum up the games played. A worker whose parent dies (even killed outright) is ended by the
    system on Linux (PR_SET_PDEATHSIG), and leaves by itself elsewhere once it sees its parent
    gone."""

    def __init__(self, jobs: int):
        self.jobs = jobs
        self.name = f"{jobs} processes"

    def run(self, variants: list, batches: list, progress: Progress) -> list:
        results: list = [None] * len(batches)
        pool = multiprocessing.Pool(self.jobs, initializer=_worker_started, initargs=(os.getpid(),))
        try:
            work = [(i, variants[b.variant], b) for i, b in enumerate(batches)]
            for i, result in pool.imap_unordered(_run_numbered, work):
                results[i] = result
                progress(batches[i], result)
            pool.close()
        except BaseException:
            pool.terminate()
            raise
        finally:
            pool.join()
        return results


def _run_numbered(item: tuple) -> tuple:
    i, variant, batch = item
    return i, run_batch(variant, batch)


def _worker_started(parent: int) -> None:
    """A worker process's first act: leave interruptions to the parent; end with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)     # the parent's handler, forked with it, is not ours
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:        # the parent died before the line above took effect
        os._exit(1)


_PR_SET_PDEATHSIG = 1


class RayTasks:
    """Batches as Ray tasks on a cluster (address) or on this machine ("local")."""

    def __init__(self, address: str):
        self.address = address
        self.name = "Ray (local)" if address == "local" else f"Ray at {address}"

    def run(self, variants: list, batches: list, progress: Progress) -> list:
        import ray
        started = not ray.is_initialized()
        if started:
            ray.init(address=None if self.address == "local" else self.address,
                     include_dashboard=False, log_to_driver=False, configure_logging=False)
        try:
            task = ray.remote(run_batch)
            refs = [ray.put(v) for v in variants]
            pending = {task.remote(refs[b.variant], b): i for i, b in enumerate(batches)}
            results: list = [None] * len(batches)
            waiting = list(pending)
            while waiting:
                done, waiting = ray.wait(waiting, num_returns=1)
                for ref in done:
                    i = pending[ref]
                    results[i] = ray.get(ref)
                    progress(batches[i], results[i])
            return results
        finally:
            if started:
                ray.shutdown()


def engine_for(jobs: int = 1, ray: Optional[str] = None):
    """The engine the command line asks for: Ray when an address (or "local") is given, else
    processes when jobs > 1, else this process."""
    if ray:
        return RayTasks(ray)
    if jobs > 1:
        return Processes(jobs)
    return Serial()
