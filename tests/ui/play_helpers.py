"""Shared helpers for the tests/ui/test_play_*.py files: play a match through key presses only
(with table_driver.play), lift hand-off curtains, and search the screen for cards that must not
be there.

The TEST (never the UI) may look at the true state to know which cards to search for.
"""

from __future__ import annotations

import random
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Awaitable, Callable, Iterable

sys.path.insert(0, str(Path(__file__).parent))

from textual.pilot import Pilot  # noqa: E402

from table_driver import all_widget_text, play, press, settle, table, viewer_obs  # noqa: E402

from decktable.cards.decktet import DECKTET  # noqa: E402
from decktable.engine.match import Match  # noqa: E402
from decktable.engine.models import ActionView, Observation  # noqa: E402
from decktable.ui.app import DeckTableApp  # noqa: E402
from decktable.ui.glyphs import card_label, card_name  # noqa: E402
from decktable.ui.screens.curtain import CurtainScreen  # noqa: E402
from decktable.ui.screens.results import ResultsScreen  # noqa: E402

BY_SLUG = {c.slug: c for c in DECKTET}

Picker = Callable[[Observation], ActionView]


def hand_cards(match: Match, seat: int) -> list[str]:
    """The true cards only `seat` may know now (its hand, its secret choice): cards in zones that
    the seat's observation shows and a spectator's does not, less those the public log has named
    (a card taken from a discard pile is known to everybody)."""
    mine = match.game.observe(match.state, seat)
    public = {z.name for z in match.game.observe(match.state, None).zones if z.visible}
    said = "\n".join(log_lines(match))
    return [c for z in mine.zones if z.visible and z.name not in public for c in z.cards
            if not any(p.search(said) for p in card_patterns(c))]


@lru_cache(maxsize=None)
def card_patterns(slug: str) -> tuple[re.Pattern[str], ...]:
    """Ways a card could be named on screen: its slug, its names, its glyph label."""
    card = BY_SLUG[slug]
    words = {slug, card_name(slug), card.name}
    if card.name.startswith("The "):
        words.add(card.name[4:])
    pats = [re.compile(rf"(?<![\w-]){re.escape(w)}(?![\w-])") for w in words if w]
    label = card_label(slug)
    if len(label) >= 2:
        pats.append(re.compile(re.escape(label)))
    return tuple(pats)


def leaked(text: str, slugs: Iterable[str]) -> list[str]:
    """The cards of `slugs` that are named somewhere in `text`."""
    out = []
    for slug in slugs:
        if any(p.search(text) for p in card_patterns(slug)):
            out.append(slug)
    return out


def seeded_picker(seed: int, prefer: Iterable[str] = (), avoid: Iterable[str] = ()) -> Picker:
    """A reproducible random choice among the legal actions; verbs in `prefer` first, verbs in
    `avoid` only when nothing else is legal."""
    rng = random.Random(seed)
    prefer, avoid = tuple(prefer), tuple(avoid)

    def pick(obs: Observation) -> ActionView:
        legal = list(obs.legal)
        for verb in prefer:
            hits = [a for a in legal if a.text.split()[0] == verb]
            if hits:
                return rng.choice(hits)
        rest = [a for a in legal if a.text.split()[0] not in avoid]
        return rng.choice(rest or legal)

    return pick


async def lift_curtain(pilot: Pilot, app: DeckTableApp) -> str:
    assert isinstance(app.screen, CurtainScreen)
    player = app.screen.player
    await press(pilot, "enter")
    assert not isinstance(app.screen, CurtainScreen)
    return player


async def play_until(
    pilot: Pilot,
    app: DeckTableApp,
    pick: Picker,
    done: Callable[[Match], bool],
    limit: int = 400,
    on_curtain: Callable[[], Awaitable[None] | None] | None = None,
    on_turn: Callable[[Observation], Awaitable[None] | None] | None = None,
) -> list[ActionView]:
    """Play the humans' decisions by keys (bots fill the other seats) until `done(match)`.
    Curtains are lifted with Enter (after `on_curtain` has looked at the screen)."""
    await settle(pilot)
    match = table(app).match
    played: list[ActionView] = []
    for _ in range(limit):
        if done(match):
            return played
        if isinstance(app.screen, CurtainScreen):
            if on_curtain is not None:
                r = on_curtain()
                if r is not None:
                    await r
            await lift_curtain(pilot, app)
            continue
        assert not isinstance(app.screen, ResultsScreen), "the game ended before the goal"
        obs = viewer_obs(app)
        assert obs.seat is not None and obs.legal, f"the human's view with a decision: {obs.seat} {obs.phase}"
        assert match.human_to_act() == obs.seat
        if on_turn is not None:
            r = on_turn(obs)
            if r is not None:
                await r
        action = pick(obs)
        before = len(match.log)
        await play(pilot, app, action)
        assert len(match.log) > before, f"{action.text!r} was not carried out by the keys"
        assert match.log[before].seat == obs.seat and str(match.log[before].action) == action.text
        played.append(action)
    raise AssertionError(f"not done after {limit} decisions")


def game_over(match: Match) -> bool:
    return match.result() is not None


def hands_scored(n: int = 1) -> Callable[[Match], bool]:
    return lambda match: len(match.observe().score_sheet) >= n or match.result() is not None


def log_lines(match: Match) -> list[str]:
    return [e.text for entry in match.log for e in entry.events if e.text]




def text_without_buttons(app: DeckTableApp) -> str:
    """What every widget draws except the action buttons (which offer every choice, e.g. all
    suits, and so name no one's secret)."""
    from textual.widgets import Button

    from decktable.ui.widgets.action_bar import ActionBar

    parts: list[str] = []
    for screen in app.screen_stack:
        for widget in screen.query("*"):
            if isinstance(widget, (Button, ActionBar)) or any(isinstance(a, ActionBar) for a in widget.ancestors):
                continue
            try:
                rendered = widget.render()
            except Exception:
                continue
            plain = getattr(rendered, "plain", None)
            parts.append(plain if isinstance(plain, str) else str(rendered))
            cards = getattr(widget, "cards", None)
            if cards:
                parts.append(" ".join(cards))
    return "\n".join(parts)


__all__ = [
    "all_widget_text", "hand_cards", "card_patterns", "leaked", "seeded_picker", "lift_curtain", "play_until",
    "game_over", "hands_scored", "log_lines", "text_without_buttons",
]
