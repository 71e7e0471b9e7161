"""An analysis from start to end: plan the batches, play them on an engine, sum them up."""
from __future__ import annotations

from typing import Callable, Optional

import attrs

from . import metrics
from .compare import compare
from .coverage import code_lines
from .engines import Serial, game_of
from .spec import RANDOM, main_lineup, plan

FORMAT = "ruledsl-analysis"
VERSION = 1


@attrs.define
class Settings:
    """What an analysis plays besides its variants.

    games: main games per variant (seeds seed..seed+games-1); bots: one spec per seat for
    them (None: random everywhere); levels: the bots of the skill curve, weakest first, each
    playing skill_games games against `against` (no curve when empty); coverage_games: how
    many of the main games record which lines of the rules ran (0: none).
    """
    games: int = 100
    seed: int = 1
    max_actions: Optional[int] = 20000
    bots: Optional[list] = None
    levels: list = attrs.Factory(list)
    skill_games: int = 0
    against: str = RANDOM
    coverage_games: int = 100


# Batches are cut the same way whatever the engine (as if for this many workers), so that the
# games traced for coverage, and so the report, never depend on where the games were played.
PLAN_WORKERS = 8


def batches_for(variants: list, settings: Settings) -> list:
    batches = plan(variants, settings.bots, settings.games, settings.seed, settings.max_actions, settings.levels,
                   settings.skill_games, PLAN_WORKERS, against=settings.against)
    last_traced = settings.seed + settings.coverage_games
    return [attrs.evolve(b, coverage=b.coverage and b.seeds[0] < last_traced) for b in batches]


def play(variants: list, settings: Settings, engine=None, progress: Callable = lambda batch, result: None) -> list:
    """Every batch's result, in plan order (the same whatever the engine)."""
    engine = engine or Serial()
    batches = batches_for(variants, settings)
    return engine.run(variants, batches, progress)


def main_records(results: list, index: int) -> list:
    out = [r for res in results if res.batch.variant == index and res.batch.lineup.level is None for r in res.records]
    return sorted(out, key=lambda r: r.seed)


def variant_metrics(variant, index: int, results: list, settings: Settings) -> dict:
    """The metrics of one variant from every batch result of the analysis."""
    game = game_of(variant)
    records = main_records(results, index)
    mine = [res for res in results if res.batch.variant == index]
    traced = [res for res in mine if res.batch.coverage]
    lines_run = set().union(*(res.lines_run for res in traced)) if traced else set()
    by_level: dict = {}
    for res in mine:
        lineup = res.batch.lineup
        if lineup.level is not None:
            by_level.setdefault(lineup.level, []).extend((r, lineup.focus) for r in res.records)
    for level in by_level.values():
        level.sort(key=lambda pair: (pair[0].seed, pair[1]))
    strongest = by_level.get(settings.levels[-1], []) if settings.levels else []
    specs = list(main_lineup(settings.bots or [RANDOM] * variant.players).specs)
    return {
        "variant": {"label": variant.label, "path": variant.path, "players": variant.players,
                    "options": dict(variant.options), "title": game.title, "seats": list(game.seats)},
        "bots": specs,
        "completion": metrics.completion(records),
        "endings": metrics.endings(variant, records),
        "duration": metrics.duration(records),
        "outcomes": metrics.outcomes(records, variant.players),
        "seats": metrics.seats(records, list(game.seats)),
        "branching": metrics.branching(records, list(game.seats)),
        "usage": metrics.usage(variant, records),
        "usage_strongest": metrics.usage(variant, [r for r, _ in strongest]) if strongest else [],
        "coverage": metrics.coverage(variant, code_lines(game.program), lines_run,
                                     sum(len(res.records) for res in traced)),
        "skill": metrics.skill(settings.levels, by_level, variant.players, settings.against) if by_level else {},
    }


def summarise(variants: list, results: list, settings: Settings) -> dict:
    """The whole report as data (what --json prints and the other reports draw)."""
    per_variant = [variant_metrics(v, i, results, settings) for i, v in enumerate(variants)]
    return {
        "format": FORMAT, "version": VERSION,
        "settings": {"games": settings.games, "seeds": [settings.seed, settings.seed + settings.games - 1],
                     "max_actions": settings.max_actions, "bots": settings.bots, "skill_levels": settings.levels,
                     "skill_games": settings.skill_games, "against": settings.against,
                     "coverage_games": min(settings.coverage_games, settings.games)},
        "variants": per_variant,
        "comparisons": [{"variant": m["variant"]["label"], "reference": per_variant[0]["variant"]["label"],
                         "rows": compare(per_variant[0], m)} for m in per_variant[1:]],
    }


def analyze(variants: list, settings: Settings, engine=None, progress: Callable = lambda batch, result: None) -> dict:
    """Play and sum up: the report as data."""
    return summarise(variants, play(variants, settings, engine, progress), settings)
