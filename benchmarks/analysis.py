"""Wall time of one `ruledsl analyze` on one process, on N processes and on Ray (local), and
whether the three reports are the same byte for byte (they must be).

    nice -n 19 python benchmarks/analysis.py                     # The Shining at 4 players, as in docs/analysis.md
    nice -n 19 python benchmarks/analysis.py --games 100 --skill-games 0 games/examples/tic_tac_toe.rules

Each engine runs the command line in a process of its own; Ray is left out when it is not installed.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(args: list) -> tuple:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "ruledsl", "analyze", *args], capture_output=True, text=True,
                          cwd=ROOT, start_new_session=True)
    if done.returncode not in (0, 1):
        raise SystemExit(done.stderr)
    return time.perf_counter() - started, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", nargs="?", default="games/shining.rules")
    parser.add_argument("--players", default="4")
    parser.add_argument("--games", default="400")
    parser.add_argument("--skill", default="random,greedy:1i")
    parser.add_argument("--skill-games", default="4")
    parser.add_argument("--jobs", default="2")
    ns = parser.parse_args()
    common = [ns.file, "--players", ns.players, "-n", ns.games, "--skill", ns.skill, "--skill-games", ns.skill_games,
              "--json"]
    engines = [("--jobs 1", ["--jobs", "1"]), (f"--jobs {ns.jobs}", ["--jobs", ns.jobs])]
    try:
        import ray  # noqa: F401
        engines.append(("--ray local", ["--ray", "local"]))
    except ImportError:
        print("Ray is not installed: pip install 'ruledsl[ray]'")
    reports = []
    for name, flags in engines:
        seconds, report = run(common + flags)
        reports.append(report)
        print(f"{name:>12}: {seconds:6.1f} s")
    print("reports identical" if len(set(reports)) == 1 else "REPORTS DIFFER")


if __name__ == "__main__":
    main()
