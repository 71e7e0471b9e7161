"""Board graph queries at play time: steps that exist now, distances, paths, walks.

Each location's outgoing steps are precomputed as (neighbour, edge kind,
condition or None, direction); a condition (`when`, `connect`) is evaluated
against the state whenever the step is considered. Searches are plain
breadth-first searches over that table. What a search finds is kept by what
decides it: its start, the kinds followed, the places avoided, and the answers
of the board's few conditional steps asked first (distances; given, for the
places avoided as a list the rules give); along steps none of which has a
condition, by its arguments alone (Graphs.fixed); else only while one
decision's options are worked out (nothing changes meanwhile:
library._distances_from). A search visits each location once, so only walks
(which may revisit or branch without end) spend the step budget.
"""
from __future__ import annotations

from collections import deque

from ..model.values import Comp, Location
from ..model.signals import Runaway
from .budget import STEP_LIMIT, spend


# A board with more steps that have a condition (sides of pieces that turn) is searched anew each
# time; the searches kept are bounded.
MAX_GATES = 8
MAX_SEARCHES_KEPT = 50_000
_NOT = object()


def locations_only(items: tuple) -> bool:
    """Whether items are all board locations."""
    for x in items:
        if type(x) is not Location:
            return False
    return True


class Step:
    __slots__ = ("to", "kind", "cond", "direction")

    def __init__(self, to: Location, kind: str, cond, direction):
        self.to = to
        self.kind = kind
        self.cond = cond          # f(st, a, b, d) -> bool, or None
        self.direction = direction


class Graphs:
    """Every board's steps, indexed by location index; default edge kinds per board."""

    def __init__(self, steps: dict, defaults: dict, locations: dict = None, simple: bool = True):
        self.steps = steps        # location index -> tuple of Step
        self.defaults = defaults  # board name -> frozenset of kinds followed by default, or None (all)
        self.followed: dict = {}  # (location index, kinds followed) -> its steps of those kinds
        self.locations = locations or {}    # location index -> Location
        self.conditional: dict = {}         # (board, kinds followed) -> its steps with a condition, or None
        self.searched: dict = {}            # what searches found, by what decides it (see distances)
        # searches along steps none of which has a condition, avoiding only board locations, by
        # their arguments as the rules give them (library._distances_from): play never changes them
        self.fixed: dict = {}
        self.plain: dict = {}               # (board, kinds followed, its conditions' answers) -> open_steps
        self.simple = simple                # walks over the steps open now (the `walks` pass)

    def steps_of(self, loc: Location, via) -> tuple:
        """loc's steps along the edge kinds via (None: the board's default ones)."""
        key = (loc.index, via)
        steps = self.followed.get(key)
        if steps is None:     # which steps an edge kind allows never changes: sorted out once
            kinds = via if via is not None else self.defaults.get(loc.board)
            steps = self.followed[key] = tuple(s for s in self.steps.get(loc.index, ())
                                               if kinds is None or s.kind in kinds)
        return steps

    def out(self, st, loc: Location, via, avoid):
        """The locations one step from loc now, in the board's order, without repeats."""
        steps = self.followed.get((loc.index, via))
        if steps is None:
            steps = self.steps_of(loc, via)
        seen = []
        for s in steps:
            to = s.to
            if avoid and to in avoid:
                continue
            if s.cond is not None and not s.cond(st, loc, to, s.direction):
                continue
            if to not in seen:
                seen.append(to)
        return seen

    def edge_kind(self, st, a: Location, b: Location):
        for s in self.steps.get(a.index, ()):
            if s.to is b and (s.cond is None or s.cond(st, a, b, s.direction)):
                return s.kind
        return None

    def distances(self, st, start: Location, via, avoid, limit=None) -> dict:
        """{location: fewest steps from start} (within limit steps). Callers only read it.

        What a search finds depends on start, the kinds followed, the places avoided and which
        steps with a condition are open now: when a board has few such steps, each is asked,
        and a search made before with the same answers is taken as it was (for the whole game:
        the board's steps never change)."""
        gates = self.gates(start.board, via) if limit is None else None
        if gates is None:
            return self.search(st, start, via, avoid, limit)
        # kept(), written out: searches are asked for at every option of a move
        try:
            open_now = tuple([cond(st, a, to, d) for cond, a, to, d in gates]) if gates else ()
        except Exception:       # a condition that fails where the search would not ask it
            return self.search(st, start, via, avoid, None)
        key = (start, via, frozenset(avoid) if avoid else None, open_now)
        found = self.searched.get(key)
        if found is None:
            found = self.search(st, start, via, avoid, None)
            if len(self.searched) < MAX_SEARCHES_KEPT:
                self.searched[key] = found
        return found

    def given(self, st, start: Location, via, avoid) -> dict:
        """distances() from start along the kinds via (None: the board's default ones), avoiding
        what lies in the tuple avoid (or nothing: None), kept by those arguments as given when they
        are board locations (a component may move; a location stays where it is): for
        good when no step along via has a condition (Graphs.fixed), else with the answers of the
        board's few conditional steps (Graphs.searched, as distances keeps them); None when the
        board has too many such steps to ask first, or one of them fails. What a menu asks at
        every decision (library._distances_from): no set of the places avoided made to look the
        answer up."""
        gates = self.conditional.get((start.board, via), _NOT)
        if gates is _NOT:
            gates = self.gates(start.board, via)
        if gates is None:
            return None
        key = (start, via, avoid)
        if gates == ():     # play never changes the answer
            table = self.fixed
        else:
            try:
                open_now = tuple([cond(st, a, to, d) for cond, a, to, d in gates])
            except Exception:       # a condition that fails where the search would not ask it
                return None
            # (a tuple of places avoided never equals distances()'s frozenset: each keeps its own;
            # None means the same search to both)
            table, key = self.searched, key + (open_now,)
        try:
            found = table.get(key)
        except TypeError:       # (something avoided that is no board location, nor even hashable)
            return None
        if found is None:
            if avoid and not locations_only(avoid):
                return None     # (a component avoided may move: never a key)
            found = self.search(st, start, via, frozenset(avoid) if avoid else None, None)
            if len(table) < MAX_SEARCHES_KEPT:
                table[key] = found
        return found

    def kept(self, st, gates: tuple, key: tuple, search):
        """What search() finds, taken from an earlier search whose key and open steps (gates)
        were the same (see distances). gates: the conditions to ask, as gates() gives them."""
        try:
            open_now = tuple([cond(st, a, to, d) for cond, a, to, d in gates])
        except Exception:       # a condition that fails where the search would not ask it
            return search()
        key += (open_now,)
        found = self.searched.get(key)
        if found is None:
            found = search()
            if len(self.searched) < MAX_SEARCHES_KEPT:
                self.searched[key] = found
        return found

    def gates(self, board: str, via):
        """The conditions of a board's steps along the kinds via, as (condition, location, step's
        end, direction) to ask, when there are few enough steps with one to ask them all before
        a search; else None. A condition that reads nothing of its step (`when`) is asked once
        for all the steps it is written for."""
        key = (board, via)
        found = self.conditional.get(key, _NOT)
        if found is not _NOT:
            return found
        kinds = via if via is not None else self.defaults.get(board)
        steps = [(loc, s) for i, loc in self.locations.items() if loc.board == board
                 for s in self.steps.get(i, ()) if s.cond is not None and (kinds is None or s.kind in kinds)]
        asked, plain = [], set()
        for loc, s in steps:
            if getattr(s.cond, "plain", False):
                if s.cond in plain:
                    continue
                plain.add(s.cond)
            asked.append((s.cond, loc, s.to, s.direction))
        found = self.conditional[key] = tuple(asked) if len(asked) <= MAX_GATES else None
        return found

    def search(self, st, start: Location, via, avoid, limit) -> dict:
        dist = {start: 0}
        queue = [start]
        # The queue is a list gone through as it grows; a step's condition is asked only of a
        # location not reached yet (what `out` gives, without the list it makes per location).
        followed = self.followed
        for here in queue:
            d = dist[here]
            if limit is not None and d >= limit:
                continue
            d += 1
            steps = followed.get((here.index, via))
            for s in steps if steps is not None else self.steps_of(here, via):
                to = s.to
                if to in dist or (avoid and to in avoid):
                    continue
                if s.cond is not None and not s.cond(st, here, to, s.direction):
                    continue
                dist[to] = d
                queue.append(to)
        return dist

    def path(self, st, a: Location, b: Location, via, avoid) -> tuple:
        if a is b:
            return (a,)
        parent = {a: None}
        queue = deque([a])
        while queue:
            here = queue.popleft()
            for nxt in self.out(st, here, via, avoid):
                if nxt not in parent:
                    parent[nxt] = here
                    if nxt is b:
                        out = [b]
                        while parent[out[-1]] is not None:
                            out.append(parent[out[-1]])
                        return tuple(reversed(out))
                    queue.append(nxt)
        return ()

    def reachable(self, st, start: Location, steps: int, via, avoid, exact: bool, revisit: bool) -> tuple:
        """The ends of walks of `steps` steps from start (exact) or of at most so many; revisit:
        whether a walk may pass a location twice. Kept as searches are (distances)."""
        gates = self.gates(start.board, via)
        if gates is None:
            return self.walks(st, start, steps, via, avoid, exact, revisit)
        key = ("walks", start, steps, via, frozenset(avoid) if avoid else None, exact, revisit)
        if exact and not revisit and self.simple:
            # the board's few conditional steps asked once: the walks go over plain lists of places
            return self.kept(st, gates, key, lambda: self.simple_ends(st, start, steps, via, avoid, gates))
        return self.kept(st, gates, key, lambda: self.walks(st, start, steps, via, avoid, exact, revisit))

    def open_steps(self, st, board: str, via, gates: tuple) -> dict:
        """{location index: (place, its bit) of each place one step away now along via, last
        first (one per step: two steps to one place give it twice)}, for a board whose few
        conditional steps (gates) are asked now; kept per board, kinds followed and answers."""
        answers = tuple([cond(st, a, to, d) for cond, a, to, d in gates])
        key = (board, via, answers)
        found = self.plain.get(key)
        if found is None:
            found = {i: tuple([(s.to, 1 << s.to.index) for s in reversed(self.steps_of(loc, via))
                               if s.cond is None or s.cond(st, loc, s.to, s.direction)])
                     for i, loc in self.locations.items() if loc.board == board}
            self.plain[key] = found
        return found

    def simple_ends(self, st, start: Location, steps: int, via, avoid, gates: tuple) -> tuple:
        """walks() of exactly `steps` steps that pass no place twice, over the steps open now
        (open_steps): a depth-first search in the order the steps are written, as _simple_walks
        makes it, with the places passed as bits of a number."""
        if steps <= 0:
            return (start,)
        try:
            near = self.open_steps(st, start.board, via, gates)
        except Exception:       # a condition that fails: asked where the walk would ask it
            return self.walks(st, start, steps, via, avoid, True, False)
        banned = avoid or ()
        ends = []
        stack = [(start, steps, 1 << start.index)]
        pop, push = stack.pop, stack.append
        turns = 0
        while stack:
            here, left, seen = pop()
            turns += 1
            if not turns & 255:
                spend(st, 256)
            if left == 1:       # (the steps are last first: each end is put before the ones after it)
                found = [to for to, bit in near[here.index] if not seen & bit and to not in banned]
                found.reverse()
                ends += found
            else:
                left -= 1
                # pushed last to first: taken first to last, each walked to its ends before the next
                for to, bit in near[here.index]:
                    if not seen & bit and to not in banned:
                        push((to, left, seen | bit))
        spend(st, turns & 255)
        return tuple(dict.fromkeys(ends))

    def walks(self, st, start: Location, steps: int, via, avoid, exact: bool, revisit: bool) -> tuple:
        order = {}
        if not exact:
            for loc in self.distances(st, start, via, avoid, limit=steps):
                order[loc] = True
            return tuple(order)
        if revisit:
            layer = [start]
            for _ in range(steps):
                nxt = {}
                if not layer:
                    break
                spend(st, len(layer))
                for here in layer:
                    for to in self.out(st, here, via, avoid):
                        nxt[to] = True
                layer = list(nxt)
            return tuple(layer)
        ends = {}
        self._simple_walks(st, start, steps, via, avoid, {start}, ends)
        return tuple(ends)

    def _simple_walks(self, st, here, left, via, avoid, visited, ends):
        """Into ends, where the walks of `left` more steps from here that pass no location of
        visited end. Two steps to one location walk on alike: ends holds each end once."""
        st.steps += 1                   # spend(st), written out: this is called for every step
        if st.steps > STEP_LIMIT:
            raise Runaway()
        if left == 0:
            ends[here] = True
            return
        steps = self.followed.get((here.index, via))
        for s in steps if steps is not None else self.steps_of(here, via):
            to = s.to
            if to in visited or (avoid and to in avoid):
                continue
            if s.cond is not None and not s.cond(st, here, to, s.direction):
                continue
            if left == 1:           # a last step: where it ends, without a call to say so
                st.steps += 1
                ends[to] = True
                continue
            visited.add(to)
            self._simple_walks(st, to, left - 1, via, avoid, visited, ends)
            visited.discard(to)


def place_of(st, prog, x):
    """A location given itself or a component lying on one (None otherwise)."""
    if type(x) is Location:
        return x
    if type(x) is Comp:
        place = prog.places[st.loc[x.id]]
        return place if type(place) is Location else None
    return None
