"""Timing random playouts: the loops, one game's measurement, and two games measured in alternation.

Shared by playouts.py (the command) and side_by_side.py (ruledsl beside a reference or OpenSpiel).
Every loop reads CPU time (time.process_time): on a shared machine what other programs do
slows a figure less than it would slow wall-clock time.
"""
from __future__ import annotations

import gc
import importlib
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLONE_BATCH = 100
clock = time.process_time

try:
    import ruledsl
except ImportError:  # run from a checkout that is not installed
    sys.path.insert(0, str(ROOT))
    import ruledsl


# ---------------------------------------------------------------- the loops
# The ruledsl and OpenSpiel loops are the same code but for the names of the calls:
# new state, then (is_terminal, legal_actions, random choice, apply) until the end.

def ruledsl_playouts(game, rng, budget: float, max_actions: int, first: int = 0, muted: bool = False) -> dict:
    """Random playouts for `budget` seconds (the playout under way when time runs out is finished);
    the games' seeds are first, first + 1, ... muted: as a search bot's rollout plays, with nothing
    logged and the action taken by its index among the labels (no Action objects)."""
    choice = rng.choice
    pick = rng.randrange
    perf = clock
    playouts = actions = truncated = 0
    setup = 0.0
    start = perf()
    end = start + budget
    while True:
        t0 = perf()
        st = game.new_game(seed=first + playouts, muted=muted)
        setup += perf() - t0
        k = 0
        while not st.is_terminal():
            if k == max_actions:
                truncated += 1
                break
            if muted:
                st.apply(pick(len(st.legal_actions())))
            else:
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
    perf = clock
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


def reference_playouts(module, players: int, rng, budget: float, max_actions: int) -> dict:
    """The same loop for a hand-written reference (benchmarks/reference/): its play() runs a whole
    game, set-up included, choosing uniformly with rng.choice as the loops above do."""
    play = module.play
    perf = clock
    playouts = actions = truncated = 0
    start = perf()
    end = start + budget
    while True:
        k, returns = play(rng, players, max_actions=max_actions)
        actions += k
        truncated += not returns
        playouts += 1
        if perf() >= end:
            break
    return _tally(perf() - start, 0.0, playouts, actions, truncated)


def _tally(elapsed, setup, playouts, actions, truncated) -> dict:
    acting = elapsed - setup
    return {
        "playouts_per_s": playouts / elapsed,
        "actions_per_s": actions / acting if actions and acting > 0 else None,
        "actions_per_s_whole": actions / elapsed if actions and elapsed > 0 else None,
        "new_game_us": setup / playouts * 1e6,
        "playouts": playouts, "actions": actions, "truncated": truncated, "seconds": elapsed,
    }


def clone_cost(state, budget: float) -> dict:
    """Microseconds per state.clone(), cloning the same state in batches for `budget` seconds."""
    clone = state.clone
    perf = clock
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
    """One game of one engine, ready to measure: its playout loop and a mid-game state to clone
    (new_state None: a reference, which has no state to clone)."""

    def __init__(self, engine, game, title, players, playouts, new_state, apply_name, args):
        self.engine, self.game, self.title, self.players = engine, game, title, players
        self._playouts = playouts
        self.args = args
        # Warm-up as well: one whole random game before anything is timed.
        if new_state is None:
            playouts(random.Random(args.seed), 0.0, args.max_actions, 0)
            self.mid, self.mid_at, self.mid_length = None, None, None
        else:
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
        if self.mid is None:
            return
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
            "actions_per_s_whole": med("actions_per_s_whole"),
            "actions_per_playout": actions / playouts,
            "ended_fraction": (playouts - truncated) / playouts,
            "new_game_us": med("new_game_us"),
            "clone_us": _median(self.clones),
            "clone_at_action": self.mid_at, "clone_game_length": self.mid_length,
            "repeats": {
                "playouts_per_s": [x["playouts_per_s"] for x in runs],
                "actions_per_s": [x["actions_per_s"] for x in runs],
                "actions_per_s_whole": [x["actions_per_s_whole"] for x in runs],
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
    def ratio(key):
        pairs = [(x[key], y[key]) for x, y in zip(a.runs, b.runs) if x[key] and y[key]]
        return statistics.median(x / y for x, y in pairs) if pairs else None
    ratios = {
        "playouts": ratio("playouts_per_s"),
        "actions": ratio("actions_per_s"),
        "actions_whole": ratio("actions_per_s_whole"),
        "clone_us": statistics.median(x / y for x, y in zip(a.clones, b.clones)) if a.clones and b.clones else None,
    }
    return ra, rb, ratios


def _median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def ruledsl_target(path: str, players: int, args, log, muted: bool = False) -> Target:
    rel = _rel(path)
    log(f"ruledsl  {rel} ({players} players{', muted' if muted else ''})")
    t0 = clock()
    game = ruledsl.load(path, players=players)
    game.program  # compile outside the timed loops
    load_s = clock() - t0
    t = Target("ruledsl", rel, game.title, players,
               lambda rng, budget, cap, first: ruledsl_playouts(game, rng, budget, cap, first, muted),
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


def reference_target(name: str, players: int, args, log) -> Target:
    """A hand-written reference (benchmarks/reference/NAME.py) of a bundled game."""
    log(f"reference  {name} ({players} players)")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    module = importlib.import_module(f"benchmarks.reference.{name}")
    return Target("reference", f"benchmarks/reference/{name}.py", module.TITLE, players,
                  lambda rng, budget, cap, first: reference_playouts(module, players, rng, budget, cap),
                  None, None, args)


def _rel(path: str) -> str:
    p = Path(path).resolve()
    try:
        return p.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


