"""What the log says: `quietly`, zone labels, rotations."""
from __future__ import annotations

import ruledsl
from ruledsl.transcript import transcript

from .conftest import ROOT


def played():
    game = ruledsl.load(str(ROOT / "tests" / "fixtures" / "quiet.rules"), 2)
    return game.new_game(seed=1).apply("x")


def test_quietly_keeps_effects_out_of_the_log_but_not_announcements_or_decisions():
    lines = transcript(played())
    assert lines[0] == "laid 1"                          # the quiet block's moves and rotation are not told
    assert "P1: x" in lines and "P1 wins the game" in lines
    assert not any("P2's cards in hand to the table" in line for line in lines)   # quiet inside a decision's body


def test_quietly_changes_the_state_all_the_same():
    state = played()
    assert len(state.view(None)["zones"]["table"]) == 4
    assert state.quiet == 0                              # the blocks ended


def test_zones_with_labels_are_named_by_them_per_player_with_the_owner():
    assert "1 moves from P2's cards in hand to A1" in transcript(played())


def test_rotations_say_which_way_and_where():
    assert "1 on A1 is turned 90 degrees anticlockwise" in transcript(played())


HAND = '''game "Deal"
players 2
kind Card:
    value: int
zone deck: deck of Card:
    Card(value: v) for each v in 1..4
zone hand: hand of Card, per player
zone table: area of Card
flow:
    draw 2 from deck to P1.hand
    move contents(P1.hand) to table
    turn P1:
        choose n from [1] as "x":
            win [P1]
'''


def test_moving_or_drawing_several_at_once_is_one_event_per_reader(tmp_rules):
    game = ruledsl.load(tmp_rules("d.rules", HAND), 2)
    lines = transcript(game.new_game(seed=1))
    assert lines[0] == "1 and 2 move from deck to P1's hand    [to P1; others: 2 Cards move from deck to P1's hand]"
    assert lines[1] == "1 and 2 move from P1's hand to table"


def test_a_move_to_where_a_component_already_is_says_so(tmp_rules):
    text = HAND.replace("    move contents(P1.hand) to table\n",
                        "    move contents(P1.hand) to table\n    move first(contents(table)) to table\n"
                        "    move first(contents(deck)) to bottom of deck\n")
    state = ruledsl.load(tmp_rules("s.rules", text), 2).new_game(seed=1)
    assert "1 stays in table" in state.events(None)
    assert "a Card moves to the bottom of deck" in state.events(None)


def test_news_written_out_when_read_reads_and_travels_as_any_event():
    # the log keeps each event as its parts, a plain tuple; a decision's line and a move's
    # (events.Decided, events.Moved) are written out when read: to every reader, in JSON and
    # through pickle (as bots' processes pass states) they are the events they stand for
    import pickle
    from ruledsl.runtime.effects.events import Decided, Moved, event_of, events_of
    from ruledsl.runtime.model.state import Event, chain_to_list
    state = played()
    assert {type(e) for e in chain_to_list(state.log)} == {tuple}
    events = events_of(state.log)
    assert events == [event_of(e) for e in chain_to_list(state.clone().log)] and events[-1] == event_of(state.log[0])
    kinds = {type(e) for e in events}
    assert Decided in kinds and Moved in kinds
    for e in events:
        assert isinstance(e, Event)
        plain = Event(e.text, e.to, e.others, e.kind)
        assert [e.seen_by(s) for s in (None, 0, 1)] == [plain.seen_by(s) for s in (None, 0, 1)]
        assert e.as_json() == plain.as_json()
        again = pickle.loads(pickle.dumps(e))
        assert type(again) is type(e) and again.as_json() == e.as_json()
    decided = next(e for e in events if type(e) is Decided)
    assert (decided.text, decided.to, decided.others, decided.kind) == ("P1: x", None, None, "decision")
