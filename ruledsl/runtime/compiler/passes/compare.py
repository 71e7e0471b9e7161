"""Pass `compare`: equality and membership by Python's own operators where the language's agree.

Recognises: `x == v` of a value v known when compiled (a literal, a constant of the rules) that is
a number, a text, a truth or none; `x in L` of a list; `any/all/count(each x in L where x in M)`.

Emits: `x is None`, `x == v and type(x) is int` (a count: `x == v`; `count(L) == 0`: `not L`)
instead of the language's equality helper; Python's `in` on a tuple (tested to be one where not
certain) instead of the membership helper; and for the scans, `map(M.__contains__, L)` summed or
tested at C speed, M read once.

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from ....ir import nodes as n
from ..code import MISSING, Bind, fmt, read
from ..comprehensions import name_uses
from ...engine.ops import SHORT_SCAN
from . import Pass

_PLAIN_VALUES = (int, str, bool, type(None))


class Compare(Pass):
    name = "compare"

    def equality(self, gen, e, frame, a, b, negate):
        # a literal, or a constant of the rules (`const limit = 8`): its value is known
        v = e.right.value if isinstance(e.right, n.Literal) else b.value
        if v is MISSING or type(v) not in _PLAIN_VALUES:
            return None
        if v is None:
            self.decided("is none", e)
            return fmt("({} is not None)" if negate else "({} is None)", a)
        if type(v) is int and gen.gives_int(e.left):
            if v == 0 and a.length_of is not None:
                self.decided("empty", e)
                test = fmt("(not {})", a.length_of)     # nothing there: an empty tuple
                return fmt("(not {})", test) if negate else test
            self.decided("count compared", e)
            test = fmt("({} == {})", a, b)      # a count: a whole number, as the literal is
            return fmt("(not {})", test) if negate else test
        if frame.walrus:
            t = gen.temp()
            self.decided("value compared", e)
            test = fmt("(({} := {}) == {} and type({}) is {})", Bind(t), a, b, t, gen.k(type(v)))
            return fmt("(not {})", test) if negate else test
        return None

    def membership(self, gen, e, frame, a, b):
        """`a in b`: Python's own `in` where b is a tuple."""
        if self.compiler.has("fold") and type(b.value) is tuple:
            self.decided("in a fixed list", e)
            return fmt("(({}) in {})", a, b)        # a list fixed when compiled (`c.suit in red_suits`)
        if not frame.walrus:
            return None
        bare = gen.sure(b, tuple)
        if bare is not None:
            self.decided("in a list, certain", e)
            return fmt("(({}) in {})", a, bare)
        # (a list longer than SHORT_SCAN is looked through by _contains, which spends its length)
        t = gen.temp()
        if b.built and self.compiler.has("typed"):
            # a list just made, or kept (a define's value remembered, a list worked out once before
            # a loop): a tuple, looked up as Python does, its length spent when long, since the
            # same kept list may be looked through on every turn of a loop
            self.decided("in a list just made", e)
            return fmt("(({}) in {} if len({} := {}) <= " + str(SHORT_SCAN) + " else _contains(st, {}, {}))",
                       a, t, Bind(t), b, a, t)
        self.decided("in a list", e)
        return fmt("(({}) in {} if type({} := {}) is tuple and len({}) <= " + str(SHORT_SCAN) + " else _contains(st, {}, {}))",
                   a, t, Bind(t), b, t, a, t)

    def scan(self, gen, e, frame):
        """`any/all/count(each x in L where x in M)` (or `not in`), M read once: each item looked up
        in M by M's own membership test, at C speed, when M is a list; the general loop otherwise.
        L is worked out first and M only when L has items, as the loop would."""
        c = e.comp
        where = c.where
        if e.func not in ("any", "all", "count") or c.inner is not None or c.body is not None or c.by is not None \
                or type(where) is not n.Binary or where.op not in ("in", "not in") or type(where.left) is not n.Name \
                or where.left.name != c.var or name_uses(where.right).get(c.var) or not frame.walrus \
                or gen.of_kind(c.source, frame) is not None:
            return None
        ns = self.ns
        items, m = ns.fresh("s"), gen.temp()
        source, _ = gen.items_source(c.source, frame)
        within = gen.gen(where.right, frame)
        fixed = self.compiler.has("fold") and type(within.value) is tuple       # a list fixed when compiled
        items_code, m_code, bind_items = read(items), read(m), True
        if source.ident and within.ident or fixed:      # nothing to keep or to put off
            if source.ident:
                items_code, bind_items = source, False
            m_code = within
        inside = fmt("map({}.__contains__, {})", m_code, items_code)
        var = ns.fresh("v")
        general = fmt("_contains(st, {}, {})", var, m_code)
        if where.op == "not in":
            general = fmt("not {}", general)
        bound = Bind(var, "for")
        fast, slow = {
            ("any", "in"): (fmt("any({})", inside), fmt("any(True for {} in {} if {})", bound, items_code, general)),
            ("any", "not in"): (fmt("not all({})", inside),
                                fmt("any(True for {} in {} if {})", bound, items_code, general)),
            ("all", "in"): (fmt("all({})", inside), fmt("all({} for {} in {})", general, bound, items_code)),
            ("all", "not in"): (fmt("not any({})", inside), fmt("all({} for {} in {})", general, bound, items_code)),
            ("count", "in"): (fmt("sum({})", inside), fmt("sum(1 for {} in {} if {})", bound, items_code, general)),
            ("count", "not in"): (fmt("len({}) - sum({})", items_code, inside),
                                  fmt("sum(1 for {} in {} if {})", bound, items_code, general)),
        }[(e.func, where.op)]
        made = within.built and self.compiler.has("typed")      # a list just made (or kept): a tuple
        self.decided("membership scan", e)
        # M looked up at C speed when fixed, or no longer than SHORT_SCAN; a longer one through the
        # general loop, whose _contains spends M's length for each item (count(each i in l where i
        # in l2) of two lists of 100,000 items did 10 ** 10 compares at C speed, spending 100,000)
        short = " <= " + str(SHORT_SCAN)
        if not bind_items:
            if fixed:
                return fast
            if made:
                return fmt("({} if len({})" + short + " else {})", fast, m_code, slow)
            return fmt("({} if type({}) is tuple and len({})" + short + " else {})", fast, m_code, m_code, slow)
        empty = {"any": "False", "all": "True", "count": "0"}[e.func]
        if fixed:
            return fmt("(" + empty + " if not ({} := {}) else {})", Bind(items), source, fast)
        if made:
            return fmt("(" + empty + " if not ({} := {}) else ({} if len({} := {})" + short + " else {}))", Bind(items),
                       source, fast, Bind(m), within, slow)
        return fmt("(" + empty + " if not ({} := {}) else ({} if type({} := {}) is tuple and len({})" + short +
                   " else {}))", Bind(items), source, fast, Bind(m), within, m, slow)
