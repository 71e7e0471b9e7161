"""Pass `lazy`: a choice of several offers its selections without making each one.

Recognises: `choose N from C` (or `N to M`) with no `where`, not automatic, not within
`simultaneously`, whose label is the chosen items shown and nothing else computed.

Emits: `_offer_selections(…)` (engine/decisions, engine/selections): the decision knows how many
selections there are and works the i-th (and its label) out only when asked for; no list of all
selections is made when the decision is offered.

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from ..certain import Certain
from ..code import fmt
from . import Pass


class Lazy(Pass):
    name = "lazy"

    def selections(self, units, unit, s, frame, var, inner, source, items, spend, low, high, labels, key, body, orelse,
                   end, exits, loops):
        """The choice's offer and its body, or None (labels: the text before and after the items
        shown, when the label is the items alone)."""
        if s.where is not None or labels is None or s.automatic:
            return None
        self.decided("selections offered lazily", s)
        k = units.k
        units.decision_block(unit, s.span)
        units.spend(unit, spend, s.span)
        prefix, suffix = labels
        unit.add(fmt("return _offer_selections(st, fr, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {})",
                     units.chooser(s, frame), source, low, high if high else low, k(s.ordered), k(prefix),
                     k(suffix), body, key, orelse, k(bool(s.orelse)), k(s.secretly), k(s.span)), s.span)
        unit.end_block()
        fewest = low.value
        certain = Certain(tuple, items, None, fewest) if items is not None and type(fewest) is int else None
        with units.certain_as(var, certain):
            units.after_choice(unit, s, frame, inner, body, orelse, end, exits, loops)
        return True
