"""`python -m decktable ARGS` with every message the shared table's host sends a seat's device
written down, one JSON line each, to the file named first: `python recording_host.py OUT host …`.

Each line: the seat, the raw message, the cards hidden from that seat when it was sent (less
those the public log had named: a card played is public) and every zone's real size and whether
the seat may see it — what tests/share/_helpers.py's `wire_findings` checks the message against.
For the tests that run the host in a process of its own (a browser's seat app is that host's
child, so the test cannot watch the host's sends in its own process)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "ui"))


def sent_record(table, seat: int, raw: str) -> dict:  # type: ignore[no-untyped-def]
    """One message `table` (a SharedTable) sends `seat`'s device now, with what the seat cannot see
    now: the line `wire_findings` checks. Called as the message is queued, between moves."""
    from play_helpers import leaked
    from wire_client import hidden_cards

    m = table.match
    said = " ".join(e.text for e in table.events)
    family = m.game.info.family
    slugs = [m.game.catalogue.slug(c) for c in hidden_cards(m, seat)]
    zones = {z.name: {"size": len(z.cards), "sees": z.vis.sees(z.owner, seat)} for z in m.game.zones(m.state)}
    return {"seat": seat, "raw": raw, "hidden": [s for s in slugs if not leaked(said, [s], family)], "zones": zones}


def record(out_path: str) -> None:
    from decktable.share.host import Connection, SharedTable

    out = open(out_path, "a", encoding="utf-8", buffering=1)
    tables: list[SharedTable] = []
    init, send = SharedTable.__init__, Connection.send

    def keep(self, *args, **kw):  # type: ignore[no-untyped-def]
        init(self, *args, **kw)
        tables.append(self)

    def sending(conn, message):  # type: ignore[no-untyped-def]
        if conn.seat is not None and tables:
            out.write(json.dumps(sent_record(tables[-1], conn.seat, message.model_dump_json())) + "\n")
        send(conn, message)

    SharedTable.__init__ = keep  # type: ignore[method-assign]
    Connection.send = sending  # type: ignore[method-assign]


if __name__ == "__main__":
    record(sys.argv[1])
    from decktable.cli import main

    raise SystemExit(main(sys.argv[2:]))
