"""In a browser, Ctrl+W, Ctrl+T, Ctrl+N and Ctrl+Tab belong to the browser (a page cannot have
them): no binding of the app may be the only way to do something with one of them. (Textual's own
text fields keep ctrl+w for "delete the word on the left"; Backspace does the same work.)"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from textual.binding import Binding

import decktable.ui
from decktable.ui.app import DeckTableApp

BROWSER_KEYS = {"ctrl+w", "ctrl+t", "ctrl+n", "ctrl+tab", "ctrl+shift+tab", "ctrl+shift+w", "ctrl+shift+t",
                "ctrl+shift+n"}


def bindings_of(cls: type) -> list[tuple[str, str]]:
    out = []
    for b in getattr(cls, "BINDINGS", []):
        if isinstance(b, Binding):
            keys, action = b.key, b.action
        else:
            keys, action = b[0], b[1]
        out += [(k.strip(), action) for k in keys.split(",")]
    return out


def test_no_action_needs_a_key_the_browser_keeps() -> None:
    classes: set[type] = {DeckTableApp}
    for mod in pkgutil.walk_packages(decktable.ui.__path__, "decktable.ui."):
        module = importlib.import_module(mod.name)
        classes |= {c for _, c in inspect.getmembers(module, inspect.isclass)
                    if hasattr(c, "BINDINGS") and c.__module__.startswith("decktable")}
    for cls in classes:
        keys = bindings_of(cls)
        for key, action in keys:
            if key in BROWSER_KEYS:
                others = [k for k, a in keys if a == action and k not in BROWSER_KEYS]
                assert others, f"{cls.__name__}: {action!r} only on {key}, which a browser keeps"
