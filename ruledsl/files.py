"""Reading the files a user names: regular files only, with a size limit, as UTF-8 text.

A path may come from someone else's file (an `extends` line, a record's
`game`), so reading it must not hang on a FIFO or /dev/zero, fill memory, or
echo a file that was never meant to be read as rules.
"""
from __future__ import annotations

import os
import stat

from .limits import with_commas


class Unreadable(Exception):
    """A file that cannot be read as text: the reason, worded to follow "cannot read 'path': "."""


def read_text(path: str, limit: int, what: str = "a rules file") -> str:
    """The UTF-8 text of the regular file at path, at most `limit` bytes; Unreadable otherwise."""
    try:
        info = os.stat(path)
    except ValueError:                 # a NUL character: no file can have that name
        raise Unreadable("a path cannot contain a NUL character") from None
    except OSError as err:
        raise Unreadable(err.strerror or str(err)) from None
    if stat.S_ISDIR(info.st_mode):
        raise Unreadable("it is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise Unreadable("it is not a regular file (a device, a pipe or a socket)")
    if info.st_size > limit:
        raise Unreadable(f"it is {with_commas(info.st_size)} bytes; {what} may be at most {with_commas(limit)}")
    try:
        # O_NONBLOCK: should the path become a FIFO between stat and open, open must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            data = f.read(limit + 1)
    except OSError as err:
        raise Unreadable(err.strerror or str(err)) from None
    if len(data) > limit:
        raise Unreadable(f"it is over {with_commas(limit)} bytes, the most {what} may be")
    try:
        return data.decode("utf-8-sig")     # a leading byte-order mark is dropped
    except UnicodeDecodeError:
        hint = " (it looks like UTF-16)" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise Unreadable(f"it is not UTF-8 text{hint}") from None
