"""Draw a package's modules and imports as a picture (for docs/architecture.md).

    python docs/structure.py ruledsl/runtime docs/images/runtime-now.png
    python docs/structure.py ruledsl/runtime docs/images/runtime-before.png --rev cc904a4

Each module is a box, in a column per sub-package ("room"), on a floor by how
deep its imports go (a module stands above everything it imports); an arrow
runs from a module to each module it imports, red when the two import each
other through some path (an import circle). With --rev the code is read
from that git revision instead of the working tree. Needs matplotlib
(`pip install -e ".[plots]"`).
"""
from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def sources(package: str, rev: str | None) -> dict:
    """{module path relative to the package: its text}."""
    if rev is None:
        base = ROOT / package
        return {str(p.relative_to(base)): p.read_text(encoding="utf-8") for p in base.rglob("*.py")}
    names = subprocess.run(["git", "ls-tree", "-r", "--name-only", rev, package], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
    return {str(Path(n).relative_to(package)): subprocess.run(["git", "show", f"{rev}:{n}"], cwd=ROOT, check=True,
                                                              capture_output=True, text=True).stdout
            for n in names if n.endswith(".py")}


def module_name(path: str) -> str:
    return path[:-3].replace("/", ".").removesuffix("__init__").rstrip(".") or "(package)"


def imports(files: dict) -> dict:
    """{module: set of modules of the same package it imports}."""
    modules = {module_name(p): p for p in files}
    graph = {}
    for name, path in modules.items():
        here = name.split(".")[:-1] if not path.endswith("__init__.py") else name.split(".")
        found = set()
        for node in ast.walk(ast.parse(files[path])):
            if isinstance(node, ast.ImportFrom) and node.level:
                up = here[:len(here) - node.level + 1] if node.level > 1 else here
                base = ".".join(up + ([node.module] if node.module else []))
                for alias in node.names:
                    for target in (f"{base}.{alias.name}".strip("."), base):
                        if target in modules and target != name:
                            found.add(target)
                            break
        graph[name] = found
    # A package's __init__ that only names its room is not a module of its own here.
    return {m: t for m, t in graph.items() if not (modules[m].endswith("__init__.py") and not t
                                                   and "def " not in files[modules[m]])}


def floors(graph: dict) -> dict:
    """A module's floor: 0 when it imports nothing of the package, else one above its highest import
    (modules in a circle share the floor of the circle)."""
    level: dict = {}

    def floor(m, stack):
        if m in level:
            return level[m]
        if m in stack:
            return 0
        stack.add(m)
        level[m] = max((floor(t, stack) + 1 for t in graph.get(m, ()) if t in graph), default=0)
        stack.discard(m)
        return level[m]
    for m in graph:
        floor(m, set())
    return level


def in_circle(graph: dict, a: str, b: str) -> bool:
    """Whether b leads back to a."""
    seen, todo = set(), [b]
    while todo:
        m = todo.pop()
        if m == a:
            return True
        if m not in seen:
            seen.add(m)
            todo.extend(graph.get(m, ()))
    return False


BOX_W, BOX_H, GAP, FLOOR_H = 2.0, 0.42, 0.25, 1.25


def draw(graph: dict, lines: dict, title: str, out: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyBboxPatch

    level = floors(graph)
    rooms: dict = {}
    for m in graph:
        rooms.setdefault(room_of(m), []).append(m)
    # Rooms as bands, the room whose modules stand highest on top; inside a band, a row per floor.
    order = sorted(rooms, key=lambda r: (-max(level[m] for m in rooms[r]), r))
    place, bands, y = {}, [], 0.0
    widest = max(sum(1 for m in ms if level[m] == f) for ms in rooms.values() for f in {level[m] for m in ms})
    width = widest * (BOX_W + GAP) + 2.6
    for room in order:
        floors_here = sorted({level[m] for m in rooms[room]}, reverse=True)
        top = y
        for f in floors_here:
            row = sorted(m for m in rooms[room] if level[m] == f)
            x0 = 2.6 + (widest - len(row)) * (BOX_W + GAP) / 2
            for i, m in enumerate(row):
                place[m] = (x0 + i * (BOX_W + GAP), y)
            y += FLOOR_H
        bands.append((room, top, y))
        y += 0.35
    height = y
    fig, ax = plt.subplots(figsize=(max(9.0, width * 0.85), max(4.0, height * 0.85 + 0.9)))
    for room, top, bottom in bands:
        ax.add_patch(FancyBboxPatch((0.1, top - 0.3), width - 0.2, bottom - top - 0.05, boxstyle="round,pad=0.02",
                                    fc="#f6f8fa", ec="#c9d1d9", lw=1, zorder=0))
        ax.text(0.3, top - 0.05, room + "/" if room else "(top level)", ha="left", va="top", fontsize=12,
                fontweight="bold", color="#333")
    for m, targets in graph.items():
        for t in targets:
            if t not in place:
                continue
            red = in_circle(graph, m, t)
            (x1, y1), (x2, y2) = place[m], place[t]
            down = y2 > y1
            start = (x1 + BOX_W / 2, y1 + BOX_H if down else y1)
            end = (x2 + BOX_W / 2, y2 if down else y2 + BOX_H)
            ax.annotate("", xy=end, xytext=start,
                        arrowprops=dict(arrowstyle="-|>", color="#d62728" if red else "#8c96a0",
                                        lw=2.0 if red else 0.8, alpha=1 if red else 0.6, shrinkA=1, shrinkB=1,
                                        connectionstyle="arc3,rad=0.15" if red else "arc3,rad=0.03"), zorder=1)
    for m, (x, y0) in place.items():
        size = lines.get(m, 0)
        big = size > 500
        ax.add_patch(FancyBboxPatch((x, y0), BOX_W, BOX_H, boxstyle="round,pad=0.03", zorder=2,
                                    fc="#fde2e1" if big else "#e8f1fb", ec="#d62728" if big else "#4a78a8", lw=1))
        ax.text(x + BOX_W / 2, y0 + BOX_H / 2, f"{m.split('.')[-1]}  ({size})", ha="center", va="center",
                fontsize=9, zorder=3)
    ax.set_xlim(0, width)
    ax.set_ylim(height, -0.5)
    ax.axis("off")
    ax.set_title(title, fontsize=11, loc="left")
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=100)
    print(f"wrote {out}")


def room_of(module: str) -> str:
    return module.split(".")[0] if "." in module else ""


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("package", help="a package folder, e.g. ruledsl/runtime")
    parser.add_argument("out", type=Path, help="the picture to write (.png or .svg)")
    parser.add_argument("--rev", help="read the code at this git revision")
    args = parser.parse_args(argv)
    files = sources(args.package, args.rev)
    graph = imports(files)
    lines = {module_name(p): text.count("\n") for p, text in files.items()}
    circles = sum(1 for a in graph for b in graph[a] if in_circle(graph, a, b)) // 2
    total = sum(lines.values())
    title = (f"{args.package} at {args.rev or 'the working tree'}: {len(graph)} modules, {total:,} lines, "
             f"{circles} import circle(s)\nA module stands above what it imports; red: an import circle, "
             f"or a module over 500 lines; (n): its lines")
    draw(graph, lines, title, args.out)


if __name__ == "__main__":
    sys.exit(main())
