"""How many keys a person presses to play a whole game of `ruledsl play`, line by line and full screen.

    python benchmarks/keypresses.py                          # The Haunting House, 2 players, seeds 1-5
    python benchmarks/keypresses.py --game shining --players 3 --seeds 1 2 3
    python benchmarks/keypresses.py --pilot                  # also press them in the full screen (Textual)
    python benchmarks/keypresses.py --json

Seat 1 is the person, the other seats random bots; the person takes what a random bot
(seeded apart) would, so one game is played and counted three ways:

- line: the flat numbered menu of `ruledsl play --line`: the option's number, then Enter, at
  every decision (one with a single option too).
- arrows: the full screen with decisions in steps: at each step the arrow presses to the part
  (down, or up round the end of the list when that is shorter), then Enter; a decision with
  one option is taken for you (no key).
- typed: the same, but at each step the fewer of arrows and typing a filter (the shortest
  run of letters that puts the part first on the list), then Enter.

With --pilot, the arrows are pressed in the real app (Textual's Pilot) and counted there too,
to check the counting.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ruledsl  # noqa: E402
from ruledsl.agents import RandomAgent, seat_seed  # noqa: E402


def bundled(name: str) -> str:
    path = Path(name)
    return str(path if path.suffix == ".rules" else ROOT / "games" / f"{name}.rules")


def arrow_keys(choices: list, position: int) -> int:
    """Arrows from the top of the list to position (the list wraps round), then Enter."""
    return min(position, len(choices) - position) + 1


def typed_keys(choices: list, position: int, label_of) -> int:
    """Keys to reach choices[position] by typing: the shortest substring of its text that no
    earlier choice contains (the filter keeps order), then Enter; or arrows when fewer."""
    arrows = arrow_keys(choices, position)
    text = label_of(choices[position]).lower()
    earlier = [label_of(c).lower() for c in choices[:position]]
    for size in range(1, min(len(text), arrows - 1) + 1):
        for start in range(len(text) - size + 1):
            piece = text[start:start + size]
            if not any(piece in e for e in earlier):
                return size + 1
    return arrows


def step_keys(state, index: int) -> tuple:
    """(arrows, typed, the longest list shown) to take option index of the pending decision in steps."""
    steps = state.decision_steps()
    labels = state.legal_labels()
    label_of = (lambda c: labels[c.index] if c.index is not None else c.text)
    arrows = typed = longest = 0
    path: tuple = ()
    for part in steps.parts(index):
        choices = steps.choices(path)
        longest = max(longest, len(choices))
        position = next(i for i, c in enumerate(choices) if c.text == part)
        arrows += arrow_keys(choices, position)
        typed += typed_keys(choices, position, label_of)
        if choices[position].index == index:
            return arrows, typed, longest
        path += (part,)
    choices = steps.choices(path)                       # a selection stopped early: "that is all"
    position = next(i for i, c in enumerate(choices) if c.index == index)
    return (arrows + arrow_keys(choices, position), typed + typed_keys(choices, position, label_of),
            max(longest, len(choices)))


def count(path: str, players, seed: int) -> dict:
    """Play one game (seat 1 by a seeded random bot) and count its keys three ways."""
    game = ruledsl.load(path, players=players)
    state = game.new_game(seed=seed)
    agents = {s: RandomAgent(seat_seed(seed, s)) for s in range(game.players)}
    agents[ruledsl.CHANCE] = RandomAgent(seat_seed(seed, ruledsl.CHANCE))
    out = {"seed": seed, "players": game.players, "decisions": 0, "single": 0, "largest menu": 0, "largest step": 0,
           "line": 0, "arrows": 0, "typed": 0, "taken": []}
    while not state.is_terminal():
        seat = state.current_player
        single = seat == 0 and len(state.legal_actions()) == 1
        # the person's choices come from their bot only where there is a choice, as in the app
        action = state.legal_actions()[0] if single else agents[seat].choose(state)
        if seat == 0:
            n = len(state.legal_actions())
            out["decisions"] += 1
            out["largest menu"] = max(out["largest menu"], n)
            out["line"] += len(str(action.index + 1)) + 1
            if n == 1:
                out["single"] += 1
            else:
                arrows, typed, longest = step_keys(state, action.index)
                out["largest step"] = max(out["largest step"], longest)
                out["arrows"] += arrows
                out["typed"] += typed
                out["taken"].append(action.index)
        state.apply(action)
    out["actions"] = len(state.actions_taken)
    return out


def pilot_count(path: str, players, seed: int) -> int:
    """Press the arrows and Enters of the same game in the full-screen app; the keys pressed."""
    from ruledsl.cli.session import GameSession
    from ruledsl.cli.tui.app import PlayApp
    from ruledsl.cli.tui.decide import DecisionPane

    game = ruledsl.load(path, players=players)
    bots = {s: RandomAgent(seat_seed(seed, s)) for s in range(1, game.players)}
    bots[ruledsl.CHANCE] = RandomAgent(seat_seed(seed, ruledsl.CHANCE))
    me = RandomAgent(seat_seed(seed, 0))
    session = GameSession(game, game.new_game(seed=seed), bots, [0], "/dev/null")
    app = PlayApp(session)
    pressed = 0

    async def main():
        nonlocal pressed
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            pane = app.query_one(DecisionPane)
            while not session.state.is_terminal():
                index = me.choose(session.state).index      # the app took one-option decisions itself
                for part in list(pane.steps.parts(index)) + [None]:
                    choices = pane.shown
                    position = next(i for i, c in enumerate(choices)
                                    if (c.text == part if part is not None else c.index == index))
                    down = position <= len(choices) - position
                    moves = position if down else len(choices) - position
                    for _ in range(moves):
                        await pilot.press("down" if down else "up")
                    await pilot.press("enter")
                    pressed += moves + 1
                    if choices[position].index == index:
                        break
                await pilot.pause()
    asyncio.run(main())
    return pressed


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="haunting_house", help="a bundled game's name or a rules file")
    parser.add_argument("--players", type=int, help="default: the fewest the game allows")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--pilot", action="store_true", help="also press the keys in the full-screen app")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    path = bundled(args.game)
    rows = []
    for seed in args.seeds:
        row = count(path, args.players, seed)
        if args.pilot:
            row["pilot"] = pilot_count(path, args.players, seed)
        del row["taken"]
        rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    title = ruledsl.load(path, players=args.players).title
    print(f"{title}: keys to play a whole game as seat 1 against random bots")
    head = ["seed", "players", "actions", "decisions", "single", "largest menu", "largest step", "line", "arrows",
            "typed"]
    if args.pilot:
        head.append("pilot")
    print("  ".join(f"{h:>12}" for h in head))
    for row in rows:
        print("  ".join(f"{row[h]:>12}" for h in head))
    total = {h: sum(r[h] for r in rows) for h in ("line", "arrows", "typed")}
    print(f"total: line {total['line']}, steps with arrows {total['arrows']} "
          f"({total['arrows'] / total['line']:.0%}), steps with typing {total['typed']} "
          f"({total['typed'] / total['line']:.0%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
