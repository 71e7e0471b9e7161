"""Helpers of the web tests: make a table through the lobby's form, and talk to a page's WebSocket
as play.js does (steps, then act)."""
from __future__ import annotations

import json
import re

from ruledsl.web.app import create_app
from ruledsl.web.catalog import Catalog
from ruledsl.web.messages import patched

from .conftest import GAMES

SERVED = [GAMES / "tillinghast.rules", GAMES / "haunting_house.rules", GAMES / "shining.rules",
          GAMES / "examples" / "tic_tac_toe.rules", GAMES / "examples" / "kuhn_poker.rules",
          GAMES / "examples" / "high_card.rules"]
_CATALOG = []


def catalog() -> Catalog:
    """The served games, checked once for every test."""
    if not _CATALOG:
        _CATALOG.append(Catalog(SERVED))
    return _CATALOG[0]


def app(db: str = ":memory:"):
    return create_app(catalog(), db)


def make_table(client, key: str, kinds: list, seed: int = 1, **options) -> tuple:
    """(table id, [each seat's page path or None for a bot]) of a table made with the lobby's form."""
    form = {"players": str(len(kinds)), "seed": str(seed)}
    for i, kind in enumerate(kinds):
        form[f"seat_{i}"], _, form[f"budget_{i}"] = kind.partition(":")
    form.update({f"option_{k}": v for k, v in options.items()})
    page = client.post(f"/new/{key}", data=form)
    assert page.status_code == 200, page.text
    links = re.findall(r'<li><b>[^<]*</b>: (?:<a class="seat-link" href="(/play/[^"]+)"|<span)', page.text)
    table = re.search(r'href="/watch/([0-9a-f]+)"', page.text).group(1)
    return table, [link or None for link in links]


def socket_path(page: str) -> str:
    _, _, table, token = page.split("/")
    return f"/ws/{table}/{token}"


def merged(before, message: dict) -> dict:
    """A screen message with its screen put together from the page's previous screen message
    (before; None: none yet) and its patch, as play.js does."""
    if "screen" in message:
        return message
    return dict(message, screen=patched(before["screen"], message["patch"]))


def merged_all(messages) -> list:
    """A page's messages in the order it was sent them, each screen put together (merged)."""
    out, before = [], None
    for message in messages:
        if message["type"] == "screen":
            message = before = merged(before, message)
        out.append(message)
    return out


class Page:
    """One page's socket: every message it was sent is kept (messages), the latest screen too."""

    def __init__(self, ws):
        self.ws = ws
        self.messages: list = []
        self.screen = None
        self.guide = self.receive()
        assert self.guide["type"] == "guide"
        self.next_screen()

    def receive(self) -> dict:
        message = self.ws.receive_json()
        if message["type"] == "screen":
            message = self.screen = merged(self.screen, message)
        self.messages.append(message)
        return message

    def next_screen(self) -> dict:
        while self.receive()["type"] != "screen":
            pass
        return self.screen

    def until(self, seq: int) -> dict:
        """Screens until the one after `seq` actions (or a later one)."""
        while self.screen["seq"] < seq:
            self.next_screen()
        return self.screen

    def send(self, **message) -> None:
        self.ws.send_text(json.dumps(message))

    def reply(self) -> dict:
        """The next message that is not a screen (steps or error)."""
        while True:
            message = self.receive()
            if message["type"] != "screen":
                return message

    def decide(self, rng) -> str:
        """A random complete option, picked step by step as a player clicks; its label."""
        seq = self.screen["seq"]
        steps = self.screen["steps"]
        assert steps is not None, "this page has no decision to take"
        while True:
            choice = rng.choice(steps["choices"])
            if choice["index"] is not None:
                label = choice["text"].removesuffix("  (stop here)")
                self.send(type="act", seq=seq, index=choice["index"], label=label)
                return label
            self.send(type="steps", seq=seq, path=steps["path"] + [choice["part"]])
            steps = self.reply()
            assert steps["type"] == "steps", steps
