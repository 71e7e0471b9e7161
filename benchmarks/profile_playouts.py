"""cProfile over N random playouts of one game: where does the interpreter spend its time?

    python benchmarks/profile_playouts.py games/examples/tic_tac_toe.rules --playouts 2000
    python benchmarks/profile_playouts.py games/haunting_house.rules --players 4 --playouts 5
    python benchmarks/profile_playouts.py tic_tac_toe --filter ruledsl/runtime --top 40
    python benchmarks/profile_playouts.py haunting_house --dump hh.prof   # then: snakeviz hh.prof

Loading and compiling the game happen before profiling starts, so the profile shows play
only: new_game, legal_actions, random choice, apply, the same loop as benchmarks/playouts.py.
It prints the top functions by cumulative time (a function and everything it calls) and by
total time (time inside the function's own body).
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from playouts import ruledsl, select_games  # noqa: E402  (the same game lookup as playouts.py)


def playouts(game, n: int, seed: int, max_actions: int) -> tuple[int, int]:
    rng = random.Random(seed)
    choice = rng.choice
    actions = truncated = 0
    for i in range(n):
        st = game.new_game(seed=i)
        k = 0
        while not st.is_terminal():
            if k == max_actions:
                truncated += 1
                break
            st.apply(choice(st.legal_actions()))
            k += 1
        actions += k
    return actions, truncated


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("game", help="a rules file, or the name of a bundled game (tic_tac_toe, haunting_house, ...)")
    ap.add_argument("--players", type=int, help="player count (default: the game's lowest)")
    ap.add_argument("--playouts", type=int, default=200, help="random playouts to profile (default 200)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the random.Random that picks actions (default 0)")
    ap.add_argument("--max-actions", type=int, default=3000, help="cut a playout off after this many actions (default 3000)")
    ap.add_argument("--top", type=int, default=30, help="functions to list in each table (default 30)")
    ap.add_argument("--filter", metavar="REGEX", help="list only functions whose file:line(name) matches, e.g. ruledsl/runtime")
    ap.add_argument("--dump", metavar="FILE", help="also save the raw profile (for snakeviz, pstats, gprof2dot)")
    ap.add_argument("--callers", metavar="REGEX", help="also print who calls the functions matching REGEX")
    args = ap.parse_args(argv)

    paths = select_games([args.game])
    if len(paths) != 1:
        ap.error(f"{args.game!r} matches {len(paths)} games; name one")
    path = paths[0]
    game = ruledsl.load(path, players=args.players)
    game.program  # compile before profiling
    playouts(game, 1, args.seed, min(args.max_actions, 50))  # warm up

    prof = cProfile.Profile()
    t0 = time.perf_counter()
    prof.enable()
    actions, truncated = playouts(game, args.playouts, args.seed, args.max_actions)
    prof.disable()
    wall = time.perf_counter() - t0

    print(f"{game.title} ({path}), {game.players} players: {args.playouts} random playouts, {actions} actions"
          f"{f', {truncated} cut off at {args.max_actions} actions' if truncated else ''}; "
          f"{wall:.2f} s under the profiler ({args.playouts / wall:.1f} playouts/s, "
          f"{actions / wall:,.0f} actions/s; the profiler slows Python code roughly 2×)")
    restrictions = ([args.filter] if args.filter else []) + [args.top]
    for key, what in (("cumulative", "cumulative time (the function and all it calls)"),
                      ("tottime", "total time (inside the function's own body)")):
        out = io.StringIO()
        stats = pstats.Stats(prof, stream=out)
        stats.sort_stats(key).print_stats(*restrictions)
        print(f"\n===== top {args.top} by {what} =====")
        print(_trim(out.getvalue()))
    if args.callers:
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_callers(args.callers)
        print(f"\n===== callers of {args.callers} =====")
        print(_trim(out.getvalue()))
    if args.dump:
        prof.dump_stats(args.dump)
        print(f"profile saved to {args.dump}")
    return 0


def _trim(text: str) -> str:
    """pstats output without its preamble (the column header line onwards), paths shortened."""
    import sysconfig
    root = str(Path(__file__).resolve().parent.parent) + "/"
    for prefix in (root, sysconfig.get_paths()["purelib"] + "/", sysconfig.get_paths()["stdlib"] + "/"):
        text = text.replace(prefix, "")
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.lstrip().startswith("ncalls"):
            return "\n".join(lines[i:]).rstrip()
    return text.rstrip()


if __name__ == "__main__":
    sys.exit(main())
