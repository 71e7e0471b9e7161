"""The language's built-in vocabulary: types, zone shapes, functions and names.

This table is the single place that says what the language offers beyond its
grammar; the checker validates calls against it, docs/language.md documents
it, and the interpreter implements each entry.
"""
from __future__ import annotations

import attrs

# Types a declaration may name besides declared enums and kinds.
BASIC_TYPES = {
    "int": "a whole number",
    "bool": "true or false",
    "text": "a string",
    "player": "a seat",
    "location": "a place on a board",
    "direction": "one of N, E, S, W, NE, SE, SW, NW",
    "zone": "a zone",
    "map": "a table from keys to values ({key: value})",
    "any": "anything (no type check)",
}

# The built-in enum of compass directions on grid boards (and sides of tiles).
DIRECTIONS = ("N", "E", "S", "W", "NE", "SE", "SW", "NW")


@attrs.frozen
class Shape:
    """A zone shape: ordered or not, which way up things lie in it, who sees faces, and
    whether things lie stacked (only the top of a stack shows its back)."""
    ordered: bool
    facing: str       # "up" or "down"
    visibility: str   # "all", "owner" or "nobody": who sees the faces of what lies in it
    doc: str
    stacked: bool = False


ZONE_SHAPES = {
    "deck": Shape(True, "down", "nobody", "ordered, face down; draw takes the top (or the bottom)", stacked=True),
    "pile": Shape(True, "up", "all", "ordered, face up (a discard pile)", stacked=True),
    "bag": Shape(False, "down", "nobody", "unordered, hidden; draw takes one at random"),
    "area": Shape(False, "up", "all", "unordered, face up (a pool on the table, a player's play area)"),
    "hand": Shape(False, "down", "owner", "unordered; its owner sees the faces"),
    "row": Shape(True, "down", "nobody", "ordered slots laid out in front of a player"),
}

# Edge kinds every grid board has: an orthogonal step with no wall, one through a
# wall, and a diagonal step.
GRID_EDGE_KINDS = ("orthogonal", "wall", "diagonal")

VISIBILITY = ("all", "owner", "nobody")

# Names that exist in every game.
BUILTIN_NAMES = {
    "players": ("list of player", "every seat, in seat order"),
    "player_count": ("int", "how many play"),
    "current_player": ("player", "the player whose `turn` block is running"),
    "round_number": ("int", "1-based count of `turn` blocks started by the first seat (for logs)"),
    "game_over": ("bool", "whether the game has ended (for scenarios: `expect game_over`)"),
    "winners": ("list of player", "the seats whose return is 1 once the game is over; [] before, or when all lose"),
}

# Fields every component has.
COMPONENT_FIELDS = {
    "owner": ("player", "the seat it belongs to, or none"),
    "location": ("any", "the zone or board location it is in"),
    "face_up": ("bool", "whether it lies face up"),
    "kind": ("text", "the name of its kind"),
    "id": ("int", "a number unique to it within the game"),
}

# Fields every board location has (besides those it declares with `with`).
LOCATION_FIELDS = {
    "contents": ("list of any", "the components on it"),
    "name": ("text", "its name"),
    "row": ("int", "its row on a grid (1 = top)"),
    "column": ("int", "its column on a grid (1 = left)"),
    "board": ("text", "the name of its board"),
}

# Fields every player has (besides per-player vars and zones).
PLAYER_FIELDS = {
    "seat": ("int", "1-based seat number"),
    "name": ("text", "the seat's name"),
}


@attrs.frozen
class Builtin:
    """A built-in function.

    args: (min, max) positional arguments (max None: any number).
    kwargs: keyword arguments it accepts.
    comp: "no" (no comprehension), "each" (each x in C …), "map" (expr for each x …),
          "any" (either form).
    returns: its type, in the checker's notation; "item" is the item type of the
             first argument, "list" a list like it, "kindarg" a component of the
             kind named among the arguments.
    chance: it draws on chance (only directly in `let x = …`).
    doc: one line for docs/language.md.
    lists: which argument must be a list (or a zone, location or map) to go through:
           "" none, "first" the first, "lone" the argument when it is the only one.
    """
    args: tuple
    returns: str
    doc: str
    kwargs: tuple = ()
    comp: str = "no"
    chance: bool = False
    lists: str = ""


_GRAPH_KW = ("via", "avoid", "board")

BUILTINS: dict[str, Builtin] = {
    # -- collections
    "count": Builtin((0, 1), "int", "how many items: count(C) or count(each x in C where cond)", comp="each", lists="first"),
    "sum": Builtin((0, 1), "int", "the total: sum(C) or sum(expr for each x in C where cond)", comp="map", lists="first"),
    "min": Builtin((0, None), "int", "the least: min(a, b, …), min(C) or min(expr for each x in C)", comp="map", lists="lone"),
    "max": Builtin((0, None), "int", "the greatest: max(a, b, …), max(C) or max(expr for each x in C)", comp="map", lists="lone"),
    "any": Builtin((0, 1), "bool", "whether any item meets cond: any(each x in C where cond)", comp="each", lists="first"),
    "all": Builtin((0, 1), "bool", "whether every item meets cond: all(each x in C where cond)", comp="each", lists="first"),
    "highest": Builtin((0, 0), "list", "the items with the greatest key, all tied ones: highest(each x in C by key)", comp="each"),
    "lowest": Builtin((0, 0), "list", "the items with the least key, all tied ones: lowest(each x in C by key)", comp="each"),
    "sort": Builtin((0, 0), "list", "the items in order of key, least first: sort(each x in C by key)", comp="each"),
    "first": Builtin((1, 1), "item", "the first item of a list, or none when it is empty", lists="first"),
    "last": Builtin((1, 1), "item", "the last item of a list, or none when it is empty", lists="first"),
    "without": Builtin((2, 2), "list", "a list less one item or less every item of another list", lists="first"),
    "unique": Builtin((1, 1), "list", "a list with repeats removed, first occurrence kept", lists="first"),
    "get": Builtin((2, 3), "any", "map[key] or a default: get(map, key, default)", lists="first"),
    "keys": Builtin((1, 1), "list", "the keys of a map, in the order written", lists="first"),
    "abs": Builtin((1, 1), "int", "the absolute value"),
    "ceil": Builtin((1, 1), "int", "the least whole number not below x (5/2 → 3)"),
    "floor": Builtin((1, 1), "int", "the greatest whole number not above x (5/2 → 2)"),
    "text": Builtin((1, 1), "text", "a value as it is shown to players"),
    # -- players
    "left_of": Builtin((1, 1), "player", "the next seat clockwise"),
    "right_of": Builtin((1, 1), "player", "the previous seat clockwise"),
    "clockwise": Builtin((1, 1), "list of player", "every seat in clockwise order starting with p"),
    "others": Builtin((1, 1), "list of player", "every other seat, clockwise starting left of p"),
    "seat": Builtin((1, 1), "player", "the player in seat n (1-based) or with that seat name"),
    # -- zones and components
    "top": Builtin((1, 2), "item", "the top item of an ordered zone (or a list of the top n)", lists="first"),
    "bottom": Builtin((1, 2), "item", "the bottom item of an ordered zone (or a list of the bottom n)", lists="first"),
    "contents": Builtin((1, 1), "list", "what lies in a zone or on a location", lists="first"),
    "at": Builtin((1, 2), "list of kindarg", "the components on a location, optionally only of one kind: at(loc, Kind)", lists="first"),
    "item_at": Builtin((2, 2), "kindarg", "the one component of a kind on a location, or none: item_at(loc, Kind)"),
    "where_is": Builtin((1, 1), "any", "the zone or location a component is in"),
    "location_of": Builtin((1, 1), "location", "the board location a component lies on, or none when it lies in a zone"),
    "components": Builtin((1, 1), "list of kindarg", "every component of a kind, wherever it is"),
    # -- chance
    "roll": Builtin((1, 1), "any", "roll a die: one of its faces, each equally likely", chance=True),
    "random": Builtin((1, 1), "any", "one item of a list, each equally likely", chance=True, lists="first"),
    # -- boards
    "locations": Builtin((0, 1), "list of location", "every location of a board (of all boards with no argument)"),
    "tagged": Builtin((1, 2), "list of location", "the locations that carry a tag: tagged(Tag) or tagged(Tag, Board)"),
    "neighbours": Builtin((1, 1), "list of location", "locations one step away: neighbours(loc, via: [kinds], avoid: locs)", kwargs=_GRAPH_KW),
    "adjacent": Builtin((2, 2), "bool", "whether b is one step from a: adjacent(a, b, via: [kinds])", kwargs=_GRAPH_KW),
    "distance": Builtin((2, 2), "int", "fewest steps from a to b, or none when b cannot be reached", kwargs=_GRAPH_KW),
    "path": Builtin((2, 2), "list of location", "a shortest path from a to b (both included), or [] ", kwargs=_GRAPH_KW),
    "nearest": Builtin((2, 2), "list", "of a list of locations (or components on them), all those at the least distance from a place", kwargs=_GRAPH_KW),
    "reachable": Builtin((2, 2), "list of location", "locations reached from loc in at most n steps (exactly n with exact: true)", kwargs=_GRAPH_KW + ("exact", "revisit")),
    "step": Builtin((2, 2), "location", "on a grid, the location one step from loc in a direction, or none"),
    "direction": Builtin((2, 2), "direction", "on a grid, the direction from a to b when they touch, or none"),
    "opposite": Builtin((1, 1), "direction", "the opposite direction (N ↔ S, NE ↔ SW, …)"),
    "turn_direction": Builtin((2, 2), "direction", "a direction turned clockwise by 90, 180 or 270 degrees"),
    "cell": Builtin((2, 3), "location", "the grid location at column c, row r: cell(c, r) or cell(c, r, Board)"),
    "edge_kind": Builtin((2, 2), "text", "the kind of the edge from a to b as it stands now, or none"),
}

# Statements that only scenarios may use.
SCENARIO_ONLY = ("Expect", "ExpectLegal", "ExpectOptions", "ExpectTold", "ExpectSees", "Force", "Play")


def signature(name: str) -> str:
    """A builtin function's call forms and result, for editors: `count([a]) | count(each x in C where …) -> int`."""
    spec = BUILTINS[name]
    low, high = spec.args
    letters = "abcdefgh"
    args = ", ".join(letters[:low])
    if high is None:
        args += (", " if args else "") + "…"
    elif high > low:
        args += ("[, " if args else "[") + ", ".join(letters[low:high]) + "]"
    if spec.kwargs:
        args += (", " if args else "") + ", ".join(f"{key}: …" for key in spec.kwargs)
    forms = [] if spec.comp != "no" and high == 0 else [f"{name}({args})"]
    if spec.comp in ("each", "any"):
        forms.append(f"{name}(each x in C where …{' by …' if spec.returns == 'list' else ''})")
    if spec.comp in ("map", "any"):
        forms.append(f"{name}(expr for each x in C where …)")
    returns = {"item": "an item of a", "list": "a list of items", "kindarg": "a component of the kind given"}.get(
        spec.returns, spec.returns.replace("kindarg", "the kind given"))
    return " | ".join(forms) + f" -> {returns}"
