"""What a page is sent and what it may send (the protocol, JSON over one WebSocket per page).

Server to page:
  {"type": "screen", "seq": N, "screen": Screen.to_json() | "patch": PATCH, "moves": [{"who", "label"}…],
   "changed": [keys], "steps": STEPS or null, "over": bool, "stopped": text or null}
      after each change (and on connecting): the seat's screen after N actions, built by
      ruledsl.present from view(seat). The first message on a socket has the whole screen;
      the next ones what changed since the page's previous screen (patch(); patched() applies
      it, as play.js does): most of a screen is its boards and log, and a move changes a few
      places and adds a line or two. moves: the moves since the page's last screen, each label
      as the seat may know it (null: another seat's secret choice); steps: the first step of
      the seat's decision when it must take one.
  {"type": "steps", "seq": N, "path": [...], "choices": [{"text", "part", "index", "help"}…], "depth": D}
      a decision's next step: what may be picked after the parts already picked (path); a
      choice with an index completes the decision.
  {"type": "error", "message": text}: what the page sent was refused; nothing changed.

Page to server:
  {"type": "steps", "seq": N, "path": [part, …]}   what may be picked next
  {"type": "act", "seq": N, "index": I, "label": text}   take option I of the decision shown after N actions
"""
from __future__ import annotations

import json
from typing import Optional

from .. import CHANCE
from ..errors import RulesError
from ..present import screen_of
from ..present.moves import changed
from ..runtime.steps import DONE
from .tables import Refused, Table

MAX_MESSAGE_CHARS = 4_096      # a page's message; anything longer is refused unread
MAX_PATH = 64                  # parts picked in one decision
MAX_PART_CHARS = 1_000
MOST_MOVES = 20                # moves listed in one screen message (the log says the rest)
MOST_HELPED = 60               # a step with more choices than this lists them without their help


def screen_message(table: Table, seat: Optional[int], before=None) -> tuple:
    """(the message, what the page has now: (seq, Screen, its JSON)) for seat (None: a spectator)
    after the table's latest action. before: what the page had after its previous screen
    message (None: it has nothing yet, and is sent the whole screen)."""
    state = table.state
    screen, data = shared_screen(table, seat)
    seq = len(table.actors)
    start = before[0] if before is not None else seq
    first = max(start, seq - MOST_MOVES)
    seen = state.actions_seen(seat, last=seq - first)
    moves = [{"who": table.seat_label(table.actors[i]), "label": seen[i - first]}
             for i in range(first, seq) if table.actors[i] != CHANCE or seen[i - first] is not None]
    to_decide = seat is not None and not table.stopped and state.current_player == seat
    message = {
        "type": "screen", "seq": seq, "screen": data, "moves": moves,
        "changed": changed(before[1], screen) if before is not None and start != seq else [],
        "steps": steps_message(table, seat, seq, ()) if to_decide else None,
        "over": state.is_terminal(), "stopped": table.stopped,
    }
    if before is not None:
        del message["screen"]
        message["patch"] = patch(before[2], data)
    return message, (seq, screen, data)


def shared_screen(table: Table, seat: Optional[int]) -> tuple:
    """(Screen, its JSON) of seat at the table's latest version: built once, and shared by every page
    of that seat (all spectators' pages share the onlookers' one)."""
    kept = table.screens.get(seat)
    if kept is None or kept[0] != table.version:
        screen = screen_of(table.state, seat)
        kept = table.screens[seat] = (table.version, screen, screen.to_json())
    return kept[1], kept[2]


def patch(old, new):
    """What turns JSON value old into new, or None when they are equal: {"set": new}; for two
    objects with the same keys {"keys": {key: patch}} of the keys that differ; for a list that
    grew at its end (a log) {"append": [the new items]}; for two lists of one length
    {"items": {index: patch}} of the items that differ. A move changes a few places of a board,
    a line or two of the log: the patch is that, not the whole screen."""
    if old == new:
        return None
    if type(old) is dict and type(new) is dict and old.keys() == new.keys():
        return {"keys": {k: p for k in new if (p := patch(old[k], new[k])) is not None}}
    if type(old) is list and type(new) is list and old:
        if len(new) > len(old) and new[:len(old)] == old:
            return {"append": new[len(old):]}
        if len(new) == len(old):
            return {"items": {str(i): p for i, (a, b) in enumerate(zip(old, new)) if (p := patch(a, b)) is not None}}
    return {"set": new}


def patched(old, change):
    """old with the patch (see patch) applied; old itself is left as it was. play.js does the same."""
    if change is None:
        return old
    if "set" in change:
        return change["set"]
    if "keys" in change:
        return {k: patched(v, change["keys"].get(k)) for k, v in old.items()}
    if "append" in change:
        return old + change["append"]
    out = list(old)
    for i, item in change["items"].items():
        out[int(i)] = patched(old[int(i)], item)
    return out


def steps_message(table: Table, seat: Optional[int], seq, path) -> dict:
    """What seat may pick after path in its pending decision; Refused when it has none to take."""
    state = table.state
    if seat is None or table.stopped or state.current_player != seat:
        raise Refused("you have no decision to take now")
    if seq != len(table.actors):
        raise Refused("the game has moved on since your page was drawn; it is up to date now")
    path = read_path(path)
    steps = state.decision_steps()
    choices = steps.choices(path)
    labels = state.legal_actions().labels
    helped = len(choices) <= MOST_HELPED
    out = []
    for c in choices:
        text = (labels[c.index] + ("  (stop here)" if c.text == DONE else "")) if c.index is not None else c.text
        out.append({"text": text, "part": c.text, "index": c.index,
                    "help": _help(state, c.index) if helped and c.index is not None else ""})
    return {"type": "steps", "seq": seq, "path": list(path), "choices": out, "depth": steps.depth()}


def _help(state, index: int) -> str:
    try:
        return state.option_help(index) or ""
    except RulesError as err:       # a help text the rules cannot work out: said, not fatal
        return f"(no help: {err.diagnostics[0].message if err.diagnostics else err})"


def read_path(path) -> tuple:
    if not isinstance(path, (list, tuple)) or len(path) > MAX_PATH or \
            not all(isinstance(p, str) and len(p) <= MAX_PART_CHARS for p in path):
        raise Refused(f"a decision's path is a list of at most {MAX_PATH} texts")
    return tuple(path)


def parse(text) -> dict:
    """A page's message as a dict with a known type; Refused (saying why) for anything else."""
    if not isinstance(text, str):
        raise Refused("messages are JSON text")
    if len(text) > MAX_MESSAGE_CHARS:
        raise Refused(f"a message is at most {MAX_MESSAGE_CHARS:,} characters")
    try:
        message = json.loads(text)
    except ValueError:
        raise Refused("a message is a JSON object") from None
    if not isinstance(message, dict) or message.get("type") not in ("steps", "act"):
        raise Refused('a message is a JSON object whose "type" is "steps" or "act"')
    seq = message.get("seq")
    if type(seq) is not int:
        raise Refused('a message names the screen it answers: "seq", a whole number')
    return message
