"""Widgets that go are freed: a long match's memory stays flat after the first hand.

The footer's keys: each FooterKey used to be made with `.data_bind(compact=Footer.compact)`, whose
watcher on the footer kept the key alive (Textual drops a dead key's watcher only when `compact`
changes): every recompose (a resize, a screen coming and going, the keys a new hand shows) left
the old keys behind, some 10 KB a move in a long match.

Any widget's rendered lines: Textual's `StylesCache.get_inner_outer` caches on the StylesCache
too, so 1,024 dead widgets' caches stayed alive with their lines (decktable/ui/textual_fixes.py).
"""

from __future__ import annotations

import gc
import sys
import weakref
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from table_driver import make_app, settle, table  # noqa: E402
from textual.widgets._footer import FooterKey  # noqa: E402

from textual._styles_cache import StylesCache  # noqa: E402
from textual.widget import Widget  # noqa: E402

from decktable.ui.widgets.quiet_footer import QuietFooter  # noqa: E402


def live_keys() -> int:
    return sum(1 for o in gc.get_objects() if isinstance(o, FooterKey))


async def test_old_footer_keys_are_freed_after_recomposes() -> None:
    app = make_app("schnapsen", "Ann,bot:random", seed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(3):
            await settle(pilot)
        footer = table(app).query_one(QuietFooter)
        old = [weakref.ref(k) for k in footer.query(FooterKey)]
        assert old
        # widths that change the keys' fit (one row, short descriptions, two rows; too small:
        # a screen over the table) and back, and the help screen over the table and gone again:
        # each makes the footer compose new keys
        async def recompose_a_few_times() -> None:
            for size in [(80, 24), (60, 24), (120, 40), (90, 30), (120, 40)]:
                await pilot.resize_terminal(*size)
                for _ in range(3):
                    await settle(pilot)
            await pilot.press("question_mark")
            await settle(pilot)
            await pilot.press("escape")
            for _ in range(3):
                await settle(pilot)

        await recompose_a_few_times()
        now = set(map(id, footer.query(FooterKey)))
        assert now and not now & {id(r()) for r in old if r() is not None}  # the keys were made anew
        gc.collect()
        alive = [r() for r in old if r() is not None]
        assert not alive, f"{len(alive)} of {len(old)} old footer keys still alive: {alive[:3]}"
        # and the number of keys alive stays put however often the footer recomposes
        before = live_keys()
        await recompose_a_few_times()
        gc.collect()
        assert live_keys() == before

async def test_the_footers_compact_style_reaches_its_keys() -> None:
    """What the data binding did, done by hand: the keys follow the footer's `compact`, the
    ones shown and the ones composed later."""
    app = make_app("schnapsen", "Ann,bot:random", seed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(3):
            await settle(pilot)
        footer = table(app).query_one(QuietFooter)

        def bound() -> list[FooterKey]:
            return [k for k in footer.query(FooterKey) if not k.has_class("-command-palette")]

        assert bound() and not any(k.compact or k.has_class("-compact") for k in bound())
        footer.compact = True
        await settle(pilot)
        assert all(k.compact and k.has_class("-compact") for k in bound())
        await pilot.resize_terminal(80, 24)  # new keys, composed while compact
        for _ in range(3):
            await settle(pilot)
        assert all(k.compact and k.has_class("-compact") for k in bound())
        footer.compact = False
        await settle(pilot)
        assert not any(k.compact or k.has_class("-compact") for k in bound())


async def test_widgets_that_go_leave_no_rendered_lines_behind() -> None:
    """The help screen (a few dozen widgets, drawn) opened and closed again: its widgets' style
    caches, with the lines they drew, go with them."""
    app = make_app("schnapsen", "Ann,bot:random", seed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(3):
            await settle(pilot)
        caches: list[weakref.ref] = []
        for _ in range(3):
            await pilot.press("question_mark")
            await settle(pilot)
            caches += [weakref.ref(w._styles_cache) for w in app.screen.walk_children(with_self=True)]
            await pilot.press("escape")
            for _ in range(2):
                await settle(pilot)
        assert len(caches) > 20
        gc.collect()
        alive = [r for r in caches if r() is not None]
        assert not alive, f"{len(alive)} of {len(caches)} closed widgets' style caches still alive"
        widgets = sum(1 for o in gc.get_objects() if isinstance(o, Widget))
        assert sum(1 for o in gc.get_objects() if isinstance(o, StylesCache)) == widgets
