"""`ruledsl serve` under load: N tables at once, each with one seat played by a simulated page
(a WebSocket client clicking like a quick player) and the others by random bots.

Measures the actions per second the server holds, and the round trip from a click (a step of a
decision, or the option that completes it) to the page's update (the steps it asked for, or the
screen after its action), bots' thinking excluded (random bots take microseconds). A table whose
game ends is replaced by a new one, so N tables are in play all along.

    python benchmarks/web.py --tables 50 --seconds 60
    python benchmarks/web.py --tables 10 --game games/haunting_house.rules --think 0.2
    python benchmarks/web.py --screens          # CPU of building one seat's screen, per position
    python benchmarks/web.py --work --players 3 # the server's CPU an action, and a page's message size

The server runs in a process of its own (`ruledsl serve`, on a free port, a fresh SQLite file),
as it would for players; needs the web extra.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(game: str, port: int, db: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "ruledsl", "serve", game, "--port", str(port), "--db", db,
                             "--tables-a-minute", "100000"], stdout=subprocess.DEVNULL)
    for _ in range(600):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
            return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("ruledsl serve did not start")


def cpu_seconds(pid: int):
    """The CPU time a process has used (user and system), where /proc tells it (Linux); else None."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def make_table(port: int, key: str, players: int, seed: int) -> str:
    """A table with seat 1 a person and the others random bots: the person's socket path."""
    form = {"players": str(players), "seed": str(seed), "seat_0": "human"}
    form.update({f"seat_{i}": "random" for i in range(1, players)})
    body = urllib.parse.urlencode(form).encode()
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/new/{key}", data=body) as answer:
        page = answer.read().decode()
    start = page.index('href="/play/') + len('href="/play/')
    table, token = page[start:page.index('"', start)].split("/")
    return f"/ws/{table}/{token}"


class Late(Exception):
    """The run's time is up while a page waits for the server."""


async def receive(ws, kind: str, stats: dict, until: float, after: int = -1) -> dict:
    """The next message of this kind (a screen: one after `after` actions), or an error (what the
    page sent was refused: the server's rate limit, say); counts actions and errors. Late when the
    run's time is up first."""
    while True:
        try:
            text = await asyncio.wait_for(ws.recv(), max(0.0, until - time.monotonic()) + 2)
        except asyncio.TimeoutError:
            raise Late from None
        message = json.loads(text)
        if message["type"] == "screen":
            stats["actions"] += len(message["moves"])
        elif message["type"] == "error":
            stats["errors"] += 1
            return message
        if message["type"] == kind and (kind != "screen" or message["seq"] > after):
            return message


async def play_table(port: int, key: str, players: int, seed: int, think: float, until: float, stats: dict):
    """One simulated page: play its seat, clicking every `think` seconds, table after table."""
    rng = random.Random(seed)
    while time.monotonic() < until:
        path = await asyncio.to_thread(make_table, port, key, players, seed)
        seed += 1000
        async with connect(f"ws://127.0.0.1:{port}{path}", max_size=None) as ws:
            try:
                await play_game(ws, rng, think, until, stats)
            except Late:
                return


async def play_game(ws, rng, think: float, until: float, stats: dict) -> None:
    """Play one table's game on its page's socket, to its end or until the run's time is up."""
    screen = await receive(ws, "screen", stats, until)
    while not screen["over"] and time.monotonic() < until:
        if not screen["steps"]:
            screen = await receive(ws, "screen", stats, until, screen["seq"])
            continue
        steps, seq = screen["steps"], screen["seq"]
        while True:
            await asyncio.sleep(think)
            choice = rng.choice(steps["choices"])
            clicked = time.perf_counter()
            if choice["index"] is not None:
                await ws.send(json.dumps({"type": "act", "seq": seq, "index": choice["index"]}))
                break
            await ws.send(json.dumps({"type": "steps", "seq": seq, "path": steps["path"] + [choice["part"]]}))
            steps = await receive(ws, "steps", stats, until)
            if steps["type"] == "error":    # refused (too fast): the decision again, from its start
                steps = screen["steps"]
                await asyncio.sleep(0.1)
                continue
            stats["trips"].append(time.perf_counter() - clicked)
        answer = await receive(ws, "screen", stats, until, seq)
        if answer["type"] == "error":       # the action was refused: the same screen, decided again
            await asyncio.sleep(0.1)
            continue
        screen = answer
        stats["trips"].append(time.perf_counter() - clicked)
    stats["games"] += screen["over"]


async def run(args) -> dict:
    port = free_port()
    db = tempfile.mktemp(prefix="ruledsl-bench-", suffix=".db")
    proc = start_server(args.game, port, db)
    key = Path(args.game).stem.lower().replace("_", "-")
    stats: dict = {"trips": [], "actions": 0, "errors": 0, "games": 0}
    try:
        start = time.monotonic()
        until = start + args.seconds
        await asyncio.gather(*(play_table(port, key, args.players, 1 + i, args.think, until, stats)
                               for i in range(args.tables)))
        elapsed = time.monotonic() - start
        server_cpu = cpu_seconds(proc.pid)
    finally:
        proc.terminate()
        proc.wait()
    trips = sorted(stats["trips"])
    return {"tables": args.tables, "seconds": round(elapsed, 1), "actions": stats.get("actions", 0),
            "actions_per_second": round(stats.get("actions", 0) / elapsed, 1), "clicks": len(trips),
            "games_finished": stats.get("games", 0), "errors": stats.get("errors", 0),
            "server_cpu_share": round(server_cpu / elapsed, 2) if server_cpu is not None else None,
            "client_cpu_share": round(time.process_time() / elapsed, 2),
            "load_average": round(os.getloadavg()[0], 1),
            "median_ms": round(1000 * trips[len(trips) // 2], 1) if trips else None,
            "p95_ms": round(1000 * trips[int(len(trips) * 0.95)], 1) if trips else None}


def screen_cpu(game_path: str, players: int, runs: int = 5) -> dict:
    """CPU time (time.process_time) of building one seat's screen, and of it with its JSON, per position:
    the median of `runs` passes over 40 positions of a seeded random game, every seat and an onlooker."""
    import statistics

    import ruledsl
    from ruledsl.present import screen_of
    game = ruledsl.load(game_path, players)
    rng, state, positions = random.Random(1), game.new_game(seed=4), []
    for i in range(120):
        if state.is_terminal():
            break
        if i % 3 == 0:
            positions.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    seats = list(range(players)) + [None]
    built, with_json = [], []
    for _ in range(runs):
        for out, work in ((built, lambda s, seat: screen_of(s, seat)),
                          (with_json, lambda s, seat: screen_of(s, seat).to_json())):
            start = time.process_time()
            for position in positions:
                for seat in seats:
                    work(position, seat)
            out.append((time.process_time() - start) / (len(positions) * len(seats)))
    return {"positions": len(positions), "screen_of_ms": round(1000 * statistics.median(built), 3),
            "with_to_json_ms": round(1000 * statistics.median(with_json), 3)}


def server_work(game_path: str, players: int, actions: int = 300, runs: int = 3) -> dict:
    """What the server does for one action, in this process and without the network: take it,
    store the table's record, and send every seat's page its screen message (as JSON text).
    CPU time (time.process_time) a action, the best of `runs` seeded random games; and the
    size of a page's message."""
    from ruledsl.web import messages
    from ruledsl.web.store import Saved, Store
    from ruledsl.web.tables import Table

    import ruledsl
    game = ruledsl.load(game_path, players)
    best, sizes = None, 0
    for _ in range(runs):
        state, store, rng = game.new_game(seed=3), Store(":memory:"), random.Random(3)
        table = Table("t", game, state, ["human"] * players, [""] * players, 0.0)
        store.add(Saved("t", game_path, table.kinds, table.digests, table.record(), 0.0))
        pages, sizes, done = dict.fromkeys(range(players)), 0, 0
        start = time.process_time()
        while done < actions and not state.is_terminal():
            legal = state.legal_actions()
            table.actors.append(state.current_player)
            state.apply(legal[rng.randrange(len(legal))])
            store.update("t", table.record())
            table.version += 1
            for seat in pages:
                message, pages[seat] = messages.screen_message(table, seat, pages[seat])
                sizes += len(json.dumps(message))
            done += 1
        took = (time.process_time() - start) / done
        best = took if best is None else min(best, took)
    return {"actions": done, "pages": players, "cpu_ms_an_action": round(1000 * best, 2),
            "bytes_a_message": round(sizes / done / players)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="tables in play at once (default 50)")
    parser.add_argument("--seconds", type=float, default=60, help="how long to run (default 60)")
    parser.add_argument("--game", default=str(ROOT / "games" / "tillinghast.rules"), help="the rules file")
    parser.add_argument("--players", type=int, default=2, help="seats at each table: one page, the rest bots")
    parser.add_argument("--think", type=float, default=0.5,
                        help="seconds a simulated player takes a click (default 0.5: quicker than people play)")
    parser.add_argument("--screens", action="store_true",
                        help="instead: the CPU time of building one screen (ruledsl.present.screen_of) per position")
    parser.add_argument("--work", action="store_true",
                        help="instead: the server's CPU time an action (taken, stored, every seat's page sent its "
                             "screen), in this process, and the size of a page's message")
    args = parser.parse_args()
    result = screen_cpu(args.game, args.players) if args.screens else \
        server_work(args.game, args.players) if args.work else asyncio.run(run(args))
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
