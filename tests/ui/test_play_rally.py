"""Rally played by keys: a one-hand game against three bots to the results screen; and four humans
at one keyboard on a stacked deal where Ann props and rallies the Fire King held by Cat. Every turn
comes behind a hand-off curtain, no other seat's cards show, and the secret partner's part shows
on Cat's screen only until the King is played. The dealer's three-card discard is marked card by
card in the hand (the CARDS selection).

play_helpers' card patterns know the Decktet only, so the tarot patterns are built here from the
same glyph functions the screen uses."""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from play_helpers import all_widget_text, game_over, log_lines, play_until, seeded_picker  # noqa: E402
from table_driver import SIZE, make_app, screen_text, settle, table  # noqa: E402

from decktable.cards.tarot import TAROT  # noqa: E402
from decktable.session.match import Match  # noqa: E402
from decktable.engine.models import ActionView, Observation  # noqa: E402
from decktable.ui.glyphs import card_label, card_name  # noqa: E402
from decktable.ui.screens.curtain import CurtainScreen  # noqa: E402
from decktable.ui.screens.results import ResultsScreen  # noqa: E402
from decktable.ui.screens.trick_table import TrickTableScreen  # noqa: E402

ALL = [c.slug for c in TAROT]
ANN = ["ke", "kw", "t21", "5f", "6f", "7a", "6a", "5a", "4a", "t2", "t3", "t4", "5e", "6e", "5w"]
LOW = ["7e", "8e", "9e", "10e", "7w", "8w", "9w", "10w", "7f", "8f", "9f", "10f", "3a", "2a"]


def deal() -> list[str]:
    """Ann as in the help's example; Cat holds the Fire King; Dan (dealer) gets low cards."""
    hands = {0: ANN, 2: ["kf"], 3: LOW + ["jf"]}
    given = {c for h in hands.values() for c in h}
    rest = [c for c in ALL if c not in given]
    full = {s: list(hands.get(s, [])) for s in range(4)}
    for s in range(4):
        while len(full[s]) < 15:
            full[s].append(rest.pop(0))
    stock = [rest.pop(0) for _ in range(3)]
    out: list[str] = []
    for p in range(2):
        for s in range(4):
            out += full[s][p * 5 : p * 5 + 5]
    out += stock
    for s in range(4):
        out += full[s][10:15]
    assert sorted(out) == sorted(ALL)
    return out


@lru_cache(maxsize=None)
def patterns(slug: str) -> tuple[re.Pattern[str], ...]:
    """Ways a tarot card could be named on screen: slug, full name, short name, glyph label."""
    c = TAROT.find(slug)
    assert c is not None
    words = {slug, c.name, card_name(slug, "tarot"), card_label(slug, "tarot")}
    return tuple(re.compile(rf"(?<![\w-]){re.escape(w)}(?![\w-])") for w in words if len(w) >= 2)


def secret_cards(match: Match, seat: int) -> list[str]:
    """Cards only `seat` may know now (hand, own discards), less any the log has named."""
    mine = match.game.observe(match.state, seat)
    public = {z.name for z in match.game.observe(match.state, None).zones if z.visible}
    said = "\n".join(log_lines(match))
    return [c for z in mine.zones if z.visible and z.name not in public for c in z.cards
            if not any(p.search(said) for p in patterns(c))]


def shown(text: str, slugs: list[str]) -> list[str]:
    return [s for s in slugs if any(p.search(text) for p in patterns(s))]


async def test_rally_game_by_keys() -> None:
    app = make_app("rally", "Ann,bot,bot,bot", seed=11, options={"hands": 1})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(table(app), TrickTableScreen)
        match = table(app).match
        played = await play_until(pilot, app, seeded_picker(2, prefer=("hold", "prop", "rally"),
                                                            avoid=("pay", "throw", "take")), game_over)
        verbs = {a.text.split()[0] for a in played}
        assert "hold" in verbs and ("play" in verbs or "pass" in verbs)
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        assert "Ann" in screen_text(app)
        assert len(match.state.sheet) == 1 and sum(match.state.sheet[0]) == 0


async def test_rally_four_humans_secret_partner_behind_the_curtain() -> None:
    app = make_app("rally", "Ann,Bob,Cat,Dan", seed=5, options={"hands": 1}, deck=deal())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = table(app).match
        game = match.game
        checks = {"curtain": 0, "turn": 0, "holder_told": 0, "others_checked": 0, "discard_marked": 0}
        last = {"seat": None, "curtains": 0}

        def partner_secret() -> bool:
            st = match.state
            return st.rallied >= 0 and st.partner < 0  # the test may look at the true state

        def on_curtain() -> None:
            checks["curtain"] += 1
            assert isinstance(app.screen, CurtainScreen)
            text = all_widget_text(app)
            for seat in range(4):
                leak = shown(text, secret_cards(match, seat))
                assert not leak, f"seat {seat}'s cards {leak} under the curtain"
            assert "you hold the Fire King" not in text and "Your part" not in text

        def on_turn(obs: Observation) -> None:
            checks["turn"] += 1
            if last["seat"] is not None and last["seat"] != obs.seat:
                assert checks["curtain"] > last["curtains"], f"no curtain before seat {obs.seat}'s {obs.phase}"
            last["seat"], last["curtains"] = obs.seat, checks["curtain"]
            text = all_widget_text(app)
            for other in range(4):
                if other == obs.seat:
                    continue
                leak = shown(text, secret_cards(match, other))
                assert not leak, f"seat {other}'s cards {leak} show during seat {obs.seat}'s {obs.phase}"
            if partner_secret():
                holder = game.holder(match.state)
                if obs.seat == holder:
                    assert "you hold the Fire King" in text
                    checks["holder_told"] += 1
                else:
                    assert "you hold the Fire King" not in text and "Your part" not in text
                    checks["others_checked"] += 1

        base = seeded_picker(9, prefer=("hold", "prop", "rally"), avoid=("solo", "cop", "pay", "throw", "take"))

        def pick(obs: Observation) -> ActionView:
            a = base(obs)
            if a.text.startswith("discard"):
                checks["discard_marked"] += 1
            return a

        await play_until(pilot, app, pick, game_over, limit=200, on_curtain=on_curtain, on_turn=on_turn)
        assert checks["discard_marked"] == 1
        assert checks["holder_told"] >= 1 and checks["others_checked"] >= 3
        assert checks["curtain"] >= 20
        texts = log_lines(match)
        assert "Ann rallies the Fire King: whoever holds it is Ann's secret partner." in texts
        assert any(t.endswith("the rallied card: Cat is Ann's partner.") for t in texts)
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
