"""Where a board's places go in a picture, in inches: boxes that never overlap.

A grid's squares sit in their columns and rows; a graph board's places where the
rules put them (`location … at X, Y`), in cells as large as the largest box; the
places the rules leave unplaced (or a whole board without `at`) by a force
layout (networkx's Kamada-Kawai, as Graphviz's neato: seeded by the graph alone,
so the same board is always drawn alike), spread to the boxes' size, after which
any boxes that still overlap are pushed apart along the axis that needs the
least (as Graphviz's overlap removal does) until none do.
"""
from __future__ import annotations

import math
import textwrap

import networkx as nx

LABEL_CHAR, LABEL_LINE = 0.092, 0.21       # inches a bold 10-point character / line takes
TEXT_CHAR, TEXT_LINE = 0.074, 0.165        # the same at 8.5 points, for what lies on a place
PAD = 0.28                                 # inches of room around a box's text
GAP = 0.45                                 # inches between two boxes at least
LABEL_WRAP, TEXT_WRAP = 18, 26             # characters a line of a label / of contents holds


def box_lines(place, common=frozenset()) -> tuple:
    """(label lines, lines under it: who stands there, then each group of pieces), each wrapped,
    nothing cut. common: tags not said in each box."""
    tags = [t for t in place.tags if t not in common]
    head = place.label + (f" ({', '.join(tags)})" if tags else "")
    label = textwrap.wrap(head, LABEL_WRAP) or [head]
    under = []
    if place.standing:
        under += textwrap.wrap(", ".join(place.standing), TEXT_WRAP)
    for group in place.groups():
        under += textwrap.wrap(group.text, TEXT_WRAP, subsequent_indent="  ")
    return label, under


def box_size(place, common=frozenset()) -> tuple:
    """(width, height) in inches of a place's box."""
    label, under = box_lines(place, common)
    width = max([len(line) * LABEL_CHAR for line in label] + [len(line) * TEXT_CHAR for line in under])
    return width + PAD, len(label) * LABEL_LINE + len(under) * TEXT_LINE + PAD


def positions(board, edges, given: dict) -> dict:
    """{place key: (x, y)} in inches, y growing upward. edges: (a, b) pairs of place keys;
    given: {place key: (column, row)} where the rules put places."""
    common = board.common_tags()
    sizes = {p.key: box_size(p, common) for p in board.places}
    if board.grid:
        given = {p.key: (p.column, p.row) for p in board.places if p.column is not None}
    cell_w = max(w for w, _ in sizes.values()) + GAP
    cell_h = max(h for _, h in sizes.values()) + GAP
    pos = {key: (c * cell_w, -r * cell_h) for key, (c, r) in given.items() if key in sizes}
    loose = [key for key in sizes if key not in pos]
    if loose:
        pos.update(_forced(list(sizes), edges, pos, loose, (cell_w, cell_h)))
    return separate(pos, sizes, fixed=set(given) if board.grid else set())


def _forced(keys: list, edges, pos: dict, loose: list, cell: tuple) -> dict:
    """Positions of the loose places by a force layout (Kamada-Kawai over every edge the board can
    have), scaled so that neighbours lie about a cell apart; parts no edge joins side by side."""
    graph = nx.Graph()
    graph.add_nodes_from(keys)
    graph.add_edges_from((a, b) for a, b in edges if a != b)
    if pos:      # some places are placed by the rules: the others are pulled towards them
        unit = {k: (x / cell[0], y / cell[1]) for k, (x, y) in pos.items()}
        placed = nx.spring_layout(graph, pos=unit or None, fixed=list(unit) or None, seed=7, iterations=200, k=1.0)
        return {k: (placed[k][0] * cell[0], placed[k][1] * cell[1]) for k in loose}
    out: dict = {}
    offset = 0.0
    for part in sorted(nx.connected_components(graph), key=lambda c: sorted(c)):
        sub = graph.subgraph(sorted(part))
        placed = nx.kamada_kawai_layout(sub) if len(part) > 2 else \
            {k: (float(i), 0.0) for i, k in enumerate(sorted(part))}
        lengths = [math.dist(placed[a], placed[b]) for a, b in sub.edges()] or [1.0]
        unit = sorted(lengths)[len(lengths) // 2] or 1.0
        scale = max(cell) / unit
        xs = [placed[k][0] * scale for k in part]
        for k in part:
            out[k] = (placed[k][0] * scale - min(xs) + offset, placed[k][1] * scale)
        offset += max(xs) - min(xs) + 2 * cell[0]
    return out


def crosses(a: tuple, b: tuple, centre: tuple, size: tuple) -> bool:
    """Whether the straight line from a to b passes through a box (centre, size)."""
    (x1, y1), (x2, y2) = a, b
    left, right = centre[0] - size[0] / 2, centre[0] + size[0] / 2
    low, high = centre[1] - size[1] / 2, centre[1] + size[1] / 2
    t0, t1 = 0.0, 1.0
    for p, q in ((x1 - x2, x1 - left), (x2 - x1, right - x1), (y1 - y2, y1 - low), (y2 - y1, high - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return False
    return True


def overlaps(pos: dict, sizes: dict, gap: float = GAP * 0.5) -> list:
    """Pairs of places whose boxes (with gap around them) overlap."""
    keys = sorted(pos)
    found = []
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            if _overlap(pos[a], sizes[a], pos[b], sizes[b], gap) is not None:
                found.append((a, b))
    return found


def _overlap(pa, sa, pb, sb, gap):
    """(dx, dy) by which two boxes overlap, or None when they do not."""
    dx = (sa[0] + sb[0]) / 2 + gap - abs(pa[0] - pb[0])
    dy = (sa[1] + sb[1]) / 2 + gap - abs(pa[1] - pb[1])
    return (dx, dy) if dx > 0 and dy > 0 else None


def separate(pos: dict, sizes: dict, fixed=frozenset(), rounds: int = 400) -> dict:
    """Boxes pushed apart until none overlap: each overlapping pair moves apart along the axis of
    the smaller overlap, half each (all of it for one that is not fixed beside one that is)."""
    pos = dict(pos)
    keys = sorted(pos)
    for _ in range(rounds):
        moved = False
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                over = _overlap(pos[a], sizes[a], pos[b], sizes[b], GAP * 0.5)
                if over is None:
                    continue
                moved = True
                (ax, ay), (bx, by) = pos[a], pos[b]
                if over[0] <= over[1]:
                    sign = 1.0 if bx > ax or (bx == ax and b > a) else -1.0
                    step = (sign * over[0], 0.0)
                else:
                    sign = 1.0 if by > ay or (by == ay and b > a) else -1.0
                    step = (0.0, sign * over[1])
                share_a = 0.0 if a in fixed else (1.0 if b in fixed else 0.5)
                share_b = 0.0 if b in fixed else 1.0 - share_a
                pos[a] = (ax - step[0] * share_a, ay - step[1] * share_a)
                pos[b] = (bx + step[0] * share_b, by + step[1] * share_b)
        if not moved:
            break
    return pos
