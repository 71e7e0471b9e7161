"""The full-screen terminal UI of `ruledsl play` (Textual; `pip install "ruledsl[tui]"`)."""
from __future__ import annotations


def available() -> bool:
    """Whether Textual is installed."""
    try:
        import textual  # noqa: F401
    except ImportError:
        return False
    return True
