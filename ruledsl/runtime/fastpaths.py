"""Optional fast paths of the runtime, each of which can be switched off.

A fast path is a second way of doing what a general one does; the
differential test (tests/test_differential.py) runs every game with them off
and proves the games unchanged. Switch them off for a run with
RULEDSL_SLOW=all, or name some: RULEDSL_SLOW=inline,started.

- inline:   a `define` is written in place instead of called, each argument that
            costs something worked out first into a Python name (in a comprehension's
            source, where Python forbids that, only a define with cheap arguments);
- calls:    the commonest builtin calls (count, contents, first, at, item_at) are
            written inline instead of calling the library; so is an `announce` to
            everyone (its event added to the log in place);
- compare:  `x == literal` and `x in list` are written with Python
            operators instead of the language's equality and membership helpers;
- typed:    where the checker knows what a value is, `a == b` of two seats, places,
            components or enum values is `a is b`, and a field is read directly
            (a component's field by its position, a player's variable by its slot;
            where the checker cannot say, as what alone has such a field: only seats,
            or only one kind), the general reader standing by for a value of another
            sort (and no test at all where the value is certain: compiler/exprs.Certain);
            a move of one component onto a certain location at its default end and
            facing is effects.move_onto; `turn p:` of a certain seat begins in place; a
            `quietly:` that holds one move of one component says so to effects.move;
- hoist:    the parts of a decision's conditions and labels that read no option (a
            call, a comprehension) are worked out once per decision, when first
            needed, instead of once per option;
- fold:     a builtin that reads nothing that changes in play, called with arguments
            known when the game is compiled (`locations(Grid)`), is its value; a
            fixed list is gone through as it is (its length, known when compiled, is
            spent as one number: by a loop statement over it, and by the loop turn
            or decision that runs a comprehension over it); any expression that
            keeps one value all game long (compiler/static.py: `first([each c in
            components(Card) where c.suit is Joker])` when play never sets a suit) is
            worked out once, when the game is compiled, and read again only in a
            state a scenario changed as play never does; `and`, `or` and `not` of a
            truth known when compiled (a game's option) are their value, and an option
            offered `during each turn` whose condition is then false is never offered;
- fixed:    the leading conditions of a decision's `where` that read only where its items
            lie (rows, columns and fields of board locations, which never change) are
            worked out once per selection for the whole game, and remembered; a
            choice of one among locations fixed when compiled, labelled by where each
            lies, goes through (label, location) pairs made when compiled;
- keyed:    a menu whose conditions and labels read nothing but the parts kept once
            per decision (hoist), their options' items (from fixed lists) and literals
            keeps the options it offered per the values of those parts, and offers them
            again when the parts come out the same (compiler/keyed.py);
- reads:    a menu whose conditions and labels read, through every define, builtin and
            board condition they reach, only variables, fields play sets and what lies in
            places, keeps the options it offered per those values, read where the decision
            is made, and offers them again when they come out the same
            (compiler/reads.py);
- fuse:     a decision among the items of a list that only filters another
            (`choose x from [each y in L where c]`) goes through L, testing c with
            each option, instead of building the list first; `each x in at(place, Kind)`
            goes through what lies there, testing the kind; a board's condition is
            written as statements (`a and b` one test after the other, `any(each x in S
            where c)` a loop that stops at the first x that passes: no generator a step);
            so is a `define` that is one such `any`, and a statement's test that is one
            (`if`, `elif`, `not`, a define written in place: a loop that sets a flag);
- lazy:     a `choose N from C` with no `where`, labelled by the chosen items, offers
            its selections without making each one (the i-th is worked out when asked)
            when the items read differently;
- jumps:    a block that moves on to a later block of its unit calls it at once,
            instead of going back to the run loop, or runs its lines in place when the
            later block is short (it stays a function of its own too); one that moves
            back to an earlier block calls it when no cycle of such calls forms;
- started:  a new game copies the state every seed starts in, when the set-up and
            the flow up to the first decision drew on no chance;
- bulk:     `move` of several components into a zone or onto a board location, where
            no event is told (`quietly:`, a muted state) and no trigger fires, moves
            them all in one step instead of one by one; so does `draw N` from the top
            or the bottom of a zone that holds N or more, or from a bag (its picks made
            in turn with the same numbers; not under explicit chance, which picks each,
            nor from a deck whose order chance has yet to settle); `move contents(Z) to
            Z2` between zones takes Z whole, with no test of each item (bulk.move_all);
            told moves of several (and draws), where no trigger may fire between them,
            keep their news and log it once all are made, each run of alike moves as
            one event (events.log_moves), instead of logging each and merging; told
            draws of several are made in one step too, each told as drawing it alone
            tells it (not of a kind `shown as` a text that may read what they change), their
            news made in one pass with the runs merged (events.moved_run);
- remember: a `define` whose value depends only on its arguments (compiler/static.py: its
            body reads nothing play changes but them) and that goes through a list is
            worked out once per arguments for the whole game (engine/remember.py); on
            one seat, place or component, its kept value is read in place, no call;
- splice:   a rule that makes decisions, named by at most two `do`s in the whole game,
            is written into its callers' units (where it does not call itself, and no
            more than four times in all) instead of running in a frame of its own: its
            arguments in slots of the caller's frame, every name it binds a new one, its
            `return` going on after it; what is certain of an argument (a loop's seat) is
            certain of its parameter, and a failure in it still names it;
- lift:     an `any(each x in S where c)` inside an expression (not a statement's own
            test, which fuse writes as a loop in place) is a call of a function of its
            own made of that loop, given the local names it reads (compiler/lift.py),
            instead of a generator made and resumed each time;
- walks:    `reachable(.., exact: true, revisit: false)` on a board with few conditional
            steps asks them once, and walks over the steps open now, kept as plain tuples
            per answer (engine/graph.Graphs.simple_ends), instead of asking each step's
            condition at every step of every walk;
- draws:    a `draw` of one component, where chance is not explicit (it cannot wait for
            chance), is drawn in the block that reaches it (decisions.draw_single), instead
            of through a slot of the frame and a block of its own that draws what is left.
"""
from __future__ import annotations

import os

ALL = frozenset({"inline", "calls", "compare", "typed", "hoist", "fold", "fixed", "fuse", "lazy", "jumps",
                 "started", "bulk", "remember", "walks", "keyed", "reads", "splice", "lift",
                 "draws"})


def _off_from_environment() -> set:
    words = {w.strip() for w in os.environ.get("RULEDSL_SLOW", "").split(",") if w.strip()}
    return set(ALL) if "all" in words else words & ALL


OFF = _off_from_environment()     # tests change this set; programs built afterwards follow it


def on(name: str) -> bool:
    return name not in OFF
