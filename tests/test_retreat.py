"""A retreat (agents/retreat.py) stopped by its deadline goes on at the next update from the step
it had reached, with the cloud it had made; one that found no guess goes on with the next stretch."""
from __future__ import annotations

from ruledsl.agents import Belief
from ruledsl.agents.deadlines import Late
from ruledsl.agents.retreat import NEAR_BACK

from .conftest import GAMES
from .test_bot_budget import played

GAME = str(GAMES / "examples" / "breakthrough.rules")


def followed(steps: int) -> Belief:
    real = played(GAME, 2, 1, 50)
    belief = Belief(real.game, 1, seed=1)
    belief.update(real)
    assert belief.followed >= steps
    return belief


class Steps:
    """Belief._step_cloud's stand-in: records the steps it is asked to take (belief._at), hands the
    cloud on, and is Late at call number `late`, or finds no guess at step `none`."""

    def __init__(self, belief, late=None, none=None):
        self.belief, self.late, self.none, self.taken = belief, late, none, []

    def __call__(self, cloud, step, size):
        if len(self.taken) == self.late:
            raise Late
        self.taken.append(self.belief._at)
        return (None if self.belief._at == self.none else cloud), []


def test_a_retreat_stopped_by_its_deadline_goes_on_where_it_stopped():
    belief = followed(40)
    i, retreats = 40, belief.stats.retreats
    belief._step_cloud = first = Steps(belief, late=10)
    assert belief._retreat(i) is None
    assert first.taken == list(range(i - NEAR_BACK, i - NEAR_BACK + 10))
    belief._step_cloud = second = Steps(belief)
    assert belief._retreat(i) is not None
    assert second.taken == list(range(i - NEAR_BACK + 10, i + 1))     # not from the stretch's start
    assert belief.stats.retreats == retreats + 1


def test_a_retreat_for_another_step_starts_afresh():
    belief = followed(41)
    belief._step_cloud = Steps(belief, late=10)
    belief._retreat(40)
    belief._step_cloud = later = Steps(belief)
    assert belief._retreat(41) is not None
    assert later.taken[0] == 41 - NEAR_BACK


def test_a_stretch_that_found_no_guess_is_not_followed_again():
    belief = followed(40)
    i = 40
    belief._step_cloud = first = Steps(belief, late=NEAR_BACK + 5, none=i)
    assert belief._retreat(i) is None
    assert first.taken[:NEAR_BACK + 1] == list(range(i - NEAR_BACK, i + 1))      # the near stretch, in vain
    assert first.taken[NEAR_BACK + 1] == 0                                      # then the far one, from its start
    belief._step_cloud = second = Steps(belief)
    assert belief._retreat(i) is not None
    assert second.taken[0] == 4                 # the far stretch goes on; the near one is not tried again
