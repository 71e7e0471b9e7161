"""Who may see a component's face or place, worked out for all seats at once as bitmasks
(runtime/effects/events.py), agrees with asking seat by seat, in every state of random games; and
a move's news, kept as its parts and written out when read, reads as worked out at once."""
from __future__ import annotations

import random
from itertools import groupby

from hypothesis import given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl.runtime.effects.events import (_merged, _names, _route, a_kind, about, event_of, face_mask, moved,
                                            moved_run, sees_face, seats_of, sees_position)
from ruledsl.errors import RulesError
from ruledsl.runtime.effects.effects import move
from ruledsl.runtime.model.signals import GameOver
from ruledsl.runtime.model.state import Event
from ruledsl.runtime.model.values import Zone, component_text

from .conftest import ROOT

GAMES = {name: ruledsl.load(str(ROOT / "games" / f"{name}.rules"), players=players)
         for name, players in (("haunting_house", 2), ("shining", 3), ("tillinghast", 2))}
# components of three kinds, a place only its owner knows, faces some seats were shown
GAMES["moves_told"] = ruledsl.load(str(ROOT / "tests" / "fixtures" / "moves_told.rules"), players=3)


def _seat_by_seat(prog, state, comp, before: int) -> tuple:
    position = face = 0
    for p in prog.players:
        if sees_position(state, comp, p.index):
            position |= 1 << p.index
            if before >> p.index & 1 or sees_face(prog, state, comp, p.index):
                face |= 1 << p.index
    return position, face


def _played(name: str, seed: int, steps: int):
    """A state of a random game, and the generator that played it."""
    state = GAMES[name].new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.randrange(len(state.legal_labels())))
    return state, rng


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000), steps=st.integers(0, 60))
def test_masks_agree_with_each_seat(name, seed, steps):
    state, _ = _played(name, seed, steps)
    prog = state.prog
    assert prog.comps
    for comp in prog.comps:
        seats = sum(1 << p.index for p in prog.players if sees_face(prog, state, comp, p.index))
        place = prog.places[state.loc[comp.id]]
        public = state.face[comp.id] or getattr(place, "visibility", None) == "all"
        assert face_mask(prog, state, comp) == seats | (prog.onlooker if public else 0)


def _told_seat_by_seat(prog, state, comp, before: int, verb: str) -> Event:
    """The event about comp as the rules tell it, asked seat by seat: named to the seats that know
    where it is and see its face (or saw it before), 'a Kind' to the others who know where it
    is, nothing to the seats that do not. An onlooker is told what is public: the name only when
    the face was public before (before's bit after the seats') or is now (face up, or in a zone
    whose faces all see), where it is only when every seat may always know it."""
    position, face = _seat_by_seat(prog, state, comp, before)
    everyone = (1 << len(prog.players)) - 1
    place = prog.places[state.loc[comp.id]]
    public = before >> len(prog.players) & 1 or state.face[comp.id] or getattr(place, "visibility", None) == "all"
    named, anonymous = f"{component_text(state, comp)} {verb}", f"{a_kind(comp.kind.label)} {verb}"
    if comp.kind.position == "all" and public:
        return Event(named, None, None, "move")
    if comp.kind.position == "all":
        return Event(named, seats_of(face), anonymous, "move")
    return Event(named if face else anonymous, seats_of(position), None, "move")


def _as_read(event, seats) -> tuple:
    return (event.text, event.to, event.others, event.kind, tuple(event.seen_by(s) for s in seats))


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000), steps=st.integers(0, 60))
def test_a_move_written_out_when_read_reads_as_each_seat_may_see_it(name, seed, steps):
    # events.moved keeps a move's parts and writes its text when read: it must read as asking
    # each seat what it may see of the component, at the time, says; so must events.about's
    state, rng = _played(name, seed, steps)
    prog = state.prog
    seats = [None] + [p.index for p in prog.players]
    for comp in rng.sample(prog.comps, min(40, len(prog.comps))):
        old, new = rng.choice(prog.places), prog.places[state.loc[comp.id]]
        end = rng.choice(("top", "bottom"))
        for before in range(1 << len(prog.players) + 1):     # (the last bit: public before)
            news = event_of(moved(prog, state, comp, before, old, new, end))
            expected = _told_seat_by_seat(prog, state, comp, before, _route(old, new, end))
            assert _as_read(news, seats) == _as_read(expected, seats)
            in_place = Event(*about(prog, state, comp, before, "is revealed"))
            assert _as_read(in_place, seats) == _as_read(_told_seat_by_seat(prog, state, comp, before, "is revealed"),
                                                          seats)


def _merged_by_text(events: list) -> list:
    """How runs of moves were merged when events were texts: by the seats told, the route read,
    and the others' reading of it (the specification _merged keeps)."""
    def key(e):
        if e.kind != "move" or " moves from " not in e.text:
            return None
        who, _, way = e.others.partition(" moves from ") if e.others else (None, None, None)
        return (e.to, e.text.partition(" moves from ")[2], who, way)
    out = []
    for k, group in groupby(events, key):
        run = list(group)
        if k is None or len(run) == 1:
            out += [(e.text, e.to, e.others) for e in run]
            continue
        text = f"{_names([e.text.partition(' moves from ')[0] for e in run])} move from {k[1]}"
        others = f"{_names([k[2]] * len(run))} move from {k[3]}" if run[0].others is not None else None
        out.append((text, run[0].to, others))
    return out


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000))
def test_runs_of_moves_merge_as_their_texts_would(name, seed):
    game = GAMES[name]
    state = game.new_game(seed=seed)
    prog = state.prog
    rng = random.Random(seed)
    # few components (of different kinds where the game has them), places and masks, so that
    # runs form and differ by one thing at a time
    kinds = {}
    for comp in rng.sample(prog.comps, len(prog.comps)):
        kinds.setdefault(comp.kind.name, []).append(comp)
    comps = [c for group in list(kinds.values())[:3] for c in group[:2]]
    places = rng.sample(prog.places, 2)
    events = []
    for _ in range(rng.randint(2, 40)):
        old, new = rng.choice(places), rng.choice(places)
        before = rng.choice((0, 1, prog.everyone, prog.public))
        events.append(event_of(moved(prog, state, rng.choice(comps), before, old, new, "top")))
    assert [(e.text, e.to, e.others) for e in map(event_of, _merged(events))] == _merged_by_text(events)


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000), steps=st.integers(0, 40))
def test_a_run_of_moves_told_at_once_is_each_told_then_merged(name, seed, steps):
    # moved_run (a deal's many draws) writes moved() out for a run of components between two
    # places: its news must be what merging each one's moved() gives, part for part
    state, rng = _played(name, seed, steps)
    prog = state.prog
    # components of few kinds, each with a mask of who saw its face before, so that runs form
    # and break on a kind, an owner or a mask
    kinds = {}
    for comp in rng.sample(prog.comps, len(prog.comps)):
        kinds.setdefault(comp.kind.name, []).append(comp)
    comps = [c for group in list(kinds.values())[:3] for c in group[:4]]
    if rng.random() < 0.4:      # of one kind (a bag's tokens drawn), which moved_run makes at once
        comps = comps[:1] + [c for c in comps[1:] if c.kind is comps[0].kind]
    items = [rng.choice(comps) for _ in range(rng.randint(1, 12))]
    before = [rng.choice((0, 1, rng.randrange(1 << len(prog.players)), prog.everyone, prog.public))
              for _ in items]
    if rng.random() < 0.5:      # seen by none before (a deal from a face-down deck): runs of alike ones
        before = [0] * len(items)
    # mostly a zone that hides faces (runs then break on the kind read by the others)
    hiding = [z for z in prog.places if type(z) is Zone and z.visibility != "all"] or prog.places
    old, new = rng.choice(prog.places), rng.choice(hiding + hiding + prog.places + [None])
    new = old if new is None else new        # (sometimes the same place: nothing merges then)
    end = rng.choice(("top", "bottom"))
    each = [moved(prog, state, c, b, old, new, end) for c, b in zip(items, before)]
    assert [(type(e), tuple(e)) for e in moved_run(prog, state, items, before, old, new, end)] == \
        [(type(e), tuple(e)) for e in _merged(each)]


@settings(max_examples=20, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000), steps=st.integers(0, 40))
def test_a_move_logs_the_news_moved_tells(name, seed, steps):
    # effects.move tells a move face up in plain sight without asking moved(): what it logs
    # must be what moved() makes of the same move, face up or down, told or not
    state, rng = _played(name, seed, steps)
    prog = state.prog
    for comp in rng.sample(prog.comps, min(30, len(prog.comps))):
        other = state.clone()
        dest = rng.choice(prog.places)
        facing = rng.choice((None, "up", "down"))
        before, old = face_mask(prog, other, comp), prog.places[other.loc[comp.id]]
        mark = other.log
        try:
            move(prog, other, comp, dest, None, facing)
        except RulesError:          # a full zone
            continue
        except GameOver:            # a trigger ended the game, after the move was told
            pass
        told, entry = [], other.log
        while entry is not mark:        # (the move's news comes first, what triggers tell after it)
            told.append(entry[0])
            entry = entry[1]
        news = told[-1] if told else None
        if other.quiet or other.muted:
            assert news is None
            continue
        expected = moved(prog, other, comp, before, old, dest, dest.default_end)
        assert (type(news), tuple(news)) == (type(expected), tuple(expected))
