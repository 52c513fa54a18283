"""Shared fixtures: every test gets its own DECKTABLE_HOME (saves and history in a temp dir), and
UI/CLI tests can swap the registry for a fixed set of games (`fixed_games`), so that their
expectations and snapshots do not move while games are added.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator, Literal

import pytest
from pydantic import BaseModel, Field

from decktable.cards.decktet import BASIC_IDS, DECKTET, SUITS
from decktable.engine import registry
from decktable.engine.actions import Action, Grammar
from decktable.engine.game import Event, Game, State, Vis, Zone
from decktable.engine.models import GameInfo, ResultView
from decktable.engine.rng import Rng


@pytest.fixture(autouse=True)
def decktable_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Saves, the autosave and the history database live in this test's temp dir."""
    home = tmp_path / "decktable-home"
    monkeypatch.setenv("DECKTABLE_HOME", str(home))
    monkeypatch.setenv("DECKTABLE_CONFIG", str(tmp_path / "decktable-config"))  # preferences
    monkeypatch.delenv("DECKTABLE_CARDS", raising=False)
    from decktable.store import history

    monkeypatch.setattr(history, "_notices", [])  # the history's notices are the process's: none left over
    monkeypatch.setattr(history, "_told_unwritable", False)
    yield home
    from decktable.store import savelock

    savelock.release_all()  # the save locks this test's matches took (a process keeps them)


# -- a tiny game for UI and CLI tests --------------------------------------------------------------


class CountUpOptions(BaseModel):
    draws: int = Field(2, ge=1, le=9, description="How many cards each player draws before the game ends.")
    lowball: bool = Field(False, description="The lowest total wins instead of the highest.")
    pace: Literal["calm", "brisk"] = Field("calm", description="A choice that changes nothing, to test forms.")
    first: int | None = Field(None, ge=0, le=3, description="Seat that draws first; blank = seat 0.")


class CountUpState(State):
    __slots__ = ("deck", "hands", "turn")

    deck: list[int]
    hands: list[list[int]]
    turn: int


class CountUp(Game):
    """Each player in turn draws the top card; after `draws` each, the highest ranks total wins."""

    info = GameInfo(
        id="countup",
        name="Count Up",
        family="decktet",
        min_players=1,
        max_players=4,
        layout="tableau",
        summary="A test game: draw cards in turn; the highest total wins.",
        hidden_information=True,
    )
    Options = CountUpOptions
    catalogue = DECKTET
    grammar = Grammar({"draw": ()}, DECKTET, SUITS)

    def setup(self, names: list[str], rng: Rng, options: BaseModel, deck: list[int] | None) -> State:
        s = CountUpState(names, rng, options)
        s.deck = self.stacked(list(BASIC_IDS), deck, rng)
        s.hands = [[] for _ in names]
        s.turn = (options.first or 0) % len(names)
        return s

    def to_act(self, state: State) -> tuple[int, ...]:
        return (state.turn,)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return [Action("draw")] if seat == state.turn and not state.over else []

    def play(self, state: State, seat: int, action: Action, events: list[Event] | None) -> None:
        state.hands[seat].append(state.deck.pop(0))
        if events is not None:
            events.append(Event(f"{state.names[seat]} draws a card.", seat=seat))
        state.scores[seat] = sum(DECKTET[c].rank or 0 for c in state.hands[seat])
        state.turn = (state.turn + 1) % state.players
        if all(len(h) >= state.options.draws for h in state.hands):
            state.over = True

    def zones(self, state: State) -> list[Zone]:
        out = [Zone("deck", state.deck, Vis.NOBODY, kind="pile")]
        out += [Zone(f"hand{i}", h, Vis.OWNER, owner=i, kind="hand") for i, h in enumerate(state.hands)]
        return out

    def final(self, state: State) -> ResultView:
        sign = -1 if state.options.lowball else 1
        best = max(sign * s for s in state.scores)
        placings = [1 if sign * s == best else 2 for s in state.scores]
        return ResultView(scores=list(state.scores), placings=placings, summary="Counted.")


COUNT_UP = CountUp()

FIXED_INFOS: list[GameInfo] = [
    COUNT_UP.info,
    GameInfo(id="fake_board", name="Grid Builder", family="decktet", min_players=2, max_players=3,
             layout="board", summary="Lay cards on a six-by-six grid and claim districts."),
    GameInfo(id="fake_solo", name="Patience", family="decktet", min_players=1, max_players=1,
             layout="tableau", summary="A solitaire of rows and runs.", hidden_information=False, solo=True),
    GameInfo(id="fake_tarot", name="Tarock Lite", family="tarot", min_players=3, max_players=4,
             layout="trick", summary="Tricks with trumps from the tarot's major arcana."),
    GameInfo(id="fake_french", name="Whist Plain", family="french", min_players=4, max_players=4,
             layout="trick", summary="Partners take tricks with a trump suit."),
]


@pytest.fixture
def fixed_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, GameInfo]]:
    """Replace the registry with FIXED_INFOS; only "countup" can actually be played."""
    infos = {i.id: i for i in FIXED_INFOS}

    def load(game_id: str) -> Any:
        if game_id == "countup":
            return COUNT_UP
        raise ImportError(f"{game_id} has no rules in the test registry")

    monkeypatch.setattr(registry, "_infos", lambda: dict(infos))
    monkeypatch.setattr(registry, "_load", load)
    yield infos
