"""Chicago played by keys: one human against two bots through a whole one-hand game (max_hands 1)
to the results screen — discards of several cards marked in the hand, showdown buttons, tricks —
and two humans whose hands (and face-down discards) never show under the curtain or during the
other's turn, through draws, showdowns and tricks.

play_helpers' card patterns know the Decktet only, so the French patterns are built here from the
glyph functions the screen uses (as in test_play_bura.py).
"""

from __future__ import annotations

import random
import re
import sys
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import all_widget_text, game_over, log_lines, play_until  # noqa: E402
from table_driver import SIZE, make_app, screen_text, settle, table  # noqa: E402

from decktable.cards.french import FRENCH  # noqa: E402
from decktable.session.match import Match  # noqa: E402
from decktable.engine.models import ActionView, Observation  # noqa: E402
from decktable.ui.glyphs import card_label, card_name  # noqa: E402
from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.trick_table import TrickTableScreen  # noqa: E402

ONE_HAND = {"max_hands": 1}


@lru_cache(maxsize=None)
def patterns(slug: str) -> tuple[re.Pattern[str], ...]:
    """Ways a French card could be named on screen: slug, full name, glyph label."""
    c = FRENCH.find(slug)
    assert c is not None
    words = {slug, c.name, card_name(slug, "french"), card_label(slug, "french")}
    if slug == "as":  # the Ace of Spades' slug is also an English word: its names are searched
        words.discard(slug)
    return tuple(re.compile(rf"(?<![\w-]){re.escape(w)}(?![\w-])") for w in words if w)


def shown(text: str, slugs: list[str]) -> list[str]:
    return [s for s in slugs if any(p.search(text) for p in patterns(s))]


def secret_from(match: Match, seat: int) -> list[str]:
    """Cards `seat` may not know now (other hands, the stock, the face-down discards), less any
    the public log has named (a hand shown before it was broken up, cards played)."""
    hidden = [c for z in match.game.zones(match.state) if not z.vis.sees(z.owner, seat) for c in z.cards]
    said = "\n".join(log_lines(match))
    slugs = [FRENCH[c].slug for c in hidden]
    return [s for s in slugs if not any(p.search(said) for p in patterns(s))]


def own_secret(match: Match, seat: int) -> list[str]:
    """The seat's own hand, less cards the log has named."""
    obs = match.game.observe(match.state, seat)
    said = "\n".join(log_lines(match))
    return [c for c in obs.zone(f"hand{seat}").cards if not any(p.search(said) for p in patterns(c))]


def picker(seed: int):
    """Random legal moves, favouring discards of several cards (to mark them by keys) and
    declaring whenever it is allowed."""
    rng = random.Random(seed)

    def pick(obs: Observation) -> ActionView:
        legal = list(obs.legal)
        declare = [a for a in legal if a.text == "declare"]
        if declare:
            return declare[0]
        multi = [a for a in legal if a.text.startswith("discard") and len(a.cards) in (2, 3)]
        if multi and rng.random() < 0.6:
            return rng.choice(multi)
        return rng.choice(legal)

    return pick


async def test_chicago_game_by_keys() -> None:
    app = make_app("chicago", "Ann,bot,bot", seed=11, options=ONE_HAND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TrickTableScreen)
        match = table(app).match
        played = await play_until(pilot, app, picker(1), game_over)
        verbs = {a.text.split()[0] for a in played}
        assert "play" in verbs
        assert verbs & {"declare", "pass"}
        assert any(a.text.startswith("discard") and len(a.cards) > 1 for a in played), "no marked discard"
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert "Ann" in text
        assert any(t.startswith("Ann discards") or t.startswith("Ann keeps") for t in log_lines(match))


async def test_chicago_two_humans_keep_secrets() -> None:
    app = make_app("chicago", "Ann,Bea", seed=5, options=ONE_HAND)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        checks = {"curtain": 0, "draw": 0, "showdown": 0, "play": 0}

        def on_curtain() -> None:
            checks["curtain"] += 1
            text = all_widget_text(app)
            for seat in (0, 1):
                assert not shown(text, own_secret(match, seat)), f"seat {seat}'s hand under the curtain"
            assert "you hold" not in text.lower()  # a showdown prompt names the viewer's class

        def on_turn(obs: Observation) -> None:
            checks[obs.phase] = checks.get(obs.phase, 0) + 1
            text = all_widget_text(app)
            leak = shown(text, secret_from(match, obs.seat))
            assert not leak, f"{leak} shows on {match.seats[obs.seat].name}'s screen in {obs.phase}"

        await play_until(pilot, app, picker(2), game_over, on_curtain=on_curtain, on_turn=on_turn)
        assert checks["curtain"] >= 4
        assert checks["draw"] >= 4 and checks["showdown"] >= 4 and checks["play"] >= 4
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)


async def test_chicago_showing_a_hand_by_keys() -> None:
    """The winner of a showdown breaks up the pair: Show (a button), then a marked discard of two
    cards; the shown hand is on the other human's screen until the discard takes it back."""
    from decktable.ui.screens.curtain import CurtainScreen
    from table_driver import play, press, viewer_obs

    junk = ["2h", "4d", "6c", "8h", "9d"]
    ann = ["kh", "kd", "3c", "5s", "9c"]
    first = [ann[k // 2] if k % 2 == 0 else junk[k // 2] for k in range(10)]
    deck = first + ["2c", "2d"] + [c.slug for c in FRENCH if c.slug not in first + ["2c", "2d"]]
    app = make_app("chicago", "Ann,Bea", seed=11, options={"max_hands": 1, "first_dealer": 1}, deck=deck)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        for want in ("stand", "stand", "declare", "pass", "show", "discard kh 3c"):
            if isinstance(app.screen, CurtainScreen):
                await press(pilot, "enter")
            obs = viewer_obs(app)
            if want == "discard kh 3c":
                # Ann acts twice in a row (show, then discard): the shown hand is public, in
                # Bea's view too, and the log names it
                seen = match.game.observe(match.state, 1).zone("shown0")
                assert sorted(seen.cards) == sorted(ann)
                assert "King of Hearts" in "\n".join(log_lines(match))
            action = next(a for a in obs.legal if a.text == want)
            await play(pilot, app, action)
            await settle(pilot)
        assert [e.action for e in match.log] == ["stand", "stand", "declare", "pass", "show", "discard kh 3c"]
        assert match.game.observe(match.state, 1).zone("shown0").cards == []
        if isinstance(app.screen, CurtainScreen):
            await press(pilot, "enter")
        obs = viewer_obs(app)
        assert obs.seat == 1
        # the kept cards went back into Ann's private hand with the two new ones
        assert sorted(match.game.observe(match.state, 0).zone("hand0").cards) == sorted(["kd", "5s", "9c", "2c", "2d"])
