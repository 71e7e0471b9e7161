"""What every IR node shares: frozen attrs classes with spans that take no part in equality."""
from __future__ import annotations

import attrs

from ...source import UNKNOWN


def _span():
    return attrs.field(default=UNKNOWN, eq=False, repr=False, kw_only=True)


def _spans():
    """Where each of several names is written (a tuple of spans, in order)."""
    return attrs.field(default=(), eq=False, repr=False, kw_only=True)


node = attrs.frozen(slots=True)
