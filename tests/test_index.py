"""The checker's index: every declaration with where its name is written, every use of a name
resolved to its declaration with the type there, locals with the text they can be used in."""
from __future__ import annotations

from ruledsl.load import load_definition
from ruledsl.source import Span

from .conftest import BUNDLED

GAME = '''game "Index"
players 2
enum Suit: Hearts, Spades
kind Card:
    suit: Suit
    value: int = 1
zone deck: deck of Card:
    Card(suit: Hearts)
zone hand: hand of Card, per player
var score: int = 0, per player
const goal = 3
board Map:
    location Hall is Lit
    location Cellar
    edge path
    path: Hall - Cellar
define twice(x) = x * 2
rule score_up(p, by):
    let gain = twice(by) + 0
    increase p.score by gain
    for each c in p.hand:
        if c.suit == Hearts:
            increase p.score by c.value
flow:
    repeat:
        for each p in players:
            turn p:
                draw from deck to p.hand
                do score_up(p, 1)
                if p.score >= goal and count(each l in tagged(Lit) where l is Lit) > 0:
                    win [p]
'''


def load(tmp_rules, text=GAME, name="g.rules"):
    path = tmp_rules(name, text)
    loaded = load_definition(path)
    assert not loaded.errors, loaded.errors
    return path, loaded.index


def find(index, path, line, column):
    found = index.at(path, line, column)
    assert found is not None, (line, column)
    return getattr(found, "decl", found)


def test_a_global_declaration_has_its_names_span(tmp_rules):
    path, index = load(tmp_rules)
    rule = find(index, path, 18, 7)
    assert (rule.name, rule.category, str(rule.type)) == ("score_up", "rule", "rule")
    assert rule.span == Span(path, 18, 6, 18, 14)
    card = find(index, path, 4, 6)
    assert (card.category, card.span) == ("kind", Span(path, 4, 6, 4, 10))


def test_uses_resolve_to_declarations_with_types(tmp_rules):
    path, index = load(tmp_rules)
    rule = find(index, path, 18, 6)
    call = index.at(path, 29, 21)                       # do score_up(p, 1)
    assert call.decl is rule and call.span == Span(path, 29, 20, 29, 28)
    score = index.at(path, 30, 23)                      # p.score for a player p: a per-player var
    assert score.decl.category == "variable" and str(score.type) == "int"
    assert score.decl.span == Span(path, 10, 5, 10, 10)
    untyped = index.at(path, 20, 16)                    # p.score for a parameter p: only one thing has .score
    assert untyped.decl is score.decl and str(untyped.type) == "any"
    value = index.at(path, 23, 36)                      # c.value: only Card has a value
    assert (value.decl.category, value.decl.owner, str(value.decl.type)) == ("field", "Card", "int")
    suit = index.at(path, 5, 11)                        # suit: Suit names the enum
    assert suit.decl.category == "enum" and suit.decl.span.line == 3
    hearts = index.at(path, 22, 24)
    assert (hearts.decl.category, str(hearts.type)) == ("enum value", "enum Suit")


def test_every_use_of_a_declaration_is_found(tmp_rules):
    path, index = load(tmp_rules)
    score = find(index, path, 10, 5)
    assert sorted(u.span.line for u in index.uses_of(score)) == [20, 23, 30]
    hall = find(index, path, 13, 14)
    assert [(u.span.line, u.span.column) for u in index.uses_of(hall)] == [(16, 11)]
    lit = find(index, path, 13, 22)                     # a tag: first written on Hall's line
    assert lit.category == "tag"
    assert sorted((u.span.line, u.span.column) for u in index.uses_of(lit)) == [(13, 22), (30, 63), (30, 79)]


def test_locals_are_declared_with_their_scope_and_owner(tmp_rules):
    path, index = load(tmp_rules)
    gain = find(index, path, 19, 9)
    assert (gain.category, str(gain.type), gain.owner) == ("local", "int", "rule score_up")
    assert (gain.scope.line, gain.scope.column, gain.scope.end_line, gain.scope.end_column) == (19, 5, 24, 1)
    param = index.at(path, 19, 22).decl               # twice(by): the parameter
    assert (param.category, param.span) == ("parameter", Span(path, 18, 18, 18, 20))
    names = [d.name for d in index.locals_at(path, 21, 5)]
    assert names == ["p", "by", "gain", "c"]
    assert [d.name for d in index.locals_at(path, 17, 20)] == ["x"]
    assert [d.name for d in index.locals_at(path, 16, 1)] == []
    assert [d.name for d in index.locals_at(path, 24, 1)] == []


def test_builtins_are_declared_once_at_no_place(tmp_rules):
    path, index = load(tmp_rules)
    count = index.at(path, 30, 44)
    assert (count.decl.name, count.decl.category, count.decl.builtin) == ("count", "builtin function", True)
    players = index.at(path, 26, 23)
    assert (players.decl.category, str(players.type)) == ("builtin name", "list of player")


def test_a_variant_uses_its_bases_declarations(tmp_rules):
    base, _ = load(tmp_rules, name="base.rules")
    variant_text = 'extends "base.rules"\nconst goal = 5\nrule score_up(p, by):\n    increase p.score by twice(by)\n'
    variant, index = load(tmp_rules, variant_text, "variant.rules")
    twice = index.at(variant, 4, 26).decl
    assert twice.span.path == base and twice.span.line == 17
    goal = [d for d in index.declarations if d.name == "goal"]
    assert [d.span.path for d in goal] == [variant]      # the variant's replaces the base's
    assert [u.span.path for u in index.uses_of(goal[0])] == [base]


def test_bundled_games_resolve_names_inside_their_own_files():
    for path in BUNDLED:
        loaded = load_definition(str(path))
        assert loaded.index.uses, path
        assert all(u.span.path in loaded.sources for u in loaded.index.uses)
        assert all(d.builtin or d.span.line == 0 or d.span.path in loaded.sources for d in loaded.index.declarations)
