"""A whole game's definitions, merged from a file and the files it extends."""
from __future__ import annotations

from typing import Optional

import attrs

from ..errors import Diagnostic
from . import nodes as n

# Declarations that have a name, and the GameDef table each goes to.
NAMED = {
    n.OptionDecl: "options",
    n.EnumDecl: "enums",
    n.KindDecl: "kinds",
    n.ZoneDecl: "zones",
    n.VarDecl: "vars",
    n.ConstDecl: "consts",
    n.DieDecl: "dice",
    n.BoardDecl: "boards",
    n.DefineDecl: "defines",
    n.RuleDecl: "rules",
}
# Declarations a file has at most one of; a variant's replaces the base's.
SINGLE = {
    n.GameDecl: "game",
    n.Players: "players",
    n.Seats: "seats",
    n.SetupDecl: "setup",
    n.FlowDecl: "flow",
    n.ProgressDecl: "progress",
    n.EvaluateDecl: "evaluate",
    n.HowToPlayDecl: "how_to_play",
}


@attrs.define
class GameDef:
    """Every declaration of a game after variants are applied.

    The named tables map a name to its declaration, in the order first
    declared; `files` lists the files read, base first.
    """
    files: list = attrs.Factory(list)
    game: Optional[n.GameDecl] = None
    players: Optional[n.Players] = None
    seats: Optional[n.Seats] = None
    setup: Optional[n.SetupDecl] = None
    flow: Optional[n.FlowDecl] = None
    evaluate: Optional[n.EvaluateDecl] = None
    progress: Optional[n.ProgressDecl] = None
    how_to_play: Optional[n.HowToPlayDecl] = None
    descriptions: list = attrs.Factory(list)
    labels: list = attrs.Factory(list)
    options: dict = attrs.Factory(dict)
    enums: dict = attrs.Factory(dict)
    kinds: dict = attrs.Factory(dict)
    zones: dict = attrs.Factory(dict)
    vars: dict = attrs.Factory(dict)
    consts: dict = attrs.Factory(dict)
    dice: dict = attrs.Factory(dict)
    boards: dict = attrs.Factory(dict)
    defines: dict = attrs.Factory(dict)
    rules: dict = attrs.Factory(dict)
    triggers: list = attrs.Factory(list)
    scenarios: list = attrs.Factory(list)

    @property
    def title(self) -> str:
        return self.game.title if self.game else "(untitled)"

    def seat_names(self, count: int, display: bool = False) -> list[str]:
        """The first `count` seats' names (or, with display, their labels); P1, P2, … by default."""
        if self.seats:
            return [s.display if display else s.name for s in self.seats.seats[:count]]
        return [f"P{i}" for i in range(1, count + 1)]


def merge(files: list[n.RulesFile]) -> tuple[GameDef, list[Diagnostic]]:
    """Apply files in order (base first): later named declarations replace earlier ones."""
    game = GameDef()
    problems: list[Diagnostic] = []
    for rules_file in files:
        game.files.append(rules_file.path)
        seen: dict[str, n.Decl] = {}
        single_seen: dict[type, n.Decl] = {}
        for decl in rules_file.decls:
            kind = type(decl)
            if kind in NAMED:
                if decl.name in seen:
                    first = seen[decl.name]
                    problems.append(Diagnostic(
                        "error", decl.span, f"'{decl.name}' is defined twice in this file",
                        f"the first definition is on line {first.span.line}; rename one or remove it"))
                    continue
                seen[decl.name] = decl
                table = getattr(game, NAMED[kind])
                table[decl.name] = decl
            elif kind in SINGLE:
                if kind in single_seen:
                    first = single_seen[kind]
                    problems.append(Diagnostic(
                        "error", decl.span, f"a file may have only one `{_keyword(kind)}`",
                        f"the first one is on line {first.span.line}"))
                    continue
                single_seen[kind] = decl
                setattr(game, SINGLE[kind], decl)
            elif kind is n.TriggerDecl:
                game.triggers.append(decl)
            elif kind is n.ScenarioDecl:
                game.scenarios.append(decl)
            elif kind is n.DescribeDecl:
                game.descriptions.append(decl)
            elif kind is n.LabelDecl:
                game.labels.append(decl)
    return game, problems


def _keyword(kind: type) -> str:
    return {n.GameDecl: "game", n.Players: "players", n.Seats: "seats",
            n.SetupDecl: "setup:", n.FlowDecl: "flow:", n.EvaluateDecl: "evaluate", n.ProgressDecl: "progress",
            n.HowToPlayDecl: "how to play"}[kind]
