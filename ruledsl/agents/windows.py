"""Transpositions of components drawn again and again, for a Belief (deals.py, determinise.py).

A transposition exchanges two components in every hidden draw of a guess's path, from the first
draw of either (Deals._replay). Where a pile is drawn from again after its discards were
shuffled back in, a component is drawn, shown and discarded, then drawn again: exchanging it
with a lookalike in every draw contradicts the first time it was shown, so no transposition of
a component drawn before the last reshuffle replays, and the deal the seat cannot rule out is
never reached. But the shuffle drew their order anew: exchanging them only in the draws since
then is another outcome of the same chance. On a path that drew some component twice, a
transposition is tried from the last draw of either component first, and from further back
(the last draw of the other, then the first of either) only when the one tried could not even
take its first step (the component to draw in its place was not there yet).
"""
from __future__ import annotations

from .deals import DRAWN


class Windows:
    """The transpositions by window, as methods of a Belief (its replays and their record of
    contradictions)."""

    _draws = None       # (the path's last link, {component: [steps that drew it]}, drawn twice)

    def _exchanged(self, nodes: list, swap: dict):
        """Deals._replay of the transposition swap ({x: y, y: x}, or several such pairs), from the
        latest step it may start at (see the module docstring)."""
        for since in self._windows(nodes, swap):
            replayed = self._replay(nodes, swap, since)
            if replayed is not None or since is None or not self._dead_for(nodes[:since + 1], swap, since):
                return replayed
        return None

    def _windows(self, nodes: list, swap: dict) -> list:
        """The steps a transposition is tried from, latest first; None: from the first draw of any
        component it exchanges (the whole path's transposition, the only one where no component
        was drawn twice). Each pair exchanged is tried from the last draw of either first, then
        (a single pair) from the last draw of the other; several pairs together from the earliest
        of their latest."""
        draws, again = self._draws_of(nodes)
        if not again:
            return [None]
        latest = []
        for x, y in swap.items():
            if x < y:
                lasts = sorted({draws[c][-1] for c in (x, y) if c in draws}, reverse=True)
                latest.append(lasts)
        if not latest or not all(latest):
            return [None]
        firsts = [draws[c][0] for c in swap if c in draws]
        windows = latest[0] if len(latest) == 1 else [min(lasts[0] for lasts in latest)]
        return [s for s in windows if s != min(firsts)] + [None]

    def _draws_of(self, nodes: list) -> tuple:
        """({component: [steps of the path that drew it]}, whether one was drawn twice), kept
        for the last path asked about (a climb asks about one path many times)."""
        last = nodes[-1] if nodes else None
        if self._draws is None or self._draws[0] is not last:
            draws: dict = {}
            for k, node in enumerate(nodes):
                if node[0][0] == DRAWN:
                    draws.setdefault(node[0][1], []).append(k)
            self._draws = (last, draws, any(len(d) > 1 for d in draws.values()))
        return self._draws[1], self._draws[2]
