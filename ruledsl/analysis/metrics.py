"""From game records to the metrics of one variant: completion and endings, duration, seats,
outcomes, branching, rule usage, coverage and the skill curve (plain dicts, ready for JSON)."""
from __future__ import annotations

import os
import statistics
from collections import Counter

from . import stats
from .play import ANY_ITEM, ASKED, MAX_ITEMS_COUNTED

# An option needs this many offers before "never taken" or "always taken" is said of it.
MIN_OFFERS = 20


def source_line(variant, where: str) -> str:
    """The text of `file:line` (a basename and a line number) in the variant's sources."""
    name, _, line = where.rpartition(":")
    for path, text in variant.sources:
        if os.path.basename(path) == name and line.isdigit():
            lines = text.splitlines()
            number = int(line)
            return lines[number - 1].strip() if 0 < number <= len(lines) else ""
    return ""


def completion(records: list) -> dict:
    games = len(records)
    finished = sum(r.finished for r in records)
    failed = [r for r in records if r.failure is not None]
    groups: dict = {}
    for r in failed:
        groups.setdefault(r.failure.headline, []).append(r)
    errors = [{"message": message, "games": len(rs), "seeds": [r.seed for r in rs], "actions": rs[0].failure.actions}
              for message, rs in groups.items()]
    return {"games": games, "finished": finished, "unfinished": games - finished - len(failed),
            "errors": len(failed), "finished_rate": finished / games if games else 0.0,
            "finished_ci": list(stats.wilson(finished, games)), "error_list": errors}


def endings(variant, records: list) -> list:
    done = [r for r in records if r.finished]
    counts = Counter(r.ending or "the flow ran out" for r in done)
    return [{"where": where, "text": source_line(variant, where), "games": k, "share": k / len(done)}
            for where, k in counts.most_common()]


def duration(records: list) -> dict:
    done = [r for r in records if r.finished]
    out = {}
    for name in ("actions", "turns", "rounds"):
        values = [getattr(r, name) for r in done]
        out[name] = {"spread": stats.spread(values), "histogram": stats.histogram(values), "values": values}
    return out


def together(records: list) -> bool:
    """Whether the seats win or lose together: in every finished game every seat's return is the
    same (a co-operative game: the team's shared score, or its win or loss)."""
    done = [r for r in records if r.finished]
    return bool(done) and all(len(set(r.returns)) == 1 for r in done)


def shared_score(records: list) -> dict:
    """The team's score over finished games (every seat's return, one number a game): mean with
    its 95 % interval, and the spread."""
    values = [r.returns[0] for r in records if r.finished]
    mean, low, high = stats.mean_interval(values)
    return {"mean": mean, "ci": [low, high], "min": min(values), "max": max(values), "games": len(values)}


def outcomes(records: list, players: int) -> dict:
    done = [r for r in records if r.finished]
    n = len(done)
    counts = {
        "no_winner": sum(not r.winners for r in done),
        "draws": sum(not r.winners and not r.losers for r in done),
        "shared_wins": sum(len(r.winners) > 1 for r in done),
        "everyone_won": sum(len(r.winners) == players for r in done) if players > 1 else 0,
        "everyone_lost": sum(not r.winners and len(r.losers) == players for r in done),
        "lone_winner": sum(len(r.winners) == 1 for r in done),
    }
    return {name: {"games": k, "rate": k / n if n else 0.0, "ci": list(stats.wilson(k, n))} for name, k in counts.items()}


def seats(records: list, names: list) -> dict:
    """Per seat: wins, losses, win rate and mean return with 95 % intervals; the first player's
    advantage (its win rate against a fair share) and a test that every seat's chance is equal."""
    done = [r for r in records if r.finished]
    n = len(done)
    rows = []
    for seat, name in enumerate(names):
        wins = sum(seat in r.winners for r in done)
        returns = [r.returns[seat] for r in done]
        mean, low, high = stats.mean_interval(returns)
        rows.append({"seat": name, "wins": wins, "losses": sum(seat in r.losers for r in done),
                     "win_rate": wins / n if n else 0.0, "win_ci": list(stats.wilson(wins, n)),
                     "mean_return": mean, "return_ci": [low, high]})
    fair = 1 / len(names)
    first = rows[0]
    team = together(records) and len(names) > 1
    return {"table": rows, "fair_share": fair, "together": team,
            "shared_score": shared_score(records) if together(records) else None,
            "first_player": {"win_rate": first["win_rate"], "win_ci": first["win_ci"],
                             "advantage": first["win_rate"] - fair if n else None},
            "spread": max(r["win_rate"] for r in rows) - min(r["win_rate"] for r in rows),
            "even_p": stats.even_shares_p([r["wins"] for r in rows])}


def branching(records: list, names: list) -> dict:
    counts: Counter = Counter()
    for r in records:
        counts.update(r.options)
    total = sum(counts.values())
    per_game = [sum(r.decisions) for r in records]
    values = sorted(counts.elements())
    return {"decisions": total,
            "options": stats.spread(values) if values else None,
            "histogram": {str(k): counts[k] for k in sorted(counts)},
            "forced_rate": counts[1] / total if total else 0.0,
            "per_game": stats.spread(per_game),
            "per_seat": [{"seat": name, "mean": statistics.fmean([r.decisions[i] for r in records]) if records else 0.0}
                         for i, name in enumerate(names)]}


def usage(variant, records: list) -> list:
    """Per decision (by its line): how often it was asked, and per option how often it was
    offered and taken; options offered often and never taken, or always taken, are flagged."""
    totals: dict = {}
    labels: dict = {}
    for r in records:
        for key, (offered, taken) in r.usage.items():
            pair = totals.setdefault(key, [0, 0])
            pair[0] += offered
            pair[1] += taken
        for key, label in r.labels.items():
            labels.setdefault(key, label)
    decisions: dict = {}
    for (where, option), (offered, taken) in totals.items():
        entry = decisions.setdefault(where, {"decision": where, "text": source_line(variant, where), "asked": 0,
                                             "options": []})
        if option == ASKED:
            entry["asked"] = offered
            continue
        flag = ""
        if option == ANY_ITEM:
            pass                    # one of many items: always "taken", which says nothing
        elif offered >= MIN_OFFERS and taken == 0:
            flag = "never taken"
        elif offered >= MIN_OFFERS and taken == offered:
            flag = "always taken"
        text = source_line(variant, f"{where.rpartition(':')[0]}:{option[5:]}") if option.startswith("line ") else ""
        example = labels.get((where, option), option)
        if option == ANY_ITEM:
            example = f"any of more than {MAX_ITEMS_COUNTED} items (as \"{example}\")"
        # A menu's option reads as the rules write it (its labels vary: "move {r}"), an item as its label.
        entry["options"].append({"option": option, "label": text or example, "example": example, "text": text,
                                 "offered": offered, "taken": taken, "rate": taken / offered if offered else 0.0,
                                 "flag": flag})
    out = sorted(decisions.values(), key=lambda d: _line_order(d["decision"]))
    for entry in out:
        entry["options"].sort(key=lambda o: (-o["taken"], -o["offered"], o["option"]))
    return out


def _line_order(where: str) -> tuple:
    name, _, line = where.rpartition(":")
    return (name, int(line) if line.isdigit() else 0)


def coverage(variant, program_lines: set, lines_run: set, traced: int) -> dict:
    """Lines of rules code that ran in the traced games, and those that never did."""
    if not traced:
        return {"traced_games": 0}
    names = {(os.path.basename(p), line) for p, line in program_lines}
    ran = {(os.path.basename(p), line) for p, line in lines_run} & names
    never = sorted(names - ran)
    return {"traced_games": traced, "code_lines": len(names), "lines_run": len(ran),
            "share": len(ran) / len(names) if names else 1.0,
            "never": [{"where": f"{name}:{line}", "text": source_line(variant, f"{name}:{line}")} for name, line in never]}


def skill(levels: list, records_by_level: dict, players: int, against: str) -> dict:
    """The win rate and mean return of each level's bot, playing each seat in turn against
    `against` everywhere else; the gap between the strongest and the first level, and its p:
    in mean return (`measure` "return") when no game has a winner apart from the others (a
    shared score, points), else in win rate (`measure` "win rate"); `return_gap` and
    `return_p` always."""
    rows = []
    all_records = [r for level in levels for r, _ in records_by_level.get(level, [])]
    winners = any(r.finished and r.winners and len(set(r.returns)) > 1 for r in all_records)
    returns_by_level = {}
    for level in levels:
        records = records_by_level.get(level, [])
        done = [(r, focus) for r, focus in records if r.finished]
        wins = sum(focus in r.winners for r, focus in done)
        returns = [r.returns[focus] for r, focus in done]
        returns_by_level[level] = returns
        mean, low, high = stats.mean_interval(returns)
        rows.append({"bot": level, "games": len(records), "finished": len(done), "wins": wins,
                     "win_rate": wins / len(done) if done else 0.0, "win_ci": list(stats.wilson(wins, len(done))),
                     "mean_return": mean, "return_ci": [low, high]})
    if not rows:
        return {}
    base, top = rows[0], rows[-1]
    return_gap = (top["mean_return"] - base["mean_return"]) if top["finished"] and base["finished"] else None
    return_p = stats.two_means_p(returns_by_level[top["bot"]], returns_by_level[base["bot"]])
    out = {"against": against, "fair_share": 1 / players, "levels": rows,
           "measure": "win rate" if winners else "return", "together": together(all_records),
           "return_gap": return_gap, "return_p": return_p}
    if winners:
        out.update(gap=top["win_rate"] - base["win_rate"],
                   p=stats.two_rates_p(top["wins"], top["finished"], base["wins"], base["finished"]))
    else:
        out.update(gap=return_gap, p=return_p)
    return out
