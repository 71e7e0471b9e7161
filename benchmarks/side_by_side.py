"""ruledsl beside other versions of the same games, measured in alternation: the ratios of issue 13.

Each comparison pairs a ruledsl rules file with a version of the same game in
another engine: a hand-written plain-Python reference (benchmarks/reference/),
OpenSpiel's pure-Python game, or OpenSpiel's C++ game driven from Python. The
two are measured in alternating rounds (measure.measure_interleaved), so that
whatever else the machine does weighs on both alike; a ratio is the median over
the rounds of ruledsl's figure ÷ the other's.
"""
from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from measure import ROOT, measure_interleaved, openspiel_target, reference_target, ruledsl_target


class Comparison(NamedTuple):
    rules: str          # the ruledsl game
    players: int
    engine: str         # "reference" or "open_spiel"
    other: str          # benchmarks/reference/<other>.py, or OpenSpiel's game name
    goal: str           # what issue 13 asks of the ratio
    muted: bool = False  # ruledsl plays as a bot's rollout: nothing logged, actions by index


COMPARISONS = (
    Comparison("games/haunting_house.rules", 2, "reference", "haunting_house", "≥ 0.25"),
    Comparison("games/haunting_house.rules", 2, "reference", "haunting_house", "", muted=True),
    Comparison("games/shining.rules", 3, "reference", "shining", "≥ 0.25"),
    Comparison("games/shining.rules", 3, "reference", "shining", "", muted=True),
    Comparison("games/examples/tic_tac_toe.rules", 2, "open_spiel", "python_tic_tac_toe", "≥ 2"),
    Comparison("games/examples/tic_tac_toe.rules", 2, "open_spiel", "python_tic_tac_toe", "", muted=True),
    Comparison("games/examples/connect_four.rules", 2, "open_spiel", "connect_four", ""),
    Comparison("games/examples/breakthrough.rules", 2, "open_spiel", "breakthrough", ""),
)


def run(args, log, pyspiel) -> list[dict]:
    """Every comparison whose other engine is at hand: references unless --no-reference, OpenSpiel's
    games when pyspiel imports."""
    out = []
    for c in COMPARISONS:
        if c.engine == "reference" and args.no_reference or c.engine == "open_spiel" and pyspiel is None:
            continue
        mine = ruledsl_target(str(ROOT / c.rules), c.players, args, lambda m: log(m + " ⇄"), c.muted)
        if c.engine == "reference":
            theirs = reference_target(c.other, c.players, args, lambda m: log(m + " ⇄"))
        else:
            theirs = openspiel_target(c.other, args, lambda m: log(m + " ⇄"))
        mine_r, theirs_r, ratios = measure_interleaved(mine, theirs)
        mine_r["load_and_compile_s"] = mine.load_s
        out.append({
            "game": c.rules, "players": c.players, "engine": c.engine, "other": c.other, "goal": c.goal,
            "muted": c.muted,
            "ruledsl": mine_r, "theirs": theirs_r,
            "ratio_actions": ratios["actions_whole"], "ratio_playouts": ratios["playouts"],
            "ratio_actions_playing": ratios["actions"], "ratio_clone_us": ratios["clone_us"],
        })
    return out


def print_table(console, comparisons: list[dict], fmt) -> None:
    from rich.table import Table
    table = Table(title="Side by side: ruledsl ⇄ another engine, alternating rounds, CPU time")
    for name, justify in (("game", "left"), ("pl.", "right"), ("ruledsl actions/s", "right"),
                          ("other engine", "left"), ("its actions/s", "right"), ("ratio actions/s", "right"),
                          ("ratio playouts/s", "right"), ("goal", "left")):
        table.add_column(name, justify=justify)
    for c in comparisons:
        other = f"{c['engine']} {c['other']}"
        game = Path(c["game"]).stem + (" (muted)" if c.get("muted") else "")
        table.add_row(game, str(c["players"]), fmt(c["ruledsl"]["actions_per_s_whole"]), other,
                      fmt(c["theirs"]["actions_per_s_whole"]), _ratio(c["ratio_actions"]),
                      _ratio(c["ratio_playouts"]), c["goal"])
    console.print(table)
    console.print("ratio = ruledsl ÷ the other, the median over the rounds; actions/s here count whole "
                  "playouts, new game included (a reference cannot tell its set-up apart). (muted): ruledsl "
                  "plays as a search bot's rollout does, logging nothing and taking actions by index "
                  "(a reference and OpenSpiel keep no log).")


def _ratio(x) -> str:
    if x is None:
        return "—"
    return f"{x:.3f}" if x < 0.1 else f"{x:.2f}"
