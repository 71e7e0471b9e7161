"""Help in play: what the rules say about the choice at hand.

What the rules say about a choice are the descriptions (`describe NAME "…"`) of
every declared thing whose label the choice's text names. How to play the game
as a whole comes from the rules too (ruledsl/present/guide.py).
"""
from __future__ import annotations

import re


def about_choice(game, text: str) -> list:
    """[(label, description)] for every described thing the text names, in the text's order."""
    described = getattr(game, "descriptions", None) or {}
    found = []
    for label, description in described.items():
        m = re.search(r"(?<!\w)" + re.escape(label) + r"(?!\w)", text)
        if m:
            found.append((m.start(), label, description))
    return [(label, description) for _, label, description in sorted(found)]
