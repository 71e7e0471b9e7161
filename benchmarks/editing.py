"""How fast the checker answers an editor and a fresh command line.

    python benchmarks/editing.py                  # both measurements, the largest bundled game
    python benchmarks/editing.py --edits 40 --game games/shining.rules
    python benchmarks/editing.py --json

1. `ruledsl check` of copies of the bundled games in a fresh process, run --runs times with
   an empty cache folder (every file parsed and checked), with it filled by the run before
   (the usual case: unchanged files are reported from the cache) and after an edit to the
   largest file (it, and a variant of it, parsed where changed and checked again); the
   median wall time of each.
2. `ruledsl lsp --debounce 0` driven over stdio by pygls's client: the game is opened,
   then --edits edits are made one at a time (a digit changed inside a line, a line added
   and taken away, a syntax error typed and removed, spread over the file), each timed
   from sending didChange to receiving its publishDiagnostics: the delay an editor shows
   on top of its debounce (the server's default is 0.15 s). Needs the lsp extra.
"""
from __future__ import annotations

import argparse
import asyncio
import glob
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def check_times(runs: int) -> dict:
    """Copies of the bundled games checked with an empty cache folder, then again unchanged,
    then after an edit to the largest base game (it and its variant checked again)."""
    cold, warm, edited = [], [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as folder:
            games = []
            for path in sorted(glob.glob(str(ROOT / "games" / "*.rules"))):
                games.append(Path(folder) / Path(path).name)
                games[-1].write_text(Path(path).read_text(encoding="utf-8"), encoding="utf-8")
            largest = max(games, key=lambda p: p.stat().st_size)
            command = [sys.executable, "-m", "ruledsl", "check", *map(str, games)]
            env = dict(os.environ, RULEDSL_CACHE_DIR=cache)
            for n, times in enumerate((cold, warm, edited)):
                if n == 2:
                    largest.write_text(largest.read_text(encoding="utf-8") + "# an edit\n", encoding="utf-8")
                started = time.perf_counter()
                subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
                times.append(time.perf_counter() - started)
    return {"files": len(games), "no cache s": statistics.median(cold), "cached s": statistics.median(warm),
            "one edited s": statistics.median(edited), "edited": largest.name}


def _edits(lines: list[str], count: int, rng: random.Random) -> list[tuple[str, int]]:
    """(what, line) pairs: lines with a digit to change, and lines to break or extend."""
    digits = [i for i, l in enumerate(lines) if any(c.isdigit() for c in l) and l.startswith(" ")]
    code = [i for i, l in enumerate(lines) if l.strip() and not l.lstrip().startswith("#") and l.startswith(" ")]
    kinds = ["digit", "line", "syntax"]
    return [(kinds[i % 3], rng.choice(digits if kinds[i % 3] == "digit" else code)) for i in range(count)]


async def _lsp_times(path: Path, count: int, seed: int) -> dict:
    from lsprotocol import types as t
    from pygls import uris
    from pygls.lsp.client import LanguageClient

    client = LanguageClient("ruledsl-bench", "1")
    arrived: dict = {}

    @client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(ls, params):
        arrived[(params.uri, params.version)] = (time.perf_counter(), len(params.diagnostics))

    await client.start_io(sys.executable, "-m", "ruledsl", "lsp", "--debounce", "0")
    await client.initialize_async(t.InitializeParams(capabilities=t.ClientCapabilities()))
    client.initialized(t.InitializedParams())
    uri = uris.from_fs_path(str(path))
    text = path.read_text(encoding="utf-8")
    version = 1

    async def wait(v: int):
        while (uri, v) not in arrived:
            await asyncio.sleep(0.001)
        return arrived[(uri, v)]

    started = time.perf_counter()
    client.text_document_did_open(t.DidOpenTextDocumentParams(t.TextDocumentItem(uri, "ruledsl", 1, text)))
    opened = (await wait(1))[0] - started

    def change(line: int, start: int, end: int, new: str):
        nonlocal version
        version += 1
        client.text_document_did_change(t.DidChangeTextDocumentParams(
            t.VersionedTextDocumentIdentifier(version=version, uri=uri),
            [t.TextDocumentContentChangePartial(range=t.Range(t.Position(line, start), t.Position(line, end)), text=new)]))
        return version

    lines = text.splitlines()
    times: dict[str, list] = {"digit": [], "line": [], "syntax": []}
    for kind, line in _edits(lines, count, random.Random(seed)):
        body = lines[line]
        if kind == "digit":
            at = next(i for i, c in enumerate(body) if c.isdigit())
            steps = [(line, at, at + 1, "7" if body[at] != "7" else "8"), (line, at, at + 1, body[at])]
        elif kind == "line":
            steps = [(line, 0, 0, body[: len(body) - len(body.lstrip())] + "pass\n"), (line, 0, len(body) + 1, "")]
        else:
            steps = [(line, len(body), len(body), " ("), (line, len(body), len(body) + 2, "")]
        for step in steps:
            sent = time.perf_counter()
            v = change(*step)
            times[kind].append((await wait(v))[0] - sent)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    every = [x for xs in times.values() for x in xs]
    return {"game": str(path.relative_to(ROOT)), "lines": len(lines), "open s": opened,
            "edits": len(every), "median ms": 1000 * statistics.median(every), "max ms": 1000 * max(every),
            **{f"{k} median ms": 1000 * statistics.median(v) for k, v in times.items() if v}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None, help="the rules file to edit (default: the largest bundled game)")
    parser.add_argument("--edits", type=int, default=30, help="edits to time (each is made and then undone)")
    parser.add_argument("--runs", type=int, default=3, help="fresh `ruledsl check` processes per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    game = Path(args.game).resolve() if args.game else max(
        (Path(p) for p in glob.glob(str(ROOT / "games" / "*.rules"))), key=lambda p: p.stat().st_size)
    result = {"check": check_times(args.runs)}
    try:
        result["lsp"] = asyncio.run(_lsp_times(game, args.edits, args.seed))
    except ImportError:
        result["lsp"] = "skipped: pip install -e '.[lsp]'"
    if args.json:
        print(json.dumps(result, indent=2))
        return
    c = result["check"]
    print(f"ruledsl check of {c['files']} bundled files: {c['no cache s']:.2f} s with an empty cache, "
          f"{c['cached s']:.2f} s cached, {c['one edited s']:.2f} s after an edit to {c['edited']} "
          f"(median of {args.runs})")
    lsp = result["lsp"]
    if isinstance(lsp, str):
        print(f"lsp: {lsp}")
        return
    print(f"lsp on {lsp['game']} ({lsp['lines']} lines): opened and checked in {lsp['open s']:.2f} s; "
          f"{lsp['edits']} edits: median {lsp['median ms']:.0f} ms, max {lsp['max ms']:.0f} ms from edit to diagnostics")
    print("  by edit: " + ", ".join(f"{k} {lsp[f'{k} median ms']:.0f} ms" for k in ("digit", "line", "syntax")
                                   if f"{k} median ms" in lsp))


if __name__ == "__main__":
    main()
