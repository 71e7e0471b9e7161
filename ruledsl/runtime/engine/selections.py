"""The selections a `choose N from C` decision offers, worked out one at a time when asked.

A decision among the 840 orderings of four of seven cards need not build 840
options to be taken: its options are numbered in the order itertools makes
them (fewest items first, then combinations or permutations in their order),
and the i-th is worked out from i alone. Its labels are worked out the same
way, from each item's text, when the rules label a selection by showing it.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, compress, permutations
from math import comb, perm


class Selections(Sequence):
    """Every selection of low..high of items (in every order when ordered), as a read-only sequence."""
    __slots__ = ("items", "sizes", "ordered", "count")

    def __init__(self, items: tuple, low: int, high: int, ordered: bool):
        self.items = items
        n = len(items)
        count = perm if ordered else comb
        self.sizes = tuple([(k, count(n, k)) for k in range(max(low, 0), min(high, n) + 1)])
        self.ordered = ordered
        self.count = sum([size for _, size in self.sizes])    # (asked for at every step of a decision)

    def __len__(self) -> int:
        return self.count

    def indices(self, i: int) -> tuple:
        """The positions in items of the i-th selection."""
        if i < 0:
            i += len(self)
        for k, size in self.sizes:
            if i < size:
                key = (len(self.items), k, i, self.ordered)
                found = _UNRANKED.get(key)
                if found is None:
                    found = (_unrank_perm if self.ordered else _unrank_comb)(len(self.items), k, i)
                    if len(_UNRANKED) >= MAX_UNRANKED:
                        _UNRANKED.clear()
                    _UNRANKED[key] = found
                return found
            i -= size
        raise IndexError("selection index out of range")

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        return tuple(map(self.items.__getitem__, self.indices(i)))


class SelectionLabels(Sequence):
    """The labels of a Selections: prefix, the items' texts joined by ", ", suffix."""
    __slots__ = ("selections", "texts", "prefix", "suffix", "_all")

    def __init__(self, selections: Selections, texts: tuple, prefix: str, suffix: str):
        self.selections = selections
        self.texts = texts
        self.prefix = prefix
        self.suffix = suffix
        self._all = None

    def __len__(self) -> int:
        return self.selections.count

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        texts = self.texts
        return self.prefix + ", ".join([texts[j] for j in self.selections.indices(i)]) + self.suffix

    def _key(self) -> tuple:
        sel = self.selections
        return self.texts, self.prefix, self.suffix, sel.sizes, sel.ordered

    def __eq__(self, other):
        """Equal labels in the same order (cheaply when both are worked out the same way)."""
        if type(other) is SelectionLabels:
            return self._key() == other._key() or self._labels() == other._labels()
        if isinstance(other, (tuple, list)):
            return self._labels() == tuple(other)
        return NotImplemented

    def __hash__(self):
        return hash(self._labels())

    def _labels(self) -> tuple:
        """Every label, made in one pass of itertools (the same order as the indices)."""
        if self._all is None:
            sel, texts, prefix, suffix, join = self.selections, self.texts, self.prefix, self.suffix, ", ".join
            make = permutations if sel.ordered else combinations
            self._all = tuple([prefix + join(chosen) + suffix for k, _ in sel.sizes for chosen in make(texts, k)])
        return self._all

    def __iter__(self):
        return iter(self._labels())

    def __contains__(self, label) -> bool:
        return label in self._labels()

    def index(self, label, start=0, stop=None) -> int:
        return self._labels().index(label, start, *(() if stop is None else (stop,)))


# {(n, k, r, ordered): the positions of the r-th selection of k of n}: a decision's option is read
# twice when taken (its label, its value) and the same few hundred come back all game.
_UNRANKED: dict = {}
MAX_UNRANKED = 100_000


def _unrank_comb(n: int, k: int, r: int) -> tuple:
    """The r-th of itertools.combinations(range(n), k)."""
    out, c = [], 0
    for left in range(k, 0, -1):
        while True:
            block = comb(n - c - 1, left - 1)
            if r < block:
                break
            r -= block
            c += 1
        out.append(c)
        c += 1
    return tuple(out)


def _unrank_perm(n: int, k: int, r: int) -> tuple:
    """The r-th of itertools.permutations(range(n), k)."""
    rest, out = list(range(n)), []
    for pos in range(k):
        block = perm(n - pos - 1, k - pos - 1)
        out.append(rest.pop(r // block))
        r %= block
    return tuple(out)


# ---------------------------------------------------------------- fixed conditions over a board
# A `choose N from C where c` whose condition reads only where its items lie (compiler/fixed.py)
# among C, the free squares of a board, passes the same selections whichever squares are free:
# those of the whole board that pass, less those with a square not free. The whole board's are
# worked out once per decision site, indexed by their first square.

# Past this many selections of the whole board, a decision works out its own each time.
BOARD_SELECTIONS = 200_000
_GIVEN_UP = "given up"


def fixed_selections(memo: dict, pool: tuple, low: int, high: int, ordered: bool, test, universe: tuple):
    """The selections of low..high items of pool (board locations, in every order when ordered)
    that pass test, in the order `selections()` makes them, or None when they cannot be read off
    the whole board's (pool not in the board's order, too many selections, a test that fails on
    some square): the caller then works them out itself. memo: this decision site's."""
    if low < 1:
        return None                     # the empty selection is tested where it is asked
    index = -1
    for x in pool:
        if x.index <= index:
            return None                 # not a part of the board in its order
        index = x.index
    inside = set(pool)
    count = perm if ordered else comb
    out = []
    for k in range(low, min(high, len(pool)) + 1):
        by_first = memo.get(k)
        if by_first is None:
            by_first = memo[k] = _by_first(universe, k, ordered, test) \
                if count(len(universe), k) <= BOARD_SELECTIONS else _GIVEN_UP
        if by_first is _GIVEN_UP:
            return None
        get = by_first.get
        if k == 1:
            out.extend(sel for first in pool for sel in get(first, ()))
        elif k == 2:
            # each first's pairs kept whose second is given, tested at C speed
            seconds = memo.get((k, "seconds"))
            if seconds is None:
                seconds = memo[(k, "seconds")] = {first: [sel[1] for sel in sels] for first, sels in by_first.items()}
            given = inside.__contains__
            for first in pool:
                sels = get(first)
                if sels is not None:
                    out.extend(compress(sels, map(given, seconds[first])))
        else:
            out.extend(sel for first in pool for sel in get(first, ()) if inside.issuperset(sel[1:]))
    return out


def _by_first(universe: tuple, k: int, ordered: bool, test):
    """{location: the selections of k of universe starting with it that pass test, in order}."""
    out: dict = {}
    try:
        for sel in (permutations if ordered else combinations)(universe, k):
            if test(sel):
                out.setdefault(sel[0], []).append(sel)
    except Exception:       # a condition that fails on a square: it is worked out where it is asked
        return _GIVEN_UP
    return out
