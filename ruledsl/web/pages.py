"""The server's HTML: the lobby, a game's new-table form, the links of a table just made, and the
shell of a seat's page (its content comes over the WebSocket; static/play.js draws it).

Every text from a rules file or a visitor is escaped; the pages carry no script but the
page's own static file.
"""
from __future__ import annotations

from html import escape

from ..agents.specs import BOTS

KINDS = ["human"] + list(BOTS)


def _page(title: str, body: str, script: str = "") -> str:
    tag = f'<script src="/static/{script}" defer></script>' if script else ""
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(title)}</title><link rel="icon" href="data:,">'
            f'<link rel="stylesheet" href="/static/style.css">{tag}</head>'
            f'<body>{body}</body></html>')


def lobby(catalog, tables) -> str:
    games = "".join(
        f'<li><a href="/new/{escape(e.key)}">{escape(e.title)}</a> '
        f'<span class="dim">{e.low}{"–" + str(e.high) if e.high != e.low else ""} players</span></li>'
        for e in catalog)
    rows = "".join(
        f'<tr><td>{escape(t.game.title)}</td><td>{t.game.players}</td><td>{len(t.actors)}</td>'
        f'<td>{escape(t.status())}</td><td><a href="/watch/{t.id}">watch</a>'
        + (f' · <a href="/record/{t.id}.json" download>record</a>' if t.over() else "") + '</td></tr>'
        for t in sorted(tables, key=lambda t: -t.created))
    table = (f'<table class="tables"><tr><th>game</th><th>players</th><th>actions</th><th>now</th><th></th></tr>'
             f'{rows}</table>') if rows else '<p class="dim">No tables yet.</p>'
    return _page("ruledsl", f'<main class="lobby"><h1>ruledsl</h1><h2>New table</h2><ul class="games">{games}</ul>'
                            f'<h2>Tables</h2>{table}</main>')


def new_table(entry, error: str = "", form=None) -> str:
    form = form or {}
    players = form.get("players") or str(entry.low)
    seats = "".join(_seat_row(i, name, form) for i, name in enumerate(entry.seats))
    options = "".join(
        f'<label>{escape(o.doc)} <input name="option_{escape(o.name)}" '
        f'value="{escape(form.get("option_" + o.name, o.default))}">'
        f'</label>' for o in entry.options)
    how = f'<details><summary>How to play</summary><pre class="how">{escape(entry.how_to_play)}</pre></details>' \
        if entry.how_to_play else ""
    err = f'<p class="error" role="alert">{escape(error)}</p>' if error else ""
    body = (f'<main class="lobby"><p><a href="/">← lobby</a></p><h1>{escape(entry.title)}</h1>{how}{err}'
            f'<form method="post" action="/new/{escape(entry.key)}">'
            f'<label>Players <input name="players" type="number" min="{entry.low}" max="{entry.high}" '
            f'value="{escape(players)}"></label>'
            f'<fieldset><legend>Seats (the first seats are used)</legend>{seats}</fieldset>'
            + (f'<fieldset><legend>Options</legend>{options}</fieldset>' if options else "")
            + f'<label>Seed <input name="seed" inputmode="numeric" value="{escape(form.get("seed", ""))}" '
              f'placeholder="random"></label>'
              f'<button type="submit">Make the table</button></form></main>')
    return _page(f"New table: {entry.title}", body)


def _seat_row(i: int, name: str, form) -> str:
    chosen = form.get(f"seat_{i}", "human" if i == 0 else "random")
    kinds = "".join(f'<option{" selected" if k == chosen else ""}>{k}</option>' for k in KINDS)
    budget = escape(form.get(f"budget_{i}", ""))
    return (f'<div class="seat"><span>{escape(name)}</span> <select name="seat_{i}" aria-label="{escape(name)} plays">'
            f'{kinds}</select> <input name="budget_{i}" value="{budget}" placeholder="budget: 1s or 500i" '
            f'aria-label="{escape(name)}\'s budget a move"></div>')


def made(table, tokens: list, base: str) -> str:
    """The links of a table just made: one private link per human seat, and the spectators' link."""
    rows = "".join(
        f'<li><b>{escape(table.seat_label(i))}</b>: '
        + (f'<a class="seat-link" href="/play/{table.id}/{t}">{escape(base)}/play/{table.id}/{t}</a>'
           if t else f'<span class="dim">{escape(kind)} bot</span>') + '</li>'
        for i, (t, kind) in enumerate(zip(tokens, table.kinds)))
    body = (f'<main class="lobby"><p><a href="/">← lobby</a></p><h1>{escape(table.game.title)}</h1>'
            f'<p>Send each player their own link: whoever has a link plays that seat. '
            f'<b>They are shown only now</b> (the server keeps only a digest of each).</p>'
            f'<ul class="links">{rows}</ul>'
            f'<p>Spectators (the public view): <a href="/watch/{table.id}">{escape(base)}/watch/{table.id}</a></p>'
            f'<p class="dim">Seed {table.state.seed}.</p></main>')
    return _page(f"Table made: {table.game.title}", body)


def play(table, socket_path: str, who: str) -> str:
    """A seat's page (or a spectator's): a shell that play.js fills from the WebSocket."""
    body = (f'<div id="app" data-socket="{escape(socket_path)}" data-table="{table.id}" data-who="{escape(who)}">'
            f'<header><h1 id="title">{escape(table.game.title)}</h1><span id="status" aria-live="polite"></span>'
            f'<span id="link" class="dim"></span></header>'
            f'<section id="decision" aria-live="polite"></section>'
            f'<div id="main"><section id="boards"></section><section id="zones"></section></div>'
            f'<section id="values"></section><section id="log"><h2>Log</h2><ol id="lines"></ol></section>'
            f'<footer id="footer"></footer></div>')
    return _page(table.game.title, body, "play.js")


def problem(title: str, message: str, status_hint: str = "") -> str:
    return _page(title, f'<main class="lobby"><p><a href="/">← lobby</a></p><h1>{escape(title)}</h1>'
                        f'<p class="error">{escape(message)}</p><p class="dim">{escape(status_hint)}</p></main>')
