"""QuietFooter: Textual's Footer, rebuilt only when the keys it shows actually change.

Textual's Footer recomposes (removes and mounts every key, then relayouts the screen) each time
the screen publishes "bindings updated" — on every focus change, often several times for one key
press. Moving between two buttons or two cards shows the same keys, so those rebuilds only cost
time (a redraw trickling out for ~100 ms after the key). Here the keys are compared first.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class QuietFooter(Footer):
    """A Footer that skips recomposing when the shown bindings are the same as last time."""

    _shown_key: tuple | None = None

    def _signature(self) -> tuple:
        try:
            active = self.screen.active_bindings
        except Exception:  # not on a screen yet
            return ()
        return tuple(
            (binding.key, binding.action, binding.description, binding.key_display, enabled, tooltip)
            for (_node, binding, enabled, tooltip) in active.values()
            if binding.show
        )

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached:
            return
        signature = self._signature()
        if signature == self._shown_key and self.children:
            return
        self._shown_key = signature
        await self.recompose()
