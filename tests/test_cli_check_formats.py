"""`ruledsl check --format github|sarif`: the same problems, worded for CI."""
from __future__ import annotations

import json

from click.testing import CliRunner

from ruledsl.cli.main import cli
from ruledsl.cli.report import github_line
from ruledsl.errors import Diagnostic
from ruledsl.source import Span

from .conftest import BUNDLED
from .test_cli import BROKEN


def run(*args):
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_github_format_annotates_the_line(tmp_rules):
    path = tmp_rules("broken.rules", BROKEN)
    code, out = run("check", "--format", "github", path)
    assert code == 1
    first, last = out.splitlines()[0], out.splitlines()[-1]
    assert first == (f"::error file={path.replace(':', '%3A')},line=6,col=18,endLine=6,endColumn=25,"
                     "title=ruledsl error::a player has no 'helth'%0Ahint: did you mean 'health'?")
    assert last == "1 error(s), 0 warning(s); 1 of 1 file(s) failed"


def test_github_format_is_quiet_for_clean_files():
    code, out = run("check", "--format", "github", str(BUNDLED[0]))
    assert code == 0
    assert "::" not in out


def test_github_escapes_what_would_end_a_command():
    d = Diagnostic("warning", Span("a,b:c.rules", 2, 3), "100% sure\nreally", "")
    assert github_line(d) == "::warning file=a%2Cb%3Ac.rules,line=2,col=3,title=ruledsl warning::100%25 sure%0Areally"


def test_github_relative_path_for_absolute_input(tmp_rules, monkeypatch, tmp_path):
    path = tmp_rules("broken.rules", BROKEN)
    monkeypatch.chdir(tmp_path)
    assert "file=broken.rules," in run("check", "--format", "github", path)[1]


def test_sarif_format(tmp_rules, monkeypatch, tmp_path):
    tmp_rules("broken.rules", BROKEN)
    tmp_rules("unused.rules", 'game "x"\nplayers 1\nrule unused():\n    pass\nflow:\n    win players\n')
    monkeypatch.chdir(tmp_path)
    code, out = run("check", "--format", "sarif", "broken.rules", "unused.rules")
    assert code == 1
    data = json.loads(out)
    assert data["version"] == "2.1.0"
    (sarif_run,) = data["runs"]
    assert sarif_run["tool"]["driver"]["name"] == "ruledsl"
    assert {r["id"] for r in sarif_run["tool"]["driver"]["rules"]} == {"ruledsl.error", "ruledsl.warning"}
    error, warning = sarif_run["results"]
    assert error == {
        "ruleId": "ruledsl.error", "level": "error",
        "message": {"text": "a player has no 'helth'\nhint: did you mean 'health'?"},
        "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": "broken.rules"},
            "region": {"startLine": 6, "startColumn": 18, "endLine": 6, "endColumn": 25}}}]}
    assert warning["level"] == "warning" and warning["ruleId"] == "ruledsl.warning"
    assert warning["message"]["text"].startswith("rule unused is never run")
    assert warning["locations"][0]["physicalLocation"]["region"]["startLine"] == 3


def test_sarif_without_a_place_has_no_region():
    code, out = run("check", "--format", "sarif", "no/such file.rules")
    assert code == 1
    (result,) = json.loads(out)["runs"][0]["results"]
    assert result["locations"][0]["physicalLocation"] == {"artifactLocation": {"uri": "no/such%20file.rules"}}


BROKEN_BASE = '''game "B"
players 2
var health: int = 3, per player
flow:
    turn P1:
        set P1.helth to 2
    win [nobody]
'''


def _variants(tmp_path, count: int = 3) -> list:
    (tmp_path / "base.rules").write_text(BROKEN_BASE)
    names = []
    for i in range(count):
        (tmp_path / f"v{i}.rules").write_text(f'extends "base.rules"\ngame "V{i}"\n')
        names.append(f"v{i}.rules")
    return names


def test_a_broken_base_is_reported_once_however_many_variants_extend_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    variants = _variants(tmp_path)
    code, text = run("check", "base.rules", *variants)
    assert code == 1
    assert text.count("error: a player has no 'helth'") == 1 and text.count("'nobody' is not defined") == 1
    assert text.splitlines()[-1] == "2 error(s), 0 warning(s); 1 of 4 file(s) failed (3 more extend a broken file)"
    code, github = run("check", "--format", "github", *variants)      # the base not named: still once, at it
    assert code == 1 and github.count("::error file=base.rules,") == 2 and "file=v0.rules" not in github
    code, sarif = run("check", "--format", "sarif", "base.rules", *variants)
    results = json.loads(sarif)["runs"][0]["results"]
    assert len(results) == 2
    assert {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results} == {"base.rules"}
    code, out = run("check", "--format", "json", *variants, "base.rules")
    files = {f["path"]: f for f in json.loads(out)["files"]}
    assert [len(files[v]["diagnostics"]) for v in variants] == [0, 0, 0]
    assert all(files[v]["broken_by"] == ["base.rules"] and not files[v]["ok"] for v in variants)
    assert len(files["base.rules"]["diagnostics"]) == 2


def test_the_pre_commit_hook_is_the_check_command_so_reports_once_too():
    from .conftest import ROOT
    hooks = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    assert "entry: ruledsl check\n" in hooks           # one run over every changed file: each problem once
