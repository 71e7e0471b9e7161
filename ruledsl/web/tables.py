"""Tables in play: a game, who sits where, each seat's token, and the bots that act off the event loop.

All changes to a table's state happen on the event loop's thread, one at a time
under the table's lock: a seat's action is taken only when that seat must decide
and names an option of the decision its page was shown. A bot chooses on a clone
of the state in a worker thread, seeded from the game's seed, its seat and the
move's number, so a table resumed from its record goes on exactly as it would
have (with budgets in iterations; a budget in seconds depends on the machine).
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Optional

import ruledsl
from .. import CHANCE
from ..agents import make_agent, seat_seed
from ..agents.specs import SpecError, parse_spec, thinks
from ..errors import IllegalAction, RulesError
from .store import Saved, Store

MAX_OPEN_TABLES = 200          # tables not yet over, all hosts' together
MAX_BOT_SECONDS = 30.0         # a bot's budget a move, in seconds …
MAX_BOT_ITERATIONS = 200_000   # … or in iterations


class Refused(Exception):
    """An action, a table or a step that is not accepted; the message says why, for the page."""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def check_kind(kind: str) -> str:
    """"human" or a bot's spec whose budget is within the server's limits; Refused otherwise."""
    kind = kind.strip().lower()
    if kind == "human":
        return kind
    try:
        _, budget = parse_spec(kind)
    except SpecError as err:
        raise Refused(str(err)) from None
    if budget is not None and ((budget.seconds or 0) > MAX_BOT_SECONDS
                               or (budget.iterations or 0) > MAX_BOT_ITERATIONS):
        raise Refused(f"'{kind}': a bot here thinks at most {MAX_BOT_SECONDS:g} s or "
                      f"{MAX_BOT_ITERATIONS:,} iterations a move")
    return kind


class Table:
    """One game at one table. kinds: "human" or a bot's spec per seat; digests: each human seat's
    token digest ("" for a bot); actors: who took each action (0-based seat, CHANCE); version:
    counts the changes pages wait on."""

    def __init__(self, table_id: str, game, state, kinds: list, digests: list, created: float):
        self.id = table_id
        self.game = game
        self.state = state
        self.kinds = kinds
        self.digests = digests
        self.created = created
        self.actors: list = []
        self.stopped: Optional[str] = None      # why the game cannot go on (a rule failed)
        self.version = 0
        self.screens: dict = {}                 # seat (None: onlookers): (version, Screen, its JSON)
        self.lock = asyncio.Lock()
        self.changed = asyncio.Condition()
        self.bot_task: Optional[asyncio.Task] = None

    # ------------------------------------------------------------ who is who
    def seat_of(self, token: str) -> Optional[int]:
        """The seat whose token this is, or None; every seat's digest compared in constant time."""
        given = digest(token)
        found = None
        for seat, known in enumerate(self.digests):
            if known and hmac.compare_digest(given, known):
                found = seat
        return found

    @property
    def seats(self) -> list:
        return self.game.seats

    def seat_label(self, seat) -> str:
        if seat == CHANCE:
            return "chance"
        from ..present.texts import tables_of
        return tables_of(self.game).seat(self.seats[seat])

    def over(self) -> bool:
        return self.state.is_terminal()

    def next_bot(self) -> Optional[int]:
        """The seat (or CHANCE) a bot plays that must act now, else None."""
        if self.stopped or self.state.is_terminal():
            return None
        seat = self.state.current_player
        return seat if seat == CHANCE or self.kinds[seat] != "human" else None

    def record(self) -> dict:
        return dict(self.state.record(), seats=list(self.kinds))

    def status(self) -> str:
        if self.stopped:
            return "stopped: " + self.stopped
        if self.state.is_terminal():
            return "over"
        seat = self.state.current_player
        return "chance" if seat == CHANCE else f"{self.seat_label(seat)} to act"


class Hall:
    """Every table of the server: made, restored from the store, acted on. catalog: the games
    served (only these files are ever loaded); store: where each table is kept."""

    def __init__(self, catalog, store: Store, pool: Optional[Executor] = None, max_open: int = MAX_OPEN_TABLES):
        self.catalog = catalog
        self.store = store
        self.pool = pool or ThreadPoolExecutor(max_workers=2, thread_name_prefix="ruledsl-bot")
        self.max_open = max_open
        self.tables: dict = {}
        self.problems: list = []       # tables that could not be resumed, and why

    # ------------------------------------------------------------ making and restoring
    def create(self, key: str, players: int, options: dict, kinds: list, seed: Optional[int] = None) -> tuple:
        """A new table of the served game `key`: (table, [token or None for each seat])."""
        entry = self.catalog.get(key)
        if entry is None:
            raise Refused(f"this server does not serve a game '{key}'")
        if sum(1 for t in self.tables.values() if not t.over()) >= self.max_open:
            raise Refused(f"this server has {self.max_open} tables in play already; finish one first")
        if not (isinstance(players, int) and entry.low <= players <= entry.high):
            raise Refused(f"{entry.title} is for {entry.low} to {entry.high} players")
        if len(kinds) != players:
            raise Refused(f"say who plays each of the {players} seats")
        kinds = [check_kind(k) for k in kinds]
        try:
            game = ruledsl.load(entry.path, players, {k: v for k, v in options.items() if v != ""})
            seed = secrets.randbelow(1_000_000) + 1 if seed is None else seed
            state = game.new_game(seed=seed, chance="explicit" if any(k != "human" and thinks(k) for k in kinds)
                                  else "seeded")
        except RulesError as err:
            raise Refused(err.diagnostics[0].message if err.diagnostics else str(err)) from None
        tokens = [secrets.token_urlsafe(18) if k == "human" else None for k in kinds]
        table = Table(secrets.token_hex(6), game, state, kinds, [digest(t) if t else "" for t in tokens], time.time())
        self.store.add(Saved(table.id, entry.path, kinds, table.digests, table.record(), table.created))
        self.tables[table.id] = table
        return table, tokens

    def restore(self) -> None:
        """Every stored table, replayed from its record (a table whose game is no longer served, or
        whose record no longer fits its rules, is left out and said in problems)."""
        for saved in self.store.all():
            try:
                self.tables[saved.id] = self._replayed(saved)
            except (Refused, RulesError, IllegalAction) as err:
                self.problems.append(f"table {saved.id}: {err}")
        self.problems += getattr(self.store, "problems", [])

    def _replayed(self, saved: Saved) -> Table:
        entry = self.catalog.by_path(saved.game)
        if entry is None:
            raise Refused(f"its game {saved.game} is not served now")
        record = saved.record
        game = ruledsl.load(entry.path, record["players"], record.get("options") or {})
        state = game.new_game(seed=record["seed"], chance=record.get("chance", "seeded"))
        table = Table(saved.id, game, state, saved.kinds, saved.digests, saved.created)
        for label in record["actions"]:
            table.actors.append(state.current_player)
            state.apply(label)
        return table

    # ------------------------------------------------------------ acting
    async def act(self, table: Table, seat: int, seq, index, label=None) -> None:
        """Seat's decision: option `index` of the decision shown after `seq` actions; Refused
        (nothing changed) when it is not that seat's to take or not one of its options."""
        async with table.lock:
            state = table.state
            if table.stopped:
                raise Refused(f"the game has stopped: {table.stopped}")
            if state.is_terminal():
                raise Refused("the game is over")
            if state.current_player != seat:
                raise Refused(f"it is not your turn: {table.status()}")
            if seq != len(table.actors):
                raise Refused("the game has moved on since your page was drawn; it is up to date now")
            legal = state.legal_actions()
            if type(index) is not int or not 0 <= index < len(legal):
                raise Refused(f"there is no option {index!r}: choose one of the {len(legal)} shown")
            if label is not None and label != legal[index].label:
                raise Refused(f"option {index} is '{legal[index].label}', not '{str(label)[:200]}'")
            await self._apply(table, legal[index], seat)
        self.wake_bots(table)

    async def _apply(self, table: Table, action, actor) -> None:
        try:
            table.state.apply(action)
        except RulesError as err:
            table.stopped = err.diagnostics[0].message if err.diagnostics else str(err)
        table.actors.append(actor)
        self.store.update(table.id, table.record())
        table.version += 1
        async with table.changed:
            table.changed.notify_all()

    # ------------------------------------------------------------ bots
    def wake_bots(self, table: Table) -> None:
        """Start the table's bots if one must act and none is at work."""
        if table.next_bot() is not None and (table.bot_task is None or table.bot_task.done()):
            table.bot_task = asyncio.get_running_loop().create_task(self._bots(table))

    def wake_all(self) -> None:
        for table in self.tables.values():
            self.wake_bots(table)

    async def _bots(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while (seat := table.next_bot()) is not None:
            kind = "random" if seat == CHANCE else table.kinds[seat]
            move = len(table.actors)
            agent = make_agent(kind, seat_seed(table.state.seed, seat) * 100_003 + move)
            if thinks(kind):
                action = await loop.run_in_executor(self.pool, agent.choose, table.state.clone())
            else:       # a random pick (or chance's) takes microseconds: a thread would cost more
                action = agent.choose(table.state)
                await asyncio.sleep(0)          # (other pages and tables are served between moves)
            async with table.lock:
                if len(table.actors) != move:      # cannot happen: only bots act now; said, not guessed
                    continue
                await self._apply(table, action.label, seat)

    async def close(self) -> None:
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)
