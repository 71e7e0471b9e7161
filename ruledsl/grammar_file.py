"""Where the grammar is read from: the repository's grammar/ folder when ruledsl runs from a
checkout, else the copy packaged with it. Apart from the parser, so that what only needs to
know the file (the disk cache's key) does not import Lark."""
from __future__ import annotations

from pathlib import Path

GRAMMAR = Path(__file__).resolve().parent.parent / "grammar" / "ruledsl.lark"
PACKAGED_GRAMMAR = Path(__file__).resolve().parent / "grammar" / "ruledsl.lark"


def grammar_path() -> Path:
    return GRAMMAR if GRAMMAR.exists() else PACKAGED_GRAMMAR
