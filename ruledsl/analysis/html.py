"""The report as one self-contained HTML file: tables, and the plots inlined as PNG data."""
from __future__ import annotations

import base64
from html import escape

from . import plots
from .text import interval, num, p_text, pct

CSS = """
body { font-family: system-ui, sans-serif; max-width: 1000px; margin: 2em auto; color: #222; line-height: 1.4; }
h1 { font-size: 1.6em; } h2 { border-bottom: 2px solid #3b6ea8; padding-bottom: .2em; margin-top: 2em; }
h3 { margin-top: 1.5em; } table { border-collapse: collapse; margin: .5em 0 1em; font-size: .92em; }
td, th { padding: .25em .7em; border-bottom: 1px solid #ddd; text-align: right; }
td:first-child, th:first-child { text-align: left; } th { background: #f2f5f9; }
.flag { color: #b8423a; font-weight: bold; } .sig { font-weight: bold; color: #b8423a; }
.grid { display: flex; flex-wrap: wrap; gap: 1em; } img { max-width: 100%; border: 1px solid #eee; }
code { background: #f4f4f4; padding: 0 .25em; } .note { color: #666; font-size: .9em; }
.bar { display: inline-block; height: .8em; background: #3b6ea8; vertical-align: middle; }
"""


def image(png: bytes, alt: str) -> str:
    return f'<img alt="{escape(alt)}" src="data:image/png;base64,{base64.b64encode(png).decode("ascii")}">'


def rows_html(head: list, rows: list) -> str:
    out = ["<table><tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>")
    return "".join(out) + "</table>"


def bar(rate: float) -> str:
    return f'<span class="bar" style="width:{max(1, round(80 * rate))}px"></span> {pct(rate)}'


def completion(m: dict) -> str:
    c = m["completion"]
    rows = [["finished", c["finished"], f"{pct(c['finished_rate'])} ({interval(c['finished_ci'])})"],
            ["stopped by --max-actions", c["unfinished"], ""], ["failed with an error", c["errors"], ""]]
    rows += [[f"ended at <code>{escape(e['where'])}</code> {escape(e['text'])}", e["games"], bar(e["share"])]
             for e in m["endings"]]
    rows += [[f'<span class="flag">{escape(e["message"])}</span> seeds {escape(", ".join(map(str, e["seeds"][:10])))}',
              e["games"], ""] for e in c["error_list"]]
    return rows_html(["", "games", "share"], rows)


def seats(m: dict) -> str:
    s = m["seats"]
    score = s.get("shared_score")
    if score:
        ci = score["ci"]
        rows = [["score", score["games"], num(score["mean"], 3),
                 "" if ci[0] is None else f"{ci[0]:.3f}–{ci[1]:.3f}", num(score["min"], 3), num(score["max"], 3)]]
        return (rows_html(["", "games", "mean", "95 % interval", "min", "max"], rows)
                + '<p class="note">Every seat\'s return was the same in every game: the seats win or lose together, '
                  'so this is the team\'s score.</p>')
    rows = [[escape(r["seat"]), r["wins"], bar(r["win_rate"]), interval(r["win_ci"]), num(r["mean_return"], 3)]
            for r in s["table"]]
    return (rows_html(["seat", "wins", "win rate", "95 % interval", "mean return"], rows)
            + f'<p class="note">Fair share {pct(s["fair_share"])}; the test that every seat has the same chance gives '
              f'p = {p_text(s["even_p"])} (below 0.05: the seats differ).</p>')


def outcomes(m: dict) -> str:
    names = {"lone_winner": "one winner", "shared_wins": "shared win (a tie for first)",
             "everyone_won": "everyone won (the team)", "no_winner": "no one won", "draws": "draw (all equal)",
             "everyone_lost": "everyone lost"}
    if m["seats"].get("together"):     # a team wins or loses together: no draws, no lone winners
        names = {"everyone_won": "the team won", "everyone_lost": "the team lost"}
    rows = [[label, m["outcomes"][k]["games"], bar(m["outcomes"][k]["rate"]), interval(m["outcomes"][k]["ci"])]
            for k, label in names.items()]
    return rows_html(["", "games", "rate", "95 % interval"], rows)


def duration(m: dict) -> str:
    rows = []
    for name, d in m["duration"].items():
        s = d["spread"]
        if s:
            rows.append([name, num(s["mean"]), num(s["sd"]), num(s["median"], 0), f"{s['p10']:.0f}–{s['p90']:.0f}",
                         s["min"], s["max"]])
    return rows_html(["", "mean", "sd", "median", "10–90 %", "min", "max"], rows)


def skill(m: dict) -> str:
    s = m["skill"]
    if s.get("measure", "win rate") == "return":
        rows = [[escape(r["bot"]), r["finished"], num(r["mean_return"], 3),
                 "" if r["return_ci"][0] is None else f"{r['return_ci'][0]:.3f}–{r['return_ci'][1]:.3f}"]
                for r in s["levels"]]
        gap = "n/a" if s["gap"] is None else f"{s['gap']:+.3f}"
        return (rows_html(["bot", "games", "mean return", "95 % interval"], rows)
                + f'<p class="note">Each bot plays every seat in turn against {escape(s["against"])}; no game has a '
                  f'winner apart from the others, so the curve is in mean return: the strongest gets {gap} more than '
                  f'the first (p = {p_text(s["p"])}).</p>')
    rows = [[escape(r["bot"]), r["finished"], bar(r["win_rate"]), interval(r["win_ci"]), num(r["mean_return"], 3)]
            for r in s["levels"]]
    return (rows_html(["bot", "games", "win rate", "95 % interval", "mean return"], rows)
            + f'<p class="note">Each bot plays every seat in turn against {escape(s["against"])}; the strongest wins '
              f'{100 * s["gap"]:+.1f} points more than the first (p = {p_text(s["p"])}).</p>')


def usage(rows: list) -> str:
    out = []
    for d in rows:
        out.append([f"<b><code>{escape(d['decision'])}</code> {escape(d['text'])}</b>", d["asked"], "", "", "asked"])
        for o in d["options"]:
            flag = f'<span class="flag">{escape(o["flag"])}</span>' if o["flag"] else ""
            out.append([f"&nbsp;&nbsp;&nbsp;{escape(o['label'])}", o["offered"], o["taken"], bar(o["rate"]), flag])
    return rows_html(["decision / option", "offered", "taken", "taken when offered", ""], out)


def coverage(m: dict) -> str:
    c = m["coverage"]
    head = (f"<p>{c['lines_run']} of {c['code_lines']} lines of rules code ran ({pct(c['share'])}) in the first "
            f"{c['traced_games']} games.</p>")
    if not c["never"]:
        return head
    return head + rows_html(["never ran", ""], [[f"<code>{escape(r['where'])}</code>", escape(r["text"])]
                                                for r in c["never"]])


def comparison(c: dict) -> str:
    rows = []
    for r in c["rows"]:
        rate = "wins" in r["metric"] or "finished" in r["metric"]
        show = pct if rate else num
        diff = "-" if r["difference"] is None else (f"{100 * r['difference']:+.1f} pts" if rate else f"{r['difference']:+.1f}")
        rows.append([escape(r["metric"]), show(r["reference"]), show(r["value"]), diff, p_text(r["p"]),
                     '<span class="sig">significant</span>' if r["significant"] else ""])
    return (f"<h3>{escape(c['variant'])} against {escape(c['reference'])}</h3>"
            + rows_html(["metric", "reference", "this variant", "difference", "p", ""], rows))


def variant_section(m: dict) -> str:
    v = m["variant"]
    parts = [f"<h2>{escape(v['label'])}</h2>",
             f"<p>{m['completion']['games']} games; bots: {escape(', '.join(m['bots']))}.</p>",
             "<h3>Completion and endings</h3>", completion(m),
             '<div class="grid">' + image(plots.endings(m), "how games end") + "</div>" if len(m["endings"]) > 1 else "",
             "<h3>Duration</h3>", duration(m)]
    if m["duration"]["actions"]["spread"]:
        parts.append(image(plots.duration(m), "game length"))
    seat_plot = "" if m["seats"].get("shared_score") else image(plots.seats(m), "seat advantage")
    parts += ["<h3>Seats</h3>", seats(m), seat_plot, "<h3>Outcomes</h3>", outcomes(m),
              "<h3>Branching</h3>", image(plots.branching(m), "branching") if m["branching"]["decisions"] else ""]
    if m["skill"]:
        curve = image(plots.skill(m), "skill curve") if m["skill"].get("measure", "win rate") != "return" else ""
        parts += ["<h3>Skill vs luck</h3>", curve, skill(m)]
    if m["usage"]:
        parts += ["<h3>Rule usage</h3>", "<p class='note'>How often each option was offered and taken in the main "
                  "games; flagged: offered 20 times or more and never, or always, taken.</p>", usage(m["usage"])]
    if m["usage_strongest"]:
        parts += [f"<h3>Rule usage by {escape(m['skill']['levels'][-1]['bot'])}</h3>", usage(m["usage_strongest"])]
    if m["coverage"].get("traced_games"):
        parts += ["<h3>Rules that never ran</h3>", coverage(m)]
    return "\n".join(parts)


def render(data: dict) -> str:
    """The whole report as HTML text."""
    first = data["variants"][0]["variant"]
    s = data["settings"]
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>Analysis of {escape(first['title'])}</title>"
             f"<style>{CSS}</style></head><body>",
             f"<h1>Analysis of {escape(first['title'])}</h1>",
             f"<p class='note'>{s['games']} games a variant, seeds {s['seeds'][0]} to {s['seeds'][1]}, at most "
             f"{s['max_actions']} actions a game. Made by <code>ruledsl analyze</code>; see docs/analysis.md for "
             "how to read it.</p>"]
    if len(data["variants"]) > 1:
        parts += ["<h2>Variants side by side</h2>", image(plots.variants(data), "variants")]
        parts += [comparison(c) for c in data["comparisons"]]
    parts += [variant_section(m) for m in data["variants"]]
    parts.append("</body></html>")
    return "\n".join(parts)


def write_report(path: str, data: dict) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(render(data))
