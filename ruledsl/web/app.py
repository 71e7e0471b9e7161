"""The Starlette application: the lobby and forms over HTTP, each page's game over a WebSocket.

Safe by default: a seat's page is reached only with its token (compared in constant
time), sends only `steps` and `act` messages of bounded size at a bounded rate, and is
sent only its seat's screen; forms and sockets from another site's pages are refused;
pages are never framed and never pass their address (which holds the token) on.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from typing import Optional
from urllib.parse import parse_qsl, urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import pages
from .messages import parse, screen_message, steps_message
from .store import Store
from .tables import Hall, Refused

LOG = logging.getLogger("ruledsl.web")
STATIC = os.path.join(os.path.dirname(__file__), "static")
MAX_FORM_BYTES = 16 * 1024
RATE, BURST = 20.0, 40.0             # a page's messages a second, and how many at once
MOST_REFUSED = 200                   # refused messages before a page's socket is closed
TABLES_A_MINUTE = 30                 # new tables from one address
HEADERS = [
    (b"content-security-policy", b"default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
                                 b"frame-ancestors 'none'; base-uri 'none'; form-action 'self'"),
    (b"referrer-policy", b"same-origin"),      # a seat's address holds its token: never sent elsewhere
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
]


class Bucket:
    """A token bucket: rate tokens a second, at most burst; take() says whether one was left."""

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst, self.left, self.at = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.left = min(self.burst, self.left + (now - self.at) * self.rate)
        self.at = now
        if self.left < 1:
            return False
        self.left -= 1
        return True


def _same_origin(headers) -> bool:
    """A request without an Origin (not from a page), or from a page of this very host."""
    origin = headers.get("origin")
    return origin is None or urlsplit(origin).netloc == headers.get("host", "")


class SecureHeaders:
    """Adds HEADERS to every HTTP response (plain ASGI, so WebSockets pass untouched)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def sending(message):
            if message["type"] == "http.response.start":
                message = dict(message, headers=list(message.get("headers", [])) + HEADERS)
            await send(message)
        await self.app(scope, receive, sending)


def create_app(catalog, db: str = ":memory:", hall: Optional[Hall] = None,
               tables_a_minute: int = TABLES_A_MINUTE) -> Starlette:
    """The server of the games in catalog, its tables kept in the SQLite file db; one address may
    make tables_a_minute tables a minute."""
    hall = hall or Hall(catalog, Store(db))
    hall.restore()
    creations: dict = {}

    async def lobby(request: Request):
        return HTMLResponse(pages.lobby(catalog, hall.tables.values()))

    async def new_form(request: Request):
        entry = catalog.get(request.path_params["key"])
        if entry is None:
            return HTMLResponse(pages.problem("No such game", "This server does not serve that game."), 404)
        return HTMLResponse(pages.new_table(entry))

    async def new_table(request: Request):
        entry = catalog.get(request.path_params["key"])
        if entry is None:
            return HTMLResponse(pages.problem("No such game", "This server does not serve that game."), 404)
        if not _same_origin(request.headers):
            return HTMLResponse(pages.problem("Refused", "A table is made from this server's own form."), 403)
        if int(request.headers.get("content-length") or 0) > MAX_FORM_BYTES:
            return HTMLResponse(pages.problem("Refused", "That form is too large."), 413)
        host = request.client.host if request.client else ""
        bucket = creations.setdefault(host, Bucket(tables_a_minute / 60, tables_a_minute))
        if not bucket.take():
            return HTMLResponse(pages.problem("Slow down", "Too many tables made from here; wait a minute."), 429)
        form = await _read_form(request)
        if form is None:
            return HTMLResponse(pages.problem("Refused", "That form is too large."), 413)
        try:
            table, tokens = hall.create(entry.key, *_table_settings(entry, form))
        except Refused as err:
            return HTMLResponse(pages.new_table(entry, str(err), form), 400)
        hall.wake_bots(table)
        return HTMLResponse(pages.made(table, tokens, str(request.base_url).rstrip("/")))

    async def play(request: Request):
        table = hall.tables.get(request.path_params["table"])
        seat = table.seat_of(request.path_params["token"]) if table else None
        if seat is None:
            return HTMLResponse(pages.problem("No such seat", "This link names no seat of a table here.",
                                              "Ask the host for your link."), 404)
        return HTMLResponse(pages.play(table, f"/ws/{table.id}/{request.path_params['token']}",
                                       table.seat_label(seat)))

    async def watch(request: Request):
        table = hall.tables.get(request.path_params["table"])
        if table is None:
            return HTMLResponse(pages.problem("No such table", "There is no such table here."), 404)
        return HTMLResponse(pages.play(table, f"/ws/watch/{table.id}", ""))

    async def record(request: Request):
        table = hall.tables.get(request.path_params["table"])
        if table is None:
            return JSONResponse({"error": "there is no such table"}, 404)
        if not table.over():
            return JSONResponse({"error": "the game is not over: its record would tell its secrets"}, 409)
        name = f"{os.path.splitext(os.path.basename(table.game.path))[0]}-{table.id}.json"
        return Response(json.dumps(table.record(), indent=2) + "\n", media_type="application/json",
                        headers={"content-disposition": f'attachment; filename="{name}"'})

    async def seat_socket(ws: WebSocket):
        table = hall.tables.get(ws.path_params["table"])
        seat = table.seat_of(ws.path_params["token"]) if table else None
        if seat is None or not _same_origin(ws.headers):
            await ws.close(code=1008)
            return
        await converse(ws, table, seat)

    async def watch_socket(ws: WebSocket):
        table = hall.tables.get(ws.path_params["table"])
        if table is None or not _same_origin(ws.headers):
            await ws.close(code=1008)
            return
        await converse(ws, table, None)

    async def converse(ws: WebSocket, table, seat) -> None:
        await ws.accept()
        sending = asyncio.Lock()

        async def send(message: dict) -> None:
            async with sending:
                await ws.send_text(json.dumps(message))

        async def screens() -> None:
            seen, before = -1, None
            try:
                while True:
                    async with table.changed:
                        await table.changed.wait_for(lambda: table.version != seen)
                    seen = table.version
                    message, before = screen_message(table, seat, before)
                    await send(message)
            except (asyncio.CancelledError, WebSocketDisconnect):
                raise
            except Exception as err:     # a page must not wait for a screen that will never come
                LOG.exception("table %s: the screen of a page could not be sent", table.id)
                with contextlib.suppress(Exception):
                    await send({"type": "error", "message": f"this page cannot be drawn: {type(err).__name__}; "
                                                           "the host's log says more"})
                    await ws.close(code=1011)

        from ..present.guide import guide_of
        await send({"type": "guide", "markdown": guide_of(table.game).markdown(),
                    "you": table.seat_label(seat) if seat is not None else None})
        writer = asyncio.get_running_loop().create_task(screens())
        bucket, refused = Bucket(RATE, BURST), 0
        try:
            while True:
                text = await ws.receive_text()
                try:
                    if not bucket.take():
                        raise Refused("too many messages: slow down")
                    await answer(parse(text), table, seat, send)
                except Refused as err:
                    refused += 1
                    await send({"type": "error", "message": str(err)})
                    if refused > MOST_REFUSED:
                        await ws.close(code=1008)
                        return
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    async def answer(message: dict, table, seat, send) -> None:
        if seat is None:
            raise Refused("a spectator watches: only a seat's own page may decide")
        if message["type"] == "steps":
            await send(steps_message(table, seat, message["seq"], message.get("path", [])))
        else:
            await hall.act(table, seat, message["seq"], message.get("index"), message.get("label"))

    @contextlib.asynccontextmanager
    async def lifespan(app):
        hall.wake_all()
        yield
        await hall.close()

    routes = [
        Route("/", lobby), Route("/new/{key}", new_form, methods=["GET"]),
        Route("/new/{key}", new_table, methods=["POST"]),
        Route("/play/{table}/{token}", play), Route("/watch/{table}", watch),
        Route("/record/{table}.json", record),
        WebSocketRoute("/ws/watch/{table}", watch_socket), WebSocketRoute("/ws/{table}/{token}", seat_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hall = hall
    app.add_middleware(SecureHeaders)
    return app


async def _read_form(request: Request) -> Optional[dict]:
    """The url-encoded form's fields (the first of each name); None when it is too large. Read here
    rather than by a multipart library: the form is small and has no files."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM_BYTES:
            return None
    return dict(reversed(parse_qsl(body.decode("utf-8", "replace"), max_num_fields=200)))


def _table_settings(entry, form: dict) -> tuple:
    """(players, options, kinds, seed) from the new-table form; Refused for a value that is not one."""
    try:
        players = int(form.get("players") or entry.low)
    except ValueError:
        raise Refused("the number of players is a whole number") from None
    if not entry.low <= players <= entry.high:
        raise Refused(f"{entry.title} is for {entry.low} to {entry.high} players")
    kinds = []
    for i in range(players):
        kind = (form.get(f"seat_{i}") or "human").strip().lower()
        budget = (form.get(f"budget_{i}") or "").strip()
        kinds.append(f"{kind}:{budget}" if budget and kind not in ("human", "random") else kind)
    options = {o.name: form[f"option_{o.name}"].strip() for o in entry.options
               if form.get(f"option_{o.name}", "").strip() not in ("", o.default)}
    seed_text = (form.get("seed") or "").strip()
    if seed_text and not (seed_text.isdigit() and len(seed_text) <= 15):
        raise Refused("the seed is a whole number of at most 15 digits (or empty: a random one)")
    return players, options, kinds, int(seed_text) if seed_text else None
