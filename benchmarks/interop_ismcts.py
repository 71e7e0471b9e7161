"""OpenSpiel's IS-MCTS through ruledsl.openspiel against ruledsl's own ISMCTSAgent, same budget.

    python benchmarks/interop_ismcts.py --games tillinghast haunting_house --pairs 2 --iterations 20

Two-player games; each pair is two games with the seats swapped. Both bots get the same number
of iterations a decision and roll out to the end with uniform random play (OpenSpiel's
RandomRolloutEvaluator with one rollout; ruledsl's default rollout). Chance is drawn by its
probabilities from a seeded generator. OpenSpiel's bot resamples with a sampler drawn from its
seeded generator (its default, pyspiel.UniformProbabilitySampler, is seeded afresh in every
process, so games would not repeat). Prints each bot's mean return and seconds a decision; a game
where the determiniser loses track (no state fits what a seat saw: OpenSpiel's IS-MCTS needs an
exact one) is counted apart, with the action it reached.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
LOST = ROOT / "benchmarks" / "results" / "interop-lost"
sys.path.insert(0, str(ROOT))

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from ruledsl.agents import Budget, ISMCTSAgent  # noqa: E402
from ruledsl.agents.determinise import LostTrack  # noqa: E402
from ruledsl.openspiel import load_game  # noqa: E402


def play(game, openspiel_seat: int, iterations: int, seed: int, max_actions: int) -> tuple:
    rng = np.random.RandomState(seed)
    theirs = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                              max_simulations=iterations, random_state=rng)
    theirs.set_resampler(lambda st, player: st.resample_from_infostate(player, rng.uniform))
    ours = ISMCTSAgent(Budget(iterations=iterations), seed=seed)
    chance = random.Random(seed)
    state = game.new_initial_state()
    spent = {"openspiel": 0.0, "ruledsl": 0.0}
    moves = {"openspiel": 0, "ruledsl": 0}
    while not state.is_terminal() and len(state.history()) < max_actions:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(chance.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        who = "openspiel" if state.current_player() == openspiel_seat else "ruledsl"
        t = time.process_time()
        if who == "openspiel":
            try:
                action = theirs.step(state)
            except LostTrack:
                # keep the game as far as it went, to follow it again (ruledsl replay / a Belief)
                LOST.mkdir(parents=True, exist_ok=True)
                (LOST / f"{Path(game.rules.path).stem}-{seed}.json").write_text(json.dumps(state.st.record()))
                raise
        else:
            action = game.space.id_of(state.st, ours.choose(state.st))
        spent[who] += time.process_time() - t
        moves[who] += 1
        state.apply_action(action)
    returns = state.returns()
    return returns[openspiel_seat], returns[1 - openspiel_seat], spent, moves


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=["tillinghast", "haunting_house"])
    parser.add_argument("--pairs", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="the number of the first game (its seed): to play further games")
    parser.add_argument("--max-actions", type=int, default=3000, help="a game longer than this is cut short (returns 0)")
    args = parser.parse_args(argv)
    for name in args.games:
        totals = {"openspiel": 0.0, "ruledsl": 0.0}
        spent = {"openspiel": 0.0, "ruledsl": 0.0}
        moves = {"openspiel": 0, "ruledsl": 0}
        lost = []
        for i in range(args.first, args.first + args.pairs * 2):
            # a game object of its own: the adapter keeps each seat's belief on it, so a game
            # depends only on its number
            game = load_game(str(ROOT / "games" / f"{name}.rules"), players=2, max_game_length=args.max_actions)
            try:
                theirs, ours, s, m = play(game, i % 2, args.iterations, i, args.max_actions)
            except LostTrack as e:
                lost.append(i)
                print(f"{name} game {i + 1}: lost track ({e})", flush=True)
                continue
            totals["openspiel"] += theirs
            totals["ruledsl"] += ours
            for k in spent:
                spent[k] += s[k]
                moves[k] += m[k]
            print(f"{name} game {i + 1}: openspiel (seat {i % 2}) {theirs}, ruledsl {ours}", flush=True)
        n = max(1, args.pairs * 2 - len(lost))
        if lost:
            print(f"{name}: {len(lost)} games left out, the determiniser lost track: {lost}", flush=True)
        for k in totals:
            print(f"{name}: {k} ismcts mean return {totals[k] / n:.2f}, "
                  f"{spent[k] / max(moves[k], 1):.3f} s a decision over {moves[k]} decisions", flush=True)


if __name__ == "__main__":
    main()
