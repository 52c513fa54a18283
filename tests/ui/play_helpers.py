"""Shared helpers for the tests/ui/test_play_*.py files: play a match through key presses only
(with table_driver.play), lift hand-off curtains, and search the screen for cards that must not
be there.

Cards are searched for by their family (the game's INFO family: `family_of(match)`), with the
names and labels the UI draws for that family: Decktet cards by default, French cards with
`family="french"`.

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

from decktable.cards import catalogue  # noqa: E402
from decktable.cards.decktet import DECKTET  # noqa: E402
from decktable.session.match import Match  # noqa: E402
from decktable.engine.models import ActionView, Observation  # noqa: E402
from decktable.ui.app import DeckTableApp  # noqa: E402
from decktable.ui.glyphs import card_label, card_name  # noqa: E402
from decktable.ui.screens.curtain import CurtainScreen  # noqa: E402
from decktable.ui.screens.hand_summary import HandSummaryScreen  # noqa: E402
from decktable.ui.screens.outcome import OutcomeScreen  # noqa: E402
from decktable.ui.screens.results import ResultsScreen  # noqa: E402

BY_SLUG = {c.slug: c for c in DECKTET}

Picker = Callable[[Observation], ActionView]


def family_of(match: Match) -> str:
    """The card family of the match's game, from its INFO ('decktet', 'french', ...)."""
    return match.game.info.family


def hand_cards(match: Match, seat: int, zone: str | None = None) -> list[str]:
    """The true cards only `seat` may know now (its hand, its secret choice): cards in zones that
    the seat's observation shows and a spectator's does not, less those the public log has named
    (a card taken from a discard pile is known to everybody). `zone` keeps only that zone's
    cards (e.g. `f"hand{seat}"`, for what the seat's own hand row must show)."""
    family = family_of(match)
    mine = match.game.observe(match.state, seat)
    public = {z.name for z in match.game.observe(match.state, None).zones if z.visible}
    said = "\n".join(log_lines(match))
    return [c for z in mine.zones if z.visible and z.name not in public and (zone is None or z.name == zone)
            for c in z.cards if not named(said, c, family)]


def named(text: str, slug: str, family: str = "decktet") -> bool:
    """Whether `text` names the card `slug` of `family` in any of the ways card_patterns knows."""
    return any(p.search(text) for p in card_patterns(slug, family))


@lru_cache(maxsize=None)
def card_patterns(slug: str, family: str = "decktet") -> tuple[re.Pattern[str], ...]:
    """Ways a card could be named on screen: its slug, its names, its glyph label.

    A card of another family than the Decktet (French: `qh`) is looked up in its catalogue and
    found by its slug, its full name (`Queen of Hearts`), its short name as the UI writes it
    (`Queen Hearts`), the ASCII short (`QH`, `10S`) and the label of the current glyph set as
    the UI draws it (`Q♥`, `10♠`)."""
    if family != "decktet":
        return _other_patterns(slug, family)
    card = BY_SLUG[slug]
    words = {slug, card_name(slug), card.name}
    if card.name.startswith("The "):
        words.add(card.name[4:])
    pats = [re.compile(rf"(?<![\w-]){re.escape(w)}(?![\w-])") for w in words if w]
    label = card_label(slug)
    if len(label) >= 2:
        pats.append(re.compile(re.escape(label)))
    return tuple(pats)


def _other_patterns(slug: str, family: str) -> tuple[re.Pattern[str], ...]:
    card = catalogue(family).by_slug.get(slug)
    assert card is not None, f"no {family} card {slug!r}"
    # names and the ASCII short as whole words; the slug also not inside a hyphenated word
    words = {card.name, card_name(slug, family), card.short}
    pats = [re.compile(rf"(?<!\w){re.escape(w)}(?!\w)") for w in words if w]
    pats.append(re.compile(rf"(?<![\w-]){re.escape(slug)}(?![\w-])"))
    label = card_label(slug, family)
    if label and label not in words:
        # a label with a suit glyph (`Q♥`) cannot be part of another card's name: found anywhere
        pats.append(re.compile(re.escape(label)))
    return tuple(pats)


def leaked(text: str, slugs: Iterable[str], family: str = "decktet") -> list[str]:
    """The cards of `slugs` (of `family`) that are named somewhere in `text`."""
    return [slug for slug in slugs if named(text, slug, family)]


class HiddenHands:
    """The privacy checks of a match with several humans, as hooks for play_until: under a
    curtain no human's secret cards (hand_cards) are on any screen of the stack; on a human's
    turn their own hand IS found (a detector that finds nothing is broken) and no other human's
    secret cards are. `curtains` and `turns` count the checks made."""

    def __init__(self, app: DeckTableApp, humans: Iterable[int] = (0, 1)) -> None:
        self.app = app
        self.match = table(app).match
        self.family = family_of(self.match)
        self.humans = tuple(humans)
        self.curtains = 0
        self.turns = 0

    def on_curtain(self) -> None:
        self.curtains += 1
        text = all_widget_text(self.app)
        for seat in self.humans:
            leak = leaked(text, hand_cards(self.match, seat), self.family)
            assert not leak, f"seat {seat}'s cards {leak} under the curtain"

    def on_turn(self, obs: Observation) -> None:
        self.turns += 1
        text = all_widget_text(self.app)
        mine = hand_cards(self.match, obs.seat, f"hand{obs.seat}")
        assert leaked(text, mine, self.family) == mine, "the detector must see the player's own hand"
        for other in self.humans:
            if other != obs.seat:
                leak = leaked(text, hand_cards(self.match, other), self.family)
                assert not leak, f"seat {other}'s cards {leak} show during seat {obs.seat}'s {obs.phase}"


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
    Curtains are lifted with Enter (after `on_curtain` has looked at the screen); a hand's
    summary and a move's outcome are closed with Enter."""
    await settle(pilot)
    match = table(app).match
    played: list[ActionView] = []
    for _ in range(limit):
        if done(match):
            return played
        # the end of a hand, and a move's outcome before a curtain, wait for a key
        if isinstance(app.screen, (HandSummaryScreen, OutcomeScreen)):
            await press(pilot, "enter")
            continue
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
    "all_widget_text", "family_of", "hand_cards", "card_patterns", "named", "leaked", "HiddenHands", "seeded_picker",
    "lift_curtain", "play_until",
    "game_over", "hands_scored", "log_lines", "text_without_buttons",
]
