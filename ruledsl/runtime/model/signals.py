"""What compiled code raises besides RulesError: the end of the game, a spent step budget,
and failures that the run loop locates at the statement that was running."""


class Signal(Exception):
    """The interpreter's own control flow (never shown to users)."""


class GameOver(Signal):
    """`win` or `end game`: the state's returns are set; the flow ends."""


class Runaway(Signal):
    """The step budget of one advance is spent: a loop or an expression that does not end."""


class RuleFailure(Exception):
    """A rule asked for something impossible (a message with no place: the run loop names the
    statement that was running, from the compiled code's line table)."""


SUSPEND = "suspend"   # what a code block returns when a decision is pending
