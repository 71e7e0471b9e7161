"""The report in a terminal: rich tables, one group per variant, then the variants side by side."""
from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

BARS = " ▁▂▃▄▅▆▇█"
# How many rows of the long lists (usage, lines never run) the terminal shows; --html shows all.
MAX_ROWS = 12


def pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def interval(ci) -> str:
    return "" if not ci or ci[0] is None else f"{100 * ci[0]:.0f}–{100 * ci[1]:.0f}%"


def span(ci, digits: int = 1) -> str:
    """A 95 % interval of numbers (a mean score's)."""
    return "" if not ci or ci[0] is None else f"{ci[0]:.{digits}f}–{ci[1]:.{digits}f}"


def num(x, digits: int = 1) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def p_text(p) -> str:
    return "-" if p is None else ("<0.001" if p < 0.001 else f"{p:.3f}")


def sparkline(counts: list) -> str:
    top = max(counts) if counts else 0
    return "".join(BARS[round(c / top * (len(BARS) - 1))] if top else " " for c in counts)


class Titled(Group):
    """A table under a title line of its own (a table's own title wraps to the table's width)."""

    def __init__(self, title: str, table: Table):
        super().__init__(Text(title, style="bold"), table)
        self.table = table

    def add_row(self, *cells) -> None:
        self.table.add_row(*cells)


def table(title: str, *columns: str) -> Titled:
    t = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for i, c in enumerate(columns):
        t.add_column(c, justify="left" if i == 0 else "right")
    return Titled(title, t)


def completion_table(m: dict) -> Table:
    c = m["completion"]
    t = table("Completion and endings", "", "games", "share")
    t.add_row("finished", str(c["finished"]), f"{pct(c['finished_rate'])} ({interval(c['finished_ci'])})")
    t.add_row("stopped by --max-actions", str(c["unfinished"]), pct(c["unfinished"] / c["games"] if c["games"] else 0))
    t.add_row("failed with an error", str(c["errors"]), pct(c["errors"] / c["games"] if c["games"] else 0))
    for e in m["endings"]:
        t.add_row(f"  ended at {e['where']}: {e['text']}", str(e["games"]), pct(e["share"]))
    for err in c["error_list"]:
        seeds = ", ".join(map(str, err["seeds"][:5])) + (", …" if len(err["seeds"]) > 5 else "")
        t.add_row(Text(f"  {err['message']} (seeds {seeds})", style="red"), str(err["games"]), "")
    return t


def duration_table(m: dict) -> Table:
    t = table("Duration (finished games)", "", "mean", "sd", "median", "10–90%", "min", "max", "histogram")
    for name, d in m["duration"].items():
        s = d["spread"]
        if s is None:
            continue
        t.add_row(name, num(s["mean"]), num(s["sd"]), num(s["median"], 0), f"{s['p10']:.0f}–{s['p90']:.0f}",
                  str(s["min"]), str(s["max"]), sparkline(d["histogram"]["counts"]))
    return t


def seats_table(m: dict) -> Table:
    s = m["seats"]
    if s.get("shared_score"):
        return shared_table(s["shared_score"], s["together"])
    t = table(f"Seats (fair share {pct(s['fair_share'])}; equal chances p = {p_text(s['even_p'])})",
              "seat", "wins", "win rate", "95% interval", "mean return")
    for row in s["table"]:
        t.add_row(row["seat"], str(row["wins"]), pct(row["win_rate"]), interval(row["win_ci"]), num(row["mean_return"], 3))
    return t


def shared_table(score: dict, team: bool) -> Table:
    """A game whose seats win or lose together: the team's score, not wins or draws."""
    t = table("Shared score (every seat's return the same in every game)" if team else "Score",
              "", "games", "mean", "95% interval", "min", "max")
    t.add_row("score", str(score["games"]), num(score["mean"], 3), span(score["ci"], 3), num(score["min"], 3),
              num(score["max"], 3))
    return t


def outcomes_table(m: dict) -> Table:
    names = {"lone_winner": "one winner", "shared_wins": "shared win (a tie for first)",
             "everyone_won": "everyone won (the team)", "no_winner": "no one won", "draws": "draw (all equal)",
             "everyone_lost": "everyone lost"}
    if m["seats"].get("together"):     # a team wins or loses together: no draws, no lone winners
        names = {"everyone_won": "the team won", "everyone_lost": "the team lost"}
    t = table("Outcomes", "", "games", "rate", "95% interval")
    for key, label in names.items():
        o = m["outcomes"][key]
        if not o["games"]:
            continue
        t.add_row(label, str(o["games"]), pct(o["rate"]), interval(o["ci"]))
    return t


def branching_table(m: dict) -> Table:
    b = m["branching"]
    t = table("Branching", "", "value")
    if b["options"]:
        o = b["options"]
        t.add_row("options a decision (mean, median, max)", f"{o['mean']:.1f}, {o['median']:.0f}, {o['max']}")
    t.add_row("decisions with one option", pct(b["forced_rate"]))
    if b["per_game"]:
        t.add_row("decisions a game (mean)", num(b["per_game"]["mean"]))
    t.add_row("decisions a game by seat", ", ".join(f"{s['seat']} {s['mean']:.1f}" for s in b["per_seat"]))
    return t


def skill_table(m: dict) -> Table:
    s = m["skill"]
    if s.get("measure", "win rate") == "return":
        gap = "n/a" if s["gap"] is None else f"{s['gap']:+.3f}"
        t = table(f"Skill: each bot at every seat in turn against {s['against']} (mean return gap {gap}, "
                  f"p = {p_text(s['p'])})", "bot", "games", "mean return", "95% interval")
        for row in s["levels"]:
            t.add_row(row["bot"], str(row["finished"]), num(row["mean_return"], 3), span(row["return_ci"], 3))
        return t
    t = table(f"Skill: each bot at every seat in turn against {s['against']} (gap {s['gap'] * 100:+.1f} points, "
              f"p = {p_text(s['p'])})", "bot", "games", "win rate", "95% interval", "mean return")
    for row in s["levels"]:
        t.add_row(row["bot"], str(row["finished"]), pct(row["win_rate"]), interval(row["win_ci"]),
                  num(row["mean_return"], 3))
    return t


def usage_table(usage: list, title: str) -> Titled:
    """The decisions asked most, each with its options' shares; then options flagged never or
    always taken."""
    t = table(title, "decision (line) / option", "offered", "taken", "rate", "")
    for d in sorted(usage, key=lambda d: -d["asked"])[:6]:
        t.add_row(Text(f"{d['decision']}  {d['text'][:44]}", style="bold"), str(d["asked"]), "", "", "asked")
        for o in d["options"][:4]:
            t.add_row(f"    {o['label'][:56]}", str(o["offered"]), str(o["taken"]), pct(o["rate"]),
                      Text(o["flag"], style="yellow"))
        if len(d["options"]) > 4:
            t.add_row(f"    … {len(d['options']) - 4} more options", "", "", "", "")
    flagged = [(d, o) for d in usage for o in d["options"] if o["flag"]]
    for d, o in flagged[:MAX_ROWS]:
        t.add_row(f"{d['decision']}  {o['label'][:56]}", str(o["offered"]), str(o["taken"]), pct(o["rate"]),
                  Text(o["flag"], style="yellow"))
    if len(flagged) > MAX_ROWS:
        t.add_row(f"… {len(flagged) - MAX_ROWS} more flagged (see --html or --json)", "", "", "", "")
    return t


def coverage_table(m: dict):
    c = m["coverage"]
    if not c["never"]:
        return Text(f"Rules that ran: all {c['code_lines']} lines of code, in {c['traced_games']} games", style="bold")
    t = table(f"Rules that ran: {c['lines_run']} of {c['code_lines']} lines of code ({pct(c['share'])}) "
              f"in {c['traced_games']} games", "never ran", "")
    for row in c["never"][:MAX_ROWS]:
        t.add_row(row["where"], row["text"][:70])
    if len(c["never"]) > MAX_ROWS:
        t.add_row(f"… {len(c['never']) - MAX_ROWS} more", "")
    return t


def comparison_table(comparison: dict) -> Table:
    t = table(f"{comparison['variant']} against {comparison['reference']}", "metric", "reference", "this", "difference",
              "p", "")
    for row in comparison["rows"]:
        rate = "wins" in row["metric"] or "finished" in row["metric"]
        show = pct if rate else num
        diff = "-" if row["difference"] is None else (f"{100 * row['difference']:+.1f} pts" if rate
                                                      else f"{row['difference']:+.1f}")
        t.add_row(row["metric"], show(row["reference"]), show(row["value"]), diff, p_text(row["p"]),
                  Text("significant", style="bold") if row["significant"] else "")
    return t


def variant_group(m: dict) -> Group:
    v = m["variant"]
    c = m["completion"]
    head = Text(f"{v['title']}: {v['label']}, {c['games']} games, bots {', '.join(m['bots'])}", style="bold underline")
    parts = [head, completion_table(m), duration_table(m), seats_table(m), outcomes_table(m), branching_table(m)]
    if m["skill"]:
        parts.append(skill_table(m))
    if m["usage"]:
        parts.append(usage_table(m["usage"], "Rule usage in these games (flagged: offered 20+ times, never or always taken)"))
    if m["usage_strongest"] and m["skill"]["levels"][-1]["bot"] != "random":
        parts.append(usage_table(m["usage_strongest"], f"Rule usage by {m['skill']['levels'][-1]['bot']}"))
    if m["coverage"].get("traced_games"):
        parts.append(coverage_table(m))
    return Group(*parts, Text(""))


def report(data: dict) -> Group:
    """The whole report as one rich renderable."""
    parts = [variant_group(m) for m in data["variants"]]
    parts += [comparison_table(c) for c in data["comparisons"]]
    return Group(*parts)
