"""Parts of a loop being written that read nothing changing from one round to the next, kept
in a Python name and worked out once (see Hoist)."""
from __future__ import annotations

from .code import Bind, Code, fmt, read, text


class Hoist:
    """A loop being written (a decision's options, a comprehension's items): the parts of what is
    written inside it that read nothing changing from one round to the next (a call, a
    comprehension) are worked out once, when first needed, and kept in a Python name that the
    loop makes unset each time it is entered (nothing changes while an expression is worked out,
    nor while a decision's options are). A part that is a plain read (Code.safe: a variable's slot,
    or a seat's variable of a seat held in the frame or in a loop's name) is worked out where the
    loop is entered instead: asking each round whether it was made would cost more."""

    def __init__(self, ns, own, kept_one=None):
        self.ns = ns
        self.kept_one = kept_one        # kept_one(eager): a part is first kept (the pass records its decision)
        self.own = set(own)             # Names that change from one round of this loop to the next
        self.names: list = []           # the names of the parts kept
        self.eager: dict = {}           # name -> the plain read it is set to where the loop is entered
        self.made: set = set()          # the Codes of parts already kept (one is not kept twice)
        self.alike: dict = {}           # a part's shape (Code.shape) -> how it is kept
        self.kept: dict = {}            # name -> how it is kept (written where the part is read)

    def reads_own(self, code: Code) -> bool:
        return code.reads(self.own)

    def once(self, code: Code) -> Code:
        same = code.shape()
        kept = self.alike.get(same)
        if kept is not None:        # the same part written again (a define used twice): kept once
            return kept
        name = self.ns.fresh("h")
        self.names.append(name)
        eager = code.safe
        if eager:
            self.eager[name] = code
            kept = read(name)
        else:
            kept = fmt("({} if {} is not _UNSET else ({} := {}))", name, name, Bind(name), code)
        self.made.add(kept)
        self.alike[same] = kept
        if self.kept_one is not None:
            self.kept_one(eager)
        self.kept[name] = kept
        return kept

    def entered(self, name) -> Code:
        """What a kept part's name is set to where the loop is entered."""
        return self.eager.get(name) or text("_UNSET")
