"""What integer actions and observation tensors cost, beside the calls they stand on.

    python benchmarks/interop.py                       # every bundled game
    python benchmarks/interop.py --games tic_tac_toe shining --seconds 0.5

For each game it plays a few random games (explicit chance, seeded) and keeps up to 200
states along them; then, in CPU time, microseconds per state and call:

- legal_actions: `list(state.legal_actions())` (the Action objects);
- legal_ids: `space.legal_ids(state)` (ruledsl.interop.actions; the space built beforehand);
- view: `state.view(seat)`;
- tensor: `encoding.tensor(state, seat)` (a view, then the float32 vector);
- obs str / info str: observation_string and information_state_string.

Each figure is the median of 3 rounds of --seconds each over all the states. The space's and the
encoding's one-off build time is shown too (first use per game object).
"""
from __future__ import annotations

import argparse
import glob
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ruledsl  # noqa: E402
from ruledsl.interop.actions import space_of  # noqa: E402
from ruledsl.interop.observe import encoding_of, information_state_string, observation_string  # noqa: E402


def states_of(game, count: int = 200, games: int = 4, longest: int = 2000) -> list:
    """Up to count states met in random games (their first `longest` actions)."""
    out = []
    rng = random.Random(0)
    for seed in range(games):
        st = game.new_game(seed=seed, chance="explicit")
        for _ in range(longest):
            if st.is_terminal():
                break
            if not st.is_chance():
                out.append(st.clone())
            st.apply(rng.randrange(len(st.legal_labels())))
    rng.shuffle(out)
    return out[:count]


def per_call(fn, states, seconds: float) -> float:
    """Microseconds per call of fn(state), median of 3 rounds."""
    rounds = []
    for _ in range(3):
        calls, start = 0, time.process_time()
        while True:
            for st in states:
                fn(st)
            calls += len(states)
            spent = time.process_time() - start
            if spent >= seconds:
                break
        rounds.append(spent / calls * 1e6)
    return statistics.median(rounds)


def fresh(st):
    """A state whose pending decision has not made its Action objects yet (legal_actions caches them)."""
    st.pending.actions = None
    return st


def measure(path: str, seconds: float) -> dict:
    game = ruledsl.load(path)
    t = time.process_time()
    space = space_of(game)
    built_space = time.process_time() - t
    t = time.process_time()
    enc = encoding_of(game)
    built_enc = time.process_time() - t
    states = states_of(game)
    seat = lambda st: st.current_player  # noqa: E731  the seat to act looks at the state
    return {
        "game": Path(path).stem, "mode": space.mode, "ids": space.size, "tensor": enc.size,
        "build ms": (built_space + built_enc) * 1000,
        "legal_actions": per_call(lambda st: list(fresh(st).legal_actions()), states, seconds),
        "legal_ids": per_call(space.legal_ids, states, seconds),
        "view": per_call(lambda st: st.view(seat(st)), states, seconds),
        "tensor µs": per_call(lambda st: enc.tensor(st, seat(st)), states, seconds),
        "obs str": per_call(lambda st: observation_string(st, seat(st)), states, seconds),
        "info str": per_call(lambda st: information_state_string(st, seat(st)), states, seconds),
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", help="names of bundled games (default: all)")
    parser.add_argument("--seconds", type=float, default=0.3, help="CPU seconds per round of one figure")
    args = parser.parse_args(argv)
    paths = sorted(p for pattern in ("games/*.rules", "games/examples/*.rules")
                   for p in glob.glob(str(ROOT / pattern)) if not p.endswith("_tiles.rules"))
    if args.games:
        paths = [p for p in paths if Path(p).stem in args.games]
    for i, path in enumerate(paths):
        row = measure(path, args.seconds)
        if i == 0:
            print(" | ".join(row), flush=True)
        print(" | ".join(f"{v:.1f}" if isinstance(v, float) else str(v) for v in row.values()), flush=True)


if __name__ == "__main__":
    main()
