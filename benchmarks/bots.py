"""How well and how fast the search bots play: the targets of issue 12, and iterations per second.

    python benchmarks/bots.py match tillinghast                    # the full protocol of one target
    python benchmarks/bots.py match tillinghast --games 20 --budget 0.25s --jobs 2
    python benchmarks/bots.py match shining --vs random            # the same table with random bots
    python benchmarks/bots.py report results/*.jsonl               # win rates with 95% intervals
    python benchmarks/bots.py speed                                # iterations/s, determinisation cost
    python benchmarks/bots.py all --budget 0.2s --games 20 --jobs 2  # every game file: time, belief, strength
    python benchmarks/bots.py all --report benchmarks/results/all-0.2s.jsonl
    python benchmarks/bots.py all --budget 0.2s --games 10 --files ~/my_games/*.rules   # games of your own

`match` plays seeded games (game i has seed --seed + i) of one target and appends one JSON
line per game to --out (default benchmarks/results/TARGET-BUDGET.jsonl); games already in the
file are skipped, so a run can be stopped and resumed. `report` reads such files. See
benchmarks/README.md for the targets and what was measured.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ruledsl  # noqa: E402
from ruledsl.agents import Belief, RandomAgent, make_agent, play_out, seat_seed  # noqa: E402
from ruledsl.analysis.stats import mean_interval, wilson  # noqa: E402

# name: (rules file, players, options, bots of the table, what counts as success)
TARGETS = {
    "tillinghast": ("games/tillinghast.rules", 3, {}, ["ismcts", "random", "random"], "seat 1 wins >= 80%"),
    "haunting": ("games/haunting_house.rules", 4, {}, ["ismcts", "random", "random", "random"], "seat 1 wins >= 50%"),
    "shining": ("games/shining.rules", 4, {}, ["ismcts"] * 4, "Caretakers win clearly more often than random ones"),
    "shining-corrupted": ("games/shining.rules", 4, {"corrupted": "true"}, ["ismcts"] * 4,
                          "the Corrupted's win rate, with both kinds of table"),
    "unrelenting": ("games/unrelenting_other.rules", 4, {}, ["ismcts"] * 4, "games won (Control or Insanity) >= 90%"),
    "tictactoe": ("games/examples/tic_tac_toe.rules", 2, {}, ["mcts", "random"], "mcts never loses (it plays X and O in turn)"),
    "tictactoe-self": ("games/examples/tic_tac_toe.rules", 2, {}, ["mcts", "mcts"], "every game a draw"),
}
MAX_ACTIONS = 20000   # the simulator's cap
BASELINE_ACTIONS = 5000   # random games longer than this are left out of random's share


# ---------------------------------------------------------------- one game
class Watched:
    """An agent whose moves are counted: iterations, seconds, and moves on an inexact belief;
    per move with a choice (more than one option), its seconds and how its belief stood."""

    def __init__(self, agent):
        self.agent = agent
        self.moves = self.iterations = self.inexact = 0
        self.seconds = 0.0
        self.times: list = []
        self.cpu: list = []         # per move with a choice: process seconds of the move, of its belief
        self.belief_cpu: list = []
        self.exact = self.verified = self.behind = self.lost = 0

    def choose(self, state):
        t, c = time.perf_counter(), time.process_time()
        action = self.agent.choose(state)
        took, cpu = time.perf_counter() - t, time.process_time() - c
        self.seconds += took
        if not state.is_chance():
            self.moves += 1
            last = getattr(self.agent, "last", {})
            self.iterations += last.get("iterations", 0)
            self.inexact += last.get("exact", True) is False
            if len(state.legal_actions()) > 1:
                self.times.append(round(took, 4))
                self.cpu.append(round(cpu, 4))
                self.belief_cpu.append(last.get("belief_cpu", 0.0))
                self.exact += last.get("exact", True) is True and "behind" not in last and "lost" not in last
                self.verified += last.get("verified", True) is True and "behind" not in last
                self.behind += "behind" in last
                self.lost += "lost" in last
        return action

    def summary(self) -> dict:
        return {"moves": self.moves, "iterations": self.iterations, "seconds": round(self.seconds, 3),
                "inexact_moves": self.inexact, "times": self.times, "cpu": self.cpu,
                "belief_cpu": self.belief_cpu, "exact": self.exact,
                "verified": self.verified, "behind": self.behind, "lost": self.lost}


_GAMES: dict = {}


def load(path: str, players: int, options: dict):
    key = (path, players, tuple(sorted(options.items())))
    if key not in _GAMES:
        _GAMES[key] = ruledsl.load(str(ROOT / path), players=players, options=options)
    return _GAMES[key]


def play_one(job: dict) -> dict:
    """One seeded game of a table; its outcome as a JSON-ready dict."""
    game = load(job["path"], job["players"], job["options"])
    seed, specs = job["seed"], job["bots"]
    if job.get("swap"):       # the first bot plays the second seat (tic-tac-toe: X and O in turn)
        specs = [specs[1], specs[0]] + specs[2:]
    thinking = any(s != "random" for s in specs)
    state = game.new_game(seed=seed, chance="explicit" if thinking else "seeded")
    agents = {seat: Watched(make_agent(spec, seat_seed(seed, seat))) for seat, spec in enumerate(specs)}
    agents[ruledsl.CHANCE] = RandomAgent(seat_seed(seed, ruledsl.CHANCE))
    start = time.perf_counter()
    error = None
    try:
        finished = play_out(state, agents, job.get("max_actions", MAX_ACTIONS))
    except Exception as err:   # a game that fails is a result, reported with its seed
        finished, error = False, f"{type(err).__name__}: {err}"
    view = state.view(None)
    return {"target": job["target"], "seed": seed, "bots": specs, "budget": job["budget"],
            "finished": finished, "returns": state.returns() if finished else None,
            "length": len(state.actions_taken), "seconds": round(time.perf_counter() - start, 2),
            "last_events": view["log"][-3:], "error": error,
            "seats": [agents[s].summary() for s in range(game.players)]}


def with_budget(spec: str, budget: str) -> str:
    return spec if spec == "random" else f"{spec}:{budget}"


def match(args) -> None:
    path, players, options, table, goal = TARGETS[args.target]
    if args.vs == "random":
        table = ["random"] * players
    specs = [with_budget(s, args.budget) for s in table]
    out = Path(args.out or ROOT / "benchmarks" / "results" / f"{args.target}{'-random' if args.vs else ''}-{args.budget}.jsonl")
    out.parent.mkdir(parents=True, exist_ok=True)
    done = {json.loads(line)["seed"] for line in out.read_text().splitlines()} if out.exists() else set()
    jobs = [{"target": args.target, "path": path, "players": players, "options": options, "bots": specs,
             "budget": args.budget, "seed": args.seed + i, "swap": args.target == "tictactoe" and i % 2 == 1,
             "max_actions": args.max_actions}
            for i in range(args.games) if args.seed + i not in done]
    print(f"{args.target}: {len(jobs)} games to play ({len(done)} already in {out}); goal: {goal}", file=sys.stderr)
    with multiprocessing.Pool(args.jobs) as pool, out.open("a") as f:
        for result in pool.imap_unordered(play_one, jobs):
            f.write(json.dumps(result) + "\n")
            f.flush()
            print(f"seed {result['seed']}: returns {result['returns']} in {result['length']} actions, "
                  f"{result['seconds']} s{'; ' + result['error'] if result['error'] else ''}", file=sys.stderr)
    report_files([str(out)])


# ---------------------------------------------------------------- reading results
def rate(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{k}/{n} = {k / n:.0%} (95% CI {lo:.0%}-{hi:.0%})" if n else "no games"


def report_files(paths: list) -> None:
    for path in paths:
        rows = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
        if not rows:
            continue
        target = rows[0]["target"]
        n = len(rows)
        finished = [r for r in rows if r["finished"]]
        print(f"\n{path}: {target}, {n} games, bots {rows[0]['bots']}, budget {rows[0]['budget']}")
        print(f"  finished {rate(len(finished), n)}; errors {sum(1 for r in rows if r['error'])}")
        if target == "tictactoe":
            mine = [r["returns"][1 if r["bots"][0] == "random" else 0] for r in finished]
            print(f"  mcts wins {rate(sum(x == 1 for x in mine), n)}, draws {sum(x == 0.5 for x in mine)}, "
                  f"losses {sum(x == 0 for x in mine)}")
        else:
            for seat in range(len(rows[0]["bots"])):
                wins = sum(1 for r in finished if r["returns"][seat] == 1)
                print(f"  seat {seat + 1} ({rows[0]['bots'][seat]}): wins {rate(wins, n)}")
            team = sum(1 for r in finished if r["returns"] and all(x == 1 for x in r["returns"]))
            somebody = sum(1 for r in finished if r["returns"] and any(x == 1 for x in r["returns"]))
            alone = sum(1 for r in finished if r["returns"] and sum(x == 1 for x in r["returns"]) == 1)
            print(f"  every seat won (a co-operative win): {rate(team, n)}; someone won: {rate(somebody, n)}; "
                  f"one seat alone won (with the Corrupted: the Corrupted's wins): {rate(alone, n)}")
        lengths = sorted(r["length"] for r in finished)
        if lengths:
            print(f"  length in actions: mean {sum(lengths) / len(lengths):.0f}, median {lengths[len(lengths) // 2]}, "
                  f"min {lengths[0]}, max {lengths[-1]}")
        for seat in range(len(rows[0]["bots"])):
            moves = sum(r["seats"][seat]["moves"] for r in rows)
            its = sum(r["seats"][seat]["iterations"] for r in rows)
            secs = sum(r["seats"][seat]["seconds"] for r in rows)
            inexact = sum(r["seats"][seat]["inexact_moves"] for r in rows)
            if its:
                print(f"  seat {seat + 1}: {moves} moves, {its / max(moves, 1):.0f} iterations a move, "
                      f"{its / max(secs, 1e-9):.0f} iterations/s, {secs / max(moves, 1):.2f} s a move, "
                      f"moves on an inexact belief {inexact}")


def report(args) -> None:
    report_files(args.files)


# ---------------------------------------------------------------- speed
SPEED_GAMES = [("games/examples/tic_tac_toe.rules", 2, {}), ("games/tillinghast.rules", 3, {}),
               ("games/haunting_house.rules", 4, {}), ("games/shining.rules", 4, {}),
               ("games/shining.rules", 4, {"corrupted": "true"}), ("games/unrelenting_other.rules", 4, {})]


def midgame(game, seed: int, actions: int):
    """A seat's decision (more than one option) at least `actions` random actions into a game
    under explicit chance: the set-up of some games is many chance steps, so play on past
    `actions` until a seat has a choice (or the game ends: then the last such decision)."""
    rng = random.Random(seed)
    st = game.new_game(seed=seed, chance="explicit")
    last = None
    while not st.is_terminal():
        if not st.is_chance() and len(st.legal_actions()) > 1:
            last = st.clone()
            if len(st.actions_taken) >= actions:
                return last
        st.apply(rng.choice(st.legal_actions()))
    if last is None:
        raise SystemExit(f"{game.path}: no seat has a choice in a random game of seed {seed}")
    return last


def speed(args) -> None:
    rows = []
    for path, players, options in SPEED_GAMES:
        game = load(path, players, options)
        state = midgame(game, args.seed, args.actions)
        seat = state.current_player
        row = {"game": path, "players": players, "options": options, "at_action": len(state.actions_taken)}
        t = time.perf_counter()
        belief = Belief(game, seat, seed=1)
        belief.update(state)
        follow = time.perf_counter() - t
        row["follow_game_s"] = round(follow, 3)
        row["follow_per_action_ms"] = round(1000 * follow / max(1, len(state.actions_taken)), 2)
        row["belief"] = belief.stats.as_dict() | {"exact": belief.exact, "distinct": belief.distinct()}
        t = time.perf_counter()
        n = 0
        while time.perf_counter() - t < 0.5:
            belief.sample(random.Random(n))
            n += 1
        row["sample_us"] = round(1e6 * (time.perf_counter() - t) / n, 1)
        probe = belief.sample(random.Random(0))
        row["sample_matches_view"] = probe.view(seat) == state.view(seat)
        for kind in ("mcts", "ismcts", "greedy"):
            bot = make_agent(f"{kind}:{args.seconds}s", 7)
            if kind != "mcts":
                bot.belief = belief    # already following the game: measure the search alone
            bot.choose(state)
            done = bot.last.get("iterations", 0)
            # None: the bot saw a winning move at once and searched nothing (a late position)
            row[f"{kind}_iterations_per_s"] = round(done / bot.last["seconds"], 1) if done else None
        rows.append(row)
        print(json.dumps(row), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))


# ---------------------------------------------------------------- every game file
def game_files(files=None) -> list:
    """The bundled files (games/, games/examples/) as paths from the checkout, or `files`: any
    rules files (a game of your own: the measure of a generic bot is a game it was not tuned on)."""
    if files:
        return [str(Path(f).resolve()) for f in files]
    return sorted(str(p.relative_to(ROOT)) for p in list((ROOT / "games").glob("*.rules"))
                  + list((ROOT / "games" / "examples").glob("*.rules")))


def baseline(path: str, players: int, n: int, seed: int) -> dict:
    """Random play in every seat: whether the seats always win or lose together (a co-operative
    game), each seat's win share and the mean return (the team's score)."""
    game = load(path, players, {})
    wins = [0] * players
    team = []
    together = True
    for i in range(n):
        state = game.new_game(seed=seed + i)
        agents = {s: RandomAgent(seat_seed(seed + i, s)) for s in range(players)}
        agents[ruledsl.CHANCE] = RandomAgent(seat_seed(seed + i, ruledsl.CHANCE))
        play_out(state, agents, BASELINE_ACTIONS)
        if not state.is_terminal():
            continue
        returns = state.returns()
        together = together and len(set(returns)) == 1
        for s in state.winners():
            if len(set(returns)) > 1:
                wins[s] += 1
        team.append(returns[0])
    # Together only when some random game ended and showed it: with none (--baseline 0, or random
    # play that never ends within BASELINE_ACTIONS) nothing says the seats share their fate.
    return {"together": together and players > 1 and bool(team), "win_share": [w / max(1, len(team)) for w in wins],
            "mean": sum(team) / max(1, len(team)), "games": len(team)}


def all_games(args) -> None:
    if args.report:
        report_all(args.report)
        return
    out = Path(args.out or ROOT / "benchmarks" / "results" / f"all-{args.budget}.jsonl")
    out.parent.mkdir(parents=True, exist_ok=True)
    done = {(r["path"], r["seed"]) for r in map(json.loads, out.read_text().splitlines())} if out.exists() else set()
    jobs = []
    for path in game_files(args.files):
        if args.only and not any(o in path for o in args.only):
            continue
        players = args.players or ruledsl.load(str(ROOT / path)).players     # the fewest it allows
        base = baseline(path, players, args.baseline, args.seed + 10_000)
        print(f"{path}: random baseline {base}", file=sys.stderr, flush=True)
        for i in range(args.games):
            seed = args.seed + i
            if (path, seed) in done:
                continue
            seat = i % players
            bots = [args.bot] * players if base["together"] else ["random"] * players
            if not base["together"]:
                bots[seat] = args.bot
            jobs.append({"target": "all", "path": path, "players": players, "options": {}, "budget": args.budget,
                         "bots": [with_budget(b, args.budget) for b in bots], "seed": seed, "seat": seat,
                         "baseline": base, "max_actions": args.max_actions})
    print(f"{len(jobs)} games to play ({len(done)} already in {out})", file=sys.stderr)
    with multiprocessing.Pool(args.jobs) as pool, out.open("a") as f:
        for job, result in zip(jobs, pool.imap(play_one, jobs)):
            result.update(path=job["path"], seat=job["seat"], baseline=job["baseline"], players=job["players"])
            f.write(json.dumps(result) + "\n")
            f.flush()
            print(f"{job['path']} seed {result['seed']}: returns {result['returns']}, {result['seconds']} s"
                  f"{'; ' + result['error'] if result['error'] else ''}", file=sys.stderr)
    report_all(str(out))


def _median(values: list) -> float:
    values = sorted(values)
    return values[len(values) // 2] if values else 0.0


def report_all(path: str) -> None:
    """One markdown row per game file: seconds a move (median, max, share over 1.5x the budget),
    moves on an exact belief, and strength: win rate against random with its 95% interval beside
    random's share of that seat, or the team's mean score beside random's."""
    rows = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
    by_game: dict = {}
    for r in rows:
        by_game.setdefault(r["path"], []).append(r)
    budget = rows[0]["budget"] if rows else "?"
    limit = 1.5 * float(budget.rstrip("s")) if budget.endswith("s") else None
    print("| game | players | games | s a move: median / max | over 1.5x | CPU s a move: median / max | "
          "belief CPU s: median / max | exact belief | strength | random |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for game, rs in sorted(by_game.items()):
        base = rs[0]["baseline"]
        times = [t for r in rs for s, spec in enumerate(r["bots"]) if spec != "random" for t in r["seats"][s]["times"]]
        cpu = [t for r in rs for s, spec in enumerate(r["bots"]) if spec != "random"
               for t in r["seats"][s].get("cpu", [])]
        bcpu = [t for r in rs for s, spec in enumerate(r["bots"]) if spec != "random"
                for t in r["seats"][s].get("belief_cpu", [])]
        cpu_over = f" ({sum(t > limit for t in cpu)} over 1.5x)" if limit and cpu else ""
        exact = sum(r["seats"][s]["exact"] for r in rs for s, spec in enumerate(r["bots"]) if spec != "random")
        over = sum(t > limit for t in times) if limit else 0
        finished = [r for r in rs if r["finished"]]
        if base["together"]:
            scores = [r["returns"][0] for r in finished]
            mean = sum(scores) / max(1, len(scores))
            _, low, high = mean_interval(scores)
            strength = f"mean score {mean:.2f} ({low:.2f}-{high:.2f})" if scores else "-"
            versus = f"mean score {base['mean']:.2f}"
        else:
            wins = sum(1 for r in finished if r["seat"] in _winners(r["returns"]))
            strength = rate(wins, len(rs))
            versus = f"{sum(base['win_share']) / len(base['win_share']):.0%} a seat"
        print(f"| {game} | {rs[0]['players']} | {len(rs)} | {_median(times):.3f} / {max(times or [0]):.3f} | "
              f"{over} of {len(times)} | {_spread(cpu)}{cpu_over} | {_spread(bcpu)} | "
              f"{exact}/{len(times)} = {exact / max(1, len(times)):.0%} | {strength} | "
              f"{versus} |")


def _spread(values: list) -> str:
    """median / max of process seconds (— when the file predates them)."""
    return f"{_median(values):.3f} / {max(values):.3f}" if values else "—"


def _winners(returns: list) -> list:
    """Seats with the greatest return, when returns differ (a tie of all is no win)."""
    if not returns or len(set(returns)) == 1:
        return []
    best = max(returns)
    return [s for s, r in enumerate(returns) if r == best]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("match", help="play seeded games of one target")
    m.add_argument("target", choices=sorted(TARGETS))
    m.add_argument("--games", type=int, default=200)
    m.add_argument("--budget", default="1s", help="each thinking bot's budget a move: 1s, 0.25s, 500i")
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    m.add_argument("--vs", choices=["random"], help="random: the same table with random bots in every seat")
    m.add_argument("--max-actions", type=int, default=MAX_ACTIONS)
    m.add_argument("--out", help="the JSON-lines file to append to")
    m.set_defaults(run=match)
    r = sub.add_parser("report", help="summarise result files")
    r.add_argument("files", nargs="+")
    r.set_defaults(run=report)
    s = sub.add_parser("speed", help="iterations/s of each bot on each game, and what a belief costs")
    s.add_argument("--seconds", type=float, default=2.0, help="thinking time per bot and game")
    s.add_argument("--actions", type=int, default=150, help="how far into a random game to measure")
    s.add_argument("--seed", type=int, default=3)
    s.add_argument("--json", help="also write the rows to this file")
    s.set_defaults(run=speed)
    a = sub.add_parser("all", help="every file in games/ and games/examples/: time, belief and strength")
    a.add_argument("--budget", default="0.2s", help="the thinking bot's budget a move: 0.2s, 300i")
    a.add_argument("--bot", default="ismcts", help="the bot measured (KIND, its budget from --budget)")
    a.add_argument("--games", type=int, default=20, help="games per file (the bot's seat turns with each)")
    a.add_argument("--baseline", type=int, default=200,
                   help="random games per file for random's share, and to tell a co-operative game "
                        "(every seat's return the same in each); with none ended, the bot plays one seat")
    a.add_argument("--players", type=int, help="players (default: the fewest each game allows)")
    a.add_argument("--only", nargs="*", help="only the files whose path holds one of these")
    a.add_argument("--files", nargs="+", help="these rules files instead of the bundled ones (your own games)")
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--jobs", type=int, default=1)
    a.add_argument("--max-actions", type=int, default=MAX_ACTIONS)
    a.add_argument("--out", help="the JSON-lines file to append to (default results/all-BUDGET.jsonl)")
    a.add_argument("--report", help="only report this results file")
    a.set_defaults(run=all_games)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
