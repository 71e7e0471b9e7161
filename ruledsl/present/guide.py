"""How to play a game, from its rules file: the help a player asks for in play (`?`).

In this order: the rules' own explanation (`how to play "…"`), the phases the
flow goes through (`phase "…"`), how the game ends as the rules announce it
(the `announce` just before each `win` or `end game`), what each described
thing means (`describe Name "…"`, grouped as the rules group them: a spell
among the spells), the options this game is played with, and last the game's
page of documentation, when it has one (a link, not its text).
"""
from __future__ import annotations

import os
import textwrap
from typing import Optional

import attrs

from ..check.walk import bodies
from ..ir import nodes as n
from .texts import tables_of


@attrs.frozen
class Guide:
    """The help of one game as data. sections: (title, ((name, text), …)) of described things;
    options: (description, value) of the options in play; page: the docs page's path or ""."""
    title: str
    how_to_play: str = ""
    phases: tuple = ()
    endings: tuple = ()
    sections: tuple = ()
    options: tuple = ()
    page: str = ""

    def markdown(self) -> str:
        """The guide as Markdown (the terminal shows it; a web page may too)."""
        out = [f"# How to play {self.title}", ""]
        if self.how_to_play:
            out += [self.how_to_play, ""]
        if self.phases:
            out += ["## The phases of play", ""] + [f"- {p}" for p in self.phases] + [""]
        if self.endings:
            out += ["## How the game ends", ""] + [f"- {e}" for e in self.endings] + [""]
        for title, entries in self.sections:
            out += [f"## {title}", ""] + [f"- **{name}**: {text}" for name, text in entries] + [""]
        if self.options:
            out += ["## Options of this game", ""] + [f"- {doc}: **{value}**" for doc, value in self.options] + [""]
        if self.page:
            out += ["## More", "", f"The game's page, with how its rulebook was read: [{self.page}]({self.page})", ""]
        return "\n".join(out).rstrip() + "\n"


def guide_of(game, page: str = "") -> Guide:
    """The guide of a loaded game (ruledsl.GameDefinition). page: its docs page, if known."""
    t = tables_of(game)
    defn = game.definition
    text = textwrap.dedent(defn.how_to_play.text).strip() if defn.how_to_play else ""
    return Guide(defn.title, text, tuple(_phases(defn)), tuple(_endings(defn)), tuple(_sections(t, defn)),
                 tuple(_options(t, game)), page)


def template_text(expr) -> str:
    """A string of the rules with its `{…}` parts as "…" (they are worked out in play)."""
    if isinstance(expr, n.Template):
        return "".join(p if isinstance(p, str) else "…" for p in expr.parts)
    if isinstance(expr, n.Literal) and isinstance(expr.value, str):
        return expr.value
    return ""


def _blocks(defn):
    if defn.setup:
        yield defn.setup.body
    if defn.flow:
        yield defn.flow.body
    for rule in defn.rules.values():
        yield rule.body
    for trigger in defn.triggers:
        yield trigger.body


def _walk(block):
    for stmt in block:
        yield stmt
        for body in bodies(stmt):
            yield from _walk(body)


def _phases(defn) -> list:
    seen: list = []
    for block in _blocks(defn):
        for stmt in _walk(block):
            if isinstance(stmt, n.Phase):
                name = template_text(stmt.name)
                if name and name not in seen:
                    seen.append(name)
    return seen


def _endings(defn) -> list:
    """The announcement made right before each `win` or `end game`, as the rules word it."""
    found: list = []

    def visit(block):
        for i, stmt in enumerate(block):
            if isinstance(stmt, (n.Win, n.EndGame)) and i > 0 and isinstance(block[i - 1], n.Announce) \
                    and block[i - 1].to is None:
                said = template_text(block[i - 1].text)
                if said and said not in found:
                    found.append(said)
            for body in bodies(stmt):
                visit(body)
    for block in _blocks(defn):
        visit(block)
    return found


def _sections(t, defn) -> list:
    """Described things grouped: enum values under their enum, locations under their board,
    everything else under "Things"; each by its label."""
    where: dict = {}
    for enum in defn.enums.values():
        for v in enum.values:
            where[v.name] = t.labels.of(enum.name)
    for board in defn.boards.values():
        for loc in board.locations:
            where[loc.name] = t.labels.of(board.name)
    groups: dict = {}
    for d in defn.descriptions:
        groups.setdefault(where.get(d.name, "Things"), []).append((t.labels.of(d.name), d.text))
    return [(title, tuple(entries)) for title, entries in groups.items()]


def _options(t, game) -> list:
    out = []
    for name, decl in game.definition.options.items():
        value = game.options.get(name)
        shown = ("yes" if value else "no") if isinstance(value, bool) else t.labels.of(str(value)) \
            if isinstance(value, str) else str(value)
        out.append((decl.doc or t.labels.of(name), shown))
    return out


def docs_page(rules_path: str) -> Optional[str]:
    """The game's docs page beside its rules: `docs/games/NAME.md` in the rules file's folder or
    up to two above it, NAME the file's stem with `-` for `_`, and for a variant
    (`castle_hard.rules`) its shorter stems (`castle`); None when there is none."""
    path = os.path.abspath(rules_path)
    folder = os.path.dirname(path)
    words = os.path.splitext(os.path.basename(path))[0].split("_")
    names = ["-".join(words[:k]) for k in range(len(words), 0, -1)]
    for base in (folder, os.path.dirname(folder), os.path.dirname(os.path.dirname(folder))):
        for name in names:
            page = os.path.join(base, "docs", "games", name + ".md")
            if os.path.isfile(page):
                return page
    return None
