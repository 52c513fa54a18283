"""Small helpers for the sentences games write: one way to list things everywhere."""

from __future__ import annotations

from typing import Sequence


def listing(parts: Sequence[str], empty: str = "") -> str:
    """How a sentence lists things: "a", "a and b", "a, b and c"; `empty` when there are none
    (a game says "nothing" where the list stands alone)."""
    if not parts:
        return empty
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]
