"""Big games are checked in seconds or refused where they pass a limit (issue 43: 16 files of an
`extends` chain, each under the file limit, took 122 s to check and 29 s to load cached).

Two causes: a file met for the first time was parsed a declaration at a time, each piece after
as many newlines as lines come before it (quadratic in the file's length; a file is parsed at
once now), and nothing bounded a chain but its number of files (the files of one game may
come to MAX_GAME_BYTES together now, refused at the `extends` line that passes it).
"""
from __future__ import annotations

import os
import time

import pytest

import ruledsl
from ruledsl.limits import MAX_FILE_BYTES, MAX_GAME_BYTES

HEAD = 'game "x"\nplayers 2\nflow:\n    win players\n'


def _chain(folder, files: int, filler) -> list:
    paths = []
    for i in range(files):
        head = f'extends "f{i - 1}.rules"\n' if i else HEAD
        body = head + filler(i, MAX_FILE_BYTES - 64 - len(head))
        path = folder / f"f{i}.rules"
        path.write_text(body, encoding="utf-8")
        assert len(body.encode()) <= MAX_FILE_BYTES
        paths.append(path)
    return paths


def _comments(i: int, size: int) -> str:
    line = "# " + "x" * 60 + "\n"
    return line * (size // len(line))


def _consts(i: int, size: int) -> str:
    out, total, k = [], 0, 0
    while True:
        line = f"const c{i}_{k} = {k} + 1\n"
        if total + len(line) > size:
            return "".join(out)
        out.append(line)
        total += len(line)
        k += 1


def test_a_chain_of_sixteen_files_under_the_file_limit_passes_the_games_limit(tmp_path):
    paths = _chain(tmp_path, 16, _comments)
    loaded = ruledsl.load_definition(str(paths[-1]))
    [problem] = loaded.errors
    assert (problem.path, problem.line, problem.column) == (str(paths[14]), 1, 1)
    assert problem.message.startswith(f"with '{paths[13]}' the files of this game come to ")
    assert problem.message.endswith(f" bytes; together they may be at most {MAX_GAME_BYTES:,}")
    assert list(loaded.sources) == [str(paths[15]), str(paths[14])]     # the one that passes it is not parsed
    assert ruledsl.load(str(paths[1])).title == "x"


def test_a_buffer_over_the_file_limit_is_refused_as_a_file_is():
    text = HEAD + "# " + "x" * MAX_FILE_BYTES + "\n"
    [problem] = ruledsl.check("big.rules", text)
    assert (problem.line, problem.message) == (1, f"'big.rules' is {len(text):,} bytes; a rules file may be at most "
                                                  f"{MAX_FILE_BYTES:,}")


@pytest.mark.campaign
def test_the_densest_game_allowed_is_checked_in_seconds(tmp_path, monkeypatch):
    """Two files of one-line declarations, together just under the game's limit: the worst
    case for the parser. Measured in CPU seconds (a loaded machine must not fail it)."""
    monkeypatch.setenv("RULEDSL_CACHE_DIR", str(tmp_path / "cache"))
    paths = _chain(tmp_path, 2, _consts)
    started = time.process_time()
    assert ruledsl.load_definition(str(paths[-1])).errors == []
    cold = time.process_time() - started
    from ruledsl.ir import incremental
    monkeypatch.setattr(incremental, "_BUILDER", incremental.FileBuilder())     # as a fresh process
    started = time.process_time()
    assert ruledsl.load_definition(str(paths[-1])).errors == []
    cached = time.process_time() - started
    print(f"cold {cold:.1f} s, cached {cached:.1f} s of CPU")
    assert cold < 20 and cached < 8
    assert os.path.getsize(paths[0]) + os.path.getsize(paths[1]) <= MAX_GAME_BYTES
