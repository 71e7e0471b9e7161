"""A failure inside compiled code, told as a RulesError at the statement that was running.

Operators and effects that know their place raise RulesError themselves. What
else goes wrong (a spent step budget, a rule asking for the impossible, a call
nested too deep) is placed here from the compiled code's line table: the
innermost line of generated code in the traceback names its statement. A
library function that generated code calls in place (no wrapper on the hot
path) and that fails is told as its call failing, with the values it was given:
the call found by where its line stopped, the values in the function's frame.
"""
from __future__ import annotations

from ...errors import RulesError, error
from ..model.signals import RuleFailure, Runaway
from .budget import STEP_LIMIT
from .library import FAILURES, NUMBER_HINT, arguments_given, failed, in_our_words

CALL_HINT = "a define or rule that calls itself must reach the case that stops it in fewer calls: check that case"
RUNAWAY_HINT = ("a loop here never finishes, or an expression builds or walks too much: "
                "check its condition, or add `stop`")


def located(code_map, err: BaseException, fallback_span, fallback_where: str) -> RulesError:
    """The RulesError for err, at the statement the traceback shows (else at fallback_span)."""
    if isinstance(err, RulesError):
        return err
    if isinstance(err, FAILURES):
        call = code_map.failed_call(err.__traceback__)
        if call is not None:        # a library function called in place (Namespace.site) failed
            (_impl, name, span, shown), frame = call
            st, given = arguments_given(frame)
            return failed(st, name, span, given[:shown] if shown is not None else given, err)
    span, where = code_map.locate(err.__traceback__)
    if span is None:
        span, where = fallback_span, fallback_where
    if isinstance(err, Runaway):
        return error(span, f"{where} ran {STEP_LIMIT:,} steps without reaching a decision or an end", RUNAWAY_HINT)
    if isinstance(err, RecursionError):
        return error(span, "rules call each other without end here: calls within calls nest deeper than "
                     "about 950 levels, the most allowed", CALL_HINT)
    if isinstance(err, RuleFailure):
        return error(span, str(err))
    if isinstance(err, KeyError):
        return error(span, f"{err} has no value here")
    ours = in_our_words(err)
    if ours is not None:
        return error(span, f"{where} failed here: {ours}", NUMBER_HINT)
    return error(span, f"{where} failed here: {err}")
