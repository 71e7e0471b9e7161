"""Diagnostics as reports: text for people, JSON, GitHub workflow commands and SARIF for CI.

Every format takes the same data, a list of (path, Loaded, shown diagnostics)
per file checked, so what a terminal, a pull request and a code-scanning
dashboard show is the same list of problems.
"""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from .. import __version__
from ..errors import Diagnostic


def render(diagnostic: Diagnostic, sources: dict) -> str:
    """A diagnostic as `ruledsl check` prints it: headline, the source line, a caret, the hint."""
    lines = [diagnostic.headline()]
    source = sources.get(diagnostic.span.path)
    if source is not None and diagnostic.span.line > 0:
        excerpt = source.excerpt(diagnostic.span)
        if excerpt:
            lines.extend("    " + line for line in excerpt.split("\n"))
    if diagnostic.hint:
        lines.append(f"    hint: {diagnostic.hint}")
    return "\n".join(lines)


def _counts(results) -> tuple[int, int, int]:
    errors = sum(len(loaded.errors) for _, loaded, _ in results)
    warnings = sum(len(loaded.warnings) for _, loaded, _ in results)
    failed = sum(1 for _, loaded, _ in results if loaded.errors)
    return errors, warnings, failed


def _extending(results) -> int:
    """How many files are sound themselves but extend a broken one (ruledsl check's results)."""
    return sum(1 for _, loaded, _ in results if getattr(loaded, "broken_by", ()))


def summary(results, warnings_shown: bool) -> str:
    errors, warnings, failed = _counts(results)
    if errors:
        extending = _extending(results)
        more = f" ({extending} more extend{'s' if extending == 1 else ''} a broken file)" if extending else ""
        return f"{errors} error(s), {warnings} warning(s); {failed} of {len(results)} file(s) failed{more}"
    extra = f", {warnings} warning(s)" if warnings and warnings_shown else ""
    return f"{len(results)} file(s) checked: no errors{extra}"


def text_report(results, warnings_shown: bool) -> str:
    out = [render(d, loaded.sources) for _, loaded, shown in results for d in shown]
    return "\n".join(out + [summary(results, warnings_shown)])


def json_report(results, warnings_shown: bool) -> str:
    payload = {
        "ok": not any(loaded.errors for _, loaded, _ in results),
        "files": [dict({"path": path, "ok": not loaded.errors and not getattr(loaded, "broken_by", ()),
                        "diagnostics": [d.as_json() for d in shown]},
                       **({"broken_by": list(loaded.broken_by)} if getattr(loaded, "broken_by", ()) else {}))
                  for path, loaded, shown in results],
    }
    return json.dumps(payload, indent=2)


# ---------------------------------------------------------------- GitHub Actions

def _repo_path(path: str) -> str:
    """A path as GitHub names files: relative to the working directory (the checkout), with '/'."""
    p = Path(path)
    if p.is_absolute():
        try:
            p = p.relative_to(Path.cwd())
        except ValueError:
            pass
    return p.as_posix()


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_line(d: Diagnostic) -> str:
    """One workflow command (::error file=…,line=…::message) that annotates the line in a pull request."""
    props = [f"file={_escape_property(_repo_path(d.span.path))}"]
    if d.span.line > 0:
        props.append(f"line={d.span.line}")
        if d.span.column > 0:
            props.append(f"col={d.span.column}")
        if d.span.end_line >= d.span.line and d.span.end_column > 0:
            props += [f"endLine={d.span.end_line}", f"endColumn={d.span.end_column}"]
    props.append(f"title={_escape_property('ruledsl ' + d.severity)}")
    message = d.message + (f"\nhint: {d.hint}" if d.hint else "")
    return f"::{d.severity} {','.join(props)}::{_escape_data(message)}"


def github_report(results, warnings_shown: bool) -> str:
    out = [github_line(d) for _, _, shown in results for d in shown]
    return "\n".join(out + [summary(results, warnings_shown)])


# ---------------------------------------------------------------- SARIF 2.1.0

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_RULES = {
    "error": ("ruledsl.error", "A rules file is broken: a syntax, name, type, board or flow error."),
    "warning": ("ruledsl.warning", "A rules file works but probably not as meant (a rule never run, a place cut off)."),
}


def _sarif_result(d: Diagnostic) -> dict:
    rule_id, _ = _RULES.get(d.severity, _RULES["error"])
    location: dict = {"artifactLocation": {"uri": quote(_repo_path(d.span.path), safe="/")}}
    if d.span.line > 0:
        region = {"startLine": d.span.line, "startColumn": max(d.span.column, 1)}
        if d.span.end_line >= d.span.line and d.span.end_column > 0:
            region.update(endLine=d.span.end_line, endColumn=d.span.end_column)
        location["region"] = region
    text = d.message + (f"\nhint: {d.hint}" if d.hint else "")
    return {"ruleId": rule_id, "level": d.severity if d.severity in _RULES else "error",
            "message": {"text": text}, "locations": [{"physicalLocation": location}]}


def sarif_report(results, warnings_shown: bool) -> str:
    rules = [{"id": rule_id, "shortDescription": {"text": text}} for rule_id, text in _RULES.values()]
    run = {
        "tool": {"driver": {"name": "ruledsl", "version": __version__, "rules": rules}},
        "columnKind": "unicodeCodePoints",   # Lark counts columns in characters, not UTF-16 units
        "results": [_sarif_result(d) for _, _, shown in results for d in shown],
    }
    return json.dumps({"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}, indent=2)


# The formats of `ruledsl check --format`, each a function (results, warnings shown) -> text.
FORMATS = {
    "text": text_report,
    "json": json_report,
    "github": github_report,
    "sarif": sarif_report,
}
