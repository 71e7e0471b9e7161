"""The report's pictures (matplotlib, an optional extra): each function draws one figure of a
variant's metrics and returns it as PNG bytes."""
from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

BLUE, ORANGE, GREY, RED = "#3b6ea8", "#e08a2c", "#8a8a8a", "#b8423a"
STYLE = {"axes.spines.top": False, "axes.spines.right": False, "axes.grid": True, "grid.alpha": 0.3,
         "axes.axisbelow": True, "font.size": 10, "axes.titlesize": 11, "axes.titleweight": "bold"}


def _png(fig) -> bytes:
    out = io.BytesIO()
    fig.tight_layout()
    fig.savefig(out, format="png", dpi=110)
    plt.close(fig)
    return out.getvalue()


def _figure(width: float = 6.0, height: float = 3.2):
    with plt.rc_context(STYLE):
        return plt.subplots(figsize=(width, height))


def duration(m: dict, name: str = "actions") -> bytes:
    """Histogram of the finished games' length, with the median and the 10–90 % range marked."""
    d = m["duration"][name]
    hist, s = d["histogram"], d["spread"]
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6, 3.2))
        edges, counts = hist["edges"], hist["counts"]
        width = edges[1] - edges[0]
        # Bins one whole number wide are drawn centred on their number; wider ones from edge to edge.
        half = 0.5 if width == 1 else 0
        ax.axvspan(s["p10"] - half, s["p90"] + half, color=ORANGE, alpha=0.12, zorder=0,
                   label=f"10–90 % of games: {s['p10']:.0f}–{s['p90']:.0f}")
        if width == 1:
            ax.bar(edges[:-1], counts, width=0.9, color=BLUE, zorder=2)
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        else:
            ax.bar(edges[:-1], counts, width=width, align="edge", color=BLUE, edgecolor="white", zorder=2)
        ax.axvline(s["median"], color=ORANGE, lw=2, zorder=3, label=f"median {s['median']:.0f}")
        ax.set_xlabel(f"{name} in a game")
        ax.set_ylabel("games")
        ax.set_title(f"Game length ({name}), {m['completion']['finished']} finished games")
        ax.legend(frameon=False)
        return _png(fig)


def seats(m: dict) -> bytes:
    """Each seat's win rate with its 95 % interval, against the fair share."""
    rows, fair = m["seats"]["table"], m["seats"]["fair_share"]
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6, 0.9 + 0.45 * len(rows) + 1.2))
        names = [r["seat"] for r in rows][::-1]
        rates = [100 * r["win_rate"] for r in rows][::-1]
        low = [100 * (r["win_rate"] - r["win_ci"][0]) for r in rows][::-1]
        high = [100 * (r["win_ci"][1] - r["win_rate"]) for r in rows][::-1]
        ax.barh(names, rates, color=BLUE, height=0.6)
        ax.errorbar(rates, names, xerr=[low, high], fmt="none", ecolor="black", capsize=4, lw=1.2)
        ax.axvline(100 * fair, color=RED, ls="--", lw=1.5, label=f"fair share {100 * fair:.0f} %")
        ax.set_xlim(0, 100)
        ax.set_xlabel("win rate, % of finished games (bars: 95 % interval)")
        ax.set_title("Seat advantage")
        ax.legend(frameon=False, loc="lower right")
        return _png(fig)


def skill(m: dict) -> bytes:
    """The skill curve: each bot's win rate at every seat in turn against the baseline bot."""
    s = m["skill"]
    levels = s["levels"]
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6, 3.4))
        xs = list(range(len(levels)))
        rates = [100 * r["win_rate"] for r in levels]
        low = [100 * (r["win_rate"] - r["win_ci"][0]) for r in levels]
        high = [100 * (r["win_ci"][1] - r["win_rate"]) for r in levels]
        ax.fill_between(xs, [100 * r["win_ci"][0] for r in levels], [100 * r["win_ci"][1] for r in levels],
                        color=BLUE, alpha=0.15, lw=0)
        ax.errorbar(xs, rates, yerr=[low, high], color=BLUE, marker="o", ms=7, lw=2, capsize=4)
        ax.axhline(100 * levels[0]["win_rate"], color=GREY, ls=":", lw=1.5, label=f"{levels[0]['bot']} (baseline)")
        ax.axhline(100 * s["fair_share"], color=RED, ls="--", lw=1.2, label=f"fair share {100 * s['fair_share']:.0f} %")
        ax.set_xticks(xs, [f"{r['bot']}\n({r['finished']} games)" for r in levels])
        ax.set_xlim(-0.4, len(levels) - 0.6)
        ax.set_ylim(0, 100)
        ax.set_ylabel("win rate, %")
        ax.set_xlabel(f"bot (the other seats: {s['against']})")
        ax.set_title("Skill vs luck: a steep curve means skill pays, a flat one luck")
        ax.legend(frameon=False, loc="best")
        return _png(fig)


# Buckets of option counts when some decision offers many (a bar for each count would be unreadable).
BUCKETS = [(1, 1), (2, 2), (3, 3), (4, 4), (5, 9), (10, 19), (20, 49), (50, 99), (100, 199), (200, 499),
           (500, 999), (1000, 10 ** 9)]


def option_buckets(hist: dict) -> tuple:
    """(labels, counts): one bar per count up to 20 options, else buckets (5–9, 10–19, …)."""
    sizes = {int(k): v for k, v in hist.items()}
    if max(sizes, default=0) <= 20:
        return [str(k) for k in sorted(sizes)], [sizes[k] for k in sorted(sizes)]
    labels, counts = [], []
    for low, high in BUCKETS:
        n = sum(v for k, v in sizes.items() if low <= k <= high)
        if n or low <= max(sizes):
            labels.append(str(low) if low == high else f"{low}+" if high > 10 ** 6 else f"{low}–{high}")
            counts.append(n)
    return labels, counts


def branching(m: dict) -> bytes:
    """How many options the decisions offered."""
    labels, counts = option_buckets(m["branching"]["histogram"])
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6.5, 3.2))
        ax.bar(range(len(labels)), counts, color=BLUE, width=0.8)
        tilted = len(labels) > 8
        ax.set_xticks(range(len(labels)), labels, rotation=35 if tilted else 0, ha="right" if tilted else "center")
        ax.set_xlabel("options offered by a decision")
        ax.set_ylabel("decisions")
        ax.set_title(f"Branching: {m['branching']['decisions']} decisions")
        return _png(fig)


def endings(m: dict) -> bytes:
    """How the finished games ended: the statement that ended each."""
    rows = m["endings"][:10][::-1]
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6, 0.9 + 0.45 * len(rows) + 0.6))
        labels = [f"{r['where']}: {r['text'][:38]}" for r in rows]
        ax.barh(labels, [100 * r["share"] for r in rows], color=BLUE, height=0.6)
        ax.set_xlim(0, 100)
        ax.set_xlabel("% of finished games")
        ax.set_title("How games end")
        return _png(fig)


def variants(data: dict) -> bytes:
    """Variants side by side: the first player's win rate and the mean length, with 95 % intervals."""
    ms = data["variants"]
    with plt.rc_context(STYLE):
        fig, (left, right) = plt.subplots(1, 2, figsize=(8, 1.5 + 0.4 * len(ms)), sharey=True)
        names = [m["variant"]["label"] for m in ms][::-1]
        first = [m["seats"]["table"][0] for m in ms][::-1]
        rates = [100 * f["win_rate"] for f in first]
        left.errorbar(rates, names, xerr=[[100 * (f["win_rate"] - f["win_ci"][0]) for f in first],
                                          [100 * (f["win_ci"][1] - f["win_rate"]) for f in first]],
                      fmt="o", color=BLUE, capsize=4)
        left.set_xlim(0, 100)
        left.set_xlabel("first player's win rate, %")
        means = []
        for m in ms[::-1]:
            values = m["duration"]["actions"]["values"]
            s = m["duration"]["actions"]["spread"]
            means.append((s["mean"] if s else 0, s["sd"] / max(1, len(values)) ** 0.5 * 1.96 if s else 0))
        right.errorbar([x for x, _ in means], names, xerr=[e for _, e in means], fmt="o", color=ORANGE, capsize=4)
        right.set_xlabel("mean actions a game")
        fig.suptitle("Variants side by side (same seeds)", fontweight="bold")
        return _png(fig)
