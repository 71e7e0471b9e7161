"""Faults around a run (issue 43): Ctrl-C and SIGTERM stop `simulate --jobs 2` at once and sum up
the games played, leaving no worker behind; output that cannot be written is said, exit status
1, and the results are kept."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from .conftest import GAMES, ROOT

TTT = GAMES / "examples" / "tic_tac_toe.rules"
linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="signals and /proc as on Linux")


def start(*args, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "ruledsl", *map(str, args)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), **kwargs)


def run(*args, stdout=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ruledsl", *map(str, args)], stdout=stdout or subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=300)


def processes_naming(marker: str) -> list:
    found = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    if marker.encode() in f.read():
                        found.append(int(pid))
            except OSError:
                pass
    return found


def gone(marker: str, seconds: float = 10) -> bool:
    deadline = time.monotonic() + seconds
    while processes_naming(marker):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def _simulating(tmp_path) -> tuple:
    game = tmp_path / "sig_ttt.rules"
    game.write_text(TTT.read_text(encoding="utf-8"), encoding="utf-8")
    process = start("simulate", game, "-n", "100000", "--jobs", "2", "--json")
    deadline = time.monotonic() + 120
    while len(processes_naming(str(game))) < 3:       # the parent and its two workers
        assert time.monotonic() < deadline and process.poll() is None, process.communicate()
        time.sleep(0.1)
    time.sleep(2)                                      # some games played
    return game, process


@linux
@pytest.mark.parametrize("how", ["Ctrl-C", "SIGTERM"])
def test_simulate_on_processes_stops_at_once_and_sums_up(tmp_path, how):
    game, process = _simulating(tmp_path)
    if how == "Ctrl-C":
        os.killpg(process.pid, signal.SIGINT)          # a terminal's Ctrl-C reaches the whole group
    else:
        os.kill(process.pid, signal.SIGTERM)           # as a job runner stops a job: the parent alone
    out, err = process.communicate(timeout=30)
    assert process.returncode == (130 if how == "Ctrl-C" else 143), err
    summary = json.loads(out)
    assert summary["interrupted"] and summary["stopped_by"] == how
    assert 0 < summary["games"] < 100_000 and summary["finished"] == summary["games"]
    assert "Traceback" not in err
    assert gone(str(game))


@linux
def test_workers_end_with_a_parent_killed_outright(tmp_path):
    game, process = _simulating(tmp_path)
    os.kill(process.pid, signal.SIGKILL)
    process.communicate(timeout=30)
    assert gone(str(game))


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("args, kept", [
    (["check", "--format", "sarif", TTT], None),
    (["run", TTT, "--json", "--seed", "1"], "record"),
    (["simulate", TTT, "-n", "5", "--json"], "simulate"),
    (["analyze", TTT, "-n", "4", "--json"], "analyze"),
], ids=["check", "run", "simulate", "analyze"])
def test_output_to_a_full_disk_is_said_and_the_results_kept(args, kept):
    with open("/dev/full", "w") as full:
        done = run(*args, stdout=full)
    assert done.returncode == 1, done.stderr
    lines = done.stderr.strip().splitlines()
    assert "error: cannot write the output: No space left on device" in lines
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr
    if kept:
        path = lines[-1].split("the results are kept in ")[1]
        try:
            data = json.loads(open(path, encoding="utf-8").read())
            assert {"record": lambda: data["seed"] == 1, "simulate": lambda: data["games"] == 5,
                    "analyze": lambda: len(data["variants"]) == 1}[kept]()
        finally:
            os.unlink(path)


def test_a_picture_or_report_that_cannot_be_written_is_said(tmp_path):
    pytest.importorskip("matplotlib")
    missing = tmp_path / "nowhere"
    done = run("draw", TTT, "-o", missing / "board.svg")
    assert (done.returncode, done.stderr.strip()) == (1, f"error: cannot write '{missing / 'board.svg'}': "
                                                         "No such file or directory")
    done = run("analyze", TTT, "-n", "4", "--html", missing / "r.html")
    assert done.returncode == 1
    assert done.stderr.strip().endswith(f"error: cannot write '{missing / 'r.html'}': No such file or directory")
    assert "Rules that ran" in done.stdout                  # the games played are reported all the same


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True, reason="root writes anywhere")
def test_a_read_only_folder(tmp_path):
    pytest.importorskip("matplotlib")
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        done = run("draw", TTT, "-o", folder / "board.svg")
        assert done.returncode == 1 and "Permission denied" in done.stderr
    finally:
        folder.chmod(0o700)
