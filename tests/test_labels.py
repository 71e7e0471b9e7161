"""Labels in the language: given where things are declared or by `label`, checked, warned about where
missing, and what screens read; `how to play` in the guide."""
from __future__ import annotations

import pytest

import ruledsl
from ruledsl.ir.labels import humanize, labels_of, readable
from ruledsl.present.guide import guide_of

BASE = '''game "L"
players 2
kind Card:
    value: int
zone pile: pile of Card
var score: int = 0, per player
board B:
    edge road
    location Home is Safe
    location Shop
    road: Home - Shop
flow:
    win [P1]
'''


def diagnostics(text: str) -> list:
    return [(d.severity, d.message) for d in ruledsl.check("l.rules", text)]


@pytest.mark.parametrize("extra, expected", [
    ('label nothing "x"', ("error", "'nothing' is not declared, so it cannot be labelled")),
    ('label Card.colour "x"', ("error", "kind Card has no field 'colour'")),
    ('label Pile.value "x"', ("error", "'Pile' is not a kind, so 'Pile.value' is not a field")),
    ('label score "points"\nlabel score "score"', ("error", "'score' is labelled twice")),
    ('label pile ""', ("error", "the label of 'pile' is empty")),
    ('var big_score: int = 0', ("warning", "'big_score' is shown to players without a label")),
    ('zone draw_pile: deck of Card', ("warning", "'draw_pile' is shown to players without a label")),
    ('kind Token:\n    face_value: int', ("warning", "field face_value of Token is shown to players without a label")),
    ('label HolyGround "Holy Ground"', ("error", "'HolyGround' is not declared, so it cannot be labelled")),
])
def test_label_diagnostics(extra, expected):
    assert expected in diagnostics(BASE + extra + "\n")


def test_labelled_things_and_plain_words_are_not_warned_about():
    text = BASE + ('var big_score "big score": int = 0\nzone draw_pile "draw pile": deck of Card\n'
                   'kind Token "token":\n    face_value "face value": int\nlabel Safe "safe spot"\n')
    assert diagnostics(text) == []


def test_bookkeeping_is_not_shown_so_needs_no_label():
    assert diagnostics(BASE + 'var turn_count: int = 0, hidden\n') == []


def test_labels_inline_and_by_declaration_and_a_later_file_wins(tmp_path):
    (tmp_path / "base.rules").write_text(BASE.replace("var score:", 'var score "points":') + 'label Safe "safe"\n')
    (tmp_path / "v.rules").write_text('extends "base.rules"\nlabel score "score track"\nlabel Card.value "face"\n')
    labels = labels_of(ruledsl.load(str(tmp_path / "v.rules")).definition)
    assert labels.of("score") == "score track" and labels.of("Safe") == "safe"
    assert labels.field("Card", "value") == "face" and labels.of("Home") == "Home"
    base = labels_of(ruledsl.load(str(tmp_path / "base.rules")).definition)
    assert base.of("score") == "points"


def test_readable_names_and_words_from_names():
    assert readable("month") and readable("A1") and readable("Red") and readable("P2")
    assert not readable("event_deck") and not readable("GoldRoom") and not readable("F2_11")
    assert humanize("event_deck") == "event deck" and humanize("GoldRoom") == "Gold Room"
    assert humanize("HallOfMirrors") == "Hall Of Mirrors"


def test_zones_read_as_their_labels_in_the_log(tmp_path):
    path = tmp_path / "z.rules"
    path.write_text(BASE.replace("zone pile: pile of Card", 'zone pile: pile of Card:\n    Card(value: 1)\n'
                                 'zone hand: hand of Card, per player\nzone draw_pile: pile of Card')
                    .replace("    win [P1]", "    move top(pile) to P1.hand\n    move top(P1.hand) to draw_pile\n"
                                         "    win [P1]"))
    log = ruledsl.load(str(path)).new_game().events(None)
    assert any("pile to P1's hand" in line for line in log)             # not P1.hand
    assert any("P1's hand to draw pile" in line for line in log)        # not draw_pile


GUIDED = BASE.replace("flow:\n    win [P1]", '''how to play """
    Be first to the shop.
    """
option fast: bool = true "Play the short game"
describe Shop "Where the race ends."
flow:
    phase "Round {P1.score}":
        announce "P1 reaches the shop"
        win [P1]
''')


def test_the_guide_teaches_the_game_from_its_rules(tmp_path):
    path = tmp_path / "g.rules"
    path.write_text(GUIDED)
    guide = guide_of(ruledsl.load(str(path)), "docs/games/g.md")
    assert guide.how_to_play == "Be first to the shop."
    assert guide.phases == ("Round …",) and guide.endings == ("P1 reaches the shop",)
    assert guide.sections == (("B", (("Shop", "Where the race ends."),)),)
    assert guide.options == (("Play the short game", "yes"),)
    text = guide.markdown()
    assert text.index("Be first") < text.index("Round …") < text.index("Where the race ends") < \
        text.index("docs/games/g.md")


def test_a_file_has_one_how_to_play():
    text = BASE + 'how to play "a"\nhow to play "b"\n'
    assert ("error", "a file may have only one `how to play`") in diagnostics(text)


def test_every_bundled_game_has_a_guide_and_no_label_warnings():
    from .conftest import BUNDLED
    for path in BUNDLED:
        game = ruledsl.load(str(path))
        assert [w.message for w in game.warnings] == [], path
        assert guide_of(game).how_to_play, path
