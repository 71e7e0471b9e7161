"""The lazy selections of `choose N from C`: each worked out from its index, in itertools' order."""
from __future__ import annotations

from itertools import combinations, permutations

from hypothesis import given, strategies as st

from ruledsl.runtime.engine.selections import SelectionLabels, Selections


@given(n=st.integers(0, 7), low=st.integers(0, 4), span=st.integers(0, 3), ordered=st.booleans())
def test_selections_and_labels_follow_itertools(n, low, span, ordered):
    items = tuple(range(n))
    high = low + span
    make = permutations if ordered else combinations
    expected = [c for k in range(low, min(high, n) + 1) for c in make(items, k)]
    selections = Selections(items, low, high, ordered)
    assert len(selections) == len(expected)
    assert [selections[i] for i in range(len(selections))] == expected
    texts = tuple(f"card {i}" for i in items)
    labels = SelectionLabels(selections, texts, "play ", "!")
    one_by_one = [labels[i] for i in range(len(labels))]
    assert one_by_one == ["play " + ", ".join(texts[j] for j in c) + "!" for c in expected]
    assert list(labels) == one_by_one                 # all at once, as bots read them
    if one_by_one:
        assert labels.index(one_by_one[-1]) == len(one_by_one) - 1 and one_by_one[0] in labels


def test_labels_worked_out_alike_are_equal_without_being_made():
    a = SelectionLabels(Selections((1, 2, 3), 2, 2, True), ("a", "b", "c"), "", "")
    b = SelectionLabels(Selections((4, 5, 6), 2, 2, True), ("a", "b", "c"), "", "")
    assert a == b and a._all is None and b._all is None
    assert a == ["a, b", "a, c", "b, a", "b, c", "c, a", "c, b"]
    assert a != SelectionLabels(Selections((1, 2, 3), 2, 2, False), ("a", "b", "c"), "", "")


def test_an_action_of_a_selection_is_taken_without_its_label_made_again(monkeypatch):
    # apply(action) knows the action's index is right for the decision it came from (its labels
    # are the decision's own): no label of 840 worked out again, to check it or for the history
    import ruledsl
    from ruledsl.runtime.engine import selections
    game = ruledsl.load("t.rules", text='game "t"\nplayers 2\nkind Card:\n    n: int\n'
                        'zone hand: area of Card:\n    Card(n: k) for each k in 1..7\nflow:\n'
                        '    choose 4 ordered cs from contents(hand) by P1 as "play {cs}":\n'
                        '        announce "played {cs}"\n    win [P1]\n')
    state = game.new_game(seed=0)
    actions = state.legal_actions()
    assert len(actions) == 840 and type(state.pending.labels) is SelectionLabels
    action = actions[17]
    made = []
    real = selections.SelectionLabels.__getitem__
    monkeypatch.setattr(selections.SelectionLabels, "__getitem__", lambda self, i: made.append(i) or real(self, i))
    state.apply(action)
    assert made == [] and state.events(None)[-3:-1] == [f"P1: {action.label}", f"played {action.label[5:]}"]
    other = game.new_game(seed=0)
    other.apply(ruledsl.runtime.api.Action(action.label, 17, 0))        # made by hand: checked by its label
    assert made == [17] and other.events(None) == state.events(None)
