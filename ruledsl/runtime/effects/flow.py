"""Changes to the flow's own state: turns, phases, and the end of the game with its returns."""
from __future__ import annotations

from fractions import Fraction

from ..model.signals import GameOver, RuleFailure
from ..model.state import Result
from ..model.values import Player, display
from .effects import players_of
from .events import emit


def enter_turn(st, p) -> None:
    """`turn p:` begins (compiled code does this in place where p is certain to be a seat,
    telling the event turn_event made once)."""
    if type(p) is not Player:
        raise RuleFailure(f"{display(st, p)} is not a player")
    st.current = p
    if p.index == 0:
        st.round += 1
    if not st.muted:    # emit(), written out: a turn is told even `quietly:`
        log = st.log
        st.log = (turn_event(p), log, log[2] + 1 if log is not None else 1)


def turn_event(p):
    """The event that tells p's turn (the same every time: events are never changed)."""
    return (f"{p.label}'s turn", None, None, "turn")


def enter_phase(st, name) -> None:
    st.phase = st.phase + (display(st, name),)
    emit(st, st.phase[-1], kind="phase")


def finish_win(prog, st, winners, span=None) -> None:
    """`win winners`; span: the statement's, the game's ending (Result.ending)."""
    winners = set(players_of(st, winners))
    seats = prog.players
    st.result = Result(tuple(1.0 if p in winners else 0.0 for p in seats),
                       (p.index for p in seats if p in winners), (p.index for p in seats if p not in winners))
    if winners:
        named = display(st, tuple(p for p in prog.players if p in winners))
        emit(st, f"{named} win{'s' if len(winners) == 1 else ''} the game", kind="end")
    else:
        emit(st, "everyone loses the game", kind="end")
    raise GameOver(span)


def finish_ranking(prog, st, ranked: list, span=None) -> None:
    """ranked: [(player, key tuple)]; best 1, worst 0, ties share the average. span: the statement's."""
    count = len(ranked)
    order = sorted(ranked, key=lambda pk: pk[1], reverse=True)
    returns = {}
    i = 0
    while i < count:
        j = i
        while j + 1 < count and order[j + 1][1] == order[i][1]:
            j += 1
        positions = range(i, j + 1)
        share = sum(Fraction(count - 1 - k, count - 1) if count > 1 else Fraction(1) for k in positions) \
            / len(positions)
        for k in positions:
            returns[order[k][0]] = float(share)
        i = j + 1
    values = tuple(returns.get(p, 0.0) for p in prog.players)
    st.result = _ends(prog, values, [p for p, key in ranked if key == order[0][1]],
                      [p for p, key in ranked if key == order[-1][1]] if order else [])
    if any(key for _, key in order):
        emit(st, "final ranking: " + "; ".join(f"{p.label} {display(st, key)}" for p, key in order), kind="end")
    else:
        emit(st, "the game ends in a tie", kind="end")
    raise GameOver(span)


def finish_returns(prog, st, scored: list, span, alike: bool = False) -> None:
    """`end game returns value for each p in …`: scored is [(player, number)]; seats not listed
    return 0. The seats with the most win, those with the least lose, unless all are equal.
    alike: the value does not read the seat (the compiler saw it), so, given to every seat, it
    is the team's shared score (Result.shared), not a draw."""
    returns = {}
    for p, value in scored:
        if type(p) is not Player:
            raise RuleFailure(f"{display(st, p)} is not a player")
        if type(value) not in (int, Fraction) or type(value) is bool:
            raise RuleFailure(f"a return must be a number, not {display(st, value)}")
        returns[p] = value
    values = tuple(float(returns.get(p, 0)) for p in prog.players)
    best, worst = max(values), min(values)
    st.result = _ends(prog, values, [p for p, v in zip(prog.players, values) if v == best],
                      [p for p, v in zip(prog.players, values) if v == worst])
    st.result.shared = alike and len(returns) == len(prog.players) and best == worst
    emit(st, "final returns: " + "; ".join(f"{p.label} {display(st, returns.get(p, 0))}" for p in prog.players),
         kind="end")
    raise GameOver(span)


def _ends(prog, values: tuple, first: list, last: list) -> Result:
    """The Result of a ranking or numeric returns: no winners or losers when every seat is equal."""
    if len(set(values)) == 1 and len(values) > 1:
        return Result(values)
    return Result(values, (p.index for p in first), (p.index for p in last))
