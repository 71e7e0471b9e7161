"""A board as a picture (SVG, PNG, PDF): locations, the paths between them now, and what a seat sees on them.

Laid out by networkx: a grid board by its columns and rows, a graph board by
a seeded force layout of every edge it can ever have, so the picture
keeps its shape while paths open and close. Drawn with matplotlib (the
`plots` extra). A path that exists now is a line in its edge kind's colour
(an arrow when one-way); one that is closed now is a faint dotted line. Each
location is a box with its label and, under it, what lies there as the
seat's view shows it (a hidden card is "Card?").
"""
from __future__ import annotations

import textwrap

import networkx as nx

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
STYLES = ("-", "--", "-.", ":")
MOST_LINES = 4            # lines of contents under a location at most; more are summed up


def layout(board, places: dict) -> dict:
    """{location name: (x, y)}: a grid's squares where the map has them, a graph's by a force layout."""
    if board.grid:
        return {name: (float(p["column"]), -float(p["row"])) for name, p in places.items()}
    graph = nx.Graph()
    graph.add_nodes_from(places)
    graph.add_edges_from((a, b) for a, b, _ in board.edges)
    if graph.number_of_nodes() == 1:
        return {name: (0.0, 0.0) for name in places}
    # A force layout (seeded, so the same board is always drawn alike) places neighbours near and
    # others far. Parts that no edge joins are laid out side by side.
    pos: dict = {}
    offset = 0.0
    for part in sorted(nx.connected_components(graph), key=lambda c: sorted(c)):
        sub = graph.subgraph(sorted(part))
        placed = nx.spring_layout(sub, seed=7, iterations=300) if len(part) > 1 else {next(iter(part)): (0.0, 0.0)}
        # spread each part over a landscape box that grows with its size, so labels have room
        wide = max(1.0, 1.6 * len(part) ** 0.5)
        high = max(1.0, wide * 0.7)
        xs, ys = [p[0] for p in placed.values()], [p[1] for p in placed.values()]
        span_x, span_y = (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0
        for name, (x, y) in placed.items():
            pos[name] = (offset + (x - min(xs)) / span_x * wide * (len(part) > 1),
                         (y - min(ys)) / span_y * high * (len(part) > 1))
        offset += wide + 1.6
    return pos


def contents_lines(place: dict, describe) -> list:
    """What lies on a location, one short line each, equal ones counted."""
    counts: dict = {}
    for comp in place.get("contents", []):
        text = describe(comp)
        counts[text] = counts.get(text, 0) + 1
    lines = [t if n == 1 else f"{t} ×{n}" for t, n in counts.items()]
    if len(lines) > MOST_LINES:
        lines = lines[:MOST_LINES - 1] + [f"+{len(lines) - MOST_LINES + 1} more"]
    return [textwrap.shorten(line, 22, placeholder="…") for line in lines]


def draw_board(board, places: dict, links: dict, *, title: str, describe, stand: dict = None):
    """A matplotlib Figure of one board. places: the view's locations (labels, tags, contents as
    the seat sees them); links: GameState.connections() for this board; describe: a component's
    short text; stand: the seats standing on each location (boardgraph.standing())."""
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"      # words in an SVG stay text: searchable, readable
    from matplotlib import pyplot as plt
    from matplotlib.lines import Line2D

    pos = layout(board, places)
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    fig, ax = plt.subplots(figsize=(min(5 + width * 2.4, 30), min(3 + height * 2.4, 30)))
    edges = board.edges
    walls = []
    if board.grid:
        # A grid is drawn as squares joined by open steps, with walls as bars between squares;
        # its diagonal steps would only clutter the picture.
        walls = [(a, b) for a, b, data in edges if data["kind"] == "wall" and a < b]
        edges = [(a, b, data) for a, b, data in edges if data["kind"] not in ("wall", "diagonal")]
    kinds = sorted({data["kind"] for _, _, data in edges})
    colour = {k: COLOURS[i % len(COLOURS)] for i, k in enumerate(kinds)}
    style = {k: STYLES[(i // len(COLOURS)) % len(STYLES)] for i, k in enumerate(kinds)}
    open_now = {(a, to, kind) for a, steps in links.items() for to, kind, _both in steps}
    drawn = set()
    for a, b in walls:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        mx, my, dx, dy = (x1 + x2) / 2, (y1 + y2) / 2, (y2 - y1) * 0.35, (x1 - x2) * 0.35
        ax.plot([mx - dx, mx + dx], [my - dy, my + dy], color="#333333", linewidth=5, solid_capstyle="butt", zorder=2)
    for a, b, data in edges:
        kind = data["kind"]
        key = (min(a, b), max(a, b), kind)
        is_open = (a, b, kind) in open_now
        back = (b, a, kind) in open_now
        if key in drawn or a not in pos or b not in pos:
            continue
        (x1, y1), (x2, y2) = pos[a], pos[b]
        if not is_open and not back:
            drawn.add(key)
            ax.plot([x1, x2], [y1, y2], color="#999999", linestyle=":", linewidth=1.4, zorder=1)
            continue
        if is_open and back:
            drawn.add(key)
            ax.plot([x1, x2], [y1, y2], color=colour[kind], linestyle=style[kind], linewidth=2.4, zorder=1)
            continue
        start, end = (pos[a], pos[b]) if is_open else (pos[b], pos[a])
        ax.annotate("", xy=end, xytext=start, zorder=1,
                    arrowprops=dict(arrowstyle="-|>", color=colour[kind], linewidth=2.2, linestyle=style[kind],
                                    shrinkA=26, shrinkB=26, mutation_scale=18))
    common = _common_tags(places)
    for name, place in places.items():
        x, y = pos[name]
        tags = [t for t in place.get("tags", []) if t not in common]
        label = "\n".join(textwrap.wrap(place.get("label") or name, 16))
        ax.text(x, y, label + (f"\n({', '.join(tags)})" if tags else ""), ha="center", va="center", zorder=3,
                fontsize=10, fontweight="bold",
                bbox=dict(boxstyle="round,pad=0.45", facecolor="#fffdf5", edgecolor="#444444", linewidth=1.2))
        lines = contents_lines(place, describe)
        seats = (stand or {}).get(name, [])
        if seats:
            ax.text(x, y + 0.1, ", ".join(seats), ha="center", va="bottom", zorder=4, fontsize=9, color="white",
                    fontweight="bold", bbox=dict(boxstyle="round,pad=0.25", facecolor="#b03a2e", edgecolor="none"))
        if lines:
            ax.text(x, y - 0.13, "\n".join(lines), ha="center", va="top", zorder=4, fontsize=8.5, color="#202060",
                    bbox=dict(boxstyle="round,pad=0.25", facecolor="#e8eefc", edgecolor="none", alpha=0.95))
    handles = [Line2D([0], [0], color=colour[k], linestyle=style[k], linewidth=2.4, label=k) for k in kinds]
    if any(not ((a, b, d["kind"]) in open_now or (b, a, d["kind"]) in open_now) for a, b, d in edges):
        handles.append(Line2D([0], [0], color="#999999", linestyle=":", linewidth=1.4, label="closed now"))
    if walls:
        handles.append(Line2D([0], [0], color="#333333", linewidth=5, label="wall"))
    if handles:
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False, title="paths")
    ax.set_title(title, loc="left", fontsize=12)
    if common:
        ax.text(0.0, -0.02, f"Locations not marked otherwise are {', '.join(sorted(common))}.",
                transform=ax.transAxes, fontsize=8.5, color="#555555", va="top")
    ax.set_xlim(min(xs) - 1.0, max(xs) + 1.0)
    ax.set_ylim(min(ys) - 1.3, max(ys) + 0.8)
    ax.axis("off")
    fig.tight_layout()
    return fig


def _common_tags(places: dict) -> frozenset:
    """Tags on more than half of the locations: said once under the picture."""
    counts: dict = {}
    for place in places.values():
        for tag in place.get("tags", []):
            counts[tag] = counts.get(tag, 0) + 1
    return frozenset(t for t, k in counts.items() if k * 2 > len(places))
