"""The editor and CI files agree with the language and the command line: the VS Code
extension, its TextMate grammar, the pre-commit hooks, and the pages that describe them."""
from __future__ import annotations

import json
import re

from ruledsl.check.builtins import BUILTINS
from ruledsl.cli.main import COMMANDS
from ruledsl.cli.report import FORMATS
from ruledsl.parse import keywords

from .conftest import ROOT

VSCODE = ROOT / "editors" / "vscode"
GRAMMAR = json.loads((VSCODE / "syntaxes" / "ruledsl.tmLanguage.json").read_text(encoding="utf-8"))


def _patterns(node):
    """Every regular expression in the TextMate grammar."""
    if isinstance(node, dict):
        for key in ("match", "begin", "end"):
            if key in node:
                yield node[key]
        for value in node.values():
            yield from _patterns(value)
    elif isinstance(node, list):
        for value in node:
            yield from _patterns(value)


def test_the_textmate_grammar_compiles():
    patterns = list(_patterns(GRAMMAR))
    assert len(patterns) > 20
    for pattern in patterns:
        re.compile(pattern)   # the grammar keeps to what Python's re and Oniguruma both read


def test_every_keyword_is_highlighted():
    text = " ".join(_patterns(GRAMMAR)).replace(r"\b", " ").replace(r"\s+", " ").replace(r"\s*", " ")
    words = set(re.findall(r"[a-z]+", text))
    assert set(keywords()) - words == set()


def test_every_builtin_is_highlighted():
    builtin = next(p["match"] for p in GRAMMAR["repository"]["expression"]["patterns"]
                   if p.get("name") == "support.function.builtin.ruledsl")
    for name in BUILTINS:
        assert re.search(builtin, f"{name}(x)"), name


def test_the_extension_manifest_points_at_its_files_and_starts_the_server():
    manifest = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    (language,) = manifest["contributes"]["languages"]
    assert language["extensions"] == [".rules"]
    assert (VSCODE / language["configuration"]).exists()
    (grammar,) = manifest["contributes"]["grammars"]
    assert grammar["scopeName"] == GRAMMAR["scopeName"] and (VSCODE / grammar["path"]).exists()
    assert (VSCODE / manifest["main"]).exists()
    command = manifest["contributes"]["configuration"]["properties"]["ruledsl.server.command"]["default"]
    assert command[0] == "ruledsl" and command[1] in COMMANDS
    json.loads((VSCODE / "language-configuration.json").read_text(encoding="utf-8"))


def test_pre_commit_hooks_run_real_commands_on_rules_files():
    text = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    ids = re.findall(r"^- id: (\S+)", text, re.M)
    entries = re.findall(r"^  entry: (.+)$", text, re.M)
    files = re.findall(r"^  files: (.+)$", text, re.M)
    assert ids == ["ruledsl-check", "ruledsl-test"]
    assert [e.split()[:2] for e in entries] == [["ruledsl", "check"], ["ruledsl", "test"]]
    assert all(re.search(f, "games/shining.rules") and not re.search(f, "README.md") for f in files)


def test_the_ci_page_shows_every_format_and_a_workflow():
    page = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    for fmt in FORMATS:
        assert f"| `{fmt}`" in page
    assert "ruledsl check --format github" in page and "ruledsl test" in page


def test_the_editors_page_names_the_server_command():
    page = (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")
    assert page.count('"ruledsl", "lsp"') >= 3 and "editors/vscode" in page


def test_lsp_without_its_extra_says_how_to_install_it(monkeypatch):
    import sys

    from click.testing import CliRunner

    from ruledsl.cli.main import cli
    for name in [m for m in sys.modules if m == "pygls" or m.startswith(("pygls.", "ruledsl.lsp"))]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "pygls", None)   # as if it were not installed
    result = CliRunner().invoke(cli, ["lsp"])
    assert result.exit_code == 1
    assert 'pip install "ruledsl[lsp]"' in result.output
