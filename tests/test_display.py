"""How components read: `shown as "…"` formats and `hidden` fields, in labels, logs, views and the screen."""
from __future__ import annotations

import ruledsl
from ruledsl.present import screen_of

from .conftest import errors_of

MARKERS = '''game "Markers"
players 2
kind Marker, shown as "{column}: {height}/{top}":
    column: int
    height: int = 0
    top: int = 13
    claimed: bool = false, hidden
kind Chip:
    internal: int = 0, hidden
    worth: int = 5
zone track: area of Marker:
    Marker(column: c) for each c in [7, 8]
zone bank: area of Chip:
    Chip
flow:
    turn P1:
        choose m from contents(track) as "climb {m}":
            increase m.height by 1
            set m.claimed to true
            announce "{m} climbs; the bank holds {first(contents(bank))}"
    win [P1]
'''


def test_a_format_is_used_in_labels_logs_and_views(tmp_rules):
    state = ruledsl.load(tmp_rules("m.rules", MARKERS), 2).new_game()
    assert state.legal_labels() == ["climb 7: 0/13", "climb 8: 0/13"]
    state.apply("climb 7: 0/13")
    assert "7: 1/13 climbs; the bank holds 5" in state.events(None)
    [first, _] = state.view(1)["zones"]["track"]
    [track] = [z for z in screen_of(state, 1).zones if z.key == "track"]
    assert first["text"] == "7: 1/13" and track.pieces[0].text == "7: 1/13"


def test_a_hidden_field_is_never_shown(tmp_rules):
    state = ruledsl.load(tmp_rules("m.rules", MARKERS), 2).new_game().apply(0)
    for seat in (0, 1, None):
        [marker, _] = state.view(seat)["zones"]["track"]
        assert "claimed" not in marker["fields"]
        [chip] = state.view(seat)["zones"]["bank"]
        assert chip["fields"] == {"worth": 5} and chip["text"] == "5"     # not its first field, hidden


def test_a_format_may_not_show_a_secret_field():
    text = 'kind Card, shown as "{value} of {suit}":\n    value: int\n    suit: text, visible to nobody\n'
    assert [e.message for e in errors_of(text, complete=False)] == [
        "Card is shown with its field suit, which is visible to nobody only"]


def test_a_format_names_only_its_kinds_fields():
    text = 'kind Card, shown as "{valeu}":\n    value: int\n'
    assert [e.message for e in errors_of(text, complete=False)] == ["'valeu' is not defined"]
