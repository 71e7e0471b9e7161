"""What the references share: decisions per CPU second of random playouts, and their command line."""
from __future__ import annotations

import argparse
import random
import time


def actions_per_second(play, seconds: float, players: int, seed: int = 0) -> float:
    """Decisions per CPU second of play(rng, players) random games, over whole games for at least `seconds`."""
    rng = random.Random(seed)
    actions = 0
    start = time.process_time()
    while True:
        actions += play(rng, players)[0]
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return actions / elapsed


def main(doc: str, play, players: int) -> None:
    """`python -m benchmarks.reference.NAME [--players N] [--seconds S]`: print its actions/s."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=players)
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args()
    print(f"{actions_per_second(play, args.seconds, args.players):,.0f} actions/s")
