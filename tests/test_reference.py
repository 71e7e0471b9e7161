"""The hand-written references in benchmarks/reference/ play the same random game as the rules files.

A reference is the yardstick ruledsl's speed is measured against, so it must
play the game the rules file states: under uniform random play both must give
one random process. Seeded samples of each are compared:

- how many options the decisions of each game's opening (its first PREFIX
  decisions) offer: the two pooled histograms (option counts binned by powers
  of two) by their chi-square distance, judged by permuting whole games between
  the samples (decisions within a game depend on each other);
- the length of whole games (decisions taken; Kolmogorov-Smirnov), and who got
  which returns (chi-square).

A test passes while no comparison rejects at ALPHA (Bonferroni over the
comparisons); each sample is seeded, so a run is deterministic. The default
run plays 300 whole games of The Shining and the openings of 80 of The Haunting
House (whose whole games cost ruledsl a third of a second each) and takes
about ten seconds; RULEDSL_LONG=1 plays more games and The Haunting House to
the end too. `test_a_wrong_*` proves that the comparison can fail: references
with one rule changed are told apart from the same ruledsl samples. Its power
has limits: a mistake that seldom changes what is offered or how a game ends
goes unseen at these sizes (tried: tiles laid unturned, equal tokens offered as
two options, a fifth month that random play, dying first, almost never reaches).
"""
from __future__ import annotations

import os
import random
from collections import Counter

import pytest

import ruledsl
from benchmarks.reference import haunting_house, shining
from .conftest import GAMES

stats = pytest.importorskip("scipy.stats")
numpy = pytest.importorskip("numpy")

LONG = bool(os.environ.get("RULEDSL_LONG"))
ALPHA = 0.001
PREFIX = 60            # decisions per game that the option-count comparison looks at
REFERENCE_GAMES = 1000
SEED = 20240613

# game -> (rules file, reference module, players, ruledsl games, whole games?)
CASES = {
    "shining": (GAMES / "shining.rules", shining, 3, 1000 if LONG else 300, True),
    "haunting_house": (GAMES / "haunting_house.rules", haunting_house, 2, 300 if LONG else 80, LONG),
}


BINS = [1, 2, 3, 5, 9, 17, 33, 65, 129, 257, 513]   # option counts, binned by powers of two


class Sample:
    """Per game: how many of its first PREFIX decisions had how many options (binned), its length and
    its outcome (the last two only for whole games)."""

    def __init__(self):
        self.options, self.lengths, self.outcomes = [], [], []

    def add(self, options: list, length, returns) -> None:
        self.options.append(numpy.bincount(numpy.digitize(options[:PREFIX], BINS), minlength=len(BINS) + 1))
        if length is not None:
            self.lengths.append(length)
            self.outcomes.append(tuple(returns))


def ruledsl_sample(path, players: int, games: int, whole: bool) -> Sample:
    game = ruledsl.load(str(path), players=players)
    rng = random.Random(SEED)
    out = Sample()
    for i in range(games):
        st = game.new_game(seed=SEED + i)
        options = []
        while not st.is_terminal() and (whole or len(options) < PREFIX):
            legal = st.legal_actions()
            options.append(len(legal))
            st.apply(rng.choice(legal))
        out.add(options, len(options) if whole else None, st.returns())
    return out


def reference_sample(module, players: int, whole: bool, games: int = REFERENCE_GAMES) -> Sample:
    rng = random.Random(SEED)
    out = Sample()
    for _ in range(games):
        options = []

        def choose(offered):
            options.append(len(offered))
            return rng.choice(offered)
        length, returns = module.play(rng, players, choose, max_actions=10**9 if whole else PREFIX)
        out.add(options, length if whole else None, returns)
    return out


def p_values(a: Sample, b: Sample) -> dict:
    """What tells a from b, as p-values: near 0 when they differ."""
    out = {"options of the opening's decisions": options_p(a.options, b.options)}
    if a.lengths and b.lengths:
        out["game length"] = stats.ks_2samp(a.lengths, b.lengths).pvalue
        out["outcome"] = outcome_p(a.outcomes, b.outcomes)
    return out


def options_p(a: list, b: list) -> float:
    """Whether the decisions of a's openings have as many options as b's: the chi-square distance
    between the two pooled histograms, with games (not decisions, which depend on each other
    within a game) permuted between the samples to judge it."""
    games = numpy.array(a + b, dtype=float)
    total = games.sum(axis=0)

    def distance(x, y, axis=-1):
        # x: the game numbers of the first sample, for a batch of resamples at once; y's are the rest
        members = numpy.zeros(x.shape[:-1] + (len(games),))
        numpy.put_along_axis(members, x, 1.0, axis=-1)
        first = members @ games
        table = numpy.stack([first, total - first], axis=-2) + 0.5
        expected = table.sum(axis=-1, keepdims=True) * table.sum(axis=-2, keepdims=True) / table.sum(
            axis=(-2, -1), keepdims=True)
        return ((table - expected) ** 2 / expected).sum(axis=(-2, -1))
    return stats.permutation_test((numpy.arange(len(a)), numpy.arange(len(a), len(games))), distance,
                                  vectorized=True, n_resamples=4999, batch=1000, alternative="greater",
                                  random_state=SEED).pvalue


def outcome_p(a: list, b: list) -> float:
    """Whether the outcomes (who got which return) are alike: a chi-square test of homogeneity, with
    outcomes too rare for it (expected under 5) pooled into one."""
    ca, cb = Counter(a), Counter(b)
    total = len(a) + len(b)
    kinds = sorted(set(ca) | set(cb))
    common = [k for k in kinds if min(len(a), len(b)) * (ca[k] + cb[k]) / total >= 5]
    rare = [k for k in kinds if k not in common]
    rows = [[ca[k] for k in common] + [sum(ca[k] for k in rare)],
            [cb[k] for k in common] + [sum(cb[k] for k in rare)]]
    columns = [i for i in range(len(rows[0])) if rows[0][i] + rows[1][i] > 0]
    if len(columns) < 2:
        return 1.0
    table = [[row[i] for i in columns] for row in rows]
    return stats.chi2_contingency(table).pvalue


def differ(pvalues: dict) -> list:
    """The comparisons that reject sameness at ALPHA (Bonferroni)."""
    return [name for name, p in pvalues.items() if p < ALPHA / len(pvalues)]


@pytest.fixture(scope="module")
def ruledsl_samples():
    cache = {}

    def get(name):
        if name not in cache:
            path, _, players, games, whole = CASES[name]
            cache[name] = ruledsl_sample(path, players, games, whole)
        return cache[name]
    return get


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_reference_plays_the_rules_file(name, ruledsl_samples):
    _, module, players, _, whole = CASES[name]
    pvalues = p_values(ruledsl_samples(name), reference_sample(module, players, whole))
    assert not differ(pvalues), pvalues


def test_samples_are_what_the_comparison_needs(ruledsl_samples):
    """The Shining's games are played to their end by default, and each opening is PREFIX decisions long
    unless its game ended sooner."""
    sample = ruledsl_samples("shining")
    assert len(sample.lengths) == len(sample.options) == CASES["shining"][3]
    assert all(len(returns) == 3 and set(returns) <= {0.0, 1.0} for returns in sample.outcomes)
    assert all(h.sum() == min(n, PREFIX) for h, n in zip(sample.options, sample.lengths))


# ---------------------------------------------------------------- the comparison can fail

def rotate_clockwise_only(game, p):
    options = [(sq, 1) for sq in game.free_tiles()]
    if options:
        sq, quarters = game.decide(p, options)
        game.mask[sq] = haunting_house.rotated(game.mask[sq], quarters)


def switch_side_by_side_only(monkeypatch):
    pairs = tuple((a, b) for a, b in haunting_house.TOUCHING_PAIRS if abs(a - b) in (1, 8))
    monkeypatch.setattr(haunting_house, "TOUCHING_PAIRS", pairs)


def room_237_without_decisions(game, p):
    for _ in range(min(2, len(game.pool))):
        t = game.draw_pool()
        (game.collected[p] if t in shining.WEAPONS else game.pool).append(t)


def office_without_event(game, p):
    tokens = game.rooms[shining.OFFICE]
    if tokens:
        low = min(shining.TOKEN_VALUE[t] for t in tokens)
        t = game.decide(p, list(dict.fromkeys(t for t in tokens if shining.TOKEN_VALUE[t] == low)))
        tokens.remove(t)
        game.collected[p].append(t)


def elevator_everywhere(monkeypatch):
    def moves(event, start):
        _, blocked, effect = event
        walk = shining._moves(event, start)
        ride = shining.distances(shining.RIDES if effect != shining.ELEVATOR_OUT else shining.WALKS, start, blocked)
        extra = tuple((l, ride[l], True) for l in shining.LOCATIONS
                      if l not in blocked and ride[l] and (ride[l] == 1 or effect != shining.CABIN_FEVER)
                      and (l, ride[l], True) not in walk)
        return walk + extra
    monkeypatch.setattr(shining, "MOVES", [[moves(e, a) for a in shining.LOCATIONS] for e in shining.EVENTS])


HAUNTING_HOUSE_MISTAKES = {
    "Rotate 90 turns clockwise only": lambda mp: mp.setitem(haunting_house.ACTIONS, haunting_house.ROTATE90,
                                                             rotate_clockwise_only),
    "Switch 2 Tiles: side by side only": switch_side_by_side_only,
    "Move 2 is one movement": lambda mp: mp.setitem(haunting_house.ACTIONS, haunting_house.MOVE2,
                                                    haunting_house.Playout.move1),
}
SHINING_MISTAKES = {
    "a weapon found in Room 237 must be kept (the rules file's reading before it changed)":
        lambda mp: mp.setattr(shining, "KEEP_OR_RETURN", (True,)),
    "Room 237 keeps and returns without asking": lambda mp: mp.setitem(shining.ROOM_ACTIONS, shining.ROOM_237,
                                                                       room_237_without_decisions),
    "the Office asks nothing about the Event": lambda mp: mp.setitem(shining.ROOM_ACTIONS, shining.OFFICE,
                                                                     office_without_event),
    "the elevator is offered where walking is as short": elevator_everywhere,
}


@pytest.mark.parametrize("mistake", sorted(HAUNTING_HOUSE_MISTAKES))
def test_a_wrong_haunting_house_is_caught(mistake, monkeypatch, ruledsl_samples):
    HAUNTING_HOUSE_MISTAKES[mistake](monkeypatch)
    _, module, players, _, whole = CASES["haunting_house"]
    wrong = reference_sample(module, players, whole)
    assert differ(p_values(ruledsl_samples("haunting_house"), wrong))


@pytest.mark.parametrize("mistake", sorted(SHINING_MISTAKES))
def test_a_wrong_shining_is_caught(mistake, monkeypatch, ruledsl_samples):
    SHINING_MISTAKES[mistake](monkeypatch)
    _, module, players, _, whole = CASES["shining"]
    wrong = reference_sample(module, players, whole)
    assert differ(p_values(ruledsl_samples("shining"), wrong))
