"""Replaying a record: the state a game's record leads to, every field of the record checked
against the game; and a pickled state rebuilt (GameState.__reduce__ pickles a state by record)."""
from __future__ import annotations

from typing import Optional

from .. import records
from ..errors import IllegalAction, RulesError, error
from ..printable import quoted


def _rebuilt(game, seed: int, chance: str, actions: list, rng: int, muted: bool):
    """A pickled state again (GameState.__reduce__)."""
    st = game.new_game(seed, chance)
    for label in actions:
        try:
            st.apply(label)
        except RulesError:
            break               # the action the state failed at: it is failed again, as it was
    st.rng = rng
    if muted:
        st.mute()
    return st


def replay(game, record: dict, *, upto: Optional[int] = None):
    """The state a record leads to (after `upto` actions if given). A record that does not
    fit the game (its title, players, options, an action, the returns it ends with) raises
    RulesError saying what is wrong: every field a record holds is checked."""
    records.check(record)
    if "title" in record and record["title"] != game.title:
        raise error(None, f"the record is of the game '{quoted(record['title'], 80)}', not '{quoted(game.title, 80)}'",
                    "replay it with the rules file it was made with (ruledsl replay RECORD --game FILE)")
    actions = record["actions"]
    seed = record["seed"]
    if record["players"] != game.players:
        raise error(None, f"the record is of a game for {record.get('players')} players, not {game.players}",
                    "load the game with the record's number of players")
    given = {k: str(v) for k, v in (record.get("options") or {}).items()}
    if given != {k: str(v) for k, v in game.given_options.items()}:
        raise error(None, f"the record was made with options {given or 'none'}, not "
                    f"{ {k: str(v) for k, v in game.given_options.items()} or 'none'}",
                    "load the game with the record's options")
    st = game.new_game(seed, record.get("chance", "seeded"))
    for i, label in enumerate(actions[:upto] if upto is not None else actions):
        try:
            st.apply(label)
        except IllegalAction as err:
            raise error(None, f"the record does not fit this game at action {i + 1} ('{quoted(label, 80)}'): {err}",
                        "was it recorded with another version of the rules, seed or options?") from None
    recorded = record.get("returns")
    if upto is None and recorded is not None and st.returns() != list(recorded):
        raise error(None, f"the record says the returns were {recorded}, but replaying it gives {st.returns()}",
                    "was it recorded with another version of the rules?")
    return st
