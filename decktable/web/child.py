"""The app behind one browser tab of `decktable serve`: `python -m decktable.web.child [ARGS]`.

Runs `decktable [ARGS]` (the lobby) with Textual's web driver (the server sets TEXTUAL_DRIVER),
after two things the plain command does not need:
- it ends when the server does, even a server killed outright: on Linux the kernel sends it
  SIGTERM when its parent dies (the web driver turns SIGTERM into a clean quit); elsewhere a
  watchdog thread notices the new parent;
- a lone Escape is taken as the Escape key after ESCDELAY ms (the server sets 20): the browser
  sends a key's bytes in one message, so there is no need to wait 100 ms for more.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time


def _end_with_parent() -> None:
    expected = int(os.environ.get("DECKTABLE_SERVE_PARENT", "0") or 0)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, int(signal.SIGTERM), 0, 0, 0)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if expected and os.getppid() != expected:  # the server died before prctl: leave now
        raise SystemExit(0)
    if expected:

        def watch() -> None:
            while os.getppid() == expected:
                time.sleep(1.0)
            os.kill(os.getpid(), signal.SIGTERM)

        threading.Thread(target=watch, name="decktable-parent-watch", daemon=True).start()


def _quick_escape() -> None:
    """Wake the web driver's input thread often enough to honour a short ESCDELAY."""
    try:
        from functools import partial

        from textual.drivers import web_driver
        from textual.drivers._input_reader import InputReader

        web_driver.InputReader = partial(InputReader, timeout=0.02)  # type: ignore[misc]
    except (ImportError, AttributeError):
        pass


def main(argv: list[str] | None = None) -> int:
    _end_with_parent()
    _quick_escape()
    from decktable.cli import main as cli_main

    return cli_main(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    raise SystemExit(main())
