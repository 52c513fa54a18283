"""A local table's key-to-screen time for a move, the figure docs/shared-table.md sets beside a
tapped move at a shared table: `decktable play schnapsen --players "Ann,bot:random" --seed 11` in
a pseudo-terminal (100x36, its data in a temporary folder); at each of Ann's turns (after the
bot's paced answer) Enter plays the card the table offers first, timed to the output that puts
her move in the log. Usage: python tools/move_latency.py [MOVES]"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time

from decktable.web.screen import Screen

COLS, ROWS = 100, 36


def main(moves: int = 6) -> None:
    data = tempfile.mkdtemp()
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(COLS), LINES=str(ROWS), DECKTABLE_HOME=data)
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(sys.executable, [sys.executable, "-m", "decktable", "play", "schnapsen", "--players",
                                    "Ann,bot:random", "--seed", "11"], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    screen = Screen(COLS, ROWS)

    def pump(until, timeout: float) -> float | None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if select.select([fd], [], [], 0.005)[0]:
                screen.feed(os.read(fd, 65536))
                if until(screen.text()):
                    return time.monotonic()
        return None

    def hers(t: str) -> int:
        return t.count("Ann plays") + t.count("Ann leads")

    try:
        assert pump(lambda t: "Ann's hand" in t, 40), screen.text()
        out = []
        for _ in range(moves):
            pump(lambda t: False, 1.6)  # the bot's paced answer, drawn
            n = hers(screen.text())
            t0 = time.monotonic()
            os.write(fd, b"\r")
            if (t1 := pump(lambda t: hers(t) > n, 5)) is not None:  # not her turn: no move, skipped
                out.append((t1 - t0) * 1000)
        print("Enter to the move on screen (ms):", [round(x) for x in out],
              f"median {statistics.median(out):.0f}" if out else "")
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
