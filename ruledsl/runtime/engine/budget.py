"""The step budget of one advance: loop turns, code blocks, and the elements expressions
build or visit all spend it, so a rule that never ends is reported, not hung."""
from __future__ import annotations

from ..model.signals import Runaway

STEP_LIMIT = 2_000_000


def spend(st, n: int = 1) -> None:
    st.steps += n
    if st.steps > STEP_LIMIT:
        raise Runaway()
