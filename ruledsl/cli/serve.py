"""`ruledsl serve [FILE...]`: the games in the browser, one private page per seat (ruledsl/web)."""
from __future__ import annotations

import os

import click

from .common import CliError, no_traceback


@click.command("serve")
@click.argument("files", nargs=-1, metavar="[FILE...]", type=click.Path(dir_okay=False))
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on: 127.0.0.1 is this machine only; 0.0.0.0 lets the local network in "
                   "(see docs/web.md).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="The port to listen on.")
@click.option("--db", "db", type=click.Path(dir_okay=False), default="ruledsl-tables.db", show_default=True,
              help="The SQLite file every table is kept in (after each action); a restarted server resumes "
                   "them all.")
@click.option("--tables-a-minute", type=click.IntRange(min=1), default=30, show_default=True,
              help="How many tables one address may make a minute.")
@no_traceback
def serve_command(files, host, port, db, tables_a_minute):
    """Serve games in the browser: a lobby, tables, one private page per seat.

    FILE... are the rules files offered (default: the bundled games and
    examples). In the lobby a host makes a table (the game, how many play,
    its options, which seats are bots and at what budget) and gets one
    private link per seat and a spectators' link. Each page is sent only its
    seat's view; updates arrive live over a WebSocket and a page that loses
    its connection or is reloaded carries on where its seat was. Every table
    is kept in --db after each action; finished games can be downloaded as
    records that `ruledsl replay` reads.

    Only 127.0.0.1 by default: give --host 0.0.0.0 to let others on the
    network in, and see docs/web.md for hosting behind a reverse proxy.

    \b
    Examples:
      ruledsl serve
      ruledsl serve games/tillinghast.rules --host 0.0.0.0 --port 8080
    """
    from ..web import available
    if not available():
        raise CliError('ruledsl serve needs the web extra: pip install "ruledsl[web]"')
    import uvicorn
    from ..web.app import create_app
    from ..web.catalog import Catalog, bundled_paths
    paths = list(files) or bundled_paths()
    missing = [f for f in files if not os.path.isfile(f)]
    if missing:
        raise CliError(f"{missing[0]}: error: no such file")
    if not paths:
        raise CliError("error: no rules files to serve: name some (ruledsl serve FILE...)")
    catalog = Catalog(paths)
    for path, message in catalog.broken:
        click.echo(f"{path}: not served: {message}", err=True)
    if not len(catalog):
        raise CliError("error: none of the rules files checks, so there is nothing to serve")
    app = create_app(catalog, db, tables_a_minute=tables_a_minute)
    hall = app.state.hall
    for problem in hall.problems:
        click.echo(f"not resumed: {problem}", err=True)
    click.echo(f"Serving {len(catalog)} games, {len(hall.tables)} tables resumed from {db}: http://{host}:{port}/")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=64 * 1024, ws_ping_interval=20,
                # screens are small and the server's time is the players' wait: not compressed
                ws_per_message_deflate=False)
