"""Python opcodes an action, and which functions run them: a measure that a busy machine cannot blur.

    python benchmarks/opcodes.py haunting_house --playouts 6
    python benchmarks/opcodes.py shining --players 3 --playouts 10 --top 40
    python benchmarks/opcodes.py tic_tac_toe --playouts 200 --unmuted
    python benchmarks/opcodes.py haunting_house --reference     # the hand-written reference, the same count
    python benchmarks/opcodes.py shining --by-part               # generated code against each runtime module

Seconds move with whatever else the machine does; the number of bytecodes the interpreter
runs does not (for the same seeds and the same PYTHONHASHSEED: set iteration order can move
a board search's work by a few per cent). Games are played as a search bot's rollout plays
them (muted from the set-up, each action taken by its index among legal_actions()), unless
--unmuted. Opcodes run inside C functions (sorted(), dict lookups) are not counted: a call into
C is one opcode, however long it runs, so read this beside benchmarks/playouts.py, not instead of it.

Set-up (new_game) is counted apart from play. The table lists the functions whose own body
ran the most opcodes (generated code shows as `<rules N: rule NAME>`).
"""
from __future__ import annotations

import argparse
import collections
import importlib
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from playouts import ruledsl, select_games  # noqa: E402  (the same game lookup as playouts.py)


class Counter:
    """Counts opcodes by code object while switched on (sys.settrace with f_trace_opcodes)."""

    def __init__(self):
        self.by_code = collections.Counter()
        self.total = 0

    def _trace(self, frame, event, arg):
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        if event == "opcode":
            self.by_code[frame.f_code] += 1
        return self._trace

    def __enter__(self):
        sys.settrace(self._trace)
        return self

    def __exit__(self, *exc):
        sys.settrace(None)
        self.total = sum(self.by_code.values())


def play(game, n: int, seed: int, muted: bool, max_actions: int) -> tuple[int, Counter, Counter]:
    """n seeded random playouts; (actions, opcodes of set-up, opcodes of play)."""
    rng = random.Random(seed)
    setup, running = Counter(), Counter()
    actions = 0
    for i in range(n):
        with setup:
            st = game.new_game(seed=i, muted=muted)
        with running:
            k = 0
            while k < max_actions and not st.is_terminal():
                if muted:
                    st.apply(rng.randrange(len(st.legal_actions())))
                else:
                    st.apply(rng.choice(st.legal_actions()))
                k += 1
        actions += k
    setup.total = sum(setup.by_code.values())
    running.total = sum(running.by_code.values())
    return actions, setup, running


def play_reference(name: str, players: int, n: int, seed: int) -> tuple[int, Counter]:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    module = importlib.import_module(f"benchmarks.reference.{name}")
    rng = random.Random(seed)
    actions = 0
    with Counter() as counter:
        for _ in range(n):
            actions += module.play(rng, players)[0]
    return actions, counter


def where(code) -> str:
    name = code.co_qualname if hasattr(code, "co_qualname") else code.co_name
    path = code.co_filename
    if path.startswith(str(ROOT)):
        path = path[len(str(ROOT)) + 1:]
    return f"{path}:{code.co_firstlineno}({name})"


def part_of(code) -> str:
    """The part of the engine a function belongs to: the rules' generated code, a runtime
    module (engine/loop, effects/effects, ...), the benchmark's own loop, or Python's library."""
    path = code.co_filename
    if path.startswith("<rules"):
        return "generated code of the rules"
    if path.startswith(str(ROOT)):
        path = path[len(str(ROOT)) + 1:]
        return path.removeprefix("ruledsl/runtime/").removesuffix(".py")
    return "Python's library (random, ...)" if "python3" in path or "frozen" in path else path


def table(counter: Counter, actions: int, top: int, by_part: bool = False) -> None:
    print(f"{'opcodes/action':>15} {'share':>6}  {'part' if by_part else 'function'}")
    counts = counter.by_code
    if by_part:
        counts = collections.Counter()
        for code, count in counter.by_code.items():
            counts[part_of(code)] += count
    for key, count in counts.most_common(top):
        print(f"{count / max(actions, 1):15,.1f} {count / max(counter.total, 1):6.1%}  "
              f"{key if by_part else where(key)}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("game", help="a rules file, or the name of a bundled game (tic_tac_toe, haunting_house, ...)")
    ap.add_argument("--players", type=int, help="player count (default: the game's lowest)")
    ap.add_argument("--playouts", type=int, default=5, help="random playouts to count (default 5)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the random.Random that picks actions (default 0)")
    ap.add_argument("--max-actions", type=int, default=3000, help="cut a playout off after this many actions")
    ap.add_argument("--top", type=int, default=25, help="functions to list (default 25; 0: only the totals)")
    ap.add_argument("--by-part", action="store_true",
                    help="sum by part of the engine (generated code, each runtime module) instead of by function")
    ap.add_argument("--unmuted", action="store_true", help="log as a player's game does, actions taken as Actions")
    ap.add_argument("--reference", action="store_true",
                    help="count the hand-written reference (benchmarks/reference/) of the game instead")
    args = ap.parse_args(argv)

    if args.reference:
        name = Path(args.game).stem
        players = args.players or 2
        actions, counter = play_reference(name, players, args.playouts, args.seed)
        print(f"reference {name}, {players} players: {args.playouts} playouts, {actions:,} actions, "
              f"{counter.total / max(actions, 1):,.0f} opcodes an action")
        if args.top:
            table(counter, actions, args.top, args.by_part)
        return 0

    paths = select_games([args.game])
    if len(paths) != 1:
        ap.error(f"{args.game!r} matches {len(paths)} games; name one")
    game = ruledsl.load(paths[0], players=args.players)
    game.program  # compile before counting
    play(game, 1, args.seed, not args.unmuted, 50)  # warm every lazily made table
    actions, setup, running = play(game, args.playouts, args.seed, not args.unmuted, args.max_actions)
    print(f"{game.title}, {game.players} players{'' if args.unmuted else ', muted'}: {args.playouts} playouts, "
          f"{actions:,} actions; {running.total / max(actions, 1):,.0f} opcodes an action, "
          f"{setup.total / args.playouts:,.0f} a set-up")
    if args.top:
        table(running, actions, args.top, args.by_part)
    return 0


if __name__ == "__main__":
    sys.exit(main())
