"""IR nodes of statements (effects, decisions, flow, scenario checks)."""
from __future__ import annotations

from typing import Optional, Union

from ...source import Span
from .base import _span, node
from .exprs import Expr, Template

__all__ = [
    "Let", "Set", "Move", "Draw", "Effect", "Show", "Rotate", "Swap", "Announce", "Mark", "Do", "Win",
    "EndGame", "Jump", "ExprStmt", "Expect", "ExpectLegal", "ExpectTold", "ExpectSees", "Force",
    "ExpectOptions", "Play", "Branch", "If", "ForEach", "Repeat", "Case", "Match", "Choose", "Option", "Menu",
    "Simultaneous", "Phase", "Quietly", "Turn", "Stmt",
]


# ----------------------------------------------------------- statements


@node
class Let:
    """`let name = value [visible to seats]`: a local for the rest of the block. seats (a roll or
    random() only): who learns the outcome; None: everyone."""
    name: str
    value: Expr
    seen: Optional[Expr] = None
    name_span: Span = _span()
    span: Span = _span()


@node
class Set:
    """`set target to value`, `increase target by value` (op "+"), `decrease …` (op "-")."""
    target: Expr
    value: Expr
    op: str = "="
    span: Span = _span()


@node
class Move:
    """`move item to [top|bottom of] dest [face up|down]`: item may be one or a list."""
    item: Expr
    dest: Expr
    end: Optional[str] = None
    facing: Optional[str] = None
    span: Span = _span()


@node
class Draw:
    """`draw [count] from [top|bottom of] source to [top|bottom of] dest [face up|down]`."""
    count: Optional[Expr]
    source: Expr
    dest: Expr
    end: Optional[str] = None
    facing: Optional[str] = None
    dest_end: Optional[str] = None
    span: Span = _span()


@node
class Effect:
    """A one-operand effect: `shuffle Z`, `reveal X`, `hide X`."""
    verb: str
    target: Expr
    span: Span = _span()


@node
class Show:
    """`show item to players`: they learn its face privately."""
    item: Expr
    to: Expr
    span: Span = _span()


@node
class Rotate:
    """`rotate item by degrees`: turns every sides-typed field (90 = clockwise)."""
    item: Expr
    amount: Expr
    span: Span = _span()


@node
class Swap:
    """`swap a with b`: two components trade places (or two locations' contents)."""
    first: Expr
    second: Expr
    span: Span = _span()


@node
class Announce:
    """`announce text [to players]`: an event in the log, public unless `to` is given."""
    text: Expr
    to: Optional[Expr] = None
    span: Span = _span()


@node
class Mark:
    """`mark loc as Tag` (on=True) / `unmark loc as Tag` (on=False)."""
    target: Expr
    tag: str
    on: bool = True
    tag_span: Span = _span()
    span: Span = _span()


@node
class Do:
    """`do rule(args)`: run a rule."""
    rule: str
    args: tuple = ()
    name_span: Span = _span()
    span: Span = _span()


@node
class Win:
    """`win players`: the game ends; those players win, the others lose."""
    winners: Expr
    span: Span = _span()


@node
class EndGame:
    """`end game [ranking each p in players by k1, k2, …]`: ranked by keys, higher first; or
    `end game returns value for each p in players`: returns, a number per seat (seats not
    listed return 0)."""
    var: Optional[str] = None
    source: Optional[Expr] = None
    keys: tuple = ()
    returns: Optional[Expr] = None
    var_span: Span = _span()
    span: Span = _span()


@node
class Jump:
    """`stop` (leave the innermost loop or menu loop), `return` (leave the rule), `pass`."""
    kind: str
    span: Span = _span()


@node
class ExprStmt:
    """A builtin called for its effect."""
    expr: Expr
    span: Span = _span()


@node
class Expect:
    """Scenario: `expect cond`."""
    cond: Expr
    span: Span = _span()


@node
class ExpectLegal:
    """Scenario: `expect legal "label" [by p]` / `expect illegal …`."""
    legal: bool
    label: Expr
    by: Optional[Expr] = None
    span: Span = _span()


@node
class ExpectTold:
    """Scenario: `expect announced "text"` (seat None: the public log), `expect p reads
    "text"`, or their negations: an event since the last `play` whose text contains it."""
    text: Expr
    seat: Optional[Expr] = None
    negated: bool = False
    span: Span = _span()


@node
class ExpectSees:
    """Scenario: `expect p sees x` / `expect p does not see x`: x (a component, a variable,
    a player's variable) is in p's view."""
    seat: Expr
    item: Expr
    negated: bool = False
    span: Span = _span()


@node
class Force:
    """Scenario: `force roll(White) = Blank[, Knife, …]`: the next such chance events give these
    outcomes, in order (more: the outcomes after the first)."""
    event: Expr
    outcome: Expr
    more: tuple = ()
    span: Span = _span()


@node
class ExpectOptions:
    """Scenario: `expect options "a", "b" [by p]`: the pending decision is p's and offers exactly
    these labels, in this order."""
    labels: tuple
    by: Optional[Expr] = None
    span: Span = _span()


@node
class Play:
    """Scenario: `play "label" [by p]`: take the action with this label."""
    label: Expr
    by: Optional[Expr] = None
    span: Span = _span()


@node
class Branch:
    """One `if`/`elif` arm."""
    cond: Expr
    body: tuple
    span: Span = _span()


@node
class If:
    """`if … elif … else …`."""
    branches: tuple
    orelse: tuple = ()
    span: Span = _span()


@node
class ForEach:
    """`for each var in source:` body."""
    var: str
    source: Expr
    body: tuple
    var_span: Span = _span()
    span: Span = _span()


@node
class Repeat:
    """`repeat N times` (kind "times"), `repeat until c` ("until"), `while c` ("while"),
    `repeat:` ("forever", left with stop, win or end game)."""
    kind: str
    arg: Optional[Expr]
    body: tuple
    span: Span = _span()


@node
class Case:
    """One `case v1, v2:` arm of a match."""
    values: tuple
    body: tuple
    span: Span = _span()


@node
class Match:
    """`match subject:` with cases and an optional else."""
    subject: Expr
    cases: tuple
    orelse: tuple = ()
    span: Span = _span()


@node
class Choose:
    """A decision over a collection.

    count_min/count_max: how many to pick, as expressions (None/None for a
    single item, the bound name then being the item; otherwise a list). ordered: the order of a
    multiple pick matters. where: filter. chooser: the deciding player
    (default: the player whose turn it is). secretly: only the chooser sees
    what was chosen. label: the action's label template. orelse: run when
    there is nothing to choose. automatic: an only option is taken without asking.
    """
    var: str
    source: Expr
    body: tuple
    where: Optional[Expr] = None
    count_min: Optional["Expr"] = None
    count_max: Optional["Expr"] = None
    ordered: bool = False
    chooser: Optional[Expr] = None
    secretly: bool = False
    label: Optional[Template] = None
    orelse: tuple = ()
    multiple: bool = False
    automatic: bool = False
    var_span: Span = _span()
    span: Span = _span()
    help: Optional[Template] = None


@node
class Option:
    """One alternative of a menu: a label, optionally over a collection, guarded. help: what
    taking it costs or means, shown beside it in play (a Template), or None."""
    label: Template
    body: tuple
    var: Optional[str] = None
    source: Optional[Expr] = None
    cond: Optional[Expr] = None
    var_span: Span = _span()
    span: Span = _span()
    help: Optional[Template] = None


@node
class Menu:
    """`choose [by p] [secretly] [automatically when only one]:` with option arms; orelse runs when
    no option is open; automatic: an only option is taken without asking."""
    options: tuple
    chooser: Optional[Expr] = None
    secretly: bool = False
    orelse: tuple = ()
    automatic: bool = False
    span: Span = _span()


@node
class Simultaneous:
    """`simultaneously for each p in seats:` one decision (a Choose or a Menu, without `by`) that
    every listed seat p makes in secret, in seat order; when all have chosen, every choice is
    revealed at once and then each seat's chosen body runs, in the same order."""
    var: str
    source: Expr
    decision: Union["Choose", "Menu"]
    var_span: Span = _span()
    span: Span = _span()


@node
class Phase:
    """`phase "name":` a named stretch of the flow (shown in logs and errors); name is a Template."""
    name: "Template"
    body: tuple
    span: Span = _span()


@node
class Quietly:
    """`quietly:` the body's moves, draws, shuffles, swaps, rotations and reveals write
    nothing to the log (announcements, decisions and chance still do)."""
    body: tuple
    span: Span = _span()


@node
class Turn:
    """`turn p:` the body is p's turn: p is the default chooser."""
    player: Expr
    body: tuple
    span: Span = _span()


Stmt = Union[Let, Set, Move, Draw, Effect, Show, Rotate, Swap, Announce, Mark, Do, Win, EndGame,
             Jump, ExprStmt, Expect, ExpectLegal, Force, Play, If, ForEach, Repeat, Match, Choose,
             Menu, Simultaneous, Phase, Turn]
