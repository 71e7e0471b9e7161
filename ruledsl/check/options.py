"""Option values: defaults and values given on the command line, checked against their types."""
from __future__ import annotations

from typing import Mapping

from ..errors import Diagnostic, RulesError, did_you_mean
from ..ir import nodes as n
from ..ir.game import GameDef
from ..limits import MAX_DIGITS


def literal_value(game: GameDef, option: n.OptionDecl, expr) -> tuple[object, str]:
    """(value, "") for a literal of the option's type, else (None, what is wrong)."""
    ref = option.type
    if isinstance(expr, n.Unary) and expr.op == "-" and isinstance(expr.operand, n.Literal) and isinstance(expr.operand.value, int):
        expr = n.Literal(-expr.operand.value, span=expr.span)
    if isinstance(ref, n.RangeType) or (isinstance(ref, n.TypeName) and ref.name == "int"):
        if not isinstance(expr, n.Literal) or not isinstance(expr.value, int) or isinstance(expr.value, bool):
            return None, "must be a whole number"
        if abs(expr.value) >= 10 ** MAX_DIGITS:
            return None, f"must be a whole number of at most {MAX_DIGITS} digits"
        if isinstance(ref, n.RangeType) and not ref.low <= expr.value <= ref.high:
            return None, f"must be from {ref.low} to {ref.high}, not {expr.value}"
        return expr.value, ""
    if isinstance(ref, n.TypeName) and ref.name == "bool":
        if not isinstance(expr, n.Literal) or not isinstance(expr.value, bool):
            return None, "must be true or false"
        return expr.value, ""
    if isinstance(ref, n.TypeName) and ref.name in game.enums:
        values = [v.name for v in game.enums[ref.name].values]
        if not isinstance(expr, n.Name) or expr.name not in values:
            return None, f"must be one of {', '.join(values)}"
        return expr.name, ""
    return None, "has a type options cannot have"


def _parse_given(text: str):
    from ..ir.build import build_expr
    return build_expr(text.strip(), "<option>")


def resolve_options(game: GameDef, given: Mapping[str, object]) -> dict:
    """Every option's value: its default unless given. Raises RulesError naming a bad one."""
    values = {}
    for name, option in game.options.items():
        values[name], _ = literal_value(game, option, option.default)
    for name, raw in (given or {}).items():
        option = game.options.get(name)
        if option is None:
            hint = did_you_mean(name, game.options) or (
                "this game's options are: " + ", ".join(game.options) if game.options else "this game has no options")
            raise RulesError(Diagnostic("error", game.game.span if game.game else _nowhere(game),
                                        f"{game.title} has no option '{name}'", hint))
        if isinstance(raw, str) and raw.strip().lstrip("-").isdigit() and len(raw.strip().lstrip("-")) > MAX_DIGITS:
            expr = n.Literal(10 ** MAX_DIGITS)      # a number too long to read: said as too long, unread
        elif isinstance(raw, str):
            try:
                expr = _parse_given(raw)
            except RulesError:
                expr = n.Name(raw)
        elif isinstance(raw, bool):
            expr = n.Literal(raw)
        elif isinstance(raw, int):
            expr = n.Literal(raw)
        else:
            expr = n.Name(str(raw))
        value, problem = literal_value(game, option, expr)
        if problem:
            raise RulesError(Diagnostic("error", option.span, f"option {name} {problem} (given: {_shown(raw)})",
                                        option.doc or ""))
        values[name] = value
    return values


def _shown(raw) -> str:
    """A given value as a message quotes it: a very long one cut, with its length."""
    text = str(raw)
    return text if len(text) <= 40 else f"{text[:20]}…{text[-4:]}, {len(text):,} characters"


def _nowhere(game: GameDef):
    from ..source import Span
    return Span(game.files[-1] if game.files else "<string>", 1, 1)
