"""Pydantic models at the edges: game facts, observations and results.

States are plain slotted classes (speed); these models are what leaves the engine: what a seat
may know (its JSON is exactly that), what the lobby lists, what the results screen shows.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Layout(str, Enum):
    TRICK = "trick"
    BOARD = "board"
    TABLEAU = "tableau"


class GameInfo(BaseModel):
    """What the lobby and the registry know of a game without importing its rules."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    family: str  # decktet / french / tarot
    min_players: int
    max_players: int
    layout: Layout
    summary: str
    hidden_information: bool = True
    simultaneous: bool = False
    solo: bool = False
    source: str = ""
    rules_version: int = 1
    best: str = "high"  # which end of a score is best: "high", or "low" (Head Solitaire)
    #: what one row of the score sheet is called: "Hand", "Round", "Year", "Deal"
    sheet_row: str = "Hand"

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    @property
    def players_text(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}–{self.max_players}"

    @property
    def players_phrase(self) -> str:
        """"1 player", "2 players", "2–4 players"."""
        return f"{self.players_text} player{'s' if self.max_players > 1 else ''}"


class ZoneView(BaseModel):
    """A zone as one seat sees it: its cards when visible, else only how many."""

    name: str
    label: str
    owner: int | None = None
    visible: bool = True
    cards: list[str] = Field(default_factory=list)  # slugs, in order; empty when not visible
    count: int = 0
    kind: str = "row"  # row / hand / pile / fan — a drawing hint
    tricks: int | None = None  # a pile of won tricks: how many tricks (shown in tricks, not cards)
    top_first: bool = False  # a pile listed top card first (a face-up draw pile): its first cards matter


class CellView(BaseModel):
    card: str | None = None
    tokens: list[int] = Field(default_factory=list)  # seats with a token here
    note: str = ""


class BoardView(BaseModel):
    """A grid as everyone sees it. Cells are keyed by notation (c4)."""

    cols: list[str]  # column names, left to right
    rows: list[str]  # row names, top to bottom
    cells: dict[str, CellView] = Field(default_factory=dict)
    groups: dict[str, list[list[str]]] = Field(default_factory=dict)  # e.g. districts by suit
    note: str = ""


class TrickPlay(BaseModel):
    seat: int
    card: str
    note: str = ""


class TrickView(BaseModel):
    leader: int | None = None
    plays: list[TrickPlay] = Field(default_factory=list)
    note: str = ""  # e.g. "Suns named" or "TRUMP led"
    last: list[TrickPlay] = Field(default_factory=list)  # the previous trick, for a glance back
    last_winner: int | None = None
    #: tricks have been played but the previous one is turned face down by the rules (no look
    #: back, e.g. Schnapsen, Bura): the table says so instead of "No trick played yet"
    last_hidden: bool = False
    #: tricks have been played but the previous one has left the table (picked up into a hand):
    #: what the table says instead of "No trick played yet"
    last_gone: str = ""


class ActionView(BaseModel):
    """A legal action, with what it touches so the UI can offer it on the right card or cell."""

    text: str
    label: str
    card: str | None = None  # the first card the action names
    cell: str | None = None
    #: every card the action names, in order (`lead 7h 9h` -> ["7h", "9h"]): a play of several
    #: cards is chosen in the hand by marking exactly these
    cards: list[str] = Field(default_factory=list)


class SeatView(BaseModel):
    """Public facts about one seat: name, score, and game lines such as bid or tricks won."""

    seat: int
    name: str
    score: int | float = 0
    facts: dict[str, str] = Field(default_factory=dict)


class ResultView(BaseModel):
    scores: list[int | float]
    placings: list[int]  # 1 = first; equal numbers are ties
    summary: str
    details: list[str] = Field(default_factory=list)

    @property
    def winners(self) -> list[int]:
        return [i for i, p in enumerate(self.placings) if p == 1]


class Observation(BaseModel):
    """Everything one seat (or a spectator, seat None) may know, and nothing else."""

    game: str
    seat: int | None
    phase: str
    #: the phase in players' words ("Special lead?", "Hand over"), from the game's phase_words;
    #: "" where the table shows no phase line
    phase_label: str = ""
    to_act: list[int]
    prompt: str = ""  # what the seat to act is asked to do, in words
    seats: list[SeatView]
    zones: list[ZoneView] = Field(default_factory=list)
    board: BoardView | None = None
    trick: TrickView | None = None
    status: dict[str, str] = Field(default_factory=dict)  # "Trump": "Wyrms", "Deck": "12 cards"
    legal: list[ActionView] = Field(default_factory=list)
    score_sheet: list[list[int | float]] = Field(default_factory=list)  # one row per hand
    #: the number of the sheet's first row: 1, or where a game began part way (King's practice
    #: from hand 7), so that "Hand 7 is over" and the sheet's rows say the hand it was
    sheet_first: int = 1
    over: bool = False
    result: ResultView | None = None
    extra: dict[str, Any] = Field(default_factory=dict)
    #: cards this game makes special now, among the cards this seat sees: slug -> a short reason
    #: ("trump", "Personality: trump", "penalty"); the hand marks them (Game.card_mark)
    card_marks: dict[str, str] = Field(default_factory=dict)
    #: the public outcome of the last move, in words, for the person who made it to see before
    #: the table passes to another (Toepen's challenge turned up); '' when there is none
    outcome: str = ""
    #: cards already chosen for a move still being made (an Adaman payment, a meld being
    #: built), among the cards this seat sees; the table marks them as chosen (✓)
    chosen: list[str] = Field(default_factory=list)
    #: the choice now changes the score and no option is safe to take by reflex (Schnapsen's
    #: question after the last trick: claim 66 or take 1 point): the table starts the keyboard on
    #: none of the options, so Enter alone chooses nothing; each option's label says what it scores
    no_default: bool = False
    #: the action the keyboard starts on where the game knows the one to offer first (Envite: the
    #: signal that is true of the seat's own hand); None: the table's usual start (Pass where
    #: passing is a choice, else the first option)
    start_on: str | None = None
    #: the game's ranks from high to low, in the catalogue's rank numbers, where they differ from
    #: the catalogue's (Polignac: K Q J A 10 9 8 7 is [13, 12, 11, 14, 10, 9, 8, 7]); sorting a
    #: hand "by rank" follows it. Empty: the catalogue's order
    rank_order: list[int] = Field(default_factory=list)

    def zone(self, name: str) -> ZoneView | None:
        for z in self.zones:
            if z.name == name:
                return z
        return None
