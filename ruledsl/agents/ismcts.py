"""ISMCTSAgent: multiple-observer information-set MCTS over determinisations.

Every iteration draws a determinisation from the seat's Belief (determinise.py: states the
seat could not tell from the real one) and descends one tree per seat at once. Each tree
branches on what its seat observes: its own actions by their labels, everything else by
the events that seat was told (another seat's secret choice is one branch, "P2 makes a
secret choice"; a hidden card drawn is one branch, "a Card moves ..."). A seat's decisions
are chosen in its own tree by UCB1 with availability counts, and its edges learn its own
return. Before searching, a move that wins at once in every one of a few determinisations is
played (winning_move: a search that widens a menu of many options slowly may not try it).

Why multiple-observer: games with hidden information turn on other seats' secret choices
(hidden movement, programmed actions, hidden roles). A single tree keyed by labels would branch on those
choices, so the searching seat's later decisions would be tuned to secrets it cannot know
(it would search as if it saw them); a single tree merging what it cannot see would make
the others choose at random inside the tree. One tree per observer gives every seat, the
others included, decisions conditioned on exactly what that seat sees.

The bot never reads the real state's hidden parts: the belief follows the game through
the seat's observations only, and the moves it may make are those its view lists. When the
belief loses track entirely, or has not caught up with the game by its deadline (a budget of
seconds: the belief's work is part of the move's), it plays a random legal action (which
needs no guess); a belief that lost track is replaced by a fresh one at once. `last` says
how the move's time was split (belief_seconds, search_seconds), what the belief cost
(belief_applies; belief_cpu: its process time, which other programs on the machine do not
inflate) and whether it was exact and verified.
"""
from __future__ import annotations

import time

from ..errors import RulesError
from ..runtime.api import CHANCE
from .determinise import Belief, LostTrack
from .rollout import rollout, sample_outcome
from .search import DECISIVE_SHARE, EXPLORATION, SearchAgent, wins_at_once
from .tree import Node

# Fractions of a move's budget of seconds: the belief stops repairing at the first and stops
# following the game at the second (the rest at the next move); the search
# has what is left, and at least one iteration. So a move takes at most about BELIEF_HARD
# of its budget and one iteration.
BELIEF_SOFT, BELIEF_HARD = 0.8, 1.1
BELIEF_SPREAD = 0.25    # spreading a collapsed cloud is worth less than searching: until here only
DECISIVE_SAMPLES = 8    # determinisations in which a move must win at once to be played unsearched
DECISIVE_OPTIONS = 256  # options past which no move is checked for a win at once


def belief_deadlines(belief, clock) -> tuple:
    """(soft, hard, spread): the deadlines of a belief's update in a move (None, None, None for a
    budget of iterations). A belief behind since the last move, or that has followed nothing yet
    (the whole game so far to follow: the set-up, dealt step by step), likely leaves this move
    without a search (played at random), so the search's share of the budget goes to its
    repairs as well: soft = hard."""
    if clock is None or clock.at(1) is None:
        return None, None, None
    soft, hard, spread = clock.at(BELIEF_SOFT), clock.at(BELIEF_HARD), clock.at(BELIEF_SPREAD)
    if belief.exact and (belief.behind or not belief.particles):
        soft = hard
    return soft, hard, spread


class ISMCTSAgent(SearchAgent):
    """Information-set MCTS (multiple observers) over determinisations of the seat's belief.
    belief_options: settings of its Belief (particles, branch, …)."""
    name = "ismcts"

    def __init__(self, budget=None, seed: int = 0, rollout_depth=None, exploration: float = EXPLORATION,
                 **belief_options):
        super().__init__(budget, seed, rollout_depth, exploration)
        self.belief_options = belief_options
        self.belief = None
        self.fresh = None       # a belief catching up from the start after this one lost exactness

    def belief_for(self, state, clock=None) -> Belief:
        """The seat's belief, made anew for another game or seat, brought up to date within the
        move's budget (clock): it stops repairing at BELIEF_SOFT of a budget of seconds and
        stops following at BELIEF_HARD (see Belief.update). `belief.behind` says whether it
        caught up. One that lost exactness follows without repairs (it cannot be exact again:
        the time goes to a fresh one, _recover); one that lost track (LostTrack) is replaced
        at once by a fresh one, which follows the game from its start within this move's
        deadlines and the next moves' (behind until it caught up)."""
        seat = state.current_player
        b = self.belief
        if b is None or b.game is not state.game or b.seat != seat:
            b = self.belief = self._new_belief(state)
        soft, hard, spread = belief_deadlines(b, clock)
        try:
            if b.exact or soft is None:
                b.update(state, soft, hard, spread)
            else:
                b.update(state, clock.at(0), hard, clock.at(0))
        except LostTrack:
            b = self.belief = self._heir(state)
            b.update(state, soft, hard, spread)
        if soft is not None and not b.exact and not b.behind:
            b = self._recover(state, clock) or b
        return b

    def _new_belief(self, state) -> Belief:
        belief = Belief(state.game, state.current_player, self.rng.getrandbits(62), **self.belief_options)
        belief.now = self.now
        return belief

    def _heir(self, state) -> Belief:
        """The belief to go on with when this one lost track: the fresh one catching up, if any."""
        fresh, self.fresh = self.fresh, None
        if fresh is None or fresh.game is not state.game or fresh.seat != state.current_player:
            fresh = self._new_belief(state)
        return fresh

    def _recover(self, state, clock):
        """A belief that lost exactness under a deadline goes on with its closest guesses; a fresh
        one follows the game from its start with the time left before the soft deadline, move
        after move, and takes its place once it has caught up exactly."""
        fresh = self.fresh
        if fresh is None or fresh.game is not state.game or fresh.seat != state.current_player:
            fresh = self.fresh = self._new_belief(state)
        soft = clock.at(BELIEF_SOFT)
        try:
            fresh.update(state, soft, soft)
        except LostTrack:
            self.fresh = None
            return None
        if fresh.exact and not fresh.behind:
            self.belief, self.fresh = fresh, None
            return fresh
        if not fresh.exact:
            self.fresh = None       # it lost track too: start again at a later move
        return None

    def follow(self, state, clock):
        """(the belief brought up to date, and what it cost, for `last`), or (None, what
        happened) when it lost track or is behind the game (its deadline came first)."""
        applies = self.belief.stats.applies if self.belief is not None else 0
        cpu = time.process_time()
        try:
            belief = self.belief_for(state, clock)
        except LostTrack:
            self.belief = None      # a fresh one follows the game at the next move
            return None, {"lost": True, "exact": False}
        note = {"belief_seconds": round(clock.elapsed(), 4), "belief_cpu": round(time.process_time() - cpu, 4),
                "belief_applies": belief.stats.applies - applies,
                "exact": belief.exact, "verified": belief.verified, "particles": belief.distinct()}
        if belief.behind:
            note["behind"] = belief.behind
            return None, note
        return belief, note

    def idle(self, state, clock) -> None:
        """A forced move's budget of seconds goes to a belief that is behind the game or lost
        exactness (it follows, or a fresh one catches up); with iterations, nothing is done."""
        b = self.belief
        if clock.at(1) is not None and b is not None and b.seat == state.current_player and (b.behind or not b.exact):
            self.last.update(self.follow(state, clock)[1])

    def think(self, state, clock) -> str:
        labels = state.legal_labels()
        belief, note = self.follow(state, clock)
        if belief is None:
            # No guess of the state to search on (lost, or not caught up by the deadline): a
            # legal action at random, which needs none.
            self.last = {"iterations": 0, **note}
            return self.rng.choice(labels)
        winning = winning_move(belief, labels, state.current_player, self.rng, clock.at(DECISIVE_SHARE), self.now)
        if winning is not None:
            self.last = {"iterations": 0, "decisive": True, **note}
            return winning
        players = state.game.players
        roots = [Node() for _ in range(players)]
        depth = self.depth(state)
        done = failed = 0
        while clock.more(done):
            if not self._iterate(belief.sample(self.rng), roots, depth, players):
                failed += 1
            done += 1
            self.report(done, clock)
        self.last = {"iterations": done, "failed": failed, **note,
                     "search_seconds": round(clock.elapsed() - note["belief_seconds"], 4)}
        return roots[state.current_player].most_visited(labels) or self.rng.choice(labels)

    def _iterate(self, det, roots: list, depth: int, players: int) -> bool:
        rng, now, cutoff = self.rng, self.now, self.cutoff
        nodes = list(roots)
        path = []
        try:
            while not det.is_terminal():
                actor = det.current_player
                new = False
                if actor == CHANCE:
                    label = sample_outcome(det, rng).label
                else:
                    node = nodes[actor]
                    label, new = node.select(det.legal_labels(), rng, self.explore())
                    path.append((actor, node, label))
                mark = det.log_mark
                det.apply(label)
                for p in range(players):
                    nodes[p] = nodes[p].child(label if p == actor else tuple(det.events(p, since=mark)))
                if new or cutoff is not None and now() > cutoff:
                    break       # (past the cutoff: scored as it stands, like a playout cut short)
            rewards = rollout(det, rng, depth, self.scale, cutoff, now)
        except RulesError:
            return False
        for seat, node, label in path:
            node.update(label, rewards[seat])
        return True


def winning_move(belief, labels: list, seat: int, rng, deadline=None, now=time.perf_counter):
    """A label after which seat has won at once (alone, a win and not a ranking) in every one
    of DECISIVE_SAMPLES determinisations drawn from belief, else None; None as well past the
    deadline (a time on the clock now). A decisive move (Teytaud and Teytaud 2010): among a
    menu of many options, progressive widening tries each only slowly, and a search of a few
    hundred iterations may never try the one that ends the game (its playouts, at random,
    rarely play it either). Each check is an apply on a muted copy, about one per option; past
    DECISIVE_OPTIONS options, none is made (the search has the time)."""
    if len(labels) > DECISIVE_OPTIONS:
        return None
    samples = [belief.sample(rng) for _ in range(DECISIVE_SAMPLES)]
    for label in labels:
        if deadline is not None and now() > deadline:
            return None
        if all(_wins(det, label, seat) for det in samples):
            return label
    return None


def _wins(det, label: str, seat: int) -> bool:
    try:
        return wins_at_once(det.clone().mute().apply(label), seat)
    except RulesError:
        return False
