"""Control signals raised inside compiled closures and caught where they end."""


class Signal(Exception):
    """Base of the interpreter's own control flow (never shown to users)."""


class StopLoop(Signal):
    """`stop` in a loop compiled as a closure."""


class ReturnRule(Signal):
    """`return` in a rule compiled as a closure."""


class GameOver(Signal):
    """`win` or `end game`: the state's returns are set; the flow ends."""


SUSPEND = "suspend"   # an instruction's result: a decision is pending
