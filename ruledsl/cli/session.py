"""A game in play with who sits where: bots act on their own, humans decide, a human may take back.

The full-screen terminal UI (ruledsl/cli/tui/) drives a game through this:
`advance()` lets bots act until a human must decide or the game is over,
`take()` applies a human's decision (remembering the state before it), and
`undo()` goes back to before that human's last decision when nothing hidden was
revealed to it since (GameState.may_take_back).
"""
from __future__ import annotations

from typing import Optional

from .. import CHANCE
from ..agents.search import SearchAgent
from ..errors import RulesError
from .common import CliError, diagnostics_text, save_record


def apply_or_stop(game, state, action, seat) -> None:
    """state.apply(action); a rule that fails is a CliError naming its place and who took what."""
    try:
        state.apply(action)
    except RulesError as err:
        who = "chance" if seat == CHANCE else game.seats[seat]
        raise CliError(diagnostics_text(err, game.sources, game.path)
                       + f"\n    (the game stopped when {who} took '{action}')") from None


class GameSession:
    """state: the GameState; agents: {seat: agent} for every seat that is not human (CHANCE
    included); humans: the 0-based human seats. save_path: where save() writes by default.
    kinds: who plays each seat ("human" or a bot's spec), written into saves."""

    def __init__(self, game, state, agents: dict, humans: list, save_path: str, kinds: Optional[list] = None):
        self.game = game
        self.kinds = list(kinds) if kinds else None
        self.state = state
        self.agents = agents
        self.humans = list(humans)
        self.save_path = save_path
        self.takebacks = TakeBacks()
        self.auto: list = []      # labels a human took because they were the only option
        self.last_seat: Optional[int] = None    # who took the last action step() took

    @property
    def seats(self) -> list:
        return self.game.seats

    def to_act(self) -> Optional[int]:
        """The human seat that must decide now, or None (the game is over)."""
        seat = self.state.current_player
        return seat if seat in self.humans else None

    def bots_think(self) -> bool:
        """Whether a bot of this game searches (and may take a while over a move)."""
        return any(isinstance(agent, SearchAgent) for agent in self.agents.values())

    def advance(self, single: bool = True, moved=None) -> None:
        """Let bots act until a human must decide or the game is over; with single, a human's
        decision with one option is taken for them (and can be taken back with what led to it).
        moved(seat): called after each bot's action (not chance's), to show it."""
        while self.step(single) is not None:
            seat = self.last_seat
            if moved is not None and seat != CHANCE and seat not in self.humans:
                moved(seat)

    def step(self, single: bool = True) -> Optional[int]:
        """One action that no human has to decide: a bot's, chance's, or with single a human's only
        option. The seat that acted (last_seat), or None when a human must decide or the game is over."""
        state = self.state
        if state.is_terminal():
            return None
        seat = state.current_player
        if seat in self.humans:
            if not (single and len(state.legal_actions()) == 1):
                return None
            self.auto.append(state.legal_actions()[0].label)
            self._apply(state.legal_actions()[0], seat)
        else:
            self._apply(self.agents[seat].choose(state), seat)
        self.last_seat = seat
        return seat

    def take(self, index: int) -> None:
        """A human's decision: option `index` of the pending decision."""
        seat = self.state.current_player
        self.takebacks.remember(seat, self.state)
        self._apply(index, seat)

    def _apply(self, action, seat) -> None:
        apply_or_stop(self.game, self.state, action, seat)

    # ------------------------------------------------------------ taking back
    def undo_problem(self, seat: int) -> Optional[str]:
        """Why seat may not take its last decision back now, or None when it may."""
        return self.takebacks.problem(self.state, seat)

    def undo(self, seat: int) -> bool:
        """Go back to before seat's last decision, if undo_problem says it may."""
        earlier = self.takebacks.take_back(self.state, seat)
        if earlier is None:
            return False
        self.state = earlier
        return True

    # ------------------------------------------------------------ saving
    def save(self, path: Optional[str] = None) -> str:
        """Write the record (OSError when it cannot be written); returns the path used."""
        path = path or self.save_path
        save_record(path, self.state, self.kinds)
        self.save_path = path
        return path


class TakeBacks:
    """The states before each human decision, so that a seat may take its last one back (the
    line-by-line and the full-screen play share this)."""

    def __init__(self):
        self.marks: list = []     # (seat, the state before that seat's decision), oldest first

    def remember(self, seat: int, state) -> None:
        """Call before seat's decision is applied to state."""
        self.marks.append((seat, state.clone()))

    def _last(self, seat: int) -> Optional[int]:
        for i in range(len(self.marks) - 1, -1, -1):
            if self.marks[i][0] == seat:
                return i
        return None

    def problem(self, state, seat: int) -> Optional[str]:
        """Why seat may not take its last decision back from state, or None when it may."""
        i = self._last(seat)
        if i is None:
            return "you have made no decision to take back"
        others = {s for s, _ in self.marks[i + 1:] if s != seat}
        if others:
            # Hot-seat: another person's decision would vanish without their say.
            return "another player has decided since: it stands"
        if not state.may_take_back(self.marks[i][1], seat):
            return "something hidden was revealed since (a die, a card, a secret choice): it stands"
        return None

    def take_back(self, state, seat: int):
        """The state before seat's last decision (forgetting the later ones), or None when
        problem() says it may not."""
        if self.problem(state, seat) is not None:
            return None
        i = self._last(seat)
        earlier = self.marks[i][1]
        del self.marks[i:]
        return earlier
