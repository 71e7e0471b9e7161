"""IR nodes: one frozen attrs class per construct of the language.

Every node carries `span`, where it was written; a node that declares or
names something also carries where that name is written (`name_span`,
`var_span`, …: what an editor jumps to and highlights). Spans take no part in
equality, so two IRs built from differently laid-out text compare equal.
"""
from __future__ import annotations

from .base import node  # noqa: F401  (nodes.node, for anyone declaring a node)
from .decls import *  # noqa: F401,F403  (the IR is read as one namespace: nodes.X)
from .exprs import *  # noqa: F401,F403
from .stmts import *  # noqa: F401,F403
