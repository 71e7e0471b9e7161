"""Screens of `ruledsl play` for docs/screens/: each bundled game at 120x40 and 80x24, as text and SVG.

    python -m tests.screens          # rewrite docs/screens/ (needs the tui extra)

Each game is the seeded one of tests/tui_driver.py, seat 1 human against bots,
played by its policy for a few decisions, then one step of the next decision
taken by a key where it has steps, so the screen shows a decision in steps.
"""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from ruledsl.cli.tui.app import PlayApp
from ruledsl.cli.tui.decide import DecisionPane

from .tui_driver import BUNDLED, human_decisions, new_session, screen_text

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screens"
SIZES = [(120, 40), (80, 24)]
# How many of seat 1's decisions are taken before the screen is shot (where the game shows most).
DECISIONS = {"haunting_house": 2, "shining": 4, "unrelenting_other": 6, "tillinghast": 3}
TITLES = {"haunting_house": "The Haunting House", "shining": "The Shining",
          "unrelenting_other": "The Unrelenting Other", "tillinghast": "Tillinghast"}


def session_at(name: str):
    """The game after DECISIONS[name] of seat 1's decisions, and on to the next one taken in steps
    (within 20 more)."""
    taken = human_decisions(name, DECISIONS[name] + 20)
    session = new_session(name)
    session.advance()
    for n, index in enumerate(taken):
        if n >= DECISIONS[name] and session.state.decision_steps().depth() > 1:
            break
        session.take(index)
        session.advance()
    return session


async def shoot(name: str, size: tuple) -> tuple:
    """(text, svg) of the game's screen at size, one step into the pending decision where it has steps."""
    app = PlayApp(session_at(name))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        pane = app.query_one(DecisionPane)
        if pane.steps is not None and pane.steps.depth() > 1:
            await pilot.press("enter")
        await pilot.pause()
        return screen_text(app), app.export_screenshot(title=f"ruledsl play: {TITLES[name]}")


def page(names: list) -> str:
    lines = ["# What playing looks like", "",
             "Screens of `ruledsl play` (the full-screen UI, `pip install \"ruledsl[tui]\"`) for each bundled",
             "game: seat 1 is a person, the other seats bots, a few decisions in. Where the decision is taken",
             "in steps, one step has been taken (The Haunting House: the first of four cards picked). Each is",
             "saved as text and as SVG; rewrite them all with `python -m tests.screens`.", ""]
    for name in names:
        lines.append(f"## {TITLES[name]}")
        lines.append("")
        for w, h in SIZES:
            stem = f"{name}-{w}x{h}"
            lines.append(f"- {w}×{h}: [text]({stem}.txt) · [SVG]({stem}.svg)")
        lines.append("")
        lines.append(f"![{TITLES[name]} at 120×40]({name}-120x40.svg)")
        lines.append("")
    return "\n".join(lines)


def main(argv: list) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    names = list(BUNDLED)
    for name in names:
        for w, h in SIZES:
            text, svg = asyncio.run(shoot(name, (w, h)))
            (OUT / f"{name}-{w}x{h}.txt").write_text(text + "\n", encoding="utf-8")
            (OUT / f"{name}-{w}x{h}.svg").write_text(svg, encoding="utf-8")
            print(f"wrote {name}-{w}x{h}")
    (OUT / "README.md").write_text(page(names), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
