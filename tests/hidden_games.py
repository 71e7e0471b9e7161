"""Small rules files full of secrets, written by hypothesis, for the generated twin tests
(tests/test_generated_twins.py).

A game deals cards (some of them alike) from a shuffled deck into hands; each turn the player
takes one option of a menu, each option one construct that keeps or moves a secret: hidden
zones (a hand, a bag, a row), fields visible to their owner or to nobody, a variable visible to
its owner, maps keyed by cards (their owner's) and by seats, a public list of cards, boards
whose paths open on a public variable, swaps, shows, secret choices and secret chance, pieces
whose place only their owner knows.

Twins (games that differ only in what a seat may not see) must stay twins until something is
shown, so the games keep out of what would make them part without a secret being shown: a draw
never takes a deck's last card (nor the deal: the deck holds two more than it deals), which is
no chance outcome but what the others' secret draws left; no option reads a shuffled deck's
order (`top(deck)`: under explicit chance that settles it, and the draws after it are then no
longer chance's to choose), nor the order a hand holds its cards in, which no seat sees (a card
is taken from another's hand by a choice among what the chooser sees of them, or by chance).

Options' labels never name a card; choices of a card are secret, except where the option says
in its label whom it shows the card to: Written.reveals maps an option's first word to the
seats ("p": its player, "left": the next seat, ALL: every seat and the onlooker) that may learn
from it what differs between twins. Written.secret lists the lines of statements whose outcome
only the player whose turn it is may learn (a secret choice, a draw into its hand, a roll
`visible to` it).
"""
from __future__ import annotations

import attrs
from hypothesis import strategies as st

ALL = "all"

HEAD = '''game "Twins"
players {players}
kind Card:
    value: int
    back: text, visible to all
    mark: int = 0, visible to owner
    secret: int = 0, visible to nobody
kind Ghost, position visible to owner
die d6: 1..6
zone deck: deck of Card:
    Card(value: v, back: ["low", "high"][v % 2]) for each v in {values}
zone hand: hand of Card, per player
zone area: area of Card
zone bag: bag of Card
zone row: row of Card, per player
zone crypt: area of Ghost, per player:
    Ghost
var notes: map = {{}}, per player, visible to owner
var tally: map = {{}}
var order: list of Card = []
var pick: int = 0, per player, visible to owner
var ward: bool = false
board Hall grid:
    map: """
. .
. .
"""
    connect orthogonal(a, b, d) when ward or d is E or d is W
board Yard:
    edge path
    location Gate
    location Court
    location Keep
    path: Gate - Court, Court -> Keep when ward
setup:
    shuffle deck
    for each p in players:
        draw {dealt} from deck to p.hand
        move first(contents(p.crypt)) to Gate
flow:
    repeat {rounds} times:
        for each p in players:
            turn p:
                choose by p:'''

TAIL = '''                else:
                    pass
    win players'''

# Each option: (its label, the seats it may show a secret to as label texts, its body's lines).
# In a label, {left} is the seat to the player's left. The body is indented under the option.
OPTIONS = {
    "draw": ('"draw" if count(deck) > 1', (), [
        "draw from deck to p.hand  # secret"]),
    "note": ('"note" if count(p.hand) > 0', (), [
        'choose c from contents(p.hand) secretly as "note {c}":  # secret',
        "    set p.notes[c] to p.pick",
        "    set tally[p] to count(p.hand)",
        "    set order to order + [c]"]),
    "tag": ('"tag" if count(bag) > 0', (), [
        "set p.notes[first(contents(bag))] to 0"]),
    "stash": ('"stash" if count(p.hand) > 0', (), [
        'choose c from contents(p.hand) secretly as "stash {c}":  # secret',
        "    move c to p.row"]),
    "bag": ('"bag" if count(p.hand) > 0', ("p",), [
        'choose c from contents(p.hand) secretly as "bag {c}":  # secret',
        "    move c to bag",
        "    draw from bag to p.hand  # secret"]),
    "pick": ('"pick"', (), [
        'choose n from 1..3 secretly as "pick {n}":  # secret',
        "    set p.pick to n"]),
    "roll": ('"roll"', (), [
        "let r = roll(d6) visible to p  # secret",
        "set p.pick to r"]),
    "ward": ('"ward"', (), [
        "set ward to not ward"]),
    "stamp": ('"stamp" if count(p.hand) > 0', (), [
        'choose c from contents(p.hand) secretly as "stamp {c}":  # secret',
        "    increase c.mark by 1"]),
    "bury": ('"bury" if count(p.hand) > 0', (), [
        'choose c from contents(p.hand) secretly as "bury {c}":  # secret',
        "    set c.secret to c.value"]),
    "count": ('"count"', (), [
        'announce "{p} holds {count(p.hand)} and stashed {count(p.row)}"']),
    "haunt": ('"haunt"', (), [
        'choose loc from [Gate, Court, Keep] secretly as "haunt {loc}":  # secret',
        "    for each g in components(Ghost):",
        "        if g.owner == p:",
        "            move g to loc"]),
    "shuffle": ('"shuffle"', (), [
        "shuffle deck"]),
    "tuck": ('"tuck" if count(p.hand) > 0', (), [
        'choose c from contents(p.hand) secretly as "tuck {c}":  # secret',
        "    quietly:",
        "        move c to bag"]),
    "give": ('"give to {left_of(p)}" if count(p.hand) > 0', ("left",), [
        'choose c from contents(p.hand) secretly as "give {c}":  # secret',
        "    move c to left_of(p).hand"]),
    "trade": ('"trade with {left_of(p)}" if count(p.hand) > 0 and count(left_of(p).hand) > 0', ("p", "left"), [
        'choose c from contents(p.hand) secretly as "trade {c}":  # secret',
        '    choose d from contents(left_of(p).hand) secretly as "for {d}":  # secret',
        "        swap c with d"]),
    "show": ('"show {left_of(p)}" if count(p.hand) > 0', ("left",), [
        'choose c from contents(p.hand) secretly as "show {c}":  # secret',
        "    show c to [left_of(p)]"]),
    "peek": ('"peek at {left_of(p)}" if count(left_of(p).row) > 0', ("p",), [
        "show contents(left_of(p).row) to [p]"]),
    "steal": ('"steal from {left_of(p)}" if count(left_of(p).hand) > 0', ("p",), [
        "let c = random(contents(left_of(p).hand))",
        "move c to p.hand"]),
    "grab": ('"grab from {left_of(p)}" if count(left_of(p).hand) > 0', ("p",), [
        'choose c from contents(left_of(p).hand) as "grab {c}":',
        "    move c to p.hand"]),
    "play": ('"play" if count(p.hand) > 0', (ALL,), [
        'choose c from contents(p.hand) as "play {c}":',
        "    move c to area"]),
    "flip": ('"flip" if count(p.row) > 0', (ALL,), [
        "reveal contents(p.row)"]),
    "reveal": ('"reveal"', (ALL,), [
        "reveal p.pick"]),
}


@attrs.frozen
class Written:
    """A generated game: its text, player count, and what its options may show (see the module
    docstring): reveals {option label's first word: the seats it may show a secret to, as
    "p", "left" or ALL}; secret: the line numbers (1-based) of statements whose outcome only
    the player whose turn it is may learn."""
    text: str
    players: int
    reveals: dict
    secret: frozenset


def write(players: int, values: list, dealt: int, rounds: int, options: list) -> Written:
    lines = HEAD.format(players=players, values=values, dealt=dealt, rounds=rounds).split("\n")
    reveals, secret = {}, set()
    for name in options:
        label, shows, body = OPTIONS[name]
        lines.append(f"                    option {label}:")
        reveals[label.split('"')[1].split()[0]] = shows
        for line in body:
            text, _, note = line.partition("  # ")
            lines.append("                        " + text)
            if note == "secret":
                secret.add(len(lines))
    lines += TAIL.split("\n")
    return Written("\n".join(lines) + "\n", players, reveals, frozenset(secret))


@st.composite
def games(draw) -> Written:
    """A small game with secrets: 2 or 3 seats, 1 or 2 cards dealt each from a deck of up to 12
    cards (values 1 to 5, so that some are alike), a few rounds, and at least three options."""
    players = draw(st.integers(2, 3))
    dealt = draw(st.integers(1, 2))
    values = draw(st.lists(st.integers(1, 5), min_size=players * dealt + 2, max_size=12))
    rounds = draw(st.integers(2, 4))
    options = draw(st.lists(st.sampled_from(sorted(OPTIONS)), min_size=3, max_size=8, unique=True))
    return write(players, values, dealt, rounds, options)


# Options whose chance draws from what some seat cannot see (a bag, another's hand): under seeded
# chance both twins draw the same place in it, which may hold another card, its back seen by all.
SEEDED_DRAWS = frozenset({"bag", "steal"})


def shown_to(written: Written, label: str, actor: str, left: str, chance: str) -> set:
    """The seats (by name; ALL: everyone) that the option label, taken by actor, may show a
    secret to, under chance ("seeded" or "explicit")."""
    first = label.split()[0]
    shows = written.reveals.get(first, ())
    if chance == "seeded" and first in SEEDED_DRAWS and first in written.reveals:
        shows += (ALL,)
    return {ALL if who == ALL else actor if who == "p" else left for who in shows}
