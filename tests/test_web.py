"""`ruledsl serve` without a browser: the lobby and its form, the WebSocket protocol, what is refused
(and that nothing changes then), limits, records, and tables resumed from SQLite after a restart."""
from __future__ import annotations

import json
import random
import sqlite3

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("uvicorn", reason="the web extra is not installed")

from click.testing import CliRunner  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

import ruledsl  # noqa: E402
from ruledsl.cli.main import cli  # noqa: E402
from ruledsl.web import messages  # noqa: E402

from .webclient import Page, app, make_table, socket_path  # noqa: E402


@pytest.fixture
def client():
    with TestClient(app()) as c:
        yield c


def hall_of(client):
    return client.app.state.hall


def test_the_lobby_lists_the_served_games_and_the_tables(client):
    page = client.get("/")
    assert page.status_code == 200 and "Tillinghast" in page.text and "No tables yet" in page.text
    assert page.headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
    table, _ = make_table(client, "tic-tac-toe", ["human", "random"])
    assert f'href="/watch/{table}"' in client.get("/").text
    assert "Players" in client.get("/new/kuhn-poker").text
    assert client.get("/new/nothing-here").status_code == 404


@pytest.mark.parametrize("form, said", [
    ({"players": "9"}, "Tic-tac-toe is for 2 to 2 players"),
    ({"players": "two"}, "the number of players is a whole number"),
    ({"players": "2", "seat_1": "genius"}, "'genius' is not a bot"),
    ({"players": "2", "seat_1": "mcts", "budget_1": "3600s"}, "a bot here thinks at most 30 s"),
    ({"players": "2", "seed": "-4"}, "the seed is a whole number"),
])
def test_a_bad_form_is_refused_with_what_is_wrong(client, form, said):
    page = client.post("/new/tic-tac-toe", data=form)
    assert page.status_code == 400 and said in page.text.replace("&#x27;", "'")
    assert not hall_of(client).tables


def test_a_bad_option_is_refused_with_what_is_wrong(client):
    page = client.post("/new/shining", data={"players": "3", "option_corrupted": "perhaps"})
    assert page.status_code == 400 and "corrupted" in page.text and not hall_of(client).tables


def test_forms_and_sockets_from_another_site_are_refused(client):
    page = client.post("/new/tic-tac-toe", data={"players": "2"}, headers={"origin": "http://evil.example"})
    assert page.status_code == 403 and not hall_of(client).tables
    _, pages = make_table(client, "tic-tac-toe", ["human", "human"])
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(socket_path(pages[0]), headers={"origin": "http://evil.example"}) as ws:
            ws.receive_json()


def test_a_wrong_token_names_no_seat(client):
    table, pages = make_table(client, "tic-tac-toe", ["human", "human"])
    wrong = pages[0][:-3] + ("aaa" if not pages[0].endswith("aaa") else "bbb")
    assert client.get(wrong).status_code == 404
    assert client.get(pages[0]).status_code == 200
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(socket_path(wrong)) as ws:
            ws.receive_json()
    t = hall_of(client).tables[table]
    assert t.seat_of(pages[1].rsplit("/", 1)[1]) == 1 and t.seat_of("") is None


def test_two_seats_play_a_game_to_the_end_and_its_record_replays(client, tmp_path):
    table, pages = make_table(client, "tic-tac-toe", ["human", "human"], seed=3)
    assert client.get(f"/record/{table}.json").status_code == 409       # not before the end
    rng = random.Random(3)
    with client.websocket_connect(socket_path(pages[0])) as a, client.websocket_connect(socket_path(pages[1])) as b:
        seats = [Page(a), Page(b)]
        assert [p.guide["you"] for p in seats] == ["X", "O"] and "How to play" in seats[0].guide["markdown"]
        seq = 0
        while not seats[0].screen["over"]:
            mover = next(p for p in seats if p.screen["steps"])
            other = seats[1 - seats.index(mover)]
            assert other.screen["steps"] is None              # only the seat to act is offered choices
            label = mover.decide(rng)
            seq += 1
            for p in seats:
                p.until(seq)
            assert seats[1 - seats.index(mover)].screen["moves"] == [{"who": mover.guide["you"], "label": label}]
        result = seats[0].screen["screen"]["result"]
    assert result and result == seats[1].screen["screen"]["result"]
    record = client.get(f"/record/{table}.json")
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    path = tmp_path / "game.json"
    path.write_text(record.text)
    out = CliRunner().invoke(cli, ["replay", str(path)])
    assert out.exit_code == 0 and "Result:" in out.output, out.output
    assert len(json.loads(record.text)["actions"]) == seq


def test_what_is_not_the_seats_to_take_is_refused_and_changes_nothing(client):
    table, pages = make_table(client, "tic-tac-toe", ["human", "human"])
    t = hall_of(client).tables[table]
    with client.websocket_connect(socket_path(pages[0])) as a, client.websocket_connect(socket_path(pages[1])) as b, \
            client.websocket_connect(f"/ws/watch/{table}") as w:
        x, o, watcher = Page(a), Page(b), Page(w)
        before = (t.state.fingerprint(), t.version)
        refusals = [
            (o, dict(type="act", seq=0, index=0), "it is not your turn: X to act"),
            (o, dict(type="steps", seq=0, path=[]), "you have no decision to take now"),
            (watcher, dict(type="act", seq=0, index=0), "a spectator watches"),
            (x, dict(type="act", seq=0, index=99), "there is no option 99"),
            (x, dict(type="act", seq=0, index="0"), "there is no option '0'"),
            (x, dict(type="act", seq=0, index=True), "there is no option True"),
            (x, dict(type="act", seq=0, index=0, label="something else"), "not 'something else'"),
            (x, dict(type="act", seq=5, index=0), "the game has moved on"),
            (x, dict(type="act", index=0), '"seq"'),
            (x, dict(type="steps", seq=0, path="B2"), "a decision's path is a list"),
            (x, dict(type="shout", seq=0), '"type" is "steps" or "act"'),
        ]
        for page, message, said in refusals:
            page.send(**message)
            answer = page.reply()
            assert answer["type"] == "error" and said in answer["message"], (message, answer)
        for text in ("not json", "[1, 2]", "x" * (messages.MAX_MESSAGE_CHARS + 1)):
            x.ws.send_text(text)
            assert x.reply()["type"] == "error"
        assert (t.state.fingerprint(), t.version) == before and not t.actors
        x.decide(random.Random(0))                            # and the seat's own move is taken
        assert x.next_screen()["seq"] == 1


def test_a_page_sending_too_fast_is_told_to_slow_down(client):
    _, pages = make_table(client, "tic-tac-toe", ["human", "human"])
    with client.websocket_connect(socket_path(pages[0])) as ws:
        page = Page(ws)
        for _ in range(60):
            page.send(type="steps", seq=0, path=[])
        answers = [page.reply() for _ in range(60)]
        assert any(a["type"] == "error" and "slow down" in a["message"] for a in answers)
        assert sum(a["type"] == "steps" for a in answers) >= 30


def test_a_bot_plays_its_seat_and_a_reconnected_page_resumes(client):
    table, pages = make_table(client, "kuhn-poker", ["human", "random"], seed=5)
    assert pages[1] is None
    rng = random.Random(5)
    with client.websocket_connect(socket_path(pages[0])) as ws:
        page = Page(ws)
        page.decide(rng)
        page.next_screen()
        while not page.screen["over"] and not page.screen["steps"]:
            page.next_screen()
        seen = page.screen
    with client.websocket_connect(socket_path(pages[0])) as ws:          # a reload: the same screen again
        again = Page(ws).screen
    assert again["seq"] == seen["seq"] and again["screen"] == seen["screen"] and again["steps"] == seen["steps"]
    assert hall_of(client).tables[table].actors[1] == 1                  # the bot's seat acted


def test_a_page_is_sent_its_whole_screen_once_then_what_changed(client):
    """After the first screen on a socket, a screen message carries a patch: the places that changed
    and the log's new lines (the page applies it as messages.patched does)."""
    table, pages = make_table(client, "tic-tac-toe", ["human", "human"], seed=2)
    rng = random.Random(2)
    with client.websocket_connect(socket_path(pages[0])) as a, client.websocket_connect(socket_path(pages[1])) as b:
        seats = [Page(a), Page(b)]
        assert "screen" in seats[0].messages[1] and "patch" not in seats[0].messages[1]
        for seq in (1, 2, 3):
            before = seats[0].screen["screen"]
            next(p for p in seats if p.screen["steps"]).decide(rng)
            after = seats[0].until(seq)
            sent = after["patch"]["keys"]
            assert "title" not in sent and sent["log"] == {"append": after["screen"]["log"][len(before["log"]):]}
            squares = sent["boards"]["items"]["0"]["keys"]["places"]["items"]
            assert 0 < len(squares) < 9          # the square marked (and a mark or two named anew), not all nine
            seats[1].until(seq)
        assert after["screen"] == _plain_screen(hall_of(client).tables[table], 0)


def test_a_patch_turns_the_old_value_into_the_new():
    old = {"a": [1, 2, 3], "b": {"c": "x", "d": [{"e": 1}]}, "log": ["one"]}
    new = {"a": [1, 2, 4], "b": {"c": "x", "d": [{"e": 2}]}, "log": ["one", "two"]}
    change = messages.patch(old, new)
    assert messages.patched(old, change) == new and old["log"] == ["one"]
    assert change == {"keys": {"a": {"items": {"2": {"set": 4}}}, "log": {"append": ["two"]},
                               "b": {"keys": {"d": {"items": {"0": {"keys": {"e": {"set": 2}}}}}}}}}
    assert messages.patch(new, new) is None and messages.patch([1], [2, 3]) == {"set": [2, 3]}
    assert messages.patch({"a": 1}, {"b": 1}) == {"set": {"b": 1}}


def _plain_screen(table, seat) -> dict:
    from ruledsl.present import screen_of
    return json.loads(json.dumps(screen_of(table.state, seat).to_json()))


def _play(client, pages, seed: int, stop=None) -> list:
    """Play every human page of a table with seeded random choices (bots play their own seats) until
    the end, or until `stop` actions; the seq, result and log seen at the end. Each choice is
    seeded by the seed and the number of actions before it, so a game resumed anywhere goes on alike."""
    sockets = [client.websocket_connect(socket_path(p)) for p in pages if p]
    try:
        seats = [Page(ws.__enter__()) for ws in sockets]
        while True:
            seq = max(p.screen["seq"] for p in seats)
            for p in seats:
                p.until(seq)
            if seats[0].screen["over"] or (stop is not None and seq >= stop):
                return [seq, seats[0].screen["screen"]["result"], seats[0].screen["screen"]["log"]]
            mover = next((p for p in seats if p.screen["steps"]), None)
            if mover is None:                        # a bot is thinking
                seats[0].next_screen()
                continue
            mover.decide(random.Random(seed * 100_003 + seq))
            mover.next_screen()
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)


def test_a_restarted_server_resumes_every_table_from_sqlite(tmp_path):
    db = str(tmp_path / "tables.db")
    with TestClient(app(db)) as c:
        table, pages = make_table(c, "high-card", ["human", "human", "random"], seed=11)
        _play(c, pages, seed=4, stop=2)
        stopped_at = len(c.app.state.hall.tables[table].actors)
    stored = sqlite3.connect(db).execute("SELECT digests, record FROM tables").fetchone()
    assert all(p.rsplit("/", 1)[1] not in stored[0] for p in pages if p)      # only the tokens' digests
    assert len(json.loads(stored[1])["actions"]) == stopped_at
    with TestClient(app(db)) as c:                      # a new server on the same file
        resumed = c.app.state.hall.tables[table]
        assert len(resumed.actors) == stopped_at
        assert c.get(pages[0]).status_code == 200       # the same links still work
        end = _play(c, pages, seed=4)
    assert 2 <= stopped_at < end[0] and end[1]
    with TestClient(app()) as c:                        # the same game, never interrupted
        _, fresh = make_table(c, "high-card", ["human", "human", "random"], seed=11)
        assert _play(c, fresh, seed=4) == end
    game = ruledsl.load(str(resumed.game.path), 3)
    assert ruledsl.replay(game, resumed.record()).is_terminal()


def test_serve_says_how_it_is_used_and_refuses_a_missing_file():
    out = CliRunner().invoke(cli, ["serve", "--help"])
    assert out.exit_code == 0 and "--db FILE" in out.output and "127.0.0.1" in out.output, out.output
    out = CliRunner().invoke(cli, ["serve", "no/such.rules"])
    assert out.exit_code == 1 and "no/such.rules: error: no such file" in out.output, out.output


def test_a_screen_that_cannot_be_built_closes_the_page_with_an_error(client, monkeypatch):
    """A page must not wait for a screen that never comes: it is told, and its socket closed."""
    from ruledsl.web import app as web_app
    _, pages = make_table(client, "tic-tac-toe", ["human", "human"])

    def broken(*args):
        raise ValueError("no screen")
    monkeypatch.setattr(web_app, "screen_message", broken)
    with client.websocket_connect(socket_path(pages[0])) as ws:
        assert ws.receive_json()["type"] == "guide"
        said = ws.receive_json()
        assert said["type"] == "error" and "cannot be drawn: ValueError" in said["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 1011
