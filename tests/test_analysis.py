"""`ruledsl analyze` and ruledsl.analysis: metrics on tiny games whose answers are known exactly,
the same report on every engine, variants side by side, the text, JSON and HTML reports."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

import ruledsl
from ruledsl.analysis import Settings, analyze, make_variants
from ruledsl.analysis.engines import Processes, Serial
from ruledsl.analysis.stats import chi_square_p, even_shares_p, histogram, spread, two_rates_p, wilson
from ruledsl.cli.main import cli

from .conftest import ROOT

# A fair coin decides; the call before it cannot help: 50/50 and pure luck.
COIN = '''game "Coin"
players 2
var call: int = 0
die coin: 1..2
flow:
    turn P1:
        choose:
            option "heads":
                set call to 1
            option "tails":
                set call to 2
    let face = roll(coin)
    if face == call:
        win [P1]
    else:
        win [P2]
'''

# The first player wins whatever anyone does; "wait" is a move nobody needs, the line after
# the win never runs.
FIRST = '''game "First"
players 2
var waited: int = 0
flow:
    turn P1:
        choose:
            option "claim":
                pass
            option "wait":
                increase waited by 1
    win [P1]
    announce "this never happens"
'''

# The first player wins by saying 5, and loses otherwise; the second has nothing to decide.
# A bot that thinks says 5: skill decides.
PICK = '''game "Pick"
players 2
flow:
    turn P1:
        choose n from [1, 2, 3, 4, 5] as "say {n}":
            if n == 5:
                win [P1]
    win [P2]
'''


@pytest.fixture
def rules(tmp_path):
    def write(text: str, name: str = "g.rules") -> str:
        path = tmp_path / name
        path.write_text(text)
        return str(path)
    return write


def run(path: str, settings: Settings, engine=None, **variants) -> dict:
    vs = make_variants([path], variants.get("players", []), variants.get("options", {}), ruledsl.load)
    return analyze(vs, settings, engine)


# ------------------------------------------------------------------ statistics

def test_statistics_match_known_values():
    assert chi_square_p(3.841, 1) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_p(7.815, 3) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_p(20, 3) == pytest.approx(0.0001697, rel=1e-3)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert two_rates_p(50, 100, 50, 100) == 1.0
    assert two_rates_p(20, 100, 80, 100) < 1e-10
    assert even_shares_p([30, 30, 30]) == pytest.approx(1.0)
    assert spread([1, 2, 3, 4, 5])["median"] == 3 and spread([1, 2, 3, 4, 5])["p90"] == pytest.approx(4.6)
    assert histogram([1, 2, 2, 9], bins=3) == {"edges": [1, 4, 7, 10], "counts": [3, 0, 1]}


# ------------------------------------------------------------------ known games

def test_coin_flip_is_even_and_pure_luck(rules):
    data = run(rules(COIN), Settings(games=400, levels=["random", "greedy:8i"], skill_games=120))
    m = data["variants"][0]
    first = m["seats"]["table"][0]
    assert first["win_ci"][0] < 0.5 < first["win_ci"][1]           # 50/50 lies in the interval
    assert m["seats"]["even_p"] > 0.05
    assert m["outcomes"]["lone_winner"]["games"] == 400
    skill = m["skill"]
    assert [row["bot"] for row in skill["levels"]] == ["random", "greedy:8i"]
    assert skill["p"] > 0.05 and abs(skill["gap"]) < 0.15            # a flat curve: luck
    assert {e["text"] for e in m["endings"]} == {"win [P1]", "win [P2]"}


def test_first_player_always_wins(rules):
    data = run(rules(FIRST), Settings(games=60, levels=["random", "greedy:4i"], skill_games=20))
    m = data["variants"][0]
    assert m["seats"]["first_player"]["win_rate"] == 1.0
    assert m["seats"]["first_player"]["advantage"] == 0.5            # against a fair share of 1/2
    assert [r["wins"] for r in m["seats"]["table"]] == [60, 0]
    assert m["seats"]["even_p"] < 1e-6
    assert m["endings"] == [{"where": "g.rules:11", "text": "win [P1]", "games": 60, "share": 1.0}]
    # the first player's win is no skill of the first player's: each bot wins at P1 only
    assert all(row["win_rate"] == 0.5 for row in m["skill"]["levels"])
    assert m["duration"]["actions"]["spread"]["max"] == 1
    assert m["branching"]["histogram"] == {"2": 60}
    assert m["branching"]["per_seat"][1]["mean"] == 0


def test_rule_usage_and_the_lines_that_never_ran(rules):
    m = run(rules(FIRST), Settings(games=60, coverage_games=60))["variants"][0]
    [decision] = m["usage"]
    assert decision["decision"] == "g.rules:6" and decision["asked"] == 60
    options = {o["example"]: o for o in decision["options"]}
    assert options["claim"]["offered"] == options["wait"]["offered"] == 60
    assert options["claim"]["taken"] + options["wait"]["taken"] == 60
    assert options["claim"]["text"] == 'option "claim":'
    cov = m["coverage"]
    assert cov["traced_games"] == 60
    assert [row["text"] for row in cov["never"]] == ['announce "this never happens"']
    assert cov["lines_run"] == cov["code_lines"] - 1


def test_never_and_always_taken_options_are_flagged(rules):
    m = run(rules(PICK), Settings(games=10, levels=["random", "greedy:10i"], skill_games=40))["variants"][0]
    strongest = m["usage_strongest"]          # the bot plays P1, who decides, in 20 of its 40 games
    said = {o["label"]: o for d in strongest for o in d["options"]}
    assert said["say 5"]["taken"] == said["say 5"]["offered"] == 20 and said["say 5"]["flag"] == "always taken"
    assert said["say 1"]["taken"] == 0 and said["say 1"]["flag"] == "never taken"


def test_skill_curve_is_steep_when_skill_decides(rules):
    m = run(rules(PICK), Settings(games=20, levels=["random", "greedy:10i", "ismcts:30i"], skill_games=40))["variants"][0]
    # each bot plays P1 in half the games (random says 5 one time in 5) and P2 in the other half
    # (P2 wins when P1 does not say 5): random 1/2, a bot that always says 5 is 9/10
    rates = [row["win_rate"] for row in m["skill"]["levels"]]
    assert 0.35 < rates[0] < 0.65 and rates[1] > 0.8 and rates[2] > 0.8
    assert m["skill"]["gap"] > 0.25 and m["skill"]["p"] < 0.01


# ------------------------------------------------------------------ engines and variants

def small_settings() -> Settings:
    return Settings(games=40, levels=["random", "greedy:3i"], skill_games=8, coverage_games=20)


def test_the_report_is_the_same_on_every_engine():
    path = "games/examples/dice_race.rules"
    serial = run(path, small_settings(), Serial())
    assert run(path, small_settings(), Processes(2)) == serial


def test_ray_local_gives_the_same_report():
    pytest.importorskip("ray")
    # In a session of its own: Ray's start and shutdown signal the processes around them.
    args = [sys.executable, "-m", "ruledsl", "analyze", "games/examples/dice_race.rules", "-n", "24", "--skill", "",
            "--coverage-games", "10", "--json"]
    ray = subprocess.run(args + ["--ray", "local"], capture_output=True, text=True, timeout=300,
                         start_new_session=True, cwd=ROOT)
    here = subprocess.run(args, capture_output=True, text=True, timeout=300, start_new_session=True, cwd=ROOT)
    assert ray.returncode == here.returncode == 0, ray.stderr[-2000:]
    assert "on Ray (local)" in ray.stderr and "on 1 process" in here.stderr
    assert json.loads(ray.stdout) == json.loads(here.stdout)


def test_variants_side_by_side_with_the_same_seeds():
    data = run("games/examples/dice_race.rules", Settings(games=150, levels=[]), options={"target": ["10", "30"]})
    short, long = data["variants"]
    assert short["variant"]["options"] == {"target": "10"} and long["variant"]["options"] == {"target": "30"}
    [comparison] = data["comparisons"]
    rows = {row["metric"]: row for row in comparison["rows"]}
    actions = rows["actions a game"]
    assert actions["reference"] == short["duration"]["actions"]["spread"]["mean"]
    assert actions["difference"] > 5 and actions["significant"] and actions["p"] < 1e-6
    assert rows["games finished"]["p"] == 1.0 and not rows["games finished"]["significant"]


# ------------------------------------------------------------------ the command

def test_analyze_command_json(rules):
    path = rules(FIRST)
    result = CliRunner().invoke(cli, ["analyze", path, "-n", "30", "--skill", "", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[result.output.index("{"):result.output.rindex("}") + 1])
    m = data["variants"][0]
    assert m["completion"]["finished"] == 30 and m["seats"]["table"][0]["wins"] == 30
    assert "values" not in m["duration"]["actions"]                   # raw lengths are left out of the JSON
    assert data["settings"]["seeds"] == [1, 30]


def test_analyze_command_text_and_html(rules, tmp_path):
    pytest.importorskip("matplotlib")
    path = rules(COIN)
    html = tmp_path / "report.html"
    result = CliRunner().invoke(cli, ["analyze", path, "-n", "40", "--skill", "random,greedy:2i", "--skill-games", "4",
                                      "--option", "x=1", "--html", str(html)])
    assert result.exit_code != 0 and "x" in result.output            # an unknown option is refused
    result = CliRunner().invoke(cli, ["analyze", path, "-n", "40", "--skill", "random,greedy:2i", "--skill-games", "4",
                                      "--html", str(html)])
    assert result.exit_code == 0, result.output
    assert "Seats (fair share 50.0%" in result.output and "Skill:" in result.output
    text = html.read_text()
    assert text.startswith("<!doctype html>") and text.count("data:image/png;base64,") >= 4
    assert "Skill vs luck" in text and "<script" not in text


def test_analyze_command_refuses_a_bad_bot(rules):
    result = CliRunner().invoke(cli, ["analyze", rules(COIN), "--bots", "wizard"])
    assert result.exit_code == 2 and "'wizard' is not a bot" in result.output


def test_simulate_runs_on_processes_with_the_same_summary():
    path = "games/examples/tic_tac_toe.rules"
    one = CliRunner().invoke(cli, ["simulate", path, "-n", "30", "--json"])
    two = CliRunner().invoke(cli, ["simulate", path, "-n", "30", "--json", "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0
    assert json.loads(one.output) == json.loads(two.output)


def test_against_self_plays_every_seat_with_the_measured_bot(rules):
    # With the first player's bot in both seats, P1 says 5 at once under a thinking bot, so the
    # seat that is measured wins exactly when it is P1: half the games, whatever the bot.
    m = run(rules(PICK), Settings(games=4, levels=["random", "greedy:10i"], skill_games=20, against="self"))["variants"][0]
    greedy = m["skill"]["levels"][1]
    assert m["skill"]["against"] == "self"
    assert greedy["wins"] == 10 and greedy["games"] == 20


def test_a_choice_among_many_items_is_one_option_and_never_flagged(rules):
    many = PICK.replace("[1, 2, 3, 4, 5]", "1..40").replace("n == 5", "n == 40")
    m = run(rules(many), Settings(games=30, levels=[]))["variants"][0]
    [decision] = m["usage"]
    [option] = decision["options"]
    assert option["option"] == "any item" and option["offered"] == option["taken"] == 30
    assert option["flag"] == "" and option["label"].startswith("any of more than 30 items")


def test_the_lines_counted_do_not_depend_on_what_bots_compiled(rules):
    # `evaluate` is compiled when a bot first needs it: the code lines counted stay the same.
    from ruledsl.analysis.coverage import code_lines
    from ruledsl.runtime.estimate import estimate
    game = ruledsl.load(rules(PICK + "evaluate p: 0\n"))
    before = code_lines(game.program)
    state = game.new_game(seed=1)
    assert estimate(game.program, state) == [0, 0]        # what a search bot does on a cut playout
    assert code_lines(game.program) == before


def test_games_that_fail_are_counted_with_their_seeds(tmp_rules):
    from .test_cli_run import short_of_marks
    path, place = short_of_marks(tmp_rules)
    result = CliRunner().invoke(cli, ["analyze", path, "-n", "20", "--skill", "", "--json"])
    assert result.exit_code == 1
    data = json.loads(result.output[result.output.index("{"):result.output.rindex("}") + 1])
    c = data["variants"][0]["completion"]
    [error] = c["error_list"]
    assert error["message"].endswith(f":{place}: error: only components can be moved, not none")
    assert c["errors"] == error["games"] == len(error["seeds"]) > 0 and c["finished"] + c["errors"] == 20


@pytest.mark.parametrize("command", ["analyze", "simulate"])
def test_a_ray_address_that_does_not_answer_is_an_error_at_once(command):
    pytest.importorskip("ray")
    result = CliRunner().invoke(cli, [command, str(ROOT / "games" / "examples" / "tic_tac_toe.rules"), "-n", "2",
                                      "--ray", "ray://127.0.0.1:1"])
    assert result.exit_code == 1
    assert "cannot reach a Ray cluster at ray://127.0.0.1:1" in result.output and "--ray local" in result.output
