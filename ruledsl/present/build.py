"""A seat's screen (model.Screen) built from its view: nothing on it that view(seat) does not hold.

The view gives what the seat may see; the rules give the words (labels, `shown
as`, progress). The boards' paths, public like the boards themselves, come from
GameState.connections(). A decision's options and their help are read only for
the seat that must take it.
"""
from __future__ import annotations

import re
from typing import Optional

import attrs

from ..errors import RulesError
from .model import Board, Decision, Exit, Option, Place, Screen, Seat, Value, Zone
from .texts import Tables, piece_of, tables_of, text_of

MOST_OPTIONS_HELPED = 60      # a decision with more options lists them without their help (asked for one by one)
CONTEXT_LINES = 3             # log lines that say what led to a decision


def screen_of(state, seat: Optional[int], view: Optional[dict] = None) -> Screen:
    """What seat (0-based; None: an onlooker) sees of state, in the rules' words. view: the
    state's view(seat), when the caller has it already."""
    game = state.game
    t = tables_of(game)
    view = view if view is not None else state.view(seat)
    names = view["players"]
    seats = tuple(Seat(name, t.seat(name), name == view["seat"], name == view["turn"], name == view["to_act"])
                  for name in names)
    status = view.get("progress") or (f"round {view['round']}" if view.get("round") else "")
    return Screen(
        title=view["game"], seat=t.seat(view["seat"]) if view["seat"] else None, seats=seats, status=status,
        phase=" / ".join(view.get("phase") or ()),
        boards=tuple(_boards(t, state, view)), zones=tuple(_zones(t, state, view)),
        values=tuple(_values(t, view)), log=tuple(view["log"]),
        decision=_decision(t, state, view), result=_result(t, state, view))


# ------------------------------------------------------------------ zones

def _zones(t: Tables, state, view: dict) -> list:
    prog = state.prog
    instances = {z.name: z for name in prog.zones for z in prog.zone_instances(name)}
    mine, table = [], []
    for key, contents in view["zones"].items():
        zone = instances[key]
        decl = t.defn.zones[zone.decl_name]
        plain = t.labels.of(zone.decl_name)
        owner = t.seat(zone.owner.name) if zone.owner is not None else None
        is_mine = zone.owner is not None and zone.owner.name == view["seat"]
        label = plain if owner is None or is_mine else f"{owner}'s {plain}"
        # a piece of the zone's owner is not said to be theirs in their zone (under a stack's top the
        # view gives no owner: the pieces read alike)
        pieces = tuple(_unowned(p) if p.owner == owner else p for p in (piece_of(t, c) for c in contents))
        shown = Zone(key, label, decl.shape, zone.ordered, pieces, owner, is_mine)
        (mine if is_mine else table).append(shown)
    return mine + table


def _unowned(piece):
    return attrs.evolve(piece, owner=None)


# ------------------------------------------------------------------ boards

def standing(t: Tables, view: dict) -> dict:
    """{location name: (seat labels)}: where seats stand by their per-player variables of type
    location, as far as the view shows them; with several such variables, each seat is named with
    the variable's label ("P1 (scout)")."""
    names = [name for name, d in t.defn.vars.items() if d.per_player and t.var_types[name] == "location"]
    out: dict = {}
    for name in names:
        for seat, where in (view["vars"].get(name) or {}).items():
            if isinstance(where, str):
                who = t.seat(seat) if len(names) == 1 else f"{t.seat(seat)} ({t.labels.of(name)})"
                out[where] = out.get(where, ()) + (who,)
    return out


def _boards(t: Tables, state, view: dict) -> list:
    stand = standing(t, view)
    boards = []
    for name, places in view["board"].items():
        grid = state.prog.boards[name].grid
        # a grid's screen shows its squares' open sides (in the view), never its steps: those are worked
        # out only for a graph board
        links = {} if grid else state.connections(name)[name]
        shown = []
        for key, place in places.items():
            exits = () if grid else tuple(_exit(t, step) for step in links[key])
            shown.append(Place(key, t.place_label(key, place.get("label")), place.get("column"), place.get("row"),
                               t.labels_of(place["tags"]), tuple(piece_of(t, c) for c in place["contents"]),
                               stand.get(key, ()), exits, tuple(place.get("exits", ()))))
        boards.append(Board(name, t.labels.of(name), grid, tuple(shown)))
    return boards


def _exit(t: Tables, step) -> Exit:
    to, kind, both = step
    return Exit(t.labels.of(kind), t.labels.of(to), to, both)


# ------------------------------------------------------------------ variables

def _values(t: Tables, view: dict) -> list:
    shared, per_player = [], []
    for name, value in view["vars"].items():
        decl = t.defn.vars[name]
        typ = t.var_types[name]
        form = "track" if typ.startswith("list of") else "counter" if typ == "int" else \
            "flag" if typ == "bool" else "text"
        label = t.labels.of(name)
        if decl.per_player:
            entries = tuple((t.seat(seat), text_of(t, v, typ), _lines(t, v, typ)) for seat, v in value.items())
            per_player.append(Value(name, label, form, per_player=True, entries=entries))
        else:
            shared.append(Value(name, label, form, text_of(t, value, typ), lines=_lines(t, value, typ)))
    return shared + per_player


def _lines(t: Tables, value, typ: str) -> tuple:
    """A list's entries, one line each (a track read down)."""
    if not isinstance(value, list):
        return ()
    item = typ[len("list of "):] if typ.startswith("list of ") else ""
    return tuple(text_of(t, v, item) for v in value)


# ------------------------------------------------------------------ the decision and the end

def _decision(t: Tables, state, view: dict) -> Optional[Decision]:
    labels = view.get("actions")
    if not labels:
        return None
    helped = len(labels) <= MOST_OPTIONS_HELPED
    options = tuple(Option(label, _help(state, i) if helped else "") for i, label in enumerate(labels))
    return Decision(t.seat(view["seat"]), len(labels), shape(labels), context(view["log"], t.seat(view["seat"])),
                    options)


def _help(state, index: int) -> str:
    try:
        return state.option_help(index) or ""
    except RulesError as err:       # a help text the rules cannot work out: said, not fatal
        return f"(no help: {err.diagnostic.message})"


def shape(labels: list) -> str:
    """What the options have in common, with "…" where they differ (`rotate … by 90 clockwise`);
    "" when there is one option or they share no whole word."""
    if len(labels) < 2:
        return ""
    words = [label.split(" ") for label in labels]
    head = 0
    while all(len(w) > head for w in words) and len({w[head] for w in words}) == 1:
        head += 1
    tail = 0
    while all(len(w) > head + tail for w in words) and len({w[-1 - tail] for w in words}) == 1:
        tail += 1
    if not head and not tail:
        return ""
    first = words[0]
    return " ".join(first[:head] + ["…"] + (first[len(first) - tail:] if tail else []))


def context(log: list, seat: str, most: int = CONTEXT_LINES) -> tuple:
    """What led to seat's decision: the last `most` log lines but the turn's own heading (`Red's
    turn`), the first of them replaced, when none tells what the seat did, by the latest line that
    does (`Red turns over Rotate 90`: the card being resolved, though others moved since or the
    seat took a step of it already) since the decision before its last."""
    heading = f"{seat}'s turn"
    lines = [line for line in log if line != heading]
    tail = lines[-most:] if most > 0 else []
    if len(tail) < 2 or any(_did(line, seat) for line in tail):
        return tuple(tail)
    decided = [i for i, line in enumerate(lines) if line.startswith(seat + ": ")]
    since = decided[-2] + 1 if len(decided) > 1 else 0
    did = [line for line in lines[since:len(lines) - len(tail)] if _did(line, seat)]
    return tuple(did[-1:] + tail[1:]) if did else tuple(tail)


def _did(line: str, seat: str) -> bool:
    """Whether a log line tells what the seat did (`Red turns over …`: its name and a verb), not
    its own decision (`Red: …`) or what belongs to it (`Red's pawn …`)."""
    return re.match(rf"{re.escape(seat)} \w", line) is not None


def _result(t: Tables, state, view: dict) -> Optional[str]:
    """Who won, and each seat's return: `Red wins (Red 1, Blue 0)`; None before the end."""
    if not view.get("terminal"):
        return None
    names = view["players"]
    returns = view.get("returns") or []
    won = [t.seat(names[i]) for i in state.winners()]
    if not won:
        said = "a draw" if len(set(returns)) == 1 and len(returns) > 1 and not state.losers() else "no one wins"
    elif len(won) == 1:
        said = f"{won[0]} wins"
    else:
        said = ", ".join(won[:-1]) + f" and {won[-1]} win"
    figures = ", ".join(f"{t.seat(n)} {round(float(r), 3):g}" for n, r in zip(names, returns))
    return f"{said} ({figures})" if figures else said
