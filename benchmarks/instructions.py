"""Machine instructions an action (valgrind's callgrind), in this tree and in other checkouts
side by side: the measure to judge a small change to the engine by.

    python benchmarks/instructions.py shining --players 3 --playouts 12
    python benchmarks/instructions.py haunting_house --playouts 4 --against /tmp/base
    python benchmarks/instructions.py shining --players 3 --setup --playouts 40
    python benchmarks/instructions.py tic_tac_toe --playouts 60 --without started --without typed

Seconds move with whatever else the machine does, and opcodes (opcodes.py) count a list
comprehension, a call or an allocation as one or a few, though each costs many times what a
compare costs: in issue 13 a change that ran 2% fewer opcodes of The Shining ran 2.3% more
instructions, and another that ran 1% fewer of The Haunting House ran 0.1% fewer. Each
checkout here is counted twice under callgrind, playing no game and playing N, and the
difference is divided by the actions played, so that starting Python, importing ruledsl and
compiling the game fall out; the garbage collector's generations are frozen once the game is
compiled, two games are played first (tables filled as asked), and PYTHONHASHSEED is 0 (set
order moves a board search's work). What is left moves by about 0.3% between checkouts that
play alike: where objects lie in memory still orders what is hashed by identity.

A checkout (--against: a directory holding an earlier ruledsl, made with `git worktree add
/tmp/base <commit>`) plays the rules file of this tree, so that each plays the same game.
Games are played as a player's game plays them (logged, actions taken as Actions), or with
--muted as a search bot's rollout does (nothing logged, actions by index); with --explicit under
explicit chance, as a belief replays a history (a draw is an action of chance's own). --setup counts
new_game() alone, a game's set-up being counted apart from its actions. --by-function N also
lists the N functions of the interpreter (C functions: the eval loop, dict lookups, the
allocator, the collector) where this tree's instructions went, by the same difference, as
callgrind_annotate reads them: what kind of work an action is made of, which Python-level
counts cannot tell. Needs valgrind; under it a game plays about fifty times slower.
"""
from __future__ import annotations

import argparse
import gc
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_REFS = re.compile(r"refs:\s+([\d,]+)")
# A line of callgrind_annotate's table: "205,404,321 ( 8.71%)  path/ceval.c:_PyEval_EvalFrameDefault'2 [lib]"
_FUNCTION = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*?)(?:\s+\[.*\])?$")


def play(game_path: str, players, playouts: int, muted: bool, setup: bool, seed: int, explicit: bool = False) -> int:
    """What one counted run does (in the checkout whose ruledsl is imported): compile the game,
    play two games, freeze the collector, then play `playouts` games (or only set them up);
    the actions played (the set-ups made, with setup)."""
    import ruledsl
    game = ruledsl.load(game_path, players=players)
    game.program
    rng = random.Random(seed)
    for i in range(2):
        _one(game, 10_000 + i, rng, muted, setup, explicit)
    gc.collect()
    gc.freeze()
    return sum(_one(game, i, rng, muted, setup, explicit) for i in range(playouts))


def _one(game, seed: int, rng, muted: bool, setup: bool, explicit: bool = False) -> int:
    st = game.new_game(seed=seed, muted=muted, chance="explicit" if explicit else "seeded")
    if setup:
        return 1
    actions = 0
    while not st.is_terminal():
        if muted:
            st.apply(rng.randrange(len(st.legal_actions())))
        else:
            st.apply(rng.choice(st.legal_actions()))
        actions += 1
    return actions


def _child_command(checkout: Path, args, playouts: int) -> list:
    command = [sys.executable, str(Path(__file__).resolve()), "--child", str(checkout), args.game_path,
               str(args.players or 0), str(playouts), str(args.seed)]
    explicit = getattr(args, "explicit", False)      # (callers made before the option do not give it)
    return command + ["--muted"] * args.muted + ["--setup"] * args.setup + ["--explicit"] * explicit


def _env(checkout: Path, without: str, cache: str) -> dict:
    return dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(checkout), RULEDSL_SLOW=without,
                RULEDSL_CACHE_DIR=cache)


def warm(checkout: Path, args, without: str, cache: str) -> None:
    """Fill the cache folder cache as the checkout's counted runs will read it (a run playing
    no game, not counted): without this the first counted run built the parser's tables and
    wrote the check's report, the second read them, and the difference (play less start-up)
    could come out below zero for a game whose playouts cost less than a cold start."""
    done = subprocess.run(_child_command(checkout, args, 0), capture_output=True, text=True,
                          env=_env(checkout, without, cache))
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-8:])
        raise SystemExit(f"the run in {checkout} failed:\n{tail}")


def counted(checkout: Path, args, playouts: int, profile: str = "/dev/null", without: str = "",
            cache: str = "") -> tuple:
    """(instructions, actions) of one run under callgrind of the checkout's ruledsl; profile:
    where callgrind writes its counts by function; without: the compiler's passes (comma
    separated) its games are made without (RULEDSL_SLOW); cache: the cache folder it reads
    (warmed first, its own: runs of other checkouts at the same time write theirs)."""
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={profile}"] + \
        _child_command(checkout, args, playouts)
    done = subprocess.run(command, capture_output=True, text=True, env=_env(checkout, without, cache))
    found = _REFS.search(done.stderr)
    if done.returncode != 0 or found is None:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-8:])
        raise SystemExit(f"the run in {checkout} failed:\n{tail}")
    return int(found.group(1).replace(",", "")), int(done.stdout.strip().splitlines()[-1])


def per_action(checkout: Path, args, keep=None, without: str = "") -> tuple:
    """(instructions an action (a set-up, with --setup), actions played) in the checkout, its games
    made without the passes named in without. keep: a directory callgrind writes the two runs'
    counts by function to (idle.out, played.out)."""
    idle, played = (f"{keep}/idle.out", f"{keep}/played.out") if keep else ("/dev/null", "/dev/null")
    with tempfile.TemporaryDirectory(prefix="ruledsl-instructions-") as cache:
        cache = os.path.join(cache, "cache")
        warm(checkout, args, without, cache)
        base, _ = counted(checkout, args, 0, idle, without, cache)
        total, actions = counted(checkout, args, args.playouts, played, without, cache)
    if total < base:
        raise SystemExit(f"{checkout}: playing {actions:,} {'set-ups' if args.setup else 'actions'} counted fewer "
                         f"instructions ({total:,}) than playing none ({base:,}): the two runs did not start alike")
    return (total - base) / max(actions, 1), actions


def by_function(kept: str) -> Counter:
    """{C function: instructions} spent playing less playing none, of the runs per_action kept."""
    spent = functions_of(_annotated(f"{kept}/played.out"))
    spent.subtract(functions_of(_annotated(f"{kept}/idle.out")))
    return Counter({name: n for name, n in spent.items() if n > 0})


def _annotated(profile: str) -> str:
    done = subprocess.run(["callgrind_annotate", "--threshold=100", profile], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"callgrind_annotate could not read {profile}: {done.stderr.strip()}")
    return done.stdout


def functions_of(annotated: str) -> Counter:
    """{function: instructions} of callgrind_annotate's table, each function once (its recursive
    calls, `name'2`, added to it; the program's total left out)."""
    found = Counter()
    for line in annotated.splitlines():
        m = _FUNCTION.match(line)
        if m is None or m.group(2) == "PROGRAM TOTALS":
            continue
        name = re.sub(r"'\d+$", "", m.group(2).rsplit(":", 1)[-1])
        found[name] += int(m.group(1).replace(",", ""))
    return found


def print_functions(spent: Counter, top: int) -> None:
    total = sum(spent.values())
    print(f"where this tree's instructions went ({total:,} in all, by C function):")
    for name, n in spent.most_common(top):
        print(f"  {n / total:6.1%}  {name}")


def _child(argv) -> int:
    """The counted run: `--child CHECKOUT GAME PLAYERS PLAYOUTS SEED [--muted] [--setup] [--explicit]`;
    prints the actions played."""
    checkout, game_path, players, playouts, seed = argv[:5]
    sys.path.insert(0, checkout)
    import ruledsl
    if not Path(ruledsl.__file__).resolve().is_relative_to(Path(checkout).resolve()):
        raise SystemExit(f"ruledsl was imported from {ruledsl.__file__}, not from {checkout}")
    print(play(game_path, int(players) or None, int(playouts), "--muted" in argv, "--setup" in argv, int(seed),
               "--explicit" in argv))
    return 0


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        return _child(argv[1:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("game", help="a rules file, or the name of a bundled game (tic_tac_toe, haunting_house, ...)")
    ap.add_argument("--players", type=int, help="player count (default: the game's lowest)")
    ap.add_argument("--playouts", type=int, default=10, help="games to count (default 10)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the random.Random that picks actions (default 0)")
    ap.add_argument("--muted", action="store_true", help="play as a search bot's rollout: no log, actions by index")
    ap.add_argument("--setup", action="store_true", help="count new_game() alone: instructions a set-up")
    ap.add_argument("--explicit", action="store_true",
                    help="play under explicit chance, as a belief replays: each draw, roll or shuffle an action of "
                         "chance's own (outcomes picked as any action is)")
    ap.add_argument("--by-function", type=int, default=0, metavar="N",
                    help="also list the N C functions this tree's instructions went to")
    ap.add_argument("--against", action="append", default=[], metavar="CHECKOUT",
                    help="also count this checkout of ruledsl (a directory), beside this tree; may be repeated")
    ap.add_argument("--without", action="append", default=[], metavar="PASS",
                    help="also count this tree with its games made without the compiler's pass PASS (what the pass "
                         "saves: docs/architecture.md, \"The passes\"); may be repeated")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        ap.error("valgrind is not installed (it counts the instructions): on Debian or Ubuntu, "
                 "`apt-get install valgrind`")
    if args.playouts < 1:
        ap.error("--playouts must be at least 1")
    if args.by_function and shutil.which("callgrind_annotate") is None:
        ap.error("callgrind_annotate is not installed (it comes with valgrind)")
    checkouts = [ROOT] + [Path(p).resolve() for p in args.against]
    sys.path.insert(0, str(ROOT))
    from ruledsl.runtime.compiler.passes import ALL
    unknown = [name for name in args.without if name not in ALL]
    if unknown:
        ap.error(f"no pass named {', '.join(unknown)}; the passes are {', '.join(ALL)}")
    for checkout in checkouts:
        if not (checkout / "ruledsl" / "__init__.py").is_file():
            ap.error(f"{checkout} holds no ruledsl package (a checkout of this repository is a directory "
                     "with ruledsl/ in it)")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from playouts import select_games
    paths = select_games([args.game])
    if len(paths) != 1:
        ap.error(f"{args.game!r} matches {len(paths)} games; name one")
    args.game_path = paths[0]
    unit, played = ("a set-up", "set-ups") if args.setup else ("an action", "actions")
    with tempfile.TemporaryDirectory() as kept:
        # (each count runs alone in one process: as many at once as the machine has cores; this
        # tree's runs keep their counts by function when asked for)
        runs = [(checkout, "") for checkout in checkouts] + [(ROOT, name) for name in args.without]
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            results = list(pool.map(lambda run: per_action(
                run[0], args, kept if args.by_function and run == (ROOT, "") else None, run[1]), runs))
        mine = results[0][0]
        for (checkout, without), (count, actions) in zip(runs, results):
            if without:
                print(f"{checkout} without {without}: {count:,.0f} instructions {unit} ({actions:,} {played})"
                      f"  (the pass saves {1 - mine / count:.2%})")
                continue
            against = f"  (this tree {mine / count - 1:+.2%})" if checkout is not ROOT else ""
            print(f"{checkout}: {count:,.0f} instructions {unit} ({actions:,} {played}){against}")
        if args.by_function:
            print_functions(by_function(kept), args.by_function)
    return 0


if __name__ == "__main__":
    sys.exit(main())
