"""`ruledsl serve`: any rules file played in the browser, one private page per seat.

catalog.py   the games the host serves (only these files are ever loaded)
tables.py    tables in play: seats, tokens, bots thinking off the event loop, who may act
messages.py  what a page is sent (its seat's screen, built from view(seat)) and what it may send
store.py     every table's record in SQLite after each action, read back on a restart
pages.py     the HTML of the lobby, the new-table form and the seat's page shell
app.py       the Starlette application: routes, the WebSocket, limits
static/      the page's script and style, plain files (no build step)

A page is sent only what the presentation model (ruledsl.present) builds from
view(seat), and the decision's steps for the seat that must take it: never the
state. Needs the web extra (pip install "ruledsl[web]").
"""
from __future__ import annotations


def available() -> bool:
    """Whether the web extra (Starlette, uvicorn) is installed."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        return False
    return True
