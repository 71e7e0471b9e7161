"""The cache folder: a folder of the user's own (mode 0700, owner checked), whose entries are data
authenticated by a key kept in it.

What is kept here decides what a later run believes (a file's parse, what `check` reported
of it, the parser's tables), so an entry must come from this user's own ruledsl:

- the folder is made 0700; a folder that is not a real folder (a link), not owned by this
  user, or open to others (and not ours to close) is not used: every read misses, nothing is
  written (as Jinja's FileSystemBytecodeCache refuses a folder that is not its own);
- each entry starts with an HMAC-SHA256 of what follows, under a random key made in the folder
  (mode 0600) the first time: an entry planted by someone who cannot read the key, or cut
  short, or from another folder, fails the check and is a miss;
- what follows is data (JSON, read by the callers' decoders), never a pickle: even an entry
  that passes the check can only decode to data, and a decoder that finds the wrong shape
  misses too.

Where: $RULEDSL_CACHE_DIR, else $XDG_CACHE_HOME/ruledsl, else ~/.cache/ruledsl.
RULEDSL_CACHE=0 turns it off. Nothing here is ever an error: a folder that cannot be used,
or an entry that cannot be read or written, is a miss. The oldest entries go past MAX_ENTRIES.
"""
from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
import stat
import time
from pathlib import Path
from typing import Iterator, Optional

MAX_ENTRIES = 400
MAX_ENTRY_BYTES = 64 * 1024 * 1024     # far above the largest entry (the IR of a 256 KiB file: a few MB)
KEY_NAME = "key"
SUFFIX = ".entry"
MAGIC = b"ruledsl-cache 1\n"
_TAG_BYTES = 64                        # the HMAC as hex
_OFF = ("0", "off", "no", "false")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_AT = all(f in os.supports_dir_fd for f in (os.open, os.replace, os.stat, os.link, os.unlink))


def directory() -> Optional[Path]:
    """The cache folder's path, or None when caching is turned off."""
    if os.environ.get("RULEDSL_CACHE", "1").strip().lower() in _OFF:
        return None
    if os.environ.get("RULEDSL_CACHE_DIR"):
        return Path(os.environ["RULEDSL_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "ruledsl"


def _uid() -> Optional[int]:
    """This user's id (None where the system has no such thing: Windows)."""
    return os.getuid() if hasattr(os, "getuid") else None


def private_problem(info: os.stat_result) -> Optional[str]:
    """Why a folder (its lstat) is not private to this user, or None when it is."""
    if not stat.S_ISDIR(info.st_mode):
        return "it is not a folder (a link or a file)"
    uid = _uid()
    if uid is None:
        return None
    if info.st_uid != uid:
        return "it belongs to another user"
    if stat.S_IMODE(info.st_mode) & 0o077:
        return "others may read or write it"
    return None


class Folder:
    """An open private cache folder: read and write authenticated entries by name."""

    def __init__(self, path: Path, fd: Optional[int], key: bytes):
        self.path, self.fd, self.key = path, fd, key

    # -- names within the folder: through its descriptor where the system allows, so that the
    #    folder checked is the folder used even if a path above it changes meanwhile.
    def _open(self, name: str, flags: int, mode: int = 0o600) -> int:
        if self.fd is not None:
            return os.open(name, flags | _NOFOLLOW, mode, dir_fd=self.fd)
        return os.open(self.path / name, flags | _NOFOLLOW, mode)

    def _replace(self, old: str, new: str) -> None:
        if self.fd is not None:
            os.replace(old, new, src_dir_fd=self.fd, dst_dir_fd=self.fd)
        else:
            os.replace(self.path / old, self.path / new)

    def _link(self, old: str, new: str) -> None:
        if self.fd is not None:
            os.link(old, new, src_dir_fd=self.fd, dst_dir_fd=self.fd, follow_symlinks=False)
        else:
            os.link(self.path / old, self.path / new)

    def _unlink(self, name: str) -> None:
        with contextlib.suppress(OSError):
            if self.fd is not None:
                os.unlink(name, dir_fd=self.fd)
            else:
                os.unlink(self.path / name)

    def _tag(self, payload: bytes) -> bytes:
        return hmac.new(self.key, payload, hashlib.sha256).hexdigest().encode("ascii")

    def read(self, name: str) -> Optional[bytes]:
        """The payload of entry `name` if it is there and its tag is right; None otherwise."""
        try:
            data = _read_own(self._open(name + SUFFIX, os.O_RDONLY), MAX_ENTRY_BYTES)
        except OSError:
            return None
        if data is None or not data.startswith(MAGIC):
            return None
        tag, payload = data[len(MAGIC):len(MAGIC) + _TAG_BYTES], data[len(MAGIC) + _TAG_BYTES + 1:]
        if not hmac.compare_digest(tag, self._tag(payload)):
            return None
        return payload

    def write(self, name: str, payload: bytes) -> None:
        """Keep payload as entry `name` (written aside and renamed: a reader never sees half of it)."""
        temp = f"{name}.{secrets.token_hex(6)}.part"
        try:
            fd = self._open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
            with os.fdopen(fd, "wb") as f:
                f.write(MAGIC + self._tag(payload) + b"\n" + payload)
            self._replace(temp, name + SUFFIX)
        except OSError:
            self._unlink(temp)
            return
        self._prune()

    def _age(self, name: str) -> float:
        """When an entry was last written (0 if it cannot be told)."""
        try:
            return (os.stat(name, dir_fd=self.fd, follow_symlinks=False) if self.fd is not None
                    else os.lstat(self.path / name)).st_mtime
        except OSError:
            return 0.0

    def _prune(self) -> None:
        try:
            names = os.listdir(self.fd if self.fd is not None else self.path)
        except OSError:
            return
        # Entries of older ruledsl (pickles) are never read again, and a part written by a run
        # stopped half-way (an hour old) is never finished: they go first.
        for name in names:
            if name.endswith(".pickle") or name.endswith(".part") and self._age(name) < time.time() - 3600:
                self._unlink(name)
        entries = [name for name in names if name.endswith(SUFFIX)]
        if len(entries) <= MAX_ENTRIES:
            return
        entries.sort(key=self._age)
        for old in entries[: len(entries) - MAX_ENTRIES]:
            self._unlink(old)


def _read_own(fd: int, limit: int) -> Optional[bytes]:
    """The bytes of an open regular file of this user's of at most limit bytes (closing fd); None
    for anything else."""
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        uid = _uid()
        if not stat.S_ISREG(info.st_mode) or (uid is not None and info.st_uid != uid) or info.st_size > limit:
            return None
        return f.read(limit + 1)


def _key(folder: Folder) -> Optional[bytes]:
    """The folder's key, made the first time (two runs making it at once: one wins, both read it).
    A key cut short or not a file of the user's is replaced: every entry signed with the old
    one is then a miss, and written again."""
    for _ in range(3):
        try:
            key = _read_own(folder._open(KEY_NAME, os.O_RDONLY), 1024)
            if key is not None and len(key) >= 32:
                return key
            folder._unlink(KEY_NAME)
        except FileNotFoundError:
            pass
        except OSError:
            folder._unlink(KEY_NAME)      # (a link where the key should be: never followed)
        # Written aside and linked into place, so that no run ever reads a key half written.
        temp = f"{KEY_NAME}.{secrets.token_hex(6)}.part"
        try:
            fd = folder._open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
            with os.fdopen(fd, "wb") as f:
                f.write(secrets.token_bytes(32))
            folder._link(temp, KEY_NAME)
        except FileExistsError:
            continue
        except OSError:
            return None
        finally:
            folder._unlink(temp)
    return None


def _make(path: Path) -> None:
    """Make the folder (0700) if it is not there; a folder we own that others may enter is
    closed to them, as Jinja does with its own."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.mkdir(path, 0o700)
    except FileExistsError:
        pass
    info = os.lstat(path)
    uid = _uid()
    if stat.S_ISDIR(info.st_mode) and uid is not None and info.st_uid == uid and stat.S_IMODE(info.st_mode) & 0o077:
        os.chmod(path, 0o700)


@contextlib.contextmanager
def opened(create: bool = False) -> Iterator[Optional[Folder]]:
    """The cache folder, open, if caching is on and the folder is private (made first when
    create); None otherwise."""
    path = directory()
    fd = None
    try:
        if path is None:
            yield None
            return
        try:
            if create:
                _make(path)
            if private_problem(os.lstat(path)) is not None:
                yield None
                return
            if _AT:
                fd = os.open(path, os.O_RDONLY | _DIRECTORY | _NOFOLLOW)
                if private_problem(os.fstat(fd)) is not None:     # the folder opened is the one checked
                    yield None
                    return
        except OSError:
            yield None
            return
        folder = Folder(path, fd, b"")
        key = _key(folder)
        if key is None:
            yield None
            return
        folder.key = key
        yield folder
    finally:
        if fd is not None:
            os.close(fd)


def fetch(name: str) -> Optional[bytes]:
    """The authenticated payload of entry `name`, or None."""
    with opened() as folder:
        return folder.read(name) if folder is not None else None


def store(name: str, payload: bytes) -> None:
    """Keep payload as entry `name` (quietly nothing when the folder cannot be used)."""
    with opened(create=True) as folder:
        if folder is not None:
            folder.write(name, payload)
