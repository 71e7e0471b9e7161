"""Pass: the header, kinds, zones, variables, constants, dice and options make sense."""
from __future__ import annotations

from ..errors import did_you_mean
from ..ir import nodes as n
from ..limits import MAX_PLAYERS, with_commas
from ..source import Span
from .builtins import VISIBILITY, ZONE_SHAPES
from .types import BOOL, INT
from .context import Context


def check(ctx: Context, *, complete: bool) -> None:
    g = ctx.game
    if complete:
        top = Span(g.files[-1] if g.files else "<string>", 1, 1)
        if g.game is None:
            ctx.error(top, "the file has no `game` line", 'start the file with: game "Name of the game"')
        if g.players is None:
            ctx.error(top, "the file does not say how many play", "add a line such as: players 2..4")
        if g.flow is None:
            ctx.error(top, "the file has no `flow:` block", "add flow: with the rounds and turns of the game")
    if g.players:
        _players(ctx, g.players)
    for kind in g.kinds.values():
        _kind(ctx, kind)
    for zone in g.zones.values():
        _zone(ctx, zone)
    for var in g.vars.values():
        ctx.resolve_type(var.type)
        _visibility(ctx, var.visibility)
    for option in g.options.values():
        _option(ctx, option)
    for die in g.dice.values():
        if isinstance(die.faces, n.ListLit) and not die.faces.items and die.faces.comp is None:
            ctx.error(die.span, f"die {die.name} has no faces", "list its faces: die d6: 1..6")


def _players(ctx: Context, players: n.Players) -> None:
    if players.low < 1 or players.low > players.high:
        ctx.error(players.span, f"'players {players.low}..{players.high}' is not a range of player counts",
                  "write the fewest first, at least 1: players 2..4")
    if players.high > MAX_PLAYERS:
        ctx.error(players.span, f"up to {with_commas(players.high)} players: a game may have at most {MAX_PLAYERS} seats",
                  f"write a player count of at most {MAX_PLAYERS}")
        return
    seats = ctx.game.seats
    if seats and len(seats.seats) < players.high:
        ctx.error(seats.span, f"{len(seats.seats)} seats are named but up to {players.high} may play",
                  "name a seat for every player or lower the player count")


def _visibility(ctx: Context, vis) -> None:
    if vis is not None and vis.who not in VISIBILITY:
        ctx.error(vis.span, f"'visible to {vis.who}' is not a visibility",
                  did_you_mean(vis.who, VISIBILITY) or "write visible to all, visible to owner or visible to nobody")


def _kind(ctx: Context, kind: n.KindDecl) -> None:
    _visibility(ctx, kind.position)
    seen = {}
    for field in kind.fields:
        if field.name in seen:
            ctx.error(field.span, f"kind {kind.name} has two fields named '{field.name}'")
        seen[field.name] = field
        typ = ctx.resolve_type(field.type)
        if (kind.name, field.name) in ctx.fields:
            ctx.fields[(kind.name, field.name)].type = typ
        _visibility(ctx, field.visibility)


def _zone(ctx: Context, zone: n.ZoneDecl) -> None:
    if zone.shape not in ZONE_SHAPES:
        ctx.error(zone.span, f"'{zone.shape}' is not a zone shape",
                  did_you_mean(zone.shape, ZONE_SHAPES) or "use one of: " + ", ".join(ZONE_SHAPES))
    _visibility(ctx, zone.visibility)
    _face_down_in_sight(ctx, zone)
    ctx.use(zone.of_span, zone.of)
    if zone.of not in ctx.game.kinds and zone.of != "any":
        ctx.error(zone.span, f"zone {zone.name} holds '{zone.of}', which is not a kind",
                  did_you_mean(zone.of, ctx.game.kinds) or f"declare it: kind {zone.of}")
    for content in zone.contents:
        _content(ctx, zone, content)


def _face_down_in_sight(ctx: Context, zone: n.ZoneDecl) -> None:
    """`face down` on a zone that shows every face to all (a pile, an area) hides nothing: its
    things lie face down, but whoever may see the zone's faces sees theirs."""
    shape = ZONE_SHAPES.get(zone.shape)
    who = zone.visibility.who if zone.visibility is not None else shape.visibility if shape else None
    if zone.facing == "down" and who == "all":
        article = "an" if zone.shape[0] in "aeiou" else "a"
        ctx.warning(zone.span,
                    f"things lie face down in {zone.name}, but {article} {zone.shape} shows every face to all",
                    "to hide them add `visible to nobody` (or `visible to owner`); else leave out `face down`")


def _content(ctx: Context, zone: n.ZoneDecl, content: n.Content) -> None:
    kind = ctx.game.kinds.get(content.kind)
    ctx.use(content.kind_span, content.kind)
    if kind is None:
        ctx.error(content.span, f"'{content.kind}' is not a kind",
                  did_you_mean(content.kind, ctx.game.kinds) or f"declare it: kind {content.kind}")
        return
    if zone.of in ctx.game.kinds and content.kind != zone.of:
        ctx.error(content.span, f"zone {zone.name} holds {zone.of}, not {content.kind}",
                  f"put {content.kind} in a zone of {content.kind}, or declare the zone `of any`")
    fields = {f.name: f for f in kind.fields}
    given = set()
    for name, _value in content.args:
        if name in given:
            ctx.error(content.span, f"field '{name}' is given twice")
        given.add(name)
        if name not in fields and name != "owner":
            ctx.error(content.span, f"kind {kind.name} has no field '{name}'",
                      did_you_mean(name, fields) or f"its fields are: {', '.join(fields) or 'none'}")
    for name, field in fields.items():
        if field.default is None and name not in given:
            ctx.error(content.span, f"{kind.name} needs a value for '{name}'",
                      f"write {kind.name}({name}: …) or give the field a default in the kind")


def _option(ctx: Context, option: n.OptionDecl) -> None:
    typ = ctx.resolve_type(option.type)
    if typ not in (INT, BOOL) and typ.head != "enum":
        ctx.error(option.type.span, f"option {option.name} has type {typ}; options are bool, int, a range or an enum")
        return
    from .options import literal_value
    value, problem = literal_value(ctx.game, option, option.default)
    if problem:
        ctx.error(option.default.span, f"the default of option {option.name} {problem}")
