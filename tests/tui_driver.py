"""Driving the full-screen UI as a person would, for tests and for docs/screens: sessions of the
bundled games, the keys that take an option in steps, and the screen as text."""
from __future__ import annotations

import io
import random

from rich.console import Console

import ruledsl
from ruledsl.agents import RandomAgent, seat_seed
from ruledsl.cli.session import GameSession
from ruledsl.runtime.steps import DONE

from .conftest import GAMES


class Prefer:
    """A bot that takes the first option whose label starts with one of its words (skipping those
    that contain one of its avoided words), else any: how The Unrelenting Other gets finished."""

    def __init__(self, seed: int, prefer=(), avoid=()):
        self.rng = random.Random(seed)
        self.prefer, self.avoid = prefer, avoid

    def choose(self, state):
        actions = state.legal_actions()
        labels = [a.label for a in actions]
        fine = [i for i, label in enumerate(labels) if not any(w in label for w in self.avoid)] or range(len(labels))
        for word in self.prefer:
            found = [i for i in fine if labels[i].startswith(word)]
            if found:
                return actions[self.rng.choice(found)]
        return actions[self.rng.choice(list(fine))]


UO_PREFER = dict(prefer=("collect", "pick up", "move to", "roll the dice"), avoid=("switch", "Insanity"))

# Each bundled game, with a seed whose game ends when every seat plays as its policy does.
BUNDLED = {
    "haunting_house": ("haunting_house.rules", 79, None),
    "shining": ("shining.rules", 28, None),
    "unrelenting_other": ("unrelenting_other.rules", 3, UO_PREFER),
    "tillinghast": ("tillinghast.rules", 73, None),
}


def policy(name: str, seed: int, seat: int):
    prefer = BUNDLED[name][2]
    return Prefer(seat_seed(seed, seat), **prefer) if prefer else RandomAgent(seat_seed(seed, seat))


def new_session(name: str, save_path: str = "game.save.json") -> GameSession:
    """Seat 1 human, the others bots of the game's policy."""
    file, seed, _ = BUNDLED[name]
    game = ruledsl.load(str(GAMES / file))
    agents = {seat: policy(name, seed, seat) for seat in range(1, game.players)}
    agents[ruledsl.CHANCE] = RandomAgent(seat_seed(seed, ruledsl.CHANCE))
    return GameSession(game, game.new_game(seed=seed), agents, [0], save_path)


def human_decisions(name: str, limit: int = 10_000) -> list:
    """The option indices seat 1 takes (its policy) until the game ends, one per decision it is asked."""
    session = new_session(name)
    me = policy(name, BUNDLED[name][1], 0)
    taken = []
    session.advance()
    while not session.state.is_terminal() and len(taken) < limit:
        index = me.choose(session.state).index
        taken.append(index)
        session.take(index)
        session.advance()
    return taken


def path_to(steps, index: int) -> list:
    """The texts to pick, step by step, to reach option index (DONE last for a selection that stops early)."""
    parts = list(steps.parts(index))
    path, out = (), []
    for part in parts:
        choice = next(c for c in steps.choices(path) if c.text == part)
        out.append(part)
        if choice.index == index:
            return out
        path += (part,)
    return out + [DONE]


async def take(pilot, pane, index: int) -> int:
    """Take option index as a person does: arrow down to each step's part, Enter. Returns the keys pressed."""
    keys = 0
    for part in path_to(pane.steps, index):
        position = next(i for i, c in enumerate(pane.shown) if c.text == part)
        for _ in range(position):
            await pilot.press("down")
        await pilot.press("enter")
        keys += position + 1
    await pilot.pause()
    return keys


async def settled_text(pilot, app, tries: int = 20) -> str:
    """The screen as plain text once it is drawn and stops changing (a busy machine can leave
    the first paint, or a repaint of the layout, pending after a pause)."""
    text = screen_text(app)
    for _ in range(tries):
        await pilot.pause()
        again = screen_text(app)
        if again == text and text.strip():
            return text
        text = again
    return text


def screen_text(app) -> str:
    """The screen as plain text, as exported to docs/screens."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, force_terminal=True,
                      color_system="truecolor", legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())
