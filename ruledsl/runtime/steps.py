"""A pending decision offered as a sequence of small steps with the same meaning.

A choice of four ordered cards out of seven is 840 options; taken in steps it
is four picks of one card. A menu whose option lines range over items ("rotate
{sq} by 90 clockwise" for each free square) is a pick of the line, then of the
item (or of the item, then the line, when several lines range over the same
items: a tile, then a rotation). Steps change nothing the rules mean: the
complete options are exactly the decision's options, and the last step names
the option's index, which is applied as any action is (the same label in the
history and the record).

Each option is split into *parts* (texts): a selection's items, a menu line's
title ("rotate … by 90 clockwise") and its item ("B2"), or the whole label. A
path is the parts picked so far; `choices(path)` lists what may be picked next.
A selection made lazily (engine/selections.py) is stepped without making its
labels: the next items follow from the count alone, and the option's index
from the items picked.
"""
from __future__ import annotations

from math import comb, perm
from typing import Optional

import attrs

from .engine.selections import SelectionLabels
from .model.values import display

DONE = "that is all"       # the step that ends a selection of fewer than its most items
GAP = "…"                  # where the item stands in a menu line's title


@attrs.frozen
class Choice:
    """What may be picked at a step: its text, and the option's index when picking it completes
    the decision (None: more steps follow)."""
    text: str
    index: Optional[int] = None


class Steps:
    """The steps of one pending decision (GameState.decision_steps())."""

    def __init__(self, st):
        d = st.pending
        self.decision = d
        self.lazy = isinstance(d.labels, SelectionLabels)
        self.unordered = d.parts == "unordered"
        self._parts = None if self.lazy else _split(st, d)

    def __len__(self) -> int:
        """How many complete options there are."""
        return len(self.decision.labels)

    def depth(self) -> int:
        """The most steps an option takes."""
        if self.lazy:
            return self.decision.labels.selections.sizes[-1][0]
        return max((len(p) for p in self._parts), default=0)

    def parts(self, index: int) -> tuple:
        """The parts of option `index`, in the order they are picked."""
        if self.lazy:
            labels = self.decision.labels
            return tuple(labels.texts[j] for j in labels.selections.indices(index))
        return self._parts[index]

    def choices(self, path=()) -> list:
        """What may be picked after path (the parts picked so far), in the options' order."""
        path = tuple(path)
        if self.lazy:
            return self._lazy_choices(path)
        return self._choices(path)

    # ------------------------------------------------------------ options made one by one
    def _fits(self, parts: tuple, path: tuple) -> bool:
        if self.unordered:
            return len(parts) >= len(path) and set(path) <= set(parts)
        return parts[:len(path)] == path

    def _choices(self, path: tuple) -> list:
        nxt: dict = {}        # text -> [options it completes, whether any goes further]
        done = None
        for i, parts in enumerate(self._parts):
            if not self._fits(parts, path):
                continue
            if len(parts) == len(path):
                done = i if done is None else done
                continue
            rest = [p for p in parts if p not in path] if self.unordered else [parts[len(path)]]
            for text in rest:
                entry = nxt.setdefault(text, [[], False])
                if len(parts) == len(path) + 1:
                    entry[0].append(i)
                else:
                    entry[1] = True
        out = [Choice(text, ends[0] if len(ends) == 1 and not further else None)
               for text, (ends, further) in nxt.items()]
        if done is not None and path:
            out.append(Choice(DONE, done))
        return out

    # ------------------------------------------------------------ a selection made lazily
    def _lazy_choices(self, path: tuple) -> list:
        labels = self.decision.labels
        sel = labels.selections
        texts = labels.texts
        sizes = dict(sel.sizes)
        most = sel.sizes[-1][0]
        picked = [texts.index(t) for t in path]
        if len(set(picked)) != len(picked) or len(picked) > most:
            return []
        out = []
        if len(picked) < most:
            for j, text in enumerate(texts):
                if j in picked:
                    continue
                ends = len(picked) + 1 == most
                out.append(Choice(text, _rank(sel, picked + [j], sizes) if ends else None))
        if picked and len(picked) in sizes and len(picked) < most:
            out.append(Choice(DONE, _rank(sel, picked, sizes)))
        return out


def _rank(sel, positions: list, sizes: dict) -> int:
    """The index among sel's selections of the one made of these item positions."""
    k = len(positions)
    offset = sum(size for n, size in sel.sizes if n < k)
    n = len(sel.items)
    if sel.ordered:
        rest, r = list(range(n)), 0
        for pos, j in enumerate(positions):
            r += rest.index(j) * perm(n - pos - 1, k - pos - 1)
            rest.remove(j)
        return offset + r
    r, c = 0, 0
    for left, j in zip(range(k, 0, -1), sorted(positions)):
        while c < j:
            r += comb(n - c - 1, left - 1)
            c += 1
        c += 1
    return offset + r


# ------------------------------------------------------------ splitting options into parts
def _split(st, d) -> list:
    """Each option's parts: a selection's items; a menu line's title and item; else its label."""
    labels = d.labels
    if d.parts is not None:
        return [tuple(display(st, v) for v in value) if pc >= 0 and type(value) is tuple else (label,)
                for label, pc, value in zip(labels, d.pcs, d.values)]
    lines: dict = {}      # (pc, title) -> [(option, item text)]
    whole = []
    for i, (label, pc, name, value) in enumerate(zip(labels, d.pcs, d.names, d.values)):
        item = display(st, value) if name is not None else None
        if item and label.count(item) == 1:
            lines.setdefault((pc, label.replace(item, GAP)), []).append((i, item))
        else:
            whole.append(i)
    parts: list = [(label,) for label in labels]
    grouped = {key: members for key, members in lines.items() if len(members) > 1}
    if len(grouped) == 1 and sum(len(m) for m in grouped.values()) == len(labels):
        return parts          # one line and nothing else (a plain choice): one step
    item_first = _shared_items(grouped)
    for (_pc, title), members in grouped.items():
        for i, item in members:
            parts[i] = (item, title) if item_first else (title, item)
    return parts


def _shared_items(lines: dict) -> bool:
    """Whether every line of a menu ranges over the same items (then the item is picked first:
    a tile, then how to turn it)."""
    sets = {frozenset(item for _, item in members) for members in lines.values()}
    return len(lines) > 1 and len(sets) == 1
