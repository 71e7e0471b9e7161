"""Help in play: the game's rules page (docs/games/*.md) and what the rules say about a choice.

A game's page is looked for beside the rules: `docs/games/NAME.md` in the rules
file's folder or one above it, NAME the file's stem with `-` for `_`, and for a
variant (`castle_hard.rules`) its shorter stems (`castle`). What the rules
say about a choice are the descriptions (`describe NAME "…"`) of every declared
thing whose label the choice's text names.
"""
from __future__ import annotations

import os
import re


def rules_page(game) -> str:
    """The Markdown of the game's docs page, or "" when there is none."""
    path = os.path.abspath(game.path)
    folder = os.path.dirname(path)
    stem = os.path.splitext(os.path.basename(path))[0]
    names = []
    words = stem.split("_")
    for n in range(len(words), 0, -1):
        names.append("-".join(words[:n]))
    for base in (folder, os.path.dirname(folder), os.path.dirname(os.path.dirname(folder))):
        for name in names:
            page = os.path.join(base, "docs", "games", name + ".md")
            if os.path.isfile(page):
                with open(page, encoding="utf-8") as f:
                    return f.read()
    return ""


def about_choice(game, text: str) -> list:
    """[(label, description)] for every described thing the text names, in the text's order."""
    described = getattr(game, "descriptions", None) or {}
    found = []
    for label, description in described.items():
        m = re.search(r"(?<!\w)" + re.escape(label) + r"(?!\w)", text)
        if m:
            found.append((m.start(), label, description))
    return [(label, description) for _, label, description in sorted(found)]
