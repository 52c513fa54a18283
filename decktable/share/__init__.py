"""A table shared by several devices (issue 37): the host owns the match, each device its seat.

See docs/shared-table.md. `host.SharedTable` is the authority, `server.HostServer` its aiohttp
front, `wire` the JSON messages, `qr` the links' codes: these import no Textual. The screens are
`join` (a seat from another terminal), `host_app` (the host's keyboard, and the lobby's "Share this
table") and `qr_screen` (the links and their codes).
"""

from __future__ import annotations


def connections_arg(text: str) -> int:
    """`decktable host --max-connections`: 1 to 1000 devices at once (no import: the command
    line builds its parser with it)."""
    import argparse

    try:
        n = int(text)
    except ValueError:
        n = 0
    if not 1 <= n <= 1000:
        raise argparse.ArgumentTypeError(f"The number of connections must be a whole number from 1 to 1000, not {text!r}.")
    return n
