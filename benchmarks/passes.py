"""What each of the compiler's optimisation passes gains: the CPU seconds of the same seeded random
games made with every pass and without one, played in alternation in one process.

    python benchmarks/passes.py tic_tac_toe --without started typed --rounds 8
    python benchmarks/passes.py haunting_house --players 2

Each round plays the games once with every pass and once without the pass (in turns, which goes
first), and the gain is the median over the rounds of (seconds without) / (seconds with) - 1; the
ratio of the two best rounds is shown beside it, and the spread of the ratios says how far to
trust either on a busy machine. The number of games is doubled until one run takes --seconds.
Both programs must play the same actions (asserted: a pass changes no game). For a measure that
the machine's load does not move, count instructions instead:
`python benchmarks/instructions.py GAME --without PASS`.
"""
from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _load(path: str, players, without: str):
    import ruledsl
    from ruledsl.runtime.compiler.passes import DEFAULT
    ruledsl.forget()
    game = ruledsl.load(path, players=players, optimizations=[p for p in DEFAULT if p != without])
    _ = game.program          # compiled now, not in the first round timed
    return game


def _play(game, seeds) -> tuple:
    """(CPU seconds, actions) of seeded random games."""
    rng = random.Random(0)
    gc.collect()
    began = time.process_time()
    actions = 0
    for seed in seeds:
        state = game.new_game(seed=seed)
        steps = 0
        while not state.is_terminal() and steps < 3000:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        actions += steps
    return time.process_time() - began, actions


def gain(path: str, players, without: str, rounds: int, seconds: float) -> dict:
    """The gain of one pass on one game (see the module docstring)."""
    on, off = _load(path, players, ""), _load(path, players, without)
    seeds = [0]
    while _play(on, seeds)[0] < seconds and len(seeds) < 1024:
        seeds = list(range(len(seeds) * 2))
    ratios, best = [], {"on": float("inf"), "off": float("inf")}
    for r in range(rounds):
        order = [("on", on), ("off", off)] if r % 2 == 0 else [("off", off), ("on", on)]
        got = {name: _play(game, seeds) for name, game in order}
        if got["on"][1] != got["off"][1]:
            raise SystemExit(f"{path} plays {got['on'][1]} actions with every pass, {got['off'][1]} without {without}")
        ratios.append(got["off"][0] / got["on"][0])
        for name in best:
            best[name] = min(best[name], got[name][0])
    return {"pass": without, "gain": statistics.median(ratios) - 1, "best": best["off"] / best["on"] - 1,
            "spread": max(ratios) - min(ratios), "games": len(seeds)}


def main(argv=None) -> int:
    from ruledsl.runtime.compiler.passes import ALL
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("game", help="a rules file, or the name of a bundled game (tic_tac_toe, haunting_house, ...)")
    ap.add_argument("--players", type=int, help="player count (default: the game's lowest)")
    ap.add_argument("--without", nargs="+", default=list(ALL), metavar="PASS",
                    help="the passes to measure, each on its own (default: every one)")
    ap.add_argument("--rounds", type=int, default=6, help="rounds of games with and without (default 6)")
    ap.add_argument("--seconds", type=float, default=0.4, help="CPU seconds a run should take at least (default 0.4)")
    args = ap.parse_args(argv)
    unknown = [name for name in args.without if name not in ALL]
    if unknown:
        ap.error(f"no pass named {', '.join(unknown)}; the passes are {', '.join(ALL)}")
    if args.rounds < 1:
        ap.error("--rounds must be at least 1")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from playouts import select_games
    paths = select_games([args.game])
    if len(paths) != 1:
        ap.error(f"{args.game!r} matches {len(paths)} games; name one")
    for name in args.without:
        r = gain(paths[0], args.players, name, args.rounds, args.seconds)
        print(f"{name:10s} gain {r['gain']:+7.1%}  best rounds {r['best']:+7.1%}  spread {r['spread']:6.1%}  "
              f"({r['games']} games a run)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
