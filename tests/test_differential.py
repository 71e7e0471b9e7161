"""The engine's observable behaviour is pinned: seeded random games of every bundled game and
example must offer, tell and show every seat exactly what the golden digests recorded
(tests/differential.py explains the trace and how to find where two engines part).

Seed 1 of every case runs by default, and the fewest players of each with every optimisation pass
(ruledsl/runtime/compiler/passes) switched off, and with one pass off, a different one each day
(ROTATED: every pass is so checked on a developer's machine within a few weeks, not only in CI's
long run); the other seeds, and each pass switched off on its own, run with RULEDSL_LONG=1."""
from __future__ import annotations

import datetime
import json
import os

import pytest

from ruledsl.runtime.compiler.passes import ALL as PASSES

from . import differential as d
from .conftest import slow

GOLDEN = json.loads(d.GOLDEN.read_text(encoding="utf-8"))
LONG = bool(os.environ.get("RULEDSL_LONG"))
CASES = [c for c in d.cases() if LONG or c[4] == d.SEEDS[0]]
# The pass switched off on its own in the default run: one a day, in turn
ROTATED = sorted(PASSES)[datetime.date.today().toordinal() % len(PASSES)]


@pytest.mark.parametrize("chance", ["seeded", "explicit"])
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_trace_matches_the_golden_digests(case, chance):
    name, path, players, options, seed = case
    key = name if chance == "seeded" else name + "/explicit"
    want = GOLDEN[key]
    got = d.digests(path, players, options, seed, chance)
    for i, (a, b) in enumerate(zip(got["checkpoints"], want["checkpoints"])):
        assert a == b, (f"{key} first differs within actions {i * d.CHECKPOINT}..{(i + 1) * d.CHECKPOINT}: "
                        f"compare `python -m tests.differential '{key}' --from {i * d.CHECKPOINT} "
                        f"--to {(i + 1) * d.CHECKPOINT}` with its output at the last good commit")
    assert got == want


def test_every_case_has_golden_digests():
    names = {c[0] for c in d.cases()}
    assert names | {n + "/explicit" for n in names} == set(GOLDEN)


SLOW_CASES = CASES if LONG else [c for c in CASES if c[2] == min(x[2] for x in CASES if x[1] == c[1])]


@pytest.mark.parametrize("off", sorted(PASSES) if LONG else ["all", ROTATED])
@pytest.mark.parametrize("case", SLOW_CASES, ids=[c[0] for c in SLOW_CASES])
def test_the_fast_paths_change_nothing(case, off, monkeypatch):
    slow(monkeypatch, "all" if off == "all" else {off})
    name, path, players, options, seed = case
    assert d.digests(path, players, options, seed) == GOLDEN[name]
