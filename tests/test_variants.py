"""Variants: a file that extends another replaces and adds definitions."""
from __future__ import annotations

import ruledsl

BASE = '''game "Base"
players 2..3
const target = 10
var score: int = 0, per player
rule add_point(p):
    increase p.score by 1
flow:
    for each p in players:
        do add_point(p)
    win players
'''


def test_a_variant_replaces_by_name_and_adds(tmp_rules):
    tmp_rules("base.rules", BASE)
    path = tmp_rules("variant.rules", 'extends "base.rules"\ngame "Variant"\nconst target = 20\nconst bonus = 2\n')
    game = ruledsl.load(path)
    d = game.definition
    assert game.title == "Variant"
    assert d.consts["target"].value.value == 20
    assert "bonus" in d.consts and "add_point" in d.rules
    assert d.files[0].endswith("base.rules") and d.files[1].endswith("variant.rules")


def test_a_name_may_be_redefined_by_a_variant_but_not_twice_in_one_file(tmp_rules):
    tmp_rules("base.rules", BASE)
    path = tmp_rules("variant.rules", 'extends "base.rules"\nconst target = 20\nconst target = 30\n')
    errors = [d for d in ruledsl.check(path) if d.severity == "error"]
    assert [(e.path, e.line, e.message) for e in errors] == [(path, 3, "'target' is defined twice in this file")]


def test_errors_in_the_base_point_at_the_base(tmp_rules):
    base = tmp_rules("base.rules", BASE.replace("increase p.score by 1", "increase p.scor by 1"))
    path = tmp_rules("variant.rules", 'extends "base.rules"\n')
    errors = [d for d in ruledsl.check(path) if d.severity == "error"]
    assert [(e.path, e.line) for e in errors] == [(base, 6)]


def test_a_missing_base(tmp_rules):
    path = tmp_rules("variant.rules", 'extends "nowhere.rules"\n')
    errors = [d for d in ruledsl.check(path) if d.severity == "error"]
    assert len(errors) == 1
    assert (errors[0].path, errors[0].line) == (path, 1)
    assert errors[0].message.startswith("cannot read ")


def test_files_that_extend_each_other(tmp_rules):
    a = tmp_rules("a.rules", 'extends "b.rules"\n')
    tmp_rules("b.rules", 'extends "a.rules"\n')
    errors = [d for d in ruledsl.check(a) if d.severity == "error"]
    assert len(errors) == 1 and "circle" in errors[0].message


def test_only_one_extends(tmp_rules):
    tmp_rules("base.rules", BASE)
    path = tmp_rules("v.rules", 'extends "base.rules"\nextends "base.rules"\n')
    errors = [d for d in ruledsl.check(path) if d.severity == "error"]
    assert [(e.line, e.message) for e in errors] == [(2, "a file may extend only one other file")]


def test_options_are_bound_and_checked(tmp_rules):
    path = tmp_rules("o.rules", 'game "x"\nplayers 2..4\nenum Mode: Easy, Hard\noption months: 4..5 = 4\n'
                                'option corrupted: bool = false\noption mode: Mode = Easy\nflow:\n    win players\n')
    game = ruledsl.load(path, players=3, options={"months": "5", "corrupted": "true", "mode": "Hard"})
    assert game.options == {"months": 5, "corrupted": True, "mode": "Hard"}
    assert ruledsl.load(path).options == {"months": 4, "corrupted": False, "mode": "Easy"}
    for bad, message in [({"months": "6"}, "option months must be from 4 to 5, not 6 (given: 6)"),
                         ({"corrupted": "yes"}, "option corrupted must be true or false (given: yes)"),
                         ({"mnths": "5"}, "x has no option 'mnths'")]:
        try:
            ruledsl.load(path, options=bad)
        except ruledsl.RulesError as err:
            assert err.message == message
        else:
            raise AssertionError(f"{bad} was accepted")


def test_player_counts_are_checked(tmp_rules):
    path = tmp_rules("p.rules", 'game "x"\nplayers 2..4\nflow:\n    win players\n')
    assert ruledsl.load(path).players == 2
    try:
        ruledsl.load(path, players=5)
    except ruledsl.RulesError as err:
        assert err.message == "x is for 2 to 4 players, not 5"
        assert err.line == 2
    else:
        raise AssertionError("5 players accepted")
