"""`ruledsl serve` in a real Chromium (Debian's package, driven by Playwright): one browser context
per seat plays a seeded game to the end against the other and a bot, by clicking; at every step
each page's DOM shows its seat's log and none of what it was not told, and afterwards every
WebSocket frame each page received is checked against view(seat). The server is killed in the
middle of the game and started again: the pages reconnect by themselves and reach the same end
as the same game played without a break.

Skipped, saying so, when Playwright or a Chromium is missing (`apt-get install chromium`;
RULEDSL_CHROMIUM names another browser binary). No browser is downloaded.
"""
from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright (the web extra) is not installed")

from starlette.testclient import TestClient  # noqa: E402

from .conftest import ROOT  # noqa: E402
from .test_web_secrets import check_message, screen_json, states_of, untold  # noqa: E402
from .webclient import Page, app, make_table, merged_all, socket_path  # noqa: E402

CHROMIUM = os.environ.get("RULEDSL_CHROMIUM") or next(
    (p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)
if CHROMIUM is None:
    pytest.skip("no Chromium found: the browser tests need one (apt-get install chromium, or set RULEDSL_CHROMIUM)",
                allow_module_level=True)

GAME_SECONDS = 240                                     # a game that takes longer has hung
TRACE = bool(os.environ.get("RULEDSL_WEB_TRACE"))      # say each step of the browser games
SERVED = [ROOT / "games" / "tillinghast.rules", ROOT / "games" / "haunting_house.rules"]

# Played inside each seat's page, as its player would: whenever the page offers choices, click the
# one pick() names; after each new screen, keep what the page shows (its text and its log).
PLAYER = """(seed) => {
  const app = document.getElementById('app');
  const fmix = (h) => { h ^= h >>> 16; h = Math.imul(h, 0x85ebca6b); h ^= h >>> 13; h = Math.imul(h, 0xc2b2ae35);
                        return (h ^ (h >>> 16)) >>> 0; };
  const pick = (seq, depth, count) => fmix((seed * 1000003 + seq * 101 + depth) >>> 0) % count;
  window.__seen = [];
  let shownSeq = -1, clicked = null;
  const look = () => {
    const seq = Number(app.dataset.seq);
    if (seq !== shownSeq && !Number.isNaN(seq)) {
      shownSeq = seq;
      window.__seen.push({seq, text: document.body.textContent,
                          lines: [...document.querySelectorAll('#lines li')].map((li) => li.textContent),
                          places: Object.fromEntries([...document.querySelectorAll('#boards .place')]
                                                     .map((p) => [p.dataset.key, p.textContent]))});
    }
    const buttons = document.querySelectorAll('#choices button.choice');
    if (!buttons.length || buttons[0] === clicked) return;
    clicked = buttons[0];
    const path = JSON.parse(app.dataset.path || '[]');
    buttons[pick(seq, path.length, buttons.length)].click();
  };
  new MutationObserver(() => setTimeout(look, 0)).observe(app, {subtree: true, childList: true, attributes: true});
  look();
}"""


def pick(seed: int, seq: int, depth: int, count: int) -> int:
    """Which of `count` choices a player picks at a step (as PLAYER does): a function of the game's
    seed, the actions so far and the step, so the same game is played alike with or without a break."""
    h = (seed * 1000003 + seq * 101 + depth) & 0xFFFFFFFF
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & 0xFFFFFFFF
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & 0xFFFFFFFF
    return (h ^ (h >> 16)) % count


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`ruledsl serve` in a process of its own, killed (SIGKILL: no goodbye) and started again at will."""

    def __init__(self, db: str, files=SERVED):
        self.db, self.port, self.proc, self.files = db, free_port(), None, list(files)
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "ruledsl", "serve", *map(str, self.files), "--port",
                                      str(self.port), "--db", self.db], stdout=subprocess.DEVNULL)
        for _ in range(600):
            try:
                urllib.request.urlopen(self.url + "/", timeout=1)
                return
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError("ruledsl serve stopped at once")
                time.sleep(0.05)
        raise RuntimeError("ruledsl serve did not answer in 30 s")

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()


@pytest.fixture(scope="module")
def browser():
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


def make_in_lobby(page, server, key: str, kinds: list, seed: int) -> tuple:
    """The host makes a table with the lobby's form: (table id, each seat's link or None)."""
    page.goto(f"{server.url}/new/{key}")
    page.fill("input[name=players]", str(len(kinds)))
    for i, kind in enumerate(kinds):
        page.select_option(f"select[name=seat_{i}]", kind)
    page.fill("input[name=seed]", str(seed))
    page.click("button[type=submit]")
    links = page.locator("ul.links li")
    hrefs = []
    for i in range(links.count()):
        a = links.nth(i).locator("a.seat-link")
        hrefs.append(a.get_attribute("href") if a.count() else None)
    table = page.locator("a[href^='/watch/']").get_attribute("href").rsplit("/", 1)[1]
    return table, hrefs


def play_in_browser(browser, server, key: str, kinds: list, seed: int, kill_at: int) -> dict:
    """Play the table to the end, one context per human seat, each page clicking for its seat; the
    server killed and started again once `kill_at` actions are taken. What each page saw."""
    host = browser.new_context()
    table, links = make_in_lobby(host.new_page(), server, key, kinds, seed)
    seats = [i for i, link in enumerate(links) if link]
    contexts, pages, frames = [], {}, {i: [] for i in seats}
    for i in seats:
        context = browser.new_context(viewport={"width": 1100, "height": 800})
        page = context.new_page()
        page.on("websocket", lambda ws, i=i: ws.on("framereceived", lambda payload, i=i: frames[i].append(payload)))
        page.goto(server.url + links[i])
        page.wait_for_selector("#app[data-seq]")
        page.evaluate(PLAYER, seed)
        contexts.append(context)
        pages[i] = page
    killed, deadline = False, time.monotonic() + GAME_SECONDS
    while True:
        now = {i: page.evaluate("[Number(document.getElementById('app').dataset.seq), "
                                "!!document.querySelector('.result')]") for i, page in pages.items()}
        if TRACE:
            print(now, flush=True)
        if all(over for _, over in now.values()) and len({seq for seq, _ in now.values()}) == 1:
            break
        if not killed and max(seq for seq, _ in now.values()) >= kill_at:
            server.kill()
            server.start()
            killed = True
        assert time.monotonic() < deadline, f"the game did not end in {GAME_SECONDS} s: {now}"
        time.sleep(0.2)
    seen = {i: page.evaluate("window.__seen") for i, page in pages.items()}
    with urllib.request.urlopen(f"{server.url}/record/{table}.json") as answer:
        record = json.load(answer)
    for context in contexts + [host]:
        context.close()
    return {"record": record, "seen": seen, "frames": frames}


def play_uninterrupted(key: str, kinds: list, seed: int) -> list:
    """The same game played by the engine alone, with no server and no break: its actions (the people's
    picks by pick(), the bots seeded as the server seeds them)."""
    from ruledsl import CHANCE, load
    from ruledsl.agents import make_agent, seat_seed
    path = next(str(p) for p in SERVED if p.stem.replace("_", "-") == key)
    state = load(path, len(kinds)).new_game(seed=seed)
    actions = []
    while not state.is_terminal():
        seat = state.current_player
        if seat != CHANCE and kinds[seat] == "human":
            steps, chosen = state.decision_steps(), ()
            while True:
                choices = steps.choices(chosen)
                choice = choices[pick(seed, len(actions), len(chosen), len(choices))]
                if choice.index is not None:
                    label = state.legal_actions()[choice.index].label
                    break
                chosen += (choice.text,)
        else:
            agent = make_agent("random" if seat == CHANCE else kinds[seat],
                               seat_seed(seed, seat) * 100_003 + len(actions))
            label = agent.choose(state.clone()).label
        state.apply(label)
        actions.append(label)
    return actions


def check_pages(seen: dict) -> None:
    """Every page's DOM at every step and every frame it was sent, against view(seat). The lines a
    seat is never told are worked out once, from the game's end (a log only grows)."""
    from ruledsl import load
    record = seen["record"]
    game = load(record["game"], record["players"], record.get("options") or {})
    states = states_of(game, record)
    for seat, snapshots in seen["seen"].items():
        seat = int(seat)
        secret = untold(states[-1], seat)
        # one pattern of every untold line: one scan of each page's text instead of one a line
        told = re.compile("|".join(map(re.escape, sorted(secret, key=len, reverse=True)))) if secret else None
        for snapshot in snapshots:
            state = states[snapshot["seq"]]
            model = screen_json(state, seat)
            assert snapshot["lines"] == model["log"], seat   # its log, as it was told it
            for board in model["boards"]:    # each place drawn as it is now (a patch redraws only some)
                for place in board["places"]:
                    drawn = snapshot["places"][place["key"]]
                    assert place["label"] in drawn and all(p["text"] in drawn for p in place["pieces"]), place
            assert told is None or told.search(snapshot["text"]) is None, (seat, told.search(snapshot["text"]))
        for message in merged_all(json.loads(payload) for payload in seen["frames"][seat]):
            check_message(message, states[message.get("seq", 0)], seat, secret)
        assert snapshots and seen["frames"][seat]


GAMES = [("tillinghast", ["human", "human", "random"], 4, 200),
         ("haunting-house", ["human", "random", "human"], 7, 40)]


@pytest.mark.parametrize("key, kinds, seed, kill_at", GAMES)
def test_seats_play_in_chromium_through_a_restart_to_the_same_end(browser, tmp_path, key, kinds, seed, kill_at):
    server = Server(str(tmp_path / "tables.db"))
    server.start()
    try:
        seen = play_in_browser(browser, server, key, kinds, seed, kill_at)
    finally:
        server.kill()
    record = seen["record"]
    assert record["returns"] is not None and len(record["actions"]) > kill_at     # to the end, past the break
    assert record["actions"] == play_uninterrupted(key, kinds, seed)
    check_pages(seen)
