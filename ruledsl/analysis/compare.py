"""Variants side by side: each headline metric of a variant against the first one, with the
difference and whether it is significant (the games use the same seeds in every variant)."""
from __future__ import annotations

from . import stats


def _rate(metric: str, a: tuple, b: tuple) -> dict:
    (k1, n1), (k2, n2) = a, b
    r1, r2 = (k1 / n1 if n1 else 0.0), (k2 / n2 if n2 else 0.0)
    p = stats.two_rates_p(k2, n2, k1, n1)
    return {"metric": metric, "reference": r1, "value": r2, "difference": r2 - r1, "p": p,
            "significant": stats.significant(p)}


def _mean(metric: str, a: list, b: list) -> dict:
    m1 = sum(a) / len(a) if a else None
    m2 = sum(b) / len(b) if b else None
    p = stats.two_means_p(b, a)
    return {"metric": metric, "reference": m1, "value": m2,
            "difference": m2 - m1 if m1 is not None and m2 is not None else None, "p": p,
            "significant": stats.significant(p)}


def compare(reference: dict, other: dict) -> list:
    """Rows {metric, reference, value, difference, p, significant} of other against reference
    (both a variant's metrics, as report.variant_metrics makes them)."""
    rows = []
    c1, c2 = reference["completion"], other["completion"]
    rows.append(_rate("games finished", (c1["finished"], c1["games"]), (c2["finished"], c2["games"])))
    n1, n2 = c1["finished"], c2["finished"]
    for metric, key in (("first player wins", None), ("no one wins", "no_winner"), ("everyone wins", "everyone_won"),
                        ("shared wins", "shared_wins")):
        if key is None:
            k1, k2 = reference["seats"]["table"][0]["wins"], other["seats"]["table"][0]["wins"]
        else:
            k1, k2 = reference["outcomes"][key]["games"], other["outcomes"][key]["games"]
        rows.append(_rate(metric, (k1, n1), (k2, n2)))
    for name in ("actions", "turns", "rounds"):
        rows.append(_mean(f"{name} a game", reference["duration"][name]["values"], other["duration"][name]["values"]))
    s1, s2 = reference.get("skill") or {}, other.get("skill") or {}
    if s1 and s2 and s1["levels"] and s2["levels"]:
        top1, top2 = s1["levels"][-1], s2["levels"][-1]
        rows.append(_rate(f"{top1['bot']} wins (skill)", (top1["wins"], top1["finished"]), (top2["wins"], top2["finished"])))
    return rows
