"""Every diagnostic's exact text and place, pinned in tests/fixtures/check_errors.txt."""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

import ruledsl

FIXTURES = Path(__file__).parent / "fixtures" / "check_errors.txt"
HEADER_END = "\n\n### "


def parse_cases(text: str) -> list[tuple[str, bool, str, list[str]]]:
    cases = []
    for block in text.split("\n### ")[1:]:
        title, _, rest = block.partition("\n")
        lines = rest.rstrip("\n").split("\n")
        expected = [l[4:] for l in lines if l.startswith(">>> ")]
        source = [l for l in lines if not l.startswith(">>> ")]
        complete = bool(source) and source[0] == "[complete]"
        if complete:
            source = source[1:]
        cases.append((title, complete, "\n".join(source) + "\n", expected))
    return cases


def actual(source: str, complete: bool) -> list[str]:
    out = []
    for d in ruledsl.check("t.rules", source, complete=complete):
        if d.severity == "warning" and re.match(r"(rule|function) \S+ is never", d.message):
            continue
        out.append(f"{d.line}:{d.column} {d.severity}: {d.message}" + (f" | {d.hint}" if d.hint else ""))
    return out


CASES = parse_cases(FIXTURES.read_text(encoding="utf-8"))


@pytest.mark.parametrize("title,complete,source,expected", CASES, ids=[c[0] for c in CASES])
def test_diagnostic(title, complete, source, expected):
    assert actual(source, complete) == expected


def test_titles_are_unique():
    titles = [c[0] for c in CASES]
    assert len(titles) == len(set(titles))


def test_unused_rules_and_functions_warn():
    text = "define twice(x) = x * 2\nrule lonely():\n    pass\nrule used():\n    pass\nflow:\n    do used()\n"
    warnings = [(d.line, d.message) for d in ruledsl.check("t.rules", text, complete=False) if d.severity == "warning"]
    assert warnings == [(1, "function twice is never used"), (2, "rule lonely is never run")]


# -- every error the checker can raise has a case ------------------------------------

CHECKED_MODULES = ["check/declarations.py", "check/scope.py", "check/flow.py", "check/context.py",
                   "check/boards.py", "check/sizes.py", "check/options.py", "ir/boards.py", "ir/boards_grid.py",
                   "ir/maps.py", "ir/game.py", "ir/build.py", "ir/build_decls.py", "ir/build_stmts.py",
                   "ir/build_exprs.py", "parse.py", "load.py"]


def _pattern(node: ast.expr) -> str | None:
    """A regex for a message literal: f-string parts become wildcards."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.escape(node.value)
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(re.escape(value.value))
            else:
                parts.append(".+?")
        return "".join(parts)
    return None


def message_patterns() -> list[tuple[str, str]]:
    """(where, regex) for every error message written in the checker and front end."""
    root = Path(ruledsl.__file__).parent
    found = []
    for rel in CHECKED_MODULES:
        tree = ast.parse((root / rel).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            args = node.args
            if name in ("error", "warning") and len(args) >= 2:
                msg = args[1]
            elif name == "Diagnostic" and len(args) >= 3 and isinstance(args[0], ast.Constant):
                msg = args[2]
            else:
                continue
            pattern = _pattern(msg)
            if pattern:
                found.append((f"{rel}:{node.lineno}", pattern))
    return found


# Messages that no rules text can provoke on its own (an unreadable file, an
# internal guard), each tested elsewhere or said why here.
UNREACHABLE_FROM_TEXT = {
    "cannot read '",       # a missing file: tests/test_cli.py and test_variants.py
    "this file nests too deeply to read",        # tests/test_robustness.py
    "an expression in this file nests too deeply",  # tests/test_robustness.py
    "a file may extend only one other file",     # tests/test_variants.py
    "is already being extended",                 # tests/test_variants.py
    "RulesError needs at least one diagnostic",
    "indentation does not match any outer block",  # the fallback when no line is found
    "unexpected character",                      # covered by the single-quotes case
    "unexpected end of file",                    # Lark raises UnexpectedEOF only for empty input
    "rule ",                                     # unused warnings: test_unused_rules_and_functions_warn
    "function ",
    "this makes a chain of more than",           # needs 17 files: tests/test_variants.py
    "(given: ",                                  # an option value given to load(): tests/test_cli_run.py, test_abuse.py
    "the files of this game come to",            # files of a game over its limit: tests/test_big_games.py
    "bytes; a rules file may be at most",        # a buffer over the file limit: tests/test_big_games.py
}


def test_every_error_message_has_a_case():
    messages = [line.split(": ", 1)[1].split(" | ")[0] for c in CASES for line in c[3]]
    missing = []
    for where, pattern in message_patterns():
        if any(pattern.startswith(re.escape(u)[:20]) or re.escape(u) in pattern for u in UNREACHABLE_FROM_TEXT):
            continue
        if not any(re.fullmatch(pattern, m) for m in messages):
            missing.append(f"{where}: {pattern}")
    assert not missing, "error messages with no case in check_errors.txt:\n" + "\n".join(missing)


if __name__ == "__main__" and "--regenerate" in sys.argv:
    text = FIXTURES.read_text(encoding="utf-8")
    head = text.split("\n### ")[0]
    blocks = []
    for title, complete, source, _ in parse_cases(text):
        lines = (["[complete]"] if complete else []) + source.rstrip("\n").split("\n")
        lines += [">>> " + a for a in actual(source, complete)]
        blocks.append("### " + title + "\n" + "\n".join(lines) + "\n")
    FIXTURES.write_text(head + "\n" + "\n".join(blocks), encoding="utf-8")
    print(f"regenerated {len(blocks)} cases")
