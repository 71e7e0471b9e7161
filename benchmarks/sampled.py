"""Sampled time of N random playouts of one game (py-spy): where the seconds go, by function and by line.

    python benchmarks/sampled.py haunting_house --playouts 200
    python benchmarks/sampled.py shining --players 3 --playouts 3000 --muted
    python benchmarks/sampled.py shining --players 3 --playouts 3000 --part setup
    python benchmarks/sampled.py tic_tac_toe --playouts 20000 --lines 40

py-spy (the `bench` extra) samples the running playouts from outside the process, so
the figures carry no profiler's weight and count what opcodes.py cannot see: work done
in C for one opcode (a `zip(*…)` of a menu's options, a tuple's `in` comparing by `==`,
a set built), and the garbage collector, which runs at whichever allocation sets it off
and is charged to that line. (Issue 13: the 68-option menu's zip(*) was 5% of The
Haunting House here and not among opcodes.py's top forty.) Count instructions with
valgrind to confirm a change: samples move with the machine, a few per cent a run.

Choose --playouts for several seconds of play (a few thousand samples: each is 1/rate s).
--part play counts the samples inside `apply()` (what a bot's moves cost), setup those
inside `new_game()`, all both. Self: samples in the function's own lines; with
callees: samples anywhere under it (blocks that call the next block at once make the
flow's blocks look large).
"""
from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from playouts import ruledsl, select_games  # noqa: E402  (the same game lookup as playouts.py)

PARTS = {"play": ("apply",), "setup": ("new_game",), "all": ("apply", "new_game")}
_LINE = re.compile(r":\d+\)$")


def aggregate(raw_lines, part: str) -> tuple:
    """(samples counted, {function: self samples}, {function: samples with callees}, {line:
    self samples}) of py-spy's raw output (one `frame;frame;… count` per stack, outermost
    first, each frame `name (file:line)`), counting the stacks with a frame of a function
    PARTS[part] names."""
    wanted = PARTS[part]
    total, own, under, lines = 0, Counter(), Counter(), Counter()
    for line in raw_lines:
        line = line.rstrip("\n")
        if not line:
            continue
        stack, _, count = line.rpartition(" ")
        frames = stack.split(";")
        if not any(_function(f).split(".")[-1] in wanted for f in frames):
            continue
        if any("<frozen importlib" in f for f in frames):
            continue        # (a module imported the first time a game starts is not play)
        n = int(count)
        total += n
        names = [_LINE.sub(")", f) for f in frames]
        own[names[-1]] += n
        lines[frames[-1]] += n
        for name in set(names):
            under[name] += n
    return total, own, under, lines


def _function(frame: str) -> str:
    return frame.split(" (", 1)[0]


def _short(frame: str) -> str:
    """A frame with the checkout's and Python's own paths cut off."""
    root = str(Path(__file__).resolve().parent.parent) + "/"
    return frame.replace(root, "").replace(os.path.dirname(os.__file__) + "/", "")


def report(total: int, own: Counter, under: Counter, lines: Counter, top: int, top_lines: int) -> str:
    if not total:
        return "no samples in that part: more playouts, or a higher --rate"
    few = " (few: a share moves by several points; play more playouts)" if total < 1000 else ""
    out = [f"{total:,} samples{few}", f"{'self':>7} {'with callees':>13}  function"]
    out += [f"{100 * n / total:6.1f}% {100 * under[f] / total:12.1f}%  {_short(f)}" for f, n in own.most_common(top)]
    out += ["", f"{'self':>7}  line"]
    out += [f"{100 * n / total:6.1f}%  {_short(f)}" for f, n in lines.most_common(top_lines)]
    return "\n".join(out)


def play(path: str, players, playouts: int, seed: int, muted: bool) -> int:
    """The playouts py-spy watches: as benchmarks/playouts.py plays them (muted: by index)."""
    game = ruledsl.load(path, players=players)
    game.program
    rng = random.Random(seed)
    actions = 0
    for i in range(playouts):
        st = game.new_game(seed=i, muted=muted)
        while not st.is_terminal():
            st.apply(rng.randrange(len(st.legal_actions())) if muted else rng.choice(st.legal_actions()))
            actions += 1
    return actions


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", help="a rules file, or the name of a bundled game (tic_tac_toe, haunting_house, ...)")
    ap.add_argument("--players", type=int, help="player count (default: the game's lowest)")
    ap.add_argument("--playouts", type=int, default=200, help="random playouts to sample (default 200)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the random.Random that picks actions (default 0)")
    ap.add_argument("--muted", action="store_true", help="play as a search bot's rollout: no log, actions by index")
    ap.add_argument("--part", choices=sorted(PARTS), default="play", help="which samples to count (default play)")
    ap.add_argument("--rate", type=int, default=1000, help="samples a second (default 1000)")
    ap.add_argument("--top", type=int, default=30, help="functions to list (default 30)")
    ap.add_argument("--lines", type=int, default=25, help="lines to list (default 25)")
    ap.add_argument("--raw", metavar="FILE", help="also keep py-spy's raw samples (for flamegraph.pl)")
    ap.add_argument("--child", metavar="FILE", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    paths = select_games([args.game])
    if len(paths) != 1:
        ap.error(f"{args.game!r} matches {len(paths)} games; name one")
    if args.child:      # (the actions played go to a file: py-spy talks on the same stdout)
        Path(args.child).write_text(str(play(paths[0], args.players, args.playouts, args.seed, args.muted)))
        return 0
    spy = shutil.which("py-spy")
    if spy is None:
        ap.error("py-spy is not installed: python -m pip install py-spy (it is in the bench extra)")
    with tempfile.TemporaryDirectory() as tmp:
        raw = args.raw or os.path.join(tmp, "samples.txt")
        played = os.path.join(tmp, "actions.txt")
        child = [sys.executable, __file__, paths[0], "--child", played, "--playouts", str(args.playouts),
                 "--seed", str(args.seed)] + (["--players", str(args.players)] if args.players else []) + \
            (["--muted"] if args.muted else [])
        done = subprocess.run([spy, "record", "--rate", str(args.rate), "--format", "raw", "--output", raw,
                               "--nonblocking", "--"] + child, capture_output=True, text=True)
        if done.returncode != 0 or not os.path.exists(raw):
            print(f"py-spy failed:\n{done.stderr.strip()}", file=sys.stderr)
            return 1
        with open(raw, encoding="utf-8") as f:
            counted = aggregate(f, args.part)
        actions = Path(played).read_text() if os.path.exists(played) else "?"
    print(f"{paths[0]}: {args.playouts} playouts, {actions} actions{', muted' if args.muted else ''}; "
          f"part {args.part}")
    print(report(*counted, args.top, args.lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
