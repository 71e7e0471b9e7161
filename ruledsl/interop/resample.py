"""States a seat cannot tell from the real one, for OpenSpiel's `resample_from_infostate`.

Built on the generic determinisation (ruledsl.agents.determinise): one Belief per
seat is kept on the game object and brought up to date with each state asked
about, so that IS-MCTS asking again and again at the same decision pays for
following the game once.
"""
from __future__ import annotations

import hashlib
import random

from ..agents.determinise import SEED_SPACE, Belief, LostTrack


def belief_of(game, seat: int, **options) -> Belief:
    """The game object's Belief for seat (made on first use)."""
    beliefs = game.__dict__.setdefault("_beliefs", {})
    belief = beliefs.get(seat)
    if belief is None:
        belief = beliefs[seat] = Belief(game, seat, **options)
    return belief


def resample(st, seat: int, sampler=None):
    """A whole state (explicit chance) seat could not tell apart from st, drawn with sampler
    (a callable giving a number in [0, 1), as pyspiel's samplers do; None: seeded from st's
    history, so the same state gives the same draw). LostTrack when the determiniser could only
    keep guesses the seat could tell from st."""
    belief = belief_of(st.game, seat)
    belief.update(st)
    if not belief.exact:
        # The belief kept its closest guesses: states the seat could tell from the real one. A
        # caller such as IS-MCTS relies on the information state being the same, so say so.
        raise LostTrack(f"the determiniser lost track of the game as seat {seat} saw it (a hidden step no "
                         "guess could be made to fit): it has no state this seat cannot tell from the real one")
    if sampler is not None:
        seed = int(sampler() * SEED_SPACE)
    else:
        text = "\x1f".join(str(a) for a in st.actions_taken)
        seed = int.from_bytes(hashlib.sha1(text.encode()).digest()[:8], "big") % SEED_SPACE
    return belief.sample(random.Random(seed))
