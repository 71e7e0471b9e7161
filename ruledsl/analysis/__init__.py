"""A designer's analysis of a game: many games played here, on every core or on a Ray cluster,
summed up as metrics (fairness, length, skill, rule usage) and drawn as reports.

spec (what to play) -> play (one game, one batch) -> engines (where) -> metrics, compare
(what it comes to) -> runner (all of it) -> text, html (how it is shown).
"""
from __future__ import annotations

from .engines import Processes, RayTasks, Serial, engine_for
from .runner import Settings, analyze
from .spec import Variant, make_variants

__all__ = ["Settings", "analyze", "Variant", "make_variants", "engine_for", "Serial", "Processes", "RayTasks"]
