"""Typed errors. Every one is a ValueError under DeckTableError and quotes what it refused."""

from __future__ import annotations


class DeckTableError(ValueError):
    """Base of every error the table raises on bad input."""


class MalformedAction(DeckTableError):
    """The text is not an action of this game's notation."""

    def __init__(self, text: str, why: str) -> None:
        self.text = text
        self.why = why
        super().__init__(f"{text!r} is not a move: {why}")


class IllegalMove(DeckTableError):
    """A well-formed action that the rules forbid right now."""

    def __init__(self, action: object, why: str) -> None:
        self.action = action
        self.why = why
        super().__init__(f"{action} is not allowed: {why}")


class NotYourTurn(DeckTableError):
    """A seat tried to act while it is not among the seats to act."""

    def __init__(self, seat: int, name: str | None = None) -> None:
        self.seat = seat
        who = name or f"seat {seat}"
        super().__init__(f"It is not {who}'s turn.")


class GameOver(DeckTableError):
    """An action was sent to a finished game."""

    def __init__(self) -> None:
        super().__init__("The game is over; no more moves can be made.")


class BadOptions(DeckTableError):
    """Options or player counts that the game does not accept."""


class UnknownGame(DeckTableError):
    """No game of that id or name is registered."""

    def __init__(self, name: str, known: list[str] | None = None) -> None:
        self.name = name
        hint = f" Known games: {', '.join(known)}." if known else ""
        super().__init__(f"No game called {name!r}.{hint}")


class SaveError(DeckTableError):
    """A save file that cannot be loaded; the message says what is wrong with it."""


class SaveInUse(SaveError):
    """A save another window is playing now (its lock is held): nothing is wrong with the file."""
