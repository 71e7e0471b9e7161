"""A Textual app's screen as a PNG: each cell's character in its colours, drawn with Pillow.

Textual exports SVG, which needs a browser or a converter to be looked at as a
picture; this draws the same cells (text, foreground, background, bold,
reverse) with DejaVu Sans Mono (shipped with matplotlib), so docs/screens has
pictures any viewer opens.
"""
from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
from rich.console import Console
from rich.segment import Segment

CELL_W, CELL_H, SIZE = 10, 20, 16
BACKGROUND, FOREGROUND = (30, 30, 36), (224, 224, 224)


def _font(bold: bool):
    import matplotlib
    folder = Path(matplotlib.__file__).parent / "mpl-data" / "fonts" / "ttf"
    return ImageFont.truetype(str(folder / ("DejaVuSansMono-Bold.ttf" if bold else "DejaVuSansMono.ttf")), SIZE)


def _rgb(color, default):
    if color is None or color.is_default:
        return default
    triplet = color.get_truecolor()
    return (triplet.red, triplet.green, triplet.blue)


def lines_of(app) -> list:
    """The screen as lines of rich Segments (what the terminal would be sent)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", legacy_windows=False, safe_box=False)
    renderable = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    segments = list(console.render(renderable, console.options))
    return list(Segment.split_lines(segments))[:height]


def png_of(app) -> bytes:
    width, height = app.size
    image = Image.new("RGB", (width * CELL_W, height * CELL_H), BACKGROUND)
    draw = ImageDraw.Draw(image)
    fonts = {False: _font(False), True: _font(True)}
    for y, line in enumerate(lines_of(app)):
        x = 0
        for segment in line:
            if segment.control:
                continue
            style = segment.style
            fg = _rgb(style.color if style else None, FOREGROUND)
            bg = _rgb(style.bgcolor if style else None, BACKGROUND)
            if style is not None and style.reverse:
                fg, bg = bg, fg
            if style is not None and style.dim:
                fg = tuple((c + b) // 2 for c, b in zip(fg, bg))
            bold = bool(style and style.bold)
            for ch in segment.text:
                left, top = x * CELL_W, y * CELL_H
                draw.rectangle((left, top, left + CELL_W - 1, top + CELL_H - 1), fill=bg)
                if ch.strip():
                    draw.text((left, top + 1), ch, font=fonts[bold], fill=fg)
                x += 1
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
