"""Workarounds for Textual (8.2.8) behaviour that keeps memory in a long session; applied once,
when the app is imported (`decktable.ui.app`).

`StylesCache.get_inner_outer` is an `lru_cache` on a method: its 1,024 entries are keyed on the
widget's StylesCache as well as the two colours, so they keep the StylesCache of up to 1,024
widgets long gone, each with the rendered lines it cached (a hand summary's whole screen). In a
long match at the table (a widget comes and goes every few moves) that was some 2-3 KB a move
until the cache filled (Old Janx Spirit, two random bots: 4.7 KiB a move with it, 1.5 without). The result depends on the colours only; here it is cached on them.

`Header` watches the app's `title` and `sub_title`; Textual drops a gone widget's watcher only
when the value changes, which the app's title never does, so every screen with a Header that
was closed (help, statistics, setup) left its header behind. Here a Header lets go of its
watchers on the app when it is unmounted.
"""

from __future__ import annotations

import inspect
from functools import lru_cache
from typing import Any


def _unbind_inner_outer() -> bool:
    from textual._styles_cache import StylesCache

    current = StylesCache.__dict__.get("get_inner_outer")
    wrapped = getattr(current, "__wrapped__", None)
    if wrapped is None or not hasattr(current, "cache_info"):  # not an lru_cache on the class: changed
        return False
    params = list(inspect.signature(wrapped).parameters)
    if len(params) != 3 or params[0] not in ("cls", "self"):  # already a static or class method
        return False

    @lru_cache(1024)
    def inner_outer(base_background: Any, background: Any) -> Any:
        return wrapped(None, base_background, background)  # the body never reads its first argument

    StylesCache.get_inner_outer = staticmethod(inner_outer)  # type: ignore[method-assign, assignment]
    return True


def drop_watchers(obj: Any, node: Any) -> None:
    """Forget the watchers `node` set on `obj`'s reactives (Textual keeps them in `__watchers`)."""
    for watchers in getattr(obj, "__watchers", {}).values():
        if any(owner is node for owner, _callback in watchers):
            watchers[:] = [(owner, callback) for owner, callback in watchers if owner is not node]


def _header_forgets_the_app() -> bool:
    from textual.widgets import Header

    if "_on_unmount" in Header.__dict__:  # Textual's own now
        return False

    def _on_unmount(self: Header) -> None:
        drop_watchers(self.app, self)

    Header._on_unmount = _on_unmount  # type: ignore[attr-defined]
    return True


APPLIED = (_unbind_inner_outer(), _header_forgets_the_app())
