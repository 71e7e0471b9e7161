"""Random-playout speed of every bundled game, and ruledsl beside other engines playing the same games.

    python benchmarks/playouts.py                         # every bundled game, ~2 s per measurement
    python benchmarks/playouts.py --games 'games/examples/*.rules' --seconds 1
    python benchmarks/playouts.py --comparisons-only      # only the side-by-side ratios
    python benchmarks/playouts.py --json > bench.json

For each game (at its lowest and highest player count; every count with --all-players) it
measures, under uniform random play from a fixed random.Random seed, in CPU time:

- playouts/s: new game, then `legal_actions()` + random choice + `apply()` until terminal;
- actions/s: the same loop's actions divided by its time less the time spent in new_game();
- clone: microseconds per `state.clone()` of a mid-game state, cloned over and over.

Each measurement runs --repeats times for --seconds/--repeats seconds each; the median is
reported. Then, side by side in alternating rounds (side_by_side.py): The Haunting House and
The Shining beside their hand-written references (benchmarks/reference/), and, when open_spiel
is importable, tic-tac-toe beside OpenSpiel's python_tic_tac_toe and connect four and
breakthrough beside OpenSpiel's C++ games; for each, the ratio ruledsl ÷ the other. OpenSpiel's
C++ tic_tac_toe is measured too, for scale. See benchmarks/README.md.
"""
from __future__ import annotations

import argparse
import fnmatch
import glob
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import side_by_side  # noqa: E402
from measure import ROOT, measure, openspiel_target, ruledsl, ruledsl_target, _rel  # noqa: E402,F401

BUNDLED = ("games/*.rules", "games/examples/*.rules")
TIC_TAC_TOE = "games/examples/tic_tac_toe.rules"


# ---------------------------------------------------------------- choosing games

def bundled() -> list[str]:
    out = []
    for pattern in BUNDLED:
        out += sorted(glob.glob(str(ROOT / pattern)))
    return out


def select_games(patterns) -> list[str]:
    """Bundled games by default. A pattern is a glob (relative to the current directory or to
    the repository) or matches a bundled game's path or name, e.g. 'tic*' or 'haunting_house'."""
    if not patterns:
        return bundled()
    out: list[str] = []
    for pat in patterns:
        found = sorted(glob.glob(pat)) or sorted(glob.glob(str(ROOT / pat)))
        if not found:
            found = [p for p in bundled()
                     if fnmatch.fnmatch(_rel(p), pat) or fnmatch.fnmatch(Path(p).name, pat)
                     or fnmatch.fnmatch(Path(p).stem, pat)]
        if not found:
            raise SystemExit(f"no game matches {pat!r}")
        out += [str(Path(p).resolve()) for p in found if str(Path(p).resolve()) not in out]
    return out


def player_counts(path: str, every: bool) -> list[int]:
    d = ruledsl.load(path).definition.players
    return list(range(d.low, d.high + 1)) if every else sorted({d.low, d.high})


def openspiel_status():
    """(pyspiel module or None, version or the reason it is missing)."""
    try:
        import pyspiel
        import open_spiel.python.games  # noqa: F401  (registers python_tic_tac_toe)
    except Exception as err:  # ImportError, or a broken native module
        return None, f"{type(err).__name__}: {err}"
    try:
        from importlib.metadata import version
        return pyspiel, version("open_spiel")
    except Exception:
        return pyspiel, "unknown"


# ---------------------------------------------------------------- output

def fmt(x, digits=0, unit=""):
    if x is None:
        return "—"
    if digits == 0:
        return f"{x:,.0f}{unit}"
    return f"{x:,.{digits}f}{unit}"


def spread(xs):
    xs = [x for x in xs if x is not None]
    if len(xs) < 2:
        return ""
    m = statistics.median(xs)
    return f"±{(max(xs) - min(xs)) / 2 / m * 100:.0f}%" if m else ""


def print_table(report: dict) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table
    console = Console(width=None if sys.stdout.isatty() else 150)  # a file or pipe gets the full table
    s = report["settings"]
    table = Table(title=f"Random playouts — median of {s['repeats']} × {s['seconds'] / s['repeats']:.2f} s "
                        f"(seed {s['seed']}, cap {s['max_actions']} actions/playout)")
    table.add_column("engine")
    table.add_column("game")
    table.add_column("pl.", justify="right")
    table.add_column("playouts/s", justify="right")
    table.add_column("±", justify="right", style="dim")
    table.add_column("actions/s", justify="right")
    table.add_column("actions/game", justify="right")
    table.add_column("ended", justify="right")
    table.add_column("new game µs", justify="right")
    table.add_column("clone µs", justify="right")
    table.add_column("clone at", justify="right", style="dim")
    osp = report["openspiel"]
    rows = [(r, r["engine"]) for r in report["results"]]
    if osp.get("results"):
        rows.append((osp["ruledsl_tic_tac_toe"], "ruledsl ⇄"))
        rows.append((osp["results"][0], "open_spiel ⇄"))
        rows += [(r, r["engine"]) for r in osp["results"][1:]]
    for i, (r, engine) in enumerate(rows):
        digits = 0 if r["playouts_per_s"] >= 100 else 2
        table.add_row(
            engine, r["game"], str(r["players"]),
            fmt(r["playouts_per_s"], digits), spread(r["repeats"]["playouts_per_s"]),
            fmt(r["actions_per_s"]), fmt(r["actions_per_playout"], 1),
            f"{r['ended_fraction'] * 100:.0f}%", fmt(r["new_game_us"], 1 if r["new_game_us"] < 100 else 0),
            fmt(r["clone_us"], 1), f"{r['clone_at_action']}/{r['clone_game_length']}",
            end_section=i == len(report["results"]) - 1,
        )
    if rows:
        console.print(table)
    if not osp["available"]:
        if report["settings"]["no_openspiel"]:
            console.print("OpenSpiel comparison skipped (--no-openspiel).")
        else:
            console.print(f"[yellow]open_spiel is not importable ({escape(osp['reason'])}); skipped the "
                          f"OpenSpiel comparison.[/] Install it with: pip install -e '.\\[bench]'")
    elif osp.get("ratio_playouts") is not None:
        console.print(f"⇄ measured in alternation. ruledsl tic-tac-toe ÷ OpenSpiel python_tic_tac_toe, "
                      f"playouts/s: [bold]{osp['ratio_playouts']:.2f}[/]  (open_spiel {osp['version']})")
        console.print(f"ruledsl tic-tac-toe ÷ OpenSpiel python_tic_tac_toe, clone cost: "
                      f"{osp['ratio_clone_us']:.2f}× the time")
        if osp.get("ratio_playouts_cpp") is not None:
            console.print(f"ruledsl tic-tac-toe ÷ OpenSpiel C++ tic_tac_toe, playouts/s: "
                          f"{osp['ratio_playouts_cpp']:.3f}  (for scale only)")
    for r in (r for r, _ in rows if r["truncated"]):
        console.print(f"[yellow]note:[/] {r['game']} ({r['players']} players): {r['truncated']} of "
                      f"{r['playouts']} playouts stopped at the cap of {s['max_actions']} actions "
                      f"without ending; its playouts/s counts those cut-off playouts.")
    if report["comparisons"]:
        side_by_side.print_table(console, report["comparisons"], fmt)


# ---------------------------------------------------------------- main

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="See benchmarks/README.md for what the numbers mean.")
    ap.add_argument("--games", nargs="+", metavar="GLOB",
                    help="rules files or globs (quote them), or names of bundled games: "
                         "'tic_tac_toe', 'games/examples/*.rules' (default: every bundled game)")
    ap.add_argument("--seconds", type=float, default=2.0,
                    help="time budget of each measurement of each game, split over the repeats (default 2)")
    ap.add_argument("--repeats", type=int, default=3, help="runs per measurement; the median is reported (default 3)")
    ap.add_argument("--all-players", action="store_true",
                    help="every player count, not only the lowest and highest")
    ap.add_argument("--max-actions", type=int, default=3000,
                    help="cut a playout off after this many actions (random play may never end a game; default 3000)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the random.Random that picks actions (default 0)")
    ap.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel comparison")
    ap.add_argument("--no-cpp", action="store_true", help="skip OpenSpiel's C++ tic_tac_toe reference row")
    ap.add_argument("--no-reference", action="store_true",
                    help="skip the comparisons with the hand-written references (benchmarks/reference/)")
    ap.add_argument("--comparisons-only", action="store_true",
                    help="measure only the side-by-side comparisons, not every game on its own")
    ap.add_argument("--json", action="store_true", help="print JSON on stdout instead of the table")
    ap.add_argument("--save", metavar="FILE", help="also write the JSON report to FILE")
    args = ap.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1 or args.max_actions < 1:
        ap.error("--seconds, --repeats and --max-actions must be positive")

    def log(msg):
        print(f"  measuring {msg} …", file=sys.stderr, flush=True)

    games = [] if args.comparisons_only else select_games(args.games)
    started = time.perf_counter()
    results = []
    for path in games:
        for count in player_counts(path, args.all_players):
            t = ruledsl_target(path, count, args, log)
            results.append(measure(t))
            results[-1]["load_and_compile_s"] = t.load_s

    pyspiel, info = (None, "skipped with --no-openspiel") if args.no_openspiel else openspiel_status()
    if pyspiel is None:
        print(f"open_spiel is not available ({info}): skipping the OpenSpiel comparisons", file=sys.stderr)
    comparisons = side_by_side.run(args, log, pyspiel)
    osp: dict = {"available": pyspiel is not None}
    if pyspiel is None:
        osp["reason"] = info
    else:
        osp["version"] = info
        # The tic-tac-toe comparison, as this report has always given it.
        ttt = next(c for c in comparisons if c["other"] == "python_tic_tac_toe")
        osp["ruledsl_tic_tac_toe"] = ttt["ruledsl"]
        osp["results"] = [ttt["theirs"]]
        osp["ratio_playouts"] = ttt["ratio_playouts"]
        osp["ratio_actions"] = ttt["ratio_actions_playing"]
        osp["ratio_clone_us"] = ttt["ratio_clone_us"]
        if not args.no_cpp:
            cpp = measure(openspiel_target("tic_tac_toe", args, log))
            osp["results"].append(cpp)
            osp["ratio_playouts_cpp"] = ttt["ruledsl"]["playouts_per_s"] / cpp["playouts_per_s"]

    report = {
        "settings": {"seconds": args.seconds, "repeats": args.repeats, "seed": args.seed,
                     "max_actions": args.max_actions, "all_players": args.all_players,
                     "no_openspiel": args.no_openspiel, "no_reference": args.no_reference,
                     "comparisons_only": args.comparisons_only, "clock": "process_time (CPU)"},
        "environment": {"python": platform.python_version(), "implementation": platform.python_implementation(),
                        "platform": platform.platform(), "machine": platform.machine(),
                        "cpus": os.cpu_count(), "ruledsl": getattr(ruledsl, "__version__", "?")},
        "results": results,
        "openspiel": osp,
        "comparisons": comparisons,
        "wall_seconds": time.perf_counter() - started,
    }
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=2)
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    else:
        print_table(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
