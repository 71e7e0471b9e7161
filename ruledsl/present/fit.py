"""Labels too long for the room they have: shortened, each in one way, and said in a legend.

Nothing is cut silently: a front end that must shorten a label shows the short
form where the label would be and the legend (`HG: Holy Ground`) beside it.
"""
from __future__ import annotations

import re


def _initials(text: str) -> str:
    words = [w for w in re.split(r"[\s_-]+", text) if w]
    if len(words) > 1:
        return "".join(w[0].upper() if w[0].isalpha() else w[0] for w in words)
    return ""


def abbreviate(texts, width: int) -> tuple:
    """({text: short} for each text longer than width, [(short, text)] its legend). Each short form
    is at most width characters (at least 1) and stands for one text only."""
    width = max(1, width)
    shorts: dict = {}
    taken = {t for t in texts if len(t) <= width}
    for text in sorted({t for t in texts if len(t) > width}):
        candidates = [_initials(text), text[:max(1, width - 1)] + "." if width > 1 else text[:1], text[:width]]
        short = next((c for c in candidates if c and len(c) <= width and c not in taken), None)
        n = 2
        while short is None:
            stem = (candidates[0] or text)[:max(1, width - len(str(n)))]
            if stem + str(n) not in taken:
                short = stem + str(n)
            n += 1
        taken.add(short)
        shorts[text] = short
    return shorts, [(short, text) for text, short in shorts.items()]
