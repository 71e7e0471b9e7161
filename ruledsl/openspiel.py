"""Any rules file as a registered OpenSpiel (pyspiel) Python game: `load_game(path, players, options)`.

Needs the optional extra `ruledsl[openspiel]`. Chance is explicit: every roll,
random pick, shuffle drawn card by card and draw from a bag is a chance node
with its probabilities. Actions are numbered by ruledsl.interop.actions (one
id per label the rules can offer, or by position where labels cannot be
listed in advance); observations come from ruledsl.interop.observe. See
docs/interop.md.
"""
from __future__ import annotations

import hashlib
import json
from typing import Mapping, Optional

import numpy as np
import pyspiel

import ruledsl

from .agents.search import DEPTH_WITHOUT
from .interop.actions import space_of
from .interop.sums import utility_sum
from .interop.observe import encoding_of, information_state_string, observation_string, remembered
from .ir import nodes as n
from .check.walk import statements

# OpenSpiel wants a bound on a game's length; a rules file states none. A game that reaches
# max_game_length actions (chance outcomes included) is cut short there: terminal, a draw (0 to
# every seat, or the sum shared equally in a zero- or constant-sum game). The default is the
# horizon at which ruledsl's own bots cut a game they play out (agents/search.py): far past the
# natural length of games that end under random play (the bundled ones: 170 to 2,000 actions in
# 20 seeds), and short enough that pyspiel's random_sim_test of one that never ends under random
# play ends within a minute.
MAX_GAME_LENGTH = DEPTH_WITHOUT
_registered: dict = {}


def load_game(path: str, players: Optional[int] = None, options: Optional[Mapping] = None, *,
              actions: str = "auto", max_game_length: int = MAX_GAME_LENGTH) -> pyspiel.Game:
    """The rules file as a pyspiel game, registered under `game.get_type().short_name` (so
    pyspiel.load_game(that name) works too). actions: "auto", "labels" or "positions"
    (ruledsl.interop.actions). max_game_length: the game is cut short after this many
    actions (chance outcomes included), a draw. Its utility is zero- or constant-sum when the
    rules' endings make it so (interop/sums.py), so that exploitability() and friends accept it."""
    game = ruledsl.load(path, players=players, options=dict(options or {}))
    short = _short_name(path, game.players, game.given_options, f"{actions}/{max_game_length}")
    factory = _registered.get(short)
    if factory is None:
        factory = _register(game, short, actions, max_game_length)
    return factory()


def _short_name(path: str, players: int, options: Mapping, actions: str) -> str:
    from pathlib import Path
    key = json.dumps([str(Path(path).resolve()), players, sorted((k, str(v)) for k, v in options.items()), actions])
    stem = "".join(c if c.isalnum() else "_" for c in Path(path).stem)
    return f"ruledsl_{stem}_{players}p_{hashlib.sha1(key.encode()).hexdigest()[:8]}"


def _has_numeric_returns(game) -> bool:
    return any(isinstance(s, n.EndGame) and s.returns is not None for s in statements(game.definition))


# How the rules' returns add up (interop/sums.py) -> OpenSpiel's utility type.
_UTILITY = {0.0: pyspiel.GameType.Utility.ZERO_SUM, 1.0: pyspiel.GameType.Utility.CONSTANT_SUM,
            None: pyspiel.GameType.Utility.GENERAL_SUM}


def _register(game, short: str, actions: str, max_game_length: int):
    space = space_of(game, actions)
    encoding = encoding_of(game)
    numeric = _has_numeric_returns(game)
    players = game.players
    total = utility_sum(game)
    game_type = pyspiel.GameType(
        short_name=short, long_name=f"{game.definition.title} (ruledsl, {players} players)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        # Claiming imperfect information is always sound: a game that hides nothing is a special case.
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_UTILITY[total],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players, min_num_players=players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={})
    game_info = pyspiel.GameInfo(
        num_distinct_actions=space.size, max_chance_outcomes=space.chance_size, num_players=players,
        min_utility=-1e9 if numeric else 0.0, max_utility=1e9 if numeric else 1.0,
        utility_sum=total, max_game_length=max_game_length)

    class RulesGame(pyspiel.Game):
        __doc__ = f"{game.definition.title}, from {game.path}."

        def __init__(self, params=None):
            super().__init__(game_type, game_info, params or {})
            self.rules = game
            self.space = space
            self.encoding = encoding
            self.initial = None

        def new_initial_state(self):
            # set up once: pyspiel makes a new state for every clone it takes, then copies into it
            if self.initial is None:
                self.initial = self.rules.new_game(seed=0, chance="explicit")
            return RulesState(self, self.initial.clone())

        def make_py_observer(self, iig_obs_type=None, params=None):
            if params:
                raise ValueError(f"observation parameters are not supported; given {params}")
            recall = iig_obs_type is not None and iig_obs_type.perfect_recall
            public = iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
            return RulesObserver(self.encoding, recall, public)

    pyspiel.register_game(game_type, RulesGame)
    _registered[short] = RulesGame
    return RulesGame


class RulesState(pyspiel.State):
    """One ruledsl GameState (explicit chance) seen through pyspiel's State API."""

    def __init__(self, game, st):
        super().__init__(game)
        self._box = _Box(st, game.space, game.max_game_length())

    @property
    def st(self):
        """The ruledsl GameState (explicit chance) this state wraps."""
        return self._box.st

    @property
    def _space(self):
        return self._box.space

    def _cut(self) -> bool:
        """Whether the game has run for max_game_length actions: OpenSpiel ends it there."""
        return self.st.action_count >= self._box.limit

    def current_player(self):
        st = self.st
        if st.pending is None or self._cut():
            return pyspiel.PlayerId.TERMINAL
        return pyspiel.PlayerId.CHANCE if st.pending.seat is None else st.pending.seat

    def _legal_actions(self, player):
        return [] if self._cut() else self._space.legal_ids(self.st)

    def chance_outcomes(self):
        d = self.st.pending
        if d is None or d.seat is not None:
            return []
        return [(i, float(p)) for i, p in enumerate(d.probs)]

    def _apply_action(self, action):
        self.st.apply(self._space.index_of(self.st, int(action)))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE or self._space.mode == "positions":
            return self._space.to_string(self.st, int(action))
        return self._space.labels[action]

    def is_terminal(self):
        return self.st.pending is None or self._cut()

    def returns(self):
        result = self.st.result
        game = self.get_game()
        if result is not None:
            return [float(r) for r in result]
        share = (game.utility_sum() or 0.0) / game.num_players() if self._cut() and \
            game.get_type().utility != pyspiel.GameType.Utility.GENERAL_SUM else 0.0
        return [share] * game.num_players()   # cut short (or not over): a draw

    def resample_from_infostate(self, player_id, probability_sampler=None):
        """A state the player cannot tell from this one, drawn at random (hidden cards dealt
        again, other seats' secret choices guessed) by ruledsl's determinisation."""
        from .interop.resample import resample
        return RulesState(self.get_game(), resample(self.st, player_id, probability_sampler))

    def __str__(self):
        # Under explicit chance the labels taken so far tell the state exactly, and cost far
        # less than a view (pyspiel compares states by this text after every action).
        return "\n".join(str(a) for a in self.st.actions_taken)


class _Box:
    """Holds a state's ruledsl GameState: pyspiel clones a Python state by deep-copying its
    attributes, and a GameState must be cloned (sharing its compiled game), never deep-copied.

    It also keeps what the observer read of the state as it is now (each seat's view, without the
    log) and what each seat remembers (a log mark and its texts): OpenSpiel asks for every seat's
    strings and tensor at every step, and a clone goes on from what its original remembered, so
    each step costs what is new rather than the whole history again."""
    __slots__ = ("st", "space", "limit", "views", "memory")

    def __init__(self, st, space, limit: int, memory: Optional[dict] = None):
        self.st = st
        self.space = space
        self.limit = limit
        self.views: dict = {}           # seat -> (action count, view without the log)
        self.memory: dict = dict(memory or {})     # seat -> (log mark, what it remembers)

    def __deepcopy__(self, memo):
        twin = _Box(self.st.clone(), self.space, self.limit, self.memory)
        twin.views = dict(self.views)       # the same state: the same views, until either moves on
        return twin

    def view(self, seat) -> dict:
        count = self.st.action_count
        kept = self.views.get(seat)
        if kept is None or kept[0] != count:
            kept = self.views[seat] = (count, self.st.view(seat, log=False))
        return kept[1]

    def remembered(self, seat) -> list:
        texts = remembered(self.st, seat, self.memory.get(seat))
        self.memory[seat] = (self.st.log, tuple(texts))
        return texts


class RulesObserver:
    """pyspiel's PyObserver: the tensor (ruledsl.interop.observe.Encoding) and the strings.
    public: what an onlooker sees (OpenSpiel's private_info NONE), for every player alike."""

    def __init__(self, encoding, perfect_recall: bool, public: bool = False):
        self.encoding = encoding
        self.recall = perfect_recall
        self.public = public
        self.tensor = np.zeros(encoding.size, np.float32)
        self.dict = {}
        for name, size in encoding.pieces:
            at = encoding.offsets[name]
            self.dict[name] = self.tensor[at:at + size]

    def set_from(self, state, player):
        seat = None if self.public else player
        self.tensor.fill(0)
        self.encoding.fill(self.tensor, state._box.view(seat), seat)

    def string_from(self, state, player):
        seat = None if self.public else player
        box = state._box
        if self.recall:
            return information_state_string(box.st, seat, box.remembered(seat), box.view(seat))
        return observation_string(box.st, seat, box.view(seat))
