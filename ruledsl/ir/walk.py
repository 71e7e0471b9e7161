"""Every node of the IR under some roots, for passes that look for one sort of node wherever it
stands (a list written out, a `set`, a `do`)."""
from __future__ import annotations

from typing import Iterator

import attrs


def nodes(roots) -> Iterator:
    """Each IR node under roots (nodes, and dicts, lists and tuples of them), depth first."""
    stack = list(roots)
    while stack:
        item = stack.pop()
        cls = type(item)
        if cls is dict:
            stack.extend(item.values())
        elif cls is tuple or cls is list:
            stack.extend(item)
        else:
            names = _FIELDS.get(cls)
            if names is None:
                names = _FIELDS[cls] = _fields(cls)
            if names:
                yield item
                stack.extend([getattr(item, name) for name in names])


_FIELDS: dict = {}      # a class -> the names of its attrs fields but the span (() for anything else)


def _fields(cls) -> tuple:
    return tuple(f.name for f in attrs.fields(cls) if f.name != "span") if attrs.has(cls) else ()
