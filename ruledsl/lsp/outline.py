"""A document's outline (header, kinds, zones, boards, rules, flow, scenarios), a code lens
on each scenario, and running one scenario to show its result."""
from __future__ import annotations

from typing import Callable, Optional

from lsprotocol import types

from ..ir import nodes as n
from ..source import Span
from .analysis import Analysis

S = types.SymbolKind
RUN_SCENARIO = "ruledsl.runScenario"


def _entry(decl) -> Optional[tuple[str, types.SymbolKind, str, list]]:
    """(name, kind, detail, children as (name, kind, span)) of a top-level declaration."""
    table = {
        n.GameDecl: lambda d: (f'game "{d.title}"', S.File, "", []),
        n.Extends: lambda d: (f'extends "{d.path}"', S.File, "", []),
        n.Players: lambda d: ("players", S.Number, f"{d.low}..{d.high}", []),
        n.Seats: lambda d: ("seats", S.Array, "", [(s.name, S.EnumMember, s.span) for s in d.seats]),
        n.OptionDecl: lambda d: (d.name, S.Constant, "option", []),
        n.EnumDecl: lambda d: (d.name, S.Enum, "enum", [(v.name, S.EnumMember, v.span) for v in d.values]),
        n.KindDecl: lambda d: (d.name, S.Class, "kind", [(f.name, S.Field, f.name_span) for f in d.fields]),
        n.ZoneDecl: lambda d: (d.name, S.Array, f"{d.shape} of {d.of}" + (", per player" if d.per_player else ""), []),
        n.VarDecl: lambda d: (d.name, S.Variable, "var" + (", per player" if d.per_player else ""), []),
        n.ConstDecl: lambda d: (d.name, S.Constant, "const", []),
        n.DieDecl: lambda d: (d.name, S.Object, "die", []),
        n.BoardDecl: lambda d: (d.name, S.Struct, "grid board" if d.grid else "board",
                                [(loc.name, S.Key, loc.name_span) for loc in d.locations]),
        n.DefineDecl: lambda d: (d.name, S.Function, f"({', '.join(d.params)})", []),
        n.RuleDecl: lambda d: (d.name, S.Method, f"rule ({', '.join(d.params)})", []),
        n.SetupDecl: lambda d: ("setup", S.Constructor, "", []),
        n.FlowDecl: lambda d: ("flow", S.Namespace, "", []),
        n.EvaluateDecl: lambda d: (f"evaluate {d.var}", S.Function, "for bots", []),
        n.TriggerDecl: lambda d: (_trigger(d), S.Event, "", []),
        n.ScenarioDecl: lambda d: (f'scenario "{d.title}"', S.Event, "", []),
    }
    make = table.get(type(decl))
    return make(decl) if make else None


def _trigger(d: n.TriggerDecl) -> str:
    if d.event in ("enters", "leaves"):
        return f"whenever {d.var} {d.event} {d.loc}"
    return "after each action" if d.event == "action" else "during each turn"


def symbols(analysis: Analysis, to_range: Callable[[Span], types.Range]) -> list[types.DocumentSymbol]:
    if analysis.own is None:
        return []
    out = []
    for decl in analysis.own.decls:
        entry = _entry(decl)
        if entry is None:
            continue
        name, kind, detail, children = entry
        whole = to_range(decl.span)
        out.append(types.DocumentSymbol(
            name=name, kind=kind, detail=detail or None, range=whole,
            selection_range=_selection(decl, to_range, whole),
            children=[types.DocumentSymbol(name=c, kind=k, range=to_range(s), selection_range=to_range(s))
                      for c, k, s in children if s.line > 0] or None))
    return out


def _selection(decl, to_range, whole: types.Range) -> types.Range:
    span = getattr(decl, "name_span", None)
    if span is not None and span.line > 0:
        return to_range(span)
    return types.Range(whole.start, types.Position(whole.start.line, whole.start.character + 1))


def lenses(analysis: Analysis, uri: str, to_range: Callable[[Span], types.Range]) -> list[types.CodeLens]:
    """A "run" lens on the first line of every scenario written in this document."""
    if analysis.own is None:
        return []
    out = []
    for decl in analysis.own.decls:
        if isinstance(decl, n.ScenarioDecl):
            first = Span(decl.span.path, decl.span.line, decl.span.column, decl.span.line, decl.span.column + 8)
            out.append(types.CodeLens(range=to_range(first), command=types.Command(
                title="▶ run scenario", command=RUN_SCENARIO, arguments=[uri, decl.span.line])))
    return out


def scenario_title(analysis: Analysis, line: int) -> str:
    """The title of the scenario written at `line` of the document, or ""."""
    definition = analysis.loaded.definition
    found = [d for d in definition.scenarios if d.span.line == line and d.span.path == analysis.path] \
        if definition is not None else []
    return found[0].title if found else ""


def run_scenario(analysis: Analysis, line: int) -> dict:
    """Run the scenario written at `line` of the document; its result as plain data."""
    loaded = analysis.loaded
    if loaded.errors:
        first = loaded.errors[0]
        return {"title": "", "line": line, "passed": False,
                "message": f"the file has errors; the first: {first.headline()}"}
    found = [d for d in loaded.definition.scenarios if d.span.line == line and d.span.path == analysis.path]
    if not found:
        return {"title": "", "line": line, "passed": False, "message": f"no scenario starts on line {line}"}
    from ..scenarios import run_scenario as run   # the interpreter: imported only to run one
    result = run(loaded, found[0], analysis.path, {})
    return {"title": result.title, "line": result.line, "passed": result.passed, "message": result.message}
