"""What crosses the wire between a shared table's host and its devices (pydantic, at the edge).

A device sends `Act` (an action in the game's notation, with `at`, the number of moves it had
seen when it chose: a stale or doubled move is refused and changes nothing) or `Ping`. The host
sends `Welcome` once per connection, then `Table` after every change: the connection's own
observation (`observe(state, seat)`, or the spectator's for the table view) and the public events
since the last `Table` it sent. `Refused` answers a move the engine (or the clock) refused, in a
sentence; `Replaced` tells an older device that a newer one took its seat; `Problem` answers a
message that is not one a device sends.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from decktable.engine.models import Observation

MAX_ACTION = 200  # characters in an action's notation: the longest real one is far shorter


class Act(BaseModel):
    model_config = ConfigDict(extra="forbid")

    type: Literal["act"]
    action: str = Field(min_length=1, max_length=MAX_ACTION)
    #: moves the device had seen when it chose (Table.at); None: no check (a typed command)
    at: int | None = Field(default=None, ge=0)


class Ping(BaseModel):
    model_config = ConfigDict(extra="forbid")

    type: Literal["ping"]


class AskHint(BaseModel):
    """A hint for the device's own seat, on its own turn, from its own view (as at the keyboard)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["hint"]
    at: int = Field(ge=0)  # the table the device is looking at: an answer for another is not sent


ClientMessage = Annotated[Union[Act, Ping, AskHint], Field(discriminator="type")]
CLIENT = TypeAdapter(ClientMessage)


class PublicEvent(BaseModel):
    """An event in the words everyone at the table may read (never its data)."""

    text: str
    kind: str = "info"
    seat: int | None = None


class Welcome(BaseModel):
    type: Literal["welcome"] = "welcome"
    role: Literal["seat", "table"]
    seat: int | None  # None: the public table view
    name: str  # the seat's name, or "Table"
    game: str  # the game's id
    game_name: str
    seats: list[str]  # every seat's name, in order
    bots: list[int]  # seats played by the host's bots
    levels: dict[int, str] = Field(default_factory=dict)  # each bot seat's level
    options: dict[str, Any] = Field(default_factory=dict)  # the game's options (public: the table's rules)


class Table(BaseModel):
    type: Literal["table"] = "table"
    at: int  # moves played so far: an Act chosen from this view carries it
    observation: Observation
    events: list[PublicEvent] = Field(default_factory=list)  # new since the last Table sent here
    #: the place of `events[0]` in the table's whole public log: a device that reconnects is sent
    #: the last few events again and keeps only those it has not had
    since: int = 0
    thinking: int | None = None  # a bot seat deciding now


class Refused(BaseModel):
    type: Literal["refused"] = "refused"
    action: str
    reason: str  # the engine's sentence (or why a stale move is refused)


class Replaced(BaseModel):
    type: Literal["replaced"] = "replaced"
    reason: str


class Problem(BaseModel):
    type: Literal["problem"] = "problem"
    reason: str


class HintReply(BaseModel):
    """The strong search's move for the asking seat (decktable/bots/hints.py's HintAnswer: the
    move, the public events every re-deal of what the seat cannot see agreed on, its rating)."""

    type: Literal["hint"] = "hint"
    at: int
    answer: dict[str, Any]


class Pong(BaseModel):
    type: Literal["pong"] = "pong"
