"""No input, however broken, gives a Python traceback: checking always returns diagnostics."""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import ruledsl

from . import fuzz, fuzz_hostile, fuzz_runaway

MUTANTS = 100          # in the default run (CI's campaign tries thousands a day)
CAMPAIGN = 100_000     # at most, under the campaign marker (its time budget ends it first)

TOKENS = fuzz.TOKENS


def assert_diagnoses(text: str) -> None:
    diagnostics = ruledsl.check("fuzz.rules", text)
    for d in diagnostics:
        assert d.severity in ("error", "warning")
        assert d.message
        assert d.span.path == "fuzz.rules"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=200))
def test_random_text_never_raises(text):
    assert_diagnoses(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(TOKENS), max_size=40))
def test_token_soup_never_raises(tokens):
    assert_diagnoses(" ".join(tokens))


def test_mutated_games_never_raise():
    """A few hundred mutants of the bundled games (tests/fuzz.py): only located RulesErrors."""
    outcome = fuzz.run(MUTANTS)
    assert outcome.tried == MUTANTS and outcome.played > MUTANTS // 5
    assert not outcome.failures, outcome.report()


@pytest.mark.campaign
def test_a_long_campaign_of_mutants():
    """Many thousands of mutants, as many as RULEDSL_CAMPAIGN_SECONDS allow (CI runs it:
    pytest -m campaign); RULEDSL_CAMPAIGN_SEED picks where the run starts."""
    budget = float(os.environ.get("RULEDSL_CAMPAIGN_SECONDS", "600"))
    first = int(os.environ.get("RULEDSL_CAMPAIGN_SEED", "1000000"))
    outcome = fuzz.run(CAMPAIGN, first, budget=budget)
    print(f"campaign from seed {first}: " + outcome.report())
    assert outcome.tried >= 1
    assert not outcome.failures, outcome.report()


def test_a_mutant_whose_loop_offers_nothing_is_told_not_hung():
    """Mutant 20786871 (a CI campaign's failure): no pawn of breakthrough can ever move, so its
    flow offers an empty menu turn after turn. Each turn went through every pawn yet spent only
    the loop's few steps: the runaway took 40 s of CPU to tell, and the hang detector's signal,
    landing between two lines of generated code, broke the locating of the error. The items a
    menu goes through are spent now (test_runtime), and a place with no line is passed over."""
    outcome = fuzz.Outcome()
    fuzz.try_mutant(20786871, outcome)
    assert outcome.tried == 1 and outcome.clean == 1 and outcome.played == 0     # told as a RulesError
    assert not outcome.failures, outcome.report()


def test_deep_parentheses_are_fine():
    text = 'game "x"\nplayers 2\nconst c = ' + "(" * 3000 + "1" + ")" * 3000 + "\nflow:\n    win players\n"
    assert [d for d in ruledsl.check("deep.rules", text) if d.severity == "error"] == []


def test_runaway_nesting_is_an_error_not_a_crash():
    text = 'game "x"\nplayers 2\nconst c = ' + "- " * 20000 + "1\nflow:\n    win players\n"
    errors = [d for d in ruledsl.check("deep.rules", text) if d.severity == "error"]
    assert [(d.line, d.column, d.message) for d in errors] == [(3, 11 + 2 * 98, "this nests more than 100 levels deep")]


def test_a_mutant_that_spins_counts_as_a_hang(monkeypatch):
    """The hang detector counts CPU seconds: a check that never ends is reported, not waited for."""
    def spin(path, text):
        while True:
            pass
    monkeypatch.setattr(fuzz, "TIME_LIMIT", 0.2)
    monkeypatch.setattr(fuzz, "load_definition", spin)
    outcome = fuzz.Outcome()
    fuzz.try_mutant(1, outcome)
    assert list(outcome.failures) == ["hang in check (over 0.2 s)"]


HOSTILE = 24            # in the default run: six of each kind of hostile input, a few seconds


def test_hostile_inputs_are_refused_or_told_never_obeyed():
    """Files that are not rules files, control characters, huge editor buffers, long records and
    long labels (tests/fuzz_hostile.py): located answers only, nothing quoted or obeyed."""
    outcome = fuzz_hostile.run(HOSTILE)
    assert outcome.tried == HOSTILE and outcome.clean == HOSTILE, outcome.report()
    assert not outcome.failures, outcome.report()


def _campaign(module, share: float, name: str):
    """module.run over a share of RULEDSL_CAMPAIGN_SECONDS from RULEDSL_CAMPAIGN_SEED, said and returned."""
    budget = float(os.environ.get("RULEDSL_CAMPAIGN_SECONDS", "600")) * share
    first = int(os.environ.get("RULEDSL_CAMPAIGN_SEED", "1000000"))
    outcome = module.run(CAMPAIGN, first, budget=budget)
    print(f"{name} campaign from seed {first}: " + outcome.report())
    return outcome


@pytest.mark.campaign
def test_a_long_campaign_of_hostile_inputs():
    """As many hostile inputs as RULEDSL_CAMPAIGN_SECONDS allow (a tenth of the budget)."""
    outcome = _campaign(fuzz_hostile, 1 / 10, "hostile")
    assert outcome.tried >= 1
    assert not outcome.failures, outcome.report()


RUNAWAY = 18            # in the default run: three of each kind of rules file at the limits, under a minute


def test_rules_files_at_the_limits_play_or_are_told():
    """Recursion, growth, big scans, inlining chains, identifier clashes and deep nesting, sizes
    drawn at random (tests/fuzz_runaway.py): each checks and plays, or is a located error with a
    hint in the language's words, within its time."""
    outcome = fuzz_runaway.run(RUNAWAY)
    assert outcome.tried == RUNAWAY and outcome.played >= RUNAWAY // 3, outcome.report()
    assert not outcome.failures, outcome.report()


@pytest.mark.campaign
def test_a_long_campaign_of_rules_files_at_the_limits():
    """As many rules files at the limits as RULEDSL_CAMPAIGN_SECONDS allow (a fifth of the budget)."""
    outcome = _campaign(fuzz_runaway, 1 / 5, "runaway")
    assert outcome.tried >= 1
    assert not outcome.failures, outcome.report()
