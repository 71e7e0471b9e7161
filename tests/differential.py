"""Differential traces: what every seat is offered, told and shown in seeded random games.

A trace is the sequence, action by action, of (seat to act, legal labels,
the action taken, the events each seat was told since the last action,
every seat's view without its log, returns). The golden file
tests/golden/differential.json holds, for each case (a game file, a player
count, options, a seed), the number of actions and digests of the trace
after every CHECKPOINT actions; any change to what any seat can observe
changes a digest at the first checkpoint after it.

    python -m tests.differential --write          # rewrite the golden digests
    python -m tests.differential CASE --from 40 --to 60
                                                  # print that stretch of one case's trace

The second form, run at two commits, shows exactly where two engines part.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import ruledsl

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "differential.json"
CHECKPOINT = 10
MAX_ACTIONS = 160
SEEDS = (1, 2, 3)

# (file, options) pairs; each runs at its fewest and its most players.
GAMES = [
    ("games/haunting_house.rules", {}),
    ("games/haunting_house_tiles.rules", {}),
    ("games/shining.rules", {}),
    ("games/shining.rules", {"corrupted": "true"}),
    ("games/shining_harsh.rules", {}),
    ("games/tillinghast.rules", {}),
    ("games/tillinghast_mill.rules", {}),
    ("games/unrelenting_other.rules", {}),
    ("games/unrelenting_other.rules", {"night_moves": "OwnRabbit", "roll_roles_at_night": "true"}),
    ("games/examples/dice_race.rules", {}),
    ("games/examples/high_card.rules", {}),
    ("games/examples/tic_tac_toe.rules", {}),
    ("games/examples/connect_four.rules", {}),
    ("games/examples/breakthrough.rules", {}),
]


def cases() -> list:
    """Every case as (name, path, players, options, seed)."""
    out = []
    for path, options in GAMES:
        game = ruledsl.load(str(ROOT / path), options=options)
        low, high = game.definition.players.low, game.definition.players.high
        for players in sorted({low, high}):
            for seed in SEEDS:
                opts = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
                name = f"{Path(path).stem}{'[' + opts + ']' if opts else ''}/{players}p/seed{seed}"
                out.append((name, path, players, options, seed))
    return out


def steps(path: str, players: int, options: dict, seed: int, chance: str = "seeded"):
    """The trace of one case, one JSON-ready record per action (the first is the start)."""
    game = ruledsl.load(str(ROOT / path), players=players, options=options)
    state = game.new_game(seed=seed, chance=chance)
    pick = random.Random(seed)
    seats = list(range(players)) + [None]
    told = {s: 0 for s in seats}
    for _ in range(MAX_ACTIONS + 1):
        record = {"to_act": state.current_player, "legal": state.legal_labels(), "events": {}, "views": {}}
        for s in seats:
            events = state.events(s)
            record["events"][str(s)] = events[told[s]:]
            told[s] = len(events)
            view = state.view(s)
            del view["log"]
            record["views"][str(s)] = view
        record["returns"] = state.returns()
        if state.is_terminal() or not record["legal"]:
            yield record
            return
        if state.is_chance():
            outcomes = state.chance_outcomes()
            action = pick.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0].label
        else:
            action = pick.choice(record["legal"])
        record["action"] = action
        yield record
        state.apply(action)


def digests(path, players, options, seed, chance="seeded") -> dict:
    """{"actions": n, "checkpoints": [digest after every CHECKPOINT actions, and at the end]}."""
    h = hashlib.sha256()
    marks = []
    count = 0
    for count, record in enumerate(steps(path, players, options, seed, chance)):
        h.update(json.dumps(record, sort_keys=True).encode())
        if count % CHECKPOINT == CHECKPOINT - 1:
            marks.append(h.hexdigest()[:16])
    marks.append(h.hexdigest()[:16])
    return {"actions": count, "checkpoints": marks}


def all_digests() -> dict:
    out = {}
    for name, path, players, options, seed in cases():
        out[name] = digests(path, players, options, seed)
        out[name + "/explicit"] = digests(path, players, options, seed, "explicit")
    return out


def _show(name: str, start: int, stop: int) -> None:
    chance = "explicit" if name.endswith("/explicit") else "seeded"
    base = name.removesuffix("/explicit")
    for case, path, players, options, seed in cases():
        if case == base:
            for i, record in enumerate(steps(path, players, options, seed, chance)):
                if start <= i < stop:
                    print(json.dumps({"step": i, **record}, sort_keys=True, indent=1))
            return
    sys.exit(f"no case {name!r}; cases are: {', '.join(c[0] for c in cases())}")


def main(argv: list) -> None:
    if argv[:1] == ["--write"]:
        GOLDEN.write_text(json.dumps(all_digests(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {GOLDEN}")
        return
    if not argv:
        sys.exit(__doc__)
    start = int(argv[argv.index("--from") + 1]) if "--from" in argv else 0
    stop = int(argv[argv.index("--to") + 1]) if "--to" in argv else MAX_ACTIONS + 1
    _show(argv[0], start, stop)


if __name__ == "__main__":
    main(sys.argv[1:])
