"""How far a guessed state's observation is from the real one, and which components a
guess has in the wrong places: the measures determinise.py steers by."""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from ..runtime.model.values import display
from ..runtime.sampling import seat_layout, stand_ins


def distance(a, b) -> int:
    """How many things differ between two Observations: events told (position by position)
    and view entries (each variable, place and location's tags counts once: Digest.differences,
    read on the views' digests, which the comparison of the two has made, not on views, three
    times dearer to build). 0: equal."""
    if a == b:
        return 0
    return event_distance(a.events, b.events) + a.digest.differences(b.digest)


def closest_by_events(candidates: list, target):
    """The candidate closest to target: the fewest events differing, then the fewest view entries
    (compared only among those: a view's digest is dearer than the step that made it)."""
    by_events = [(event_distance(c.observation.events, target.events), c) for c in candidates]
    fewest = min(d for d, _ in by_events)
    return min((c for d, c in by_events if d == fewest), key=lambda c: distance(c.observation, target))


def event_distance(ea: tuple, eb: tuple) -> int:
    return sum(x != y for x, y in zip(ea, eb)) + abs(len(ea) - len(eb))


def nearness(a, b) -> tuple:
    """(events, words, view entries) that differ between two Observations, compared in that
    order: the climbs (deals.py) steer by it. Words: between the events told, as bags of
    words, position by position. An event that lists things (the slots a clue names, the
    cards a player holds) differs by one word for each thing listed wrongly, so a change that
    lists one more right thing comes nearer though the event is still not equal."""
    if a == b:
        return 0, 0, 0
    return told_nearness(a, b) + (a.digest.differences(b.digest),)


def nearer(a, b, bound: tuple) -> bool:
    """Whether nearness(a, b) < bound, the views' digests (dear: a digest of the whole view)
    read only when the events and their words tie."""
    told = told_nearness(a, b)
    if told != bound[:2]:
        return told < bound[:2]
    return a.digest.differences(b.digest) < bound[2]


def told_nearness(a, b) -> tuple:
    """nearness without the view (cheap): (events, words) that differ."""
    ea, eb = a.events, b.events
    return event_distance(ea, eb), sum(words_apart(x, y) for x, y in zip(ea, eb) if x != y)


_WORD = re.compile(r"\w+")


@lru_cache(maxsize=4096)
def word_pattern(text: str):
    """A pattern finding text as whole words (a component as an event names it)."""
    return re.compile(rf"(?<!\w){re.escape(text)}(?!\w)")


def named(state, comp: int, text: str) -> bool:
    """Whether text names the component by what it reads as (its display), not only by one of
    its fields, which other components share (a colour, a value)."""
    shown = display(state, state.prog.comps[comp])
    return bool(shown) and word_pattern(shown).search(text) is not None


def step_moved(candidate) -> frozenset:
    """The components a candidate's step moved or turned over (from its parent's state to its
    own: their place, their face or who knows it changed): those its events name, of all the
    lookalikes that read as they do (a reveal of one hand names every card of that value)."""
    if candidate.parent is None:
        return frozenset()
    before, after = candidate.parent, candidate.state
    return frozenset(c for c, (a, b, f, g, k, m) in enumerate(zip(before.loc, after.loc, before.face, after.face,
                                                                  before.known, after.known))
                     if a != b or f != g or k != m)


def words_apart(x: str, y: str) -> int:
    """How many words two texts differ by (each word counted as often as it occurs)."""
    a, b = Counter(_WORD.findall(x)), Counter(_WORD.findall(y))
    return sum(((a - b) + (b - a)).values())


def places(view: dict):
    """(place name, listed components) for every zone and board location of a view."""
    for name, comps in view["zones"].items():
        yield name, comps
    for locations in view["board"].values():
        for name, loc in locations.items():
            yield name, loc["contents"]


def misplaced(guess, real_view: dict, seat: int) -> list:
    """[(x, y)]: where the real view shows a component the guessed state holds y, which looks
    otherwise; x is the guess's component that looks like the real one (the real view names it
    by a handle, runtime/seen.py: any lookalike of the same owner is it), one whose face the
    seat does not see in the guess first (it can be swapped with y). Swapping x and y before
    the step that put y there puts x there instead. A place is matched from its far end (the
    bottom of a pile, the first items laid), so that where the guess went another way and
    holds fewer or more items, those laid first still pair up: a repair that swaps them and
    takes the step again gets further each round."""
    layout = seat_layout(guess, seat)
    pairs = []
    for name, comps in places(real_view):
        held = layout.get(name, ())
        for comp, y in zip(reversed(comps), reversed(held)):
            alike = stand_ins(guess, comp, seat, y)
            if alike:
                pairs.append((alike[0], y))
    return pairs
