"""ruledsl.openspiel: every bundled game passes pyspiel's own checks; OpenSpiel's bots play through it."""
from __future__ import annotations

import pytest

from .conftest import BUNDLED, EXAMPLES, GAMES

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
from ruledsl.openspiel import load_game  # noqa: E402

ALL = BUNDLED + EXAMPLES
# Long games are cut short for the checks (every step computes every seat's strings and tensor).
CHECK_LENGTH = 150


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.stem)
def test_pyspiel_random_simulation_passes(path):
    game = load_game(str(path), max_game_length=CHECK_LENGTH)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)   # states pickle (by record)


def test_the_game_is_registered_and_described():
    game = load_game(str(GAMES / "examples" / "connect_four.rules"))
    name = game.get_type().short_name
    assert name.startswith("ruledsl_connect_four_2p_")
    again = pyspiel.load_game(name)
    assert again.num_distinct_actions() == 7 == game.num_distinct_actions()
    assert game.num_players() == 2
    state = game.new_initial_state()
    assert state.legal_actions() == list(range(7))
    assert state.action_to_string(0, 3) == "drop in column 4"


def test_chance_nodes_carry_their_probabilities():
    game = load_game(str(GAMES / "examples" / "dice_race.rules"))
    state = game.new_initial_state()
    assert state.current_player() == 0
    state.apply_action(0)                                  # roll
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [p for _, p in outcomes] == pytest.approx([1 / 6] * 6)
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes] == [str(i) for i in range(1, 7)]


def test_observations_as_openspiel_reads_them():
    game = load_game(str(GAMES / "examples" / "high_card.rules"))
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    tensor = np.array(state.observation_tensor(0))
    assert tensor.shape == tuple(game.observation_tensor_shape())
    assert state.observation_string(0) != state.observation_string(1)   # each sees its own hand
    assert state.information_state_string(0).startswith('{"history":')


def test_a_public_observer_sees_what_an_onlooker_sees():
    from open_spiel.python.observation import make_observation
    game = load_game(str(GAMES / "examples" / "high_card.rules"))
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    assert public.string_from(state, 0) == public.string_from(state, 1) != state.observation_string(0)
    assert '"hidden":true' in public.string_from(state, 0)


def test_a_cut_game_ends_with_no_winner():
    game = load_game(str(GAMES / "tillinghast.rules"), max_game_length=5)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
    assert len(state.history()) == 5
    assert state.returns() == [0.0, 0.0]


def test_mcts_bot_plays_tic_tac_toe_to_the_end():
    from open_spiel.python.algorithms import mcts
    game = load_game(str(GAMES / "examples" / "tic_tac_toe.rules"))
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=40, evaluator=mcts.RandomRolloutEvaluator(1, rng),
                       random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state) if state.current_player() == 0 else state.legal_actions()[0]
        state.apply_action(action)
    assert sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5], [0.0, 0.0])
    assert state.returns()[0] >= state.returns()[1]


def test_resampling_keeps_what_the_seat_knows():
    game = load_game(str(GAMES / "examples" / "high_card.rules"))
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[-1][0])
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0., 1.)
    seen = set()
    for _ in range(6):
        other = state.resample_from_infostate(seat, sampler)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.legal_actions() == state.legal_actions()
        seen.add(other.observation_string(1 - seat))
    assert len(seen) > 1                                  # the other hand is guessed, not known


def test_ismcts_bot_plays_a_hidden_information_game():
    from open_spiel.python.algorithms import ismcts, mcts
    game = load_game(str(GAMES / "examples" / "high_card.rules"))
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=20,
                           random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            moves += 1
        else:
            state.apply_action(state.legal_actions()[0])
    assert moves >= 1
    assert sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])


HIDDEN = BUNDLED


@pytest.mark.parametrize("path", HIDDEN, ids=lambda p: p.stem)
def test_ismcts_bot_makes_its_decisions_in_every_bundled_game(path):
    # OpenSpiel's IS-MCTS checks that every state resample_from_infostate gives it has the
    # real information state: its first decisions, taken with few simulations, after random
    # play by the others (hidden shuffles, secret choices, hidden roles on the way).
    from open_spiel.python.algorithms import ismcts, mcts
    game = load_game(str(path), max_game_length=400)
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=6,
                           random_state=rng)
    bot.set_resampler(lambda st, player: st.resample_from_infostate(player, rng.uniform))
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 4:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randint(len(legal))])
    assert moves == 4
