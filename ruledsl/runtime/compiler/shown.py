"""Whether a kind's `shown as` text reads only its component's own fields and owner.

A label made from such a text is the same wherever the component's fields and owner are the
same, so chance's outcomes may be kept for a deck (engine/outcomes.py) and checked by those
alone. Anything else a template could name (a variable, a define, another component's field
through `.`) makes the text depend on more of the state: such a kind's labels are made afresh.
"""
from __future__ import annotations

import attrs

from ...ir.nodes import exprs as n

# Node types whose value is made from their parts alone.
_PURE_NODES = (n.Literal, n.Template, n.Name, n.Conditional, n.Unary, n.Binary)

# Builtins a template may call whose answer depends on their arguments alone (display's text).
_PURE_CALLS = frozenset({"text"})


def reads_own_fields_only(decl) -> bool:
    """Whether decl.shown (a kind's `shown as` template) reads nothing but decl's fields and
    `owner`, through operators, conditionals and `text(…)`."""
    own = {f.name for f in decl.fields} | {"owner"}
    return _pure(decl.shown, own)


def _pure(e, own: set) -> bool:
    if isinstance(e, (str, int, float, bool)) or e is None:
        return True
    if isinstance(e, tuple):
        return all(_pure(part, own) for part in e)
    if isinstance(e, n.Name):
        return e.name in own
    if isinstance(e, n.Call):
        return e.func in _PURE_CALLS and not e.kwargs and e.comp is None and _pure(e.args, own)
    if not isinstance(e, _PURE_NODES):
        return False
    return all(_pure(getattr(e, f.name), own) for f in attrs.fields(type(e)) if f.name != "span")
