"""Events: who may read what, and how the log names components some seats may not see.

Every change to a state that players may notice is told as an Event with the
seats that read it; the effects call these functions, never build events.

The log keeps each event as its parts, a plain tuple (made in a fraction of what
a tuple subclass costs: a game in play logs at nearly every action, and its log
is read, when at all, a line at a time): four parts (text, to, others, kind)
for an Event, two for a Decided, seven for a Moved. `event_of` makes the Event
an entry stands for; every reader of a log reads it through `event_of` or
`events_of`.
"""
from __future__ import annotations

from operator import itemgetter

from ..model.state import Event, chain_to_list, logged
from ..model.values import Comp, Zone, component_text


# What `quietly:` keeps out of the log: the effects on components. Announcements,
# decisions, chance, turns, phases and the end are still told.
QUIET_KINDS = frozenset({"move", "draw", "shuffle", "swap", "show"})


def emit(st, text: str, to=None, others=None, kind: str = "log") -> None:
    if st.muted or (st.quiet and kind in QUIET_KINDS):
        return
    log = st.log        # logged(), written out: every event passes here
    st.log = ((text, to, others, kind), log, log[2] + 1 if log is not None else 1)


def sees_face(prog, st, comp: Comp, seat: int) -> bool:
    """Whether seat (0-based) may see the face of comp where it lies now."""
    cid = comp.id
    return bool(st.face[cid] or (st.known[cid] | prog.places[st.loc[cid]].sees) >> seat & 1)


def sees_position(st, comp: Comp, seat: int) -> bool:
    pos = comp.kind.position
    if pos == "all":
        return True
    owner = st.owner[comp.id]
    return pos == "owner" and owner is not None and owner.index == seat


def face_mask(prog, st, comp: Comp) -> int:
    """The seats that may see comp's face where it lies now, as a bitmask (sees_face, for all), with
    Program.onlooker's bit when its face is public (face up, or in a zone whose faces all see)."""
    cid = comp.id
    if st.face[cid]:
        return prog.public
    return st.known[cid] & prog.everyone | prog.places[st.loc[cid]].sees


def seat_mask(seats) -> int:
    """The bitmask of these players' seats."""
    mask = 0
    for p in seats:
        mask |= 1 << p.index
    return mask


def seats_of(mask: int) -> frozenset:
    """The seats of a bitmask (each mask's set made once: there are few)."""
    found = _SEATS.get(mask)
    if found is None:
        found = _SEATS[mask] = _seats_of(mask)
    return found


_SEATS: dict = {}


def _seats_of(mask: int) -> frozenset:
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return frozenset(out)


def a_kind(name: str) -> str:
    """'a Card', 'an Event': how the log names a component whose face one may not see."""
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def emit_about(prog, st, comp: Comp, before_face: int, verb: str) -> None:
    """An event about one component: named to those who see its face, 'a Kind' to the others
    who see where it is, nothing to those who may not know where it is."""
    if st.muted or st.quiet:    # its kind, "move", is one `quietly:` keeps out of the log
        return
    log = st.log        # emit(), written out
    st.log = (about(prog, st, comp, before_face, verb), log, log[2] + 1 if log is not None else 1)


def about(prog, st, comp: Comp, before_face: int, verb: str) -> tuple:
    """The (text, to, others, kind) of emit_about's event: who reads what, as moved() decides it
    for a component that stays where it lies."""
    place = prog.places[st.loc[comp.id]]
    name, kind, to, who = moved(prog, st, comp, before_face, place, place, None)[:4]
    return (f"{name if name is not None else a_kind(kind)} {verb}", seats_of(to) if to is not None else None,
            f"{a_kind(who)} {verb}" if who is not None else None, "move")


# ---------------------------------------------------------------- news written out when read
class News(Event):
    """An Event kept as its parts (a subclass says which) and written out only when read, as most
    logs (a playout's, a search's) never are; to its readers, the Event it stands for."""
    __slots__ = ()

    def __repr__(self):
        return f"{type(self).__name__}({self.text!r}, {self.to!r}, {self.others!r})"

    def __reduce__(self):
        return (tuple.__new__, (type(self), tuple(self)))


class Decided(News):
    """A decision taken, told to everyone: (the seat's label, the option's label)."""
    __slots__ = ()
    kind = "decision"
    to = None
    others = None

    @property
    def text(self) -> str:
        return f"{self[0]}: {self[1]}"


class Moved(News):
    """The news that a component moved, or a run of alike ones.

    Parts: (names, kinds, to, who, old, new, end). One component: names is how the readers of
    the text name it (None: as 'a Kind', its face hidden from them) and kinds its kind's name; a
    run: a tuple of each, one per component. to: the bitmask of the seats that read the text
    (None: everyone). who: the kind the others read it as (None: they read nothing). old, new:
    the places it left and entered; end: where in new (a zone's "top" or "bottom")."""
    __slots__ = ()
    kind = "move"

    @property
    def text(self) -> str:
        names, kinds, _to, _who, old, new, end = self
        if type(kinds) is tuple:
            listed = _names([n if n is not None else a_kind(k) for n, k in zip(names, kinds)])
            return f"{listed} move from {old.label} to {new.label}"
        return f"{names if names is not None else a_kind(kinds)} {_route(old, new, end)}"

    @property
    def to(self):
        return seats_of(self[2]) if self[2] is not None else None

    @property
    def others(self):
        _names_, kinds, _to, who, old, new, end = self
        if who is None:
            return None
        if type(kinds) is tuple:
            return f"{_names([a_kind(who)] * len(kinds))} move from {old.label} to {new.label}"
        return f"{a_kind(who)} {_route(old, new, end)}"

    def seen_by(self, seat):
        to = self[2]
        if to is None or seat is not None and to >> seat & 1:
            return self.text
        return self.others


# What a log entry of each length stands for (see the module's docstring).
_READ_AS = {4: Event, 2: Decided, 7: Moved}


def event_of(entry) -> Event:
    """The Event a log entry stands for: the entry itself when it is one already."""
    return tuple.__new__(_READ_AS[len(entry)], entry) if type(entry) is tuple else entry


def events_of(log, since=None) -> list:
    """The Events of a log chain, oldest first; with since (a cell of it), only those after it."""
    return [event_of(entry) for entry in chain_to_list(log, since)]


def _route(old, new, end) -> str:
    """How a move reads after its component's name."""
    if old is not new:
        return f"moves from {old.label} to {new.label}"
    if type(new) is Zone:
        return f"moves to the {end} of {new.label}" if new.ordered else f"stays in {new.label}"
    return f"stays on {new.label}"


def moved(prog, st, comp: Comp, before_face: int, old, new, end) -> tuple:
    """The news of comp's move from old to new, where it lies now; before_face: the seats that saw
    its face before (face_mask). Named to the seats that know where it is and see its face (or saw
    it), 'a Kind' to the others who know where it is, nothing to those who do not; to onlookers
    (view(None), who see what is public) named only if its face was public before or is now (the
    onlooker's bit of face_mask), so a card passed between two hands is named to those two alone.
    (face_mask and the commonest name, a text field, written out: a told move's every call counts.
    moved_run writes this out again for a run; tests/test_event_masks.py holds the two equal.
    Shared through helpers, both cost 1.6% more instructions of a game that deals tokens by the
    dozen: measured.)"""
    kind = comp.kind
    cid = comp.id
    everyone = prog.everyone
    pos = kind.position
    if pos == "all":
        position = everyone
    else:
        owner = st.owner[cid]
        position = 1 << owner.index if pos == "owner" and owner is not None else 0
    seen = before_face | (prog.public if st.face[cid] else st.known[cid] & everyone | new.sees)
    face = position & seen
    if pos == "all" and seen & prog.onlooker:
        to = who = None     # its face public before or after: onlookers read it too
    elif pos == "all":
        to, who = face, kind.label
    elif face:
        to, who = position, None
    else:       # its face seen by none who know where it is: they read 'a Kind', its name never
        return (None, kind.label, position, None, old, new, end)
    i = kind.read_as
    name = st.fields[cid][i] if kind.shown is None and i is not None else None
    if type(name) is not str:
        name = component_text(st, comp)
    return (name, kind.label, to, who, old, new, end)


def moved_run(prog, st, items, before, old, new, end) -> list:
    """The news of items' moves from old to new, as moved() tells each, every run of alike ones
    made one as _merged makes them (the whole list of news is what _merged makes of moved()'s):
    written out for the dozens a deal moves at once. before: each one's before_face."""
    if old is new:      # (not merged: _merged leaves moves that stay where they were)
        return [moved(prog, st, c, b, old, new, end) for c, b in zip(items, before)]
    everyone = prog.everyone
    gained = new.sees       # who sees the faces where they land (moved()'s, less what each one's seats know)
    public, onlooker = prog.public, prog.onlooker
    faces, known, owners, fields = st.face, st.known, st.owner, st.fields
    # (moved() written out, each way a kind's place is seen apart: a deal moves dozens at once)
    out, names, kinds = [], [], []
    key_to = key_who = _NO_KEY
    last = pos = kind_name = field = None
    for comp, before_face in zip(items, before):
        kind = comp.kind
        if kind is not last:    # (what the kind says, asked again only when the kind changes)
            last, pos, kind_name = kind, kind.position, kind.label
            field = kind.read_as if kind.shown is None else None     # the field it reads as, if any
        cid = comp.id
        name = None
        if pos == "all":        # where it lies is seen by all: named unless no one sees its face
            face = True
            if faces[cid]:
                to = who = None
            else:
                seen = before_face | known[cid] & everyone | gained
                if seen & onlooker:
                    to = who = None
                else:
                    to, who = seen & everyone, kind_name
        else:
            owner = owners[cid]
            to = 1 << owner.index if pos == "owner" and owner is not None else 0
            who = None
            face = to & (before_face | (public if faces[cid] else known[cid] & everyone | gained)) or None
        if face is not None:
            name = fields[cid][field] if field is not None else None
            if type(name) is not str:
                name = component_text(st, comp)
        if to != key_to or who != key_who:
            if names:
                _run(out, names, kinds, (key_to, key_who), old, new, end)
                names, kinds = [], []
            key_to, key_who = to, who
        names.append(name)
        kinds.append(kind_name)
    _run(out, names, kinds, (key_to, key_who), old, new, end)
    return out


_NO_KEY = object()      # no run begun yet: unequal to any seats' mask and any kind's name


def _run(out: list, names: list, kinds: list, key, old, new, end) -> None:
    """Add to out the news of a run of alike moves (moved_run): one move's, or the run's merged."""
    if len(names) == 1:
        out.append((names[0], kinds[0]) + key + (old, new, end))
    elif names:
        out.append((tuple(names), tuple(kinds)) + key + (old, new, None))


def tell_moved(prog, st, comp: Comp, before_face: int, old, new, end) -> None:
    """Log the news of comp's move (moved()), unless muted or `quietly:`."""
    if st.muted or st.quiet:
        return
    log = st.log
    st.log = (moved(prog, st, comp, before_face, old, new, end), log, log[2] + 1 if log is not None else 1)


def merge_moves(st, mark) -> None:
    """Make the moves logged since mark one event per run of moves between the same places told
    to the same seats: "A, B and 2 Cards move from X to Y"."""
    events = chain_to_list(st.log, mark)
    if len(events) < 2:
        return
    log = mark
    for e in _merged(events):
        log = logged(e, log)
    st.log = log


def log_moves(st, told: list) -> None:
    """Log the news of moves told in turn (a Moved's parts, as moved() makes them), as logging
    each and then merge_moves would."""
    log = st.log
    for e in _merged(told) if len(told) > 1 else told:
        log = (e, log, log[2] + 1 if log is not None else 1)
    st.log = log


def _merged(events: list) -> list:
    """The events, each run of alike moves made one: moves of one component each from one place
    to another (places read alike), told to the same seats and read alike by the others."""
    out = []
    i, n = 0, len(events)
    while i < n:
        e = events[i]
        j = i + 1
        if len(e) == 7 and type(e[1]) is str and e[4] is not e[5]:
            key = e[2:6]        # (to, who, old, new): equal tuples at C speed, else _alike
            while j < n:
                f = events[j]
                if len(f) != 7 or type(f[1]) is not str or (f[2:6] != key and not _alike(f, key)):
                    break
                j += 1
        if j - i == 1:
            out.append(e)
        else:
            run = events[i:j]
            out.append((tuple(map(_NAME, run)), tuple(map(_KIND, run))) + e[2:6] + (None,))
        i = j
    return out


_NAME, _KIND = itemgetter(0), itemgetter(1)


def _alike(f: tuple, key: tuple) -> bool:
    """Whether f is told as key's moves are, between places that read the same."""
    to, who, old, new = key
    return f[2] == to and f[3] == who and f[4].label == old.label and f[5].label == new.label and \
        f[4] is not f[5]


def _names(names: list) -> str:
    """'A, B and 2 Cards': named things listed, 'a Card' ones counted."""
    parts, anonymous = [], {}
    for name in names:
        if name.startswith(("a ", "an ")):
            kind = name.split(" ", 1)[1]
            anonymous[kind] = anonymous.get(kind, 0) + 1
        else:
            parts.append(name)
    parts += [a_kind(k) if k_count == 1 else f"{k_count} {k}s" for k, k_count in anonymous.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


