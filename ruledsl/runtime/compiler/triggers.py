"""Triggers compiled: what runs when a component enters or leaves a location, after each
action, and the options a player may take at any decision of their turn."""
from __future__ import annotations

from ...ir import nodes as n
from .code import Bind, Name, Source, fmt
from .comprehensions import name_uses


def compile_triggers(c) -> None:
    """Fill the program's triggers and turn options from the game's `when`/`during` declarations."""
    prog = c.prog
    after, moved = [], []
    for trigger in c.defn.triggers:
        if trigger.event == "turn":
            prog.turn_options.extend(_turn_options(c, trigger))
            continue
        if trigger.event == "action":
            after.append(trigger)
        else:
            table = prog.enter_triggers if trigger.event == "enters" else prog.leave_triggers
            table.append(_place_trigger(c, trigger))
            moved.append((trigger.event, table[-1], _kind_watched(c, trigger)))
    _watch(prog, moved)
    prog.turn_option_units = frozenset(unit for *_, unit in prog.turn_options)
    if after:
        out = Source()
        out.add("def after_action(st):", after[0].span)
        with out.indented():
            for trigger in after:
                c.stmts.block(trigger.body, c.exprs.root(), out)
        c.code_map.compile(c.ns, out, "after each action")
        prog.after_action = c.ns.globals["after_action"]


def _kind_watched(c, trigger):
    """The kind a `whenever x enters/leaves …` fires for, when its condition begins `where x is
    Kind` (the only kind whose moves can pass it: the test that comes first is false for any
    other, and nothing after it is asked); None: any kind's."""
    cond = trigger.where
    while type(cond) is n.Binary and cond.op == "and":
        cond = cond.left
    if type(cond) is n.Binary and cond.op == "is" and type(cond.left) is n.Name and \
            cond.left.name == trigger.var and type(cond.right) is n.Name and cond.right.name != trigger.loc:
        return c.prog.kinds.get(cond.right.name)
    return None


def _watch(prog, moved: list) -> None:
    """Program.watched: for each kind some trigger fires for, (the triggers of leaving a board
    location, of entering one) that its moves fire, in the order the rules give them."""
    for kind in prog.kinds.values():
        leave = tuple(f for event, f, only in moved if event == "leaves" and only in (None, kind))
        enter = tuple(f for event, f, only in moved if event == "enters" and only in (None, kind))
        if leave or enter:
            prog.watched[kind] = (leave, enter)


def _place_trigger(c, trigger):
    """`when x enters/leaves loc [where cond]:` as f(st, component, location)."""
    names = {}
    if trigger.var:
        names[trigger.var] = Name("a_comp")
    if trigger.loc:
        names[trigger.loc] = Name("a_loc")
    frame = c.exprs.root(names)
    name = c.ns.function("trigger")
    out = Source()
    out.add(fmt("def {}(st, a_comp, a_loc):", name), trigger.span)
    with out.indented():
        if trigger.where is not None:
            out.add(fmt("if {}:", c.exprs.gen(trigger.where, frame)), trigger.span)
            with out.indented():
                c.stmts.block(trigger.body, frame, out)
        else:
            c.stmts.block(trigger.body, frame, out)
    c.code_map.compile(c.ns, out, f"the trigger on line {trigger.span.line}")
    return c.ns.globals[name.text]


def _turn_options(c, trigger) -> list:
    """`during each turn:` options as (offers(st) -> [(label, value)], env name, span, unit):
    each body is a unit of its own, run when the option is taken, ending like any action."""
    [menu] = trigger.body
    found = []
    for option in menu.options:
        unit = c.new_unit(f"the `during each turn` option on line {option.span.line}")
        frame, key = c.exprs.root(), None
        if option.var:
            target, frame = c.stmts.bind(option.var, frame, persist=True)
            key = option.var
        c.units.block(unit, option.body, frame, [], [])
        c.action_end(unit, option.span)
        unit.frames("st.frames.pop()", option.span)
        offers = _offers(c, option)
        if offers is not None:
            found.append((offers, key, option.span, unit.index))
    return found


def _offers(c, option):
    """f(st) -> [(label, value)] of one `during each turn` option open now; None for an option
    whose condition is false whatever happens (`if variant and …` in a game played with its
    option `variant` off): it is never offered, nor its items gone through."""
    name = c.ns.function("offers")
    item = c.ns.fresh("v")
    frame = c.exprs.root({option.var: item} if option.var else {})
    offer = fmt("out.append((_D(st, {}), {}))", c.exprs.gen(option.label, frame), item)
    cond = c.exprs.gen(option.cond, frame) if option.cond is not None else c.ns.const(True)
    if cond.value is False:
        return None
    out = Source()
    out.add(fmt("def {}(st):", name), option.span)
    with out.indented():
        out.add("out = []", option.span)
        depth = 1
        if not option.var:
            out.add(fmt("{} = None", item), option.span)
            out.add(fmt("if {}:", cond), option.span)
        elif option.cond is not None and not name_uses(option.cond).get(option.var):
            # a condition that reads no item is asked once, when there are items (as the loop would)
            out.add(fmt("items = _items(st, {})", c.exprs.gen(option.source, c.exprs.root())), option.span)
            out.add(fmt("if not items or not ({}):", cond), option.span)
            out.add("return out", option.span, depth=1)
            out.add(fmt("for {} in items:", Bind(item, "for")), option.span)
        else:
            out.add(fmt("for {} in _items(st, {}):", Bind(item, "for"), c.exprs.gen(option.source, c.exprs.root())),
                    option.span)
            out.add(fmt("if {}:", cond), option.span, depth=1)
            depth = 2
        out.add(offer, option.span, depth=depth)
        out.add("return out", option.span)
    c.code_map.compile(c.ns, out, f"the `during each turn` option on line {option.span.line}")
    return c.ns.globals[name.text]
