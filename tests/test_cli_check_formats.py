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
