"""Random-playout speed of every bundled game, and OpenSpiel's python tic-tac-toe beside it.

    python benchmarks/playouts.py                         # every bundled game, ~2 s per measurement
    python benchmarks/playouts.py --games 'games/examples/*.rules' --seconds 1
    python benchmarks/playouts.py --json > bench.json

For each game (at its lowest and highest player count; every count with --all-players) it
measures, under uniform random play from a fixed random.Random seed:

- playouts/s: new game, then `legal_actions()` + random choice + `apply()` until terminal;
- actions/s: the same loop's actions divided by its time less the time spent in new_game();
- clone: microseconds per `state.clone()` of a mid-game state, cloned over and over.

Each measurement runs --repeats times for --seconds/--repeats seconds each; the median is
reported. When open_spiel is importable, OpenSpiel's python_tic_tac_toe (and, for scale, its
C++ tic_tac_toe) is measured with the very same loops, and the ratio ruledsl tic-tac-toe ÷
OpenSpiel python tic-tac-toe playouts/s is printed. See benchmarks/README.md.
"""
from __future__ import annotations

import argparse
import fnmatch
import gc
import glob
import json
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = ("games/*.rules", "games/examples/*.rules")
TIC_TAC_TOE = "games/examples/tic_tac_toe.rules"
CLONE_BATCH = 100

try:
    import ruledsl
except ImportError:  # run from a checkout that is not installed
    sys.path.insert(0, str(ROOT))
    import ruledsl


# ---------------------------------------------------------------- the loops
# The ruledsl and OpenSpiel loops are the same code but for the names of the calls:
# new state, then (is_terminal, legal_actions, random choice, apply) until the end.

def ruledsl_playouts(game, rng, budget: float, max_actions: int, first: int = 0) -> dict:
    """Random playouts for `budget` seconds (the playout under way when time runs out is finished);
    the games' seeds are first, first + 1, ..."""
    choice = rng.choice
    perf = time.perf_counter
    playouts = actions = truncated = 0
    setup = 0.0
    start = perf()
    end = start + budget
    while True:
        t0 = perf()
        st = game.new_game(seed=first + playouts)
        setup += perf() - t0
        k = 0
        while not st.is_terminal():
            if k == max_actions:
                truncated += 1
                break
            st.apply(choice(st.legal_actions()))
            k += 1
        actions += k
        playouts += 1
        if perf() >= end:
            break
    return _tally(perf() - start, setup, playouts, actions, truncated)


def openspiel_playouts(game, rng, budget: float, max_actions: int, first: int = 0) -> dict:
    """The same loop as ruledsl_playouts, with OpenSpiel's names for the calls."""
    choice = rng.choice
    perf = time.perf_counter
    playouts = actions = truncated = 0
    setup = 0.0
    start = perf()
    end = start + budget
    while True:
        t0 = perf()
        st = game.new_initial_state()
        setup += perf() - t0
        k = 0
        while not st.is_terminal():
            if k == max_actions:
                truncated += 1
                break
            st.apply_action(choice(st.legal_actions()))
            k += 1
        actions += k
        playouts += 1
        if perf() >= end:
            break
    return _tally(perf() - start, setup, playouts, actions, truncated)


def _tally(elapsed, setup, playouts, actions, truncated) -> dict:
    acting = elapsed - setup
    return {
        "playouts_per_s": playouts / elapsed,
        "actions_per_s": actions / acting if actions and acting > 0 else None,
        "new_game_us": setup / playouts * 1e6,
        "playouts": playouts, "actions": actions, "truncated": truncated, "seconds": elapsed,
    }


def clone_cost(state, budget: float) -> dict:
    """Microseconds per state.clone(), cloning the same state in batches for `budget` seconds."""
    clone = state.clone
    perf = time.perf_counter
    batch = range(CLONE_BATCH)
    n = 0
    start = perf()
    end = start + budget
    while True:
        for _ in batch:
            clone()
        n += CLONE_BATCH
        if perf() >= end:
            break
    elapsed = perf() - start
    return {"clone_us": elapsed / n * 1e6, "clones": n}


def mid_game(new_state, apply_name: str, rng, max_actions: int):
    """Play one random game (capped at max_actions), keeping a clone after every action;
    return (the state halfway through, its action number, the game's length)."""
    st = new_state()
    apply = getattr(st, apply_name)
    states = [st.clone()]
    while not st.is_terminal() and len(states) <= max_actions:
        apply(rng.choice(st.legal_actions()))
        states.append(st.clone())
    length = len(states) - 1
    return states[length // 2], length // 2, length


# ---------------------------------------------------------------- measuring one game

class Target:
    """One game of one engine, ready to measure: its playout loop and a mid-game state to clone."""

    def __init__(self, engine, game, title, players, playouts, new_state, apply_name, args):
        self.engine, self.game, self.title, self.players = engine, game, title, players
        self._playouts = playouts
        self.args = args
        # Warm-up as well: one whole random game before anything is timed.
        self.mid, self.mid_at, self.mid_length = mid_game(new_state, apply_name, random.Random(args.seed),
                                                          args.max_actions)
        self.clones: list = []
        self.runs: list = []
        # One generator for all the repeats: each repeat goes on with new games where the last
        # one stopped (the same seed every repeat would time the same first games over and over,
        # which for a game longer than a repeat is one game).
        self.rng = random.Random(args.seed)
        self.played = 0

    def clone_once(self, budget):
        gc.collect()
        self.clones.append(clone_cost(self.mid, budget)["clone_us"])

    def playouts_once(self, budget):
        gc.collect()
        run = self._playouts(self.rng, budget, self.args.max_actions, self.played)
        self.played += run["playouts"]
        self.runs.append(run)

    def result(self) -> dict:
        runs = self.runs
        med = lambda key: _median([x[key] for x in runs])  # noqa: E731
        playouts = sum(x["playouts"] for x in runs)
        actions = sum(x["actions"] for x in runs)
        truncated = sum(x["truncated"] for x in runs)
        return {
            "engine": self.engine, "game": self.game, "title": self.title, "players": self.players,
            "playouts_per_s": med("playouts_per_s"),
            "actions_per_s": med("actions_per_s"),
            "actions_per_playout": actions / playouts,
            "ended_fraction": (playouts - truncated) / playouts,
            "new_game_us": med("new_game_us"),
            "clone_us": _median(self.clones),
            "clone_at_action": self.mid_at, "clone_game_length": self.mid_length,
            "repeats": {
                "playouts_per_s": [x["playouts_per_s"] for x in runs],
                "actions_per_s": [x["actions_per_s"] for x in runs],
                "clone_us": list(self.clones),
                "playouts": [x["playouts"] for x in runs],
                "seconds": [x["seconds"] for x in runs],
            },
            "playouts": playouts, "truncated": truncated,
        }


def measure(target: Target) -> dict:
    """Every clone repeat, then every playout repeat; medians."""
    per = target.args.seconds / target.args.repeats
    for _ in range(target.args.repeats):
        target.clone_once(per)
    for _ in range(target.args.repeats):
        target.playouts_once(per)
    return target.result()


def measure_interleaved(a: Target, b: Target) -> tuple[dict, dict, dict]:
    """Measure two targets in alternation (A B, B A, A B, ...), so that whatever else the machine
    is doing weighs on both alike; the ratios are medians of the per-round ratios a ÷ b.
    The budget is cut into 3 × --repeats rounds: shorter, more rounds pair up better."""
    rounds = 3 * a.args.repeats
    per = a.args.seconds / rounds
    for r in range(rounds):
        first, second = (a, b) if r % 2 == 0 else (b, a)
        first.clone_once(per)
        second.clone_once(per)
        first.playouts_once(per)
        second.playouts_once(per)
    ra, rb = a.result(), b.result()
    ratios = {
        "playouts": statistics.median(x["playouts_per_s"] / y["playouts_per_s"] for x, y in zip(a.runs, b.runs)),
        "actions": statistics.median(x["actions_per_s"] / y["actions_per_s"] for x, y in zip(a.runs, b.runs)),
        "clone_us": statistics.median(x / y for x, y in zip(a.clones, b.clones)),
    }
    return ra, rb, ratios


def _median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def ruledsl_target(path: str, players: int, args, log) -> Target:
    rel = _rel(path)
    log(f"ruledsl  {rel} ({players} players)")
    t0 = time.perf_counter()
    game = ruledsl.load(path, players=players)
    game.program  # compile outside the timed loops
    load_s = time.perf_counter() - t0
    t = Target("ruledsl", rel, game.title, players,
               lambda rng, budget, cap, first: ruledsl_playouts(game, rng, budget, cap, first),
               lambda: game.new_game(seed=args.seed), "apply", args)
    t.load_s = load_s
    return t


def openspiel_target(name: str, args, log) -> Target:
    import pyspiel
    log(f"open_spiel  {name}")
    game = pyspiel.load_game(name)
    return Target("open_spiel", name, game.get_type().long_name, game.num_players(),
                  lambda rng, budget, cap, first: openspiel_playouts(game, rng, budget, cap, first),
                  game.new_initial_state, "apply_action", args)


def _rel(path: str) -> str:
    p = Path(path).resolve()
    try:
        return p.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


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
    ap.add_argument("--json", action="store_true", help="print JSON on stdout instead of the table")
    ap.add_argument("--save", metavar="FILE", help="also write the JSON report to FILE")
    args = ap.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1 or args.max_actions < 1:
        ap.error("--seconds, --repeats and --max-actions must be positive")

    def log(msg):
        print(f"  measuring {msg} …", file=sys.stderr, flush=True)

    games = select_games(args.games)
    started = time.perf_counter()
    results = []
    for path in games:
        for count in player_counts(path, args.all_players):
            t = ruledsl_target(path, count, args, log)
            results.append(measure(t))
            results[-1]["load_and_compile_s"] = t.load_s

    pyspiel, info = (None, "skipped with --no-openspiel") if args.no_openspiel else openspiel_status()
    osp: dict = {"available": pyspiel is not None}
    if pyspiel is None:
        osp["reason"] = info
        print(f"open_spiel is not available ({info}): skipping the OpenSpiel comparison", file=sys.stderr)
    else:
        osp["version"] = info
        # ruledsl tic-tac-toe is measured again, in alternation with OpenSpiel's, for the ratio.
        mine = ruledsl_target(str(ROOT / TIC_TAC_TOE), 2, args, lambda m: log(m + " (again, beside OpenSpiel)"))
        theirs = openspiel_target("python_tic_tac_toe", args, log)
        mine_r, theirs_r, ratios = measure_interleaved(mine, theirs)
        osp["ruledsl_tic_tac_toe"] = mine_r
        osp["results"] = [theirs_r]
        osp["ratio_playouts"] = ratios["playouts"]
        osp["ratio_actions"] = ratios["actions"]
        osp["ratio_clone_us"] = ratios["clone_us"]
        if not args.no_cpp:
            cpp = measure(openspiel_target("tic_tac_toe", args, log))
            osp["results"].append(cpp)
            osp["ratio_playouts_cpp"] = mine_r["playouts_per_s"] / cpp["playouts_per_s"]

    report = {
        "settings": {"seconds": args.seconds, "repeats": args.repeats, "seed": args.seed,
                     "max_actions": args.max_actions, "all_players": args.all_players,
                     "no_openspiel": args.no_openspiel},
        "environment": {"python": platform.python_version(), "implementation": platform.python_implementation(),
                        "platform": platform.platform(), "machine": platform.machine(),
                        "cpus": os.cpu_count(), "ruledsl": getattr(ruledsl, "__version__", "?")},
        "results": results,
        "openspiel": osp,
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
