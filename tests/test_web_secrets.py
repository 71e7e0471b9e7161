"""Hidden information over the wire: every message `ruledsl serve` sends a page holds nothing that
view(seat) does not. A property over random playouts of the bundled games of hidden information,
every seat (and a spectator) on its own socket: each screen is exactly the presentation model of
view(seat) at that point, each move is labelled only as the seat may know it, the steps of a
decision reach only the seat that takes it, and no line of the log the seat was not told appears
anywhere in what it was sent."""
from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("uvicorn", reason="the web extra is not installed")

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from ruledsl.present import screen_of  # noqa: E402

from .webclient import Page, app, make_table, socket_path  # noqa: E402

HIDDEN = [("tillinghast", 2), ("haunting-house", 2), ("shining", 3), ("kuhn-poker", 2), ("high-card", 3)]
MOST_ACTIONS = 24
SOME = settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck))


def _plain(data):
    return json.loads(json.dumps(data))


def _texts(data) -> list:
    """Every string in a message, keys included."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [t for k, v in data.items() for t in [k] + _texts(v)]
    if isinstance(data, list):
        return [t for v in data for t in _texts(v)]
    return []


def states_of(game, record: dict) -> list:
    """The state after each number of actions of a record, from none to all."""
    state = game.new_game(seed=record["seed"], chance=record["chance"])
    out = [state.clone()]
    for label in record["actions"]:
        out.append(state.apply(label).clone())
    return out


_SCREENS: dict = {}


def screen_json(state, seat) -> dict:
    """The seat's screen as a page receives it (JSON), worked out once for a state kept alive."""
    key = (id(state), seat)
    if key not in _SCREENS or _SCREENS[key][0] is not state:
        if len(_SCREENS) > 5000:
            _SCREENS.clear()
        _SCREENS[key] = (state, _plain(screen_of(state, seat).to_json()))
    return _SCREENS[key][1]


def check_message(message: dict, state, seat, secret=None) -> None:
    """What one page (seat, None for a spectator) was sent holds only what view(seat) holds; state:
    the game after the number of actions the message names. secret: the lines the seat was never
    told, when known (else the lines not told it by then)."""
    if message["type"] in ("guide", "error"):
        return
    if message["type"] == "screen":
        assert message["screen"] == screen_json(state, seat)    # as the page puts it together (webclient.merged)
        seen = state.actions_seen(seat)
        assert all(m["label"] in (None, seen[i]) for i, m in
                   zip(range(message["seq"] - len(message["moves"]), message["seq"]), message["moves"]))
    if message["type"] == "steps" or message.get("steps"):
        assert seat is not None and state.current_player == seat       # steps only for the seat to decide
        steps = message if message["type"] == "steps" else message["steps"]
        labels = state.legal_labels()
        assert all(c["index"] is None or labels[c["index"]] == c["text"].removesuffix("  (stop here)")
                   for c in steps["choices"])
    sent = "\0".join(_texts({k: v for k, v in message.items() if k != "screen"}))  # the screen: the model's
    assert not [line for line in (untold(state, seat) if secret is None else secret) if line in sent], seat


def untold(state, seat, view=None) -> list:
    """The log lines the seat was not told (nor reads in its view or inside a line it was told)."""
    told = state.events(seat)
    known = "\0".join(told) + json.dumps(view if view is not None else state.view(seat))
    return [line for line in set(state.all_events()).difference(told) if line not in known]


@pytest.mark.parametrize("key, players", HIDDEN)
@SOME
@given(seed=st.integers(0, 2 ** 20))
def test_no_message_to_a_page_holds_more_than_its_seats_view(key, players, seed):
    with TestClient(app()) as client:
        table, pages = make_table(client, key, ["human"] * players, seed=seed)
        hall = client.app.state.hall
        t = hall.tables[table]
        sockets = [client.websocket_connect(socket_path(p)) for p in pages] + \
            [client.websocket_connect(f"/ws/watch/{table}")]
        try:
            seen = [Page(ws.__enter__()) for ws in sockets]
            rng = random.Random(seed)
            while not t.over() and len(t.actors) < MOST_ACTIONS:
                seq = len(t.actors)
                mover = seen[t.state.current_player]
                mover.decide(rng)
                for page in seen:
                    page.until(seq + 1)
            record = t.record()
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
        states = states_of(t.game, record)
        for seat, page in enumerate(seen):
            for message in page.messages:
                check_message(message, states[message.get("seq", 0)], seat if seat < players else None)
        assert len(seen[0].messages) > len(t.actors)      # a screen after every action, and more
