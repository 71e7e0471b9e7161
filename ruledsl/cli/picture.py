"""A board as a picture (SVG, PNG, PDF): places, the paths between them now, and what a seat sees on them.

Everything written is from the seat's screen (ruledsl.present): places by their
labels, tags by theirs, what lies on each as the seat may see it (a face-down
card as "card (face down)"), who stands there. Boxes never overlap and nothing
is cut (layout.py places them and wraps their text). A path that exists now is a
line in its edge kind's colour (an arrow when one-way); one that is closed now
is a faint dotted line; a grid's walls are bars. Drawn with matplotlib (the
`plots` extra), one data unit an inch.
"""
from __future__ import annotations

from .layout import GAP, LABEL_LINE, PAD, box_lines, box_size, crosses, positions

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
STYLES = ("-", "--", "-.", ":")
MARGIN, TOP, LEGEND = 0.6, 1.0, 2.2      # inches around the boards, above them (title), right (legend)
MOST = 40.0                              # inches a picture may be wide or high at most (it is scaled down)


def draw_board(board, compiled, links: dict, *, title: str, given: dict = None, kind_labels: dict = None):
    """A matplotlib Figure of one board. board: the seat's screen's Board; compiled: the rules'
    compiled board (every edge it can have); links: GameState.connections() for it (the paths
    open now); given: {place: (column, row)} from the rules' `at`; kind_labels: {edge kind: label}."""
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"      # words in an SVG stay text: searchable, readable
    from matplotlib import pyplot as plt
    from matplotlib.lines import Line2D
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

    kind_labels = kind_labels or {}
    edges = compiled.edges
    walls = []
    if compiled.grid:
        # A grid is drawn as squares joined by open steps, walls as bars between squares; its
        # diagonal steps would only clutter the picture.
        walls = [(a, b) for a, b, data in edges if data["kind"] == "wall" and a < b]
        edges = [(a, b, data) for a, b, data in edges if data["kind"] not in ("wall", "diagonal")]
    pos = positions(board, [(a, b) for a, b, _ in edges], given or {})
    common = board.common_tags()
    sizes = {p.key: box_size(p, common) for p in board.places}
    left = min(x - sizes[k][0] / 2 for k, (x, _) in pos.items()) - MARGIN
    right = max(x + sizes[k][0] / 2 for k, (x, _) in pos.items()) + MARGIN
    bottom = min(y - sizes[k][1] / 2 for k, (_, y) in pos.items()) - MARGIN
    top = max(y + sizes[k][1] / 2 for k, (_, y) in pos.items()) + TOP
    width, height = right - left + LEGEND, top - bottom
    shrink = min(1.0, MOST / width, MOST / height)
    fig = plt.figure(figsize=(width * shrink, height * shrink))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(left, left + width)
    ax.set_ylim(bottom, top)
    ax.axis("off")
    kinds = sorted({data["kind"] for _, _, data in edges})
    colour = {k: COLOURS[i % len(COLOURS)] for i, k in enumerate(kinds)}
    style = {k: STYLES[(i // len(COLOURS)) % len(STYLES)] for i, k in enumerate(kinds)}
    open_now = {(a, to, kind) for a, steps in links.items() for to, kind, _both in steps}
    boxes = {}
    for place in board.places:
        x, y = pos[place.key]
        w, h = sizes[place.key]
        boxes[place.key] = FancyBboxPatch((x - w / 2, y - h / 2), w, h, boxstyle="round,pad=0,rounding_size=0.12",
                                          facecolor="#fffdf5", edgecolor="#444444", linewidth=1.2, zorder=3)
        ax.add_patch(boxes[place.key])
        label, under = box_lines(place, common)
        text_top = y + h / 2 - PAD / 2
        ax.text(x, text_top, "\n".join(label), ha="center", va="top", fontsize=10 * shrink, fontweight="bold",
                zorder=4, linespacing=1.15)
        if under:
            ax.text(x, text_top - len(label) * LABEL_LINE, "\n".join(under), ha="center", va="top",
                    fontsize=8.5 * shrink, color="#202060", zorder=4, linespacing=1.2)
    for a, b in walls:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        dx, dy = (y2 - y1), (x1 - x2)
        norm = max((dx * dx + dy * dy) ** 0.5, 1e-9)
        half = min(sizes[a][0], sizes[a][1]) / 2
        ax.plot([mx - dx / norm * half, mx + dx / norm * half], [my - dy / norm * half, my + dy / norm * half],
                color="#333333", linewidth=5 * shrink, solid_capstyle="butt", zorder=2)
    drawn = set()
    for a, b, data in edges:
        kind = data["kind"]
        key = (min(a, b), max(a, b), kind)
        if key in drawn or a not in pos or b not in pos:
            continue
        there, back = (a, b, kind) in open_now, (b, a, kind) in open_now
        if there and back or not (there or back):
            drawn.add(key)
        start, end = (a, b) if there or not back else (b, a)
        line = dict(color=colour[kind], linewidth=2.4 * shrink, linestyle=style[kind])
        if not (there or back):
            line = dict(color="#999999", linewidth=1.4 * shrink, linestyle=":")
        arrow = "-|>" if there != back else "-"
        # a path that would run under another place's box (a ladder between levels drawn side by side)
        # bends around it
        bent = any(crosses(pos[start], pos[end], pos[k], sizes[k]) for k in pos if k not in (start, end))
        ax.add_patch(FancyArrowPatch(pos[start], pos[end], patchA=boxes[start], patchB=boxes[end], zorder=1,
                                     arrowstyle=arrow, mutation_scale=16 * shrink,
                                     connectionstyle="arc3,rad=-0.18" if bent else "arc3", **line))
    handles = [Line2D([0], [0], color=colour[k], linestyle=style[k], linewidth=2.4,
                      label=kind_labels.get(k, k)) for k in kinds]
    if any(not ((a, b, d["kind"]) in open_now or (b, a, d["kind"]) in open_now) for a, b, d in edges):
        handles.append(Line2D([0], [0], color="#999999", linestyle=":", linewidth=1.4, label="closed now"))
    if walls:
        handles.append(Line2D([0], [0], color="#333333", linewidth=5, label="wall"))
    if handles:
        ax.legend(handles=handles, loc="upper right", frameon=False, title="paths", fontsize=9 * shrink,
                  title_fontsize=10 * shrink)
    ax.text(left + MARGIN * 0.5, top - TOP * 0.45, title, ha="left", va="center", fontsize=12 * shrink)
    if common:
        note = f"Places not marked otherwise are {', '.join(sorted(common))}."
        ax.text(left + MARGIN * 0.5, bottom + MARGIN * 0.4, note, ha="left", va="center", fontsize=8.5 * shrink,
                color="#555555")
    return fig


def clear_of_each_other(board, compiled, given: dict = None) -> bool:
    """Whether no two places' boxes overlap where the picture puts them (for tests)."""
    from .layout import overlaps
    edges = [(a, b) for a, b, data in compiled.edges if data["kind"] not in ("wall", "diagonal")]
    pos = positions(board, edges, given or {})
    common = board.common_tags()
    sizes = {p.key: box_size(p, common) for p in board.places}
    return not overlaps(pos, sizes, gap=GAP * 0.25)
