"""The budget is the budget (issue 41): no loop of a bot runs past its deadline by more than one
unit of work, and a budget of iterations never reads the clock.

Timing is made deterministic by a work clock: time advances by a fixed amount at every apply
of any game state, and by nothing else, so "seconds" count the work done and a test asserts
what was done after a deadline passed, whatever the machine's load."""
from __future__ import annotations

import gc
import random
import threading

import pytest

import ruledsl
from ruledsl.agents import Belief, Budget, ISMCTSAgent, MCTSAgent
from ruledsl.agents.ismcts import BELIEF_HARD, BELIEF_SOFT, belief_deadlines
from ruledsl.agents.rollout import play_randomly
from ruledsl.agents.search import SearchAgent, decisive
from ruledsl.runtime.api import GameState

from .conftest import GAMES
from .test_bot_budget import played

SIX = str(GAMES / "examples" / "six_rows.rules")
TICTACTOE = str(GAMES / "examples" / "tic_tac_toe.rules")
TICK = 0.001        # work-clock seconds an apply costs


class WorkClock:
    """A clock that advances by TICK at every apply (see the module docstring); `log` keeps,
    per apply, the time it started at and what `probe()` said then."""

    def __init__(self, probe=lambda: None):
        self.t = 1000.0
        self.probe = probe
        self.log: list = []

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def work_clock(monkeypatch):
    clock = WorkClock()
    apply = GameState.apply

    def timed(state, action):
        clock.log.append((clock.t, clock.probe()))
        clock.t += TICK
        return apply(state, action)

    monkeypatch.setattr(GameState, "apply", timed)
    return clock


def prefix(state, n: int):
    out = state.game.new_game(seed=state.seed, chance="explicit")
    for label in state.actions_taken[:n]:
        out.apply(label)
    return out


# Six Rows, 4 players, seed 3: seat 2's belief needs its deal transposed at step 31 (hundreds
# of applies without a deadline: the reveal of three secret choices) when the choices the guesses
# made before the reveal are not made again as it names them (transposing, below).
REPAIRED_AT = 31


def transposing(belief):
    """belief, repairing a reveal of secret choices without making them again as it names them
    (reveals.py, a few steps' work at step 31): by the climbs, whose hundreds of applies are the
    long repair these tests stop by the clock."""
    belief._remade = lambda particles, step, found: ([], [])
    return belief


def test_the_step_chosen_does_need_repairs():
    real = played(SIX, 4, 3, 60)
    belief = transposing(Belief(real.game, 1, seed=1))
    belief.update(prefix(real, REPAIRED_AT - 1))
    applies = belief.stats.applies
    belief.update(prefix(real, REPAIRED_AT))
    assert belief.stats.transposed == 1 and belief.stats.applies - applies > 200 and belief.exact


def test_repairs_stop_at_the_soft_deadline_within_one_apply(work_clock):
    real = played(SIX, 4, 3, 60)
    belief = transposing(Belief(real.game, 1, seed=1))
    belief.now = work_clock
    belief.update(prefix(real, REPAIRED_AT - 1))
    soft = work_clock.t + 60 * TICK          # past the step's proposal, long before its repairs end
    caught_up = belief.update(prefix(real, REPAIRED_AT), soft=soft, hard=soft + 1000 * TICK)
    assert not caught_up and belief.behind == 1 and belief.stats.late == 1
    assert soft < work_clock.t <= soft + TICK      # the apply that crossed it, and nothing after
    assert belief.exact                            # the step was left for the next update, not guessed
    belief.update(prefix(real, REPAIRED_AT))
    assert belief.behind == 0 and belief.exact and belief.stats.transposed == 1


def test_the_climbs_leave_the_repairs_in_place_their_share_of_the_time(work_clock):
    # The transposition climb (replays: dear) stops at its share of the time left to the soft
    # deadline, so the repairs in place are tried in the same update, before it.
    real = played(SIX, 4, 3, 60)
    belief = transposing(Belief(real.game, 1, seed=1))
    belief.now = work_clock
    belief.update(prefix(real, REPAIRED_AT - 1))
    tried, repair = [], belief._repair
    belief._repair = lambda found, step: tried.append(work_clock.t) or repair(found, step)
    start = work_clock.t
    soft = start + 120 * TICK         # the climb alone takes more (test_the_step_chosen_does_need_repairs)
    belief.update(prefix(real, REPAIRED_AT), soft=soft, hard=soft + 1000 * TICK)
    assert tried and tried[0] < soft
    assert belief.exact


def test_an_update_stops_at_its_hard_deadline_inside_a_step(work_clock):
    # Many steps behind: the first step of the update is taken whatever the clock (its proposal),
    # no apply of any later step starts past the hard deadline.
    real = played(SIX, 4, 3, 60)
    belief = Belief(real.game, 1, seed=1)
    belief.now = work_clock
    belief.update(prefix(real, 10))
    work_clock.probe = lambda: belief.followed
    start = work_clock.t
    hard = start + 90 * TICK        # the observer's replay of the 50 new actions counts too
    assert belief.update(real, soft=start + 80 * TICK, hard=hard) is False
    assert 0 < belief.behind < 50 and belief.followed > 10
    late = [followed for t, followed in work_clock.log if t >= hard]
    assert all(followed == 10 for followed in late)     # only the update's first step, if any
    assert work_clock.t <= hard + TICK or belief.followed == 11


def test_a_move_keeps_its_budget_in_work_time(work_clock):
    # A whole move of ismcts, its belief far behind and needing repairs: the move ends by the
    # playouts' cutoff (1.3 of the budget) plus one apply, never 1.5 times its budget.
    real = prefix(played(SIX, 4, 3, 60), REPAIRED_AT)
    while real.is_chance():
        real.apply(real.legal_actions()[0])
    seat = real.current_player
    bot = ISMCTSAgent(Budget(seconds=0.2), seed=1)
    bot.now = work_clock
    work_clock.log.clear()
    start = work_clock.t
    bot.choose(real)
    assert work_clock.t - start <= 1.5 * 0.2
    assert bot.last["belief_applies"] >= 1 and bot.belief.seat == seat
    assert bot.last["belief_seconds"] <= BELIEF_HARD * 0.2 + 0.2      # its first step may end past it


def test_a_playout_is_cut_at_its_deadline():
    state = played(SIX, 3, 2, 20)
    clock = WorkClock()

    def now():
        clock.t += TICK
        return clock.t

    taken = play_randomly(state.clone().mute(), random.Random(1), 1000, deadline=clock.t + 5.5 * TICK, now=now)
    assert taken == 5           # the clock is read before every action
    assert play_randomly(state.clone().mute(), random.Random(1), 3, deadline=None, now=now) == 3


def test_an_iteration_is_cut_at_the_cutoff(work_clock):
    # Past the cutoff, an iteration stops descending and its playout is not played: one apply each.
    real = played(SIX, 3, 7, 30)
    while real.is_chance():
        real.apply(real.legal_actions()[0])
    bot = ISMCTSAgent(Budget(seconds=0.2), seed=2)
    bot.now = work_clock
    bot.cutoff = work_clock.t - 1
    belief = bot.belief_for(real)
    before = len(work_clock.log)
    assert bot._iterate(belief.sample(bot.rng), [ruledsl.agents.tree.Node() for _ in range(3)], 1000, 3)
    assert len(work_clock.log) - before == 1


def test_a_budget_of_iterations_plays_the_same_whatever_the_clock_says():
    # The clock runs wild (an hour at every reading): a budget of iterations plays the same moves.
    real = played(SIX, 3, 7, 30)
    hours = iter(range(0, 10 ** 9, 3600))
    plays = []
    for clock in (None, lambda: float(next(hours))):
        state = real.clone()
        bots = [ISMCTSAgent(Budget(iterations=12), seed=5 + s) for s in range(3)]
        for bot in bots:
            if clock is not None:
                bot.now = clock
        labels = []
        for _ in range(12):
            if state.is_terminal():
                break
            if state.is_chance():
                action = state.legal_actions()[0]
            else:
                action = bots[state.current_player].choose(state)
            labels.append(action.label)
            state.apply(action)
        plays.append(labels)
    assert plays[0] == plays[1] and len(plays[0]) >= 6


def test_automatic_garbage_collection_is_paused_while_a_bot_thinks():
    seen = []

    class Recorder(SearchAgent):
        def think(self, state, clock):
            seen.append(gc.isenabled())
            if len(seen) == 2:
                raise RuntimeError("a rule failed")
            return state.legal_labels()[0]

    state = ruledsl.load(TICTACTOE).new_game(seed=1)
    bot = Recorder(Budget(iterations=1))
    assert gc.isenabled()
    bot.choose(state)
    with pytest.raises(RuntimeError):
        bot.choose(state)
    assert seen == [False, False] and gc.isenabled()
    gc.disable()
    try:
        bot.choose(state)
        assert not gc.isenabled()           # left as it was found
    finally:
        gc.enable()


def test_collection_resumes_when_the_last_of_several_thinking_bots_is_done():
    """Bots of the web server think at once in worker threads: the first to finish must not
    turn collection back on under the others."""
    started, release, quick_in, seen = threading.Barrier(2), threading.Event(), threading.Event(), []

    class Slow(SearchAgent):
        def think(self, state, clock):
            if self.seed == 0:
                quick_in.set()          # the quick bot paused collection first
            started.wait(5)
            if self.seed == 1:
                release.wait(5)
            seen.append((self.seed, gc.isenabled()))
            return state.legal_labels()[0]

    state = ruledsl.load(TICTACTOE).new_game(seed=1)
    quick, slow = Slow(Budget(iterations=1), seed=0), Slow(Budget(iterations=1), seed=1)
    worker = threading.Thread(target=lambda: quick_in.wait(5) and slow.choose(state))
    worker.start()
    quick.choose(state)
    assert not gc.isenabled()       # the slow bot still thinks
    release.set()
    worker.join(5)
    assert seen == [(0, False), (1, False)] and gc.isenabled()


def test_the_decisive_check_gives_up_at_its_deadline():
    state = ruledsl.load(TICTACTOE).new_game(seed=1)
    for label in ("mark A1", "mark A2", "mark B2", "mark A3"):
        state.apply(label)
    rng = random.Random(1)
    assert decisive(state, rng)[0] == "mark C3"                      # X wins on the diagonal
    assert decisive(state, rng, deadline=5.0, now=lambda: 6.0) == (None, None)
    bot = MCTSAgent(Budget(seconds=0.2), seed=1)
    assert bot.choose(state).label == "mark C3"


def test_the_distance_read_on_digests_is_zero_exactly_when_the_views_agree():
    # Observations of states along one game and of guesses of it: distance 0 exactly when the
    # events and the views (less the log) are equal; otherwise at least the zones that differ.
    from ruledsl.agents.compare import distance
    from ruledsl.agents.observe import observe
    real = played(SIX, 3, 5, 40)
    belief = Belief(real.game, 0, seed=4)
    belief.update(real)
    rng = random.Random(2)
    states = [prefix(real, n) for n in range(0, 40, 3)] + [belief.sample(rng) for _ in range(4)] + [real]
    checked = 0
    for a in states:
        for b in states:
            oa, ob = observe(a, 0, None), observe(b, 0, None)
            oa.events = ob.events = ()
            va, vb = a.view(0, log=False), b.view(0, log=False)
            zones = sum(va["zones"][z] != vb["zones"][z] for z in va["zones"])
            d = distance(oa, ob)
            assert (d == 0) == (va == vb) and d >= zones
            checked += d > 0
    assert checked > len(states)


class _Recorded:
    """A belief that records the deadlines it is given."""

    def __init__(self, game, seat, behind):
        self.game, self.seat, self.behind, self.exact, self.calls = game, seat, behind, True, []
        self.particles = ["a guess"]

    def update(self, state, soft=None, hard=None, spread=None):
        self.calls.append((soft, hard))


@pytest.mark.parametrize("behind", [0, 3])
def test_a_belief_behind_since_the_last_move_repairs_until_the_hard_deadline(behind):
    """Behind since the last move, the bot will likely play this one without a search: the
    search's share of the budget goes to the belief's repairs too (soft deadline = hard)."""
    state = played(SIX, 3, 2, 20)
    bot = ISMCTSAgent(Budget(seconds=1.0))
    bot.belief = _Recorded(state.game, state.current_player, behind)
    clock = Budget(seconds=1.0).clock(lambda: 100.0)
    bot.belief_for(state, clock)
    (soft, hard), = bot.belief.calls
    assert hard == clock.at(BELIEF_HARD)
    assert (soft == hard) == bool(behind)


def test_guesses_a_repair_made_fit_are_kept_when_the_clock_stops_the_rest():
    """The repairs of a step go through its closest candidates in turn; when the clock stops them
    after some were made to fit exactly, those are the step's guesses (the step is taken), not
    thrown away with the rest (which left the step for later, to be repaired again from scratch,
    until its closest, inexact guesses were kept). With none made to fit, the section is late."""
    from ruledsl.agents.deadlines import Late
    from ruledsl.agents.observe import Step, observe
    from ruledsl.agents.particles import Candidate

    game = ruledsl.load(TICTACTOE)
    state = game.new_game(seed=1, chance="explicit")
    target = Step(0, None, observe(state, 0, None))
    found = [Candidate(state.clone(), 1.0, observe(state, 0, None), None, None, None) for _ in range(3)]
    fixed = Candidate(state.clone(), 1.0, target.observation, None, None, None)
    for fits_first in (True, False):
        belief = Belief(game, 0, seed=1, min_particles=4)
        belief._budget = belief.work        # as an update sets it
        calls = []

        def swap(candidate, step, calls=calls, fits_first=fits_first):
            calls.append(candidate)
            if len(calls) == 1 and fits_first:
                return fixed
            raise Late
        belief._swap_until_fits = swap
        if fits_first:
            assert belief._repair(found, target) == [fixed] and len(calls) == 2
        else:
            with pytest.raises(Late):
                belief._repair(found, target)


def test_a_belief_that_has_followed_nothing_yet_repairs_until_the_hard_deadline():
    """A new belief has the whole game so far to follow (the set-up, dealt step by step): like one
    behind, its first move likely goes without a search, so its repairs may use the search's share."""
    state = played(SIX, 3, 2, 20)
    belief = Belief(state.game, 0, seed=1)
    clock = Budget(seconds=1.0).clock(lambda: 100.0)
    soft, hard, _ = belief_deadlines(belief, clock)
    assert soft == hard == clock.at(BELIEF_HARD)
    belief.update(state)
    soft, hard, _ = belief_deadlines(belief, clock)
    assert soft == clock.at(BELIEF_SOFT) < hard
    assert belief_deadlines(belief, Budget(iterations=10).clock()) == (None, None, None)


def test_the_cloud_is_sized_to_follow_the_steps_left_by_the_soft_deadline():
    """A step no guess fits is repaired before the soft deadline: a cloud sized to follow the
    steps left until the hard one would leave it no time (the step postponed, the move played on
    a belief behind). So the particles a move affords are those the soft deadline affords."""
    state = played(SIX, 3, 2, 20)
    belief = Belief(state.game, 0, seed=1, particles=32, min_particles=2)
    belief.update(state)
    belief.now = lambda: 0.0
    belief._rate = 0.001                            # an apply costs a millisecond
    belief._budget = belief.work
    steps = len(belief.observer.steps)
    belief.followed = steps - 10                    # ten steps left to follow
    from ruledsl.agents.deadlines import AFFORD_MARGIN
    step = 10 * 0.001 * AFFORD_MARGIN               # a particle's share of the steps left, with the margin
    belief._soft, belief._hard = 4.5 * step, 20.5 * step  # affords 4 particles by the soft deadline, 20 by the hard
    assert belief._affordable() == 4
    belief._soft = belief._hard                     # a belief behind repairs until the hard deadline
    assert belief._affordable() == 20
