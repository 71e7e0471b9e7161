"""What an analysis plays: variants (file, players, options), line-ups of bots, and the batches of seeds.

Everything here is plain, picklable data: a batch is sent as it is to another
process or to a Ray worker, which loads its variant once and plays the seeds.
"""
from __future__ import annotations

import itertools
import os
from typing import Optional

import attrs

from ..errors import RulesError
from ..load import bind_options, check_players, load_definition
from .bots import chance_mode

RANDOM = "random"


@attrs.frozen
class Variant:
    """One game to analyse: a rules file, a player count and option values as given (strings).

    sources: {path: text} of the file and every file it extends, so that a worker on
    another machine loads the very text this one read.
    """
    path: str
    players: int
    options: tuple = ()            # ((name, value), ...) in the order given
    sources: tuple = ()            # ((path, text), ...)

    @property
    def label(self) -> str:
        parts = [os.path.basename(self.path), f"{self.players} players"]
        parts += [f"{k}={v}" for k, v in self.options]
        return ", ".join(parts)

    @property
    def key(self) -> tuple:
        return (self.path, self.players, self.options)


@attrs.frozen
class Lineup:
    """Who plays: one bot spec per seat (as `--bots` spells them: random, greedy, ismcts:200i, …).

    watch: the seats whose decisions are counted for rule usage. level and focus: in the
    skill games, the bot being measured and the seat it plays (None in the main games).
    chance: "explicit" when a bot that thinks plays (it must not read the generator), else "seeded".
    """
    specs: tuple
    watch: tuple
    level: Optional[str] = None
    focus: Optional[int] = None
    chance: str = "seeded"


@attrs.frozen
class Batch:
    """Games to play on one worker: a variant (by index), a line-up, seeds, a cap on actions,
    and whether to record which lines of the rules ran."""
    variant: int
    lineup: Lineup
    seeds: tuple
    max_actions: Optional[int]
    coverage: bool = False


def load_variant(variant: Variant):
    """The variant's GameDefinition, read from the text it carries (RulesError if broken)."""
    from .. import GameDefinition
    texts = dict(variant.sources)
    loaded = load_definition(variant.path, reader=texts.get)
    if loaded.errors:
        raise RulesError(loaded.errors)
    players = check_players(loaded.definition, variant.players)
    values = bind_options(loaded.definition, dict(variant.options))
    return GameDefinition(loaded, players, values, variant.path, dict(variant.options))


def variant_of(game) -> Variant:
    """The Variant of a loaded GameDefinition (its path, players, options as given, and text)."""
    options = tuple((str(k), str(v)) for k, v in game.given_options.items())
    return Variant(game.path, game.players, options, tuple((p, s.text) for p, s in game.sources.items()))


def make_variants(paths: list, players: list, options: dict, load) -> list:
    """Every combination of files, player counts and option values (options: {name: [values]}),
    in the order given; load(path, players, options) gives a GameDefinition (to read the
    player count a file defaults to and the text it was read from)."""
    names = list(options)
    out = []
    for path in paths:
        for count in players or [None]:
            for values in itertools.product(*(options[k] for k in names)) if names else [()]:
                game = load(path, count, dict(zip(names, values)))
                out.append(variant_of(game))
    return out


def main_lineup(specs: list) -> Lineup:
    """The main games' line-up: the given bots, every seat watched."""
    return Lineup(tuple(specs), tuple(range(len(specs))), chance=chance_mode(specs))


# `--against self`: every seat plays the level's bot (a co-operative team, or self-play).
SELF = "self"


def skill_lineups(levels: list, players: int, against: str = RANDOM) -> list:
    """For each level, one line-up per seat: the level's bot at that seat, `against` elsewhere
    (the level's bot too, when against is "self"). Every level plays under the same chance
    mode, so that all of them meet the same deals."""
    chance = chance_mode([*levels] + ([] if against == SELF else [against]))
    out = []
    for level in levels:
        for focus in range(players):
            specs = tuple(level if seat == focus or against == SELF else against for seat in range(players))
            out.append(Lineup(specs, (focus,), level, focus, chance))
    return out


def chunks(seeds: list, size: int) -> list:
    return [tuple(seeds[i:i + size]) for i in range(0, len(seeds), size)]


def batch_size(games: int, workers: int) -> int:
    """Games per batch: a few batches per worker so that slow games even out, never huge ones."""
    return max(1, min(50, games // max(1, workers * 4)))


def plan(variants: list, specs: list, games: int, seed: int, max_actions: Optional[int], levels: list,
         skill_games: int, workers: int = 1, coverage: bool = True, against: str = RANDOM) -> list:
    """Every batch of an analysis. The main games of each variant use seeds seed..seed+games-1;
    skill game i of a level puts the level's bot at seat i mod players, with seed seed+i, so that
    every level (and every variant) meets the same deals."""
    batches = []
    size = batch_size(games, workers)
    for index, variant in enumerate(variants):
        lineup = main_lineup(specs or [RANDOM] * variant.players)
        for seeds in chunks(list(range(seed, seed + games)), size):
            batches.append(Batch(index, lineup, seeds, max_actions, coverage))
        if not levels or not skill_games:
            continue
        lineups = skill_lineups(levels, variant.players, against)
        per_seat = {lineup: [seed + i for i in range(skill_games) if i % variant.players == lineup.focus]
                    for lineup in lineups}
        skill_size = max(1, batch_size(skill_games, workers) // variant.players)
        for lineup, seeds in per_seat.items():
            for part in chunks(seeds, skill_size):
                batches.append(Batch(index, lineup, part, max_actions, False))
    return batches
