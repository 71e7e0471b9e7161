"""The server's long jobs (checks, scenario runs) on one thread beside the event loop, one at a
time, each of which may be stopped.

A check of a large buffer takes seconds and a scenario may run for ever: on the event loop they
would leave hover, completion and every other request unanswered meanwhile. Here they run on
a thread of their own; the loop awaits them. A job that is no longer wanted (its document was
edited again; a scenario ran past its time) is stopped: one not yet started never starts, and
one running is interrupted by an exception raised in its thread at its next Python
instruction (Stopped: a BaseException, so that no `except Exception` in the checker or the
interpreter takes it for an error of the rules).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import ctypes
import threading
from typing import Callable, Optional


class Stopped(BaseException):
    """A job was stopped before it finished."""


def _raise_in(thread_id: int, exception) -> None:
    """Make thread_id raise exception at its next instruction (None: take back one not yet raised)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id),
                                              ctypes.py_object(exception) if exception is not None else None)


class Job:
    """One piece of work given to the Worker."""

    def __init__(self, work: Callable, args: tuple):
        self.work, self.args = work, args
        self.thread: Optional[int] = None     # the thread running it, while it runs
        self.stopped = False
        self.future: Optional[concurrent.futures.Future] = None


class Worker:
    """One thread for the server's jobs (Lark's parser and the engine's caches are not shared
    between threads: one job at a time)."""

    def __init__(self):
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="ruledsl-lsp")
        self.lock = threading.Lock()

    def submit(self, work: Callable, *args) -> Job:
        job = Job(work, args)
        job.future = self.pool.submit(self._run, job)
        return job

    async def result(self, job: Job, timeout: Optional[float] = None):
        """What job gave (its exception raised, Stopped if it was stopped); after timeout seconds it
        is stopped. If the awaiting task is cancelled, the job is stopped too."""
        try:
            return await asyncio.wait_for(asyncio.wrap_future(job.future), timeout)
        except (asyncio.TimeoutError, asyncio.CancelledError):
            self.stop(job)
            raise

    def stop(self, job: Job) -> None:
        """Stop job: it will not start, or, running, it stops at its next instruction."""
        with self.lock:
            job.stopped = True
            if job.thread is not None:
                _raise_in(job.thread, Stopped)

    def _run(self, job: Job):
        with self.lock:
            if job.stopped:
                raise Stopped()
            job.thread = threading.get_ident()
        try:
            return job.work(*job.args)
        finally:
            # Marked finished, so that stop() no longer reaches this thread, and a Stopped sent
            # too late to land in the job taken back; one that lands here meanwhile is caught
            # and the marking done again.
            while True:
                try:
                    self._done(job)
                    break
                except Stopped:
                    continue

    def _done(self, job: Job) -> None:
        with self.lock:
            job.thread = None
            _raise_in(threading.get_ident(), None)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
