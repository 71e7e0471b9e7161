"""What a seat's Belief costs, game by game, in process time (load-independent), and how often it is exact.

    python benchmarks/belief.py                                  # every game file, 4 random games each
    python benchmarks/belief.py --games 8 --only examples/signals six_rows tricks
    python benchmarks/belief.py --budget 0.2s                    # with the deadlines a 0.2 s move gives it
    python benchmarks/belief.py --json before.json               # the rows, to compare two checkouts
    python benchmarks/belief.py --files ~/my_games/*.rules       # games of your own

For every rules file in games/ and games/examples/ (at the fewest players it allows), plays
--games seeded random games under explicit chance (game i has seed --seed + i, chance drawn
by its odds, every seat a RandomAgent) up to --actions actions. Seat i % players holds a
Belief (seed i) and brings it up to date at each of its decisions with more than one option,
as ismcts does before it searches: with no deadline (the default: the belief does all the
work it needs, so the figures do not depend on the machine's load beyond the seconds), or
with the deadlines ismcts gives it in a move of a --budget of seconds (ismcts.belief_deadlines:
repairs until BELIEF_SOFT of it, following until BELIEF_HARD; a belief behind, or new, repairs until
BELIEF_HARD too), read on the process's clock (time.process_time), so that what else the machine
runs does not take the belief's time: as on a quiet machine.
Per file: updates, process seconds an update (median, 90th percentile, max), the total,
applies (the belief's work, a count), and the share of updates that ended exact and caught up.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ruledsl  # noqa: E402
from ruledsl.agents import Belief, Budget, RandomAgent, seat_seed  # noqa: E402
from ruledsl.agents.determinise import LostTrack  # noqa: E402
from ruledsl.agents.ismcts import belief_deadlines  # noqa: E402
from bots import game_files  # noqa: E402  (benchmarks/bots.py: the bundled files, or those given)


def clock(seconds: float):
    """A move's clock, on the process's time (as `belief.now`): the deadlines do not move with what
    else the machine runs."""
    return Budget(seconds=seconds).clock(time.process_time)


def follow_one(game, seed: int, seat: int, actions: int, budget) -> dict:
    """One random game, the seat's belief brought up to date at each of its choices."""
    state = game.new_game(seed=seed, chance="explicit")
    agents = {s: RandomAgent(seat_seed(seed, s)) for s in range(game.players)}
    agents[ruledsl.CHANCE] = RandomAgent(seat_seed(seed, ruledsl.CHANCE))
    belief = Belief(game, seat, seed)
    belief.now = time.process_time
    cpu, exact, lost = [], 0, False
    while not state.is_terminal() and len(state.actions_taken) < actions:
        if state.current_player == seat and len(state.legal_actions()) > 1 and not lost:
            c = time.process_time()
            try:
                if budget is None:
                    belief.update(state)
                else:
                    belief.update(state, *belief_deadlines(belief, clock(budget)))
                ok = belief.exact and not belief.behind
            except LostTrack:
                ok, lost = False, True
            cpu.append(time.process_time() - c)
            exact += ok
        state.apply(agents[state.current_player].choose(state))
    return {"cpu": cpu, "exact": exact, "applies": belief.stats.applies, "lost": lost}


def quantile(values: list, q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=4, help="random games per file")
    parser.add_argument("--actions", type=int, default=400, help="actions a game at most")
    parser.add_argument("--budget", help="a move's budget of seconds (0.2s): the belief's deadlines; none: no deadline")
    parser.add_argument("--only", nargs="*", help="only the files whose path holds one of these")
    parser.add_argument("--files", nargs="+", help="these rules files instead of the bundled ones (your own games)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the rows to this file")
    args = parser.parse_args()
    budget = float(args.budget.rstrip("s")) if args.budget else None
    rows = []
    print("| game | players | updates | CPU ms an update: median / 90% / max | CPU s in all | applies | exact |")
    print("|---|---|---|---|---|---|---|")
    for path in game_files(args.files):
        if args.only and not any(o in path for o in args.only):
            continue
        game = ruledsl.load(str(ROOT / path))
        cpu, exact, applies = [], 0, 0
        for i in range(args.games):
            r = follow_one(game, args.seed + i, i % game.players, args.actions, budget)
            cpu += r["cpu"]
            exact += r["exact"]
            applies += r["applies"]
        row = {"game": path, "players": game.players, "updates": len(cpu), "median_ms": 1000 * quantile(cpu, 0.5),
               "p90_ms": 1000 * quantile(cpu, 0.9), "max_ms": 1000 * max(cpu or [0]), "total_s": sum(cpu),
               "applies": applies, "exact": exact}
        rows.append(row)
        print(f"| {path} | {game.players} | {len(cpu)} | {row['median_ms']:.1f} / {row['p90_ms']:.1f} / "
              f"{row['max_ms']:.1f} | {row['total_s']:.2f} | {applies} | {exact}/{len(cpu)} = "
              f"{exact / max(1, len(cpu)):.0%} |", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
