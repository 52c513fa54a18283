"""QuietFooter: Textual's Footer, rebuilt only when the keys it shows actually change, and
fitted to the terminal's width.

Textual's Footer recomposes (removes and mounts every key, then relayouts the screen) each time
the screen publishes "bindings updated" — on every focus change, often several times for one key
press. Moving between two buttons or two cards shows the same keys, so those rebuilds only cost
time (a redraw trickling out for ~100 ms after the key). Here the keys are compared first.

Every key is shown, and shown whole: when they do not fit, the descriptions get shorter
(`SHORT`: "Card info" -> "Info"); if that is not enough the footer takes a second row (an
80-column table with a hand has about a dozen keys). Only a terminal too narrow even for two rows
leaves the last keys out (never `?`, whose help lists every key; the palette, ^p, lists them too).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import HorizontalGroup
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

#: shorter descriptions for narrow terminals (others keep their first word)
SHORT = {
    "Card info": "Info",
    "Other button": "Move",
    "Whole game": "Game",
    "Last trick": "Last",
    "Mark card": "Mark",
    "Play marked": "Play",
    "Choose card": "Choose",
}

PALETTE_W = 12  # "▏^p palette" docked at the right, and a cell to spare


def key_width(key_display: str, description: str) -> int:
    """Cells a FooterKey takes: its key and description, each padded."""
    return len(key_display) + len(description) + 3 if description else len(key_display)


def fit_keys(keys: list[tuple[str, str, str]], room: int) -> list[tuple[int, str]]:
    """(index, description) of the keys to show in `room` cells: `keys` is
    (key, key display, description) in order. Full descriptions when all fit, else short ones
    from the last key back until they fit, else short ones and as many keys as fit (`?` is kept)."""
    full = [(d, desc) for _k, d, desc in keys]
    if sum(key_width(*k) for k in full) <= room:
        return [(i, desc) for i, (_d, desc) in enumerate(full)]
    short = [(d, SHORT.get(desc, desc.split(" ")[0] if desc else desc)) for _k, d, desc in keys]
    # shorter descriptions, from the last key back, only as many as needed
    mixed = list(full)
    for i in reversed(range(len(keys))):
        mixed[i] = short[i]
        if sum(key_width(*k) for k in mixed) <= room:
            return [(j, desc) for j, (_d, desc) in enumerate(mixed)]
    must = [i for i, (k, _d, _desc) in enumerate(keys) if k == "question_mark"]
    used = sum(key_width(*short[i]) for i in must)
    chosen = set(must)
    for i, k in enumerate(short):
        if i in chosen:
            continue
        w = key_width(*k)
        if used + w <= room:
            chosen.add(i)
            used += w
        else:
            break
    return [(i, short[i][1]) for i in sorted(chosen)]


def fit_rows(keys: list[tuple[str, str, str]], room: int) -> list[list[tuple[int, str]]]:
    """The keys in one row as `fit_keys` fits them when that shows them all, else in two rows:
    the first as full as it goes, the rest on the second; full descriptions when the two rows
    hold them, else short ones. Keys that fit on neither row are left out (`?` never)."""
    one = fit_keys(keys, room)
    if len(one) == len(keys):
        return [one]
    full = [desc for _k, _d, desc in keys]
    short = [SHORT.get(desc, desc.split(" ")[0] if desc else desc) for _k, _d, desc in keys]
    for descs in (full, short):
        rows: list[list[tuple[int, str]]] = [[], []]
        used = [0, 0]
        row = 0
        for i, (k, d, _desc) in enumerate(keys):
            w = key_width(d, descs[i])
            if row == 0 and used[0] + w > room:
                row = 1
            if used[row] + w <= room:
                rows[row].append((i, descs[i]))
                used[row] += w
            elif descs is short and k == "question_mark":  # room for help: drop this row's last keys
                while rows[row] and used[row] + w > room:
                    j, desc = rows[row].pop()
                    used[row] -= key_width(keys[j][1], desc)
                rows[row].append((i, descs[i]))
                used[row] += w
        if descs is short or sum(len(r) for r in rows) == len(keys):
            return [r for r in rows if r]
    raise AssertionError("unreachable")


class QuietFooter(Footer):
    """A Footer that skips recomposing when the shown bindings are the same as last time, and
    whose keys always fit the width (on a second row when one is not enough)."""

    DEFAULT_CSS = """
    QuietFooter.-two-rows {
        height: 2;
        layout: vertical;
        HorizontalGroup.footer-row {
            width: 1fr;
            height: 1;
        }
    }
    """

    _shown_key: tuple | None = None

    def _room(self) -> int:
        width = self.size.width or (self.app.size.width if self.is_attached else 80)
        palette = PALETTE_W if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE else 0
        return max(10, width - palette)

    def _signature(self) -> tuple:
        try:
            active = self.screen.active_bindings
        except Exception:  # not on a screen yet
            return ()
        return (self._room(),) + tuple(
            (binding.key, binding.action, binding.description, binding.key_display, enabled, tooltip)
            for (_node, binding, enabled, tooltip) in active.values()
            if binding.show
        )

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        active = self.screen.active_bindings
        seen: dict[str, tuple[Binding, bool, str]] = {}
        for _node, binding, enabled, tooltip in active.values():
            if binding.show and binding.action not in seen:
                seen[binding.action] = (binding, enabled, tooltip)
        entries = list(seen.values())
        keys = [(b.key, self.app.get_key_display(b), b.description) for b, _e, _t in entries]
        rows = fit_rows(keys, self._room())
        self.set_class(len(rows) > 1, "-two-rows")

        def row_keys(row: list[tuple[int, str]]) -> list[FooterKey]:
            out = []
            for i, description in row:
                binding, enabled, tooltip = entries[i]
                key = FooterKey(binding.key, keys[i][1], description, binding.action, disabled=not enabled,
                                tooltip=tooltip or binding.description)
                self._set_key_compact(key, self.compact)
                out.append(key)
            return out

        if len(rows) == 1:
            yield from row_keys(rows[0])
        else:
            for row in rows:
                yield HorizontalGroup(*row_keys(row), classes="footer-row")
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            try:
                _node, binding, enabled, tooltip = active[self.app.COMMAND_PALETTE_BINDING]
            except KeyError:
                pass
            else:
                yield FooterKey(binding.key, self.app.get_key_display(binding), binding.description,
                                binding.action, classes="-command-palette", disabled=not enabled,
                                tooltip=binding.tooltip or binding.description)

    # Not `FooterKey(...).data_bind(compact=Footer.compact)` as Textual's Footer does: each bind
    # adds a watcher on this footer that holds its key, and Textual (8.2.8) drops a dead key's
    # watcher only when `compact` changes, so every recompose (each hand, each screen change)
    # kept the old keys alive: some 10 KB a move in a long match. The keys' `compact` is set
    # here when they are made and when the footer's changes.

    @staticmethod
    def _set_key_compact(key: FooterKey, compact: bool) -> None:
        key.set_reactive(FooterKey.compact, compact)
        key.set_class(compact, "-compact")

    def watch_compact(self, compact: bool) -> None:
        for key in self.query(FooterKey):
            if not key.has_class("-command-palette"):  # that one is never bound, as in Textual's
                self._set_key_compact(key, compact)

    def on_resize(self) -> None:
        if self.is_attached:
            self.call_after_refresh(self._recompose_if_changed)

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
