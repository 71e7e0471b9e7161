"""Reading the files a user names: regular files on disk only, with a size limit, as UTF-8 text.

A path may come from someone else's file (an `extends` line, a record's `game`, a link
committed to a repository that CI checks), so reading it must not hang on a FIFO or
/dev/zero, fill memory, or read a file that was never meant to be read as rules (whose
lines an error would then quote into a log). What is read must be:

- a regular file (not a folder, device, pipe or socket), at most `limit` bytes;
- where the path is a link, one that leads to a file named as the link is (`env.rules` leading
  to `/proc/self/environ`, or to `~/.aws/credentials`, is refused);
- a file on disk, not one the system makes up as it is read: the files of /proc pass the
  regular-file test with a size of 0, so a file that reads longer than its size, or that lies
  on the file system of /proc, /sys or /dev, is refused;
- text: UTF-8, without NUL bytes.
"""
from __future__ import annotations

import functools
import os
import stat

from .limits import with_commas
from .printable import quoted

SYSTEM_FOLDERS = ("/proc", "/sys", "/dev")
_SYSTEM = "it is a file of the system (as in /proc), not a file on disk"


class Unreadable(Exception):
    """A file that cannot be read as text: the reason, worded to follow "cannot read 'path': "."""


@functools.lru_cache(maxsize=1)
def _system_devices() -> frozenset:
    """The devices of the file systems the system makes up (/proc, /sys, /dev), where present."""
    found = set()
    for folder in SYSTEM_FOLDERS:
        try:
            found.add(os.stat(folder).st_dev)
        except OSError:
            pass
    try:
        root = os.stat("/").st_dev
    except OSError:
        root = None
    return frozenset(found - {root})       # a system without them mounted apart has none


def _suffix(path: str) -> str:
    return os.path.splitext(path)[1]


def _check_link(path: str) -> None:
    """A link must lead to a file named as it is (a .rules link to a .rules file)."""
    try:
        real = os.path.realpath(path)
    except (OSError, ValueError):
        return
    if _suffix(real) != _suffix(path):
        kind = f"a {_suffix(path)} file" if _suffix(path) else "a file of the same kind"
        raise Unreadable(f"it is a link to '{quoted(real, 200)}', which is not {kind}")


def _check_stat(info: os.stat_result, what: str, limit: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise Unreadable("it is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise Unreadable("it is not a regular file (a device, a pipe or a socket)")
    if info.st_dev in _system_devices():
        raise Unreadable(_SYSTEM)
    if info.st_size > limit:
        raise Unreadable(f"it is {with_commas(info.st_size)} bytes; {what} may be at most {with_commas(limit)}")


def _check_place(path: str) -> None:
    """Not a file of the system's folders (where their file systems are not mounted apart)."""
    try:
        real = os.path.realpath(path)
    except (OSError, ValueError):
        return
    if real.startswith(tuple(folder + "/" for folder in SYSTEM_FOLDERS)):
        raise Unreadable(_SYSTEM)


def read_text(path: str, limit: int, what: str = "a rules file") -> str:
    """The UTF-8 text of the regular file at path, at most `limit` bytes; Unreadable otherwise."""
    try:
        info = os.stat(path)
    except ValueError:                 # a NUL character: no file can have that name
        raise Unreadable("a path cannot contain a NUL character") from None
    except OSError as err:
        raise Unreadable(err.strerror or str(err)) from None
    _check_link(path)
    _check_stat(info, what, limit)
    _check_place(path)
    try:
        # O_NONBLOCK: should the path become a FIFO between stat and open, open must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            opened = os.fstat(f.fileno())
            _check_stat(opened, what, limit)        # the file opened is one that passes, whatever the path became
            data = f.read(limit + 1)
    except OSError as err:
        raise Unreadable(err.strerror or str(err)) from None
    if len(data) > limit:
        raise Unreadable(f"it is over {with_commas(limit)} bytes, the most {what} may be")
    if len(data) > opened.st_size:
        raise Unreadable("it reads longer than its size: a file the system makes up as it is read (as in /proc), "
                         "not a file on disk")
    try:
        text = data.decode("utf-8-sig")     # a leading byte-order mark is dropped
    except UnicodeDecodeError:
        hint = " (it looks like UTF-16)" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise Unreadable(f"it is not UTF-8 text{hint}") from None
    if "\0" in text:
        raise Unreadable("it is not text: it holds NUL characters")
    return text
