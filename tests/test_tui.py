"""The full-screen UI driven as a person would (Textual's Pilot), for every bundled game: decisions
taken in steps with arrows, filter and back, undo, help, save and resume, and the end of a game."""
from __future__ import annotations

import asyncio
import json
import os
import re

import pytest

pytest.importorskip("textual")

import ruledsl  # noqa: E402
from ruledsl.cli.common import load_record_game, read_record, replay_record  # noqa: E402
from ruledsl.cli.session import GameSession  # noqa: E402
from ruledsl.cli.tui.app import PlayApp  # noqa: E402
from ruledsl.cli.tui.decide import DecisionPane  # noqa: E402
from ruledsl.cli.tui.screens import Help  # noqa: E402

from .tui_driver import BUNDLED, human_decisions, new_session, screen_text, settled_text, take  # noqa: E402


def run(app, script, size=(120, 40)):
    async def main():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot, app, app.query_one(DecisionPane))
    asyncio.run(main())


@pytest.mark.parametrize("name", list(BUNDLED))
def test_start_decide_in_steps_undo_help_save_and_resume(name, tmp_path):
    session = new_session(name, str(tmp_path / "game.save.json"))
    app = PlayApp(session, bot_delay=0)

    async def script(pilot, app, pane):
        state = session.state
        assert state.current_player == 0 and pane.steps is not None
        screen = await settled_text(pilot, app)
        assert "you are" in screen and "choose" in screen
        before = list(state.actions_taken)
        index = min(len(state.legal_labels()), 8) - 1   # far enough down to need arrows, in steps where it has them
        label = state.legal_actions()[index].label
        await take(pilot, pane, index)
        assert session.state.actions_taken[len(before)] == label
        # Undo: back to the decision when nothing hidden was revealed since, else it stands.
        allowed = session.undo_problem(0) is None
        await pilot.press("ctrl+z")
        await pilot.pause()
        if allowed:
            assert session.state.actions_taken == before and label in session.state.legal_labels()
        else:
            assert session.state.actions_taken[len(before)] == label
        # Help: how to play, from the rules, then the keys.
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, Help)
        assert f"How to play {session.game.title}" in screen_text(app)
        await pilot.press("end")
        await pilot.pause()
        assert "Ctrl+Z" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, Help)
        # Save, then resume from the file: the same game.
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        record = json.loads((tmp_path / "game.save.json").read_text())
        assert record["actions"] == [str(a) for a in session.state.actions_taken]
        game = ruledsl.load(str(tmp_path / record["game"]) if not record["game"].startswith("/") else record["game"],
                            players=record["players"])
        assert ruledsl.replay(game, record).fingerprint() == session.state.fingerprint()
    run(app, script)
    # Resume as `ruledsl play --resume` does: the record's game, the same decision on screen.
    path = str(tmp_path / "game.save.json")
    record = read_record(path)
    game = load_record_game(record, path)
    again = GameSession(game, replay_record(game, record, path), session.agents, [0], path)
    resumed = PlayApp(again, bot_delay=0)

    async def offered(pilot, app, pane):
        assert again.state.fingerprint() == session.state.fingerprint()
        assert [c.text for c in pane.shown] == [c.text for c in session.state.decision_steps().choices(())]
    run(resumed, offered)


LONG = pytest.mark.skipif(not os.environ.get("RULEDSL_LONG"), reason="about 20 s: run with RULEDSL_LONG=1 (CI does)")


@pytest.mark.parametrize("name", [pytest.param(n, marks=LONG) if n == "unrelenting_other" else n for n in BUNDLED])
def test_finish_a_seeded_game(name, tmp_path):
    """The game is played by seat 1's policy to three decisions before its end, then finished with keys."""
    taken = human_decisions(name)
    session = new_session(name, str(tmp_path / "end.save.json"))
    session.advance()
    for index in taken[:-3]:
        session.take(index)
        session.advance()
    app = PlayApp(session, bot_delay=0)

    async def script(pilot, app, pane):
        for index in taken[-3:]:
            assert session.state.current_player == 0
            await take(pilot, pane, index)
        assert session.state.is_terminal()
        assert "Game over" in screen_text(app)
        await pilot.press("down", "enter")           # Leave
        await pilot.pause()
    run(app, script)
    assert app.return_code == 0


def test_programming_four_cards_in_steps_with_filter_and_back():
    session = new_session("haunting_house")
    session.advance()
    while session.state.pending.parts != "ordered":
        session.take(0)
        session.advance()
    app = PlayApp(session, bot_delay=0)

    async def script(pilot, app, pane):
        assert len(pane.shown) == 7 and pane.steps.depth() == 4
        first = pane.shown[0].text
        await pilot.press("enter")
        assert pane.path == [first] and len(pane.shown) == 6
        await pilot.press("escape")                       # back a step
        assert pane.path == [] and len(pane.shown) == 7
        for key in "move":                                # filter by typing
            await pilot.press(key)
        assert sorted(c.text for c in pane.shown) == ["Move 1", "Move 2"]
        second = pane.shown[1].text
        await pilot.press("backspace")
        assert pane.typed == "mov"
        await pilot.press("down", "enter")                # the second of them
        assert pane.path == [second] and pane.typed == ""
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
        taken = session.state.actions_taken
        assert str(taken[-1]).startswith(f"program {second}, ") or any(
            str(a).startswith(f"program {second}, ") for a in taken[-4:])
    run(app, script)


def test_a_small_screen_shows_the_board_and_swaps_to_the_log():
    session = new_session("haunting_house")
    app = PlayApp(session, bot_delay=0)

    async def script(pilot, app, pane):
        small = await settled_text(pilot, app)
        assert len(small.splitlines()) == 24 and max(len(line) for line in small.splitlines()) <= 80
        assert "╭─ Board" in small and "╭─ Log" not in small
        await pilot.press("f2")
        await pilot.pause()
        mine = screen_text(app)
        assert "╭─ Yours" in mine and "╭─ Board" not in mine
        await pilot.press("f2")
        await pilot.pause()
        log = screen_text(app)
        assert "╭─ Log" in log and "╭─ Yours" not in log and "tiles are laid" in log
    run(app, script, size=(80, 24))


def test_hot_seat_hands_over_with_nothing_of_the_last_seat_on_screen():
    game = ruledsl.load("games/examples/high_card.rules", players=2)
    session = GameSession(game, game.new_game(seed=1), {ruledsl.CHANCE: None}, [0, 1], "x.json")
    app = PlayApp(session, bot_delay=0)

    async def script(pilot, app, pane):
        first = await settled_text(pilot, app)
        assert "Pass the keyboard to" in first and "P1" in first
        await pilot.press("enter")
        await pilot.pause()
        mine = [c["fields"]["value"] for c in session.state.view(0)["zones"]["P1.hand"]]
        await pilot.press("enter")                      # P1 plays a card
        handover = await settled_text(pilot, app)
        assert "Pass the keyboard to" in handover and "P2" in handover
        assert not any(f"play {v}" in handover for v in mine)
        await pilot.press("enter")
        shown = await settled_text(pilot, app)
        assert "you are P2" in shown and "P1 makes a secret choice" in shown
    run(app, script)


def test_ctrl_d_at_the_save_questions_saves_before_leaving(tmp_path):
    session = new_session("shining", str(tmp_path / "left.save.json"))
    app = PlayApp(session, bot_delay=0)

    async def script(pilot, app, pane):
        await take(pilot, pane, 0)
        await pilot.press("ctrl+q")                     # "Save before quitting?"
        await pilot.pause()
        await pilot.press("ctrl+d")                     # yes
        await pilot.pause()
        await pilot.press("ctrl+d")                     # the file name offered
        await pilot.pause()
    run(app, script)
    record = json.loads((tmp_path / "left.save.json").read_text())
    assert record["actions"] == [str(a) for a in session.state.actions_taken] and record["actions"]
    assert app.messages[-1] == "Game left unfinished." and app.messages[0].startswith("Saved to ")


def test_the_saved_screens_are_there_at_both_sizes_and_linked():
    from .screens import OUT, SIZES
    index = (OUT / "README.md").read_text(encoding="utf-8")
    assert "docs/screens/README.md" in (OUT.parent.parent / "README.md").read_text(encoding="utf-8")
    for name in BUNDLED:
        for w, h in SIZES:
            lines = (OUT / f"{name}-{w}x{h}.txt").read_text(encoding="utf-8").splitlines()
            assert len(lines) == h and max(len(line) for line in lines) <= w
            assert "choose" in "\n".join(lines) and "you are" in lines[0]
            bots = (OUT / f"{name}-{w}x{h}-bots.txt").read_text(encoding="utf-8").splitlines()
            assert len(bots) == h and max(len(line) for line in bots) <= w
            assert "the bots are playing" in "\n".join(bots) and "you are" in bots[0]
            for shot in (lines, bots):      # in the rules' words: no identifier (event_deck, Red.glimpse)
                assert not re.search(r"\w_\w|[A-Za-z]\.[A-Za-z]", "\n".join(shot)), shot
            for stem in (f"{name}-{w}x{h}", f"{name}-{w}x{h}-bots"):
                assert (OUT / f"{stem}.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
                assert f"({stem}.txt)" in index and f"({stem}.png)" in index


def test_clicking_a_square_on_the_board_picks_it():
    from .screens import session_at
    session = session_at("tillinghast")
    app = PlayApp(session, bot_delay=0)

    async def script(pilot, app, pane):
        await pilot.press("enter")                               # "move …": the squares to pick from
        await pilot.pause()
        target = pane.shown[-1]
        label = pane.label_of(target)
        lines = screen_text(app).splitlines()
        y, x = next((y, line.index("|" + target.text) + 1) for y, line in enumerate(lines)
                    if "|" + target.text in line[:80])
        before = len(session.state.actions_taken)
        await pilot.click(offset=(x, y))
        await pilot.pause()
        assert str(session.state.actions_taken[before]) == label
    run(app, script)


def test_a_thinking_bot_searches_while_the_screen_stays_live():
    import threading

    from ruledsl.agents.search import SearchAgent

    class Pondering(SearchAgent):
        """Thinks until the test lets it answer."""
        def choose(self, state):
            assert released.wait(10)
            return state.legal_actions()[0]

    released = threading.Event()
    game = ruledsl.load("games/examples/tic_tac_toe.rules", players=2)
    session = GameSession(game, game.new_game(seed=1), {1: Pondering()}, [0], "x.json")
    app = PlayApp(session, bot_delay=0)

    async def script(pilot, app, pane):
        await pilot.press("enter")                      # X marks; O thinks in a worker thread
        assert app.thinking and pane.loading and "thinking" in screen_text(app)
        await pilot.press("ctrl+z")                     # refused: while a bot thinks the state is its own
        assert len(session.state.actions_taken) == 1
        released.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not app.thinking and not pane.loading
        assert len(session.state.actions_taken) == 2 and session.state.current_player == 0
    run(app, script)


def test_clicking_a_card_in_ones_hand_picks_it():
    session = new_session("haunting_house")
    app = PlayApp(session, bot_delay=0)

    async def script(pilot, app, pane):
        for _ in range(40):                         # on to the first programming: four cards in steps
            pending = session.state.pending
            if pending is not None and pending.parts == "ordered" and any(c.index is None for c in pane.shown):
                break
            await take(pilot, pane, 0)
        lines = screen_text(app).splitlines()
        hand = [c.text for c in pane.shown if c.index is None]         # the first card of a program
        assert hand, [c.text for c in pane.shown]
        found = [(y, line.index(text, 60), text) for text in hand for y, line in enumerate(lines)
                 if line.find(text, 60) >= 0]
        assert found, "no card of the choice is shown in the seat's own pane"
        y, x, text = found[0]
        await pilot.click(offset=(x + 1, y))
        await pilot.pause()
        assert pane.path == [text]
    run(app, script)


def test_each_bot_move_is_shown_and_what_it_changed_stays_highlighted():
    """A bot's move stays on screen a moment: named above the board, which shows the position after
    it; Ctrl+B stops the pauses."""
    session = new_session("tillinghast")
    app = PlayApp(session, bot_delay=5)
    shown = []

    async def script(pilot, app, pane):
        while session.state.current_player == 0 and not app.query_one("#move").has_class("shown"):
            pane.post_message(DecisionPane.Decided(0, ""))
            for _ in range(100):
                await pilot.pause(0.05)
                moved = app.query_one("#move").has_class("shown")
                if moved or (not app.thinking and session.state.current_player == 0):
                    break
        assert app.query_one("#move").has_class("shown") and app.thinking
        for _ in range(40):         # (the banner is drawn at the next refresh, later on a loaded machine)
            banner = screen_text(app).splitlines()[1]
            if "Board" not in banner:
                break
            await pilot.pause(0.05)
        shown.append(banner)
        assert banner.strip() == "P2 makes a secret choice" or banner.strip().startswith("P2: ")   # as the log says
        before = len(session.state.actions_taken)
        await pilot.press("ctrl+b")                         # no more pauses: the bots finish at once
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not app.paced and not app.thinking and session.state.current_player == 0
        assert len(session.state.actions_taken) > before and not app.query_one("#move").has_class("shown")
    run(app, script)
    assert shown
