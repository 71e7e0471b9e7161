"""Screenshots of `ruledsl serve` for docs/screens/: each bundled game's seat page, as PNG.

    python -m tests.web_screens        # rewrite docs/screens/web-*.png (needs the web extra and a Chromium)

Each game is a seeded table with seat 1 a person and the other seats random bots, played by
clicks for a few decisions (tests/test_web_browser.py's pick), then one step of the next
decision taken where it has steps; shot at a laptop's width and at a phone's.
"""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from .test_web_browser import CHROMIUM, Server, make_in_lobby, pick

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screens"
GAMES = {"tillinghast": ("tillinghast", 2, 3), "haunting_house": ("haunting-house", 2, 3),
         "shining": ("shining", 3, 4), "unrelenting_other": ("unrelenting-other", 4, 3)}
SEED = 3


def shoot(browser, server, name: str) -> None:
    key, players, decisions = GAMES[name]
    host = browser.new_context()
    _, links = make_in_lobby(host.new_page(), server, key, ["human"] + ["random"] * (players - 1), SEED)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)   # waits evaluate text
    page = context.new_page()
    page.goto(server.url + links[0])
    for n in range(decisions + 1):
        page.wait_for_selector("#choices button.choice", timeout=30_000)
        seq = int(page.get_attribute("#app", "data-seq"))
        depth = 0
        while True:
            buttons = page.locator("#choices button.choice")
            button = buttons.nth(pick(SEED, seq, depth, buttons.count()))
            final = button.get_attribute("data-index") is not None
            if n == decisions and (final or depth == 1):
                break                     # shot with the decision offered (one step into it, if it has steps)
            button.click()
            if final:
                page.wait_for_function(f"Number(document.getElementById('app').dataset.seq) > {seq}")
                break
            depth += 1
            page.wait_for_function(f"JSON.parse(document.getElementById('app').dataset.path || '[]').length "
                                   f"=== {depth}")
    page.wait_for_timeout(2500)           # the highlights of what changed fade
    page.screenshot(path=str(OUT / f"web-{name}.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    page.screenshot(path=str(OUT / f"web-{name}-phone.png"))
    context.close()
    host.close()


def main(names) -> None:
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        server = Server(str(Path(folder) / "tables.db"), [ROOT / "games" / f"{name}.rules" for name in GAMES])
        server.start()
        try:
            for name in names:
                shoot(browser, server, name)
                print("wrote", OUT / f"web-{name}.png")
        finally:
            server.kill()
            browser.close()


if __name__ == "__main__":
    main(sys.argv[1:] or list(GAMES))
