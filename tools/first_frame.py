"""Process start to the first frame in a pty at 120x40: the lobby, a table (today), and a table with the
lobby built under it (before issue 36's lazy lobby), interleaved. `python tools/first_frame.py [N]`.
Run `python -m compileall -q decktable games` first where PYTHONDONTWRITEBYTECODE is set."""
import os, pty, select, statistics, struct, sys, time, fcntl, termios, tempfile, signal
OLD = ("import decktable.ui.app as a; from decktable.ui.screens.lobby import LobbyScreen;"
       "a.DeckTableApp.get_default_screen = lambda self: LobbyScreen();")
RUN = "import sys; from decktable.cli import main; sys.exit(main(sys.argv[1:]))"
def once(code, args, marker):
    env = dict(os.environ, TERM="xterm-256color", DECKTABLE_HOME=tempfile.mkdtemp())
    t0 = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(sys.executable, [sys.executable, "-c", code + RUN, *args], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    buf = b""
    try:
        while time.perf_counter() - t0 < 30:
            r, _, _ = select.select([fd], [], [], 1)
            if r:
                buf += os.read(fd, 65536)
                if marker in buf:
                    return time.perf_counter() - t0
        return float("nan")
    finally:
        os.kill(pid, signal.SIGKILL); os.waitpid(pid, 0); os.close(fd)
n = int(sys.argv[1]) if len(sys.argv) > 1 else 7
res = {"lobby": [], "table": [], "table-old": []}
play = ["play", "nonesuch", "--players", "Ann,bot,bot", "--seed", "1"]
for _ in range(n):
    res["lobby"].append(once("", [], b"Choose"))
    res["table"].append(once("", play, b"hand"))
    res["table-old"].append(once(OLD, play, b"hand"))
for k, v in res.items():
    print(f"{k:10} median {statistics.median(v)*1000:6.0f} ms  ({', '.join(f'{x*1000:.0f}' for x in v)})")
print("gap new", round((statistics.median(res['table'])-statistics.median(res['lobby']))*1000), "ms; gap old",
      round((statistics.median(res['table-old'])-statistics.median(res['lobby']))*1000), "ms; load", os.getloadavg()[0])
