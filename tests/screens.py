"""Screens of `ruledsl play` for docs/screens/: each bundled game at 120x40 and 80x24, as text and PNG.

    python -m tests.screens          # rewrite docs/screens/ (needs the tui extra)

Each game is the seeded one of tests/tui_driver.py, seat 1 human against bots,
played by its policy for a few decisions, then one step of the next decision
taken by a key where it has steps, so the screen shows a decision in steps.
A second screen of each is shot during the bots' turn that follows seat 1's
decision: a bot's move on screen, named, with what it changed highlighted.
The PNGs are drawn from the screen's cells (tests/screenshot.py).
"""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from ruledsl.cli.tui.app import PlayApp
from ruledsl.cli.tui.decide import DecisionPane

from .screenshot import png_of
from .tui_driver import BUNDLED, human_decisions, new_session, policy, screen_text

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screens"
SIZES = [(120, 40), (80, 24)]
# How many of seat 1's decisions are taken before the screen is shot (where the game shows most).
DECISIONS = {"haunting_house": 2, "shining": 4, "unrelenting_other": 6, "tillinghast": 3}
TITLES = {"haunting_house": "The Haunting House", "shining": "The Shining",
          "unrelenting_other": "The Unrelenting Other", "tillinghast": "Tillinghast"}
SHOWN = 30.0      # seconds a bot's move stays on screen while it is shot (the shot ends it)


def session_at(name: str, extra: int = 0):
    """The game after DECISIONS[name] (+ extra) of seat 1's decisions, and on to the next one taken
    in steps (within 20 more)."""
    taken = human_decisions(name, DECISIONS[name] + extra + 20)
    session = new_session(name)
    session.advance()
    for n, index in enumerate(taken):
        if n >= DECISIONS[name] + extra and session.state.decision_steps().depth() > 1:
            break
        session.take(index)
        session.advance()
    return session


async def shoot(name: str, size: tuple) -> tuple:
    """(text, png) of the game's screen at size, one step into the pending decision where it has steps."""
    app = PlayApp(session_at(name), bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        pane = app.query_one(DecisionPane)
        if pane.steps is not None and pane.steps.depth() > 1:
            await pilot.press("enter")
        await pilot.pause()
        return screen_text(app), png_of(app)


async def shoot_bots(name: str, size: tuple) -> tuple:
    """(text, png) of the game's screen while a bot's move is shown, after seat 1's next decisions
    (taken by its policy until the bots' turn comes)."""
    session = session_at(name)
    me = policy(name, BUNDLED[name][1], 0)
    app = PlayApp(session, bot_delay=SHOWN)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        secret = 0
        for _ in range(1200):       # until a bot's move is on screen (one the seat may know, within 3 moves)
            banner = app.query_one("#move")
            if banner.has_class("shown") and ("secret choice" not in str(banner.content) or secret >= 3):
                break
            if banner.has_class("shown"):
                secret += 1
                taken = len(session.state.actions_taken)
                app.skip.set()                    # a secret one: on to the next
                while len(session.state.actions_taken) == taken and app.thinking:
                    await pilot.pause(0.05)
                continue
            if not app.thinking and session.state.current_player == 0:
                app.query_one(DecisionPane).post_message(DecisionPane.Decided(me.choose(session.state).index, ""))
            await pilot.pause(0.05)
        await pilot.pause(0.2)
        text, png = screen_text(app), png_of(app)
        app.paced = False
        app.skip.set()
        await app.workers.wait_for_complete()
        return text, png


def page(names: list) -> str:
    lines = ["# What playing looks like", "",
             "Screens of `ruledsl play` (the full-screen UI, `pip install \"ruledsl[tui]\"`) for each bundled",
             "game: seat 1 is a person, the other seats bots. First a few decisions in, where the decision is",
             "taken in steps one step taken (The Haunting House: the first of four cards picked); then during",
             "the bots' turn that follows seat 1's next decision: a bot's move named above the board, which",
             "shows the position after it, with what it changed highlighted. Everything is named by the",
             "rules' labels. Each is saved as text and as PNG; rewrite them all with `python -m tests.screens`.",
             ""]
    for name in names:
        lines.append(f"## {TITLES[name]}")
        lines.append("")
        for w, h in SIZES:
            stem = f"{name}-{w}x{h}"
            lines.append(f"- {w}×{h}: [text]({stem}.txt) · [PNG]({stem}.png) · during a bot's turn: "
                         f"[text]({stem}-bots.txt) · [PNG]({stem}-bots.png)")
        lines.append("")
        lines.append(f"![{TITLES[name]} at 120×40]({name}-120x40.png)")
        lines.append("")
        lines.append(f"![{TITLES[name]} at 80×24, during a bot's turn]({name}-80x24-bots.png)")
        lines.append("")
    return "\n".join(lines)


def main(argv: list) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    names = [n for n in BUNDLED if not argv or n in argv]
    for name in names:
        for w, h in SIZES:
            for suffix, shot in (("", shoot), ("-bots", shoot_bots)):
                text, png = asyncio.run(shot(name, (w, h)))
                (OUT / f"{name}-{w}x{h}{suffix}.txt").write_text(text + "\n", encoding="utf-8")
                (OUT / f"{name}-{w}x{h}{suffix}.png").write_bytes(png)
                print(f"wrote {name}-{w}x{h}{suffix}")
    (OUT / "README.md").write_text(page(list(BUNDLED)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
