"""How far a guessed state's observation is from the real one, and which components a
guess has in the wrong places: the measures determinise.py steers by."""
from __future__ import annotations

from ..runtime.sampling import seat_layout

def distance(a, b) -> int:
    """How many things differ between two Observations: events told (position by position)
    and view entries (each variable, place and location's tags counts once: Digest.differences,
    read on the views' digests, which the comparison of the two has made, not on views, three
    times dearer to build). 0: equal."""
    if a == b:
        return 0
    ea, eb = a.events, b.events
    d = sum(x != y for x, y in zip(ea, eb)) + abs(len(ea) - len(eb))
    return d + a.digest.differences(b.digest)


def places(view: dict):
    """(place name, listed components) for every zone and board location of a view."""
    for name, comps in view["zones"].items():
        yield name, comps
    for locations in view["board"].values():
        for name, loc in locations.items():
            yield name, loc["contents"]


def misplaced(guess, real_view: dict, seat: int) -> list:
    """[(x, y)]: where the real view shows component x (by its id), the guessed state holds y.
    Swapping x and y before the step that put y there puts x there instead. A place is matched
    from its far end (the bottom of a pile, the first items laid), so that where the guess went
    another way and holds fewer or more items, those laid first still pair up: a repair that
    swaps them and takes the step again gets further each round."""
    layout = seat_layout(guess, seat)
    pairs = []
    for name, comps in places(real_view):
        held = layout.get(name, ())
        for comp, y in zip(reversed(comps), reversed(held)):
            x = comp.get("id")
            if x is not None and x != y:
                pairs.append((x, y))
    return pairs
