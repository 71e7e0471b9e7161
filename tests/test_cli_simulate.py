"""`ruledsl simulate`: many games by random bots; the summary's numbers add up."""
from __future__ import annotations

import json
import shlex

from click.testing import CliRunner

from ruledsl.cli.main import cli

from .conftest import GAMES
from .test_cli_run import short_of_marks

TTT = str(GAMES / "examples" / "tic_tac_toe.rules")
HIGH = str(GAMES / "examples" / "high_card.rules")


def simulate(*args):
    result = CliRunner().invoke(cli, ["simulate", *args])
    return result.exit_code, result.output


def test_tic_tac_toe_results_add_up():
    code, out = simulate(TTT, "-n", "60", "--json")
    assert code == 0
    data = json.loads(out)
    x, o = data["seats"]
    assert (x["seat"], o["seat"]) == ("X", "O")
    assert x["wins"] + o["wins"] + data["no_winner"] == 60
    assert x["wins"] == o["losses"]                         # a draw is neither a win nor a loss
    assert data["finished"] == 60 and data["unfinished"] == 0 and data["errors"] == []
    assert abs(x["mean_return"] - (x["wins"] + 0.5 * data["no_winner"]) / 60) < 1e-9
    assert 5 <= data["length"]["min"] <= data["length"]["mean"] <= data["length"]["max"] <= 9
    assert data["seeds"] == [1, 60]


def test_text_summary():
    code, out = simulate(TTT, "-n", "20", "--seed", "100")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Tic-tac-toe: 20 games, 2 players, seeds 100 to 119, at most 20000 actions each"
    assert lines[2].split() == ["seat", "wins", "losses", "mean", "return"]
    wins = [int(line.split()[1]) for line in lines[3:5]]
    no_winner = int(lines[5].split()[2])
    assert sum(wins) + no_winner == 20
    assert "finished: 20, unfinished: 0 (stopped at 20000 actions), errors: 0" in out
    assert "length in actions (finished games): mean" in out


def test_rankings_count_neither_as_wins_nor_losses():
    data = json.loads(simulate(HIGH, "-n", "30", "--players", "3", "--json")[1])
    seats = data["seats"]
    assert sum(s["wins"] for s in seats) >= 30 - data["no_winner"]
    assert all(0 <= s["mean_return"] <= 1 for s in seats)
    assert sum(s["wins"] + s["losses"] for s in seats) < 3 * 30   # some returns lie between 0 and 1


def test_games_stopped_by_the_cap_are_unfinished_not_lost():
    code, out = simulate(TTT, "-n", "15", "--max-actions", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["unfinished"] == 15 and data["finished"] == 0
    assert all(s["wins"] == 0 and s["losses"] == 0 and s["mean_return"] is None for s in data["seats"])
    assert data["length"] is None


def test_errors_are_listed_with_seeds_that_reproduce_them(tmp_rules):
    path, place = short_of_marks(tmp_rules)
    code, out = simulate(path, "-n", "20")
    assert code == 1
    data = json.loads(simulate(path, "-n", "20", "--json")[1])
    seeds = [e["seed"] for e in data["errors"]]
    assert seeds and data["finished"] + len(seeds) == 20
    assert f"{path}:{place}: error: only components can be moved, not none" in out
    assert f"in {len(seeds)} game(s), seed(s) {', '.join(map(str, seeds[:10]))}" in out
    command = next(line for line in out.splitlines() if "reproduce:" in line).split("reproduce: ")[1]
    assert command == f"ruledsl run {shlex.quote(path)} --players 2 --seed {seeds[0]}"
    result = CliRunner().invoke(cli, shlex.split(command)[1:])
    assert result.exit_code == 1 and "only components can be moved" in result.output
    ok = next(s for s in range(1, 21) if s not in seeds)
    assert CliRunner().invoke(cli, ["run", path, "--seed", str(ok)]).exit_code == 0


def test_same_seed_same_summary():
    assert simulate(HIGH, "-n", "10", "--seed", "5")[1] == simulate(HIGH, "-n", "10", "--seed", "5")[1]
    assert simulate(HIGH, "-n", "10", "--seed", "5")[1] != simulate(HIGH, "-n", "10", "--seed", "50")[1]


def test_ctrl_c_reports_the_games_finished_before_it():
    import ruledsl
    from ruledsl.cli.simulate import simulate as run_games, summary_json, summary_text
    game = ruledsl.load(TTT)
    played = []

    def advance(games):     # Ctrl-C arrives as the second batch of games is counted
        played.append(games)
        if len(played) == 2:
            raise KeyboardInterrupt

    summary = run_games(game, 10, 1, 100, advance)
    k = sum(played)
    assert 2 <= k < 10 and summary.interrupted and summary.games == k and summary.finished == k
    text = summary_text(game, summary, 1, 100, {})
    assert f"{k} games" in text and f"seeds 1 to {k}" in text and "interrupted (Ctrl-C)" in text
    assert summary_json(game, summary, 1, 100, {})["interrupted"] is True
    whole = run_games(game, k, 1, 100)
    assert not whole.interrupted and whole.wins == summary.wins     # the same games, summed alike
