"""What players are shown, as the rules say: progress, bookkeeping kept off screens, descriptions
of things and the help of options."""
import ruledsl

GAME = '''game "Shown"
players 2
progress "round {round_number} of 3"
var acting: player = P1, hidden
var score: int = 0, per player
var due: int = 0, per player, hidden
kind Tok
zone box: area of Tok, hidden:
    2 x Tok
zone table: area of Tok
enum Spell: Blink, Ward "Warding Circle"
describe Ward "No one may enter your room."
describe table "Where tokens are played."
flow:
    repeat 3 times:
        for each p in players:
            turn p:
                set acting to p
                increase p.due by 1
                choose:
                    option "cast {s}" for each s in [Blink, Ward] help "costs {p.due} mana":
                        increase p.score by 1
                    option "play a token" if count(contents(box)) > 0 help "{count(contents(box))} left":
                        move top(contents(box)) to table
    win [P1]
scenario "bookkeeping is used by the rules but never seen":
    play "cast Blink"
    expect acting == P2
    expect P2.due == 1
    expect P1 does not see acting
'''


def test_progress_is_in_views_and_bookkeeping_is_not():
    state = ruledsl.load("shown.rules", text=GAME).new_game()
    view = state.view(0)
    assert view["progress"] == "round 1 of 3"
    assert "acting" not in view["vars"] and "due" not in view["vars"]
    assert view["vars"]["score"] == {"P1": 0, "P2": 0}
    assert "box" not in view["zones"] and "table" in view["zones"]
    state.apply("cast Blink")
    assert state.view(1)["progress"] == "round 1 of 3"
    state.apply("play a token")
    assert state.view(None)["progress"] == "round 2 of 3"
    assert "box" not in state.view(None)["zones"] and len(state.view(None)["zones"]["table"]) == 1


def test_options_carry_their_help_and_labels_are_unchanged():
    state = ruledsl.load("shown.rules", text=GAME).new_game()
    assert state.legal_labels() == ["cast Blink", "cast Warding Circle", "play a token"]
    assert [state.option_help(i) for i in range(3)] == ["costs 1 mana", "costs 1 mana", "2 left"]
    state.apply("play a token").apply("play a token")
    assert state.legal_labels() == ["cast Blink", "cast Warding Circle"]     # the box is empty
    assert state.option_help(0) == "costs 2 mana"


def test_help_is_worked_out_only_when_asked_for_and_changes_nothing():
    from ruledsl.runtime.engine.decisions import LATER
    ruledsl.forget()        # (a game started before shares its first decision, texts and all)
    state = ruledsl.load("shown.rules", text=GAME).new_game()
    assert state.pending.notes is LATER                 # no text made while the options were
    before = (state.legal_labels(), state.events(None), state.view(0), [f.env for f in state.frames])
    twin = state.clone()
    assert state.option_help(2) == "2 left"
    assert state.pending.notes == {"cast Blink": "costs 1 mana", "cast Warding Circle": "costs 1 mana",
                                   "play a token": "2 left"}
    assert twin.option_help(0) == "costs 1 mana"        # a clone shares what was worked out
    assert (state.legal_labels(), state.events(None), state.view(0), [f.env for f in state.frames]) == before
    assert state.apply("cast Blink").pending.notes is LATER


def test_a_help_text_that_fails_fails_when_asked_for(tmp_path):
    text = GAME.replace('help "{count(contents(box))} left"', 'help "{count(contents(box)) / 0} left"')
    state = ruledsl.load("shown.rules", text=text).new_game()
    state.apply("play a token")                         # the decision is made: its help is not needed
    try:
        state.option_help(0)
    except ruledsl.RulesError as err:
        line = next(i for i, row in enumerate(text.splitlines(), 1) if "/ 0} left" in row)
        assert "division by zero" in str(err) and f"shown.rules:{line}:" in str(err)
    else:
        raise AssertionError("the help text's failure was not reported")


def test_descriptions_are_keyed_by_how_things_read():
    game = ruledsl.load("shown.rules", text=GAME)
    assert game.descriptions == {"Warding Circle": "No one may enter your room.",
                                 "table": "Where tokens are played."}


def test_the_scenario_passes():
    from ruledsl.scenarios import run_file
    import pathlib
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder, "shown.rules")
        path.write_text(GAME, encoding="utf-8")
        [result] = run_file(str(path))
    assert result.passed, result.message
