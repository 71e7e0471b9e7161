"""A game's fixed action space: every label a decision can ever offer, numbered once per game.

Two ways to number actions, chosen per game object:

- "labels": every decision's option templates (`choose … as "…"`, `option
  "…"`, `during each turn:` options) are expanded over the texts their parts
  can show (interop/domains.py), in the order the rules are written; each
  distinct label gets the next id. The same label always has the same id, in
  every state, every seed and every run of the same rules, player count and
  options.
- "positions": where some label cannot be listed before play (a number the
  game computes, a text), an action's id is its place among the options
  offered now, and the space is as large as the engine lets a decision be.
  Ids then mean something only together with the state they are legal in.

Chance outcomes (explicit chance) are always numbered by position.
`space_of(game, mode)` works the space out on first use and keeps it on the
game object, so nothing of this runs while the game is played.
"""
from __future__ import annotations

from typing import Optional

from ..errors import IllegalAction, error
from ..ir import nodes as n
from ..runtime.engine.decisions import MAX_OPTIONS
from .domains import Domains, Unbounded

MODES = ("auto", "labels", "positions")


def _decls(defn):
    yield from (d for d in (defn.setup, defn.flow) if d is not None)
    yield from defn.rules.values()
    yield from defn.triggers
    yield from defn.defines.values()


class _Collector:
    """Walks every declaration, keeping the names decisions and loops bind, and gathers labels."""

    def __init__(self, domains: Domains):
        self.domains = domains
        self.labels: dict = {}

    def add(self, labels) -> None:
        for label in labels:
            self.labels.setdefault(label, len(self.labels))

    def walk(self, node, scope: dict) -> None:
        kind = type(node)
        if kind is n.Choose:
            self.choose(node, scope)
            scope = {**scope, node.var: ("source", node.source)}
        elif kind is n.Option:
            self.add(self.domains.template(node.label, _bound(scope, node.var, node.source)))
            scope = _bound(scope, node.var, node.source)
        elif kind is n.RuleDecl:
            scope = {param: ("param", (node.name, i)) for i, param in enumerate(node.params)}
        elif kind is n.ForEach:
            scope = _bound(scope, getattr(node, "var", None), getattr(node, "source", None))
        for field in getattr(kind, "__attrs_attrs__", ()):
            value = getattr(node, field.name)
            if kind is n.Choose and value is node.label:
                continue
            if isinstance(value, tuple):
                self.block(value, scope)
            elif hasattr(type(value), "__attrs_attrs__"):
                self.walk(value, scope)

    def block(self, items: tuple, scope: dict) -> None:
        """Statements in order: a `let` binds its name for the statements after it."""
        for item in items:
            if not hasattr(type(item), "__attrs_attrs__"):
                continue
            self.walk(item, scope)
            if type(item) is n.Let:
                scope = {k: v for k, v in scope.items() if k != item.name}
                if item.name not in self.domains.set_names and item.seen is None:
                    scope[item.name] = ("value", item.value)

    def choose(self, node, scope: dict) -> None:
        domains = self.domains
        if node.count_min is not None:
            self.add(domains.selections(node, scope))
            return
        inner = {**scope, node.var: ("source", node.source)}
        if node.label is not None:
            self.add(domains.template(node.label, inner))
        else:
            self.add(domains.texts(n.Name(node.var, span=node.var_span), inner))


def _bound(scope: dict, var, source) -> dict:
    if var is None or source is None:
        return scope
    return {**scope, var: ("source", source)}


class ActionSpace:
    """The numbered actions of one game (rules, player count, options).

    mode: "labels" or "positions". labels: every label in id order ("labels" mode), else ().
    size: how many ids there are (OpenSpiel's num_distinct_actions). chance_size: how many
    chance outcome ids (max_chance_outcomes). why: for "positions" chosen by "auto", the
    reason labels could not be listed (a RulesError at the label's place), else None.
    """

    def __init__(self, mode: str, labels: tuple, chance_size: int, why=None, size: Optional[int] = None):
        self.mode = mode
        self.labels = labels
        self.ids = {label: i for i, label in enumerate(labels)}
        self.size = len(labels) if mode == "labels" else (size or MAX_OPTIONS)
        self.chance_size = chance_size
        self.why = why

    # ---------------------------------------------------------------- reading a state
    def legal_ids(self, st) -> list:
        """The ids of the pending decision's options, ascending ([] when none is pending)."""
        d = st.pending
        if d is None:
            return []
        if d.seat is None or self.mode == "positions":
            return list(range(len(d.labels)))
        ids = self.ids
        try:
            return sorted(ids[label] for label in d.labels)
        except KeyError:
            missing = next(label for label in d.labels if label not in ids)
            raise self._unknown(missing, d) from None

    def to_string(self, st, action_id: int) -> str:
        """The label of an id: in "labels" mode any id, in "positions" mode only a legal one."""
        d = st.pending
        if self.mode == "labels" and (d is None or d.seat is not None):
            if not 0 <= action_id < len(self.labels):
                raise IllegalAction(f"there is no action {action_id}: ids run from 0 to {len(self.labels) - 1}")
            return self.labels[action_id]
        if d is None or not 0 <= action_id < len(d.labels):
            raise IllegalAction(f"action {action_id} is not one of the options offered now")
        return str(d.labels[action_id])

    def index_of(self, st, action_id: int) -> int:
        """The position among the pending options of a legal id."""
        d = st.pending
        if d is None:
            raise IllegalAction("the game is over" if st.result is not None else "no decision is pending")
        if d.seat is None or self.mode == "positions":
            if 0 <= action_id < len(d.labels):
                return action_id
            offered = "" if d.secret is not False else f": {len(d.labels)} options are offered"   # (a secret's, untold)
            raise IllegalAction(f"action {action_id} is not legal{offered}")
        if not 0 <= action_id < len(self.labels):
            raise IllegalAction(f"there is no action {action_id}: ids run from 0 to {len(self.labels) - 1}")
        try:
            return d.labels.index(self.labels[action_id])
        except ValueError:
            raise IllegalAction(f"action {action_id} ('{self.labels[action_id]}') is not legal now") from None

    def id_of(self, st, label) -> int:
        """The id of one of the pending options, given by its label (or an Action)."""
        label = str(label)
        d = st.pending
        if self.mode == "labels" and d is not None and d.seat is not None:
            if label in self.ids:
                return self.ids[label]
            raise self._unknown(label, d)
        if d is None:
            raise IllegalAction("no decision is pending")
        return d.labels.index(label)

    def apply(self, st, action_id: int):
        """Take the option with this id in st (a GameState); IllegalAction if it is not legal."""
        return st.apply(self.index_of(st, action_id))

    def _unknown(self, label: str, d):
        return error(d.span, f"the option '{label}' is not in the action space worked out from the rules",
                     "load the game with actions='positions', and report this game: the labels "
                     "worked out in advance missed one")


def build_space(game, mode: str = "auto") -> ActionSpace:
    """The action space of a GameDefinition (see the module docstring)."""
    if mode not in MODES:
        raise ValueError(f"actions must be one of {', '.join(MODES)}, not {mode!r}")
    prog = game.program
    chance = _chance_size(prog)
    if mode == "positions":
        return ActionSpace("positions", (), chance)
    try:
        labels = _static_labels(game.checked, prog)
    except Unbounded as why:
        if mode == "labels":
            raise why.as_error() from None
        return ActionSpace("positions", (), chance, why.as_error())
    return ActionSpace("labels", labels, chance)


def space_of(game, mode: str = "auto") -> ActionSpace:
    """The game's action space in this mode, worked out once and kept on the game object."""
    spaces = game.__dict__.setdefault("_action_spaces", {})
    space = spaces.get(mode)
    if space is None:
        space = spaces[mode] = build_space(game, mode)
    return space


def _static_labels(checked, prog) -> tuple:
    collector = _Collector(Domains(checked, prog))
    for decl in _decls(checked.definition):
        collector.walk(decl, {})
    return tuple(collector.labels)


def _chance_size(prog) -> int:
    """The most outcomes one chance event can have: a die's faces, a draw among every
    component, a random pick among places or seats."""
    faces = max((len(d.faces) for d in prog.dice.values()), default=0)
    return max(faces, len(prog.comps), len(prog.places), len(prog.players), 2)
