"""The language's size limits, in one table: read by the loader, builder, checker and records.

Each limit is far beyond what a board game needs and low enough that checking
or loading a file that reaches it takes seconds, not minutes or all memory.
docs/language.md#limits states them; tests/fixtures/check_errors.txt pins the
error each one gives.
"""
from __future__ import annotations

MAX_FILE_BYTES = 256 * 1024          # one rules file (the largest bundled game is about 80 KiB)
MAX_EXTENDS_DEPTH = 16               # files in one `extends` chain
MAX_GAME_BYTES = 512 * 1024          # the files of one game (a file and those it extends) together
MAX_NESTING = 100                    # levels of a parse tree: expressions and blocks within each other
MAX_DIGITS = 15                      # digits of a whole number written in a file or given as an option
MAX_PLAYERS = 100                    # seats of a game
MAX_COMPONENTS = 10_000              # components of a game, all zones and seats together
MAX_WRITTEN_ITEMS = 1_000            # items of one list or map written out ([…], {…})
MAX_GRID_SIDE = 100                  # columns, and rows, of a grid board's map
MAX_RECORD_BYTES = 16 * 1024 * 1024  # one game record (JSON)
MAX_RECORD_ACTIONS = 20_000          # actions in one record: as many as `ruledsl run` plays by default; a record
                                     # of the slowest bundled game that long replays in about 9 s of CPU
MAX_LABEL_CHARS = 1_000              # characters of one action's label: checked where labels are made (fixed
                                     # text when checked, the rest in play) and in records, which keep them
MAX_SEED_DIGITS = 20                 # digits of a seed in a record


def with_commas(n: int) -> str:
    """A limit as the messages write it: 10,000."""
    return f"{n:,}"
