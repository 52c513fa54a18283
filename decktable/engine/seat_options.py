"""Seat options at the edges: a person counts seats from 1, the API from 0.

An option that names a seat (who deals first, a team's captain) is marked in its game's Options
model with `json_schema_extra={"seat": True}`. In Python (`game.new(..., first_dealer=0)`),
in saves and in every state a seat is 0-based, like every seat of the API. Where a person types
or reads one — the setup form and `decktable play --option first_dealer=1` — it counts from 1,
and is converted here, with the range checked in the person's numbers.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from decktable.engine.errors import BadOptions


def is_seat_field(field: Any) -> bool:
    extra = getattr(field, "json_schema_extra", None)
    return isinstance(extra, dict) and bool(extra.get("seat"))


def seat_fields(options: type[BaseModel]) -> list[str]:
    """The names of the options of a model that name a seat."""
    return [name for name, f in options.model_fields.items() if is_seat_field(f)]


def from_user(options: type[BaseModel], values: dict[str, Any], players: int | None = None,
              game_name: str = "this game") -> dict[str, Any]:
    """`values` with every seat option typed by a person (1 = the first seat) turned into the
    API's seat (0-based); BadOptions in the person's numbers when a seat is not at the table."""
    out = dict(values)
    for name in seat_fields(options):
        value = out.get(name)
        if value is None:
            continue
        if type(value) is not int:
            raise BadOptions(f"Bad options for {game_name}: {name} must be a seat number counted from 1, not {value!r}.")
        top = players if players is not None else None
        if value < 1 or (top is not None and value > top):
            seats = f"1 to {top}" if top is not None else "1 or more"
            raise BadOptions(f"Bad options for {game_name}: {name} is seat {value}, but the seats are {seats} "
                             "(counted from 1).")
        out[name] = value - 1
    return out


def to_user(options: type[BaseModel], values: dict[str, Any]) -> dict[str, Any]:
    """The reverse of `from_user`: API values shown to a person (seat 0 -> 1)."""
    out = dict(values)
    for name in seat_fields(options):
        if type(out.get(name)) is int:
            out[name] = out[name] + 1
    return out
