"""Records read back what the engine writes, replay in time linear in their length, and errors
about a secret decision name nothing hidden (issue 47)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

import ruledsl
from ruledsl.cli.main import cli
from ruledsl.limits import MAX_LABEL_CHARS, MAX_RECORD_ACTIONS
from ruledsl.printable import quoted
from ruledsl.runtime import api
from ruledsl.runtime.engine.library import in_our_words

from .conftest import GAMES

TTT = GAMES / "examples" / "tic_tac_toe.rules"
LOOP = '''game "loop"
players 2
var n: int = 0
flow:
    repeat:
        for each p in players:
            turn p:
                choose:
                    option "tick":
                        increase n by 1
                        announce "{p} ticks: {n}"
                    option "stop" if n > 100000000:
                        win [p]
'''


def invoke(*args, input=None):
    result = CliRunner().invoke(cli, [str(a) for a in args], input=input)
    return result.exit_code, result.output


def _record(tmp_path, text: str, actions: int, **change) -> tuple:
    game = tmp_path / "g.rules"
    game.write_text(text, encoding="utf-8")
    code, out = invoke("run", game, "--seed", 1, "--max-actions", actions, "--json")
    assert code == 0, out
    record = dict(json.loads(out), **change)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return game, path


@pytest.mark.parametrize("seat", [[], ["--seat", "1"]], ids=["everything", "as a seat"])
def test_replay_reads_each_line_of_the_log_once(tmp_path, monkeypatch, seat):
    """Replay read the whole log again after every action: 5,000 actions took 11 s, 20,000
    took 354 s. Now each action reads only the lines it added; counted as lines handed over."""
    _, record = _record(tmp_path, LOOP, 3000)
    handed = []
    for name in ("events", "all_events"):
        real = getattr(api.GameState, name)
        monkeypatch.setattr(api.GameState, name,
                            lambda self, *a, real=real, **k: handed.append(len(lines := real(self, *a, **k))) or lines)
    code, out = invoke("replay", record, *seat)
    assert code == 0 and out.count("ticks:") == 3000
    assert sum(handed) <= 4 * 3000                # a few lines an action (the turn, the choice, the announcement)


def test_a_record_longer_than_the_limit(tmp_path):
    game, record = _record(tmp_path, LOOP, 10)
    data = json.loads(record.read_text(encoding="utf-8"))
    data["actions"] = ["tick"] * (MAX_RECORD_ACTIONS + 1)
    del data["returns"]
    record.write_text(json.dumps(data), encoding="utf-8")
    code, out = invoke("replay", record)
    assert code == 1 and f"'actions' must be a list of at most {MAX_RECORD_ACTIONS:,} action labels" in out
    code, out = invoke("run", game, "--json", "--max-actions", MAX_RECORD_ACTIONS + 1)
    assert code == 2 and f"a record holds at most {MAX_RECORD_ACTIONS:,} actions" in out


LONG_LABEL = '''game "x"
players 2
const s = "%s"
flow:
    choose by P1:
        option "go {s}":
            pass
        option "ok":
            pass
    choose by P2:
        option "pass":
            pass
    win players
'''


def test_a_label_of_the_longest_length_is_saved_and_read_back(tmp_path):
    text = LONG_LABEL % ("y" * (MAX_LABEL_CHARS - 3))
    game, record = _record(tmp_path, text, 100)
    data = json.loads(record.read_text(encoding="utf-8"))
    assert max(len(a) for a in data["actions"]) <= MAX_LABEL_CHARS
    assert invoke("replay", record)[0] == 0
    code, out = invoke("play", "--line", "--resume", record, input="")
    assert code == 0 and "damaged" not in out


def test_a_label_made_too_long_in_play_is_a_located_error(tmp_path):
    text = LONG_LABEL % ("y" * MAX_LABEL_CHARS)
    assert [d for d in ruledsl.check("t.rules", text) if d.severity == "error"] == []
    state = ruledsl.load("t.rules", text=text).new_game()
    with pytest.raises(ruledsl.RulesError) as raised:
        state.apply(0)
    assert (raised.value.line, raised.value.message) == (
        5, f"this option's label is {MAX_LABEL_CHARS + 3:,} characters long in play; an action's label may be at "
           f"most {MAX_LABEL_CHARS:,}")
    game = tmp_path / "g.rules"
    game.write_text(text, encoding="utf-8")
    code, out = invoke("run", game, "--json", "--seed", 2)
    assert code == 1 and "characters long in play" in out and "internal error" not in out


def test_an_edited_title_is_told(tmp_path):
    _, record = _record(tmp_path, TTT.read_text(encoding="utf-8"), 100, title="Chess")
    code, out = invoke("replay", record)
    assert code == 1 and "the record is of the game 'Chess', not 'Tic-tac-toe'" in out


SECRET = '''game "x"
players 2
kind Card:
    value: int
zone deck: deck of Card:
    Card(value: v) for each v in 1..20
zone hand: hand of Card, per player, visible to owner
flow:
    shuffle deck
    draw 5 from deck to P1.hand
    choose c from P1.hand by P1 secretly as "play {c.value}":
        pass
    win players
'''


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), asked=st.one_of(st.integers(-5, 50), st.text(max_size=12)))
def test_an_illegal_action_at_a_secret_choice_names_nothing_hidden(seed, asked):
    state = ruledsl.load("secret.rules", text=SECRET).new_game(seed=seed)
    hidden = state.legal_labels()
    assert state.secret_decision() and len(hidden) == 5
    if asked in hidden or isinstance(asked, int) and 0 <= asked < 5:
        return
    with pytest.raises(ruledsl.IllegalAction) as raised:
        state.apply(asked)
    message = str(raised.value)
    assert not [label for label in hidden if label in message and label not in str(asked)]
    assert "5" not in message.replace(quoted(str(asked), 80), "")     # not even how many cards there are to play
    assert message.endswith("P1 is choosing in secret, and what it may choose is told to no one else")


def test_numbers_too_large_are_told_in_our_words():
    text = ('game "x"\nplayers 2\nvar v: int = 1\nflow:\n    for each i in 1..300:\n'
            '        set v to v * 999999999999999\n    announce "{v}"\n    win players\n')
    with pytest.raises(ruledsl.RulesError) as raised:
        ruledsl.load("t.rules", text=text).new_game()
    # stopped where the number is made, at the limit on a number's size (issue 43), not when written out
    assert raised.value.line == 6 and "more than 1,000 digits" in raised.value.message, raised.value.message
    assert "sys.set_int_max_str_digits" not in raised.value.diagnostic.hint
    assert in_our_words(OverflowError("cannot fit 'int' into an index-sized integer")) == \
        "a number here is too large to count or number things with"
    assert in_our_words(ValueError("something else")) is None
